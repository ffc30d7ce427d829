/**
 * `deployment create`: the files collected, checked offline (./check.ts), then sent as one
 * deployment. With duplicate filtering the engine answers an unchanged deployment with the latest
 * one of the name and no definitions; the latest one is read before, to tell that answer from a
 * new deployment without definitions (forms and scripts only). The engine's refusal of a model
 * (ParseException) is turned into one problem per line with the file's place (./refusal.ts).
 */
import type { EngineClient } from '../engine/client.js';
import type { DeploymentWithDefinitions } from '../engine/deployments.js';
import { deployedNoDefinition, newDefinitions, type NewDefinition } from './definitions.js';
import { sendChange } from '../exit.js';
import type { ModelCheckReport } from '../model-files/check.js';
import { checkDeploymentFiles } from './check.js';
import { deploymentForm, type FormFields } from './form.js';
import { engineRefusal } from './refusal.js';
import { deploymentResources, readResource, type ResourceFile } from './resources.js';

export interface DeploymentRequest extends FormFields {
  paths: readonly string[];
  allowMissingTtl: boolean;
  dryRun: boolean;
}

export type DeploymentOutcome =
  /** The files have problems: nothing was sent. */
  | { status: 'problems'; report: ModelCheckReport }
  /** --dry-run: what would be sent. */
  | { status: 'dry-run'; report: ModelCheckReport; resources: ResourceFile[]; fields: FormFields }
  | {
      status: 'deployed' | 'unchanged';
      report: ModelCheckReport;
      resources: ResourceFile[];
      deployment: DeploymentWithDefinitions;
      definitions: NewDefinition[];
    };

export async function createDeployment(client: EngineClient | undefined, request: DeploymentRequest): Promise<DeploymentOutcome> {
  const resources = await deploymentResources(request.paths);
  const report = await checkDeploymentFiles(resources, { allowMissingTtl: request.allowMissingTtl });
  if (report.problems.some((problem) => problem.severity === 'error')) return { status: 'problems', report };
  const fields: FormFields = {
    name: request.name,
    source: request.source,
    tenantId: request.tenantId,
    duplicateFiltering: request.duplicateFiltering,
    changedOnly: request.changedOnly,
  };
  if (request.dryRun || client === undefined) return { status: 'dry-run', report, resources, fields };

  const api = client.deployments;
  const filtering = request.duplicateFiltering || request.changedOnly;
  // DefaultDeploymentHandler.determineDuplicateDeployment answers with the latest deployment of the name.
  const latestBefore =
    filtering && request.name !== undefined ? (await api.list({ name: request.name, sortBy: 'deploymentTime', sortOrder: 'desc' }, 0, 1))[0] : undefined;
  const bytes = await Promise.all(resources.map(async (file) => ({ name: file.name, bytes: await readResource(file) })));
  const form = deploymentForm(fields, bytes);
  let deployment: DeploymentWithDefinitions;
  try {
    // A lost answer may have deployed: the deployments of the name show it (without one, the newest).
    const check =
      request.name === undefined
        ? ['deployment', 'list', '--sort-by', 'deploymentTime', '--sort-order', 'desc']
        : ['deployment', 'list', '--name', request.name];
    deployment = await sendChange(check, () => api.create(form));
  } catch (error) {
    throw engineRefusal(error, resources) ?? error;
  }
  const unchanged = filtering && deployedNoDefinition(deployment) && deployment.id === latestBefore?.id;
  return { status: unchanged ? 'unchanged' : 'deployed', report, resources, deployment, definitions: newDefinitions(deployment) };
}
