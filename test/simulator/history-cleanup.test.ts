// The removal-time model, the cleanable reports and the history clean-up job, over the real socket.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, get, ManualClock, post } from './client.js';
import {
  calculatedRemovalTime,
  configureHistoryCleanup,
  historyCleanupOf,
  recordDecisionEvaluation,
  runDueJobs,
  setRemovalTime,
  startSimulator,
} from './index.js';
import type { Simulator } from './index.js';

let sim: Simulator;
let clock: ManualClock;
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0, 0);

beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
  clock = new ManualClock(NOW);
  sim.state.clock = clock.read;
});

afterEach(async () => {
  await sim.close();
});

const activities = [
  { id: 'start', type: 'startEvent' as const },
  { id: 'task', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];

/** A key with one version of `ttl` and `count` running instances. */
function deploy(key: string, ttl: number | null, count: number): { definitionId: string; instanceIds: string[] } {
  const [version] = sim.state.deployVersions(key, [{ activities, instances: { task: count } }]);
  if (version === undefined) throw new Error('no version');
  version.definition.historyTimeToLive = ttl;
  return { definitionId: version.definition.id, instanceIds: version.instanceIds };
}

const historic = async (key: string) =>
  (await get(sim, `/history/process-instance?processDefinitionKey=${key}&sortBy=instanceId&sortOrder=asc`)).body as {
    id: string;
    removalTime: string | null;
  }[];

const report = async (query = '') =>
  (await get(sim, `/history/process-definition/cleanable-process-instance-report${query}`)).body as Record<string, unknown>[];

describe('the removal time (strategy end)', () => {
  it('is end + TTL days for a root instance of a definition with a TTL, null without, and not moved by a later TTL', async () => {
    const withTtl = deploy('cleanTtl', 5, 1);
    const without = deploy('cleanNoTtl', null, 1);
    sim.state.endProcessInstance(withTtl.instanceIds[0]!);
    sim.state.endProcessInstance(without.instanceIds[0]!);
    sim.state.findProcessDefinition(without.definitionId)!.historyTimeToLive = 10;
    expect((await historic('cleanTtl'))[0]?.removalTime).toBe('2026-12-03T12:00:00.000+0000');
    expect((await historic('cleanNoTtl'))[0]?.removalTime).toBeNull();
  });

  it("gives a call hierarchy the root's removal time when the root ends, and none before", async () => {
    const root = deploy('cleanRoot', 1, 1);
    const child = deploy('cleanChild', 100, 1);
    const childRecord = sim.state.findProcessInstance(child.instanceIds[0]!)!;
    childRecord.superProcessInstanceId = root.instanceIds[0]!;
    sim.state.endProcessInstance(child.instanceIds[0]!);
    expect((await historic('cleanChild'))[0]?.removalTime).toBeNull();
    clock.now = NOW + 1000;
    sim.state.endProcessInstance(root.instanceIds[0]!);
    expect((await historic('cleanChild'))[0]?.removalTime).toBe('2026-11-29T12:00:01.000+0000');
    expect((await historic('cleanRoot'))[0]?.removalTime).toBe('2026-11-29T12:00:01.000+0000');
  });

  it('can be set and calculated as a set-removal-time batch job does', () => {
    const without = deploy('cleanLater', null, 2);
    for (const id of without.instanceIds) sim.state.endProcessInstance(id);
    expect(calculatedRemovalTime(sim.state, without.instanceIds[0]!)).toBeNull();
    sim.state.findProcessDefinition(without.definitionId)!.historyTimeToLive = 2;
    expect(calculatedRemovalTime(sim.state, without.instanceIds[0]!)).toBe('2026-11-30T12:00:00.000+0000');
    expect(calculatedRemovalTime(sim.state, 'nope')).toBeUndefined();
    expect(setRemovalTime(sim.state, without.instanceIds[1]!, '2026-11-01T00:00:00.000+0000', { hierarchical: true })).toBe(true);
    expect(sim.state.endedProcessInstances.find((instance) => instance.id === without.instanceIds[1])?.removalTime).toBe('2026-11-01T00:00:00.000+0000');
  });
});

describe('GET /history/process-definition/cleanable-process-instance-report', () => {
  it('counts finished and cleanable instances per definition version (removalTimeBased)', async () => {
    const zero = deploy('cleanTtl', 0, 3);
    const none = deploy('cleanNoTtl', null, 2);
    for (const id of [...zero.instanceIds.slice(0, 2), ...none.instanceIds]) sim.state.endProcessInstance(id);
    expect(await report('?processDefinitionKeyIn=cleanTtl,cleanNoTtl&sortBy=finished&sortOrder=desc')).toEqual(
      [
        {
          processDefinitionId: zero.definitionId,
          processDefinitionKey: 'cleanTtl',
          processDefinitionName: 'cleanTtl',
          processDefinitionVersion: 1,
          historyTimeToLive: 0,
          finishedProcessInstanceCount: 2,
          cleanableProcessInstanceCount: 2,
          tenantId: null,
        },
        {
          processDefinitionId: none.definitionId,
          processDefinitionKey: 'cleanNoTtl',
          processDefinitionName: 'cleanNoTtl',
          processDefinitionVersion: 1,
          historyTimeToLive: null,
          finishedProcessInstanceCount: 2,
          cleanableProcessInstanceCount: 0,
          tenantId: null,
        },
      ].sort((a, b) => (a.processDefinitionId < b.processDefinitionId ? -1 : 1)),
    );
    expect((await get(sim, '/history/process-definition/cleanable-process-instance-report/count?compact=true')).body).toEqual({ count: 2 });
    expect((await report(`?processDefinitionIdIn=${none.definitionId}&compact=true`)).length).toBe(1);
  });

  it('counts by end time and TTL under the endTimeBased strategy', async () => {
    const none = deploy('cleanNoTtl', null, 1);
    sim.state.endProcessInstance(none.instanceIds[0]!);
    sim.state.findProcessDefinition(none.definitionId)!.historyTimeToLive = 0;
    expect((await report('?processDefinitionKeyIn=cleanNoTtl'))[0]?.cleanableProcessInstanceCount).toBe(0);
    configureHistoryCleanup(sim.state, { cleanupStrategy: 'endTimeBased' });
    expect((await report('?processDefinitionKeyIn=cleanNoTtl'))[0]?.cleanableProcessInstanceCount).toBe(1);
  });

  it('shows an authenticated user only the definitions with READ_HISTORY', async () => {
    const secured = await startSimulator({ basicAuth: true });
    try {
      const answer = await get(secured, '/history/process-definition/cleanable-process-instance-report', { basicAuth: 'john:john' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
      const admin = await get(secured, '/history/process-definition/cleanable-process-instance-report', { basicAuth: 'demo:demo' });
      expect((admin.body as unknown[]).length).toBe(secured.state.processDefinitions.length);
    } finally {
      await secured.close();
    }
  });
});

describe('the decision and batch reports', () => {
  it('counts evaluations of decision definitions; batches per type without a TTL are never cleanable', async () => {
    (sim.state as unknown as { decisionDefinitions: unknown[] }).decisionDefinitions = [
      { id: 'dish:1:1', key: 'dish', name: 'Dish', version: 1, historyTimeToLive: 0, tenantId: null },
      { id: 'season:1:2', key: 'season', name: 'Season', version: 1, historyTimeToLive: null, tenantId: null },
    ];
    recordDecisionEvaluation(sim.state, 'dish:1:1');
    recordDecisionEvaluation(sim.state, 'season:1:2');
    const answer = await get(sim, '/history/decision-definition/cleanable-decision-instance-report?decisionDefinitionKeyIn=dish,season');
    expect(answer.body).toEqual([
      {
        decisionDefinitionId: 'dish:1:1',
        decisionDefinitionKey: 'dish',
        decisionDefinitionName: 'Dish',
        decisionDefinitionVersion: 1,
        historyTimeToLive: 0,
        finishedDecisionInstanceCount: 1,
        cleanableDecisionInstanceCount: 1,
        tenantId: null,
      },
      {
        decisionDefinitionId: 'season:1:2',
        decisionDefinitionKey: 'season',
        decisionDefinitionName: 'Season',
        decisionDefinitionVersion: 1,
        historyTimeToLive: null,
        finishedDecisionInstanceCount: 1,
        cleanableDecisionInstanceCount: 0,
        tenantId: null,
      },
    ]);
    expect((await get(sim, '/history/batch/cleanable-batch-report')).body).toEqual([]);
    expect((await get(sim, '/history/batch/cleanable-batch-report/count')).body).toEqual({ count: 0 });
  });
});

describe('history clean-up', () => {
  it('has no window and no jobs on a fresh engine', async () => {
    expect((await get(sim, '/history/cleanup/configuration')).body).toEqual({ batchWindowStartTime: null, batchWindowEndTime: null, enabled: true });
    expect(await get(sim, '/history/cleanup/jobs')).toMatchObject({ status: 404, body: { type: 'RestException', message: 'History cleanup jobs are empty' } });
    expect(await get(sim, '/history/cleanup/job')).toMatchObject({ status: 404, body: { message: 'History cleanup job does not exist' } });
  });

  it('runs a job due at once that deletes what is due, then suspends it without a window', async () => {
    configureHistoryCleanup(sim.state, { executor: 'manual' });
    const zero = deploy('cleanTtl', 0, 2);
    const none = deploy('cleanNoTtl', null, 1);
    for (const id of [...zero.instanceIds, ...none.instanceIds]) sim.state.endProcessInstance(id);
    const answer = await post(sim, '/history/cleanup?immediatelyDue=true', undefined);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      retries: 3,
      suspended: false,
      dueDate: '2026-11-28T12:00:00.000+0000',
      processInstanceId: null,
      exceptionMessage: null,
    });
    expect(runDueJobs(sim.state)).toBe(1);
    expect(await historic('cleanTtl')).toEqual([]);
    expect((await historic('cleanNoTtl')).length).toBe(1);
    expect(historyCleanupOf(sim.state).deleted.processInstances.sort()).toEqual([...zero.instanceIds].sort());
    const jobs = (await get(sim, '/history/cleanup/jobs')).body as Record<string, unknown>[];
    expect(jobs).toEqual([expect.objectContaining({ id: (answer.body as { id: string }).id, suspended: true })]);
  });

  it('runs again at once while a table gives a full batch', async () => {
    configureHistoryCleanup(sim.state, { executor: 'manual', batchSize: 2 });
    const zero = deploy('cleanTtl', 0, 5);
    for (const id of zero.instanceIds) sim.state.endProcessInstance(id);
    await post(sim, '/history/cleanup', undefined);
    expect(runDueJobs(sim.state)).toBe(3);
    expect(await historic('cleanTtl')).toEqual([]);
  });

  it('deletes by itself before the next request when the executor is automatic', async () => {
    const zero = deploy('cleanTtl', 0, 1);
    sim.state.endProcessInstance(zero.instanceIds[0]!);
    await post(sim, '/history/cleanup', undefined);
    expect(await historic('cleanTtl')).toEqual([]);
  });

  it('refuses a user who is no admin, and any caller when clean-up is disabled', async () => {
    const secured = await startSimulator({ basicAuth: true });
    try {
      const refused = await post(secured, '/history/cleanup', undefined, { basicAuth: 'john:john' });
      expect(refused).toMatchObject({
        status: 403,
        body: { type: 'AuthorizationException', message: 'ENGINE-03029 Required admin authenticated group or user.' },
      });
      expect((await post(secured, '/history/cleanup', undefined, { basicAuth: 'demo:demo' })).status).toBe(200);
      configureHistoryCleanup(secured.state, { enabled: false });
      const disabled = await post(secured, '/history/cleanup', undefined, { basicAuth: 'demo:demo' });
      expect(disabled).toMatchObject({ status: 400, body: { type: 'BadUserRequestException', message: 'History cleanup is disabled for this engine' } });
    } finally {
      await secured.close();
    }
  });

  it('spends a failing job’s retries, and a POST gives them back', async () => {
    configureHistoryCleanup(sim.state, { executor: 'manual', failure: 'Table ACT_HI_PROCINST is locked' });
    await post(sim, '/history/cleanup', undefined);
    expect(runDueJobs(sim.state)).toBe(3);
    const [dead] = (await get(sim, '/history/cleanup/jobs')).body as Record<string, unknown>[];
    expect(dead).toMatchObject({ retries: 0, exceptionMessage: 'Table ACT_HI_PROCINST is locked' });
    expect(runDueJobs(sim.state)).toBe(0);
    configureHistoryCleanup(sim.state, { failure: null });
    expect((await post(sim, '/history/cleanup', undefined)).body).toMatchObject({ id: dead?.id, retries: 3, exceptionMessage: null });
  });

  it('names the current or next window and schedules into it; a POST not due at once without a window suspends', async () => {
    configureHistoryCleanup(sim.state, { executor: 'manual', batchWindow: { start: '22:00', end: '06:00' } });
    expect((await get(sim, '/history/cleanup/configuration')).body).toEqual({
      batchWindowStartTime: '2026-11-28T22:00:00.000+0000',
      batchWindowEndTime: '2026-11-29T06:00:00.000+0000',
      enabled: true,
    });
    expect((await post(sim, '/history/cleanup?immediatelyDue=false', undefined)).body).toMatchObject({ dueDate: '2026-11-28T22:00:00.000+0000' });
    expect(runDueJobs(sim.state)).toBe(0);
    clock.now = NOW + 11 * 60 * 60 * 1000;
    expect(runDueJobs(sim.state)).toBe(1);
    // Nothing to delete: again after the first delay, inside the window.
    expect(((await get(sim, '/history/cleanup/job')).body as { dueDate: string }).dueDate).toBe('2026-11-28T23:00:10.000+0000');
    configureHistoryCleanup(sim.state, { batchWindow: null });
    expect((await post(sim, '/history/cleanup?immediatelyDue=false', undefined)).body).toMatchObject({ suspended: true, dueDate: null });
  });

  it('answers a POST not due at once, without a window and without jobs, with the engine’s NullPointerException', async () => {
    const answer = await call(sim, 'POST', '/history/cleanup?immediatelyDue=false');
    expect(answer).toMatchObject({
      status: 500,
      body: { type: 'NullPointerException', message: 'Cannot invoke "org.camunda.bpm.engine.runtime.Job.getId()" because "<parameter1>" is null' },
    });
  });
});

describe('GET /history/decision-instance', () => {
  it('lists the evaluations of a decision definition in id order with their removal times', async () => {
    (sim.state as unknown as { decisionDefinitions: unknown[] }).decisionDefinitions = [
      { id: 'dish:1:1', key: 'dish', name: 'Dish', version: 1, historyTimeToLive: 3, tenantId: null },
    ];
    const first = recordDecisionEvaluation(sim.state, 'dish:1:1');
    recordDecisionEvaluation(sim.state, 'other:1:1');
    const answer = await get(sim, '/history/decision-instance?decisionDefinitionId=dish:1:1&firstResult=0&maxResults=10');
    expect(answer.body).toEqual([
      expect.objectContaining({
        id: first.id,
        decisionDefinitionKey: 'dish',
        evaluationTime: '2026-11-28T12:00:00.000+0000',
        removalTime: '2026-12-01T12:00:00.000+0000',
      }),
    ]);
    expect((await get(sim, '/history/decision-instance/count?decisionDefinitionKey=dish')).body).toEqual({ count: 1 });
  });
});
