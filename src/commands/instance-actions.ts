/** What the `instance` commands do (declared in ./instance.ts). */
import type { App } from '../app.js';
import { hasInstanceFilters, instanceFilterQuery } from '../bulk/instance-filters.js';
import { suspensionOperation } from '../bulk/operations/suspension.js';
import { processInstanceKind } from '../bulk/process-instance-kind.js';
import { engineClient } from '../connection.js';
import { instanceListView } from '../render/instance.js';
import { bulkRequest } from './bulk-flags.js';
import { runBulkCommand } from './bulk-host.js';
import { filtersOf } from './instance-filter-options.js';
import type { InstanceBulkFlags, InstanceListFlags } from './instance-flags.js';
import { listWithLimit } from './listing.js';
import { paging } from './options.js';

export async function listInstances(app: App, flags: InstanceListFlags): Promise<void> {
  const filters = filtersOf(flags);
  const page = paging(flags);
  const client = await engineClient(app, { bulk: flags.all === true });
  const query = (await instanceFilterQuery(client, filters))?.query ?? {};
  const output = await app.output();
  const fetchPage = (firstResult: number, maxResults: number) =>
    client.processInstances.query({ ...query, sorting: [{ sortBy: 'instanceId', sortOrder: 'asc' }] }, firstResult, maxResults);
  await listWithLimit(output, {
    page,
    fetchPage,
    view: flags.idsOnly ? idsOnlyView : instanceListView,
    noun: 'instances',
    limit: client.http.queryLimit,
  });
}

/** --ids-only: one id per line, nothing else, for --instances-file. */
const idsOnlyView = {
  empty: '',
  table: (rows: readonly { id: string }[]) => rows.map((row) => row.id).join('\n'),
};

function suspensionCommand(suspend: boolean) {
  return async (app: App, flags: InstanceBulkFlags): Promise<void> => {
    const filters = filtersOf(flags);
    const name = suspend ? 'suspend' : 'activate';
    const request = bulkRequest(flags, ['instance', name], hasInstanceFilters(filters));
    await runBulkCommand(
      app,
      {
        command: `camunda-admin instance ${name}`,
        kind: processInstanceKind,
        operation: (client) => suspensionOperation(client, suspend),
        filters: (client) => instanceFilterQuery(client, filters),
      },
      request,
    );
  };
}

export const suspendInstances = suspensionCommand(true);
export const activateInstances = suspensionCommand(false);

export { deleteInstances } from './instance-delete-run.js';
export { setInstanceVariables } from './instance-variables-run.js';
