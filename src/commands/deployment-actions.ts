/** What the `deployment` commands do (declared in ./deployment.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { createDeployment as deploy } from '../deployments/create.js';
import { deleteDeployment as remove } from '../deployments/delete.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import { deployedView, deploymentDryRunView, deploymentListView, deploymentView, dryRunData } from '../render/deployment.js';
import { missingTtlHint, modelCheckSummary, modelProblemsView } from '../render/model-problems.js';
import type { DEPLOYMENT_CREATE_FLAGS, DEPLOYMENT_DELETE_FLAGS, DEPLOYMENT_LIST_FLAGS } from './deployment-flags.js';
import { listWithLimit } from './listing.js';
import { paging, sorting } from './options.js';
import type { FlagsOf } from './spec.js';
import { plural } from '../util/text.js';

function nonEmpty(value: string | undefined, flag: string): string | undefined {
  if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} must not be empty`);
  return value;
}

export async function createDeployment(app: App, paths: string[], flags: FlagsOf<typeof DEPLOYMENT_CREATE_FLAGS>): Promise<void> {
  const name = nonEmpty(flags.name, '--name');
  const filtering = Boolean(flags.changedOnly || flags.filterDuplicates);
  // The engine compares with the deployments of the same name: without one it finds none and deploys every time.
  if (filtering && name === undefined)
    throw new UsageError(`${flags.changedOnly ? '--changed-only' : '--filter-duplicates'} compares with the deployments of a name: give --name`);
  const request = {
    paths,
    name,
    source: nonEmpty(flags.source, '--source'),
    tenantId: nonEmpty(flags.tenant, '--tenant'),
    duplicateFiltering: Boolean(flags.filterDuplicates),
    changedOnly: Boolean(flags.changedOnly),
    allowMissingTtl: Boolean(flags.allowMissing),
    dryRun: Boolean(flags.dryRun),
  };
  const client = request.dryRun ? undefined : await engineClient(app);
  const outcome = await deploy(client, request);
  const output = await app.output();
  if (outcome.status === 'problems') {
    await output.data(outcome.report.problems, modelProblemsView);
    output.info(modelCheckSummary(outcome.report));
    const hint = missingTtlHint(outcome.report.problems);
    if (hint !== undefined) output.info(hint);
    output.info('nothing was sent');
    app.exitCode = ExitCode.ValidationFailed;
    return;
  }
  const warnings = outcome.report.problems;
  if (warnings.length > 0) output.warn(warnings.map((problem) => `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`).join('\n'));
  if (outcome.status === 'dry-run') {
    await output.data(dryRunData(outcome.fields, outcome.resources), deploymentDryRunView);
    output.info(`dry run: ${modelCheckSummary(outcome.report)}; ${outcome.resources.length} resources would be sent as one deployment, nothing was sent`);
    return;
  }
  await output.data(outcome.deployment, deployedView);
  const { deployment, definitions } = outcome;
  output.info(
    outcome.status === 'unchanged'
      ? `nothing changed: the files are those of deployment ${deployment.id} (${deployment.name ?? 'no name'}); nothing new was deployed`
      : `${request.changedOnly ? `deployed the changed files of ${plural(outcome.resources.length, 'file')}` : `deployed ${plural(outcome.resources.length, 'file')}`} as deployment ${deployment.id}: ${definitions.length === 0 ? 'no new definition' : definitions.map((row) => `${row.key} v${row.version ?? '?'}`).join(', ')}`,
  );
}

export async function listDeployments(app: App, flags: FlagsOf<typeof DEPLOYMENT_LIST_FLAGS>): Promise<void> {
  const page = paging(flags);
  const query = {
    name: flags.name,
    nameLike: flags.nameLike,
    source: flags.source,
    tenantIdIn: flags.tenant,
    // Oldest first unless told otherwise, as the help says: without sortBy the engine orders by id.
    ...sorting(flags.sortBy, flags.sortOrder, ['id', 'name', 'deploymentTime', 'tenantId'] as const, { field: 'deploymentTime', always: true }),
  };
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  await listWithLimit(await app.output(), {
    page,
    fetchPage: (first, max) => client.deployments.list(query, first, max),
    view: deploymentListView(client.http.sendsCredentials),
    noun: 'deployments',
    limit: client.http.queryLimit,
  });
}

export async function getDeployment(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  const deployment = await client.deployments.get(id);
  const resources = await client.deployments.resources(id);
  await (await app.output()).data({ ...deployment, resources }, deploymentView);
}

export async function deleteDeployment(app: App, id: string, flags: FlagsOf<typeof DEPLOYMENT_DELETE_FLAGS>): Promise<void> {
  const options = { cascade: Boolean(flags.cascade), skipCustomListeners: Boolean(flags.skipCustomListeners), skipIoMappings: Boolean(flags.skipIoMappings) };
  if (!options.cascade && (options.skipCustomListeners || options.skipIoMappings))
    throw new UsageError('--skip-custom-listeners and --skip-io-mappings apply to the instances --cascade deletes: give --cascade');
  const client = await engineClient(app);
  const outcome = await remove(client, id, options, (question) => app.confirm(question));
  (await app.output()).info(`deleted deployment ${id}${options.cascade ? ` with ${plural(outcome.instances, 'running process instance')}` : ''}`);
}
