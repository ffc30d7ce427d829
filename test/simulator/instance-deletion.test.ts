// Deleting running instances and finished ones over the real socket: DELETE /process-instance/{id},
// POST /process-instance/delete, DELETE /history/process-instance/{id}, POST /history/process-instance/delete,
// every request and answer checked against the engine's contract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContract } from '../helpers/contract-setup.js';
import { call, get, ManualClock, post } from './client.js';
import { SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { BatchDto, HistoricProcessInstanceDto, Simulator } from './index.js';

checkContract();

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
  sim.state.clock = new ManualClock(Date.UTC(2026, 10, 28, 12, 0, 0, 0)).read;
});

afterEach(async () => {
  await sim.close();
});

const historic = async (id: string): Promise<HistoricProcessInstanceDto | undefined> => {
  const answer = await post(sim, '/history/process-instance?firstResult=0&maxResults=10', { processInstanceIds: [id] });
  expect(answer.status).toBe(200);
  return (answer.body as HistoricProcessInstanceDto[])[0];
};
const running = (id: string): boolean => sim.state.findProcessInstance(id) !== undefined;

describe('DELETE /process-instance/{id}', () => {
  it('deletes the instance: gone from the runtime, in the history externally terminated without a reason', async () => {
    const answer = await call(sim, 'DELETE', `/process-instance/${PIS.invoiceApprove1}`);
    expect(answer).toEqual({ status: 204, contentType: null, body: '' });
    expect(running(PIS.invoiceApprove1)).toBe(false);
    expect(await historic(PIS.invoiceApprove1)).toMatchObject({ state: 'EXTERNALLY_TERMINATED', deleteReason: null, endTime: '2026-11-28T12:00:00.000+0000' });
  });

  it('answers a missing instance with 404, or 204 with failIfNotExists=false', async () => {
    const missing = await call(sim, 'DELETE', '/process-instance/gone');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ type: 'InvalidRequestException', message: "No process instance found for id 'gone': processInstance is null", code: 0 });
    expect((await call(sim, 'DELETE', '/process-instance/gone?failIfNotExists=false')).status).toBe(204);
  });

  it('takes the instances it called along, unless skipSubprocesses', async () => {
    expect((await call(sim, 'DELETE', `/process-instance/${PIS.approvalArchive}`)).status).toBe(204);
    expect(running(PIS.archiveChild)).toBe(false);
    expect(await historic(PIS.archiveChild)).toMatchObject({ state: 'EXTERNALLY_TERMINATED' });
  });

  it('keeps the called instances with skipSubprocesses=true, as roots', async () => {
    expect(
      (await call(sim, 'DELETE', `/process-instance/${PIS.approvalArchive}?skipSubprocesses=true&skipCustomListeners=true&skipIoMappings=true`)).status,
    ).toBe(204);
    expect(sim.state.findProcessInstance(PIS.archiveChild)?.superProcessInstanceId).toBeNull();
  });

  it('cancels the parent call activity of a deleted child: the parent, waiting nowhere else, ends too', async () => {
    expect((await call(sim, 'DELETE', `/process-instance/${PIS.archiveChild}`)).status).toBe(204);
    expect(running(PIS.approvalArchive)).toBe(false);
    expect(await historic(PIS.approvalArchive)).toMatchObject({ state: 'EXTERNALLY_TERMINATED' });
  });

  it('removes the instance incidents with it', async () => {
    expect(sim.state.incidents.some((incident) => incident.processInstanceId === PIS.approvalCheckBudget)).toBe(true);
    expect((await call(sim, 'DELETE', `/process-instance/${PIS.approvalCheckBudget}`)).status).toBe(204);
    expect(sim.state.incidents.some((incident) => incident.processInstanceId === PIS.approvalCheckBudget)).toBe(false);
  });
});

describe('POST /process-instance/delete', () => {
  it('creates an instance-deletion batch whose jobs delete with the reason and skip instances gone meanwhile', async () => {
    sim.state.batchSettings.invocationsPerBatchJob = 2;
    const answer = await post(sim, '/process-instance/delete', {
      processInstanceIds: [PIS.invoiceApprove1, PIS.invoiceApprove2, 'never-there'],
      deleteReason: 'ticket OPS-1',
      skipCustomListeners: true,
      skipSubprocesses: false,
      skipIoMappings: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'instance-deletion', totalJobs: 2, invocationsPerBatchJob: 2, jobsCreated: 0 });
    expect(running(PIS.invoiceApprove1)).toBe(true);
    expect(sim.advanceBatches(10)).toBe(3);
    expect(running(PIS.invoiceApprove1) || running(PIS.invoiceApprove2)).toBe(false);
    expect(await historic(PIS.invoiceApprove2)).toMatchObject({ state: 'EXTERNALLY_TERMINATED', deleteReason: 'ticket OPS-1' });
    const batch = await get(sim, `/history/batch/${(answer.body as BatchDto).id}`);
    expect(batch.body).toMatchObject({ type: 'instance-deletion', endTime: expect.any(String) });
  });

  it('refuses no ids with 400', async () => {
    for (const body of [{ processInstanceIds: [] }, {}]) {
      const answer = await post(sim, '/process-instance/delete', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ type: 'InvalidRequestException', message: 'processInstanceIds is empty', code: null });
    }
  });

  it('fails the job of an instance told to fail, deleting none of that job', async () => {
    sim.state.batchSettings.failInstanceIds = new Set([PIS.invoiceApprove3]);
    const answer = await post(sim, '/process-instance/delete', { processInstanceIds: [PIS.invoiceApprove3] });
    sim.advanceBatches(5);
    expect(running(PIS.invoiceApprove3)).toBe(true);
    const statistics = await get(sim, `/batch/statistics?batchId=${(answer.body as BatchDto).id}&firstResult=0&maxResults=1`);
    expect(statistics.body).toMatchObject([{ failedJobs: 1 }]);
  });
});

describe('DELETE /history/process-instance/{id}', () => {
  it('deletes a finished instance history', async () => {
    sim.state.endProcessInstance(PIS.demoV1First, 'COMPLETED');
    expect((await call(sim, 'DELETE', `/history/process-instance/${PIS.demoV1First}`)).status).toBe(204);
    expect(await historic(PIS.demoV1First)).toBeUndefined();
  });

  it('answers a running instance, like a missing one, with the same 404', async () => {
    const expected = (id: string) => ({ type: 'InvalidRequestException', message: `Historic process instance with id ${id} does not exist`, code: 0 });
    const runningAnswer = await call(sim, 'DELETE', `/history/process-instance/${PIS.demoV1Second}?failIfNotExists=false`);
    expect(runningAnswer.status).toBe(404);
    expect(runningAnswer.body).toEqual(expected(PIS.demoV1Second));
    const missing = await call(sim, 'DELETE', '/history/process-instance/gone');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(expected('gone'));
    expect((await call(sim, 'DELETE', '/history/process-instance/gone?failIfNotExists=false')).status).toBe(204);
  });
});

describe('POST /history/process-instance/delete', () => {
  it('creates a historic-instance-deletion batch whose jobs delete the history', async () => {
    sim.state.endProcessInstance(PIS.demoV1First, 'COMPLETED');
    sim.state.endProcessInstance(PIS.demoV1Second, 'EXTERNALLY_TERMINATED');
    const answer = await post(sim, '/history/process-instance/delete', {
      historicProcessInstanceIds: [PIS.demoV1First, PIS.demoV1Second],
      deleteReason: 'clean-up',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'historic-instance-deletion', totalJobs: 2 });
    sim.advanceBatches(10);
    expect(await historic(PIS.demoV1First)).toBeUndefined();
    expect(await historic(PIS.demoV1Second)).toBeUndefined();
  });

  it('fails the job of an instance that still runs', async () => {
    const answer = await post(sim, '/history/process-instance/delete', { historicProcessInstanceIds: [PIS.demoV1Third] });
    sim.advanceBatches(5);
    const statistics = await get(sim, `/batch/statistics?batchId=${(answer.body as BatchDto).id}&firstResult=0&maxResults=1`);
    expect(statistics.body).toMatchObject([{ failedJobs: 1 }]);
    expect(sim.state.jobLog.some((entry) => entry.jobExceptionMessage?.includes('still running'))).toBe(true);
  });

  it('refuses no ids with 400', async () => {
    const answer = await post(sim, '/history/process-instance/delete', { historicProcessInstanceIds: [] });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ type: 'InvalidRequestException', message: 'historicProcessInstanceIds is empty', code: null });
  });
});

describe('with Basic auth', () => {
  let secured: Simulator;
  beforeEach(async () => {
    secured = await startSimulator({ basicAuth: true, batchJobsPerSecond: 0 });
  });
  afterEach(async () => {
    await secured.close();
  });

  it('wants DELETE on the instance or DELETE_INSTANCE on its definition, and a batch permission for the batch', async () => {
    const denied = await call(secured, 'DELETE', `/process-instance/${PIS.invoiceApprove1}`, { basicAuth: 'mary:mary' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      type: 'AuthorizationException',
      missingAuthorizations: [{ permissionName: 'DELETE' }, { permissionName: 'DELETE_INSTANCE' }],
    });
    const batch = await post(secured, '/process-instance/delete', { processInstanceIds: [PIS.invoiceApprove1] }, { basicAuth: 'mary:mary' });
    expect(batch.status).toBe(403);
    expect(batch.body).toMatchObject({
      missingAuthorizations: [{ permissionName: 'CREATE' }, { permissionName: 'CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES' }],
    });
    expect((await call(secured, 'DELETE', `/process-instance/${PIS.invoiceApprove1}`, { basicAuth: 'demo:demo' })).status).toBe(204);
  });

  it('wants DELETE_HISTORY on the definition of a finished instance', async () => {
    secured.state.endProcessInstance(PIS.demoV1First, 'COMPLETED');
    const denied = await call(secured, 'DELETE', `/history/process-instance/${PIS.demoV1First}`, { basicAuth: 'mary:mary' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ missingAuthorizations: [{ permissionName: 'DELETE_HISTORY', resourceId: 'refengine-demo' }] });
  });
});
