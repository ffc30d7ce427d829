// The external-task-retry operation (src/bulk/operations/external-task-retries.ts) against the
// simulator: a chunk is one transaction, sent again without the tasks that are gone; the batch; where
// each task is after a retry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { externalTaskRetriesOperation } from '../../src/bulk/operations/external-task-retries.js';
import { failureMark } from '../../src/bulk/operations/retry-common.js';
import { EngineClient } from '../../src/engine/client.js';
import { ManualClock } from '../simulator/client.js';
import { runExternalTaskWorkers, startSimulator } from '../simulator/index.js';
import type { Simulator } from '../simulator/index.js';

let sim: Simulator;
let client: EngineClient;
let clock: ManualClock;

beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
  clock = new ManualClock(Date.parse('2026-11-28T10:00:00.000Z'));
  sim.state.clock = clock.read;
  client = new EngineClient({ baseUrl: sim.url, timeoutMs: 10_000, retries: 0, userAgent: 't' });
});
afterEach(async () => {
  await client.close();
  await sim.close();
});

/** `count` instances at the external task `notify`, whose workers gave up on each; the tasks' ids. */
async function failedTasks(count: number): Promise<{ ids: string[]; notify: { fails?: string } }> {
  const [deployed] = sim.state.deployVersions('mailing', [
    {
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'notify', type: 'externalTask', fails: 'SMTP down', next: 'done' },
        { id: 'done', type: 'userTask' },
      ],
      instances: { notify: count },
    },
  ]);
  runExternalTaskWorkers(sim.state);
  const tasks = await client.externalTasks.list({ processDefinitionKey: 'mailing', noRetriesLeft: true });
  return { ids: tasks.map((task) => task.id), notify: deployed!.definition.activities.find((activity) => activity.id === 'notify')! };
}

describe('the external-task-retry operation', () => {
  it('retries a chunk in one request, tells failed again and ended apart, and passes over tasks that are gone', async () => {
    const { ids, notify } = await failedTasks(4);
    expect(await client.externalTasks.count({ processDefinitionKey: 'mailing', noRetriesLeft: true })).toBe(4);
    const operation = externalTaskRetriesOperation({ client, retries: 1, failedBefore: await failureMark(client.incidents, 'failedExternalTask') });
    const names = async () => (await operation.statesOf(ids)).map((found) => operation.outcomeNames[found.state]);
    expect(await names()).toEqual(['not-retried', 'not-retried', 'not-retried', 'not-retried']);

    // One task completes meanwhile (its instance is gone): the engine refuses the chunk (404), which is sent again without it.
    sim.state.endProcessInstance(sim.state.externalTasks.find((task) => task.id === ids[0])!.processInstanceId);
    const before = sim.requests.length;
    clock.advance(1000);
    await operation.sendChunk(ids.slice(0, 3));
    const puts = sim.requests.slice(before).filter((request) => request.method === 'PUT');
    expect(puts.map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { externalTaskIds: ids.slice(0, 3), retries: 1 },
      { externalTaskIds: ids.slice(1, 3), retries: 1 },
    ]);
    expect(await names()).toEqual(['ended', 'retried', 'retried', 'not-retried']);

    clock.advance(1000);
    runExternalTaskWorkers(sim.state);
    expect(await names()).toEqual(['ended', 'failed-again', 'failed-again', 'not-retried']);
    expect((await operation.watchCanary(ids.slice(1, 3)).look()).problems).toEqual(ids.slice(1, 3).map((id) => `${id}: failed again at notify: SMTP down`));

    delete notify.fails;
    await operation.sendChunk(ids.slice(3));
    expect(await operation.watchCanary(ids.slice(3)).look()).toEqual({ problems: [], dueNow: 1 });
    runExternalTaskWorkers(sim.state);
    expect(await names()).toEqual(['ended', 'failed-again', 'failed-again', 'ended']);
  });

  it('passes over a chunk whose tasks are all gone, and creates one set-external-task-retries batch', async () => {
    const { ids } = await failedTasks(3);
    const operation = externalTaskRetriesOperation({ client, retries: 2, failedBefore: null });
    await expect(operation.sendChunk(['gone-1'])).resolves.toBeUndefined();
    const batch = await operation.createBatch(ids);
    expect(batch).toMatchObject({ type: 'set-external-task-retries', totalJobs: 3 });
    sim.advanceBatches(10);
    expect((await operation.statesOf(ids)).map((found) => [operation.outcomeNames[found.state], found.detail.retries])).toEqual([
      ['retried', 2],
      ['retried', 2],
      ['retried', 2],
    ]);
    expect(operation.chunkRequest(ids)).toEqual({ method: 'PUT', path: '/external-task/retries', body: { externalTaskIds: ids, retries: 2 } });
  });
});
