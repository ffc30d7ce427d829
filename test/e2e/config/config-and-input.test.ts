// Config files, profiles, precedence and bad input.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS } from '../../simulator/index.js';
import { cleanEnv, runBinary, runCli, tempDir } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;
const it = fileTest({ basicAuth: true });

function project(config: string, name = '.camunda-adminrc.yaml'): string {
  const dir = tempDir();
  writeFileSync(join(dir, name), config);
  return dir;
}

const profiles = (url: string) => `
defaultProfile: local
profiles:
  local:
    url: ${url}
    auth: { type: basic, username: demo, password: "\${DEMO_PASSWORD}" }
  other:
    url: http://127.0.0.1:1/engine-rest
    timeout: 5
`;

describe('config file and profiles', () => {
  it('uses the defaultProfile, with ${VAR} from the environment', async ({ engine }) => {
    const cwd = project(profiles(engine.url));
    const result = await runCli(['auth', 'get', ADMIN, '-o', 'json'], { cwd, env: cleanEnv({ DEMO_PASSWORD: 'demo' }) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe(ADMIN);
  });

  it('finds the config in the home directory when the project has none', async ({ engine }) => {
    const home = tempDir('camunda-admin-home-');
    mkdirSync(join(home, '.config', 'camunda-admin'), { recursive: true });
    writeFileSync(join(home, '.config', 'camunda-admin', 'config.yaml'), profiles(engine.url));
    // A process of its own: cosmiconfig reads the home directory once, when it is loaded.
    const result = await runBinary(['config', 'show', '-o', 'json'], { cwd: home, env: cleanEnv({ DEMO_PASSWORD: 'demo' }, home) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).configFile).toBe(join(home, '.config', 'camunda-admin', 'config.yaml'));
  });

  it('config show names the source of each value and redacts the password in every format', async ({ engine }) => {
    const cwd = project(profiles(engine.url));
    const env = cleanEnv({ DEMO_PASSWORD: 'pa55-word', CAMUNDA_ENGINE: 'default' });
    const json = await runCli(['--timeout', '9', 'config', 'show', '-o', 'json'], { cwd, env });
    expect(json.code).toBe(0);
    const shown = JSON.parse(json.stdout);
    expect(shown).toMatchObject({
      configFile: join(cwd, '.camunda-adminrc.yaml'),
      profile: 'local',
      endpoint: `${engine.url}/engine/default`,
      settings: {
        url: { value: engine.url, source: `profile local (${join(cwd, '.camunda-adminrc.yaml')})` },
        engine: { value: 'default', source: 'env CAMUNDA_ENGINE' },
        auth: { value: 'basic' },
        username: { value: 'demo' },
        password: { value: '<redacted>' },
        timeout: { value: 9, source: 'flag --timeout' },
        retries: { value: 2, source: 'default' },
      },
    });
    for (const format of ['table', 'json', 'yaml']) {
      const result = await runCli(['config', 'show', '-o', format], { cwd, env });
      expect(result.stdout + result.stderr).not.toContain('pa55-word');
      expect(result.stdout).toContain('<redacted>');
    }
  });

  it('flag beats environment beats profile', async () => {
    const cwd = project(profiles('http://profile.invalid/engine-rest'));
    const env = cleanEnv({ DEMO_PASSWORD: 'x', CAMUNDA_URL: 'http://env.invalid/engine-rest' });
    const fromEnv = JSON.parse((await runCli(['config', 'show', '-o', 'json'], { cwd, env })).stdout);
    expect(fromEnv.settings.url).toEqual({ value: 'http://env.invalid/engine-rest', source: 'env CAMUNDA_URL' });
    const fromFlag = JSON.parse((await runCli(['--url', 'http://flag.invalid/engine-rest', 'config', 'show', '-o', 'json'], { cwd, env })).stdout);
    expect(fromFlag.settings.url).toEqual({ value: 'http://flag.invalid/engine-rest', source: 'flag --url' });
  });

  it('selects a profile with --profile and CAMUNDA_PROFILE', async ({ engine }) => {
    const cwd = project(profiles(engine.url));
    const byFlag = JSON.parse((await runCli(['--profile', 'other', 'config', 'show', '-o', 'json'], { cwd })).stdout);
    expect(byFlag.settings.timeout).toMatchObject({ value: 5 });
    const byEnv = JSON.parse((await runCli(['config', 'show', '-o', 'json'], { cwd, env: cleanEnv({ CAMUNDA_PROFILE: 'other' }) })).stdout);
    expect(byEnv.profile).toBe('other');
  });

  it.for<[string, string]>([
    ['camunda-admin.config.js', 'module.exports = CONFIG;'],
    ['camunda-admin.config.cjs', 'module.exports = CONFIG;'],
    ['camunda-admin.config.mjs', 'export default CONFIG;'],
  ])('reads a JavaScript config file: %s', async ([name, source], { engine }) => {
    const config = { defaultProfile: 'js', profiles: { js: { url: engine.url, timeout: 7 } } };
    const cwd = project(source.replace('CONFIG', JSON.stringify(config)), name);
    const result = await runCli(['config', 'show', '-o', 'json'], { cwd });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ configFile: join(cwd, name), profile: 'js', settings: { timeout: { value: 7 } } });
  });

  it('reads --config FILE instead of searching', async ({ engine }) => {
    const dir = project(profiles(engine.url), 'elsewhere.yaml');
    const result = await runCli(['--config', join(dir, 'elsewhere.yaml'), 'config', 'show', '-o', 'json'], { env: cleanEnv({ DEMO_PASSWORD: 'x' }) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).configFile).toBe(join(dir, 'elsewhere.yaml'));
  });
});

describe('bad input: exit 2, one line, no stack trace, nothing sent', () => {
  const cases: [string, string[], RegExp, string?][] = [
    ['an unknown flag', ['auth', 'get', ADMIN, '--bogus'], /^error: unknown option '--bogus'$/],
    ['an unknown command', ['nope'], /^error: unknown command 'nope'$/],
    [
      'an invalid output format',
      ['-o', 'xml', 'auth', 'get', ADMIN],
      /^error: option '-o, --output <format>' argument 'xml' is invalid\. Allowed choices are table, wide, json, yaml\.$/,
    ],
    [
      'a non-numeric timeout',
      ['--timeout', 'soon', 'auth', 'get', ADMIN],
      /^error: option '--timeout <seconds>' argument 'soon' is invalid\. 'soon' is not a number of seconds/,
    ],
    ['a negative retry count', ['--retries', '-1', 'auth', 'get', ADMIN], /^error: option '--retries <n>' argument '-1' is invalid/],
    [
      'an invalid URL',
      ['--url', 'localhost:8080', 'auth', 'get', ADMIN],
      /^error: invalid URL 'localhost:8080' \(flag --url\): only http and https are supported$/,
    ],
    [
      'a URL with credentials',
      ['--url', 'http://demo:demo@127.0.0.1/engine-rest', 'auth', 'get', ADMIN],
      /^error: the URL \(flag --url\) must not contain credentials/,
    ],
    ['a missing --config file', ['--config', 'missing.yaml', 'auth', 'get', ADMIN], /^error: .*missing\.yaml: config file not found$/],
    ['a missing argument', ['auth', 'get'], /^error: missing required argument 'id'$/],
    ['an empty id', ['auth', 'get', ''], /^error: an id must not be empty$/],
    [
      '--password-stdin with nothing on stdin',
      ['--username', 'demo', '--password-stdin', 'auth', 'get', ADMIN],
      /^error: --password-stdin: standard input was empty$/,
    ],
  ];

  it.for(cases)('%s', async ([_name, args, message], { engine }) => {
    engine.requests.length = 0;
    const result = await runCli(args.includes('--url') ? args : ['--url', engine.url, ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(engine.requests).toEqual([]);
  });

  it('a malformed config file names the file', async () => {
    const cwd = project('profiles:\n  local: [unclosed\n');
    const result = await runCli(['auth', 'get', ADMIN], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^error: ${join(cwd, '.camunda-adminrc.yaml')}:\\d+:\\d+: invalid YAML: `));
  });

  it('runs inside a project with package.json and package.yaml of its own (cosmiconfig reads both for its meta configuration)', async ({ engine }) => {
    const cwd = project(profiles(engine.url));
    writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'some-app', version: '1.0.0', scripts: { test: 'x' } }));
    writeFileSync(join(cwd, 'package.yaml'), 'name: some-app\nversion: 1.0.0\n');
    const result = await runCli(['auth', 'get', ADMIN, '-o', 'json'], { cwd, env: cleanEnv({ DEMO_PASSWORD: 'demo' }) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe(ADMIN);
  });

  it('a malformed JSON config and a duplicate YAML key name file, line and column', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, '.camunda-adminrc.json'), '{\n  "profiles": {},\n}\n');
    const json = await runCli(['config', 'show'], { cwd });
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(new RegExp(`^error: ${join(cwd, '.camunda-adminrc.json')}:3:1: invalid JSON: .+\\n$`));
    const yaml = project('profiles:\n  a: {}\n  a: {}\n');
    const duplicate = await runCli(['config', 'show'], { cwd: yaml });
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toBe(`error: ${join(yaml, '.camunda-adminrc.yaml')}:3:3: duplicate key: Map keys must be unique\n`);
  });

  it('an unknown key in the config names the file, its place and the key', async () => {
    const cwd = project('profiles:\n  local:\n    url: http://x/engine-rest\n    pasword: x\n');
    const result = await runCli(['auth', 'get', ADMIN], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${join(cwd, '.camunda-adminrc.yaml')}:4:5: profiles.local.pasword: unknown property\n`);
  });

  it('an unknown profile lists the profiles', async ({ engine }) => {
    const cwd = project(profiles(engine.url));
    const result = await runCli(['--profile', 'prod', 'auth', 'get', ADMIN], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${join(cwd, '.camunda-adminrc.yaml')}: profile 'prod' (from --profile) does not exist (profiles: local, other)\n`);
  });

  it('an unreadable config file is a usage error', async ({ engine }) => {
    if (process.getuid?.() === 0) return; // root reads everything
    const cwd = project(profiles(engine.url));
    chmodSync(join(cwd, '.camunda-adminrc.yaml'), 0o000);
    const result = await runCli(['--config', '.camunda-adminrc.yaml', 'config', 'show'], { cwd });
    expect(result.code).toBe(2);
  });
});

describe('config show refuses what every command refuses', () => {
  it.each([
    ['caFile', 'caFile: missing-ca.pem'],
    ['certFile', 'certFile: missing-cert.pem'],
    ['keyFile', 'certFile: cert.pem\n    keyFile: missing-key.pem'],
  ])('a %s that does not exist: the same line as group list, exit 2, nothing on stdout', async (key, lines) => {
    const cwd = project(`defaultProfile: p\nprofiles:\n  p:\n    url: https://bpm.example.com/engine-rest\n    ${lines}\n`);
    writeFileSync(join(cwd, 'cert.pem'), '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n');
    const shown = await runCli(['config', 'show'], { cwd });
    const command = await runCli(['group', 'list'], { cwd });
    expect(shown.code).toBe(2);
    expect(shown.stdout).toBe('');
    expect(shown.stderr).toMatch(new RegExp(`^error: \\S+: profiles\\.p\\.${key} \\S+: file not found\\n$`));
    expect(shown.stderr).toBe(command.stderr);
  });

  it('a --ca-file that holds no certificate', async () => {
    const cwd = project('profiles: {}\n');
    writeFileSync(join(cwd, 'ca.pem'), 'not a certificate\n');
    const result = await runCli(['--url', 'https://bpm.example.com/engine-rest', '--ca-file', 'ca.pem', 'config', 'show'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --ca-file ca.pem: no PEM certificate found in the file\n');
  });
});

describe('auth of a profile', () => {
  it.each([
    [
      'without a type',
      '{ username: ops, password: x }',
      '5:11: profiles.p.auth.type: required: the auth types are basic (with username and password) and bearer (with token)',
    ],
    [
      'of an unknown type',
      '{ type: digest, username: ops }',
      "5:19: profiles.p.auth.type: 'digest' is not an auth type: the auth types are basic (with username and password) and bearer (with token)",
    ],
    ['that is not an object', 'basic', '5:11: profiles.p.auth: expected an object: { type: basic, username: U, password: P } or { type: bearer, token: T }'],
  ])('%s: the line says which types there are', async (_name, auth, message) => {
    const cwd = project(`defaultProfile: p\nprofiles:\n  p:\n    url: http://localhost:8080/engine-rest\n    auth: ${auth}\n`);
    const result = await runCli(['config', 'show'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${join(cwd, '.camunda-adminrc.yaml')}:${message}\n`);
  });
});

describe('warnings about how the run is set up', () => {
  const PASSWORD_WARNING = 'warning: a password on the command line can be seen by other users (ps, shell history); prefer --password-stdin\n';

  it('-q leaves only data and errors: no warning about --password or --insecure', async () => {
    const args = ['--url', 'https://bpm.example.com/engine-rest', '--insecure', '--username', 'ops', '--password', 'x', 'config', 'show', '-o', 'json'];
    const loud = await runCli(args);
    expect(loud.stderr).toBe(`warning: TLS certificate verification is off (--insecure): the connection can be intercepted\n${PASSWORD_WARNING}`);
    const quiet = await runCli(['-q', ...args]);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(loud.stdout);
  });

  it('-q keeps the error line', async () => {
    const result = await runCli(['-q', '--url', 'https://bpm.example.com/engine-rest', '--insecure', '--password', 'x', 'config', 'show']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: a password was given (flag --password) but no username; add --username\n');
  });

  it('--insecure on an http:// URL has no effect, and says so instead of warning of interception', async () => {
    const result = await runCli(['--url', 'http://localhost:8080/engine-rest', '--insecure', 'config', 'show', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('warning: --insecure has no effect: http://localhost:8080 is plain http, without TLS to verify\n');
    const fromProfile = await runCli(['config', 'show', '-o', 'json'], {
      cwd: project('defaultProfile: p\nprofiles:\n  p:\n    url: http://localhost:8080/engine-rest\n    insecure: true\n'),
    });
    expect(fromProfile.stderr).toBe('warning: insecure: true (profile p) has no effect: http://localhost:8080 is plain http, without TLS to verify\n');
  });

  it.each([
    ['Basic credentials', ['--username', 'ops', '--password-stdin'], 'the password'],
    ['a bearer token', ['--token', 't0k3n'], 'the bearer token'],
  ])('%s over http:// to another host: warned once, in cleartext', async (_name, credentials, secret) => {
    const result = await runCli(['--url', 'http://bpm.example.com:8080/engine-rest', ...credentials, 'config', 'show', '-o', 'json'], { stdin: 'x' });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `warning: ${secret} goes to bpm.example.com:8080 in cleartext (http://): anyone on the network path can read it; use https://\n`,
    );
    expect(
      (await runCli(['-q', '--url', 'http://bpm.example.com:8080/engine-rest', ...credentials, 'config', 'show', '-o', 'json'], { stdin: 'x' })).stderr,
    ).toBe('');
  });

  it('once per run, however many requests it sends', async ({ engine }) => {
    // A proxy that passes every request for bpm.example.com on to the simulator, as a corporate one would.
    let passed = 0;
    const proxy = createServer((request, response) => {
      passed++;
      const target = new URL(request.url ?? '/');
      const upstream = httpRequest(`${engine.origin}${target.pathname}${target.search}`, { method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const env = cleanEnv({ http_proxy: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
      const result = await runCli(['--url', 'http://bpm.example.com/engine-rest', '--username', 'demo', '--password-stdin', 'engine', 'info', '-o', 'json'], {
        env,
        stdin: 'demo',
      });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).authentication.status).toBe('accepted');
      expect(passed).toBeGreaterThanOrEqual(3);
      expect(result.stderr).toBe(
        'warning: the password goes to bpm.example.com in cleartext (http://): anyone on the network path can read it; use https://\n',
      );
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it.each(['https://bpm.example.com/engine-rest', 'http://localhost:8080/engine-rest', 'http://127.0.0.2/engine-rest', 'http://[::1]:8080/engine-rest'])(
    'no cleartext warning for %s',
    async (url) => {
      const result = await runCli(['--url', url, '--username', 'ops', '--password-stdin', 'config', 'show', '-o', 'json'], { stdin: 'x' });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
    },
  );
});

describe('help and version', () => {
  it('--version prints the package version only', async () => {
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('help of a command shows an example and the global options', async () => {
    const result = await runCli(['auth', 'get', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Examples:');
    expect(result.stdout).toContain('--url <url>');
  });

  it("help names the forks, how their versions and admin groups differ, and engine info's product", async () => {
    const root = await runCli(['--help']);
    expect(root.stdout).toMatch(/Administer a Camunda Platform 7 engine, or one of its forks Operaton and CIB\s+seven/);
    expect(root.stdout).toContain('Operaton 2.x is not older than Camunda 7.24');
    expect(root.stdout).toContain('admin group is operaton-admin on Operaton');
    const info = await runCli(['engine', 'info', '--help']);
    expect(info.stdout).toContain('GET /telemetry/data (Camunda BPM Runtime, Operaton BPM Runtime, CIB seven)');
    expect(info.stdout).toContain('productUnknownReason (forbidden');
  });
});
