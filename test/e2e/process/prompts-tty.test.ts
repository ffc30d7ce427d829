// Ctrl-C and Ctrl-D at a confirmation prompt, typed on a real pseudo-terminal, and Ctrl-C while a
// request is in flight: one line each, the documented exit code, and nothing sent that was not asked for.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { SEEDED_AUTHORIZATION_IDS as AUTHORIZATIONS, SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS, SEEDED_PROCESS_INSTANCE_IDS as INSTANCES, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, spawnCli } from '../../helpers/cli.js';
import { runOnPty } from '../../helpers/pty.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

const JOHN = AUTHORIZATIONS.johnProcessDefinitionGrant;

let engine: Simulator;
let dir: string;
let env: Record<string, string>;
beforeEach(async () => {
  engine = await startSimulator({ batchJobsPerSecond: 0 });
  dir = mkdtempSync(join(tmpdir(), 'camunda-admin-prompts-'));
  env = cleanEnv({}, dir);
  writeFileSync(join(dir, 'plan.yaml'), toYaml(DEMO_PLAN));
});
afterEach(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Requests that would have changed something; a prompt that was not answered yes sends none. */
const changes = () => engine.requests.filter((request) => request.method === 'PUT' || request.method === 'DELETE' || /\/migration\/execute(Async)?$/.test(request.path));

async function batchId(): Promise<string> {
  const created = await runCli(['--url', engine.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'], { cwd: dir, env });
  expect(created.code).toBe(0);
  engine.requests.length = 0;
  return created.stdout.trim();
}

const PROMPTING: { command: string; args: () => Promise<string[]>; unchanged: (args: string[]) => void }[] = [
  { command: 'auth delete', args: async () => ['auth', 'delete', JOHN], unchanged: () => expect(engine.state.findAuthorization(JOHN)).toBeDefined() },
  { command: 'group delete', args: async () => ['group', 'delete', 'sales'], unchanged: () => expect(engine.state.findGroup('sales')).toBeDefined() },
  { command: 'batch delete', args: async () => ['batch', 'delete', await batchId()], unchanged: (args) => expect(engine.state.findBatch(args[2]!)).toBeDefined() },
  {
    command: 'metrics delete-task-worker',
    args: async () => ['metrics', 'delete-task-worker', '--all'],
    unchanged: () => expect(engine.state.taskMeterLog.length).toBeGreaterThan(0),
  },
  {
    command: 'migration execute',
    args: async () => ['migration', 'execute', 'plan.yaml', '--all-instances'],
    unchanged: () => expect(engine.state.findProcessInstance(INSTANCES.demoV1First)?.definitionId).toBe(DEFINITIONS.v1),
  },
];

describe.each(PROMPTING)('$command at its [y/N] prompt on a terminal', ({ args, unchanged }) => {
  it('Ctrl-C: exit 130, "interrupted, nothing was changed", nothing sent', async () => {
    const command = await args();
    const running = runOnPty(['--url', engine.url, ...command], { env, cwd: dir });
    await running.waitFor('[y/N] ');
    running.type('\x03');
    const { code, screen } = await running.result;
    // One line, on the line after the question.
    expect(screen.split('\r\n').slice(-3)).toEqual([expect.stringContaining('[y/N] '), 'error: interrupted, nothing was changed', '']);
    expect(code).toBe(130);
    expect(changes()).toEqual([]);
    unchanged(command);
  });

  it('Ctrl-D: not confirmed, exit 2, nothing sent', async () => {
    const command = await args();
    const running = runOnPty(['--url', engine.url, ...command], { env, cwd: dir });
    await running.waitFor('[y/N] ');
    running.type('\x04');
    const { code, screen } = await running.result;
    // One line, on the line after the question.
    expect(screen.split('\r\n').slice(-3)).toEqual([expect.stringContaining('[y/N] '), 'error: not confirmed; nothing was changed', '']);
    expect(code).toBe(2);
    expect(changes()).toEqual([]);
    unchanged(command);
  });
});

describe('Ctrl-C while a request is in flight', () => {
  const waitForRequest = async (method: string) => {
    for (let waited = 0; !engine.requests.some((request) => request.method === method) && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('a read: exit 130 at once, with the one line "interrupted"', async () => {
    engine.inject({ method: 'GET', path: /^\/authorization\//, delayHeadersMs: 10_000 });
    const started = Date.now();
    const running = spawnCli(['--url', engine.url, 'auth', 'get', JOHN], { env, cwd: dir });
    await waitForRequest('GET');
    running.child.kill('SIGINT');
    const result = await running.result;
    expect(result.stderr).toBe('error: interrupted\n');
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('');
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('a change: exit 130, and the line names the request whose outcome is unknown', async () => {
    engine.inject({ method: 'POST', path: /^\/authorization\/create$/, delayHeadersMs: 10_000 });
    const running = spawnCli(['--url', engine.url, 'auth', 'create', '--type', 'grant', '--user', 'mary', '--resource-type', 'process-definition', '--resource-id', 'invoice', '--permissions', 'read'], { env, cwd: dir });
    await waitForRequest('POST');
    running.child.kill('SIGINT');
    const result = await running.result;
    expect(result.stderr).toBe(`error: interrupted while POST ${engine.url}/authorization/create was in flight: its outcome is unknown; check before repeating it\n`);
    expect(result.code).toBe(130);
  });

  it('typed on the terminal after a --yes, during the DELETE: the same line, and no retry is sent', async () => {
    engine.inject({ method: 'DELETE', delayHeadersMs: 10_000 });
    const running = runOnPty(['--url', engine.url, 'auth', 'delete', JOHN, '--yes'], { env, cwd: dir });
    await waitForRequest('DELETE');
    running.type('\x03');
    const { code, screen } = await running.result;
    // The terminal echoes ^C; the error line starts a line of its own.
    expect(screen).toBe(`^C\r\nerror: interrupted while DELETE ${engine.url}/authorization/${JOHN} was in flight: its outcome is unknown; check before repeating it\r\n`);
    expect(code).toBe(130);
    expect(engine.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});
