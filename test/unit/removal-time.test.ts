// `history removal-time set`: the batch body per mode, what counts as the removal time asked
// (src/history/removal-time.ts), the refusals up front (src/history/removal-time-checks.ts), and the
// operation (src/bulk/operations/set-removal-time.ts) against a stub of the engine's history.
import { describe, expect, it } from 'vitest';
import { setRemovalTimeOperation } from '../../src/bulk/operations/set-removal-time.js';
import { ChangeFailedError } from '../../src/change/errors.js';
import { EngineHttpError } from '../../src/engine/errors.js';
import type { HistoricInstance } from '../../src/engine/historic-process-instances.js';
import { QueryLimit } from '../../src/engine/limits.js';
import { isCalculatedRemovalTime, isRemovalTime, type RemovalTimeChange, setRemovalTimeBody } from '../../src/history/removal-time.js';
import { missingTtlMessage, updateInChunksRefusal } from '../../src/history/removal-time-checks.js';
import { DefinitionTtls } from '../../src/history/removal-time-ttls.js';

const LINE = { method: 'POST', url: 'http://engine/engine-rest/history/process-instance/set-removal-time' };
const AT = new Date('2027-01-31T10:00:00.000Z');

describe('the batch body', () => {
  it('names one mode, the ids and hierarchical; the chunked update only when asked', () => {
    expect(setRemovalTimeBody({ mode: { kind: 'absolute', at: AT }, hierarchical: true }, ['a'])).toEqual({
      historicProcessInstanceIds: ['a'],
      absoluteRemovalTime: '2027-01-31T10:00:00.000+0000',
      hierarchical: true,
    });
    expect(setRemovalTimeBody({ mode: { kind: 'calculated' }, hierarchical: false, updateInChunks: { chunkSize: undefined } }, ['a', 'b'])).toEqual({
      historicProcessInstanceIds: ['a', 'b'],
      calculatedRemovalTime: true,
      hierarchical: false,
      updateInChunks: true,
    });
    expect(setRemovalTimeBody({ mode: { kind: 'cleared' }, hierarchical: true, updateInChunks: { chunkSize: 50 } }, ['a'])).toEqual({
      historicProcessInstanceIds: ['a'],
      clearedRemovalTime: true,
      hierarchical: true,
      updateInChunks: true,
      updateChunkSize: 50,
    });
  });
});

describe('the removal time asked', () => {
  const base = { startTime: '2026-03-01T08:00:00.000+0100', endTime: '2026-03-10T08:00:00.000+0100' };

  it('is the end plus the days (strategy end), or the start plus the days (strategy start)', () => {
    expect(isCalculatedRemovalTime('2026-03-20T08:00:00.000+0100', base, 10)).toBe(true);
    expect(isCalculatedRemovalTime('2026-03-11T07:00:00.000+0000', base, 10)).toBe(true);
    expect(isCalculatedRemovalTime('2026-03-10T08:00:00.000+0100', base, 0)).toBe(true);
    expect(isCalculatedRemovalTime('2026-03-10T08:00:00.001+0100', base, 0)).toBe(false);
    expect(isCalculatedRemovalTime('2026-03-21T08:00:00.000+0100', base, 10)).toBe(false);
    expect(isCalculatedRemovalTime(null, base, 10)).toBe(false);
  });

  it('allows the hour a change of summer time moves it by', () => {
    // Calendar.add(DATE) keeps the wall clock: 10 days after 2026-03-25 08:00 CET is 08:00 CEST, 23 hours less than 10 x 24.
    expect(isCalculatedRemovalTime('2026-04-04T08:00:00.000+0200', { endTime: '2026-03-25T08:00:00.000+0100' }, 10)).toBe(true);
    expect(isCalculatedRemovalTime('2026-04-04T06:00:00.000+0200', { endTime: '2026-03-25T08:00:00.000+0100' }, 10)).toBe(false);
  });

  it('cannot be calculated without time-to-live or end', () => {
    expect(isCalculatedRemovalTime(null, base, null)).toBeUndefined();
    expect(isCalculatedRemovalTime(null, { startTime: base.startTime, endTime: null }, 10)).toBeUndefined();
  });

  it('is a date to the millisecond, or null', () => {
    expect(isRemovalTime('2027-01-31T11:00:00.000+0100', AT)).toBe(true);
    expect(isRemovalTime('2027-01-31T10:00:00.001+0000', AT)).toBe(false);
    expect(isRemovalTime(null, AT)).toBe(false);
    expect(isRemovalTime(null, null)).toBe(true);
    expect(isRemovalTime(undefined, null)).toBe(true);
    expect(isRemovalTime('2027-01-31T10:00:00.000+0000', null)).toBe(false);
  });
});

describe('the refusals up front', () => {
  it('refuses --update-in-chunks on Camunda before 7.20 only', () => {
    expect(updateInChunksRefusal('7.19.0')).toMatch(/7\.19\.0.*Camunda 7\.20\+.*nothing was sent/);
    for (const version of ['7.20.0', '7.24.0', '2.1.4', '7.22.0-cibseven', null]) expect(updateInChunksRefusal(version)).toBeUndefined();
  });

  it('names the definitions without time-to-live and the command that gives them one', () => {
    const message = missingTtlMessage([
      { id: 'd1', key: 'invoice', version: 1, tenantId: null },
      { id: 'd2', key: 'invoice', version: 2, tenantId: 'acme' },
    ]);
    expect(message).toContain('2 definitions of the selection have no time-to-live (invoice:1, invoice:2 (tenant acme))');
    expect(message).toContain('camunda-admin history ttl set invoice --days N');
    expect(message).toMatch(/nothing was sent$/);
  });
});

/** A stub of the engine's history: rows by id, the batches asked for, and the definitions' time-to-live. */
function stubEngine(rows: HistoricInstance[], ttls: Record<string, number | null>, options: { version?: string; refuse?: unknown } = {}) {
  const sent: unknown[] = [];
  const client = {
    historicProcessInstances: {
      queryLimit: new QueryLimit(),
      query: async (body: { processInstanceIds: string[] }) => rows.filter((row) => body.processInstanceIds.includes(row.id)),
      setRemovalTimeAsync: async (body: unknown) => {
        if (options.refuse) throw options.refuse;
        sent.push(body);
        return { id: `batch${sent.length}`, totalJobs: 1, invocationsPerBatchJob: 1 };
      },
    },
    system: { version: async () => options.version ?? '7.24.0' },
  };
  const definitions = {
    listAll: async (query: { processDefinitionIdIn?: readonly string[] }) =>
      (query.processDefinitionIdIn ?? []).filter((id) => id in ttls).map((id) => ({ id, key: id.split(':')[0]!, version: 1, historyTimeToLive: ttls[id] })),
  };
  return { client: client as never, ttls: new DefinitionTtls(definitions as never), sent };
}

const row = (id: string, fields: Partial<HistoricInstance> = {}): HistoricInstance => ({
  id,
  processDefinitionId: 'invoice:1:x',
  startTime: '2026-03-01T08:00:00.000+0000',
  endTime: '2026-03-10T08:00:00.000+0000',
  rootProcessInstanceId: id,
  removalTime: null,
  ...fields,
});

function operationOf(
  engine: ReturnType<typeof stubEngine>,
  change: RemovalTimeChange,
  follow: (batchId: string) => Promise<{ failure: ChangeFailedError | undefined }> = async () => ({ failure: undefined }),
) {
  return setRemovalTimeOperation({ client: engine.client, change, ttls: engine.ttls, follow });
}

describe('setting removal times as an operation', () => {
  it('sends only instances whose removal time is not the one asked', async () => {
    const engine = stubEngine([], { 'invoice:1:x': 5 });
    await engine.ttls.load(['invoice:1:x']);
    const absolute = operationOf(engine, { mode: { kind: 'absolute', at: AT }, hierarchical: true });
    expect(absolute.pending(row('a', { removalTime: '2027-01-31T10:00:00.000+0000' }))).toBe(false);
    expect(absolute.pending(row('b'))).toBe(true);
    const cleared = operationOf(engine, { mode: { kind: 'cleared' }, hierarchical: true });
    expect(cleared.pending(row('a'))).toBe(false);
    expect(cleared.pending(row('b', { removalTime: '2027-01-31T10:00:00.000+0000' }))).toBe(true);
    const calculated = operationOf(engine, { mode: { kind: 'calculated' }, hierarchical: true });
    expect(calculated.pending(row('a', { removalTime: '2026-03-15T08:00:00.000+0000' }))).toBe(false);
    expect(calculated.pending(row('b'))).toBe(true);
    // Called by another instance: the root's removal time, which only the check looks up.
    expect(calculated.pending(row('c', { rootProcessInstanceId: 'r', removalTime: '2026-03-15T08:00:00.000+0000' }))).toBe(true);
    await expect(calculated.checkSelection!()).resolves.toBeUndefined();
  });

  it('refuses a calculated removal time for definitions without time-to-live, before anything is sent', async () => {
    const engine = stubEngine([], { 'invoice:1:x': null });
    await engine.ttls.load(['invoice:1:x']);
    const operation = operationOf(engine, { mode: { kind: 'calculated' }, hierarchical: true });
    expect(operation.pending(row('a'))).toBe(true);
    await expect(operation.checkSelection!()).rejects.toThrow(/the definition of the selection has no time-to-live \(invoice:1\).*history ttl set invoice/);
    expect(engine.sent).toEqual([]);
  });

  it('refuses --update-in-chunks on an engine that would ignore it', async () => {
    const engine = stubEngine([], {}, { version: '7.19.2' });
    const operation = operationOf(engine, { mode: { kind: 'cleared' }, hierarchical: true, updateInChunks: { chunkSize: undefined } });
    await expect(operation.checkSelection!()).rejects.toThrow(/--update-in-chunks: the engine \(7\.19\.2\)/);
  });

  it('tells set from not set, removed and not calculable; a callee by its root', async () => {
    const rows = [
      row('set', { removalTime: '2026-03-15T08:00:00.000+0000' }),
      row('notset'),
      row('callee', { rootProcessInstanceId: 'root', endTime: '2026-03-09T08:00:00.000+0000', removalTime: '2026-03-13T08:00:00.000+0000' }),
      row('root', { endTime: '2026-03-08T08:00:00.000+0000', processDefinitionId: 'parent:1:x' }),
      row('nottl', { processDefinitionId: 'other:1:x' }),
    ];
    const engine = stubEngine(rows, { 'invoice:1:x': 5, 'parent:1:x': 5, 'other:1:x': null });
    const operation = operationOf(engine, { mode: { kind: 'calculated' }, hierarchical: true });
    const found = await operation.statesOf(['set', 'notset', 'callee', 'gone', 'nottl']);
    expect(found.map(({ id, state }) => [id, state])).toEqual([
      ['set', 'changed'],
      ['notset', 'unchanged'],
      ['callee', 'changed'],
      ['gone', 'ended'],
      ['nottl', 'other'],
    ]);
    expect(found[0]!.detail).toEqual({ definitionId: 'invoice:1:x', endTime: '2026-03-10T08:00:00.000+0000', removalTime: '2026-03-15T08:00:00.000+0000' });
    // Without the hierarchy the callee's own end decides.
    const own = operationOf(engine, { mode: { kind: 'calculated' }, hierarchical: false });
    expect((await own.statesOf(['callee']))[0]!.state).toBe('unchanged');
    expect(operation.outcomeNames).toMatchObject({ changed: 'set', unchanged: 'not-set', ended: 'removed', other: 'no-removal-time' });
  });

  it('sends a chunk as a batch and follows it to its end; a failed batch fails the chunk', async () => {
    const engine = stubEngine([], {});
    const followed: string[] = [];
    const failure = new ChangeFailedError('batch batch2: 1 job failed', 'partial');
    const answers: (ChangeFailedError | undefined)[] = [undefined, failure];
    const operation = operationOf(engine, { mode: { kind: 'cleared' }, hierarchical: false }, async (id: string) => {
      followed.push(id);
      return { failure: answers[followed.length - 1] };
    });
    await operation.sendChunk(['a', 'b']);
    expect(engine.sent).toEqual([{ historicProcessInstanceIds: ['a', 'b'], clearedRemovalTime: true, hierarchical: false }]);
    await expect(operation.sendChunk(['c'])).rejects.toBe(failure);
    expect(followed).toEqual(['batch1', 'batch2']);
  });

  it('takes a chunk the history no longer has as nothing to do', async () => {
    const refusal = new EngineHttpError(LINE, {
      status: 400,
      body: { type: 'BadUserRequestException', message: 'historicProcessInstances is empty' } as never,
      bodySnippet: undefined,
    });
    const engine = stubEngine([], {}, { refuse: refusal });
    await expect(operationOf(engine, { mode: { kind: 'cleared' }, hierarchical: true }).sendChunk(['gone'])).resolves.toBeUndefined();
    const other = stubEngine(
      [],
      {},
      { refuse: new EngineHttpError(LINE, { status: 403, body: { type: 'AuthorizationException', message: 'no' } as never, bodySnippet: undefined }) },
    );
    await expect(operationOf(other, { mode: { kind: 'cleared' }, hierarchical: true }).sendChunk(['a'])).rejects.toThrow(/AuthorizationException/);
  });
});
