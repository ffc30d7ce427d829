/**
 * How a batch that left the runtime ended. Its history record has an end time either way: the
 * monitor job ends it when every job is done, and DELETE /batch/{id} ends it too (without cascade the
 * record stays). Only the job log tells them apart (docs/engine-notes.md#batches):
 *
 *   * a deleted batch's seed or monitor job, and every batch job not done, are deleted with a
 *     deletion log entry; a completed batch has none (its monitor job, which deletes the batch, is
 *     the job executing and is logged as a success);
 *   * each batch job that ran leaves one success entry; each failed attempt one failure entry.
 *
 * The job log shows batch jobs only to a caller with READ_HISTORY on every process definition (batch
 * jobs have no definition key), and history cleanup removes it: when it says nothing that proves an
 * outcome, the outcome is unknown, never "completed".
 */
import type { BatchApi, HistoricBatch } from '../engine/batches.js';
import { EngineAuthenticationError, EngineHttpError } from '../engine/errors.js';
import { RetryableHttpError } from '../engine/error-decoding.js';

interface JobLogCounts {
  /** Batch jobs that ran to success. */
  succeededJobs: number;
  /** Failed attempts of batch jobs (a job is tried up to three times by default). */
  failedRuns: number;
  /** Jobs of the batch (seed, monitor, batch jobs) deleted before they ran. */
  deletedJobs: number;
}

export type BatchEnding =
  /** No end time: the batch runs, and this record was read because the runtime one is not readable. */
  | { kind: 'running' }
  | ({ kind: 'completed' } & JobLogCounts)
  | ({ kind: 'deleted' } & JobLogCounts)
  | ({ kind: 'unknown'; reason: string } & Partial<JobLogCounts>);

export async function batchEnding(batches: BatchApi, historic: HistoricBatch): Promise<BatchEnding> {
  if (!historic.endTime) return { kind: 'running' };
  const definition = historic.batchJobDefinitionId;
  if (!definition) return { kind: 'unknown', reason: 'the historic batch names no batch job definition' };
  let counts: JobLogCounts;
  try {
    const [succeededJobs, failedRuns, deletedJobs] = await Promise.all([
      batches.jobLogCount({ jobDefinitionId: definition, successLog: true }),
      batches.jobLogCount({ jobDefinitionId: definition, failureLog: true }),
      batches.jobLogCount({ jobDefinitionConfiguration: historic.id, deletionLog: true }),
    ]);
    counts = { succeededJobs, failedRuns, deletedJobs };
  } catch (error) {
    // The engine's refusal (a 403, a 500) leaves the question open; no engine to ask (a gateway's
    // 502, credentials refused) fails the command, as it would a moment later anyway.
    if (!(error instanceof EngineHttpError) || error instanceof RetryableHttpError || error instanceof EngineAuthenticationError) throw error;
    return { kind: 'unknown', reason: `its job log could not be read (${error.message})` };
  }
  if (counts.deletedJobs > 0) return { kind: 'deleted', ...counts };
  if (counts.succeededJobs >= historic.totalJobs) return { kind: 'completed', ...counts };
  return {
    kind: 'unknown',
    reason: `its job log shows ${counts.succeededJobs} of ${historic.totalJobs} jobs done and no deletion: reading it needs READ_HISTORY on every process definition ('*'), and history cleanup may have removed it`,
    ...counts,
  };
}
