// Variables of running instances over the real socket: POST /process-instance/{id}/variables,
// POST /process-instance/variables-async and POST /variable-instance, checked against the contract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContract } from '../helpers/contract-setup.js';
import { post } from './client.js';
import { SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { BatchDto, Simulator } from './index.js';

checkContract();

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
});

afterEach(async () => {
  await sim.close();
});

interface VariableRow {
  name: string;
  type: string;
  value: unknown;
  valueInfo: Record<string, unknown>;
  processInstanceId: string;
  executionId: string;
}

const variablesOf = async (ids: string[], name?: string): Promise<VariableRow[]> => {
  const answer = await post(sim, '/variable-instance?firstResult=0&maxResults=100&deserializeValues=false', {
    variableScopeIdIn: ids,
    ...(name ? { variableName: name } : {}),
  });
  expect(answer.status).toBe(200);
  return answer.body as VariableRow[];
};

describe('POST /process-instance/{id}/variables', () => {
  it('sets typed and untyped values on the instance scope, and the variable query reads them back serialized', async () => {
    const answer = await post(sim, `/process-instance/${PIS.invoiceApprove1}/variables`, {
      modifications: {
        amount: { value: '42', type: 'Integer' },
        note: { value: 'checked' },
        big: { value: 3000000000 },
        ratio: { value: 0.5 },
        order: { value: '{"a":1}', type: 'Json' },
        gone: { value: 'x', type: 'String', valueInfo: { transient: true } },
      },
    });
    expect(answer).toEqual({ status: 204, contentType: null, body: '' });
    const rows = await variablesOf([PIS.invoiceApprove1]);
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(Object.keys(byName).sort()).toEqual(['amount', 'big', 'note', 'order', 'ratio']);
    expect(byName.amount).toMatchObject({ type: 'Integer', value: 42, processInstanceId: PIS.invoiceApprove1, executionId: PIS.invoiceApprove1 });
    expect(byName.note).toMatchObject({ type: 'String', value: 'checked' });
    expect(byName.big).toMatchObject({ type: 'Long', value: 3000000000 });
    expect(byName.ratio).toMatchObject({ type: 'Double', value: 0.5 });
    expect(byName.order).toMatchObject({ type: 'Json', value: '{"a":1}', valueInfo: { serializationDataFormat: 'application/json' } });
    expect(await variablesOf([PIS.invoiceApprove1], 'amount')).toHaveLength(1);
    expect(await variablesOf([PIS.invoiceApprove2])).toEqual([]);
  });

  it('keeps the id of a variable set again, and deletes what deletions name', async () => {
    await post(sim, `/process-instance/${PIS.invoiceApprove1}/variables`, { modifications: { a: { value: 1, type: 'Integer' }, b: { value: true } } });
    const [first] = await variablesOf([PIS.invoiceApprove1], 'a');
    await post(sim, `/process-instance/${PIS.invoiceApprove1}/variables`, { modifications: { a: { value: 2, type: 'Integer' } }, deletions: ['b'] });
    const rows = await variablesOf([PIS.invoiceApprove1]);
    expect(rows.map((row) => [row.name, row.value])).toEqual([['a', 2]]);
    expect((rows[0] as unknown as { id: string }).id).toBe((first as unknown as { id: string }).id);
  });

  it('answers a missing instance with the engine 500, and a value it cannot convert with 400', async () => {
    const missing = await post(sim, '/process-instance/gone/variables', { modifications: { a: { value: 1 } } });
    expect(missing.status).toBe(500);
    expect(missing.body).toEqual({
      type: 'RestException',
      message: "Cannot modify variables for process instance gone: execution gone doesn't exist: execution is null",
      code: 0,
    });
    const wrong = await post(sim, `/process-instance/${PIS.invoiceApprove1}/variables`, { modifications: { a: { value: 'x', type: 'Integer' } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot modify variables for process instance: Cannot convert value 'x' of type 'Integer' to java type java.lang.Integer",
      code: null,
    });
  });

  it('refuses a Java-serialized object with the engine 500', async () => {
    const answer = await post(sim, `/process-instance/${PIS.invoiceApprove1}/variables`, {
      modifications: {
        o: { value: 'rO0AB', type: 'Object', valueInfo: { serializationDataFormat: 'application/x-java-serialized-object', objectTypeName: 'x.Y' } },
      },
    });
    expect(answer.status).toBe(500);
    expect((answer.body as { message: string }).message).toBe(
      `Cannot modify variables for process instance ${PIS.invoiceApprove1}: Cannot set variable with name o. Java serialization format is prohibited`,
    );
  });
});

describe('POST /process-instance/variables-async', () => {
  it('creates a set-variables batch whose jobs set the variables and skip instances gone meanwhile', async () => {
    const answer = await post(sim, '/process-instance/variables-async', {
      processInstanceIds: [PIS.invoiceApprove1, PIS.invoiceApprove2, 'never-there'],
      variables: { approved: { value: true, type: 'Boolean' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'set-variables', totalJobs: 3 });
    expect(await variablesOf([PIS.invoiceApprove1])).toEqual([]);
    sim.state.endProcessInstance(PIS.invoiceApprove2, 'COMPLETED');
    sim.advanceBatches(10);
    expect((await variablesOf([PIS.invoiceApprove1])).map((row) => [row.name, row.value])).toEqual([['approved', true]]);
    expect(sim.state.findHistoricBatch((answer.body as BatchDto).id)?.endTime).not.toBeNull();
  });

  it('refuses what the engine refuses before it creates a batch', async () => {
    const cases: [unknown, number, Record<string, unknown>][] = [
      [{ processInstanceIds: [PIS.invoiceApprove1], variables: {} }, 400, { type: 'BadUserRequestException', message: 'variables is empty' }],
      [{ processInstanceIds: [PIS.invoiceApprove1] }, 400, { type: 'InvalidRequestException', message: 'variables is null' }],
      [{ processInstanceIds: [], variables: { a: { value: 1 } } }, 400, { type: 'BadUserRequestException', message: 'processInstanceIds is empty' }],
      [{ variables: { a: { value: 1 } } }, 400, { type: 'InvalidRequestException', message: 'No process instances found.' }],
      [
        { processInstanceIds: [PIS.invoiceApprove1], variables: { a: { value: 'x', type: 'Long' } } },
        400,
        { type: 'InvalidRequestException', message: "Cannot set variables: Cannot convert value 'x' of type 'Long' to java type java.lang.Long" },
      ],
    ];
    for (const [body, status, expected] of cases) {
      const answer = await post(sim, '/process-instance/variables-async', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject(expected);
    }
    expect(sim.state.batches).toEqual([]);
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

  it('wants an update permission on the instance or its definition, and CREATE_BATCH_SET_VARIABLES for the batch', async () => {
    const denied = await post(
      secured,
      `/process-instance/${PIS.invoiceApprove1}/variables`,
      { modifications: { a: { value: 1 } } },
      { basicAuth: 'mary:mary' },
    );
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      missingAuthorizations: [
        { permissionName: 'UPDATE' },
        { permissionName: 'UPDATE_VARIABLE' },
        { permissionName: 'UPDATE_INSTANCE' },
        { permissionName: 'UPDATE_INSTANCE_VARIABLE' },
      ],
    });
    const batch = await post(
      secured,
      '/process-instance/variables-async',
      { processInstanceIds: [PIS.invoiceApprove1], variables: { a: { value: 1 } } },
      { basicAuth: 'mary:mary' },
    );
    expect(batch.status).toBe(403);
    expect(batch.body).toMatchObject({ missingAuthorizations: [{ permissionName: 'CREATE' }, { permissionName: 'CREATE_BATCH_SET_VARIABLES' }] });
  });
});
