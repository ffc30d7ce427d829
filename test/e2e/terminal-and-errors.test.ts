// What reaches the terminal, through the built command: help exits 0, server text cannot drive the
// terminal, a failed check prints no data, errors say where and carry no stack trace unless a bug.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../helpers/cli.js';

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
  it.each([[['help']], [['help', 'auth']], [['auth', 'help', 'list']], [['help', 'group', 'members']]])('%j prints help on stdout and exits 0', async (args) => {
    const result = await runCli(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: camunda-admin/);
    expect(result.stderr).toBe('');
  });

  it('for a command that does not exist is a usage error', async () => {
    const result = await runCli(['help', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
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
    expect(unconfirmed.stderr).toBe('error: delete group esc1 (Evil\\x1b[2J\\nline2) with its memberships and the authorizations on it: confirmation needed; pass --yes to confirm when not on a terminal\n');
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
  ])('refuses %s as the flag would, without a Node warning', async (line, message) => {
    const cwd = tempDir();
    const file = join(cwd, '.camunda-adminrc.yaml');
    writeFileSync(file, `defaultProfile: p\nprofiles:\n  p:\n    url: ${open.url}\n    ${line}\n`);
    const result = await runCli(['group', 'list'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: ${file}: ${message}\n`);
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
    writeFileSync(join(cwd, 'j2.json'), '{\n  "migrationPlan": {"sourceProcessDefinitionId": "a", "targetProcessDefinitionId": "b", "instructions": []},\n  "source": "invoice:1"\n}\n');
    const result = await runCli(['--url', open.url, 'migration', 'validate', 'j2.json'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain("did you mean 'source'");
    expect(result.stderr).toBe('error: j2.json:3:3: source: belongs inside migrationPlan in an execute request; at the top the engine would silently ignore it\n');
  });

  it('a UTF-16 ids file is refused in one clear line', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'plan.yaml'), 'source: invoice:1\ntarget: invoice:2\ninstructions: []\n');
    writeFileSync(join(cwd, 'ids.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id1\nid2\n', 'utf16le')]));
    const result = await runCli(['--url', open.url, '-q', 'migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--dry-run'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('\u0000');
    expect(result.stderr).not.toContain('\uFFFD');
    expect(result.stderr.split('\n').filter((line) => line.startsWith('error:'))).toEqual(['error: ids.txt: not UTF-8 text (a UTF-16 byte order mark or NUL bytes); save the ids as UTF-8']);
  });
});
