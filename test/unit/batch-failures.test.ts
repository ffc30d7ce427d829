// Why a batch left objects unchanged: the failed jobs' messages mapped to the objects they name
// (src/bulk/batch-failures.ts), for instances by their ids and for jobs by their instance's.
import { describe, expect, it } from 'vitest';
import { explainBatchFailures, tokensOf } from '../../src/bulk/batch-failures.js';
import type { ChangeResult } from '../../src/change/result.js';
import type { EngineClient } from '../../src/engine/client.js';

const NAMES = { changed: 'retried', 'changed-elsewhere': 'retried-elsewhere', unchanged: 'not-retried', ended: 'ended', other: 'failed-again' } as const;
type Outcome = (typeof NAMES)[keyof typeof NAMES];

/** A client whose batch job definitions answer these jobs. */
function clientWith(jobs: Record<string, { id: string; exceptionMessage: string | null }[]>): EngineClient {
  return { jobs: { ofDefinition: async (definition: string) => jobs[definition] ?? [] } } as unknown as EngineClient;
}

function resultOf(
  objects: { id: string; outcome: Outcome; processInstanceId: string }[],
  batches: string[],
): ChangeResult<Outcome, { processInstanceId: string }> {
  return {
    mode: 'async',
    engineVersion: '7.24.0',
    selected: objects.length,
    batches: batches.map((id) => ({ id, totalJobs: 2, invocationsPerBatchJob: 1, batchJobDefinitionId: `${id}-jobs` })),
    chunks: null,
    startedAt: '',
    finishedAt: '',
    durationMs: 0,
    outcome: { retried: 0, 'retried-elsewhere': 0, 'not-retried': 0, ended: 0, 'failed-again': 0 },
    objects,
  };
}

const denied = (instance: string) =>
  `The user with id 'john' does not have one of the following permissions: 'RETRY_JOB' permission on resource '${instance}' of type 'ProcessInstance' or 'UPDATE_INSTANCE' permission on resource 'invoice' of type 'ProcessDefinition'`;

describe('explainBatchFailures', () => {
  it('names the ids of a message without the quotes, brackets and trailing stops around them', () => {
    expect([...tokensOf("ENGINE-13053 No job found with id 'j-1'.'")]).toContain('j-1');
    expect([...tokensOf('Cannot find external task with id t-2: externalTask is null')]).toContain('t-2');
    expect([...tokensOf('No historic process instance found with id: [a, b]')]).toEqual(expect.arrayContaining(['a', 'b']));
  });

  it('gives a job its failed batch job message by its own id or its instance, and the rest of the batch a presumption', async () => {
    const result = resultOf(
      [
        { id: 'job-1', outcome: 'retried', processInstanceId: 'pi-1' },
        { id: 'job-2', outcome: 'not-retried', processInstanceId: 'pi-2' },
        { id: 'job-3', outcome: 'not-retried', processInstanceId: 'pi-3' },
        { id: 'job-4', outcome: 'not-retried', processInstanceId: 'pi-4' },
        { id: 'job-5', outcome: 'not-retried', processInstanceId: 'pi-5' },
      ],
      ['b1', 'b2'],
    );
    const client = clientWith({
      'b1-jobs': [
        { id: 'bj-1', exceptionMessage: `${denied('pi-2')}\nat the second line` },
        { id: 'bj-2', exceptionMessage: "ENGINE-13053 No job found with id 'job-3'.'" },
        { id: 'bj-3', exceptionMessage: null },
      ],
      'b2-jobs': [{ id: 'bj-9', exceptionMessage: 'ENGINE-03005 Execution of UPDATE failed' }],
    });
    const batchObjects = new Map([
      ['b1', ['job-1', 'job-2', 'job-3', 'job-4']],
      ['b2', ['job-5']],
    ]);
    const { result: explained, failures } = await explainBatchFailures(client, NAMES, result, batchObjects);
    const reasons = Object.fromEntries(explained.objects.map((object) => [object.id, object.batchJobFailure]));
    expect(reasons).toEqual({
      'job-1': undefined,
      'job-2': `batch job bj-1 failed: ${denied('pi-2')}`,
      'job-3': "batch job bj-2 failed: ENGINE-13053 No job found with id 'job-3'.'",
      'job-4': `presumably in one of the batch's 2 failed jobs (no message names it): 2 different messages, the first: ${denied('pi-2')}`,
      'job-5': "presumably in the batch's failed job (no message names it): ENGINE-03005 Execution of UPDATE failed",
    });
    expect(failures.map((failure) => [failure.batchId, failure.failedJobs, failure.objects.map((object) => object.id)])).toEqual([
      ['b1', 2, ['job-2', 'job-3', 'job-4']],
      ['b2', 1, ['job-5']],
    ]);
    expect(explained.batchJobFailures?.map((job) => [job.jobId, job.objects])).toEqual([
      ['bj-1', ['job-2']],
      ['bj-2', ['job-3']],
      ['bj-9', []],
    ]);
    // The result it was given is left as it was.
    expect(result.objects.some((object) => 'batchJobFailure' in object)).toBe(false);
  });

  it('leaves a result without failed batch jobs as it is', async () => {
    const result = resultOf([{ id: 'job-1', outcome: 'not-retried', processInstanceId: 'pi-1' }], ['b1']);
    const { result: explained, failures } = await explainBatchFailures(clientWith({}), NAMES, result, undefined);
    expect(explained).toBe(result);
    expect(failures).toEqual([]);
  });
});
