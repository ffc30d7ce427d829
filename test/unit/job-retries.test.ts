// The job-retry operation (src/bulk/operations/job-retries.ts) against the simulator: one PUT per job,
// refusals recorded per job, the batch, and where each job is after a retry (retried, failed again,
// not retried, ended), told apart by the failure mark taken when the ids were frozen.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failureMark } from '../../src/bulk/operations/retry-common.js';
import { jobRetriesOperation } from '../../src/bulk/operations/job-retries.js';
import { EngineClient } from '../../src/engine/client.js';
import { EngineAuthorizationError } from '../../src/engine/errors.js';
import { ManualClock, post } from '../simulator/client.js';
import { runDueJobs, startSimulator } from '../simulator/index.js';
import type { JobDto, Simulator } from '../simulator/index.js';

let sim: Simulator;
let clock: ManualClock;
const clients: EngineClient[] = [];

beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
  clock = new ManualClock(Date.parse('2026-11-28T10:00:00.000Z'));
  sim.state.clock = clock.read;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await sim.close();
});

function clientOf(target: Simulator, credentials?: { username: string; password: string }): EngineClient {
  const client = new EngineClient({
    baseUrl: target.url,
    timeoutMs: 10_000,
    retries: 0,
    userAgent: 't',
    ...(credentials ? { credentials: { type: 'basic' as const, ...credentials } } : {}),
  });
  clients.push(client);
  return client;
}

/** `count` instances of `order` whose async task `charge` failed for good; the ids of their jobs. */
async function failedJobs(target: Simulator, count: number): Promise<{ jobIds: string[]; failing: { fails?: string } }> {
  const [deployed] = target.state.deployVersions('order', [
    {
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'charge', type: 'serviceTask', async: true, fails: 'Payment service unavailable', next: 'ship' },
        { id: 'ship', type: 'userTask' },
      ],
      instances: { charge: count },
    },
  ]);
  runDueJobs(target.state);
  const jobs = (await post(target, '/job', { processInstanceIds: deployed!.instanceIds }, { basicAuth: 'demo:demo' })).body as JobDto[];
  return { jobIds: jobs.map((job) => job.id), failing: deployed!.definition.activities.find((activity) => activity.id === 'charge')! };
}

const outcomes = async (operation: ReturnType<typeof jobRetriesOperation>, ids: readonly string[]) =>
  (await operation.statesOf(ids)).map((found) => operation.outcomeNames[found.state]);

describe('the job-retry operation', () => {
  it('tells not retried, retried, failed again and ended apart, by the failure mark', async () => {
    const client = clientOf(sim);
    const { jobIds, failing } = await failedJobs(sim, 5);
    const failedBefore = await failureMark(client.incidents, 'failedJob');
    expect(failedBefore).toBe('2026-11-28T10:00:00.000+0000');
    const operation = jobRetriesOperation({ client, retries: 2, failedBefore });
    expect(await outcomes(operation, jobIds)).toEqual(['not-retried', 'not-retried', 'not-retried', 'not-retried', 'not-retried']);

    clock.advance(1000);
    await operation.sendChunk(jobIds.slice(0, 3));
    const retried = await operation.statesOf(jobIds);
    expect(retried.map((found) => operation.outcomeNames[found.state])).toEqual(['retried', 'retried', 'retried', 'not-retried', 'not-retried']);
    expect(retried[0]!.detail).toMatchObject({ retries: 2, activityId: 'charge', message: 'Payment service unavailable' });

    // The cause persists: the job executor fails them again, with new incidents.
    clock.advance(1000);
    runDueJobs(sim.state);
    const again = await operation.statesOf(jobIds);
    expect(again.map((found) => operation.outcomeNames[found.state])).toEqual(['failed-again', 'failed-again', 'failed-again', 'not-retried', 'not-retried']);
    expect(again.map((found) => found.state)).toEqual(['other', 'other', 'other', 'unchanged', 'unchanged']);

    // The outage is over: the rest run well and are gone.
    delete failing.fails;
    await operation.sendChunk(jobIds.slice(3));
    clock.advance(1000);
    runDueJobs(sim.state);
    expect(await outcomes(operation, jobIds)).toEqual(['failed-again', 'failed-again', 'failed-again', 'ended', 'ended']);
    expect((await operation.watchCanary(jobIds).look()).problems).toEqual(
      jobIds.slice(0, 3).map((id) => `${id}: failed again at charge: Payment service unavailable`),
    );
  });

  it('sends a due date with the retries, and counts a canary job due now until the executor ran it', async () => {
    const client = clientOf(sim);
    const { jobIds } = await failedJobs(sim, 2);
    const operation = jobRetriesOperation({ client, retries: 1, dueDate: new Date('2999-01-01T00:00:00Z'), failedBefore: null });
    await operation.sendChunk(jobIds.slice(0, 1));
    expect(sim.state.jobSettings).toEqual([{ jobId: jobIds[0], dueDate: Date.parse('2999-01-01T00:00:00Z') }]);
    expect(await operation.watchCanary(jobIds.slice(0, 1)).look()).toEqual({ problems: [], dueNow: 0 });
    const now = jobRetriesOperation({ client, retries: 1, dueDate: null, failedBefore: null });
    await now.sendChunk(jobIds.slice(1));
    expect(await now.watchCanary(jobIds.slice(1)).look()).toEqual({ problems: [], dueNow: 1 });
    expect(operation.chunkRequest(jobIds)).toEqual({ method: 'PUT', path: '/job/{id}/retries', body: { retries: 1, dueDate: '2999-01-01T00:00:00.000+0000' } });
  });

  it('passes over a job the engine no longer has, and records a refused one while the chunk goes on', async () => {
    const secured = await startSimulator({ basicAuth: true, batchJobsPerSecond: 0 });
    try {
      const { jobIds } = await failedJobs(secured, 3);
      const instanceOf = (jobId: string) => secured.state.incidents.find((incident) => incident.configuration === jobId)!.processInstanceId;
      const grant = (permissions: string[], resourceType: number, resourceId: string) =>
        secured.state.authorizations.push({
          id: `grant-${secured.state.authorizations.length}`,
          type: 1,
          permissions,
          userId: 'john',
          groupId: null,
          resourceType,
          resourceId,
          removalTime: null,
          rootProcessInstanceId: null,
        });
      grant(['READ'], 8, '*');
      grant(['RETRY_JOB'], 8, instanceOf(jobIds[0]!));
      const john = clientOf(secured, { username: 'john', password: 'john' });
      const operation = jobRetriesOperation({ client: john, retries: 1, failedBefore: await failureMark(john.incidents, 'failedJob') });
      await operation.sendChunk([jobIds[0]!, jobIds[1]!, 'gone-job']);
      const states = await operation.statesOf([jobIds[0]!, jobIds[1]!, 'gone-job']);
      expect(states.map((found) => operation.outcomeNames[found.state])).toEqual(['retried', 'not-retried', 'ended']);
      expect(states[1]!.detail.message).toMatch(/^PUT .*\/job\/.*\/retries: 403/);
      // Every request of a chunk refused: the chunk fails with the refusal.
      await expect(operation.sendChunk([jobIds[2]!])).rejects.toBeInstanceOf(EngineAuthorizationError);
    } finally {
      await secured.close();
    }
  });

  it('creates one set-job-retries batch for the ids', async () => {
    const client = clientOf(sim);
    const { jobIds } = await failedJobs(sim, 3);
    const operation = jobRetriesOperation({ client, retries: 4, failedBefore: await failureMark(client.incidents, 'failedJob') });
    const batch = await operation.createBatch(jobIds);
    expect(batch).toMatchObject({ type: 'set-job-retries', totalJobs: 3, invocationsPerBatchJob: 1 });
    sim.advanceBatches(10);
    expect((await operation.statesOf(jobIds)).map((found) => found.detail.retries)).toEqual([4, 4, 4]);
    expect(operation.batchRequest(jobIds)).toEqual({ method: 'POST', path: '/job/retries', body: { jobIds, retries: 4 } });
  });
});
