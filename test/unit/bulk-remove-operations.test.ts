// The operations of `instance delete`, `instance delete --finished` and `instance variables set`
// (src/bulk/operations/) against the simulator: a chunk sent one object at a time, a batch, where
// each object is afterwards, refusals object by object, and a chunked run of the change pipeline.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteHistoricInstancesOperation } from '../../src/bulk/operations/delete-historic-instances.js';
import { deleteInstancesOperation, NO_INSTANCE_DETAIL } from '../../src/bulk/operations/delete-instances.js';
import { ObjectsFailedError } from '../../src/bulk/operations/one-by-one.js';
import { NO_VARIABLES_DETAIL, setVariablesOperation } from '../../src/bulk/operations/set-variables.js';
import { ChangeFailedError } from '../../src/change/errors.js';
import type { ChangeEvent, GroupEvent } from '../../src/change/events.js';
import type { ChangeHost } from '../../src/change/host.js';
import { Journal } from '../../src/change/journal.js';
import { runChange } from '../../src/change/run.js';
import { EngineClient } from '../../src/engine/client.js';
import { RequestAbandonedError } from '../../src/engine/http.js';
import { describeFailure } from '../../src/exit.js';
import { ExitCode } from '../../src/exit-codes.js';
import { SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from '../simulator/index.js';
import type { Simulator } from '../simulator/index.js';
import { tempDir } from '../helpers/temp.js';

let sim: Simulator;
let client: EngineClient;

const clientOf = (engine: Simulator, user?: string) =>
  new EngineClient({
    baseUrl: engine.url,
    timeoutMs: 10_000,
    retries: 0,
    userAgent: 'test',
    ...(user ? { credentials: { type: 'basic' as const, username: user, password: user } } : {}),
  });

beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
  client = clientOf(sim);
});

afterEach(async () => {
  await client.close();
  await sim.close();
});

const NO_SKIPS = { skipCustomListeners: false, skipIoMappings: false, skipSubprocesses: false };
const statesOf = async (found: Promise<{ id: string; state: string }[]>) => Object.fromEntries((await found).map((object) => [object.id, object.state]));

/** A host that says yes and records what the run says. */
function host(): ChangeHost & { events: (ChangeEvent | GroupEvent)[] } {
  const events: (ChangeEvent | GroupEvent)[] = [];
  return {
    events,
    emit: (event) => events.push(event),
    confirm: async () => {},
    takeOverInterrupt: () => () => {},
    followBatch: async () => ({ failure: undefined }),
  };
}

describe('deleting running instances', () => {
  it('sends one DELETE per instance with the skip flags, and tells deleted from running and ended', async () => {
    const operation = deleteInstancesOperation(client, { ...NO_SKIPS, skipSubprocesses: true });
    sim.state.endProcessInstance(PIS.invoiceApprove3, 'COMPLETED');
    await operation.sendChunk([PIS.invoiceApprove1, PIS.approvalArchive]);
    const deletes = sim.requests.filter((request) => request.method === 'DELETE').map((request) => request.path.replace(/^\/engine-rest/, ''));
    expect(deletes.sort()).toEqual(
      [PIS.invoiceApprove1, PIS.approvalArchive]
        .map((id) => `/process-instance/${id}?skipCustomListeners=false&skipIoMappings=false&skipSubprocesses=true&failIfNotExists=false`)
        .sort(),
    );
    const found = await operation.statesOf([PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3, PIS.archiveChild]);
    expect(found.map(({ id, state, detail }) => [id, state, detail.state])).toEqual([
      [PIS.invoiceApprove1, 'changed', 'EXTERNALLY_TERMINATED'],
      [PIS.invoiceApprove2, 'unchanged', 'ACTIVE'],
      [PIS.invoiceApprove3, 'ended', 'COMPLETED'],
      [PIS.archiveChild, 'unchanged', 'ACTIVE'],
    ]);
    expect(operation.outcomeNames.changed).toBe('deleted');
  });

  it('sends an instance deleted meanwhile again without a failure (failIfNotExists=false)', async () => {
    const operation = deleteInstancesOperation(client, NO_SKIPS);
    await operation.sendChunk([PIS.invoiceApprove1]);
    await expect(operation.sendChunk([PIS.invoiceApprove1])).resolves.toBeUndefined();
  });

  it('creates one instance-deletion batch with the reason, which the engine records', async () => {
    const operation = deleteInstancesOperation(client, { ...NO_SKIPS, reason: 'OPS-7: stuck after the outage' });
    const batch = await operation.createBatch([PIS.invoiceApprove1, PIS.invoiceApprove2]);
    expect(batch).toMatchObject({ type: 'instance-deletion', totalJobs: 2 });
    sim.advanceBatches(10);
    const found = await operation.statesOf([PIS.invoiceApprove1, PIS.invoiceApprove2]);
    expect(found.map((object) => object.state)).toEqual(['changed', 'changed']);
    const [row] = await client.processInstances.history([PIS.invoiceApprove1]);
    expect(row?.deleteReason).toBe('OPS-7: stuck after the outage');
  });

  it('names each instance the engine refused; the others of the chunk are deleted: partly done, exit 8', async () => {
    const secured = await startSimulator({ basicAuth: true, batchJobsPerSecond: 0 });
    const john = clientOf(secured, 'john');
    try {
      // john may delete the instances of invoice, not those of refengine-demo.
      secured.state.authorizations.push({
        id: 'john-delete-invoice',
        type: 1,
        permissions: ['DELETE_INSTANCE', 'READ_INSTANCE', 'READ_HISTORY'],
        userId: 'john',
        groupId: null,
        resourceType: 6,
        resourceId: 'invoice',
        removalTime: null,
        rootProcessInstanceId: null,
      });
      const operation = deleteInstancesOperation(john, NO_SKIPS);
      const error = await operation.sendChunk([PIS.invoiceApprove1, PIS.demoV1First, PIS.invoiceApprove2]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ObjectsFailedError);
      expect((error as ObjectsFailedError).failures.map((failure) => failure.id)).toEqual([PIS.demoV1First]);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^1 of 3 instances were not deleted \\(${PIS.demoV1First}: AuthorizationException: .*\\); the other 2 were, each request being its own transaction$`,
        ),
      );
      const failure = operation.explainRefusal(error, 'chunk 1/1 was rolled back');
      expect(failure).toBeInstanceOf(ChangeFailedError);
      expect(describeFailure(failure).exitCode).toBe(ExitCode.Partial);
      expect(secured.state.findProcessInstance(PIS.invoiceApprove2)).toBeUndefined();
    } finally {
      await john.close();
      await secured.close();
    }
  });

  it('stops at the second Ctrl-C: instances not sent yet stay, and the chunk is abandoned', async () => {
    const operation = deleteInstancesOperation(client, NO_SKIPS);
    const abort = new AbortController();
    abort.abort();
    const error = await operation.sendChunk([PIS.invoiceApprove1, PIS.invoiceApprove2], abort.signal).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestAbandonedError);
    expect(sim.state.findProcessInstance(PIS.invoiceApprove1)).toBeDefined();
  });

  it('runs as a chunked change: each instance deleted once, the outcome of each, the journal done', async () => {
    const dir = tempDir('delete-');
    const journalFile = join(dir, 'delete.journal.jsonl');
    const ids = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3, PIS.invoicePrepare1, PIS.invoicePrepare2];
    const operation = deleteInstancesOperation(client, NO_SKIPS);
    const outcome = await runChange(host(), {
      operation,
      mode: { kind: 'chunked', chunkSize: 2, journalFile, replaceJournal: false, engine: { url: sim.url, name: 'default', version: '7.24.0' } },
      ids,
      resumed: undefined,
      scope: { operation: 'instance-delete' },
      engineVersion: async () => '7.24.0',
      noDetail: NO_INSTANCE_DETAIL,
    });
    expect(outcome.failure).toBeUndefined();
    expect(outcome.result?.outcome).toEqual({ deleted: 5, 'already-deleted': 0, running: 0, ended: 0, unknown: 0 });
    expect(sim.requests.filter((request) => request.method === 'DELETE')).toHaveLength(5);
    const { journal, state } = await Journal.resume(journalFile);
    await journal.close();
    expect([...state.confirmed].sort()).toEqual([...ids].sort());
  });
});

describe('deleting finished instances from the history', () => {
  it('deletes finished ones; a running one is refused (the engine says it does not exist) and reported as running', async () => {
    sim.state.endProcessInstance(PIS.demoV1First, 'COMPLETED');
    sim.state.endProcessInstance(PIS.demoV1Second, 'EXTERNALLY_TERMINATED');
    const operation = deleteHistoricInstancesOperation(client, {});
    const error = await operation.sendChunk([PIS.demoV1First, PIS.demoV1Third, PIS.demoV1Second]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ObjectsFailedError);
    expect((error as Error).message).toContain(
      `${PIS.demoV1Third}: InvalidRequestException: Historic process instance with id ${PIS.demoV1Third} does not exist`,
    );
    expect(await statesOf(operation.statesOf([PIS.demoV1First, PIS.demoV1Second, PIS.demoV1Third]))).toEqual({
      [PIS.demoV1First]: 'changed',
      [PIS.demoV1Second]: 'changed',
      [PIS.demoV1Third]: 'other',
    });
    expect(operation.outcomeNames.other).toBe('running');
  });

  it('creates one historic-instance-deletion batch; an id deleted meanwhile is no failure of a chunk', async () => {
    sim.state.endProcessInstance(PIS.demoV1First, 'COMPLETED');
    sim.state.endProcessInstance(PIS.demoV1Second, 'COMPLETED');
    const operation = deleteHistoricInstancesOperation(client, { reason: 'retention' });
    await operation.sendChunk([PIS.demoV1First]);
    await operation.sendChunk([PIS.demoV1First]);
    expect(await operation.createBatch([PIS.demoV1Second])).toMatchObject({ type: 'historic-instance-deletion', totalJobs: 1 });
    expect(sim.requests.find((request) => request.path.endsWith('/history/process-instance/delete'))?.body).toBe(
      JSON.stringify({ historicProcessInstanceIds: [PIS.demoV1Second], deleteReason: 'retention' }),
    );
    sim.advanceBatches(5);
    expect(await statesOf(operation.statesOf([PIS.demoV1Second]))).toEqual({ [PIS.demoV1Second]: 'changed' });
  });
});

describe('setting variables', () => {
  const variables = {
    amount: { value: '42', type: 'Integer' },
    due: { value: '2026-12-01T10:00:00.000+0100', type: 'Date' },
    order: { value: '{"b":2,"a":1}', type: 'Json' },
    note: { value: 'checked' },
  };

  it('sets them on each instance; then each holds every variable as asked', async () => {
    const operation = setVariablesOperation(client, variables);
    expect(await statesOf(operation.statesOf([PIS.invoiceApprove1]))).toEqual({ [PIS.invoiceApprove1]: 'unchanged' });
    await operation.sendChunk([PIS.invoiceApprove1, PIS.invoiceApprove2]);
    const found = await operation.statesOf([PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3]);
    expect(found.map(({ id, state, detail }) => [id, state, detail.notSet])).toEqual([
      [PIS.invoiceApprove1, 'changed', null],
      [PIS.invoiceApprove2, 'changed', null],
      [PIS.invoiceApprove3, 'unchanged', 'amount,due,order,note'],
    ]);
  });

  it('tells a value set otherwise from one set as asked (by type and value, dates as instants, JSON as data)', async () => {
    await client.processInstances.setVariables(PIS.invoiceApprove1, {
      amount: { value: 43, type: 'Integer' },
      due: { value: '2026-12-01T09:00:00.000+0000', type: 'Date' },
      order: { value: '{"a":1,"b":2}', type: 'Json' },
      note: { value: 'checked', type: 'String' },
    });
    const [found] = await setVariablesOperation(client, variables).statesOf([PIS.invoiceApprove1]);
    expect(found).toMatchObject({ state: 'unchanged', detail: { notSet: 'amount' } });
  });

  it('an instance that ended meanwhile is no failure of the chunk: it has ended', async () => {
    const operation = setVariablesOperation(client, variables);
    sim.state.endProcessInstance(PIS.invoiceApprove2, 'COMPLETED');
    await expect(operation.sendChunk([PIS.invoiceApprove1, PIS.invoiceApprove2])).resolves.toBeUndefined();
    expect(await statesOf(operation.statesOf([PIS.invoiceApprove1, PIS.invoiceApprove2]))).toEqual({
      [PIS.invoiceApprove1]: 'changed',
      [PIS.invoiceApprove2]: 'ended',
    });
  });

  it('creates one set-variables batch; its jobs set them', async () => {
    const operation = setVariablesOperation(client, variables);
    expect(await operation.createBatch([PIS.invoiceApprove1])).toMatchObject({ type: 'set-variables' });
    sim.advanceBatches(5);
    expect(await statesOf(operation.statesOf([PIS.invoiceApprove1]))).toEqual({ [PIS.invoiceApprove1]: 'changed' });
  });

  it('a value every instance refuses fails the chunk with the engine own exit code, nothing done', async () => {
    const operation = setVariablesOperation(client, {
      o: { value: 'x', type: 'Object', valueInfo: { serializationDataFormat: 'application/x-java-serialized-object' } },
    });
    const error = await operation.sendChunk([PIS.invoiceApprove1, PIS.invoiceApprove2]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ObjectsFailedError);
    expect((error as Error).message).toMatch(/^2 of 2 instances were not updated \(.*Java serialization format is prohibited/);
    expect(describeFailure(operation.explainRefusal(error, '')).exitCode).toBe(ExitCode.EngineRejected);
    expect(NO_VARIABLES_DETAIL).toEqual({ definitionId: null, notSet: null });
  });
});
