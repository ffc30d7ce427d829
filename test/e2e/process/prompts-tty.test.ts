// Ctrl-C and Ctrl-D at a confirmation prompt, typed on a real pseudo-terminal, and Ctrl-C while a
// request is in flight: one line each, the documented exit code, and nothing sent that was not asked for.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { stringify as toYaml } from 'yaml';
import {
  SEEDED_AUTHORIZATION_IDS as AUTHORIZATIONS,
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type RecordedRequest,
  type Simulator,
  type SimulatorOptions,
} from '../../simulator/index.js';
import { cleanEnv, runCli, spawnCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';
import { runOnPty } from '../../helpers/pty.js';
import { DEMO_PLAN } from '../../helpers/plans.js';

const JOHN = AUTHORIZATIONS.johnProcessDefinitionGrant;

// Each test has an engine, a HOME and working directory (with the plan) of its own, so the tests at
// a prompt, each a command on a pseudo-terminal of its own, run side by side.
const it = test.extend<{ simulatorOptions: SimulatorOptions; dir: string; env: Record<string, string>; changes: () => RecordedRequest[] }>({
  simulatorOptions: { batchJobsPerSecond: 0 },
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its first parameter
  dir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'camunda-admin-prompts-'));
    writeFileSync(join(dir, 'plan.yaml'), toYaml(DEMO_PLAN));
    try {
      await use(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  env: async ({ dir }, use) => use(cleanEnv({}, dir)),
  /** Requests that would have changed something; a prompt that was not answered yes sends none. */
  changes: async ({ engine }, use) =>
    use(() =>
      engine.requests.filter((request) => request.method === 'PUT' || request.method === 'DELETE' || /\/migration\/execute(Async)?$/.test(request.path)),
    ),
});

interface Prompted {
  engine: Simulator;
  dir: string;
  env: Record<string, string>;
}

async function batchId({ engine, dir, env }: Prompted): Promise<string> {
  const created = await runCli(['--url', engine.url, 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes'], { cwd: dir, env });
  expect(created.code).toBe(0);
  engine.requests.length = 0;
  return created.stdout.trim();
}

const PROMPTING: { command: string; args: (test: Prompted) => Promise<string[]>; unchanged: (engine: Simulator, args: string[]) => void }[] = [
  { command: 'auth delete', args: async () => ['auth', 'delete', JOHN], unchanged: (engine) => expect(engine.state.findAuthorization(JOHN)).toBeDefined() },
  { command: 'group delete', args: async () => ['group', 'delete', 'sales'], unchanged: (engine) => expect(engine.state.findGroup('sales')).toBeDefined() },
  {
    command: 'batch delete',
    args: async (test) => ['batch', 'delete', await batchId(test)],
    unchanged: (engine, args) => expect(engine.state.findBatch(args[2]!)).toBeDefined(),
  },
  {
    command: 'metrics delete-task-worker',
    args: async () => ['metrics', 'delete-task-worker', '--all'],
    unchanged: (engine) => expect(engine.state.taskMeterLog.length).toBeGreaterThan(0),
  },
  {
    command: 'history ttl set',
    args: async () => ['history', 'ttl', 'set', 'invoice', '--days', '30'],
    unchanged: (engine) => expect(engine.state.findProcessDefinition(DEFINITIONS.invoiceV2)?.historyTimeToLive).toBe(45),
  },
  {
    command: 'migration execute',
    args: async () => ['migration', 'execute', 'plan.yaml', '--all-instances'],
    unchanged: (engine) => expect(engine.state.findProcessInstance(INSTANCES.demoV1First)?.definitionId).toBe(DEFINITIONS.v1),
  },
];

describe.concurrent.each(PROMPTING)('$command at its [y/N] prompt on a terminal', ({ args, unchanged }) => {
  it('Ctrl-C: exit 130, "interrupted, nothing was changed", nothing sent', async ({ engine, dir, env, changes }) => {
    const command = await args({ engine, dir, env });
    const running = runOnPty(['--url', engine.url, ...command], { env, cwd: dir });
    await running.waitFor('[y/N] ');
    running.type('\x03');
    const { code, screen } = await running.result;
    // One line, on the line after the question.
    expect(screen.split('\r\n').slice(-3)).toEqual([expect.stringContaining('[y/N] '), 'error: interrupted, nothing was changed', '']);
    expect(code).toBe(130);
    expect(changes()).toEqual([]);
    unchanged(engine, command);
  });

  it('Ctrl-D: not confirmed, exit 2, nothing sent', async ({ engine, dir, env, changes }) => {
    const command = await args({ engine, dir, env });
    const running = runOnPty(['--url', engine.url, ...command], { env, cwd: dir });
    await running.waitFor('[y/N] ');
    running.type('\x04');
    const { code, screen } = await running.result;
    // One line, on the line after the question.
    expect(screen.split('\r\n').slice(-3)).toEqual([expect.stringContaining('[y/N] '), 'error: not confirmed; nothing was changed', '']);
    expect(code).toBe(2);
    expect(changes()).toEqual([]);
    unchanged(engine, command);
  });
});

describe('Ctrl-C while a request is in flight', () => {
  const waitForRequest = async (engine: Simulator, method: string) => {
    for (let waited = 0; !engine.requests.some((request) => request.method === method) && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('a read: exit 130 at once, with the one line "interrupted"', async ({ engine, dir, env }) => {
    // Held far longer than the test may take: only the interrupt can end the run.
    engine.inject({ method: 'GET', path: /^\/authorization\//, delayHeadersMs: 600_000 });
    const running = spawnCli(['--url', engine.url, 'auth', 'get', JOHN], { env, cwd: dir });
    await waitForRequest(engine, 'GET');
    running.child.kill('SIGINT');
    const result = await running.result;
    expect(result.stderr).toBe('error: interrupted\n');
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('');
  });

  it('a change: exit 130, and the line names the request whose outcome is unknown', async ({ engine, dir, env }) => {
    engine.inject({ method: 'POST', path: /^\/authorization\/create$/, delayHeadersMs: 10_000 });
    const running = spawnCli(
      [
        '--url',
        engine.url,
        'auth',
        'create',
        '--type',
        'grant',
        '--user',
        'mary',
        '--resource-type',
        'process-definition',
        '--resource-id',
        'invoice',
        '--permissions',
        'read',
      ],
      { env, cwd: dir },
    );
    await waitForRequest(engine, 'POST');
    running.child.kill('SIGINT');
    const result = await running.result;
    expect(result.stderr).toBe(
      `error: interrupted while POST ${engine.url}/authorization/create was in flight: its outcome is unknown; check before repeating it\n`,
    );
    expect(result.code).toBe(130);
  });

  it('typed on the terminal after a --yes, during the DELETE: the same line, and no retry is sent', async ({ engine, dir, env }) => {
    engine.inject({ method: 'DELETE', delayHeadersMs: 10_000 });
    const running = runOnPty(['--url', engine.url, 'auth', 'delete', JOHN, '--yes'], { env, cwd: dir });
    await waitForRequest(engine, 'DELETE');
    running.type('\x03');
    const { code, screen } = await running.result;
    // The terminal echoes ^C; the error line starts a line of its own.
    expect(screen).toBe(
      `^C\r\nerror: interrupted while DELETE ${engine.url}/authorization/${JOHN} was in flight: its outcome is unknown; check before repeating it\r\n`,
    );
    expect(code).toBe(130);
    expect(engine.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});
