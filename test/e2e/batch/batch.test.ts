// Async migration and the batch commands, against simulated batches whose jobs run over time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import {
  AuthorizationType,
  type RecordedRequest,
  requestObservers,
  ResourceType,
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
  startSimulator,
} from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { runOnPty } from '../../helpers/pty.js';
import { showsDocumentedLine, showsDocumentedRow } from '../../helpers/docs.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

let engine: Simulator | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

async function start(jobsPerSecond: number): Promise<Simulator> {
  engine = await startSimulator({ batchJobsPerSecond: jobsPerSecond });
  return engine;
}

const demoV1 = [INSTANCES.demoV1First, INSTANCES.demoV1Second, INSTANCES.demoV1Third];

function planDir(): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'plan.yaml'), toYaml(DEMO_PLAN));
  return cwd;
}

describe('migration execute --async', () => {
  it('prints only the batch id on stdout (json: the batch) and does not wait', async () => {
    const sim = await start(0);
    const cwd = planDir();
    const plain = await runCli(['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1First, '--async', '--yes'], { cwd });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const id = plain.stdout.trim();
    expect(plain.stderr).toContain(`batch ${id} created: 1 instance in 1 job of 1 instance; follow it with: camunda-admin batch watch ${id}`);
    const json = await runCli(
      ['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1Second, '--async', '--yes', '-o', 'json', '--allow-pending-batch'],
      { cwd },
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'instance-migration', totalJobs: 1, invocationsPerBatchJob: 1 });
  });

  it('--wait follows the batch to its end (plain progress lines without a terminal) and reports every instance', async () => {
    // One executor step per poll, however slow the machine: the command sees the batch part-way done.
    const sim = await start(0);
    const stepPerPoll = (request: RecordedRequest): void => {
      if (request.method === 'GET' && request.path.includes('/batch/statistics')) sim.advanceBatches(1);
    };
    requestObservers.add(stepPerPoll);
    onTestFinished(() => void requestObservers.delete(stepPerPoll));
    const cwd = planDir();
    const result = await runCli(
      ['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--wait', '--interval', '0.1', '--yes', '--report', 'report.json'],
      { cwd },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/batch \S+: \d+\/3 jobs done \(\d+%\), \d+ remaining, 0 failed/);
    expect(result.stderr).toMatch(/batch \S+: finished at \d{4}-\d\d-\d\dT/);
    expect(result.stderr).not.toContain('\u001b[');
    expect(result.stdout).toMatch(/done: 3 of 3 instances migrated/);
    expect(demoV1.map((id) => sim.state.findProcessInstance(id)?.definitionId)).toEqual([DEFINITIONS.v2, DEFINITIONS.v2, DEFINITIONS.v2]);
  });

  it('ends with exit 8 when batch jobs fail, saying how to see the failures', async () => {
    const sim = await start(50);
    sim.state.batchSettings.failInstanceIds = new Set([INSTANCES.demoV1Second]);
    const cwd = planDir();
    const result = await runCli(
      ['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--wait', '--interval', '0.1', '--yes', '-o', 'json'],
      { cwd },
    );
    expect(result.code).toBe(8);
    expect(result.stderr).toMatch(
      /error: batch \S+: 1 job failed \(up to 1 instance\) and will not be retried; see the failures with GET \/job\?jobDefinitionId=\S+&noRetriesLeft=true/,
    );
    expect(JSON.parse(result.stdout).outcome).toEqual({ migrated: 2, 'already-migrated': 0, 'on-source': 1, ended: 0, unknown: 0 });
  });

  it('exits 9 when --wait-timeout passes, and the batch goes on', async () => {
    const sim = await start(0);
    const cwd = planDir();
    const result = await runCli(
      ['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--wait', '--interval', '0.1', '--wait-timeout', '3', '--yes'],
      { cwd },
    );
    expect(result.code).toBe(9);
    expect(result.stderr).toMatch(/error: --wait-timeout passed: batch (\S+) is still running; follow it with: camunda-admin batch watch \1/);
  });

  it('--wait ends when every job is done, not when the monitor job ends the batch: exit 0 with every instance checked', async () => {
    // The engine's monitor job ends the batch up to 30 s after its last job; here it never does: the
    // --wait-timeout only keeps a broken build from waiting for ever (it would end with exit 9).
    const sim = await start(0);
    sim.state.batchSettings.monitorWaits = true;
    const stepPerPoll = (request: RecordedRequest): void => {
      if (request.method === 'GET' && request.path.includes('/batch/statistics')) sim.advanceBatches(10);
    };
    requestObservers.add(stepPerPoll);
    onTestFinished(() => void requestObservers.delete(stepPerPoll));
    const cwd = planDir();
    const result = await runCli(
      ['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--wait', '--interval', '0.1', '--wait-timeout', '120', '--yes'],
      { cwd },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/batch \S+: all 3 jobs done; the engine ends the batch at its monitor job's next run/);
    expect(result.stderr).not.toContain('still running');
    expect(result.stdout).toMatch(/done: 3 of 3 instances migrated/);
    expect(sim.state.batches.filter((batch) => batch.inRuntime)).toHaveLength(1);
  });

  it('--wait-timeout also ends a poll the engine does not answer: exit 9 when it says, not when the request gives up', async () => {
    const sim = await start(0);
    const cwd = planDir();
    // Held far longer than the test may take: only --wait-timeout can end the poll.
    sim.inject({ method: 'GET', path: /^\/batch\/statistics$/, delayHeadersMs: 600_000 });
    const result = await runCli(
      ['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--wait', '--interval', '0.1', '--wait-timeout', '0.5', '--yes'],
      { cwd },
    );
    expect(result.code).toBe(9);
    expect(result.stderr).toMatch(/error: --wait-timeout passed: batch (\S+) is still running; follow it with: camunda-admin batch watch \1/);
  });
});

describe('batch commands', () => {
  async function batchId(sim: Simulator): Promise<string> {
    const created = await runCli(['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'], { cwd: planDir() });
    expect(created.code).toBe(0);
    return created.stdout.trim();
  }

  it('list shows the first 100 and says there are more; --all lists every one', async () => {
    const sim = await start(0);
    const id = await batchId(sim);
    const template = sim.state.findBatch(id)!;
    for (let index = 0; index < 120; index += 1)
      sim.state.batches.push({ ...structuredClone(template), id: `e${String(index).padStart(7, '0')}-0000-11f1-a2ca-02fc00000001` });
    const cli = (...args: string[]) => runCli(['--url', sim.url, ...args]);
    const first = await cli('batch', 'list', '-o', 'json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toHaveLength(100);
    expect(first.stderr).toBe('showing 100 batches from 0; there are more: --all\n');
    const all = await cli('batch', 'list', '--all', '-o', 'json');
    const ids = (JSON.parse(all.stdout) as { id: string }[]).map((batch) => batch.id);
    expect(ids).toHaveLength(121);
    expect(new Set(ids).size).toBe(121);
    expect(all.stderr).toBe('');
  });

  it('list, get, suspend, activate, watch, and get from history once finished', async () => {
    const sim = await start(0);
    const id = await batchId(sim);
    const cli = (...args: string[]) => runCli(['--url', sim.url, ...args]);

    const list = await cli('batch', 'list', '-o', 'json');
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id, totalJobs: 3, remainingJobs: 3, completedJobs: 0, failedJobs: 0 })]);
    const table = await cli('batch', 'list');
    expect(table.stdout).toMatch(new RegExp(`^${id}\tinstance-migration\t0/3\t3\t0\tno\t`, 'm'));

    expect((await cli('batch', 'suspend', id)).code).toBe(0);
    // -o json/yaml: the engine's own object, unwrapped, as GET /batch/{id} gives it.
    const fromEngine = async (path: string) => (await fetch(`${sim.url}${path}`)).json() as Promise<Record<string, unknown>>;
    const runtimeJson = JSON.parse((await cli('batch', 'get', id, '-o', 'json')).stdout);
    expect(runtimeJson).toMatchObject({ id, suspended: true });
    expect(runtimeJson).toEqual(await fromEngine(`/batch/${id}`));
    expect(parseYaml((await cli('batch', 'get', id, '-o', 'yaml')).stdout)).toEqual(await fromEngine(`/batch/${id}`));
    expect((await cli('batch', 'activate', id)).code).toBe(0);
    expect(sim.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body))).toEqual([{ suspended: true }, { suspended: false }]);

    sim.state.batchSettings.jobsPerSecond = 50;
    const watched = await cli('batch', 'watch', id, '--interval', '0.1');
    expect(watched.code).toBe(0);
    const history = await cli('batch', 'get', id, '-o', 'json');
    expect(history.code).toBe(0);
    const historic = JSON.parse(history.stdout);
    expect(historic).toMatchObject({ id, endTime: expect.any(String) });
    expect(historic).toEqual(await fromEngine(`/history/batch/${id}`));
  });

  it('list --type names the closest batch types when a type the engine does not define matches nothing', async () => {
    const sim = await start(0);
    const id = await batchId(sim);
    const cli = (...args: string[]) => runCli(['--url', sim.url, ...args]);
    const typo = await cli('batch', 'list', '--type', 'instance-migrations', '-o', 'json');
    expect(typo.code).toBe(0);
    expect(typo.stdout).toBe('[]\n');
    expect(typo.stderr).toBe(
      "warning: --type: no batch of type 'instance-migrations', which is not one of the engine's batch types (did you mean instance-migration?); an engine plugin may add types of its own\n",
    );
    // Nothing close: the engine's types are named.
    const far = await cli('batch', 'list', '--type', 'zzzzzzzz');
    expect(far.code).toBe(0);
    expect(far.stderr).toContain(
      "no batch of type 'zzzzzzzz', which is not one of the engine's batch types (the engine's are instance-migration, instance-modification, ",
    );
    expect((await cli('batch', 'list', '--type', 'nope', '-q')).stderr).toBe('');
    // A known type with none running, and a plugin's type with batches, are no typo.
    expect((await cli('batch', 'list', '--type', 'set-variables', '-o', 'json')).stderr).toBe('');
    sim.state.batches.push({ ...structuredClone(sim.state.findBatch(id)!), id: 'f0000000-0000-11f1-a2ca-02fc00000001', type: 'acme-archive' });
    const custom = await cli('batch', 'list', '--type', 'acme-archive', '-o', 'json');
    expect((JSON.parse(custom.stdout) as { id: string }[]).map((batch) => batch.id)).toEqual(['f0000000-0000-11f1-a2ca-02fc00000001']);
    expect(custom.stderr).toBe('');
  });

  it('delete asks first, and exits 5 for unknown batches', async () => {
    const sim = await start(0);
    const id = await batchId(sim);
    const refused = await runCli(['--url', sim.url, 'batch', 'delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`delete batch ${id} (instance-migration, 3 jobs) and its history: confirmation needed`);
    expect(sim.requests.some((r) => r.method === 'DELETE')).toBe(false);
    const deleted = await runCli(['--url', sim.url, 'batch', 'delete', id, '--yes']);
    expect(deleted.code).toBe(0);
    expect(sim.requests.find((r) => r.method === 'DELETE')?.path).toBe(`/engine-rest/batch/${id}?cascade=true`);

    const missing = await runCli(['--url', sim.url, 'batch', 'get', 'nope']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain("404 Not Found: InvalidRequestException: Batch with id 'nope' does not exist");
    // A batch the caller may change but not read is hidden from the read as well: the engine decides,
    // and its 400 for a batch that does not exist is exit 5.
    for (const [args, verb] of [
      [['delete', 'nope', '--yes'], 'delete'],
      [['delete', 'nope', '--yes', '--keep-history'], 'delete'],
      [['suspend', 'nope'], 'suspend'],
      [['activate', 'nope'], 'activate'],
    ] as const) {
      const unknown = await runCli(['--url', sim.url, 'batch', ...args]);
      expect(unknown.code, args.join(' ')).toBe(5);
      expect(unknown.stderr, args.join(' ')).toBe(`error: batch nope does not exist (Unable to ${verb} batch with id 'nope')\n`);
    }
    const unconfirmed = await runCli(['--url', sim.url, 'batch', 'delete', 'nope']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('delete batch nope and its history: confirmation needed');
  });

  it('suspends and deletes a batch the caller may change but not read, as the engine allows', async () => {
    engine = await startSimulator({ batchJobsPerSecond: 0, basicAuth: true });
    const created = await runCli(
      ['--url', engine.url, '--username', 'demo', '--password-stdin', 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'],
      { cwd: planDir(), stdin: 'demo' },
    );
    expect(created.code).toBe(0);
    const id = created.stdout.trim();
    // READ_HISTORY too: a running batch has a history record, without an end, which is not a finished batch.
    engine.state.authorizations.push({
      id: 'e2e-batch',
      type: AuthorizationType.GRANT,
      userId: 'john',
      groupId: null,
      permissions: ['UPDATE', 'DELETE', 'READ_HISTORY'],
      resourceType: ResourceType.BATCH,
      resourceId: id,
      removalTime: null,
      rootProcessInstanceId: null,
    });
    const asJohn = (...args: string[]) =>
      runCli(['--url', engine!.url, '--retries', '0', '--username', 'john', '--password-stdin', ...args], { stdin: 'john', terminal: { stdout: 200 } });
    const suspended = await asJohn('batch', 'suspend', id);
    expect(suspended.stderr).toBe(`batch ${id} suspended\n`);
    expect(suspended.code).toBe(0);
    // Without the grant the engine refuses: its 403 (exit 4), not a 404.
    const grant = engine.state.authorizations.find((auth) => auth.id === 'e2e-batch')!;
    engine.state.authorizations = engine.state.authorizations.filter((auth) => auth !== grant);
    const refused = await asJohn('batch', 'activate', id);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('403 Forbidden');
    engine.state.authorizations.push(grant);
    const deleted = await asJohn('batch', 'delete', id, '--yes');
    expect(deleted.code).toBe(0);
    expect(engine.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/engine-rest/batch/${id}?cascade=true`]);
  });

  it('suspend, activate and delete of a finished batch exit 5 and say that only its history is left', async () => {
    const sim = await start(50);
    const id = await batchId(sim);
    expect((await runCli(['--url', sim.url, 'batch', 'watch', id, '--interval', '0.1'])).code).toBe(0);
    for (const args of [
      ['suspend', id],
      ['activate', id],
      ['delete', id, '--yes'],
    ]) {
      const finished = await runCli(['--url', sim.url, 'batch', ...args]);
      expect(finished.code, args.join(' ')).toBe(5);
      expect(finished.stderr).toContain(`Batch with id '${id}' does not exist`);
      expect(finished.stderr).toContain(
        `does not exist (batch ${id} has ended, completed or deleted; only its history record is left, which says which: camunda-admin batch get ${id})\n`,
      );
    }
    expect(sim.requests.filter((r) => r.method === 'PUT' || r.method === 'DELETE')).toEqual([]);
  });
});

describe('batch get of a batch that has ended: how it ended, from its job log', () => {
  async function endedBatch(sim: Simulator, failing: string[] = []): Promise<string> {
    sim.state.batchSettings.failInstanceIds = new Set(failing);
    const created = await runCli(['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'], { cwd: planDir() });
    expect(created.code).toBe(0);
    sim.advanceBatches(10);
    return created.stdout.trim();
  }
  const fromEngine = async (sim: Simulator, path: string) => (await fetch(`${sim.url}${path}`)).json() as Promise<Record<string, unknown>>;

  it('a completed batch: completed, every job done; -o json the engine object and nothing on stderr', async () => {
    const sim = await start(0);
    const id = await endedBatch(sim);
    const table = await runCli(['--url', sim.url, 'batch', 'get', id], { terminal: { stdout: 200 } });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ State\s+│ completed \(history\)\s+│/);
    expect(table.stdout).toMatch(/│ Completed jobs\s+│ 3\s+│/);
    expect(table.stdout).toMatch(/│ Failed job runs\s+│ 0\s+│/);
    expect(table.stdout).not.toContain('Jobs not done');
    const json = await runCli(['--url', sim.url, 'batch', 'get', id, '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(await fromEngine(sim, `/history/batch/${id}`));
    expect(json.stderr).toBe('');
  });

  it('a batch deleted (history kept) with a failed job: not like a completed one, in the table and on stderr with -o json', async () => {
    const sim = await start(0);
    const id = await endedBatch(sim, [INSTANCES.demoV1Second]);
    expect((await runCli(['--url', sim.url, 'batch', 'delete', id, '--keep-history', '--yes'])).code).toBe(0);
    const definition = sim.state.batches[0]!.batchJobDefinitionId;
    const table = await runCli(['--url', sim.url, 'batch', 'get', id], { terminal: { stdout: 200 } });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ State\s+│ deleted before it completed \(history\), with failed jobs\s+│/);
    expect(table.stdout).toMatch(/│ Completed jobs\s+│ 2\s+│/);
    expect(table.stdout).toMatch(/│ Jobs not done\s+│ 1\s+│/);
    expect(table.stdout).toMatch(new RegExp(`│ Failed job runs\\s+│ 3 \\(GET /history/job-log\\?jobDefinitionId=${definition}&failureLog=true\\)`));
    expect(table.stdout).not.toMatch(/│ State\s+│ completed/);
    // The rows docs/migration.md shows.
    for (const row of ['│ State', '│ Completed jobs', '│ Jobs not done', '│ Failed job runs'])
      expect(showsDocumentedRow(table.stdout, 'migration.md', row), row).toBe(true);
    for (const format of ['json', 'yaml']) {
      const machine = await runCli(['--url', sim.url, 'batch', 'get', id, '-o', format]);
      expect(machine.code).toBe(0);
      expect(machine.stderr).toBe(`batch ${id} was deleted before it completed: 2 of 3 jobs done, 3 failed job runs (its job log)\n`);
    }
    expect(JSON.parse((await runCli(['--url', sim.url, 'batch', 'get', id, '-o', 'json'])).stdout)).toEqual(await fromEngine(sim, `/history/batch/${id}`));
  });

  it('batch watch of a batch deleted while it is watched: exit 8, not "finished"', async () => {
    const sim = await start(0);
    const created = await runCli(['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'], { cwd: planDir() });
    const id = created.stdout.trim();
    let polls = 0;
    const deleteOnSecondPoll = (request: RecordedRequest): void => {
      if (request.method !== 'GET' || !request.path.includes('/batch/statistics')) return;
      if (++polls === 1) sim.advanceBatches(2);
      if (polls === 2) void fetch(`${sim.url}/batch/${id}?cascade=false`, { method: 'DELETE' });
    };
    requestObservers.add(deleteOnSecondPoll);
    onTestFinished(() => void requestObservers.delete(deleteOnSecondPoll));
    const watched = await runCli(['--url', sim.url, 'batch', 'watch', id, '--interval', '0.1']);
    expect(watched.code).toBe(8);
    expect(watched.stderr).toMatch(
      new RegExp(`error: batch ${id} was deleted before it completed: 1 of 3 jobs done \\(its job log\\) at \\S+; see camunda-admin batch get ${id}\\n$`),
    );
    expect(watched.stderr).not.toContain('finished at');
  });

  it('when the job log is not readable: ended, completed or deleted not known, and why', async () => {
    engine = await startSimulator({ batchJobsPerSecond: 0, basicAuth: true });
    const created = await runCli(
      ['--url', engine.url, '--username', 'demo', '--password-stdin', 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'],
      { cwd: planDir(), stdin: 'demo' },
    );
    const id = created.stdout.trim();
    engine.advanceBatches(10);
    // john may read the batch's history, not the job log (READ_HISTORY on every process definition).
    engine.state.authorizations.push({
      id: 'e2e-history',
      type: AuthorizationType.GRANT,
      userId: 'john',
      groupId: null,
      permissions: ['READ_HISTORY'],
      resourceType: ResourceType.BATCH,
      resourceId: id,
      removalTime: null,
      rootProcessInstanceId: null,
    });
    const asJohn = (...args: string[]) =>
      runCli(['--url', engine!.url, '--retries', '0', '--username', 'john', '--password-stdin', ...args], { stdin: 'john', terminal: { stdout: 200 } });
    const table = await asJohn('batch', 'get', id);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ State\s+│ ended \(history\); completed or deleted is not known\s+│/);
    expect(table.stdout).toMatch(
      /│ Outcome\s+│ its job log shows 0 of 3 jobs done and no deletion: reading it needs READ_HISTORY on every process definition \('\*'\)/,
    );
    const json = await asJohn('batch', 'get', id, '-o', 'json');
    expect(json.stderr).toContain(`batch ${id} has ended, but whether it completed or was deleted is not known: its job log shows 0 of 3 jobs done`);
    // demo, in camunda-admin with every permission, reads it.
    const asDemo = await runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', 'batch', 'get', id], {
      stdin: 'demo',
      terminal: { stdout: 200 },
    });
    expect(asDemo.stdout).toMatch(/│ State\s+│ completed \(history\)\s+│/);
  });
});

describe('batch watch on a suspended batch', () => {
  async function suspendedBatch(sim: Simulator): Promise<string> {
    const created = await runCli(['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'], { cwd: planDir() });
    const id = created.stdout.trim();
    expect((await runCli(['--url', sim.url, 'batch', 'suspend', id])).code).toBe(0);
    return id;
  }

  it('says at once that it is suspended and how to activate it; --wait-timeout then names the suspension (exit 9)', async () => {
    const sim = await start(0);
    const id = await suspendedBatch(sim);
    const watched = await runCli(['--url', sim.url, 'batch', 'watch', id, '--interval', '0.1', '--wait-timeout', '3']);
    expect(watched.code).toBe(9);
    const lines = watched.stderr.split('\n');
    expect(lines[0]).toBe(
      `batch ${id}: 0/3 jobs done (0%), 3 remaining, 0 failed, SUSPENDED: no job runs until it is activated: camunda-admin batch activate ${id}`,
    );
    expect(watched.stderr).toContain(
      `error: --wait-timeout passed: batch ${id} is suspended: no job runs until it is activated (camunda-admin batch activate ${id}); follow it with: camunda-admin batch watch ${id}\n`,
    );
    expect(watched.stderr).not.toContain('still running');
    // As docs/migration.md shows them.
    expect(showsDocumentedLine(watched.stderr, 'migration.md', 'batch d0000001-…: 0/3 jobs done (0%), 3 remaining, 0 failed, SUSPENDED')).toBe(true);
    expect(showsDocumentedLine(watched.stderr, 'migration.md', 'error: --wait-timeout passed: batch d0000001-… is suspended')).toBe(true);
  });

  it('keeps watching, and follows the batch to its end once someone activates it', async () => {
    const sim = await start(0);
    const id = await suspendedBatch(sim);
    let polls = 0;
    const activateAfterThreePolls = (request: RecordedRequest): void => {
      if (request.method !== 'GET' || !request.path.includes('/batch/statistics')) return;
      polls++;
      if (polls === 3) sim.state.findBatch(id)!.suspended = false;
      if (polls > 3) sim.advanceBatches(2);
    };
    requestObservers.add(activateAfterThreePolls);
    onTestFinished(() => void requestObservers.delete(activateAfterThreePolls));
    const watched = await runCli(['--url', sim.url, 'batch', 'watch', id, '--interval', '0.1']);
    expect(watched.code).toBe(0);
    expect(watched.stderr).toContain(`SUSPENDED: no job runs until it is activated: camunda-admin batch activate ${id}`);
    expect(watched.stderr).toMatch(new RegExp(`batch ${id}: finished at `));
    expect(polls).toBeGreaterThan(3);
  });

  it('shows the suspension in the spinner on a terminal, poll after poll', async () => {
    const sim = await start(0);
    const id = await suspendedBatch(sim);
    const dir = tempDir();
    const running = runOnPty(['--url', sim.url, 'batch', 'watch', id, '--interval', '0.2', '--wait-timeout', '3'], {
      env: cleanEnv({}, dir),
      cwd: dir,
      columns: 200,
    });
    const { code, screen } = await running.result;
    expect(code).toBe(9);
    // The spinner redraws its line: the hint is on screen from the first poll to the last.
    const hint = `SUSPENDED: no job runs until it is activated: camunda-admin batch activate ${id}`;
    expect(screen.split(hint).length - 1).toBeGreaterThan(3);
    expect(screen).toContain(`is suspended: no job runs until it is activated (camunda-admin batch activate ${id})`);
    expect(screen).toContain('\u001B[?25l');
  });

  it('prints plain progress lines on a terminal that cannot move its cursor (TERM=dumb), as ora by itself would not decide', async () => {
    const sim = await start(0);
    const id = await suspendedBatch(sim);
    const dir = tempDir();
    const running = runOnPty(['--url', sim.url, 'batch', 'watch', id, '--interval', '0.2', '--wait-timeout', '1'], {
      env: cleanEnv({ TERM: 'dumb' }, dir),
      cwd: dir,
      columns: 200,
    });
    const { code, screen } = await running.result;
    expect(code).toBe(9);
    expect(screen).not.toContain('\u001B[?25l');
    // The first poll's line once (nothing changed after it), then the error: no redrawn line.
    const line = `batch ${id}: 0/3 jobs done (0%), 3 remaining, 0 failed, SUSPENDED: no job runs until it is activated: camunda-admin batch activate ${id}\r\n`;
    expect(screen.startsWith(`${line}error: --wait-timeout passed`)).toBe(true);
  });

  it('off a terminal prints a change of state at once, however soon after the last line', async () => {
    const sim = await start(0);
    const id = await suspendedBatch(sim);
    let polls = 0;
    const activateAtSecondPoll = (request: RecordedRequest): void => {
      if (request.method !== 'GET' || !request.path.includes('/batch/statistics')) return;
      polls++;
      if (polls === 2) sim.state.findBatch(id)!.suspended = false;
    };
    requestObservers.add(activateAtSecondPoll);
    onTestFinished(() => void requestObservers.delete(activateAtSecondPoll));
    // Long enough for the second poll on a loaded machine; later polls see no change and print nothing.
    const watched = await runCli(['--url', sim.url, 'batch', 'watch', id, '--interval', '0.1', '--wait-timeout', '3']);
    expect(watched.code).toBe(9);
    expect(polls).toBeGreaterThanOrEqual(2);
    const lines = watched.stderr.trim().split('\n');
    expect(lines[0]).toContain('SUSPENDED');
    expect(lines[1]).toBe(`batch ${id}: 0/3 jobs done (0%), 3 remaining, 0 failed`);
    expect(lines[2]).toBe(`error: --wait-timeout passed: batch ${id} is still running; follow it with: camunda-admin batch watch ${id}`);
    expect(lines).toHaveLength(3);
  });
});

describe('batch watch: what it says when it knows nothing, or little', () => {
  it('--wait-timeout with a fraction of a millisecond: the usual exit 9, not an internal error', async () => {
    const sim = await start(0);
    const created = await runCli(['--url', sim.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'], { cwd: planDir() });
    const id = created.stdout.trim();
    // Long enough that the engine's first answer comes before it on a loaded machine (else exit 7,
    // the engine did not answer): the fraction is what is tested, not the duration.
    const watched = await runCli(['--url', sim.url, 'batch', 'watch', id, '--interval', '0.1', '--wait-timeout', '3.0005']);
    expect(watched.code).toBe(9);
    expect(watched.stderr.trim().split('\n').at(-1)).toBe(
      `error: --wait-timeout passed: batch ${id} is still running; follow it with: camunda-admin batch watch ${id}`,
    );
  });

  it('an engine that does not answer before --wait-timeout: exit 7, one line, no claim that the batch runs', async () => {
    const sim = await start(0);
    let release = (): void => {};
    sim.inject({ path: /^\/batch\/statistics$/, holdUntil: new Promise<void>((resolve) => (release = resolve)) });
    onTestFinished(() => release());
    const watched = await runCli(['--url', sim.url, 'batch', 'watch', 'b1', '--wait-timeout', '0.3']);
    expect(watched.code).toBe(7);
    expect(watched.stderr).toBe('error: --wait-timeout passed before the engine answered about batch b1; follow it with: camunda-admin batch watch b1\n');
  });
});
