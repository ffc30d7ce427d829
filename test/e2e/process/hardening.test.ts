// Faults on the way, retries only where a repeat is safe, and secrets that must not leak.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { SEEDED_AUTHORIZATION_IDS, SEEDED_PROCESS_INSTANCE_IDS as INSTANCES, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;
const it = test.extend<{ withPassword: (password: string) => string }>({
  withPassword: async ({ engine }, use) =>
    use((password) => `defaultProfile: p\nprofiles:\n  p:\n    url: ${engine.url}\n    auth: { type: basic, username: demo, password: "${password}" }\n`),
});

describe('retries', () => {
  it('waits as a 429 Retry-After asks and repeats a GET', async ({ engine }) => {
    engine.inject({ status: 429, headers: { 'retry-after': '1' }, times: 1 });
    const started = Date.now();
    const result = await runCli(['--url', engine.url, '--retries', '1', 'auth', 'get', ADMIN, '-o', 'json']);
    expect(result.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(engine.requests).toHaveLength(2);
  });

  it('gives up after --retries and exits 7', async ({ engine }) => {
    engine.inject({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' });
    const result = await runCli(['--url', engine.url, '--retries', '2', 'auth', 'get', ADMIN]);
    expect(result.code).toBe(7);
    expect(engine.requests).toHaveLength(3);
    expect(result.stderr).toContain('503 Service Unavailable without an engine error body: "Service Unavailable"');
  });

  it('never repeats a POST that changes state, and says when its outcome is unknown', async ({ engine }) => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'plan.yaml'),
      toYaml({ source: 'refengine-demo:1', target: 'refengine-demo:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] }),
    );
    engine.inject({ method: 'POST', path: /^\/migration\/execute$/, resetConnection: true });
    const result = await runCli(['--url', engine.url, '--retries', '3', 'migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1First, '--yes'], {
      cwd,
    });
    expect(result.code).toBe(7);
    expect(engine.requests.filter((request) => request.path.endsWith('/migration/execute'))).toHaveLength(1);
    expect(result.stderr).toContain('the outcome is unknown: the engine may have received and acted on the request; check before repeating it');
  });

  it('reports a body cut off mid-way', async ({ engine }) => {
    engine.inject({ path: /^\/authorization\//, truncateBody: true });
    const result = await runCli(['--url', engine.url, '--retries', '0', 'auth', 'get', ADMIN]);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/error: GET \S+: (the connection was closed before the answer was complete|200 answer is not JSON)/);
  });
});

describe('credentials', () => {
  it('warns when a config file with a literal password is readable by others, not when it is private', async ({ withPassword }) => {
    const cwd = tempDir();
    const file = join(cwd, '.camunda-adminrc.yaml');
    writeFileSync(file, withPassword('s3cret'));
    chmodSync(file, 0o644);
    const open = await runCli(['config', 'show'], { cwd });
    expect(open.stderr).toContain(`warning: ${file} holds a password or token (profile p) and can be read by every user (mode 644); chmod 600 it`);
    expect(open.stdout + open.stderr).not.toContain('s3cret');
    chmodSync(file, 0o600);
    expect((await runCli(['config', 'show'], { cwd })).stderr).toBe('');
  });

  it('does not warn for ${VAR} references', async ({ withPassword }) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, '.camunda-adminrc.yaml'), withPassword('${DEMO_PASSWORD}'));
    chmodSync(join(cwd, '.camunda-adminrc.yaml'), 0o644);
    const result = await runCli(['config', 'show'], { cwd, env: cleanEnv({ DEMO_PASSWORD: 'x' }) });
    expect(result.stderr).toBe('');
  });

  it('never prints the password: not in errors, verbose logs or any format', async () => {
    const secured = await startSimulator({ basicAuth: true });
    try {
      const secret = 'wrong-Pa55';
      for (const args of [
        ['-v', 'auth', 'get', ADMIN],
        ['auth', 'get', ADMIN, '-o', 'json'],
        ['config', 'show', '-o', 'yaml'],
        ['engine', 'info'],
      ]) {
        const result = await runCli(['--url', secured.url, '--username', 'demo', '--password-stdin', ...args], { stdin: secret });
        expect(result.stdout + result.stderr).not.toContain(secret);
        expect(result.stdout + result.stderr).not.toContain(Buffer.from(`demo:${secret}`).toString('base64'));
      }
    } finally {
      await secured.close();
    }
  });
});
