/**
 * A prepared and confirmed bulk run, sent through the change pipeline (src/change/run.ts) with the
 * canary first when asked (./canary.ts); then why the followed batches did not change objects (their
 * failed jobs, mapped to the objects: ./batch-failures.ts) in the report and on stderr, and
 * --annotation on the user operation log entries the run made (./annotation.ts).
 */
import type { ChangeFailedError } from '../change/errors.js';
import type { ChangeResult, CreatedBatch } from '../change/result.js';
import { runChange } from '../change/run.js';
import type { BatchLookup, FoundBatch } from '../change/run-types.js';
import type { EngineClient } from '../engine/client.js';
import { annotateChange } from './annotation.js';
import { type BatchFailures, explainBatchFailures, type ExplainedResult } from './batch-failures.js';
import { bulkCanary } from './canary.js';
import type { BulkOperation } from './operation.js';
import type { BulkContext, PreparedBulk } from './prepare.js';
import { writeBulkReport } from './report.js';

export interface BulkRunOutcome<O extends string, D extends object> {
  result: ChangeResult<O, D> | undefined;
  batch: CreatedBatch | undefined;
  failure: ChangeFailedError | undefined;
  /** A run of one batch per chunk without --wait: its batches. */
  batches?: CreatedBatch[] | undefined;
  /** The ids each batch was created for. */
  batchObjects?: ReadonlyMap<string, readonly string[]> | undefined;
}

export async function carryOutBulk<R, O extends string, D extends object>(
  context: BulkContext<R, O, D>,
  prepared: PreparedBulk,
): Promise<BulkRunOutcome<O, D>> {
  const { client, host, operation, request, resumed, mode } = context;
  const ids = prepared.ids.slice(0);
  // A chunked run continues with its journal's canary unless given another.
  const journalled = mode.kind === 'chunked' || (mode.kind === 'async' && mode.chunkSize !== undefined);
  const canary = journalled ? (request.canary ?? resumed?.start.canary) : request.canary;
  const chunkSize = mode.kind === 'chunked' || mode.kind === 'async' ? mode.chunkSize : undefined;
  const startedAt = new Date();
  const report = request.report;
  // Asked once per result: for the report (written inside the run) and for stderr after it.
  let explained: { of: ChangeResult<O, D>; result: ExplainedResult<O, D>; failures: BatchFailures[] } | undefined;
  const explain = async (result: ChangeResult<O, D>, batchObjects: ReadonlyMap<string, readonly string[]> | undefined) => {
    if (explained?.of !== result) explained = { of: result, ...(await explainBatchFailures(client, operation.outcomeNames, result, batchObjects)) };
    return explained;
  };
  const outcome: BulkRunOutcome<O, D> = await runChange(
    host,
    {
      operation,
      mode,
      ids,
      resumed,
      scope: {
        operation: operation.name,
        objects: context.kind.many,
        ...(operation.parameters ? { parameters: operation.parameters } : {}),
        ...(resumed ? {} : await operation.journalScope?.()),
        // A journal of one batch per chunk: a resume goes on with batches.
        ...(mode.kind === 'async' && mode.chunkSize !== undefined ? { batches: true } : {}),
      },
      canary: {
        size: canary,
        runner: bulkCanary(
          {
            host,
            operation: operation as never,
            canaryWaitMs: request.canaryWaitMs,
            resumed,
            size: canary,
            chunkSize,
          },
          mode.kind === 'chunked' ? mode.journalFile : mode.kind === 'async' ? mode.journal?.file : undefined,
        ),
      },
      engineVersion: () => client.system.version(),
      noDetail: operation.noDetail,
      batchLookup: batchLookup(client, operation.batchCheck, context.user),
    },
    report
      ? async (result, batchObjects) => {
          await writeBulkReport(
            report,
            operation,
            withAlreadyChanged(operation, (await explain(result, batchObjects)).result, prepared.alreadyChanged),
            batchObjects,
          );
          return report;
        }
      : undefined,
  );
  if (outcome.result) {
    const { result, failures } = await explain(outcome.result, outcome.batchObjects);
    outcome.result = result;
    for (const failed of failures) {
      context.host.emitBulk({
        type: 'batch-job-failures',
        batchId: failed.batchId,
        failedJobs: failed.failedJobs,
        objects: failed.objects,
        jobs: failed.jobs,
        words: operation.words,
      });
    }
  }
  if (request.annotation !== undefined) {
    const batchRun = batchesCreated(outcome) > 0;
    const opLog = batchRun ? (operation.opLog.batch ?? operation.opLog) : operation.opLog;
    const requests =
      operation.opLog.perObject === true
        ? requestsSent(outcome, canary, true)
        : operation.oneRequestPerObject
          ? objectRequestsSent(outcome, batchRun, canary, operation.outcomeNames.changed)
          : requestsSent(outcome, canary, false);
    await annotateChange(client, host, { opLog }, { text: request.annotation, startedAt, requests, user: context.user });
  }
  if (outcome.result) outcome.result = withAlreadyChanged(operation, outcome.result, prepared.alreadyChanged);
  return outcome;
}

/**
 * The result with the objects found changed before the run (not sent) counted as changed elsewhere
 * and among the selected, for an operation that counts them (BulkOperation.countsAlreadyChanged).
 * They are not looked up again: the report lists the objects of the run.
 */
export function withAlreadyChanged<O extends string, D extends object>(
  operation: BulkOperation<never, O, D>,
  result: ChangeResult<O, D>,
  alreadyChanged: number,
): ChangeResult<O, D> {
  if (!operation.countsAlreadyChanged || alreadyChanged === 0) return result;
  const elsewhere = operation.outcomeNames['changed-elsewhere'];
  return { ...result, selected: result.selected + alreadyChanged, outcome: { ...result.outcome, [elsewhere]: result.outcome[elsewhere] + alreadyChanged } };
}

/** How many requests of the run wrote a user operation log entry, at most: its chunks, or its request or batch and its canary. */
function requestsSent(outcome: BulkRunOutcome<string, object>, canary: number | undefined, perObject: boolean): number {
  const { result } = outcome;
  const batches = batchesCreated(outcome);
  const batch = batches > 0;
  // One request per object (jobs' retries): as many as were selected (at most), or the batches and the canary's objects.
  if (perObject) return batch ? batches + (canary ?? 0) : (result?.selected ?? 0);
  if (result?.chunks) return result.chunks.done + result.chunks.failed;
  const canaryRequests = canary !== undefined ? 1 : 0;
  if (batch) return 1 + canaryRequests;
  return result ? 1 + canaryRequests : 0;
}

/** The same for an operation that sends one request per object: the objects it changed, or its batch and the canary's requests. */
function objectRequestsSent(outcome: BulkRunOutcome<string, object>, batchRun: boolean, canary: number | undefined, changed: string): number {
  if (batchRun) return batchesCreated(outcome) + (canary ?? 0);
  return outcome.result?.objects.filter((object) => object.outcome === changed).length ?? 0;
}

/** The batches the run created (one, or one per chunk). */
function batchesCreated(outcome: BulkRunOutcome<string, object>): number {
  return Math.max(outcome.batch ? 1 : 0, outcome.batches?.length ?? 0, outcome.result?.batches.length ?? 0);
}

/**
 * The batches of the operation's type (the `--type` of its batch check) on the engine, for a run of
 * one batch per chunk: one of its journal, and those created since a chunk whose answer was lost
 * (runtime and history: a batch done already is in the history only).
 */
function batchLookup(client: EngineClient, batchCheck: readonly string[], user: string | undefined): BatchLookup {
  const typeAt = batchCheck.indexOf('--type');
  const type = typeAt >= 0 ? batchCheck[typeAt + 1] : undefined;
  return {
    get: async (id) => (await client.batches.statistics(id)) ?? (await client.batches.historic(id)),
    createdSince: async (since) => {
      if (type === undefined) return [];
      const [running, history] = await Promise.all([client.batches.list({ type, firstResult: 0, maxResults: 1000 }), client.batches.historicList({ type })]);
      const found = new Map<string, FoundBatch>();
      for (const batch of [...running, ...history]) found.set(batch.id, batch);
      return [...found.values()].filter(
        (batch) => startedSince(batch.startTime, since) && (user === undefined || !batch.createUserId || batch.createUserId === user),
      );
    },
  };
}

function startedSince(startTime: string | null | undefined, since: Date): boolean {
  if (!startTime) return true;
  const started = Date.parse(startTime.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(started) || started >= since.getTime();
}
