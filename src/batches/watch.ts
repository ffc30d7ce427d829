/**
 * Follows a batch until it ends: polls GET /batch/statistics?batchId=, and once the batch has left the
 * runtime (the engine deletes it when every job is done) reads GET /history/batch/{id}, and the job
 * log to tell a completed batch from a deleted one (src/batches/ending.ts). A batch whose remaining
 * jobs have all failed never finishes on its own; the watch stops there.
 */
import { type BatchEnding, batchEnding } from './ending.js';
import type { BatchApi, BatchStatistics, HistoricBatch } from '../engine/batches.js';
import { RequestAbandonedError } from '../engine/http.js';
import { ChangeFailedError } from '../change/errors.js';

export interface BatchProgress {
  batchId: string;
  totalJobs: number;
  completedJobs: number;
  remainingJobs: number;
  failedJobs: number;
  invocationsPerBatchJob: number;
  suspended: boolean;
  /** Jobs per second since the watch began; undefined until something completed. */
  jobsPerSecond: number | undefined;
  etaSeconds: number | undefined;
  elapsedMs: number;
}

export type WatchResult =
  /** Ended: completed, or (ending 'unknown') ended in a way the job log does not tell. */
  | { status: 'completed'; historic: HistoricBatch; ending: BatchEnding; last: BatchProgress | undefined }
  | { status: 'deleted'; historic: HistoricBatch; ending: BatchEnding & { kind: 'deleted' }; last: BatchProgress | undefined }
  | { status: 'failed-jobs'; statistics: BatchStatistics; last: BatchProgress }
  /** Every job created and done, none failed: the engine's monitor job ends the batch at its next run (every 30 s by default). */
  | { status: 'jobs-done'; last: BatchProgress }
  | { status: 'timed-out'; last: BatchProgress | undefined }
  | { status: 'interrupted'; last: BatchProgress | undefined };

export interface WatchOptions {
  intervalMs: number;
  timeoutMs?: number | undefined;
  onProgress: (progress: BatchProgress) => void;
  signal?: AbortSignal | undefined;
}

export async function watchBatch(batches: BatchApi, batchId: string, options: WatchOptions): Promise<WatchResult> {
  const started = Date.now();
  let firstCompleted: { at: number; completed: number } | undefined;
  let last: BatchProgress | undefined;
  for (let poll = 0; ; poll++) {
    if (options.signal?.aborted) return { status: 'interrupted', last };
    // --wait-timeout also ends a poll the engine is slow to answer: the watch ends when it says.
    // Whole milliseconds: AbortSignal.timeout refuses a fraction (--wait-timeout 1.0005).
    const deadline = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(Math.max(0, Math.ceil(started + options.timeoutMs - Date.now())));
    let statistics: BatchStatistics | undefined;
    let historic: HistoricBatch | undefined;
    try {
      statistics = await batches.statistics(batchId, deadline);
      if (!statistics) historic = await batches.historic(batchId, deadline);
    } catch (error) {
      if (deadline?.aborted && error instanceof RequestAbandonedError) return { status: 'timed-out', last };
      throw error;
    }
    if (!statistics) {
      if (historic?.endTime) {
        // Deleting a batch ends its history record too: only the job log tells it from a completed one.
        const ending = await batchEnding(batches, historic);
        if (ending.kind === 'deleted') return { status: 'deleted', historic, ending, last };
        return { status: 'completed', historic, ending, last };
      }
      if (!historic) {
        throw new ChangeFailedError(`batch ${batchId} not found: it is neither running nor in the history`, 'not-found');
      }
      throw new ChangeFailedError(`batch ${batchId} left the runtime without finishing (it was deleted); see camunda-admin batch get ${batchId}`, 'partial');
    }

    const now = Date.now();
    firstCompleted ??= { at: now, completed: statistics.completedJobs };
    const done = statistics.completedJobs - firstCompleted.completed;
    const seconds = (now - firstCompleted.at) / 1000;
    const jobsPerSecond = done > 0 && seconds > 0 ? done / seconds : undefined;
    const runnable = statistics.remainingJobs - statistics.failedJobs;
    last = {
      batchId,
      totalJobs: statistics.totalJobs,
      completedJobs: statistics.completedJobs,
      remainingJobs: statistics.remainingJobs,
      failedJobs: statistics.failedJobs,
      invocationsPerBatchJob: statistics.invocationsPerBatchJob,
      suspended: Boolean(statistics.suspended),
      jobsPerSecond,
      etaSeconds: jobsPerSecond ? Math.ceil(runnable / jobsPerSecond) : undefined,
      elapsedMs: now - started,
    };
    options.onProgress(last);
    if (statistics.failedJobs > 0 && runnable <= 0) return { status: 'failed-jobs', statistics, last };
    // Waiting on for the monitor job would add up to its poll time (30 s) to every run, for nothing.
    if (statistics.totalJobs > 0 && statistics.remainingJobs === 0 && statistics.failedJobs === 0) return { status: 'jobs-done', last };
    if (options.timeoutMs !== undefined && now - started >= options.timeoutMs) return { status: 'timed-out', last };
    const wait = options.timeoutMs === undefined ? options.intervalMs : Math.min(options.intervalMs, Math.max(0, started + options.timeoutMs - now));
    await sleep(wait, options.signal);
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    // One watch polls for hours with the same signal: a listener left behind by every poll would
    // pile up (MaxListenersExceededWarning after ten).
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
