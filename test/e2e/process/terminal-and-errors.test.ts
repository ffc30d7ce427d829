// What reaches the terminal, through the built command: help exits 0, server text cannot drive the
// terminal, a failed check prints no data, errors say where and carry no stack trace unless a bug.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/index.js';
import { BIN, cleanEnv, runCli, tempDir } from '../../helpers/cli.js';

let open: Simulator;
let guarded: Simulator;
beforeAll(async () => {
  [open, guarded] = await Promise.all([startSimulator(), startSimulator({ basicAuth: true })]);
});
afterAll(async () => {
  await Promise.all([open.close(), guarded.close()]);
});

const ESC = '\u001b';
/** Any control character but the line feeds that end lines. */
// eslint-disable-next-line no-control-regex -- what the test looks for
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('help', () => {
  it.each([[['help']], [['help', 'auth']], [['auth', 'help', 'list']], [['help', 'group', 'members']]])(
    '%j prints help on stdout and exits 0',
    async (args) => {
      const result = await runCli(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: camunda-admin/);
      expect(result.stderr).toBe('');
    },
  );

  it('for a command that does not exist is one error line, exit 2', async () => {
    const result = await runCli(['help', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("error: unknown command 'nope'\n");
  });

  it.each([[['auth', 'list']], [['group', 'members', 'add']], [['help', 'auth']]])('help %j prints the page that --help prints', async (path) => {
    const help = await runCli(['--url', open.url, 'help', ...path]);
    const flag = await runCli([...path.filter((word) => word !== 'help'), '--help']);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toMatch(/^Usage: camunda-admin /);
    expect(help.stdout).toBe(flag.stdout);
  });

  it.each([[['help', 'auth', 'lst']], [['auth', 'help', 'lst']]])('%j names the mistake in one line, with the command meant', async (args) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("error: unknown command 'lst' (did you mean list?)\n");
  });
});

describe('a command or flag that does not exist', () => {
  it.each([
    [['engin', 'info'], "error: unknown command 'engin' (did you mean engine?)\n"],
    [['auth', 'lst'], "error: unknown command 'lst' (did you mean list?)\n"],
    [['auth', 'list', '--tpye', 'grant'], "error: unknown option '--tpye' (did you mean --type?)\n"],
  ])('%j is one error line, with the suggestion', async (args, line) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(line);
  });
});

describe('control characters from the engine', () => {
  const evil = `Evil${ESC}[2J\nline2`;

  it('are shown escaped in tables, one row per group, and exact in json', async () => {
    const created = await runCli(['--url', open.url, 'group', 'create', '--id', 'esc1', '--name', evil]);
    expect(created.code).toBe(0);

    const get = await runCli(['--url', open.url, 'group', 'get', 'esc1'], { terminal: { stdout: 120 } });
    expect(get.code).toBe(0);
    expect(get.stdout).not.toMatch(RAW_CONTROL);
    expect(get.stdout).toContain('│ Name │ Evil\\x1b[2J\\nline2 │');
    expect(get.stdout.trimEnd().split('\n')).toHaveLength(5);

    const list = await runCli(['--url', open.url, 'group', 'list'], { terminal: { stdout: 120 } });
    expect(list.stdout).not.toMatch(RAW_CONTROL);
    const rows = list.stdout.split('\n').filter((line) => line.includes('esc1'));
    expect(rows).toEqual([expect.stringContaining('Evil\\x1b[2J\\nline2')]);
    // In a pipe the only control characters are the tabs between the cells.
    const piped = await runCli(['--url', open.url, 'group', 'list']);
    expect(piped.stdout.replaceAll('\t', ' ')).not.toMatch(RAW_CONTROL);
    expect(piped.stdout.split('\n').filter((line) => line.includes('esc1'))).toEqual(['esc1\tEvil\\x1b[2J\\nline2\t-']);

    const json = await runCli(['--url', open.url, 'group', 'get', 'esc1', '-o', 'json']);
    expect(JSON.parse(json.stdout).name).toBe(evil);

    // The question before a deletion names the group: one line, escaped.
    const unconfirmed = await runCli(['--url', open.url, 'group', 'delete', 'esc1']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toBe(
      'error: delete group esc1 (Evil\\x1b[2J\\nline2) with its memberships and the authorizations on it: confirmation needed; pass --yes to confirm when not on a terminal\n',
    );
  });
});

describe('engine info when the check fails', () => {
  it('prints no data and one error line when the token is refused', async () => {
    for (const format of ['table', 'json']) {
      const result = await runCli(['--url', guarded.url, 'engine', 'info', '-o', format], { env: cleanEnv({ CAMUNDA_TOKEN: 'x' }) });
      expect(result.code).toBe(4);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`error: the engine at ${guarded.url} refused the credentials (401)\n`);
    }
  });

  it('prints no data and one error line when credentials are needed and none were given', async () => {
    const result = await runCli(['--url', guarded.url, 'engine', 'info', '-o', 'json']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(/^error: the engine at \S+ requires authentication; no credentials were given/);
  });

  it("a wrong password: the hint names the engine's login delay, as every other command's does", async () => {
    const result = await runCli(['--url', guarded.url, '--username', 'nora', '--password-stdin', 'engine', 'info'], { stdin: 'wrong' });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: the engine at ${guarded.url} refused the credentials (401) (wrong credentials, or the engine still delays logins after a recent failed attempt: wait a few seconds and retry)\n`,
    );
  });

  it('prints no data and one error line when the named engine does not exist', async () => {
    const result = await runCli(['--url', open.url, '--engine', 'nope', 'engine', 'info', '-o', 'json']);
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: engine 'nope' not found at ${open.url} (engines: default)\n`);
  });

  it('still prints the whole summary when all is well', async () => {
    const result = await runCli(['--url', open.url, 'engine', 'info', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ engines: ['default'], engineFound: true, authentication: { status: 'not-required' } });
  });
});

describe('an --engine the server does not have', () => {
  const hint = "the server has no engine named 'nope': is --engine right? camunda-admin engine info lists the engines";

  it("without the authentication filter: the engine's 400, exit 6, and the hint", async () => {
    const result = await runCli(['--url', open.url, '--engine', 'nope', 'group', 'get', 'sales']);
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      `error: GET ${open.url}/engine/nope/group/sales: 400 Bad Request: InvalidRequestException: No process engine available (${hint})\n`,
    );
  });

  it("with it: the filter's 404, exit 5, and the same hint (not the one about READ permissions)", async () => {
    const result = await runCli(['--url', guarded.url, '--engine', 'nope', '--username', 'demo', '--password-stdin', 'group', 'get', 'sales'], {
      stdin: 'demo',
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      `error: GET ${guarded.url}/engine/nope/group/sales: 404 Not Found: InvalidRequestException: Process engine nope not available (${hint})\n`,
    );
  });
});

describe('--verbose', () => {
  it('prints no stack trace for an error the user can act on', async () => {
    const result = await runCli(['-v', '--url', guarded.url, 'group', 'list'], { env: cleanEnv({ CAMUNDA_TOKEN: 'x' }) });
    expect(result.code).toBe(4);
    expect(result.stderr).not.toMatch(/EngineAuthenticationError|^\s+at /m);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('error:'))).toHaveLength(1);
  });
});

describe('config errors say where', () => {
  it('names the config file and key of a caFile that does not exist', async () => {
    const cwd = tempDir();
    const file = join(cwd, '.camunda-adminrc.yaml');
    writeFileSync(file, `defaultProfile: prod\nprofiles:\n  prod:\n    url: ${open.url}\n    caFile: missing.pem\n`);
    const result = await runCli(['group', 'list'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${file}: profiles.prod.caFile ${join(cwd, 'missing.pem')}: file not found\n`);
  });

  it('still names the flag for --ca-file', async () => {
    const cwd = tempDir();
    const result = await runCli(['--url', open.url, '--ca-file', 'missing.pem', 'group', 'list'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --ca-file missing.pem: file not found\n');
  });

  it('names a camunda-admin.config.js that throws', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'camunda-admin.config.js'), 'throw new Error("boom");\n');
    const result = await runCli(['--url', open.url, 'group', 'list'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: config file ${join(cwd, 'camunda-admin.config.js')}: boom\n`);
  });

  it.each([
    ['retries: 100', 'profiles.p.retries: 100 is not a whole number from 0 to 10'],
    ['timeout: 3000000', 'profiles.p.timeout: 3000000 is not a number of seconds (a positive number up to 86400)'],
  ])('refuses %s as the flag would, at its place, without a Node warning', async (line, message) => {
    const cwd = tempDir();
    const file = join(cwd, '.camunda-adminrc.yaml');
    writeFileSync(file, `defaultProfile: p\nprofiles:\n  p:\n    url: ${open.url}\n    ${line}\n`);
    const result = await runCli(['group', 'list'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: ${file}:5:14: ${message}\n`);
  });
});

describe('input files', () => {
  it('a JSON syntax error in a plan is one line at its real line and column', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'j1.json'), '{\n  "source": "invoice:1",\n  "target": "invoice:2",\n  "instructions": [,]\n}\n');
    const result = await runCli(['migration', 'validate', 'j1.json'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: j1.json:4:20: invalid JSON: Unexpected token ','\n");
  });

  it('a plan key at the top of an execute request is not answered with itself', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'j2.json'),
      '{\n  "migrationPlan": {"sourceProcessDefinitionId": "a", "targetProcessDefinitionId": "b", "instructions": []},\n  "source": "invoice:1"\n}\n',
    );
    const result = await runCli(['--url', open.url, 'migration', 'validate', 'j2.json'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain("did you mean 'source'");
    expect(result.stderr).toBe(
      'error: j2.json:3:3: source: belongs inside migrationPlan in an execute request; at the top the engine would silently ignore it\n',
    );
  });

  it('a UTF-16 ids file is refused in one clear line', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'plan.yaml'), 'source: invoice:1\ntarget: invoice:2\ninstructions: []\n');
    writeFileSync(join(cwd, 'ids.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id1\nid2\n', 'utf16le')]));
    const result = await runCli(['--url', open.url, '-q', 'migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--dry-run'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('\u0000');
    expect(result.stderr).not.toContain('\uFFFD');
    expect(result.stderr.split('\n').filter((line) => line.startsWith('error:'))).toEqual([
      'error: ids.txt: not UTF-8 text (a UTF-16 byte order mark or NUL bytes); save the ids as UTF-8',
    ]);
  });
});

describe('a request tried more than once', () => {
  afterEach(() => open.clearFaults());

  it("says how often it was sent: a gateway's 503 each time", async () => {
    open.inject({ method: 'GET', path: /^\/group$/, status: 503, times: 3 });
    const result = await runCli(['--url', open.url, '--retries', '2', 'group', 'list']);
    expect(result.code).toBe(7);
    expect(result.stderr).toBe(
      `error: GET ${open.url}/group?firstResult=0&maxResults=101: 503 Service Unavailable without an engine error body: empty body (after 3 attempts)\n`,
    );
  });

  it('says how often it was sent: a timeout each time', async () => {
    open.inject({ method: 'GET', path: /^\/group$/, delayHeadersMs: 3_000, times: 2 });
    const result = await runCli(['--url', open.url, '--timeout', '0.2', '--retries', '1', 'group', 'list']);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/^error: GET \S+: timed out waiting for the engine \(raise --timeout if it is just slow\) \(after 2 attempts\)\n$/);
  });

  it('sent once, the line says nothing of attempts', async () => {
    open.inject({ method: 'GET', path: /^\/group$/, status: 503, times: 1 });
    const result = await runCli(['--url', open.url, '--retries', '0', 'group', 'list']);
    expect(result.code).toBe(7);
    expect(result.stderr).not.toContain('attempts');
  });
});

describe('a second Ctrl-C', () => {
  it('when the first did not end the run: ends it at once with one line, exit 130', async () => {
    const cwd = tempDir();
    // The config file says when the run is under way (by then Ctrl-C is the run's to handle), then
    // never finishes loading: a wait that heeds no Ctrl-C, which only the second one can end.
    writeFileSync(
      join(cwd, 'camunda-admin.config.mjs'),
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./started', import.meta.url), '');\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\nexport default { profiles: {} };\n",
    );
    const sent = open.requests.length;
    const child = spawn(process.execPath, [BIN, '--config', 'camunda-admin.config.mjs', '--url', open.url, 'group', 'list'], {
      cwd,
      env: cleanEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      for (let waited = 0; !existsSync(join(cwd, 'started')) && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      // Signals sent close together may arrive as one: send until the process is gone.
      const timer = setInterval(() => child.kill('SIGINT'), 100);
      child.kill('SIGINT');
      const code = await exited;
      clearInterval(timer);
      expect(stderr).toBe('error: interrupted again: stopped at once\n');
      expect(code).toBe(130);
      expect(open.requests.slice(sent)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
