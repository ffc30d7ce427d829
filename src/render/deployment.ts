/** Deployments as tables: what `deployment create` deployed (or would send), a list, one with its resources. */
import type { FormFields } from '../deployments/form.js';
import type { ResourceFile } from '../deployments/resources.js';
import { newDefinitions } from '../deployments/definitions.js';
import type { Deployment, DeploymentResource, DeploymentWithDefinitions } from '../engine/deployments.js';
import { noneFound } from './common.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { listView, renderFields, renderTable } from './table.js';

function deploymentFields(deployment: Deployment, style: Style): string {
  return renderFields(
    [
      ['Deployment', deployment.id],
      ['Name', deployment.name ?? null],
      ['Source', deployment.source ?? null],
      ['Tenant', deployment.tenantId ?? null],
      ['Deployed at', deployment.deploymentTime ?? null],
    ],
    style,
  );
}

/** The engine's answer to create: the deployment, then each definition it created with its version. */
export const deployedView: View<DeploymentWithDefinitions> = {
  table(deployment, style) {
    const rows = newDefinitions(deployment);
    const definitions =
      rows.length === 0
        ? 'no new definition'
        : renderTable(
            [
              { name: 'Kind', keepWords: true },
              { name: 'Key', whole: true },
              'Version',
              { name: 'Definition id', whole: true },
              { name: 'Resource', keepWords: true },
            ],
            rows.map((row) => [row.kind, row.key, row.version === null ? '' : String(row.version), row.id, row.resource ?? '']),
            style,
          );
    return `${deploymentFields(deployment, style)}\n\n${definitions}`;
  },
};

export interface DeploymentDryRun {
  dryRun: true;
  fields: FormFields;
  resources: { name: string; path: string; size: number }[];
}

export function dryRunData(fields: FormFields, resources: readonly ResourceFile[]): DeploymentDryRun {
  return { dryRun: true, fields, resources: resources.map(({ name, path, size }) => ({ name, path, size })) };
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const deploymentDryRunView: View<DeploymentDryRun> = {
  table({ resources }, style) {
    return renderTable(
      [{ name: 'Resource', keepWords: true }, { name: 'File', keepWords: true }, 'Size'],
      resources.map((resource) => [resource.name, resource.path, size(resource.size)]),
      style,
    );
  },
};

/** `asUser`: the requests carry credentials, so that the engine leaves out what the user may not read. */
export function deploymentListView(asUser: boolean) {
  return listView<Deployment>(
    [
      { name: 'Id', value: (deployment) => deployment.id, whole: true },
      { name: 'Name', value: (deployment) => deployment.name ?? null },
      { name: 'Source', value: (deployment) => deployment.source ?? null, keepWords: true },
      { name: 'Tenant', value: (deployment) => deployment.tenantId ?? null, whole: true },
      { name: 'Deployed at', value: (deployment) => deployment.deploymentTime ?? null, whole: true },
    ],
    noneFound('no deployments', asUser),
  );
}

export type DeploymentWithResources = Deployment & { resources: DeploymentResource[] };

export const deploymentView: View<DeploymentWithResources> = {
  table(deployment, style) {
    const resources =
      deployment.resources.length === 0
        ? 'no resources'
        : renderTable(
            [
              { name: 'Resource', keepWords: true },
              { name: 'Resource id', whole: true },
            ],
            deployment.resources.map((resource) => [resource.name, resource.id]),
            style,
          );
    return `${deploymentFields(deployment, style)}\n\n${resources}`;
  },
};
