// The change pipeline with an operation that is not a migration: "suspend" on fake instances. It shows
// what a bulk operation of issue 32 supplies (send a chunk, create a batch, where each object is, its
// names and words) and that the pipeline does the rest: selection to report, chunks with a journal and
// --resume, one batch with --wait, the outcome of every object, and a run whose engine went away.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangeFailedError } from '../../src/change/errors.js';
import type { ChangeEvent, GroupEvent } from '../../src/change/events.js';
import type { ChangeHost } from '../../src/change/host.js';
import { Journal, type JournalEngine } from '../../src/change/journal.js';
import type { ChangeOperation, ObjectState } from '../../src/change/operation.js';
import { changePipeline } from '../../src/change/pipeline.js';
import { csvHeader, csvRows, reportFormat, writeChangeReport } from '../../src/change/report-file.js';
import type { ChangeResult } from '../../src/change/result.js';
import { runChange } from '../../src/change/run.js';
import type { ChangeMode } from '../../src/change/run-types.js';
import { EngineUnreachableError } from '../../src/engine/errors.js';
import type { StopSignal } from '../../src/interrupt.js';
import { describeChangeEvent } from '../../src/render/change-events.js';
import { tempDir } from '../helpers/temp.js';

type SuspendOutcome = 'suspended' | 'already-suspended' | 'active' | 'ended' | 'unknown';

/** A fake engine of process instances that can be suspended, and the operation on it. */
function suspendEngine(ids: string[]) {
  const states = new Map<string, ObjectState>(ids.map((id) => [id, 'unchanged']));
  const sent: string[][] = [];
  const batches: { id: string; ids: string[] }[] = [];
  const engine = { states, sent, batches, down: false, onSend: (_ids: string[]) => {} };
  const unreachable = () =>
    new EngineUnreachableError({ method: 'POST', url: 'http://h/engine-rest/process-instance/suspended' }, 'connection-refused', 'connection refused', true);
  const operation: ChangeOperation<SuspendOutcome, { suspended: boolean | null }> = {
    async sendChunk(chunk) {
      if (engine.down) throw unreachable();
      sent.push(chunk);
      engine.onSend(chunk);
      for (const id of chunk) states.set(id, 'changed');
    },
    async statesOf(of) {
      if (engine.down) throw unreachable();
      return of.map((id) => ({ id, state: states.get(id) ?? 'other', detail: { suspended: states.get(id) === 'changed' } }));
    },
    overlapsAnotherRun: () => false,
    async createBatch(chunk) {
      const batch = { id: `batch-${batches.length + 1}`, ids: chunk };
      batches.push(batch);
      return { id: batch.id, totalJobs: 1, invocationsPerBatchJob: chunk.length };
    },
    batchCheck: ['batch', 'list', '--type', 'instance-update-suspension-state'],
    outcomeNames: { changed: 'suspended', 'changed-elsewhere': 'already-suspended', unchanged: 'active', ended: 'ended', other: 'unknown' },
    explainRefusal: (error) => error,
    words: {
      verb: 'suspend',
      done: 'suspended',
      one: 'instance',
      many: 'instances',
      changed: 'suspended',
      unchanged: 'active',
      run: 'the suspension',
      changedInFull: 'suspended',
      request: 'the request',
    },
  };
  return { engine, operation };
}

/** A host that answers yes, says each event as the terminal would, and runs a followed batch at once. */
function fakeHost(engine: ReturnType<typeof suspendEngine>['engine']) {
  const lines: string[] = [];
  const questions: string[] = [];
  let interrupt: ((signal: StopSignal) => void) | undefined;
  const host: ChangeHost & { lines: string[]; questions: string[]; pressCtrlC: () => void } = {
    lines,
    questions,
    emit: (event: ChangeEvent | GroupEvent) => {
      if (event.type.startsWith('group') || event.type.endsWith('-group') || event.type === 'nothing-left-anywhere') return;
      for (const line of describeChangeEvent(event as ChangeEvent, {
        verb: 'suspend',
        done: 'suspended',
        one: 'instance',
        many: 'instances',
        changed: 'suspended',
        unchanged: 'active',
        run: 'the suspension',
        changedInFull: 'suspended',
        request: 'the request',
      }))
        lines.push(line.text);
    },
    confirm: async (question) => {
      questions.push(question);
    },
    takeOverInterrupt: (handler) => {
      interrupt = handler;
      return () => (interrupt = undefined);
    },
    followBatch: async (batchId) => {
      for (const id of engine.batches.find((batch) => batch.id === batchId)!.ids) engine.states.set(id, 'changed');
      return { failure: undefined };
    },
    pressCtrlC: () => interrupt?.('SIGINT'),
  };
  return host;
}

const ENGINE: JournalEngine = { url: 'http://h/engine-rest', name: 'default', version: '7.24.0' };
const SCOPE = { operation: 'suspend', processDefinitionKey: 'invoice' };

/** The report of the fake operation: its own JSON (the result as it is), and CSV with the pipeline's rows. */
function reportWriter(file: string) {
  const layout = {
    id: 'processInstanceId',
    columns: [{ name: 'suspended', value: (object: { suspended: boolean | null }) => (object.suspended === null ? null : String(object.suspended)) }],
  };
  return async (result: ChangeResult<SuspendOutcome, { suspended: boolean | null }>) => {
    await writeChangeReport(file, result, () => [csvHeader(layout), ...csvRows(layout, result, result.objects)]);
    return file;
  };
}

/** The whole pipeline, as a bulk command would run it: select (every active instance), preview, confirm, run. */
async function suspendAll(
  host: ChangeHost,
  operation: ChangeOperation<SuspendOutcome, { suspended: boolean | null }>,
  select: () => string[],
  run: { mode: ChangeMode; report: string; resumed?: Awaited<ReturnType<typeof Journal.resume>>['state'] },
) {
  return changePipeline(
    host,
    {
      prepare: async () => {
        const ids = select();
        return { ids, nothingSelected: ids.length === 0 && !run.resumed };
      },
      nothingSelected: async () => undefined,
      dryRun: () => undefined,
      question: (prepared) => `suspend ${prepared.ids.length} process instances of invoice`,
      run: (prepared) =>
        runChange(
          host,
          {
            operation,
            mode: run.mode,
            ids: prepared.ids,
            resumed: run.resumed,
            scope: SCOPE,
            engineVersion: async () => '7.24.0',
            noDetail: { suspended: null },
          },
          reportWriter(run.report),
        ),
    },
    { dryRun: false },
  );
}

describe('the change pipeline with a fake "suspend" operation', () => {
  const ids = ['i1', 'i2', 'i3', 'i4', 'i5'];

  it('chunked: Ctrl-C after the first chunk, the report of that run, then --resume sends the rest, each once', async () => {
    const dir = tempDir('suspend-');
    const journalFile = join(dir, 'suspend.journal.jsonl');
    const { engine, operation } = suspendEngine(ids);
    const host = fakeHost(engine);
    const mode: ChangeMode = { kind: 'chunked', chunkSize: 2, journalFile, replaceJournal: false, engine: ENGINE };
    engine.onSend = () => host.pressCtrlC();
    const active = () => ids.filter((id) => engine.states.get(id) === 'unchanged');
    const first = await suspendAll(host, operation, active, { mode, report: join(dir, 'first.csv') });
    expect(host.questions).toEqual(['suspend 5 process instances of invoice']);
    expect(engine.sent).toEqual([['i1', 'i2']]);
    expect(first?.failure).toBeInstanceOf(ChangeFailedError);
    expect(first?.failure?.kind).toBe('interrupted');
    expect(first?.failure?.message).toBe(`interrupted after 1 chunk; continue with --resume (journal ${journalFile})`);
    expect(first?.result?.outcome).toEqual({ suspended: 2, 'already-suspended': 0, active: 3, ended: 0, unknown: 0 });
    expect(host.lines).toEqual([
      'interrupted: finishing the chunk in flight, then stopping (Ctrl-C again to abandon it)',
      'chunk 1/3: suspended 2 instances',
      `report written to ${join(dir, 'first.csv')}`,
    ]);
    expect(reportFormat(join(dir, 'first.csv'))).toBe('csv');
    const csv = readFileSync(join(dir, 'first.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('processInstanceId,outcome,suspended,mode,batchIds,finishedAt');
    expect(csv.slice(1).map((row) => row.split(',').slice(0, 4).join(','))).toEqual([
      'i1,suspended,true,chunked',
      'i2,suspended,true,chunked',
      'i3,active,false,chunked',
      'i4,active,false,chunked',
      'i5,active,false,chunked',
    ]);

    // --resume: the journal's ids, less those the engine has suspended (whatever the journal says).
    engine.onSend = () => {};
    const { journal, state } = await Journal.resume(journalFile);
    await journal.close();
    expect(state.start).toMatchObject({ ...SCOPE, chunkSize: 2, ids });
    const second = await suspendAll(host, operation, () => state.start.ids.filter((id) => !state.confirmed.has(id) && engine.states.get(id) === 'unchanged'), {
      mode,
      report: join(dir, 'second.json'),
      resumed: state,
    });
    expect(engine.sent).toEqual([['i1', 'i2'], ['i3', 'i4'], ['i5']]);
    expect(second?.failure).toBeUndefined();
    const report = JSON.parse(readFileSync(join(dir, 'second.json'), 'utf8')) as ChangeResult<SuspendOutcome>;
    expect(report.mode).toBe('chunked');
    expect(report.outcome).toEqual({ suspended: 5, 'already-suspended': 0, active: 0, ended: 0, unknown: 0 });
    expect(report.chunks).toMatchObject({ size: 2, total: 2, done: 2, failed: 0, journal: journalFile });
    const events = readFileSync(journalFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { event: string; chunk?: number }).event);
    expect(events).toEqual(['start', 'sent', 'done', 'interrupted', 'resume', 'sent', 'done', 'sent', 'done']);
  });

  it('batch with --wait: one batch for the selection, followed, then every object checked and reported', async () => {
    const dir = tempDir('suspend-');
    const { engine, operation } = suspendEngine(ids);
    const host = fakeHost(engine);
    const outcome = await suspendAll(host, operation, () => ids, {
      mode: { kind: 'async', wait: true, intervalMs: 1, waitTimeoutMs: undefined },
      report: join(dir, 'report.json'),
    });
    expect(engine.batches).toEqual([{ id: 'batch-1', ids }]);
    expect(engine.sent).toEqual([]);
    expect(outcome?.failure).toBeUndefined();
    expect(outcome?.result?.batches.map((batch) => batch.id)).toEqual(['batch-1']);
    expect(outcome?.result?.outcome.suspended).toBe(5);
    expect(host.lines[0]).toBe('batch batch-1 created: 5 instances in 1 job of 5 instances');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('a batch not followed leaves the instances as they are, and says so: not complete', async () => {
    const { engine, operation } = suspendEngine(ids);
    const host = fakeHost(engine);
    host.followBatch = async () => ({ failure: undefined });
    const outcome = await runChange(host, {
      operation,
      mode: { kind: 'async', wait: true, intervalMs: 1, waitTimeoutMs: undefined },
      ids,
      resumed: undefined,
      scope: SCOPE,
      engineVersion: async () => null,
      noDetail: { suspended: null },
    });
    expect(outcome.failure?.kind).toBe('partial');
    expect(outcome.failure?.message).toBe('5 of 5 instances are not suspended after the run');
  });

  it('the engine goes away mid-run: what was done, what failed, the report from the journal, how to resume', async () => {
    const dir = tempDir('suspend-');
    const journalFile = join(dir, 'suspend.journal.jsonl');
    const { engine, operation } = suspendEngine(ids);
    engine.onSend = () => {
      if (engine.sent.length === 2) engine.down = true;
    };
    const host = fakeHost(engine);
    const outcome = await suspendAll(host, operation, () => ids, {
      mode: { kind: 'chunked', chunkSize: 2, journalFile, replaceJournal: false, engine: ENGINE },
      report: join(dir, 'report.json'),
    });
    expect(engine.sent).toEqual([
      ['i1', 'i2'],
      ['i3', 'i4'],
    ]);
    expect(outcome?.failure?.kind).toBe('partial');
    expect(outcome?.failure?.message).toMatch(
      /^chunk 3\/3 failed: POST \S+: connection refused; the engine could not be asked where the instances are now \(it is unreachable too: connection refused\): the outcome and the report are the journal's \(4 confirmed suspended\); once the engine answers again, continue with --resume \(journal .*suspend\.journal\.jsonl\)$/,
    );
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ChangeResult<SuspendOutcome>;
    expect(report.outcomeFrom).toBe('journal');
    expect(report.objects.map((object) => object.outcome)).toEqual(['suspended', 'suspended', 'suspended', 'suspended', 'active']);
    expect(host.lines).toContain('suspended (4): i1, i2, i3, i4');
    expect(host.lines).toContain(`report written to ${join(dir, 'report.json')}`);
  });
});

describe('src/change/ knows no migration', () => {
  it('names no migration, plan or definition in its code (comments and messages aside)', () => {
    const dir = new URL('../../src/change/', import.meta.url).pathname;
    const named = readdirSync(dir).flatMap((file) => {
      const code = readFileSync(join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '')
        .replace(/'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, "''");
      return [...code.matchAll(/\b\w*(?:migrat|plan|definition)\w*\b/gi)].map((match) => `${file}: ${match[0]}`);
    });
    expect(named).toEqual([]);
  });
});
