// Basic authentication against a simulator whose auth filter is on (like Camunda Run production.yml).
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;
// No login delays: 'exits 4 for a wrong password' would otherwise make the engine refuse demo's right
// password for 3 s (its login throttling), failing the tests after it; the last describe tests that.
const it = fileTest({ basicAuth: true, loginDelayBaseSeconds: 0 });

describe('with the engine auth filter on', () => {
  it('exits 4 without credentials and says how to give them', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, 'auth', 'get', ADMIN]);
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      `error: GET ${engine.url}/authorization/${ADMIN}: 401 Unauthorized: the engine requires authentication (Basic realm="default"); no credentials were sent (set credentials with --username and --password-stdin, CAMUNDA_USERNAME/CAMUNDA_PASSWORD or a profile)\n`,
    );
  });

  it('exits 4 for a wrong password without echoing it', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', 'auth', 'get', ADMIN], { stdin: 'wrong-secret\n' });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('the engine refused the username and password (Basic realm="default")');
    expect(result.stderr).not.toContain('wrong-secret');
  });

  it('reads the password from stdin', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', 'auth', 'get', ADMIN, '-o', 'json'], { stdin: 'demo\n' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe(ADMIN);
  });

  it('takes credentials from the environment', async ({ engine }) => {
    const env = cleanEnv({ CAMUNDA_URL: engine.url, CAMUNDA_USERNAME: 'demo', CAMUNDA_PASSWORD: 'demo' });
    const result = await runCli(['auth', 'get', ADMIN, '-o', 'json'], { env });
    expect(result.code).toBe(0);
  });

  it('warns about --password on the command line but uses it', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, '--username', 'demo', '--password', 'demo', 'auth', 'get', ADMIN, '-o', 'json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: a password on the command line can be seen by other users');
  });

  it('logs requests with --verbose, the Authorization header redacted', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', '-v', 'auth', 'get', ADMIN, '-o', 'json'], { stdin: 'demo' });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`> GET ${engine.url}/authorization/${ADMIN}`);
    expect(result.stderr).toContain('> authorization: Basic <redacted>');
    expect(result.stderr).toContain('< 200');
    expect(result.stderr).not.toContain(Buffer.from('demo:demo').toString('base64'));
    expect(JSON.parse(result.stdout).id).toBe(ADMIN);
  });

  it('engine info reports accepted credentials', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', 'engine', 'info', '-o', 'json'], { stdin: 'demo' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      url: engine.url,
      engine: null,
      engines: ['default'],
      engineFound: true,
      version: '7.24.0-SNAPSHOT',
      product: 'Camunda BPM Runtime',
      productUnknownReason: null,
      authentication: { method: 'basic', username: 'demo', status: 'accepted' },
    });
  });

  it('engine info reports refused credentials with exit 4 and one error line, printing no data', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', 'engine', 'info', '-o', 'json'], { stdin: 'nope' });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: the engine at ${engine.url} refused the credentials (401) (wrong credentials, or the engine still delays logins after a recent failed attempt: wait a few seconds and retry)\n`,
    );
  });
});

describe("with the engine's login throttling (default delays)", () => {
  let throttled: Simulator;
  beforeAll(async () => {
    throttled = await startSimulator({ basicAuth: true });
  });
  afterAll(async () => {
    await throttled.close();
  });

  it('refuses the right password right after a wrong one, and the hint says why; it works after the delay', async () => {
    // The engine's clock stands still: the CLI runs fall into the 3 s delay however slow the machine.
    const start = Date.now();
    throttled.state.clock = () => start;
    const asDemo = (password: string) =>
      runCli(['--url', throttled.url, '--retries', '0', '--username', 'demo', '--password-stdin', 'auth', 'get', ADMIN, '-o', 'json'], {
        stdin: `${password}\n`,
      });

    expect((await asDemo('wrong-secret')).code).toBe(4);
    const during = await asDemo('demo');
    expect(during.code).toBe(4);
    expect(during.stdout).toBe('');
    expect(during.stderr).toContain('the engine refused the username and password (Basic realm="default")');
    expect(during.stderr).toContain('wrong credentials, or the engine still delays logins after a recent failed attempt: wait a few seconds and retry');

    throttled.state.clock = () => start + 3000;
    const after = await asDemo('demo');
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout).id).toBe(ADMIN);
  });
});
