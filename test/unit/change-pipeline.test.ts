// The change pipeline's own pieces (src/change/): failures typed by kind and mapped to exit codes in
// src/exit.ts alone; the chunk loop driven by any operation, journalled, and its events said as today.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChunks } from '../../src/change/chunks.js';
import { ChangeFailedError, type ChangeFailureKind } from '../../src/change/errors.js';
import type { ChangeEvent } from '../../src/change/events.js';
import { Journal } from '../../src/change/journal.js';
import type { ChunkSender, ObjectState } from '../../src/change/operation.js';
import { EngineHttpError } from '../../src/engine/errors.js';
import { CliError, ExitCode } from '../../src/exit-codes.js';
import { asChangeFailure, describeFailure } from '../../src/exit.js';
import { describeChangeEvent } from '../../src/render/change-events.js';
import { tempDir } from '../helpers/temp.js';

describe('a failed change: its kind, and the exit code src/exit.ts gives it', () => {
  const engineRefusal = new EngineHttpError(
    { method: 'POST', url: 'http://h/engine-rest/x' },
    { status: 400, body: { type: 'InvalidRequestException', message: 'no', code: null }, bodySnippet: undefined },
  );
  it.each([
    ['input', ExitCode.Usage],
    ['refused', ExitCode.ValidationFailed],
    ['not-found', ExitCode.NotFound],
    ['unreachable', ExitCode.Unreachable],
    ['partial', ExitCode.Partial],
    ['wait-timed-out', ExitCode.WaitTimedOut],
    ['locked', ExitCode.Locked],
    ['not-confirmed', ExitCode.NotConfirmed],
    ['interrupted', ExitCode.Interrupted],
  ] as [ChangeFailureKind, ExitCode][])('%s: exit %i, message and hint kept', (kind, code) => {
    const failure = describeFailure(new ChangeFailedError('it failed', kind, { hint: 'do this' }));
    expect(failure).toEqual({ exitCode: code, message: 'it failed', hint: 'do this', internal: false });
  });

  it("as-cause: the cause's exit code (an engine refusal: 6)", () => {
    expect(describeFailure(new ChangeFailedError('chunk 1/1 failed', 'as-cause', { cause: engineRefusal })).exitCode).toBe(ExitCode.EngineRejected);
  });

  it("the app's refusals become failed changes of the same code", () => {
    expect(asChangeFailure(new CliError('not confirmed', ExitCode.NotConfirmed)).kind).toBe('not-confirmed');
    expect(asChangeFailure(new CliError('interrupted', ExitCode.Interrupted)).kind).toBe('interrupted');
    expect(describeFailure(asChangeFailure(new CliError('odd', ExitCode.AuthRefused))).exitCode).toBe(ExitCode.AuthRefused);
  });
});

/** An operation on fake objects: a chunk changes them, unless `refuse` says otherwise for that chunk. */
function fakeOperation(refuse: (ids: string[], attempt: number) => unknown): ChunkSender & { states: Map<string, ObjectState>; sent: string[][] } {
  const states = new Map<string, ObjectState>();
  const sent: string[][] = [];
  return {
    states,
    sent,
    async sendChunk(ids) {
      sent.push(ids);
      const error = refuse(ids, sent.length);
      if (error) throw error;
      for (const id of ids) states.set(id, 'changed');
    },
    async statesOf(ids) {
      return ids.map((id) => ({ id, state: states.get(id) ?? 'unchanged' }));
    },
    overlapsAnotherRun: (error) => error instanceof EngineHttpError && error.status === 500,
  };
}

async function journalIn(dir: string, ids: string[]): Promise<Journal> {
  return Journal.create(
    join(dir, 'j.jsonl'),
    Journal.startOf({ engine: { url: 'http://h', name: 'default', version: '7.24.0' }, scope: { what: 'test' }, chunkSize: 2, ids }),
  );
}

describe('runChunks, with any operation', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];

  it('sends chunk after chunk, journals each before and after, and says each as today', async () => {
    const dir = tempDir('change-');
    const operation = fakeOperation(() => undefined);
    const journal = await journalIn(dir, ids);
    const events: ChangeEvent[] = [];
    const outcome = await runChunks(
      operation,
      { ids, chunkSize: 2, stopRequested: () => false, abandon: new AbortController().signal, emit: (event) => events.push(event) },
      journal,
    );
    await journal.close();
    expect(operation.sent).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(outcome.chunks).toEqual({ size: 2, total: 3, done: 3, failed: 0, journal: join(dir, 'j.jsonl') });
    expect(events.flatMap((event) => describeChangeEvent(event)).map((line) => line.text)).toEqual([
      'chunk 1/3: migrated 2 instances',
      'chunk 2/3: migrated 2 instances',
      'chunk 3/3: migrated 1 instance',
    ]);
    const lines = readFileSync(join(dir, 'j.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; what?: string });
    expect(lines[0]).toMatchObject({ event: 'start', what: 'test', chunkSize: 2, ids });
    expect(lines.slice(1).map((line) => line.event)).toEqual(['sent', 'done', 'sent', 'done', 'sent', 'done']);
  });

  it("sends again what another run did not change, and counts the rest as that run's", async () => {
    const dir = tempDir('change-');
    const overlap = new EngineHttpError(
      { method: 'POST', url: 'http://h/x' },
      { status: 500, body: { type: 'OptimisticLockingException', message: 'moved', code: null }, bodySnippet: undefined },
    );
    const operation = fakeOperation((chunk, attempt) => {
      if (attempt !== 1) return undefined;
      operation.states.set('a', 'changed');
      return overlap;
    });
    const journal = await journalIn(dir, ids.slice(0, 2));
    const events: ChangeEvent[] = [];
    const outcome = await runChunks(
      operation,
      { ids: ['a', 'b'], chunkSize: 2, stopRequested: () => false, abandon: new AbortController().signal, emit: (event) => events.push(event) },
      journal,
    );
    await journal.close();
    expect(operation.sent).toEqual([['a', 'b'], ['b']]);
    expect([...outcome.changedElsewhere]).toEqual(['a']);
    expect(outcome.failure).toBeUndefined();
    expect(describeChangeEvent(events[0]!)[0]).toEqual({
      level: 'warn',
      text: `chunk 1/1: 1 of its 2 instances were moved by another run meanwhile (${overlap.message}); sending the 1 still on the source again`,
    });
  });

  it('stops before the next chunk when asked, and journals the interruption', async () => {
    const dir = tempDir('change-');
    const operation = fakeOperation(() => undefined);
    const journal = await journalIn(dir, ids);
    let stop = false;
    const outcome = await runChunks(
      operation,
      { ids, chunkSize: 2, stopRequested: () => stop, abandon: new AbortController().signal, emit: () => (stop = true) },
      journal,
    );
    await journal.close();
    expect(operation.sent).toEqual([['a', 'b']]);
    expect(outcome.interrupted).toBe(true);
    expect(readFileSync(join(dir, 'j.jsonl'), 'utf8').trim().split('\n').at(-1)).toContain('"event":"interrupted"');
  });
});
