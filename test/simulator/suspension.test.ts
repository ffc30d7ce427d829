// PUT /process-instance/suspended, POST /process-instance/suspended-async and the user operation log
// they write (GET /history/user-operation, PUT .../set-annotation), over the real socket.
import { afterEach, describe, expect, it } from 'vitest';
import { SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { Simulator } from './index.js';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const DEMO = { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sim!.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('PUT /process-instance/suspended', () => {
  it('suspends the instances it finds, leaves out the others, and answers 204', async () => {
    sim = await startSimulator();
    const answer = await call('PUT', '/process-instance/suspended', { processInstanceIds: [PIS.invoiceApprove1, 'gone'], suspended: true });
    expect(answer.status).toBe(204);
    expect(sim.state.findProcessInstance(PIS.invoiceApprove1)!.suspended).toBe(true);
    const back = await call('PUT', '/process-instance/suspended', { processInstanceIds: [PIS.invoiceApprove1], suspended: false });
    expect(back.status).toBe(204);
    expect(sim.state.findProcessInstance(PIS.invoiceApprove1)!.suspended).toBe(false);
  });

  it('answers the engine 400s: none found, nothing selected', async () => {
    sim = await startSimulator();
    expect(await call('PUT', '/process-instance/suspended', { processInstanceIds: ['gone'], suspended: true })).toEqual({
      status: 400,
      body: { type: 'BadUserRequestException', message: 'No process instance ids given: Process Instance ids is empty', code: 0 },
    });
    expect(await call('PUT', '/process-instance/suspended', { suspended: true })).toEqual({
      status: 400,
      body: {
        type: 'InvalidRequestException',
        message: 'Either processDefinitionId or processDefinitionKey should be set to update the suspension state.',
        code: null,
      },
    });
  });

  it('logs one SuspendJob entry per request and a Suspend entry per instance, for an authenticated user only', async () => {
    sim = await startSimulator({ basicAuth: true });
    expect(
      (await call('PUT', '/process-instance/suspended', { processInstanceIds: [PIS.invoiceApprove1, PIS.invoiceApprove2], suspended: true }, DEMO)).status,
    ).toBe(204);
    const entries = (await call('GET', '/history/user-operation?sortBy=timestamp&sortOrder=asc', undefined, DEMO)).body as Record<string, unknown>[];
    expect(entries.map((entry) => [entry.operationType, entry.entityType, entry.property, entry.newValue, entry.processInstanceId])).toEqual([
      ['SuspendJob', 'ProcessInstance', 'nrOfInstances', '2', null],
      ['SuspendJob', 'ProcessInstance', 'async', 'false', null],
      ['Suspend', 'ProcessInstance', 'suspensionState', 'suspended', PIS.invoiceApprove1],
      ['Suspend', 'ProcessInstance', 'suspensionState', 'suspended', PIS.invoiceApprove2],
    ]);
    expect(new Set(entries.map((entry) => entry.operationId)).size).toBe(1);
    expect(entries[0]!.userId).toBe('demo');
  });

  it('refuses a user without SUSPEND or UPDATE on the instance or its definition (403), changing nothing', async () => {
    sim = await startSimulator({ basicAuth: true });
    const john = { authorization: `Basic ${Buffer.from('john:john').toString('base64')}` };
    const answer = await call('PUT', '/process-instance/suspended', { processInstanceIds: [PIS.invoiceApprove1], suspended: true }, john);
    expect(answer.status).toBe(403);
    expect((answer.body as { type: string }).type).toBe('AuthorizationException');
    expect(sim.state.findProcessInstance(PIS.invoiceApprove1)!.suspended).toBe(false);
  });
});

describe('POST /process-instance/suspended-async', () => {
  it('creates a batch of type instance-update-suspension-state whose jobs set the state', async () => {
    sim = await startSimulator({ batchJobsPerSecond: 0 });
    const answer = await call('POST', '/process-instance/suspended-async', { processInstanceIds: [PIS.invoiceApprove1, PIS.invoiceApprove2], suspended: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'instance-update-suspension-state', totalJobs: 2, jobsCreated: 0 });
    expect(sim.state.findProcessInstance(PIS.invoiceApprove1)!.suspended).toBe(false);
    sim.advanceBatches(10);
    expect(sim.state.findProcessInstance(PIS.invoiceApprove1)!.suspended).toBe(true);
    expect(sim.state.findProcessInstance(PIS.invoiceApprove2)!.suspended).toBe(true);
  });

  it('needs CREATE or CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND on Batch', async () => {
    sim = await startSimulator({ basicAuth: true });
    const john = { authorization: `Basic ${Buffer.from('john:john').toString('base64')}` };
    const answer = await call('POST', '/process-instance/suspended-async', { processInstanceIds: [PIS.invoiceApprove1], suspended: true }, john);
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).toContain('CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND');
  });
});

describe('PUT /history/user-operation/{operationId}/set-annotation', () => {
  it('sets the annotation on every entry of the operation, and logs that it did', async () => {
    sim = await startSimulator({ basicAuth: true });
    await call('PUT', '/process-instance/suspended', { processInstanceIds: [PIS.invoiceApprove1], suspended: true }, DEMO);
    const [entry] = (await call('GET', '/history/user-operation?operationType=SuspendJob', undefined, DEMO)).body as { operationId: string }[];
    expect((await call('PUT', `/history/user-operation/${entry!.operationId}/set-annotation`, { annotation: 'INC-1' }, DEMO)).status).toBe(204);
    const annotated = (await call('GET', `/history/user-operation?operationId=${entry!.operationId}`, undefined, DEMO)).body as { annotation: string }[];
    expect(annotated.map((row) => row.annotation)).toEqual(['INC-1', 'INC-1', 'INC-1']);
    const log = (await call('GET', '/history/user-operation?operationType=SetAnnotation', undefined, DEMO)).body as { newValue: string }[];
    expect(log.map((row) => row.newValue)).toEqual([entry!.operationId]);
    expect(await call('PUT', '/history/user-operation/nope/set-annotation', { annotation: 'x' }, DEMO)).toEqual({
      status: 400,
      body: { type: 'BadUserRequestException', message: 'operation is null', code: 0 },
    });
  });
});
