// HTTPS with a private CA: --ca-file trusts it, --insecure skips verification (and warns).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS, type Simulator, startSimulator } from '../simulator/index.js';
import { runCli } from '../helpers/cli.js';

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;
const certFile = new URL('../fixtures/tls/cert.pem', import.meta.url).pathname;
let engine: Simulator;

beforeAll(async () => {
  const tls = {
    cert: readFileSync(certFile, 'utf8'),
    key: readFileSync(new URL('../fixtures/tls/key.pem', import.meta.url), 'utf8'),
  };
  engine = await startSimulator({ tls });
});
afterAll(async () => {
  await engine.close();
});

describe('https', () => {
  it('refuses a certificate it cannot verify, exit 7, naming the TLS problem', async () => {
    const result = await runCli(['--url', engine.url, '--retries', '0', 'auth', 'get', ADMIN]);
    expect(engine.url).toMatch(/^https:/);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/^error: GET https:\/\/127\.0\.0\.1:\d+\/engine-rest\/authorization\/\S+: TLS failure: .*self[- ]signed.*use --ca-file for a private CA\)\n$/);
  });

  it('trusts the CA given with --ca-file', async () => {
    const result = await runCli(['--url', engine.url, '--ca-file', certFile, 'auth', 'get', ADMIN, '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe(ADMIN);
    expect(result.stderr).toBe('');
  });

  it('skips verification with --insecure and warns on every run', async () => {
    const result = await runCli(['--url', engine.url, '--insecure', 'auth', 'get', ADMIN, '-o', 'json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('warning: TLS certificate verification is off (--insecure): the connection can be intercepted\n');
  });

  it('refuses a --ca-file that is missing or not PEM', async () => {
    const missing = await runCli(['--url', engine.url, '--ca-file', '/nonexistent.pem', 'auth', 'get', ADMIN]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('error: --ca-file /nonexistent.pem: file not found\n');
    const notPem = await runCli(['--url', engine.url, '--ca-file', new URL('../../package.json', import.meta.url).pathname, 'auth', 'get', ADMIN]);
    expect(notPem.code).toBe(2);
    expect(notPem.stderr).toMatch(/no PEM certificate found/);
  });
});
