// Two operators at once (issue 25): one run per journal, instances another run moved, updates that
// are never lost in silence. What needs two processes spawns the built command; the rest runs in-process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS, SEEDED_PROCESS_INSTANCE_IDS as INSTANCES, type Simulator, startSimulator } from '../simulator/index.js';
import { cleanEnv, runCli, spawnCli, tempDir } from '../helpers/cli.js';

let engine: Simulator;
beforeEach(async () => {
  engine = await startSimulator();
});
afterEach(async () => {
  await engine.close();
});

const DEMO_PLAN = { source: 'refengine-demo:1', target: 'refengine-demo:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] };
const JOURNAL = 'plan.yaml.journal.jsonl';
const LOCK = `${JOURNAL}.lock`;

function planDir(): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'plan.yaml'), toYaml(DEMO_PLAN));
  return cwd;
}
const cli = (args: string[], cwd: string) => runCli(['--url', engine.url, '--retries', '0', ...args], { cwd });
const executes = () => engine.requests.filter((request) => request.method === 'POST' && /\/migration\/execute$/.test(request.path));
const executedIds = () => executes().flatMap((request) => (JSON.parse(request.body) as { processInstanceIds: string[] }).processInstanceIds);
const definitionOf = (id: string) => engine.state.findProcessInstance(id)?.definitionId;
const demoV1 = [INSTANCES.demoV1First, INSTANCES.demoV1Second, INSTANCES.demoV1Third];
const journalEvents = (cwd: string) => readFileSync(join(cwd, JOURNAL), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { event: string; chunk?: number; ids?: string[] });

/** `count` more running instances of demo v1 (as the seeded ones), for runs with many chunks. */
function addDemoInstances(count: number): string[] {
  const [template] = engine.state.processInstances.filter((instance) => instance.id === INSTANCES.demoV1First);
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const id = engine.state.nextId();
    engine.state.processInstances.push({ ...template!, id, businessKey: `extra-${index}`, activityInstanceIds: [`approve:${engine.state.nextId()}`] });
    ids.push(id);
  }
  return ids;
}

/** A journal of a run that was killed after its start line: every selected instance still pending. */
function writeStartedJournal(cwd: string, ids: string[], chunkSize = 1): void {
  const start = { event: 'start', version: 1, engine: { url: engine.url, name: 'default', version: engine.state.version }, plan: 'plan.yaml', sourceProcessDefinitionId: DEFINITIONS.v1, targetProcessDefinitionId: DEFINITIONS.v2, chunkSize, ids, at: '2026-11-21T10:00:00.000Z' };
  writeFileSync(join(cwd, JOURNAL), `${JSON.stringify(start)}\n`);
}

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
  it('refuses a journal whose lock a live process of this host holds: exit 10, one line, nothing sent', async () => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    // The test runner's parent is alive and is not this process.
    writeLock(cwd, { pid: process.ppid, host: hostname() });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(result.code).toBe(10);
    expect(result.stderr).toBe(
      `error: journal ${JOURNAL} is in use by process ${process.ppid} on ${hostname()} (since 2026-11-21T10:00:00.000Z); nothing was sent (wait for that run to end: one run at a time continues a journal)\n`,
    );
    expect(engine.requests).toEqual([]);
    // Not ours: left in place.
    expect(JSON.parse(readFileSync(join(cwd, LOCK), 'utf8'))).toMatchObject({ pid: process.ppid, token: 'earlier-run' });
  });

  it('refuses a fresh run on a journal whose lock is held, before anything is sent', async () => {
    const cwd = planDir();
    writeLock(cwd, { pid: process.ppid, host: hostname() });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '1', '--yes'], cwd);
    expect(result.code).toBe(10);
    expect(result.stderr).toContain(`error: journal ${JOURNAL} is in use by process ${process.ppid}`);
    expect(engine.requests).toEqual([]);
  });

  it('takes over the lock of a killed run of this host with a notice, resumes, and gives the lock back', async () => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    const pid = deadPid();
    writeLock(cwd, { pid, host: hostname() });
    const result = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning: journal ${JOURNAL}: taking over the lock of process ${pid} on ${hostname()} (since 2026-11-21T10:00:00.000Z): that process is gone\n`);
    expect(demoV1.map(definitionOf)).toEqual(demoV1.map(() => DEFINITIONS.v2));
    expect(existsSync(join(cwd, LOCK))).toBe(false);
  });

  it('refuses the lock of another host with the command that takes it over, which then works', async () => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    writeLock(cwd, { pid: 4242, host: 'ops-runner-elsewhere' });
    const refused = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(refused.code).toBe(10);
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

  it('gives the lock back after a failed run and after a refused one', async () => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, status: 500, contentType: 'application/json', body: JSON.stringify({ type: 'ProcessEngineException', message: 'boom', code: null }) });
    const failed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(failed.code).toBe(6);
    expect(existsSync(join(cwd, LOCK))).toBe(false);
    engine.clearFaults();
    const notConfirmed = await cli(['migration', 'execute', 'plan.yaml', '--resume'], cwd);
    expect(notConfirmed.code).toBe(2);
    expect(existsSync(join(cwd, LOCK))).toBe(false);
  });

  it('two runs released on one journal: the second refuses at once and sends nothing; SIGTERM ends the first, which gives the lock back (spawned)', async () => {
    const cwd = planDir();
    writeStartedJournal(cwd, demoV1);
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, delayHeadersMs: 800 });
    const env = cleanEnv();
    const args = ['--url', engine.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', '--resume', '--yes'];
    const first = spawnCli(args, { cwd, env });
    await waitFor(() => executes().length === 1, 'the first chunk');
    const second = await spawnCli(args, { cwd, env }).result;
    expect(second.code).toBe(10);
    expect(second.stderr).toMatch(new RegExp(`^error: journal ${JOURNAL.replaceAll('.', '\\.')} is in use by process ${first.child.pid} on ${hostname().replaceAll('.', '\\.')} \\(since [^)]+\\); nothing was sent \\(wait for that run to end`));
    expect(executes()).toHaveLength(1);
    first.child.kill('SIGTERM');
    const stopped = await first.result;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('interrupted: finishing the chunk in flight');
    expect(existsSync(join(cwd, LOCK))).toBe(false);
    engine.clearFaults();
    const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(resumed.code).toBe(0);
    const ids = executedIds();
    expect([...ids].sort()).toEqual([...demoV1].sort());
    expect(demoV1.map(definitionOf)).toEqual(demoV1.map(() => DEFINITIONS.v2));
  });

  it('SIGKILL mid-run, again and again, then --resume: every instance on the target, none sent after it was confirmed (spawned)', async () => {
    const cwd = planDir();
    const ids = [...demoV1, ...addDemoInstances(27)];
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, delayHeadersMs: 40 });
    const env = cleanEnv();
    const first = ['--url', engine.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '2', '--yes'];
    const resume = ['--url', engine.url, '--retries', '0', 'migration', 'execute', 'plan.yaml', '--resume', '--yes'];
    const kills = 12;
    for (let round = 0; round < kills; round++) {
      if (round > 0 && !existsSync(join(cwd, JOURNAL))) break;
      const before = executes().length;
      const child = spawn(process.execPath, [new URL('../../bin/camunda-admin.cjs', import.meta.url).pathname, ...(round === 0 ? first : resume)], { cwd, env, stdio: 'ignore' });
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
  }, 60_000);
});
