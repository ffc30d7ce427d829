// HTTPS with a private CA: --ca-file trusts it, --insecure skips verification (and warns); a client
// certificate for mutual TLS: --cert-file and --key-file, or certFile and keyFile of a profile.
import { createPrivateKey } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { type RecordingProxy, startRecordingProxy } from '../../helpers/proxy.js';

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;
const certFile = new URL('../../fixtures/tls/cert.pem', import.meta.url).pathname;
let engine: Simulator;

beforeAll(async () => {
  const tls = {
    cert: readFileSync(certFile, 'utf8'),
    key: readFileSync(new URL('../../fixtures/tls/key.pem', import.meta.url), 'utf8'),
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
    expect(result.stderr).toMatch(
      /^error: GET https:\/\/127\.0\.0\.1:\d+\/engine-rest\/authorization\/\S+: TLS failure: .*self[- ]signed.*use --ca-file for a private CA\)\n$/,
    );
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
    const notPem = await runCli(['--url', engine.url, '--ca-file', new URL('../../../package.json', import.meta.url).pathname, 'auth', 'get', ADMIN]);
    expect(notPem.code).toBe(2);
    expect(notPem.stderr).toMatch(/no PEM certificate found/);
  });
});

describe('https:// to a server that speaks plain http', () => {
  let plain: Simulator;
  beforeAll(async () => {
    plain = await startSimulator();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('says that the server does not speak TLS and names the http:// URL, for single and bulk requests; not --ca-file', async () => {
    const url = plain.url.replace(/^http:/, 'https:');
    for (const command of [
      ['auth', 'get', ADMIN],
      ['auth', 'list', '--all'],
    ]) {
      const result = await runCli(['--url', url, ...command]);
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: GET https://127\\.0\\.0\\.1:\\d+/engine-rest/authorization\\S*: TLS failure: the server does not speak TLS \\(OpenSSL: wrong version number\\) \\(is it a plain http server\\? try --url ${plain.url.replace(/[.?]/g, '\\$&')}\\)\\n$`,
        ),
      );
      expect(result.stderr).not.toContain('--ca-file');
    }
  });
});

describe('mutual TLS: a server that requires a client certificate', () => {
  const fixture = (name: string): string => new URL(`../../fixtures/tls/${name}`, import.meta.url).pathname;
  const clientCert = fixture('client-cert.pem');
  const clientKey = fixture('client-key.pem');
  let mtls: Simulator;
  let proxy: RecordingProxy;

  beforeAll(async () => {
    mtls = await startSimulator({
      tls: { cert: readFileSync(certFile, 'utf8'), key: readFileSync(fixture('key.pem'), 'utf8'), clientCa: readFileSync(fixture('client-ca.pem'), 'utf8') },
    });
    proxy = await startRecordingProxy();
  });
  afterAll(async () => {
    await Promise.all([mtls.close(), proxy.close()]);
  });

  it('without a client certificate: exit 7 with a hint about --cert-file, for single and bulk requests', async () => {
    for (const command of [
      ['auth', 'get', ADMIN],
      ['auth', 'list', '--all'],
    ]) {
      const result = await runCli(['--url', mtls.url, '--ca-file', certFile, '--retries', '0', ...command]);
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(
        /^error: GET https:\/\/127\.0\.0\.1:\d+\/engine-rest\/authorization\S*: .*\(if the server requires a client certificate, give it with --cert-file and --key-file, or certFile and keyFile in a profile\)\n$/,
      );
    }
  });

  it('presents the certificate of --cert-file and --key-file, with single and bulk requests, also through a proxy', async () => {
    const flags = ['--url', mtls.url, '--ca-file', certFile, '--cert-file', clientCert, '--key-file', clientKey];
    const single = await runCli([...flags, 'auth', 'get', ADMIN, '-o', 'json']);
    expect(single.code).toBe(0);
    expect(JSON.parse(single.stdout).id).toBe(ADMIN);
    expect(single.stderr).toBe('');
    const bulk = await runCli([...flags, 'auth', 'list', '--all', '-o', 'json']);
    expect(bulk.code).toBe(0);
    expect(JSON.parse(bulk.stdout).length).toBeGreaterThan(0);

    const env = cleanEnv({ HTTPS_PROXY: proxy.url });
    expect((await runCli([...flags, 'auth', 'get', ADMIN], { env })).code).toBe(0);
    expect((await runCli([...flags, 'auth', 'list', '--all'], { env })).code).toBe(0);
    expect(proxy.seen.length).toBeGreaterThanOrEqual(2);
    expect(proxy.seen.every((request) => request.line === `CONNECT ${new URL(mtls.url).host}`)).toBe(true);
  });

  it('takes the key from the certificate file when --key-file is left out', async () => {
    const combined = join(tempDir(), 'client.pem');
    writeFileSync(combined, readFileSync(clientCert, 'utf8') + readFileSync(clientKey, 'utf8'));
    const result = await runCli(['--url', mtls.url, '--ca-file', certFile, '--cert-file', combined, 'auth', 'get', ADMIN]);
    expect(result.code).toBe(0);
  });

  it('takes certFile and keyFile from a profile, relative to the config file, and shows them in config show', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'certs'));
    copyFileSync(clientCert, join(dir, 'certs', 'client-cert.pem'));
    copyFileSync(clientKey, join(dir, 'certs', 'client-key.pem'));
    const config = join(dir, '.camunda-adminrc.yaml');
    writeFileSync(
      config,
      `profiles:\n  mtls:\n    url: ${mtls.url}\n    caFile: ${certFile}\n    certFile: certs/client-cert.pem\n    keyFile: certs/client-key.pem\n`,
    );
    const result = await runCli(['--profile', 'mtls', 'auth', 'get', ADMIN], { cwd: dir });
    expect(result.code).toBe(0);
    const shown = JSON.parse((await runCli(['--profile', 'mtls', 'config', 'show', '-o', 'json'], { cwd: dir })).stdout).settings;
    expect(shown.certFile).toEqual({ value: join(dir, 'certs', 'client-cert.pem'), source: `profile mtls (${config})` });
    expect(shown.keyFile).toEqual({ value: join(dir, 'certs', 'client-key.pem'), source: `profile mtls (${config})` });
    const flagged = JSON.parse((await runCli(['--cert-file', clientCert, '--key-file', clientKey, 'config', 'show', '-o', 'json'])).stdout).settings;
    expect(flagged.certFile).toEqual({ value: clientCert, source: 'flag --cert-file' });
    expect(flagged.keyFile).toEqual({ value: clientKey, source: 'flag --key-file' });

    writeFileSync(config, `profiles:\n  mtls:\n    url: ${mtls.url}\n    certFile: certs/missing.pem\n    keyFile: certs/client-key.pem\n`);
    const missing = await runCli(['--profile', 'mtls', 'auth', 'get', ADMIN], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: ${config}: profiles.mtls.certFile ${join(dir, 'certs', 'missing.pem')}: file not found\n`);
  });

  it('a certificate the server does not trust: exit 7, and the hint names the client certificate', async () => {
    const result = await runCli([
      '--url',
      mtls.url,
      '--ca-file',
      certFile,
      '--retries',
      '0',
      '--cert-file',
      fixture('stranger-cert.pem'),
      '--key-file',
      fixture('stranger-key.pem'),
      'auth',
      'get',
      ADMIN,
    ]);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('(the server may not accept the client certificate: was it issued by a CA the server trusts for clients?)');
  });

  it("refuses missing files, a key without a certificate, a key that is not the certificate's and an encrypted key: exit 2 before any request", async () => {
    const before = mtls.requests.length;
    const run = (...flags: string[]) => runCli(['--url', mtls.url, ...flags, 'auth', 'get', ADMIN]);
    expect(await run('--cert-file', '/nonexistent.pem', '--key-file', clientKey)).toMatchObject({
      code: 2,
      stderr: 'error: --cert-file /nonexistent.pem: file not found\n',
    });
    expect(await run('--cert-file', clientCert, '--key-file', '/nonexistent.pem')).toMatchObject({
      code: 2,
      stderr: 'error: --key-file /nonexistent.pem: file not found\n',
    });
    expect(await run('--cert-file', clientCert)).toMatchObject({
      code: 2,
      stderr: `error: --cert-file ${clientCert}: no private key; give it with --key-file (or keyFile in the profile), or append it to the certificate's file\n`,
    });
    expect(await run('--key-file', clientKey)).toMatchObject({
      code: 2,
      stderr: `error: --key-file ${clientKey}: a key without a certificate; give the client certificate with --cert-file (or certFile in the profile)\n`,
    });
    expect(await run('--cert-file', clientKey, '--key-file', clientKey)).toMatchObject({
      code: 2,
      stderr: `error: --cert-file ${clientKey}: no PEM certificate found in the file\n`,
    });
    expect(await run('--cert-file', clientCert, '--key-file', clientCert)).toMatchObject({
      code: 2,
      stderr: `error: --key-file ${clientCert}: no PEM private key found in the file\n`,
    });
    expect(await run('--cert-file', clientCert, '--key-file', fixture('stranger-key.pem'))).toMatchObject({
      code: 2,
      stderr: `error: --key-file ${fixture('stranger-key.pem')}: the key does not belong to the certificate (--cert-file ${clientCert})\n`,
    });
    const encrypted = join(tempDir(), 'encrypted.pem');
    writeFileSync(
      encrypted,
      createPrivateKey(readFileSync(clientKey, 'utf8')).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' }),
    );
    const result = await run('--cert-file', clientCert, '--key-file', encrypted);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^error: --key-file ${encrypted}: the private key is encrypted, and camunda-admin reads unencrypted keys only`));
    expect(await run('--cert-file', '', '--key-file', clientKey)).toMatchObject({ code: 2 });
    expect(mtls.requests.length).toBe(before);
  });
});
