// How a batch that left the runtime ended, from the counts of its job log (src/batches/ending.ts).
import { describe, expect, it } from 'vitest';
import { batchEnding } from '../../src/batches/ending.js';
import type { BatchApi, HistoricBatch, JobLogFilter } from '../../src/engine/batches.js';
import { EngineAuthorizationError, EngineHttpError } from '../../src/engine/errors.js';
import { RetryableHttpError } from '../../src/engine/error-decoding.js';

const historic = {
  id: 'b',
  type: 'instance-migration',
  totalJobs: 3,
  invocationsPerBatchJob: 1,
  batchJobDefinitionId: 'jd',
  endTime: '2026-01-01T00:00:00.000+0000',
} as HistoricBatch;
const line = { method: 'GET', url: 'http://h/engine-rest/history/job-log/count' };

/** A job log of these counts; what was asked is recorded. */
function jobLog(counts: { success: number; failure: number; deletion: number } | Error, asked: JobLogFilter[] = []): BatchApi {
  return {
    jobLogCount: (filter: JobLogFilter) => {
      asked.push(filter);
      if (counts instanceof Error) return Promise.reject(counts);
      return Promise.resolve(filter.successLog ? counts.success : filter.failureLog ? counts.failure : counts.deletion);
    },
  } as unknown as BatchApi;
}

describe('batchEnding', () => {
  it('asks the successes and failures of the batch jobs, and the deletions of all three job definitions', async () => {
    const asked: JobLogFilter[] = [];
    await batchEnding(jobLog({ success: 3, failure: 0, deletion: 0 }, asked), historic);
    expect(asked).toEqual([
      { jobDefinitionId: 'jd', successLog: true },
      { jobDefinitionId: 'jd', failureLog: true },
      { jobDefinitionConfiguration: 'b', deletionLog: true },
    ]);
  });

  it.each([
    ['every job done, nothing deleted', { success: 3, failure: 0, deletion: 0 }, 'completed'],
    ['every job done after failed runs that were retried', { success: 3, failure: 2, deletion: 0 }, 'completed'],
    ['jobs deleted', { success: 1, failure: 3, deletion: 3 }, 'deleted'],
    ['deleted after every job was done, before the monitor job saw it', { success: 3, failure: 0, deletion: 1 }, 'deleted'],
    ['nothing readable (no READ_HISTORY on every definition: counts of 0)', { success: 0, failure: 0, deletion: 0 }, 'unknown'],
    ['some jobs done and no deletion: part of the log is gone', { success: 2, failure: 0, deletion: 0 }, 'unknown'],
  ])('%s: %s', async (_name, counts, kind) => {
    expect((await batchEnding(jobLog(counts), historic)).kind).toBe(kind);
  });

  it('is running for a history record without an end, and asks nothing', async () => {
    const asked: JobLogFilter[] = [];
    expect(await batchEnding(jobLog({ success: 0, failure: 0, deletion: 0 }, asked), { ...historic, endTime: null })).toEqual({ kind: 'running' });
    expect(asked).toEqual([]);
  });

  it('is unknown when the engine refuses the job log, and fails the command when no engine answers', async () => {
    const refused = new EngineAuthorizationError(line, { type: 'AuthorizationException', message: 'no', code: null, missingAuthorizations: [] }, undefined);
    expect(await batchEnding(jobLog(refused), historic)).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('its job log could not be read') });
    const engineError = new EngineHttpError(line, {
      status: 500,
      body: { type: 'ProcessEngineException', message: 'boom', code: null },
      bodySnippet: undefined,
    });
    expect((await batchEnding(jobLog(engineError), historic)).kind).toBe('unknown');
    const gateway = new RetryableHttpError(line, 502, '"Bad Gateway"', undefined);
    await expect(batchEnding(jobLog(gateway), historic)).rejects.toBe(gateway);
  });
});
