// Following a batch polls for as long as the batch runs, with one abort signal for the whole watch:
// nothing may pile up on that signal from poll to poll.
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchApi, BatchStatistics, HistoricBatch } from '../../src/engine/batches.js';
import { sleep, watchBatch } from '../../src/batches/watch.js';

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
process.on('warning', onWarning);
afterEach(() => {
  warnings.length = 0;
});

/** A batch of `polls` jobs that completes one job per statistics poll, then leaves the runtime. */
function fakeBatches(polls: number): BatchApi {
  let completed = 0;
  const statistics = (): BatchStatistics | undefined =>
    completed++ < polls
      ? ({
          id: 'b',
          totalJobs: polls,
          completedJobs: completed - 1,
          remainingJobs: polls - completed + 1,
          failedJobs: 0,
          invocationsPerBatchJob: 1,
          suspended: false,
          batchJobDefinitionId: 'd',
        } as unknown as BatchStatistics)
      : undefined;
  return {
    statistics: () => Promise.resolve(statistics()),
    historic: () => Promise.resolve({ id: 'b', endTime: '2026-01-01T00:00:00.000+0000' } as unknown as HistoricBatch),
  } as unknown as BatchApi;
}

describe('sleep', () => {
  it('leaves no abort listener behind when the time is up', async () => {
    const signal = new AbortController().signal;
    for (let i = 0; i < 25; i++) await sleep(0, signal);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('ends early when aborted, and at once when aborted already', async () => {
    const controller = new AbortController();
    // Far longer than the test may take: only the abort can end these sleeps.
    const sleeping = sleep(600_000, controller.signal);
    controller.abort();
    await sleeping;
    await sleep(600_000, controller.signal);
  });
});

describe('watchBatch', () => {
  it('polls many times with one signal without a MaxListenersExceededWarning', async () => {
    const signal = new AbortController().signal;
    const progress: number[] = [];
    const result = await watchBatch(fakeBatches(30), 'b', { intervalMs: 0, onProgress: (p) => progress.push(p.completedJobs), signal });
    expect(result.status).toBe('completed');
    expect(progress).toHaveLength(30);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
