/**
 * A prepared and confirmed bulk run, sent through the change pipeline (src/change/run.ts) with the
 * canary first when asked (./canary.ts); then the report, the failed batch jobs of a followed batch,
 * and --annotation on the user operation log entries the run made (./annotation.ts).
 */
import type { ChangeFailedError } from '../change/errors.js';
import type { ChangeResult, CreatedBatch } from '../change/result.js';
import { runChange } from '../change/run.js';
import type { Batch } from '../engine/batches.js';
import { annotateChange } from './annotation.js';
import { bulkCanary } from './canary.js';
import type { BulkContext, PreparedBulk } from './prepare.js';
import { writeBulkReport } from './report.js';

export interface BulkRunOutcome<O extends string, D extends object> {
  result: ChangeResult<O, D> | undefined;
  batch: CreatedBatch | undefined;
  failure: ChangeFailedError | undefined;
}

export async function carryOutBulk<R, O extends string, D extends object>(
  context: BulkContext<R, O, D>,
  prepared: PreparedBulk,
): Promise<BulkRunOutcome<O, D>> {
  const { client, host, operation, request, resumed, mode } = context;
  const ids = prepared.ids.slice(0);
  // A chunked run continues with its journal's canary unless given another.
  const canary = mode.kind === 'chunked' ? (request.canary ?? resumed?.start.canary) : request.canary;
  const startedAt = new Date();
  const report = request.report;
  const outcome = await runChange(
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
            chunkSize: mode.kind === 'chunked' ? mode.chunkSize : undefined,
          },
          mode.kind === 'chunked' ? mode.journalFile : undefined,
        ),
      },
      engineVersion: () => client.system.version(),
      noDetail: operation.noDetail,
    },
    report
      ? async (result) => {
          await writeBulkReport(report, operation, result);
          return report;
        }
      : undefined,
  );
  if (outcome.result) await reportBatchJobFailures(context, outcome.result);
  if (request.annotation !== undefined) {
    const batchRun = outcome.batch !== undefined || (outcome.result?.batches.length ?? 0) > 0;
    const opLog = batchRun ? (operation.opLog.batch ?? operation.opLog) : operation.opLog;
    const requests =
      operation.opLog.perObject === true
        ? requestsSent(outcome, canary, true)
        : operation.oneRequestPerObject
          ? objectRequestsSent(outcome, batchRun, canary, operation.outcomeNames.changed)
          : requestsSent(outcome, canary, false);
    await annotateChange(client, host, { opLog }, { text: request.annotation, startedAt, requests, user: context.user });
  }
  return outcome;
}

/** How many requests of the run wrote a user operation log entry, at most: its chunks, or its request or batch and its canary. */
function requestsSent(outcome: BulkRunOutcome<string, object>, canary: number | undefined, perObject: boolean): number {
  const { result } = outcome;
  const batch = outcome.batch !== undefined || (result !== undefined && result.batches.length > 0);
  // One request per object (jobs' retries): as many as were selected (at most), or the batch and the canary's objects.
  if (perObject) return batch ? 1 + (canary ?? 0) : (result?.selected ?? 0);
  if (result?.chunks) return result.chunks.done + result.chunks.failed;
  const canaryRequests = canary !== undefined ? 1 : 0;
  if (batch) return 1 + canaryRequests;
  return result ? 1 + canaryRequests : 0;
}

/** The same for an operation that sends one request per object: the objects it changed, or its batch and the canary's requests. */
function objectRequestsSent(outcome: BulkRunOutcome<string, object>, batchRun: boolean, canary: number | undefined, changed: string): number {
  if (batchRun) return 1 + (canary ?? 0);
  return outcome.result?.objects.filter((object) => object.outcome === changed).length ?? 0;
}

/**
 * The failed jobs of the batches a run followed: their exceptions, as the engine has them
 * (GET /job?jobDefinitionId= the batch's execution job definition). The rights on each object are
 * checked by these jobs, so this is where a missing per-object permission shows.
 */
async function reportBatchJobFailures<R, O extends string, D extends object>(context: BulkContext<R, O, D>, result: ChangeResult<O, D>): Promise<void> {
  for (const created of result.batches) {
    const batch = created as Batch;
    if (!batch.batchJobDefinitionId) continue;
    const jobs = await context.client.jobs.ofDefinition(batch.batchJobDefinitionId).catch(() => []);
    const failures = jobs.filter((job) => (job.exceptionMessage ?? null) !== null).map((job) => ({ jobId: job.id, message: job.exceptionMessage! }));
    if (failures.length > 0) context.host.emitBulk({ type: 'batch-job-failures', batchId: batch.id, failures });
  }
}
