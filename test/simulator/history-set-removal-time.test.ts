// POST /history/process-instance/set-removal-time over the real socket: the refusals in the order and
// words of Camunda 7.24 (measured), the batch permission, and what its jobs do to the history.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './client.js';
import { SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { Simulator } from './index.js';

let sim: Simulator;
const PATH = '/history/process-instance/set-removal-time';
const END = '2026-01-10T10:00:00.000+0000';

afterEach(async () => {
  await sim.close();
});

const badUserRequest = (message: string) => ({ status: 400, body: { type: 'BadUserRequestException', message, code: 0 } });
const removalTimeOf = (id: string) => sim.state.endedProcessInstances.find((ended) => ended.id === id)?.removalTime ?? null;

describe('set-removal-time', () => {
  beforeEach(async () => {
    sim = await startSimulator({ batchJobsPerSecond: 0 });
    sim.state.endProcessInstance(PIS.invoiceApprove1, 'COMPLETED', { endTime: END });
  });

  it('refuses as the engine does, in its order', async () => {
    const ended = PIS.invoiceApprove1;
    for (const [body, answer] of [
      [{ historicProcessInstanceIds: [], clearedRemovalTime: true }, badUserRequest('historicProcessInstances is empty')],
      [{ historicProcessInstanceIds: ['nope'], clearedRemovalTime: true }, badUserRequest('historicProcessInstances is empty')],
      [{ historicProcessInstanceIds: [ended] }, badUserRequest('removalTime is null')],
      [
        { historicProcessInstanceIds: ['x'], clearedRemovalTime: true, calculatedRemovalTime: true },
        badUserRequest('The removal time modes are mutually exclusive: mode is not null'),
      ],
      [
        { historicProcessInstanceIds: ['x'], clearedRemovalTime: true, updateInChunks: true, updateChunkSize: 501 },
        badUserRequest('The value for chunk size should be between 1 and 500'),
      ],
      [{ clearedRemovalTime: true }, badUserRequest('Neither query nor ids provided.')],
      [
        { historicProcessInstanceIds: ['x'], absoluteRemovalTime: 'tomorrow' },
        { status: 400, body: { type: 'InvalidRequestException', message: '', code: null } },
      ],
    ] as const) {
      const answer_ = await call(sim, 'POST', PATH, { body });
      expect({ status: answer_.status, body: answer_.body }, JSON.stringify(body)).toEqual(answer);
    }
    expect(sim.state.batches).toEqual([]);
  });

  it('creates a process-set-removal-time batch of the ids the history has; its jobs set the removal time', async () => {
    const answer = await call(sim, 'POST', PATH, {
      body: { historicProcessInstanceIds: [PIS.invoiceApprove1, 'gone'], absoluteRemovalTime: '2027-01-31T00:00:00.000+0100', hierarchical: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'process-set-removal-time', totalJobs: 1 });
    expect(removalTimeOf(PIS.invoiceApprove1)).not.toBe('2027-01-30T23:00:00.000+0000');
    sim.advanceBatches(10);
    expect(removalTimeOf(PIS.invoiceApprove1)).toBe('2027-01-30T23:00:00.000+0000');

    await call(sim, 'POST', PATH, { body: { historicProcessInstanceIds: [PIS.invoiceApprove1], clearedRemovalTime: true } });
    sim.advanceBatches(10);
    expect(removalTimeOf(PIS.invoiceApprove1)).toBeNull();

    // invoice:1 has a time-to-live of 45 days: calculated from the end.
    await call(sim, 'POST', PATH, { body: { historicProcessInstanceIds: [PIS.invoiceApprove1], calculatedRemovalTime: true, hierarchical: true } });
    sim.advanceBatches(10);
    expect(removalTimeOf(PIS.invoiceApprove1)).toBe('2026-02-24T10:00:00.000+0000');
  });
});

describe('set-removal-time with Basic auth', () => {
  beforeEach(async () => {
    sim = await startSimulator({ basicAuth: true, batchJobsPerSecond: 0 });
    sim.state.endProcessInstance(PIS.invoiceApprove1, 'COMPLETED', { endTime: END });
  });

  it('needs CREATE or CREATE_BATCH_SET_REMOVAL_TIME on Batch, and logs SetRemovalTime', async () => {
    const body = { historicProcessInstanceIds: [PIS.invoiceApprove1], clearedRemovalTime: true };
    const refused = await call(sim, 'POST', PATH, { body, basicAuth: 'john:john' });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('CREATE_BATCH_SET_REMOVAL_TIME');
    const created = await call(sim, 'POST', PATH, { body, basicAuth: 'demo:demo' });
    expect(created.status).toBe(200);
    const log = await call(sim, 'GET', '/history/user-operation?operationType=SetRemovalTime', { basicAuth: 'demo:demo' });
    expect((log.body as { property: string; newValue: string | null }[]).map((entry) => [entry.property, entry.newValue]).sort()).toEqual(
      [
        ['async', 'true'],
        ['chunkSize', null],
        ['hierarchical', 'false'],
        ['mode', 'CLEARED_REMOVAL_TIME'],
        ['nrOfInstances', '1'],
        ['removalTime', null],
        ['updateInChunks', 'false'],
      ].sort(),
    );
  });
});
