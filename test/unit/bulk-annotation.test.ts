// --annotation (src/bulk/annotation.ts) and the batch permission check (src/bulk/authorization.ts)
// against fake engine clients: which operation ids are annotated, what is reported, and when the
// permission check refuses, passes or is skipped.
import { describe, expect, it } from 'vitest';
import { annotateChange } from '../../src/bulk/annotation.js';
import { checkBatchPermission } from '../../src/bulk/authorization.js';
import type { BulkEvent } from '../../src/bulk/events.js';
import { ChangeFailedError } from '../../src/change/errors.js';
import type { EngineClient } from '../../src/engine/client.js';
import { EngineHttpError } from '../../src/engine/errors.js';
import type { OpLogEntry, OpLogFilter } from '../../src/engine/op-log.js';

function entry(operationId: string, annotation: string | null = null): OpLogEntry {
  return {
    id: `e-${operationId}`,
    operationId,
    operationType: 'SuspendJob',
    entityType: 'ProcessInstance',
    timestamp: '2026-11-28T12:00:00.000+0000',
    annotation,
  };
}

function fakeClient(entries: OpLogEntry[], failSet = false) {
  const asked: { filter: OpLogFilter; max: number }[] = [];
  const annotated: [string, string][] = [];
  const client = {
    opLog: {
      entries: async (filter: OpLogFilter, max: number) => {
        asked.push({ filter, max });
        return entries;
      },
      setAnnotation: async (operationId: string, text: string) => {
        if (failSet) throw new Error('403 Forbidden: user lacks UPDATE on OperationLogCategory');
        annotated.push([operationId, text]);
      },
    },
  } as unknown as EngineClient;
  return { client, asked, annotated };
}

const OPERATION = { opLog: { operationType: 'SuspendJob', entityType: 'ProcessInstance', property: 'nrOfInstances' } };
const STARTED = new Date('2026-11-28T12:00:30.000Z');

describe('annotateChange', () => {
  it("annotates the newest entries not annotated yet, one per request, each operation once, and filters by the run's user and start", async () => {
    const { client, asked, annotated } = fakeClient([entry('op3'), entry('op3'), entry('op2', 'earlier'), entry('op1'), entry('op0')]);
    const events: BulkEvent[] = [];
    const ids = await annotateChange(client, { emitBulk: (event) => events.push(event) }, OPERATION, {
      text: 'INC-1',
      startedAt: STARTED,
      requests: 2,
      user: 'demo',
    });
    expect(ids).toEqual(['op3', 'op1']);
    expect(annotated).toEqual([
      ['op3', 'INC-1'],
      ['op1', 'INC-1'],
    ]);
    expect(asked[0]!.filter).toEqual({
      operationType: 'SuspendJob',
      entityType: 'ProcessInstance',
      property: 'nrOfInstances',
      afterTimestamp: '2026-11-28T11:59:30.000+0000',
      userId: 'demo',
    });
    expect(events).toEqual([{ type: 'annotated', operationIds: ['op3', 'op1'], expected: 2 }]);
  });

  it('says when there is no entry, and reports a failure without throwing (the change is made)', async () => {
    const none: BulkEvent[] = [];
    await annotateChange(fakeClient([]).client, { emitBulk: (event) => none.push(event) }, OPERATION, {
      text: 'x',
      startedAt: STARTED,
      requests: 1,
      user: undefined,
    });
    expect(none).toEqual([{ type: 'annotation-not-found', operationType: 'SuspendJob' }]);
    const failed: BulkEvent[] = [];
    await annotateChange(fakeClient([entry('op1')], true).client, { emitBulk: (event) => failed.push(event) }, OPERATION, {
      text: 'x',
      startedAt: STARTED,
      requests: 1,
      user: undefined,
    });
    expect(failed).toEqual([{ type: 'annotation-failed', reason: '403 Forbidden: user lacks UPDATE on OperationLogCategory' }]);
  });
});

describe('checkBatchPermission', () => {
  const clientAnswering = (answer: (permission: string) => boolean | Error) =>
    ({
      authorizations: {
        check: async ({ permissionName }: { permissionName: string }) => {
          const result = answer(permissionName);
          if (result instanceof Error) throw result;
          return { permissionName, resourceName: 'Batch', resourceId: null, authorized: result };
        },
      },
    }) as unknown as EngineClient;

  it('passes with either CREATE or the operation permission, and refuses with neither', async () => {
    await expect(
      checkBatchPermission(
        clientAnswering((permission) => permission === 'CREATE'),
        'CREATE_BATCH_X',
      ),
    ).resolves.toBeUndefined();
    await expect(
      checkBatchPermission(
        clientAnswering((permission) => permission === 'CREATE_BATCH_X'),
        'CREATE_BATCH_X',
      ),
    ).resolves.toBeUndefined();
    const refused = checkBatchPermission(
      clientAnswering(() => false),
      'CREATE_BATCH_X',
    );
    await expect(refused).rejects.toBeInstanceOf(ChangeFailedError);
    await expect(refused).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('skips the check when the engine cannot answer it (no authenticated user: 401)', async () => {
    const unauthenticated = new EngineHttpError(
      { method: 'GET', url: 'http://e/authorization/check' },
      { status: 401, body: undefined, bodySnippet: undefined },
      '401',
    );
    await expect(
      checkBatchPermission(
        clientAnswering(() => unauthenticated),
        'CREATE_BATCH_X',
      ),
    ).resolves.toBeUndefined();
  });
});
