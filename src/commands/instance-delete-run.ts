/**
 * What `instance delete` does (declared in ./instance-delete.ts): running instances, or with
 * --finished the history of finished ones, selected and changed by the bulk run of src/bulk/run.ts.
 */
import type { App } from '../app.js';
import { historicInstanceKind } from '../bulk/historic-instance-kind.js';
import { hasInstanceFilters, instanceFilterQuery, type InstanceFilters } from '../bulk/instance-filters.js';
import type { QueryBody } from '../bulk/object-kind.js';
import { deleteHistoricInstancesOperation } from '../bulk/operations/delete-historic-instances.js';
import { deleteInstancesOperation } from '../bulk/operations/delete-instances.js';
import { processInstanceKind } from '../bulk/process-instance-kind.js';
import type { EngineClient } from '../engine/client.js';
import { formatEngineDate, inEngineDateRange, parseDateInput } from '../engine/dates.js';
import { UsageError } from '../exit-codes.js';
import { bulkRequest } from './bulk-flags.js';
import { runBulkCommand } from './bulk-host.js';
import type { InstanceDeleteFlags } from './instance-delete-flags.js';
import { filtersOf } from './instance-filter-options.js';

const RUNTIME_ONLY = [
  ['--activity', 'activity'],
  ['--with-incident', 'withIncident'],
  ['--incident-message', 'incidentMessage'],
  ['--suspended', 'suspended'],
  ['--active', 'active'],
  ['--skip-custom-listeners', 'skipCustomListeners'],
  ['--skip-io-mappings', 'skipIoMappings'],
  ['--skip-subprocesses', 'skipSubprocesses'],
] as const;

export async function deleteInstances(app: App, flags: InstanceDeleteFlags): Promise<void> {
  checkReason(flags);
  if (flags.finished) return deleteFinished(app, flags);
  for (const flag of ['--finished-before', '--finished-after'] as const) {
    if (flags[flag === '--finished-before' ? 'finishedBefore' : 'finishedAfter'] !== undefined) throw new UsageError(`${flag} needs --finished`);
  }
  const filters = filtersOf(flags);
  const request = bulkRequest(flags, ['instance', 'delete'], hasInstanceFilters(filters));
  const options = {
    skipCustomListeners: Boolean(flags.skipCustomListeners),
    skipIoMappings: Boolean(flags.skipIoMappings),
    skipSubprocesses: Boolean(flags.skipSubprocesses),
  };
  await runBulkCommand(
    app,
    {
      command: 'camunda-admin instance delete',
      kind: processInstanceKind,
      operation: (client) => deleteInstancesOperation(client, { ...options, reason: flags.reason }),
      filters: (client) => instanceFilterQuery(client, filters),
    },
    request,
  );
}

/**
 * The engine's synchronous deletes (DELETE /process-instance/{id}, DELETE /history/process-instance/{id})
 * take no reason; only its batches record one. A canary goes synchronously, so it would have none.
 */
function checkReason(flags: InstanceDeleteFlags): void {
  if (flags.reason === undefined) return;
  if (flags.reason.trim() === '') throw new UsageError('--reason: give the text (an empty reason is none)');
  const hint = 'or record it with --annotation TEXT on the user operation log';
  if (!flags.async) throw new UsageError(`--reason needs --async: the engine's synchronous delete takes no reason, only its batch records one (${hint})`);
  if (flags.canary !== undefined)
    throw new UsageError(`--reason cannot be combined with --canary: the canary is deleted synchronously, which takes no reason (${hint})`);
}

async function deleteFinished(app: App, flags: InstanceDeleteFlags): Promise<void> {
  const refused = RUNTIME_ONLY.filter(([, field]) => flags[field] !== undefined && flags[field] !== false).map(([flag]) => flag);
  if (refused.length > 0) throw new UsageError(`${refused.join(', ')}: for running instances, not with --finished`);
  const filters = filtersOf(flags);
  const finishedBefore = dateFlag(flags.finishedBefore, '--finished-before');
  const finishedAfter = dateFlag(flags.finishedAfter, '--finished-after');
  if (finishedBefore && finishedAfter && finishedAfter >= finishedBefore)
    throw new UsageError('--finished-after must be before --finished-before: nothing would match');
  const dates = { finishedBefore, finishedAfter };
  const given = hasInstanceFilters(filters) || finishedBefore !== undefined || finishedAfter !== undefined;
  const request = bulkRequest(flags, ['instance', 'delete', 'finished'], given);
  await runBulkCommand(
    app,
    {
      command: 'camunda-admin instance delete --finished',
      kind: historicInstanceKind,
      operation: (client) => deleteHistoricInstancesOperation(client, { reason: flags.reason }),
      filters: (client) => finishedFilterQuery(client, filters, dates),
    },
    request,
  );
}

export function dateFlag(text: string | undefined, flag: string): Date | undefined {
  if (text === undefined) return undefined;
  const parsed = parseDateInput(text);
  if (!parsed)
    throw new UsageError(`${flag}: '${text}' is not a date (2026-01-31, 2026-01-31T10:00:00Z, 2026-01-31T10:00:00+02:00, or an age such as 30d or 12h)`);
  if (!inEngineDateRange(parsed)) throw new UsageError(`${flag}: '${text}' is outside the years 1 to 9999, which the engine's dates hold`);
  return parsed;
}

/** The definition filters as the runtime query has them (the historic query names them alike), and the end dates. */
export async function finishedFilterQuery(
  client: EngineClient,
  filters: InstanceFilters,
  dates: { finishedBefore: Date | undefined; finishedAfter: Date | undefined },
): Promise<{ query: QueryBody; parts: string[] } | undefined> {
  const definition = await instanceFilterQuery(client, filters);
  if (!definition && !dates.finishedBefore && !dates.finishedAfter) return undefined;
  const query: QueryBody = { ...definition?.query };
  const parts = [...(definition?.parts ?? [])];
  if (dates.finishedBefore) {
    query.finishedBefore = formatEngineDate(dates.finishedBefore);
    parts.push(`--finished-before ${query.finishedBefore}`);
  }
  if (dates.finishedAfter) {
    query.finishedAfter = formatEngineDate(dates.finishedAfter);
    parts.push(`--finished-after ${query.finishedAfter}`);
  }
  return { query, parts };
}
