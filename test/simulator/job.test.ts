// Jobs and job definitions (GET /job, /job-definition and their counts): the asynchronous
// continuations of the instances at async activities, failed as the incidents and state.failingJobs say.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post } from './client.js';
import { jobDefinitionIdOf, SEEDED_INCIDENT_IDS, SEEDED_PROCESS_DEFINITION_IDS as DEFS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { JobDefinitionDto, JobDto, Simulator } from './index.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
});
afterEach(async () => {
  await sim.close();
});

const ids = (body: unknown): string[] => (body as { id: string }[]).map((row) => row.id);

describe('GET /job-definition', () => {
  it('lists one async-continuation definition per async activity, as JobDefinitionDto, filtered and counted', async () => {
    const answer = await get(sim, `/job-definition?processDefinitionId=${DEFS.invoiceApprovalV1}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: jobDefinitionIdOf(DEFS.invoiceApprovalV1, 'checkBudget'),
        processDefinitionId: DEFS.invoiceApprovalV1,
        processDefinitionKey: 'invoice-approval',
        activityId: 'checkBudget',
        jobType: 'async-continuation',
        jobConfiguration: 'async-before',
        overridingJobPriority: null,
        suspended: false,
        tenantId: null,
        deploymentId: sim.state.findProcessDefinition(DEFS.invoiceApprovalV1)!.deploymentId,
      },
    ]);
    // checkBudget is a user task in v2: no asynchronous continuation there.
    expect((await get(sim, `/job-definition?processDefinitionId=${DEFS.invoiceApprovalV2}`)).body).toEqual([]);
    expect((await get(sim, '/job-definition?processDefinitionKey=invoice&jobType=async-continuation&activityIdIn=archiveInvoice')).body).toHaveLength(2);
    expect((await get(sim, '/job-definition/count?jobConfiguration=async-after')).body).toEqual({ count: 0 });
    expect((await get(sim, '/job-definition?sortBy=jobType')).status).toBe(400);
  });
});

describe('GET /job', () => {
  it('has the job of every instance waiting in an asynchronous continuation; the failed one has no retries and its incident', async () => {
    const all = (await get(sim, '/job')).body as JobDto[];
    expect(all.map((job) => job.processInstanceId).sort()).toEqual([PIS.approvalCheckBudget, PIS.invoiceArchive].sort());
    const failed = all.find((job) => job.processInstanceId === PIS.approvalCheckBudget)!;
    const incident = sim.state.incidents.find((candidate) => candidate.id === SEEDED_INCIDENT_IDS.checkBudgetFailedJob)!;
    expect(failed).toEqual({
      id: incident.configuration,
      jobDefinitionId: jobDefinitionIdOf(DEFS.invoiceApprovalV1, 'checkBudget'),
      dueDate: null,
      processInstanceId: PIS.approvalCheckBudget,
      executionId: PIS.approvalCheckBudget,
      processDefinitionId: DEFS.invoiceApprovalV1,
      processDefinitionKey: 'invoice-approval',
      retries: 0,
      exceptionMessage: 'Budget service unavailable',
      failedActivityId: 'checkBudget',
      suspended: false,
      priority: 0,
      tenantId: null,
      createTime: '2026-11-21T22:56:02.841+0000',
      batchId: null,
    });
    expect(ids((await get(sim, '/job?noRetriesLeft=true')).body)).toEqual([failed.id]);
    expect(ids((await get(sim, '/job?withException=true&withRetriesLeft=true')).body)).toEqual([]);
    expect((await get(sim, '/job/count?timers=true')).body).toEqual({ count: 0 });
    expect((await get(sim, `/job/count?messages=true&processInstanceIds=${PIS.invoiceArchive},${PIS.demoV1First}`)).body).toEqual({ count: 1 });
  });

  it('has the failing jobs a test arranges, with their retries; a job follows its migrated instance', async () => {
    sim.state.failingJobs.push({ processInstanceId: PIS.invoiceArchive, activityId: 'archiveInvoice', retries: 2, exceptionMessage: 'Archive unreachable' });
    const retrying = (await get(sim, `/job?processDefinitionId=${DEFS.invoiceV1}&withException=true&withRetriesLeft=true`)).body as JobDto[];
    expect(retrying).toMatchObject([
      { processInstanceId: PIS.invoiceArchive, retries: 2, exceptionMessage: 'Archive unreachable', failedActivityId: 'archiveInvoice' },
    ]);
    const instructions = ['archiveInvoice'].map((id) => ({ sourceActivityIds: [id], targetActivityIds: [id] }));
    const migrated = await post(sim, '/migration/execute', {
      migrationPlan: { sourceProcessDefinitionId: DEFS.invoiceV1, targetProcessDefinitionId: DEFS.invoiceV2, instructions },
      processInstanceIds: [PIS.invoiceArchive],
    });
    expect(migrated.status).toBe(204);
    expect((await get(sim, `/job?processInstanceId=${PIS.invoiceArchive}`)).body).toMatchObject([
      { id: retrying[0]!.id, processDefinitionId: DEFS.invoiceV2, jobDefinitionId: jobDefinitionIdOf(DEFS.invoiceV2, 'archiveInvoice'), retries: 2 },
    ]);
    expect((await get(sim, '/job?timers=true&messages=true')).body).toMatchObject({
      type: 'ProcessEngineException',
      message: 'Cannot combine onlyTimers() with onlyMessages() in the same query',
    });
  });
});

describe('criteria Job.xml joins without `and`', () => {
  it('answers two of jobId, jobIds, jobDefinitionId, activityId, processInstanceIds with a persistence failure; an empty list is none', async () => {
    const failed = ((await get(sim, '/job?noRetriesLeft=true')).body as JobDto[])[0]!;
    const persistenceFailure = {
      type: 'ProcessEnginePersistenceException',
      message: 'An exception occurred in the persistence layer. Please check the server logs for a detailed message and the entire exception stack trace.',
      code: 0,
    };
    for (const body of [
      { activityId: 'checkBudget', jobIds: [failed.id] },
      { jobIds: [failed.id], processInstanceIds: [PIS.approvalCheckBudget] },
      { activityId: 'checkBudget', processInstanceIds: [PIS.approvalCheckBudget] },
      { jobId: failed.id, jobDefinitionId: failed.jobDefinitionId },
    ]) {
      const answer = await post(sim, '/job/count', body);
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual(persistenceFailure);
    }
    expect((await get(sim, `/job?activityId=checkBudget&jobDefinitionId=${failed.jobDefinitionId}`)).status).toBe(500);
    // joined with `and`: fine
    expect((await post(sim, '/job/count', { activityId: 'checkBudget', processDefinitionKey: 'invoice-approval', noRetriesLeft: true })).body).toEqual({
      count: 1,
    });
    expect((await post(sim, '/job/count', { jobIds: [failed.id], processDefinitionId: DEFS.invoiceApprovalV1 })).body).toEqual({ count: 1 });
    expect((await post(sim, '/job/count', { activityId: 'checkBudget', jobIds: [], noRetriesLeft: true })).body).toEqual({ count: 1 });
  });
});

describe('job definitions for the GET answer', () => {
  it('are the DTO field for field', async () => {
    const [definition] = (await get(sim, '/job-definition?maxResults=1')).body as JobDefinitionDto[];
    expect(Object.keys(definition!)).toEqual([
      'id',
      'processDefinitionId',
      'processDefinitionKey',
      'activityId',
      'jobType',
      'jobConfiguration',
      'overridingJobPriority',
      'suspended',
      'tenantId',
      'deploymentId',
    ]);
  });
});
