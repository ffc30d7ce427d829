// Batches over the real socket: progress, failures, suspension, deletion, queries and history.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, get, ManualClock, post } from './client.js';
import { formatUtcDate, runDueBatchJobs, SEEDED_PROCESS_DEFINITION_IDS as DEFS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { BatchDto, BatchStatisticsDto, HistoricBatchDto, Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;
let clock: ManualClock;
const T0 = Date.UTC(2026, 10, 21, 23, 0, 0, 0);

// Batches only move when a test says so: advanceBatches(n), or the manual clock with jobsPerSecond > 0.
beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
  clock = new ManualClock(T0);
  sim.state.clock = clock.read;
});

afterEach(async () => {
  await sim.close();
});

const DEMO_PLAN = {
  sourceProcessDefinitionId: DEFS.v1,
  targetProcessDefinitionId: DEFS.v2,
  instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
};
const DEMO_V1 = [PIS.demoV1First, PIS.demoV1Second, PIS.demoV1Third];

async function migrateAsync(processInstanceIds: string[], plan: unknown = DEMO_PLAN): Promise<BatchDto> {
  const answer = await post(sim, '/migration/executeAsync', { migrationPlan: plan, processInstanceIds });
  expect(answer.status).toBe(200);
  return answer.body as BatchDto;
}

async function statistics(id: string): Promise<BatchStatisticsDto | undefined> {
  const answer = await get(sim, `/batch/statistics?batchId=${id}`);
  expect(answer.status).toBe(200);
  return (answer.body as BatchStatisticsDto[])[0];
}

const progress = (row: BatchStatisticsDto | undefined): unknown =>
  row && { jobsCreated: row.jobsCreated, remainingJobs: row.remainingJobs, completedJobs: row.completedJobs, failedJobs: row.failedJobs };

async function definitionOf(id: string): Promise<string | undefined> {
  return ((await get(sim, `/history/process-instance?processInstanceIds=${id}`)).body as { processDefinitionId: string }[])[0]?.processDefinitionId;
}

describe('batch progress, step by step', () => {
  it('seeds, runs the jobs in order, then leaves the runtime and completes the history', async () => {
    const batch = await migrateAsync([PIS.demoV1Second, PIS.demoV1Third]);
    expect(batch).toMatchObject({ totalJobs: 2, jobsCreated: 0, executionStartTime: null, startTime: '2026-11-21T23:00:00.000+0000' });
    expect(progress(await statistics(batch.id))).toEqual({ jobsCreated: 0, remainingJobs: 2, completedJobs: 0, failedJobs: 0 });

    clock.advance(5);
    expect(sim.advanceBatches()).toBe(1); // the seed job
    expect(progress(await statistics(batch.id))).toEqual({ jobsCreated: 2, remainingJobs: 2, completedJobs: 0, failedJobs: 0 });
    expect((await get(sim, `/batch/${batch.id}`)).body).toMatchObject({ jobsCreated: 2, executionStartTime: null });

    clock.advance(45);
    expect(sim.advanceBatches()).toBe(1); // the first job: v1-2 (HashSet order)
    expect(progress(await statistics(batch.id))).toEqual({ jobsCreated: 2, remainingJobs: 1, completedJobs: 1, failedJobs: 0 });
    expect((await get(sim, `/batch/${batch.id}`)).body).toMatchObject({ executionStartTime: '2026-11-21T23:00:00.050+0000' });
    expect(await definitionOf(PIS.demoV1Second)).toBe(DEFS.v2);
    expect(await definitionOf(PIS.demoV1Third)).toBe(DEFS.v1);

    clock.advance(62);
    expect(sim.advanceBatches(5)).toBe(1); // the last job, then the monitor completes the batch
    expect(sim.advanceBatches()).toBe(0);
    expect(await definitionOf(PIS.demoV1Third)).toBe(DEFS.v2);

    const gone = await get(sim, `/batch/${batch.id}`);
    expect(gone).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { ...loadSample<object>('batch-get-after-completion-404'), message: `Batch with id '${batch.id}' does not exist` },
    });
    expect((await get(sim, `/batch/statistics?batchId=${batch.id}`)).body).toEqual([]);
    expect((await get(sim, '/batch/count')).body).toEqual({ count: 0 });

    const history = await get(sim, `/history/batch/${batch.id}`);
    const sample = loadSample<HistoricBatchDto>('history-batch-get');
    expect(Object.keys(history.body as object)).toEqual(Object.keys(sample));
    expect(history.body).toEqual({
      ...sample,
      id: batch.id,
      seedJobDefinitionId: batch.seedJobDefinitionId,
      monitorJobDefinitionId: batch.monitorJobDefinitionId,
      batchJobDefinitionId: batch.batchJobDefinitionId,
      startTime: '2026-11-21T23:00:00.000+0000',
      executionStartTime: '2026-11-21T23:00:00.050+0000',
      endTime: '2026-11-21T23:00:00.112+0000',
    });
  });

  it('seeds batchJobsPerSeed jobs per step', async () => {
    sim.state.batchSettings.batchJobsPerSeed = 2;
    const batch = await migrateAsync(DEMO_V1);
    expect(batch.batchJobsPerSeed).toBe(2);
    sim.advanceBatches();
    expect(progress(await statistics(batch.id))).toMatchObject({ jobsCreated: 2, remainingJobs: 3 });
    sim.advanceBatches();
    expect(progress(await statistics(batch.id))).toMatchObject({ jobsCreated: 3, remainingJobs: 3 });
    expect(sim.advanceBatches(10)).toBe(3);
    expect((await get(sim, '/process-instance/count?processDefinitionId=' + DEFS.v2)).body).toEqual(loadSample('process-instance-count-v2-after-migration'));
  });

  it('migrates invocationsPerBatchJob instances per job, all or none', async () => {
    sim.state.batchSettings = { jobsPerSecond: 0, invocationsPerBatchJob: 2, failInstanceIds: new Set([PIS.demoV1Third]) };
    const batch = await migrateAsync(DEMO_V1);
    expect(batch).toMatchObject({ totalJobs: 2, invocationsPerBatchJob: 2 });
    expect(sim.advanceBatches(10)).toBe(3);
    // HashSet order: [v1-1, v1-2] then [v1-3]; the second job fails.
    expect(progress(await statistics(batch.id))).toEqual({ jobsCreated: 2, remainingJobs: 1, completedJobs: 1, failedJobs: 1 });
    expect(await definitionOf(PIS.demoV1First)).toBe(DEFS.v2);
    expect(await definitionOf(PIS.demoV1Third)).toBe(DEFS.v1);
  });

  it('works off the oldest batch first', async () => {
    const first = await migrateAsync([PIS.demoV1First]);
    const second = await migrateAsync([PIS.demoV1Second]);
    sim.advanceBatches(2);
    expect((await get(sim, `/batch/${first.id}`)).status).toBe(404);
    expect(progress(await statistics(second.id))).toMatchObject({ jobsCreated: 0 });
  });
});

describe('failed jobs', () => {
  it('fail without retries for listed instances and keep the batch in the runtime forever', async () => {
    sim.state.batchSettings.failInstanceIds = new Set([PIS.demoV1Second]);
    const batch = await migrateAsync(DEMO_V1);
    expect(sim.advanceBatches(100)).toBe(4);
    expect(sim.advanceBatches(100)).toBe(0);
    const row = await statistics(batch.id);
    expect(progress(row)).toEqual({ jobsCreated: 3, remainingJobs: 1, completedJobs: 2, failedJobs: 1 });
    expect((await get(sim, `/batch/${batch.id}`)).status).toBe(200);
    expect((await get(sim, `/history/batch/${batch.id}`)).body).toMatchObject({ endTime: null });
    expect(sim.state.batches[0]?.jobs.find((job) => job.status === 'failed')).toEqual({
      processInstanceIds: [PIS.demoV1Second],
      status: 'failed',
      exceptionMessage: `Simulated failure for process instance '${PIS.demoV1Second}' (batchSettings.failInstanceIds)`,
      jobId: expect.any(String),
    });
    expect(await definitionOf(PIS.demoV1Second)).toBe(DEFS.v1);
    expect((await get(sim, '/batch/statistics?withFailures=true')).body).toHaveLength(1);
    expect((await get(sim, '/batch/statistics?withoutFailures=true')).body).toEqual([]);
  });

  it('fail for instances that ended meanwhile, belong elsewhere or have unmapped activities', async () => {
    const batch = await migrateAsync([PIS.demoV1First, PIS.demoV2First, PIS.demoV1Third, 'does-not-exist']);
    sim.state.endProcessInstance(PIS.demoV1First, 'EXTERNALLY_TERMINATED');
    sim.advanceBatches(10);
    expect(progress(await statistics(batch.id))).toEqual({ jobsCreated: 4, remainingJobs: 3, completedJobs: 1, failedJobs: 3 });
    const messages = sim.state.batches[0]?.jobs.map((job) => job.exceptionMessage?.slice(0, 12) ?? null).sort((a, b) => String(a).localeCompare(String(b)));
    expect(messages).toEqual(['ENGINE-23002', 'ENGINE-23003', 'ENGINE-23003', null]);

    const unmapped = await migrateAsync([PIS.demoV1Second], { ...DEMO_PLAN, instructions: [] });
    sim.advanceBatches(10);
    expect(progress(await statistics(unmapped.id))).toMatchObject({ failedJobs: 1 });
    expect(sim.state.batches[1]?.jobs[0]?.exceptionMessage).toBe(
      `ENGINE-23004 Cannot migrate process instance '${PIS.demoV1Second}':\n\tCannot migrate activity instance 'approve:c90a5f93-e5fe-11f1-a2ca-02fc00000001':\n\t\tThere is no migration instruction for this instance's activity\n`,
    );
  });
});

describe('PUT /batch/{id}/suspended', () => {
  it('suspends like batch-suspend (204) and batch-get-suspended.json; suspended batches do not move', async () => {
    const batch = await migrateAsync(DEMO_V1);
    expect(await call(sim, 'PUT', `/batch/${batch.id}/suspended`, { body: { suspended: true } })).toEqual({ status: 204, contentType: null, body: '' });
    const suspended = (await get(sim, `/batch/${batch.id}`)).body as BatchDto;
    expect(suspended).toEqual({ ...batch, suspended: true });
    expect(Object.keys(suspended)).toEqual(Object.keys(loadSample<object>('batch-get-suspended')));
    expect(sim.advanceBatches(10)).toBe(0);
    expect((await get(sim, '/batch?suspended=true')).body).toHaveLength(1);
    expect((await get(sim, '/batch/statistics?suspended=false')).body).toEqual([]);

    // An omitted `suspended` is false: it activates.
    expect((await call(sim, 'PUT', `/batch/${batch.id}/suspended`, { body: {} })).status).toBe(204);
    expect((await get(sim, `/batch/${batch.id}`)).body).toMatchObject({ suspended: false });
    expect(sim.advanceBatches(10)).toBe(4);
  });

  it('answers a missing batch with 400 for either direction', async () => {
    expect(await call(sim, 'PUT', '/batch/nope/suspended', { body: { suspended: true } })).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: "Unable to suspend batch with id 'nope'", code: 0 },
    });
    expect((await call(sim, 'PUT', '/batch/nope/suspended', { body: { suspended: false } })).body).toEqual({
      type: 'InvalidRequestException',
      message: "Unable to activate batch with id 'nope'",
      code: 0,
    });
    expect((await call(sim, 'PUT', '/batch/nope/suspended', { body: { suspended: 'yes' } })).body).toEqual(loadSample('invalid-json-type'));
    expect((await call(sim, 'PUT', '/batch/nope/suspended', { body: 'null' })).status).toBe(500);
  });
});

describe('DELETE /batch/{id}', () => {
  it('removes the runtime batch and ends the historic one; cascade removes that too', async () => {
    const kept = await migrateAsync([PIS.demoV1First]);
    const dropped = await migrateAsync([PIS.demoV1Second]);
    clock.advance(1000);
    expect(await call(sim, 'DELETE', `/batch/${kept.id}`)).toEqual({ status: 204, contentType: null, body: '' });
    expect(await call(sim, 'DELETE', `/batch/${dropped.id}?cascade=true`)).toEqual({ status: 204, contentType: null, body: '' });
    expect((await get(sim, `/batch/${kept.id}`)).status).toBe(404);
    expect((await get(sim, `/history/batch/${kept.id}`)).body).toMatchObject({ endTime: '2026-11-21T23:00:01.000+0000' });
    expect(await get(sim, `/history/batch/${dropped.id}`)).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: `Historic batch with id '${dropped.id}' does not exist`, code: null },
    });
    expect(sim.advanceBatches(10)).toBe(0);
    expect(await definitionOf(PIS.demoV1First)).toBe(DEFS.v1);
  });

  it('answers a missing batch with 400', async () => {
    expect(await call(sim, 'DELETE', '/batch/nope?cascade=true')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: "Unable to delete batch with id 'nope'", code: 0 },
    });
  });
});

describe('GET /batch, /batch/count, /batch/{id}, /batch/statistics', () => {
  it('answers an unknown id like batch-get-404.json', async () => {
    expect(await get(sim, '/batch/does-not-exist')).toEqual({ status: 404, contentType: 'application/json', body: loadSample('batch-get-404') });
  });

  it('lists like batch-list.json and batch-statistics.json (Basic auth engine, pending batch)', async () => {
    const secured = await startSimulator({ basicAuth: true, batchJobsPerSecond: 0 });
    try {
      const auth = { basicAuth: 'demo:demo' };
      const created = (await post(secured, '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceIds: DEMO_V1 }, auth)).body as BatchDto;
      const list = await get(secured, '/batch?type=instance-migration', auth);
      expect(list).toEqual({ status: 200, contentType: 'application/json', body: [created] });
      const listSample = loadSample<BatchDto[]>('batch-list');
      const dynamic = (dto: BatchDto): Partial<BatchDto> => ({
        id: dto.id,
        seedJobDefinitionId: dto.seedJobDefinitionId,
        monitorJobDefinitionId: dto.monitorJobDefinitionId,
        batchJobDefinitionId: dto.batchJobDefinitionId,
        startTime: dto.startTime,
      });
      expect(list.body).toEqual(listSample.map((row) => ({ ...row, ...dynamic(created) })));
      const stats = await get(secured, '/batch/statistics', auth);
      expect(stats.body).toEqual(loadSample<BatchStatisticsDto[]>('batch-statistics').map((row) => ({ ...row, ...dynamic(created) })));
      expect((await get(secured, '/batch/statistics?createdBy=demo', auth)).body).toHaveLength(1);
      expect((await get(secured, '/batch/statistics?createdBy=john', auth)).body).toEqual([]);
    } finally {
      await secured.close();
    }
  });

  it('filters by id, type, tenant and suspension, sorts by id or tenant, and pages', async () => {
    const a = await migrateAsync([PIS.demoV1First]);
    const tenantPlan = { sourceProcessDefinitionId: DEFS.sharedTenantA, targetProcessDefinitionId: DEFS.sharedTenantA, instructions: [] };
    const b = await migrateAsync([PIS.sharedTenantA], tenantPlan);
    expect(b.tenantId).toBe('tenant-a');
    const ids = (answer: { body: unknown }): string[] => (answer.body as BatchDto[]).map((row) => row.id);

    expect(ids(await get(sim, '/batch'))).toEqual([a.id, b.id]);
    expect(ids(await get(sim, `/batch?batchId=${b.id}`))).toEqual([b.id]);
    expect(ids(await get(sim, '/batch?type=instance-deletion'))).toEqual([]);
    expect(ids(await get(sim, '/batch?tenantIdIn=tenant-a,tenant-b'))).toEqual([b.id]);
    expect(ids(await get(sim, '/batch?withoutTenantId=true'))).toEqual([a.id]);
    // Both given: tenantIdIn wins (the DTO sets it after withoutTenantId).
    expect(ids(await get(sim, '/batch?withoutTenantId=true&tenantIdIn=tenant-a'))).toEqual([b.id]);
    expect(ids(await get(sim, '/batch?sortBy=tenantId&sortOrder=asc'))).toEqual([a.id, b.id]);
    expect(ids(await get(sim, '/batch?sortBy=tenantId&sortOrder=desc'))).toEqual([b.id, a.id]);
    expect(ids(await get(sim, '/batch?sortBy=batchId&sortOrder=desc&firstResult=1&maxResults=5'))).toEqual([a.id]);
    expect(ids(await get(sim, '/batch/statistics?sortBy=batchId&sortOrder=desc&maxResults=1'))).toEqual([b.id]);
    expect((await get(sim, '/batch/count?tenantIdIn=tenant-a')).body).toEqual({ count: 1 });
    expect((await get(sim, '/batch/statistics/count?withoutTenantId=true')).body).toEqual({ count: 1 });
    // /batch ignores the statistics-only filters (BatchQueryDto has none of them).
    expect(ids(await get(sim, '/batch?createdBy=nobody&withFailures=true'))).toEqual([a.id, b.id]);

    expect((await get(sim, '/batch?sortBy=startTime&sortOrder=asc')).body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'sortBy' to value 'startTime'",
      code: null,
    });
    expect((await get(sim, '/batch?sortBy=batchId')).body).toEqual(loadSample('query-sort-without-order'));
    expect((await get(sim, '/batch?suspended=maybe')).status).toBe(400);
    expect((await get(sim, '/batch?maxResults=x')).status).toBe(404);
    expect((await get(sim, '/engine/nope/batch')).body).toEqual(loadSample('unknown-engine'));
  });

  it('filters statistics by start time and sorts them by it', async () => {
    const early = await migrateAsync([PIS.demoV1First]);
    clock.advance(60_000);
    const late = await migrateAsync([PIS.demoV1Second]);
    const ids = (answer: { body: unknown }): string[] => (answer.body as BatchDto[]).map((row) => row.id);
    const at = encodeURIComponent(formatUtcDate(T0 + 30_000));
    expect(ids(await get(sim, `/batch/statistics?startedBefore=${at}`))).toEqual([early.id]);
    expect(ids(await get(sim, `/batch/statistics?startedAfter=${at}`))).toEqual([late.id]);
    // Inclusive bounds.
    expect(
      ids(await get(sim, `/batch/statistics?startedAfter=${encodeURIComponent(late.startTime)}&startedBefore=${encodeURIComponent(late.startTime)}`)),
    ).toEqual([late.id]);
    expect(ids(await get(sim, '/batch/statistics?sortBy=startTime&sortOrder=desc'))).toEqual([late.id, early.id]);
    expect((await get(sim, '/batch/statistics?startedBefore=yesterday')).body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'startedBefore' to value 'yesterday': Cannot convert value \"yesterday\" to java type java.util.Date",
      code: null,
    });
  });
});

describe('GET /history/batch', () => {
  it('lists running and completed batches, filters by completion, and counts', async () => {
    const done = await migrateAsync([PIS.demoV1First]);
    sim.advanceBatches(2);
    clock.advance(10);
    const running = await migrateAsync([PIS.demoV1Second]);
    const ids = (answer: { body: unknown }): string[] => (answer.body as HistoricBatchDto[]).map((row) => row.id);
    expect(ids(await get(sim, '/history/batch'))).toEqual([done.id, running.id]);
    expect(ids(await get(sim, '/history/batch?completed=true'))).toEqual([done.id]);
    expect(ids(await get(sim, '/history/batch?completed=false'))).toEqual([running.id]);
    expect(ids(await get(sim, '/history/batch?sortBy=endTime&sortOrder=asc'))).toEqual([running.id, done.id]);
    expect(ids(await get(sim, '/history/batch?sortBy=startTime&sortOrder=desc&maxResults=1'))).toEqual([running.id]);
    expect(ids(await get(sim, `/history/batch?batchId=${done.id}&type=instance-migration&withoutTenantId=true`))).toEqual([done.id]);
    expect((await get(sim, '/history/batch/count?completed=true')).body).toEqual({ count: 1 });
    expect((await get(sim, '/history/batch?sortBy=suspended&sortOrder=asc')).status).toBe(400);
    expect(Object.keys(((await get(sim, '/history/batch')).body as object[])[0] ?? {})).toEqual(Object.keys(loadSample<object>('history-batch-get')));
  });
});

describe('progress over time', () => {
  it('runs jobsPerSecond steps per second of the clock, lazily, stamping each with the time it was due', async () => {
    sim.state.batchSettings.jobsPerSecond = 10;
    const batch = await migrateAsync([PIS.demoV1Second, PIS.demoV1Third]);
    clock.advance(100);
    expect(progress(await statistics(batch.id))).toEqual({ jobsCreated: 2, remainingJobs: 2, completedJobs: 0, failedJobs: 0 });
    clock.advance(150);
    expect(progress(await statistics(batch.id))).toEqual({ jobsCreated: 2, remainingJobs: 1, completedJobs: 1, failedJobs: 0 });
    clock.advance(10_000);
    expect((await get(sim, `/batch/${batch.id}`)).status).toBe(404);
    expect((await get(sim, `/history/batch/${batch.id}`)).body).toMatchObject({
      startTime: '2026-11-21T23:00:00.000+0000',
      executionStartTime: '2026-11-21T23:00:00.200+0000',
      endTime: '2026-11-21T23:00:00.300+0000',
    });
  });

  it('does not bank idle time, and direct state checks can catch up with runDueBatchJobs', async () => {
    sim.state.batchSettings.jobsPerSecond = 10;
    await get(sim, '/batch');
    clock.advance(60_000);
    const batch = await migrateAsync([PIS.demoV1First]);
    expect(sim.state.findBatch(batch.id)?.jobsCreated).toBe(0);
    clock.advance(100);
    expect(runDueBatchJobs(sim.state)).toBe(1);
    expect(sim.state.findBatch(batch.id)?.jobsCreated).toBe(1);
  });

  it('moves on the real clock by default (20 steps per second)', async () => {
    const live = await startSimulator();
    try {
      expect(live.state.batchSettings.jobsPerSecond).toBe(20);
      const started = Date.now();
      const batch = (await post(live, '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceIds: DEMO_V1 })).body as BatchDto;
      let status = 200;
      while (status === 200 && Date.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await get(live, `/batch/${batch.id}`)).status;
      }
      expect(status).toBe(404);
      // Four steps (seed and three jobs) at 20 per second: not before 200 ms.
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      expect((await get(live, `/history/batch/${batch.id}`)).body).toMatchObject({ endTime: expect.stringMatching(/\+0000$/) as unknown });
    } finally {
      await live.close();
    }
  });
});
