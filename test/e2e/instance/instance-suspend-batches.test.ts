// `instance suspend --async --chunk-size N`: one engine batch per chunk, each recorded in the journal;
// --wait follows them all; a run killed between two batches, or whose creation answer was lost,
// continues with --resume --async and creates a batch for each instance once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { spawnCli } from '../../helpers/cli.js';
import { cliFor, it, test, whileBatchesRun } from '../../helpers/fixtures.js';
import { SEEDED_PROCESS_INSTANCE_IDS as PIS, type Simulator } from '../../simulator/index.js';

const ACTIVE = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3, PIS.invoicePrepare1, PIS.invoiceArchive].sort();

function suspendedOf(engine: Simulator, ids: readonly string[]): boolean[] {
  return ids.map((id) => engine.state.findProcessInstance(id)!.suspended);
}

/** The ids of every suspension batch the engine has, batch by batch. */
function batchedIds(engine: Simulator): string[][] {
  return engine.state.batches
    .filter((batch) => batch.type === 'instance-update-suspension-state')
    .map((batch) => batch.jobs.flatMap((job) => job.processInstanceIds));
}

function journalEvents(cwd: string, file: string): { event: string; chunk?: number; batchId?: string }[] {
  return readFileSync(join(cwd, file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; chunk?: number; batchId?: string });
}

const BASE = ['--yes', 'instance', 'suspend'];

/** The active invoice instances suspended in batches of `chunkSize`, watched to their end; `extra` before the journal. */
function chunkedWait(chunkSize: string, ...extra: string[]): string[] {
  return [...BASE, '--key', 'invoice', '--active', '--async', '--chunk-size', chunkSize, '--wait', '--interval', '0.1', ...extra, '--journal', 'run.jsonl'];
}

/** The lines of stderr that start an error. */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('error:'));
}

describe('instance suspend --async --chunk-size', () => {
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });

  it('creates one batch per chunk, journalled, and with --wait follows them all and checks every instance', async ({ engine, cwd }) => {
    const cli = cliFor(engine.url, { cwd });
    const dry = await cli([...BASE, '--key', 'invoice', '--active', '--async', '--chunk-size', '2', '--dry-run']);
    expect(dry.code).toBe(0);
    expect((JSON.parse(dry.stdout) as { url: string; body: { processInstanceIds: string[] } }[]).map((request) => request.body.processInstanceIds)).toEqual([
      ACTIVE.slice(0, 2),
      ACTIVE.slice(2, 4),
      ACTIVE.slice(4),
    ]);

    const result = await whileBatchesRun(engine, () => cli(chunkedWait('2', '--report', 'out.csv')));
    expect(result.code, result.stderr).toBe(0);
    expect(suspendedOf(engine, ACTIVE)).toEqual([true, true, true, true, true]);
    expect(batchedIds(engine)).toEqual([ACTIVE.slice(0, 2), ACTIVE.slice(2, 4), ACTIVE.slice(4)]);
    const batchIds = engine.state.batches.map((batch) => batch.id);
    expect(result.stderr).toContain(`chunk 1/3: batch ${batchIds[0]} created: 2 instances in 2 jobs of 1 instance`);
    expect(result.stderr).toContain(`chunk 3/3: batch ${batchIds[2]} created: 1 instance in 1 job of 1 instance`);
    expect(result.stdout).toContain(`done: 5 of 5 instances suspended`);
    expect(result.stdout).toContain(`3/3 chunks of 2; batch ${batchIds.join(', ')}`);
    const recorded = journalEvents(cwd, 'run.jsonl').filter((event) => event.event === 'batch');
    expect(recorded.map((event) => [event.chunk, event.batchId])).toEqual(batchIds.map((id, index) => [index + 1, id]));
    const rows = readFileSync(join(cwd, 'out.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('processInstanceId,outcome,definitionId,batchJobFailure,mode,batchIds,finishedAt');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2).join(','))).toEqual(ACTIVE.map((id) => `${id},suspended`));
    // Each row names the batch of its instance.
    expect(rows.slice(1).map((row) => row.split(',')[5])).toEqual([0, 0, 1, 1, 2].map((index) => batchIds[index]));

    // A journal of batches goes on with batches only.
    const plain = await cli([...BASE, '--resume', '--journal', 'run.jsonl']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('journal run.jsonl is of a run of batches (--async --chunk-size): continue it with --resume --async [--wait]');
  });

  it('without --wait prints every batch id, one a line', async ({ engine, cwd }) => {
    const result = await cliFor(engine.url, { cwd })([...BASE, '--key', 'invoice', '--active', '--async', '--chunk-size', '3']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual(engine.state.batches.map((batch) => batch.id));
    expect(batchedIds(engine)).toEqual([ACTIVE.slice(0, 3), ACTIVE.slice(3)]);
  });

  it('killed between two batches: --resume --async creates only the batches of chunks not yet created', async ({ engine, cwd }) => {
    // The second creation is never answered: the run is killed while it waits, before the engine had it.
    engine.inject({
      method: 'POST',
      path: /^\/process-instance\/suspended-async$/,
      times: 1,
      after: () => engine.inject({ method: 'POST', path: /^\/process-instance\/suspended-async$/, times: 1, holdUntil: new Promise(() => undefined) }),
    });
    const running = spawnCli(
      ['--url', engine.url, '--retries', '0', ...BASE, '--key', 'invoice', '--active', '--async', '--chunk-size', '2', '--journal', 'run.jsonl'],
      {
        cwd,
      },
    );
    const creations = () => engine.requests.filter((request) => request.path.endsWith('/suspended-async')).length;
    for (let waited = 0; creations() < 2 && waited < 15_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    running.child.kill('SIGKILL');
    await running.result;
    engine.clearFaults();
    expect(batchedIds(engine)).toEqual([ACTIVE.slice(0, 2)]);
    expect(journalEvents(cwd, 'run.jsonl').map((event) => event.event)).toEqual(['start', 'sent', 'batch', 'done', 'sent']);

    const resumed = await whileBatchesRun(engine, () =>
      cliFor(engine.url, { cwd })([...BASE, '--resume', '--async', '--wait', '--interval', '0.1', '--journal', 'run.jsonl']),
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('resuming run.jsonl: 2 of 5 instances confirmed suspended');
    expect(suspendedOf(engine, ACTIVE)).toEqual([true, true, true, true, true]);
    // Each instance in one batch: the first chunk's batch was not created again.
    expect(batchedIds(engine)).toEqual([ACTIVE.slice(0, 2), ACTIVE.slice(2, 4), ACTIVE.slice(4)]);
    expect(resumed.stdout).toContain('done: 5 of 5 instances suspended');
  });

  it('a creation whose answer was lost: the batch is found on the engine and not created again', async ({ engine, cwd }) => {
    const cli = cliFor(engine.url, { cwd });
    // The engine creates the second batch, and a proxy loses its answer.
    engine.inject({
      method: 'POST',
      path: /^\/process-instance\/suspended-async$/,
      times: 1,
      after: () => engine.inject({ method: 'POST', path: /^\/process-instance\/suspended-async$/, times: 1, status: 502, afterEngine: true }),
    });
    const first = await cli([...BASE, '--key', 'invoice', '--active', '--async', '--chunk-size', '2', '--journal', 'run.jsonl']);
    expect(first.code, first.stderr).toBe(8);
    expect(first.stderr).toContain('chunk 2/3: the answer does not say whether its batch was created');
    expect(first.stderr).toContain('--resume --async looks for it on the engine before sending the chunk again (journal run.jsonl)');
    expect(batchedIds(engine)).toEqual([ACTIVE.slice(0, 2), ACTIVE.slice(2, 4)]);

    // The batches have not run yet (the executor is stopped): the lost one is found by the engine's batch list.
    const resumed = await cli([...BASE, '--resume', '--async', '--journal', 'run.jsonl']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const lost = engine.state.batches[1]!.id;
    expect(resumed.stderr).toContain(`batch ${lost} found (created before, its answer lost): 2 instances`);
    expect(batchedIds(engine)).toEqual([ACTIVE.slice(0, 2), ACTIVE.slice(2, 4), ACTIVE.slice(4)]);
    expect(resumed.stdout.trim().split('\n')).toEqual(engine.state.batches.map((batch) => batch.id));
    engine.advanceBatches(100);
    expect(suspendedOf(engine, ACTIVE)).toEqual([true, true, true, true, true]);
    expect(
      journalEvents(cwd, 'run.jsonl')
        .filter((event) => event.event === 'batch')
        .map((event) => event.batchId),
    ).toEqual(engine.state.batches.map((batch) => batch.id));
  });

  it('--canary goes first, synchronously, as the journal first chunk; the rest in batches', async ({ engine, cwd }) => {
    const result = await whileBatchesRun(engine, () =>
      cliFor(engine.url, { cwd })([...BASE, '--key', 'invoice', '--active', '--async', '--chunk-size', '2', '--canary', '1', '--wait', '--interval', '0.1']),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('canary (chunk 1/3): suspended 1 instance');
    expect(batchedIds(engine)).toEqual([ACTIVE.slice(1, 3), ACTIVE.slice(3)]);
    expect(suspendedOf(engine, ACTIVE)).toEqual([true, true, true, true, true]);
    expect(engine.requests.filter((request) => request.method === 'PUT' && request.path.endsWith('/process-instance/suspended'))).toHaveLength(1);
  });
});

describe('instance suspend --async --chunk-size --wait, stopped by a signal', () => {
  // The batches never run on their own: the watch goes on until a signal stops it.
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });
  const run = (engine: Simulator, cwd: string, chunkSize = '2') => spawnCli(['--url', engine.url, '--retries', '0', ...chunkedWait(chunkSize)], { cwd });
  /** The batches asked about, one entry a poll. */
  const polled = (engine: Simulator) =>
    engine.requests
      .filter((request) => /\/batch\/statistics\?/.test(request.path))
      .map((request) => new URLSearchParams(request.path.split('?')[1]).get('batchId'));
  const polls = (engine: Simulator) => polled(engine).length;

  async function untilWatching(engine: Simulator): Promise<void> {
    for (let waited = 0; polls(engine) === 0 && waited < 15_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  it('the first Ctrl-C stops watching every batch: one line naming them all, exit 130, the lock given back', async ({ engine, cwd }) => {
    const running = run(engine, cwd);
    await untilWatching(engine);
    running.child.kill('SIGINT');
    const result = await running.result;
    const ids = engine.state.batches.map((batch) => batch.id);
    expect(ids).toHaveLength(3);
    expect(result.code, result.stderr).toBe(130);
    expect(errorLines(result.stderr)).toEqual([
      `error: stopped watching: 3 batches go on: ${ids.join(', ')}; follow each with: camunda-admin batch watch <id>, or see them with: camunda-admin batch list --type instance-update-suspension-state`,
    ]);
    // The first batch only was watched: Ctrl-C did not move the watch on to the next.
    expect(new Set(polled(engine))).toEqual(new Set([ids[0]]));
    expect(existsSync(join(cwd, 'run.jsonl.lock'))).toBe(false);

    // The journal is free: a resume follows the batches to their end.
    const resumed = await whileBatchesRun(engine, () =>
      cliFor(engine.url, { cwd })([...BASE, '--resume', '--async', '--wait', '--interval', '0.1', '--journal', 'run.jsonl']),
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(suspendedOf(engine, ACTIVE)).toEqual([true, true, true, true, true]);
    expect(batchedIds(engine)).toEqual([ACTIVE.slice(0, 2), ACTIVE.slice(2, 4), ACTIVE.slice(4)]);
  });

  it('past three batches, the line counts them and names the listing that shows them', async ({ engine, cwd }) => {
    const running = run(engine, cwd, '1');
    await untilWatching(engine);
    running.child.kill('SIGTERM');
    const result = await running.result;
    const ids = engine.state.batches.map((batch) => batch.id);
    expect(result.code, result.stderr).toBe(130);
    expect(errorLines(result.stderr)).toEqual([
      `error: stopped watching: 5 batches go on (${ids.slice(0, 3).join(', ')} and 2 more, every id in journal run.jsonl); see them with: camunda-admin batch list --type instance-update-suspension-state`,
    ]);
  });

  it('a second Ctrl-C while a poll is unanswered ends the run at once, exit 130, the lock given back', async ({ engine, cwd }) => {
    const running = run(engine, cwd);
    await untilWatching(engine);
    // From now on no poll is answered: only the second Ctrl-C can end the run.
    engine.inject({ method: 'GET', path: /^\/batch\/statistics$/, holdUntil: new Promise(() => undefined) });
    const held = polls(engine) + 1;
    for (let waited = 0; polls(engine) < held && waited < 15_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    // Signals sent close together may arrive as one: send until the process is gone.
    const timer = setInterval(() => running.child.kill('SIGINT'), 100);
    running.child.kill('SIGINT');
    const result = await running.result;
    clearInterval(timer);
    engine.clearFaults();
    expect(result.code, result.stderr).toBe(130);
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^error: interrupted/m);
    expect(existsSync(join(cwd, 'run.jsonl.lock'))).toBe(false);
  });
});

describe('instance suspend --async --chunk-size --wait, ended by --wait-timeout', () => {
  // The batches never run on their own: only --wait-timeout ends the watch.
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });
  const run = (engine: Simulator, cwd: string, chunkSize: string) => cliFor(engine.url, { cwd })(chunkedWait(chunkSize, '--wait-timeout', '0.5'));

  it('exit 9 with one line naming every batch not followed to its end, not only the one watched', async ({ engine, cwd }) => {
    const result = await run(engine, cwd, '2');
    const ids = engine.state.batches.map((batch) => batch.id);
    expect(ids).toHaveLength(3);
    expect(result.code, result.stderr).toBe(9);
    expect(errorLines(result.stderr)).toEqual([
      `error: --wait-timeout passed: 3 batches go on: ${ids.join(', ')}; follow each with: camunda-admin batch watch <id>, or see them with: camunda-admin batch list --type instance-update-suspension-state`,
    ]);
    expect(existsSync(join(cwd, 'run.jsonl.lock'))).toBe(false);
  });

  it('past three batches, the line counts them and names the journal and the listing', async ({ engine, cwd }) => {
    const result = await run(engine, cwd, '1');
    const ids = engine.state.batches.map((batch) => batch.id);
    expect(ids).toHaveLength(5);
    expect(result.code, result.stderr).toBe(9);
    expect(errorLines(result.stderr)).toEqual([
      `error: --wait-timeout passed: 5 batches go on (${ids.slice(0, 3).join(', ')} and 2 more, every id in journal run.jsonl); see them with: camunda-admin batch list --type instance-update-suspension-state`,
    ]);
  });

  it('one batch keeps its own line', async ({ engine, cwd }) => {
    const result = await run(engine, cwd, '5');
    const [id] = engine.state.batches.map((batch) => batch.id);
    expect(result.code, result.stderr).toBe(9);
    expect(errorLines(result.stderr)).toEqual([`error: --wait-timeout passed: batch ${id} is still running; follow it with: camunda-admin batch watch ${id}`]);
  });
});
