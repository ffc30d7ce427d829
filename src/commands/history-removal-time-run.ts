/**
 * What `history removal-time set` does (declared in ./history-removal-time.ts): finished process
 * instances selected and given a removal time by the bulk run of src/bulk/run.ts, with the operation
 * of src/bulk/operations/set-removal-time.ts.
 *
 * The engine sets removal times only in batches, so every run is made of batches: without --async or
 * --chunk-size one batch for the selection, followed to its end (as --async --wait), each instance
 * checked after; --chunk-size N one batch per N ids, each followed to its end before the next, with
 * a journal (--resume); --async one batch, the command ending when it is created unless --wait.
 * --wait-timeout and --interval pace the following in every mode.
 */
import type { App } from '../app.js';
import type { InstanceFilters } from '../bulk/instance-filters.js';
import { setRemovalTimeOperation } from '../bulk/operations/set-removal-time.js';
import type { EngineClient } from '../engine/client.js';
import { inEngineDateRange, parseDateInput } from '../engine/dates.js';
import { UsageError } from '../exit-codes.js';
import { MAX_UPDATE_CHUNK_SIZE, type RemovalTimeChange, type RemovalTimeMode } from '../history/removal-time.js';
import { removalTimeInstanceKind } from '../history/removal-time-kind.js';
import { DefinitionTtls } from '../history/removal-time-ttls.js';
import { bulkRequest } from './bulk-flags.js';
import { runBulkCommand } from './bulk-host.js';
import { followBatch } from './follow-batch.js';
import type { HistoryRemovalTimeSetFlags } from './history-removal-time-flags.js';
import { dateFlag, finishedFilterQuery } from './instance-delete-run.js';
import { wholeNumber } from './options.js';
import { parseFollowFlags } from './run-flags.js';

const COMMAND = ['history', 'removal-time', 'set'] as const;

export async function setRemovalTime(app: App, flags: HistoryRemovalTimeSetFlags): Promise<void> {
  const change = changeOf(flags);
  if (flags.version !== undefined && flags.key === undefined) throw new UsageError('--version needs --key');
  const filters: InstanceFilters = { key: flags.key, version: wholeNumber(flags.version, '--version', 1) };
  const finishedBefore = dateFlag(flags.finishedBefore, '--finished-before');
  const finishedAfter = dateFlag(flags.finishedAfter, '--finished-after');
  if (finishedBefore && finishedAfter && finishedAfter >= finishedBefore)
    throw new UsageError('--finished-after must be before --finished-before: nothing would match');
  const dates = { finishedBefore, finishedAfter };
  const given = flags.key !== undefined || finishedBefore !== undefined || finishedAfter !== undefined;

  // Batches are followed without --async too: --wait-timeout and --interval pace them, --wait says what happens anyway.
  const followsWithoutAsync = !flags.async;
  const follow = parseFollowFlags(followsWithoutAsync ? flags : {});
  const request = bulkRequest(followsWithoutAsync ? { ...flags, wait: undefined, waitTimeout: undefined, interval: undefined } : flags, COMMAND, given);
  if (followsWithoutAsync && request.chunkSize === undefined && !request.resume) {
    request.async = { wait: true, intervalMs: follow.intervalMs, waitTimeoutMs: follow.timeoutMs };
  }
  const asyncFollow = request.async ? { intervalMs: request.async.intervalMs, timeoutMs: request.async.waitTimeoutMs } : follow;

  // One lookup of the definitions' time-to-live per run, shared by the selection and the operation.
  const ttlsByClient = new WeakMap<EngineClient, DefinitionTtls>();
  const ttlsOf = (client: EngineClient) => {
    let ttls = ttlsByClient.get(client);
    if (!ttls) ttlsByClient.set(client, (ttls = new DefinitionTtls(client.processDefinitions)));
    return ttls;
  };
  await runBulkCommand(
    app,
    {
      command: 'camunda-admin history removal-time set',
      kind: (client) => removalTimeInstanceKind(client, change.mode.kind === 'calculated' ? ttlsOf(client) : undefined),
      operation: (client) =>
        setRemovalTimeOperation({
          client,
          change,
          ttls: ttlsOf(client),
          follow: (batchId) => followBatch(app, batchId, { ...asyncFollow, created: true }),
          // Chunks are batches too: their permission is checked before the first, as the bulk run does for --async.
          checkPermission: request.chunkSize !== undefined && !request.dryRun,
        }),
      filters: (client) => finishedFilterQuery(client, filters, dates),
    },
    request,
  );
}

function changeOf(flags: HistoryRemovalTimeSetFlags): RemovalTimeChange {
  const modes = [flags.absolute !== undefined && '--absolute', flags.calculated && '--calculated', flags.clear && '--clear'].filter(Boolean);
  if (modes.length !== 1) {
    throw new UsageError(
      modes.length === 0
        ? 'give the removal time: --absolute DATE, --calculated (from the time-to-live) or --clear'
        : `${modes.join(', ')}: give one removal time, not ${modes.length}`,
    );
  }
  let mode: RemovalTimeMode;
  if (flags.absolute !== undefined) mode = { kind: 'absolute', at: absoluteDate(flags.absolute) };
  else if (flags.calculated) mode = { kind: 'calculated' };
  else mode = { kind: 'cleared' };
  const chunkSize = wholeNumber(flags.updateChunkSize, '--update-chunk-size', 1, MAX_UPDATE_CHUNK_SIZE);
  if (chunkSize !== undefined && !flags.updateInChunks) throw new UsageError('--update-chunk-size needs --update-in-chunks');
  return { mode, hierarchical: flags.hierarchical, ...(flags.updateInChunks ? { updateInChunks: { chunkSize } } : {}) };
}

/** --absolute: a date, or `now`; an age (30d) is refused: a removal time is a point in time, not a span. */
function absoluteDate(text: string): Date {
  if (text.trim().toLowerCase() === 'now') return new Date();
  if (/^\s*\d+\s*[a-z]+\s*$/i.test(text)) {
    throw new UsageError(`--absolute: '${text}' is an age; give the removal time as a date (2027-01-31, 2027-01-31T10:00:00Z) or 'now'`);
  }
  const at = parseDateInput(text);
  if (!at) throw new UsageError(`--absolute: '${text}' is not a date (2027-01-31, 2027-01-31T10:00:00Z, 2027-01-31T10:00:00+02:00, or 'now')`);
  if (!inEngineDateRange(at)) throw new UsageError(`--absolute: '${text}' is outside the years 1 to 9999, which the engine's dates hold`);
  return at;
}
