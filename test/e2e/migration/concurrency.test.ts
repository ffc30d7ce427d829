// Two operators at once (issue 25): one run per journal, instances another run moved, updates that
// are never lost in silence. What needs two processes spawns the built command; the rest runs in-process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { stringify as toYaml } from 'yaml';
import {
  type EngineState,
  type RecordedRequest,
  SEEDED_AUTHORIZATION_IDS,
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
} from '../../simulator/index.js';
import { type CliResult, cleanEnv, runCli, spawnCli, tempDir } from '../../helpers/cli.js';
import { engineTest } from '../../helpers/fixtures.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

const JOURNAL = 'plan.yaml.journal.jsonl';
const LOCK = `${JOURNAL}.lock`;

function planDir(): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'plan.yaml'), toYaml(DEMO_PLAN));
  return cwd;
}
const demoV1 = [INSTANCES.demoV1First, INSTANCES.demoV1Second, INSTANCES.demoV1Third];
const journalEvents = (cwd: string) =>
  readFileSync(join(cwd, JOURNAL), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; chunk?: number; ids?: string[] });

const executesOf = (engine: Simulator) => engine.requests.filter((request) => request.method === 'POST' && /\/migration\/execute$/.test(request.path));

// Each test has an engine of its own, so the two cases that wait on spawned runs of the command for
// most of their time run side by side (it.concurrent); their in-process runs take turns
// (test/helpers/cli.ts). The cases that run the command in-process only stay one after the other:
// side by side they would only queue, and the wait would count against each case's time limit.
const it = engineTest.extend<{
  cli: (args: string[], cwd: string) => Promise<CliResult>;
  executes: () => RecordedRequest[];
  executedIds: () => string[];
  definitionOf: (id: string) => string | undefined;
  addDemoInstances: (count: number) => string[];
  writeStartedJournal: (cwd: string, ids: string[], chunkSize?: number) => void;
  run: (...args: string[]) => Promise<CliResult>;
  puts: (path: RegExp) => RecordedRequest[];
  permissionsOf: (id: string) => string[];
}>({
  cli: async ({ engine }, use) => use((args, cwd) => runCli(['--url', engine.url, '--retries', '0', ...args], { cwd })),
  executes: async ({ engine }, use) => use(() => executesOf(engine)),
  executedIds: async ({ engine }, use) =>
    use(() => executesOf(engine).flatMap((request) => (JSON.parse(request.body) as { processInstanceIds: string[] }).processInstanceIds)),
  definitionOf: async ({ engine }, use) => use((id) => engine.state.findProcessInstance(id)?.definitionId),
  /** `count` more running instances of demo v1 (as the seeded ones), for runs with many chunks. */
  addDemoInstances: async ({ engine }, use) =>
    use((count) => {
      const [template] = engine.state.processInstances.filter((instance) => instance.id === INSTANCES.demoV1First);
      const ids: string[] = [];
      for (let index = 0; index < count; index++) {
        const id = engine.state.nextId();
        engine.state.processInstances.push({ ...template!, id, businessKey: `extra-${index}`, activityInstanceIds: [`approve:${engine.state.nextId()}`] });
        ids.push(id);
      }
      return ids;
    }),
  /** A journal of a run that was killed after its start line: every selected instance still pending. */
  writeStartedJournal: async ({ engine }, use) =>
    use((cwd, ids, chunkSize = 1) => {
      const start = {
        event: 'start',
        version: 1,
        engine: { url: engine.url, name: 'default', version: engine.state.version },
        plan: 'plan.yaml',
        sourceProcessDefinitionId: DEFINITIONS.v1,
        targetProcessDefinitionId: DEFINITIONS.v2,
        chunkSize,
        ids,
        at: '2026-11-21T10:00:00.000Z',
      };
      writeFileSync(join(cwd, JOURNAL), `${JSON.stringify(start)}\n`);
    }),
  run: async ({ engine }, use) => use((...args) => runCli(['--url', engine.url, '--retries', '0', ...args])),
  puts: async ({ engine }, use) => use((path) => engine.requests.filter((request) => request.method === 'PUT' && path.test(request.path))),
  permissionsOf: async ({ engine }, use) => use((id) => [...engine.state.findAuthorization(id)!.permissions].sort()),
});

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function writeLock(cwd: string, holder: { pid: number; host: string }): void {
  writeFileSync(join(cwd, LOCK), `${JSON.stringify({ ...holder, startedAt: '2026-11-21T10:00:00.000Z', token: 'earlier-run' })}\n`);
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 25) {
    if (waited > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('one run per journal: the lock', () => {
  it('refuses a journal whose lock a live process of this host holds: exit 11, one line, nothing sent', async ({ engine, cli, writeStartedJournal }) => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    // The test runner's parent is alive and is not this process.
    writeLock(cwd, { pid: process.ppid, host: hostname() });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(result.code).toBe(11);
    expect(result.stderr).toBe(
      `error: journal ${JOURNAL} is in use by process ${process.ppid} on ${hostname()} (since 2026-11-21T10:00:00.000Z); nothing was sent (wait for that run to end: one run at a time continues a journal; if process ${process.ppid} is not a camunda-admin run (its pid was reused), take the lock over: camunda-admin migration execute plan.yaml --resume --take-over-lock)\n`,
    );
    expect(engine.requests).toEqual([]);
    // Not ours: left in place.
    expect(JSON.parse(readFileSync(join(cwd, LOCK), 'utf8'))).toMatchObject({ pid: process.ppid, token: 'earlier-run' });
    // The operator says that pid is no camunda-admin run (a reused pid): the lock is taken over.
    const taken = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--take-over-lock', '--yes'], cwd);
    expect(taken.code).toBe(0);
    expect(taken.stderr).toContain(`taking over the lock of process ${process.ppid} on ${hostname()}`);
    expect(existsSync(join(cwd, LOCK))).toBe(false);
  });

  it('refuses a fresh run on a journal whose lock is held, before anything is sent', async ({ engine, cli }) => {
    const cwd = planDir();
    writeLock(cwd, { pid: process.ppid, host: hostname() });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '1', '--yes'], cwd);
    expect(result.code).toBe(11);
    expect(result.stderr).toContain(`error: journal ${JOURNAL} is in use by process ${process.ppid}`);
    expect(engine.requests).toEqual([]);
  });

  it('takes over the lock of a killed run of this host with a notice, resumes, and gives the lock back', async ({ cli, definitionOf, writeStartedJournal }) => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    const pid = deadPid();
    writeLock(cwd, { pid, host: hostname() });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `warning: journal ${JOURNAL}: taking over the lock of process ${pid} on ${hostname()} (since 2026-11-21T10:00:00.000Z): that process is gone\n`,
    );
    expect(demoV1.map(definitionOf)).toEqual(demoV1.map(() => DEFINITIONS.v2));
    expect(existsSync(join(cwd, LOCK))).toBe(false);
  });

  it('refuses the lock of another host with the command that takes it over, which then works', async ({ engine, cli, writeStartedJournal }) => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    writeLock(cwd, { pid: 4242, host: 'ops-runner-elsewhere' });
    const refused = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(refused.code).toBe(11);
    expect(refused.stderr).toBe(
      `error: journal ${JOURNAL} is in use by process 4242 on ops-runner-elsewhere (since 2026-11-21T10:00:00.000Z); nothing was sent` +
        " (another host's process cannot be checked from here; if that run is no longer running, take the lock over: camunda-admin migration execute plan.yaml --resume --take-over-lock)\n",
    );
    expect(engine.requests).toEqual([]);
    const taken = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--take-over-lock', '--yes'], cwd);
    expect(taken.code).toBe(0);
    expect(taken.stderr).toContain('taking over the lock of process 4242 on ops-runner-elsewhere (since 2026-11-21T10:00:00.000Z): as --take-over-lock says');
    expect(existsSync(join(cwd, LOCK))).toBe(false);
  });

  it('gives the lock back after a failed run and after a refused one', async ({ engine, cli, writeStartedJournal }) => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    engine.inject({
      method: 'POST',
      path: /^\/migration\/execute$/,
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'ProcessEngineException', message: 'boom', code: null }),
    });
    const failed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(failed.code).toBe(6);
    expect(existsSync(join(cwd, LOCK))).toBe(false);
    engine.clearFaults();
    const notConfirmed = await cli(['migration', 'execute', 'plan.yaml', '--resume'], cwd);
    expect(notConfirmed.code).toBe(2);
    expect(existsSync(join(cwd, LOCK))).toBe(false);
  });

  it.concurrent(
    'two runs released on one journal: the second refuses at once and sends nothing; SIGTERM ends the first, which gives the lock back (spawned)',
    async ({ engine, cli, executes, executedIds, definitionOf, writeStartedJournal }) => {
      const cwd = planDir();
      writeStartedJournal(cwd, demoV1);
      // The first chunk's answer is held until the second process has been refused and the first told to stop.
      let release = (): void => undefined;
      engine.inject({ method: 'POST', path: /^\/migration\/execute$/, times: 1, holdUntil: new Promise<void>((resolve) => (release = resolve)) });
      const env = cleanEnv();
      const args = ['--url', engine.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', '--resume', '--yes'];
      const first = spawnCli(args, { cwd, env });
      await waitFor(() => executes().length === 1, 'the first chunk');
      const second = await spawnCli(args, { cwd, env }).result;
      expect(second.code).toBe(11);
      expect(second.stderr).toMatch(
        new RegExp(
          `^error: journal ${JOURNAL.replaceAll('.', '\\.')} is in use by process ${first.child.pid} on ${hostname().replaceAll('.', '\\.')} \\(since [^)]+\\); nothing was sent \\(wait for that run to end`,
        ),
      );
      expect(executes()).toHaveLength(1);
      first.child.kill('SIGTERM');
      await waitFor(() => first.stderrSoFar().includes('interrupted: finishing the chunk in flight'), 'the first run to take the SIGTERM');
      release();
      const stopped = await first.result;
      expect(stopped.code).toBe(130);
      expect(stopped.stderr).toContain('interrupted: finishing the chunk in flight, then stopping\n');
      expect(existsSync(join(cwd, LOCK))).toBe(false);
      engine.clearFaults();
      const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
      expect(resumed.code).toBe(0);
      const ids = executedIds();
      expect([...ids].sort()).toEqual([...demoV1].sort());
      expect(demoV1.map(definitionOf)).toEqual(demoV1.map(() => DEFINITIONS.v2));
    },
  );

  it.concurrent(
    'SIGKILL mid-run, again and again, then --resume: every instance on the target, none sent after it was confirmed (spawned)',
    async ({ engine, cli, executes, executedIds, definitionOf, addDemoInstances }) => {
      const cwd = planDir();
      const ids = [...demoV1, ...addDemoInstances(27)];
      engine.inject({ method: 'POST', path: /^\/migration\/execute$/, delayHeadersMs: 40 });
      const env = cleanEnv();
      const first = ['--url', engine.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes'];
      const resume = ['--url', engine.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', '--resume', '--yes'];
      const kills = 6;
      for (let round = 0; round < kills; round++) {
        if (round > 0 && !existsSync(join(cwd, JOURNAL))) break;
        const before = executes().length;
        const child = spawn(process.execPath, [new URL('../../../bin/camunda-admin.cjs', import.meta.url).pathname, ...(round === 0 ? first : resume)], {
          cwd,
          env,
          stdio: 'ignore',
        });
        const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
        // Killed at a different moment each round: while a chunk is in flight, or just after.
        await waitFor(() => executes().length > before || child.exitCode !== null, 'a chunk');
        await new Promise((resolve) => setTimeout(resolve, (round * 17) % 60));
        child.kill('SIGKILL');
        await ended;
      }
      engine.clearFaults();
      const last = await cli(resume, cwd);
      expect(last.code).toBe(0);
      expect(ids.map(definitionOf)).toEqual(ids.map(() => DEFINITIONS.v2));
      // An id whose chunk the journal confirmed is never sent again; every id was sent at least once.
      const sent = new Map<number, string[]>();
      const confirmed = new Set<string>();
      for (const event of journalEvents(cwd)) {
        if (event.event === 'sent') {
          expect(event.ids!.filter((id) => confirmed.has(id))).toEqual([]);
          sent.set(event.chunk!, event.ids!);
        }
        if (event.event === 'done') for (const id of sent.get(event.chunk!) ?? []) confirmed.add(id);
      }
      expect(new Set(executedIds())).toEqual(new Set(ids));
      expect(existsSync(join(cwd, LOCK))).toBe(false);
    },
    60_000,
  );
});

describe('updates that are never lost in silence', () => {
  const JOHN = SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant;
  /** Another run that read the authorization before this one wrote, and writes its own change to that stale copy. */
  const staleWriter = (id: string, permissions: string[]) => (state: EngineState) => {
    state.findAuthorization(id)!.permissions = [...permissions];
  };

  it('auth update: a write that lands after this one and replaces its change is found on reading back, and repaired', async ({
    engine,
    run,
    puts,
    permissionsOf,
  }) => {
    // The other run read READ, UPDATE, added DELETE, and its PUT lands right after ours.
    engine.inject({ method: 'PUT', path: /^\/authorization\//, times: 1, after: staleWriter(JOHN, ['READ', 'UPDATE', 'DELETE']) });
    const result = await run('auth', 'update', JOHN, '--add-permissions', 'CREATE_INSTANCE');
    expect(result.code).toBe(0);
    expect(permissionsOf(JOHN)).toEqual(['CREATE_INSTANCE', 'DELETE', 'READ', 'UPDATE']);
    expect(result.stderr).toBe(
      `warning: authorization ${JOHN}: another write replaced this change (permissions is 'READ, UPDATE, DELETE', not 'READ, UPDATE, DELETE, CREATE_INSTANCE'); writing it again\nupdated authorization ${JOHN}\n`,
    );
    expect(puts(/^\/engine-rest\/authorization\//)).toHaveLength(2);
  });

  it('auth update: a write that lands between the read and the write is merged in before writing (one PUT)', async ({ engine, run, puts, permissionsOf }) => {
    // Right after the first read was answered, the other run's DELETE lands.
    engine.inject({ method: 'GET', path: new RegExp(`^/authorization/${JOHN}$`), times: 1, after: staleWriter(JOHN, ['READ', 'UPDATE', 'DELETE']) });
    const result = await run('auth', 'update', JOHN, '--add-permissions', 'CREATE_INSTANCE');
    expect(result.code).toBe(0);
    expect(permissionsOf(JOHN)).toEqual(['CREATE_INSTANCE', 'DELETE', 'READ', 'UPDATE']);
    const written = puts(/^\/engine-rest\/authorization\//).map((request) => [...(JSON.parse(request.body) as { permissions: string[] }).permissions].sort());
    expect(written).toEqual([['CREATE_INSTANCE', 'DELETE', 'READ', 'UPDATE']]);
    expect(result.stderr).toBe(`updated authorization ${JOHN}\n`);
  });

  it('auth update: retries a 500 OptimisticLockingException (two PUTs overlapping inside the engine)', async ({ engine, run, permissionsOf }) => {
    const body = JSON.stringify({
      type: 'OptimisticLockingException',
      message: "ENGINE-03005 Execution of 'UPDATE AuthorizationEntity' failed. Entity was updated by another transaction concurrently.",
      code: 1,
    });
    engine.inject({ method: 'PUT', path: /^\/authorization\//, times: 1, status: 500, contentType: 'application/json', body });
    const result = await run('auth', 'update', JOHN, '--add-permissions', 'DELETE');
    expect(result.code).toBe(0);
    expect(permissionsOf(JOHN)).toEqual(['DELETE', 'READ', 'UPDATE']);
    expect(result.stderr).toBe(
      `warning: authorization ${JOHN}: the engine answered OptimisticLockingException (another write at the same moment); writing it again\nupdated authorization ${JOHN}\n`,
    );
  });

  it('auth update: a change that keeps being replaced ends with exit 12 naming the object and what differs, never "updated"', async ({ engine, run, puts }) => {
    engine.inject({ method: 'PUT', path: /^\/authorization\//, after: staleWriter(JOHN, ['READ', 'UPDATE']) });
    const result = await run('auth', 'update', JOHN, '--add-permissions', 'DELETE');
    expect(result.code).toBe(12);
    // A failure prints nothing on stdout: the change table comes only with the outcome.
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('updated');
    expect(result.stderr).toContain(
      `error: authorization ${JOHN}: the change did not hold after 4 writes: permissions is 'READ, UPDATE', not 'READ, UPDATE, DELETE' (another run is changing authorization ${JOHN} at the same time`,
    );
    expect(puts(/^\/engine-rest\/authorization\//)).toHaveLength(4);
  });

  it('group update: a name replaced by a stale write of the type is repaired; one that keeps being replaced is exit 12', async ({ engine, run }) => {
    const staleType = (state: EngineState) => Object.assign(state.findGroup('sales')!, { name: 'Sales', type: 'SYSTEM' });
    engine.inject({ method: 'PUT', path: /^\/group\/sales$/, times: 1, after: staleType });
    const repaired = await run('group', 'update', 'sales', '--name', 'Sales EMEA');
    expect(repaired.code).toBe(0);
    expect(engine.state.findGroup('sales')).toMatchObject({ name: 'Sales EMEA', type: 'SYSTEM' });
    expect(repaired.stderr).toBe(
      "warning: group sales: another write replaced this change (name is 'Sales', not 'Sales EMEA'); writing it again\nupdated group sales\n",
    );

    engine.inject({ method: 'PUT', path: /^\/group\/sales$/, after: (state) => Object.assign(state.findGroup('sales')!, { name: 'Sales EMEA' }) });
    const lost = await run('group', 'update', 'sales', '--name', 'Sales APAC');
    expect(lost.code).toBe(12);
    expect(lost.stdout).toBe('');
    expect(lost.stderr).toContain("error: group sales: the change did not hold after 4 writes: name is 'Sales EMEA', not 'Sales APAC'");
    expect(lost.stderr).not.toContain('updated group');
  });

  it('two auth updates released together (spawned, the default read-back delay): neither change is lost, both runs say updated', async ({
    engine,
    permissionsOf,
  }) => {
    for (let pair = 0; pair < 3; pair++) {
      engine.state.findAuthorization(JOHN)!.permissions = ['READ'];
      const env = cleanEnv({ CAMUNDA_ADMIN_READ_BACK_DELAY: '300' });
      // The first reads of both are held a while, so that the two runs go on from them together.
      engine.inject({ method: 'GET', path: new RegExp(`^/authorization/${JOHN}$`), times: 2, delayHeadersMs: 400 });
      const [a, b] = await Promise.all([
        spawnCli(['--url', engine.url, 'auth', 'update', JOHN, '--add-permissions', 'UPDATE'], { env }).result,
        spawnCli(['--url', engine.url, 'auth', 'update', JOHN, '--add-permissions', 'DELETE'], { env }).result,
      ]);
      engine.clearFaults();
      expect([a.code, b.code, a.stderr.trim().split('\n').at(-1), b.stderr.trim().split('\n').at(-1)]).toEqual([
        0,
        0,
        `updated authorization ${JOHN}`,
        `updated authorization ${JOHN}`,
      ]);
      expect(permissionsOf(JOHN)).toEqual(['DELETE', 'READ', 'UPDATE']);
    }
  }, 30_000);
});

describe('instances another run moved', () => {
  const moveToTarget =
    (...ids: string[]) =>
    (state: EngineState) => {
      for (const id of ids) state.findProcessInstance(id)!.definitionId = DEFINITIONS.v2;
    };

  it('a chunk refused with ENGINE-23002 because another run moved some of it: the rest is sent again, the moved ones reported apart, exit 0', async ({
    engine,
    cli,
    definitionOf,
  }) => {
    const cwd = planDir();
    const [first, second, third] = demoV1 as [string, string, string];
    // Another run migrates the first instance right before this run's chunk reaches the engine.
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, times: 1, before: moveToTarget(first) });
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '3', '--yes', '-o', 'json', '--report', 'report.json'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(demoV1.map(definitionOf)).toEqual(demoV1.map(() => DEFINITIONS.v2));
    expect(result.stderr).toContain('chunk 1/1: 1 of its 3 instances were moved by another run meanwhile (POST');
    // The second send of the chunk is the journal's chunk 2.
    expect(result.stderr).toContain('chunk 1/1 (journal chunk 2): migrated 2 instances\n');
    expect(result.stderr).toContain('ENGINE-23002');
    expect(result.stderr).toContain('1 instance was already on the target, moved there by another run, not by this one\n');
    expect(JSON.parse(result.stdout).outcome).toEqual({ migrated: 2, 'already-migrated': 1, 'on-source': 0, ended: 0, unknown: 0 });
    const report = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8')) as { instances: { id: string; outcome: string }[] };
    expect(Object.fromEntries(report.instances.map((instance) => [instance.id, instance.outcome]))).toEqual({
      [first]: 'already-migrated',
      [second]: 'migrated',
      [third]: 'migrated',
    });
    expect(journalEvents(cwd).map((event) => `${event.event}${event.chunk ?? ''}${event.ids ? `:${event.ids.length}` : ''}`)).toEqual([
      'start:3',
      'sent1:3',
      'failed1',
      'elsewhere1:1',
      'sent2:2',
      'done2',
    ]);
  });

  it('a chunk all of whose instances another run moved: nothing left to send, exit 0, none counted as migrated by this run', async ({
    engine,
    cli,
    executes,
  }) => {
    const cwd = planDir();
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, times: 1, before: moveToTarget(...demoV1) });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '3', '--yes'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('3 instances were already on the target, moved there by another run, not by this one');
    expect(result.stdout).toMatch(/done: 0 of 3 instances migrated \(3 more moved by another run\)/);
    expect(executes()).toHaveLength(1);
  });

  it('retries a transient OptimisticLockingException of a chunk whose instances are still on the source', async ({ engine, cli }) => {
    const cwd = planDir();
    const body = JSON.stringify({
      type: 'OptimisticLockingException',
      message: 'ENGINE-03005 Execution of UPDATE ExecutionEntity failed. Entity was updated by another transaction concurrently.',
      code: 1,
    });
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, times: 1, status: 500, contentType: 'application/json', body });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '3', '--yes'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('OptimisticLockingException');
    expect(result.stderr).toContain('sending it again');
    expect(result.stdout).toMatch(/done: 3 of 3 instances migrated/);
  });
});
