// The historic job log of batches: what each way a batch ends leaves there, the queries, and who sees it.
import { afterEach, describe, expect, it } from 'vitest';
import { call, get, ManualClock, post } from './client.js';
import { AuthorizationType, ResourceType, SEEDED_PROCESS_DEFINITION_IDS as DEFS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { BatchDto, Simulator } from './index.js';
import { contractDocument } from '../contract/validate.js';

let sim: Simulator;
afterEach(async () => {
  await sim.close();
});

const DEMO_PLAN = {
  sourceProcessDefinitionId: DEFS.v1,
  targetProcessDefinitionId: DEFS.v2,
  instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
};
const DEMO_V1 = [PIS.demoV1First, PIS.demoV1Second, PIS.demoV1Third];

async function start(options: { basicAuth?: boolean } = {}): Promise<void> {
  sim = await startSimulator({ batchJobsPerSecond: 0, ...options });
  sim.state.clock = new ManualClock(Date.UTC(2026, 10, 21, 23, 0, 0, 0)).read;
}

async function migrateAsync(ids: string[], basicAuth?: string): Promise<BatchDto> {
  const answer = await post(
    sim,
    '/migration/executeAsync',
    { migrationPlan: DEMO_PLAN, processInstanceIds: ids },
    basicAuth === undefined ? {} : { basicAuth },
  );
  expect(answer.status).toBe(200);
  return answer.body as BatchDto;
}

interface Entry {
  jobId: string;
  jobDefinitionId: string;
  jobDefinitionType: string;
  jobRetries: number;
  jobExceptionMessage: string | null;
  creationLog: boolean;
  failureLog: boolean;
  successLog: boolean;
  deletionLog: boolean;
}

async function log(query: string, basicAuth?: string): Promise<Entry[]> {
  const answer = await get(sim, `/history/job-log?${query}`, basicAuth === undefined ? {} : { basicAuth });
  expect(answer.status).toBe(200);
  return answer.body as Entry[];
}

async function count(query: string, basicAuth?: string): Promise<number> {
  const answer = await get(sim, `/history/job-log/count?${query}`, basicAuth === undefined ? {} : { basicAuth });
  expect(answer.status).toBe(200);
  return (answer.body as { count: number }).count;
}

/** "created seed", "succeeded instance-migration", … in the order written. */
const events = (entries: Entry[]) =>
  entries.map(
    (entry) =>
      `${entry.creationLog ? 'created' : entry.failureLog ? `failed(${entry.jobRetries})` : entry.successLog ? 'succeeded' : `deleted(${entry.jobRetries})`} ${entry.jobDefinitionType}`,
  );

describe('the job log of a batch', () => {
  it('of a completed batch: each job created and succeeded, the monitor job last, no deletion', async () => {
    await start();
    const batch = await migrateAsync([PIS.demoV1First, PIS.demoV1Second]);
    sim.advanceBatches(10);
    const entries = await log(`jobDefinitionConfiguration=${batch.id}&sortBy=occurrence&sortOrder=asc`);
    expect(events(entries)).toEqual([
      'created batch-seed-job',
      'created instance-migration',
      'created instance-migration',
      'created batch-monitor-job',
      'succeeded batch-seed-job',
      'succeeded instance-migration',
      'succeeded instance-migration',
      'succeeded batch-monitor-job',
    ]);
    expect(await count(`jobDefinitionId=${batch.batchJobDefinitionId}&successLog=true`)).toBe(2);
    expect(await count(`jobDefinitionConfiguration=${batch.id}&deletionLog=true`)).toBe(0);
    // false does not filter (the DTO applies a log flag only when it is true).
    expect(await count(`jobDefinitionConfiguration=${batch.id}&deletionLog=false`)).toBe(8);
    // Each batch job's entries carry its id; the definitions are the batch's.
    expect(new Set(entries.map((entry) => entry.jobDefinitionId))).toEqual(
      new Set([batch.seedJobDefinitionId, batch.batchJobDefinitionId, batch.monitorJobDefinitionId]),
    );
    // The DTO's fields in the order HistoricJobLogDto declares them (Jackson's order), the document's fields all.
    expect(Object.keys(entries[0]!)).toEqual([
      'id',
      'timestamp',
      'removalTime',
      'jobId',
      'jobDueDate',
      'jobRetries',
      'jobPriority',
      'jobExceptionMessage',
      'jobDefinitionId',
      'jobDefinitionType',
      'jobDefinitionConfiguration',
      'activityId',
      'failedActivityId',
      'executionId',
      'processInstanceId',
      'processDefinitionId',
      'processDefinitionKey',
      'deploymentId',
      'tenantId',
      'hostname',
      'rootProcessInstanceId',
      'batchId',
      'creationLog',
      'failureLog',
      'successLog',
      'deletionLog',
    ]);
    expect(Object.keys(entries[0]!).sort()).toEqual(Object.keys(contractDocument.components.schemas.HistoricJobLogDto!.properties!).sort());
  });

  it('of a batch deleted with a failed job: three failed attempts, then the deletion of that job and of the monitor job; cascade removes it all', async () => {
    await start();
    sim.state.batchSettings.failInstanceIds = new Set([PIS.demoV1Second]);
    const batch = await migrateAsync(DEMO_V1);
    sim.advanceBatches(3);
    expect((await call(sim, 'DELETE', `/batch/${batch.id}?cascade=false`)).status).toBe(204);
    const entries = await log(`jobDefinitionConfiguration=${batch.id}&sortBy=occurrence&sortOrder=asc`);
    expect(events(entries).slice(6)).toEqual([
      'succeeded instance-migration',
      'failed(3) instance-migration',
      'failed(2) instance-migration',
      'failed(1) instance-migration',
      'deleted(3) batch-monitor-job',
      'deleted(0) instance-migration',
      'deleted(3) instance-migration',
    ]);
    expect(entries.find((entry) => entry.failureLog)?.jobExceptionMessage).toBe(
      `Simulated failure for process instance '${PIS.demoV1Second}' (batchSettings.failInstanceIds)`,
    );
    expect(entries.filter((entry) => entry.deletionLog).every((entry) => entry.jobExceptionMessage === null)).toBe(true);
    expect(await count(`jobDefinitionId=${batch.batchJobDefinitionId}&failureLog=true`)).toBe(3);

    const dropped = await migrateAsync([PIS.demoV2First]);
    expect((await call(sim, 'DELETE', `/batch/${dropped.id}?cascade=true`)).status).toBe(204);
    expect(await count(`jobDefinitionConfiguration=${dropped.id}`)).toBe(0);
    expect(await count(`jobDefinitionConfiguration=${batch.id}`)).toBe(entries.length);
  });

  it('of a batch deleted before its seed job ran: the seed job deleted', async () => {
    await start();
    const batch = await migrateAsync([PIS.demoV1First]);
    expect((await call(sim, 'DELETE', `/batch/${batch.id}`)).status).toBe(204);
    expect(events(await log(`jobDefinitionConfiguration=${batch.id}`))).toEqual(['created batch-seed-job', 'deleted(3) batch-seed-job']);
  });

  it('refuses an unknown sortBy like every query, and a sortBy without a sortOrder', async () => {
    await start();
    expect((await get(sim, '/history/job-log?sortBy=nope&sortOrder=asc')).status).toBe(400);
    expect((await get(sim, '/history/job-log?sortBy=timestamp')).status).toBe(400);
  });
});

describe('who sees the job log of batches', () => {
  it('an authenticated user only with READ_HISTORY on every process definition: batch jobs have no definition key', async () => {
    await start({ basicAuth: true });
    const batch = await migrateAsync([PIS.demoV1First], 'demo:demo');
    const query = `jobDefinitionConfiguration=${batch.id}`;
    expect(await count(query, 'demo:demo')).toBe(1);
    // john reads the definition refengine-demo, not its history, and not every one.
    expect(await count(query, 'john:john')).toBe(0);
    const grant = {
      type: AuthorizationType.GRANT,
      userId: 'john',
      groupId: null,
      permissions: ['READ_HISTORY'],
      removalTime: null,
      rootProcessInstanceId: null,
    };
    sim.state.authorizations.push({ ...grant, id: 'john-history-demo', resourceType: ResourceType.PROCESS_DEFINITION, resourceId: 'refengine-demo' });
    expect(await count(query, 'john:john')).toBe(0);
    sim.state.authorizations.push({ ...grant, id: 'john-history-all', resourceType: ResourceType.PROCESS_DEFINITION, resourceId: '*' });
    expect(await count(query, 'john:john')).toBe(1);
  });
});
