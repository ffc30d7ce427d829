/** What the `instance` commands do (declared in ./instance.ts). */
import type { App } from '../app.js';
import { hasInstanceFilters, instanceFilterQuery, type InstanceFilters } from '../bulk/instance-filters.js';
import { suspensionOperation } from '../bulk/operations/suspension.js';
import { processInstanceKind } from '../bulk/process-instance-kind.js';
import { engineClient } from '../connection.js';
import { UsageError } from '../exit-codes.js';
import { instanceListView } from '../render/instance.js';
import { bulkRequest } from './bulk-flags.js';
import { runBulkCommand } from './bulk-host.js';
import type { InstanceBulkFlags, InstanceFilterFlags, InstanceListFlags } from './instance-flags.js';
import { listWithLimit } from './listing.js';
import { paging, wholeNumber } from './options.js';

function filtersOf(flags: InstanceFilterFlags): InstanceFilters {
  if (flags.version !== undefined && flags.key === undefined) throw new UsageError('--version needs --key');
  if (flags.suspended && flags.active) throw new UsageError('--suspended and --active cannot be combined: an instance is one or the other');
  if (flags.incidentMessage !== undefined && flags.incidentMessage.trim() === '') throw new UsageError('--incident-message: give a part of the message');
  return {
    key: flags.key,
    version: wholeNumber(flags.version, '--version', 1),
    definitionId: flags.definitionId,
    activity: flags.activity,
    withIncident: flags.withIncident,
    incidentMessage: flags.incidentMessage,
    suspended: flags.suspended,
    active: flags.active,
  };
}

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
