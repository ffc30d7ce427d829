// Proxies from the environment, as curl takes them: every request, whichever transport sends it
// (node:http for single requests, undici for bulk work), goes through the proxy, by CONNECT for an
// https engine and in absolute form for an http one; NO_PROXY bypasses it; credentials in the proxy
// URL become Proxy-Authorization and are never shown.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli } from '../../helpers/cli.js';
import { type RecordingProxy, startRecordingProxy } from '../../helpers/proxy.js';

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;
const certFile = new URL('../../fixtures/tls/cert.pem', import.meta.url).pathname;
let plain: Simulator;
let secure: Simulator;
let proxy: RecordingProxy;
const proxies: RecordingProxy[] = [];

beforeAll(async () => {
  plain = await startSimulator();
  secure = await startSimulator({
    tls: { cert: readFileSync(certFile, 'utf8'), key: readFileSync(new URL('../../fixtures/tls/key.pem', import.meta.url), 'utf8') },
  });
  proxy = await startRecordingProxy();
});
afterEach(async () => {
  proxy.seen.length = 0;
  await Promise.all(proxies.splice(0).map((other) => other.close()));
});
afterAll(async () => {
  await Promise.all([plain.close(), secure.close(), proxy.close()]);
});

const hostPort = (simulator: Simulator): string => new URL(simulator.origin).host;

describe('an http engine through HTTP_PROXY / http_proxy', () => {
  it.each(['HTTP_PROXY', 'http_proxy'])('sends a single request and bulk paging through %s, in absolute form', async (variable) => {
    const env = cleanEnv({ [variable]: proxy.url });
    const single = await runCli(['--url', plain.url, 'auth', 'get', ADMIN, '-o', 'json'], { env });
    expect(single.code).toBe(0);
    expect(JSON.parse(single.stdout).id).toBe(ADMIN);
    expect(proxy.seen).toEqual([{ line: `GET ${plain.url}/authorization/${ADMIN}`, proxyAuthorization: undefined, status: 200 }]);

    proxy.seen.length = 0;
    const bulk = await runCli(['--url', plain.url, 'auth', 'list', '--all', '-o', 'json'], { env });
    expect(bulk.code).toBe(0);
    expect(JSON.parse(bulk.stdout).length).toBeGreaterThan(0);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((request) => request.line.startsWith(`GET ${plain.url}/authorization`) && request.status === 200)).toBe(true);
  });

  it('takes http_proxy before HTTP_PROXY, and ignores HTTPS_PROXY for an http URL', async () => {
    const result = await runCli(['--url', plain.url, 'auth', 'get', ADMIN], {
      env: cleanEnv({ http_proxy: proxy.url, HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9' }),
    });
    expect(result.code).toBe(0);
    expect(proxy.seen).toHaveLength(1);
  });
});

describe('an https engine through HTTPS_PROXY / https_proxy', () => {
  it.each(['HTTPS_PROXY', 'https_proxy'])('tunnels a single request and bulk paging through %s with CONNECT', async (variable) => {
    const env = cleanEnv({ [variable]: proxy.url });
    const single = await runCli(['--url', secure.url, '--ca-file', certFile, 'auth', 'get', ADMIN, '-o', 'json'], { env });
    expect(single.code).toBe(0);
    expect(JSON.parse(single.stdout).id).toBe(ADMIN);
    expect(proxy.seen).toEqual([{ line: `CONNECT ${hostPort(secure)}`, proxyAuthorization: undefined, status: 200 }]);

    proxy.seen.length = 0;
    const bulk = await runCli(['--url', secure.url, '--ca-file', certFile, 'auth', 'list', '--all', '-o', 'json'], { env });
    expect(bulk.code).toBe(0);
    expect(JSON.parse(bulk.stdout).length).toBeGreaterThan(0);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((request) => request.line === `CONNECT ${hostPort(secure)}` && request.status === 200)).toBe(true);
  });

  it('checks the engine certificate through the tunnel', async () => {
    const result = await runCli(['--url', secure.url, '--retries', '0', 'auth', 'get', ADMIN], { env: cleanEnv({ HTTPS_PROXY: proxy.url }) });
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/TLS failure: .*self[- ]signed/);
    expect(proxy.seen).toEqual([{ line: `CONNECT ${hostPort(secure)}`, proxyAuthorization: undefined, status: 200 }]);
  });

  it('ignores HTTP_PROXY for an https URL', async () => {
    const result = await runCli(['--url', secure.url, '--ca-file', certFile, 'auth', 'get', ADMIN], {
      env: cleanEnv({ HTTP_PROXY: proxy.url, http_proxy: proxy.url }),
    });
    expect(result.code).toBe(0);
    expect(proxy.seen).toEqual([]);
  });
});

describe('NO_PROXY', () => {
  it.each([
    ['NO_PROXY', '127.0.0.1'],
    ['no_proxy', 'example.com, 127.0.0.1'],
    ['NO_PROXY', '*'],
    ['NO_PROXY', '127.0.0.0/8'],
  ])('%s=%s: requests go directly', async (variable, value) => {
    const env = cleanEnv({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, [variable]: value });
    expect((await runCli(['--url', plain.url, 'auth', 'get', ADMIN], { env })).code).toBe(0);
    expect((await runCli(['--url', plain.url, 'auth', 'list', '--all'], { env })).code).toBe(0);
    expect((await runCli(['--url', secure.url, '--ca-file', certFile, 'auth', 'get', ADMIN], { env })).code).toBe(0);
    expect(proxy.seen).toEqual([]);
  });

  it('an entry for another host or port leaves the proxy in use', async () => {
    const env = cleanEnv({ HTTP_PROXY: proxy.url, NO_PROXY: `localhost,.example.com,127.0.0.2,127.0.0.1:1,10.0.0.0/8` });
    expect((await runCli(['--url', plain.url, 'auth', 'get', ADMIN], { env })).code).toBe(0);
    expect(proxy.seen).toHaveLength(1);
  });
});

describe('proxy credentials and refusals', () => {
  it('sends the credentials of the proxy URL as Proxy-Authorization, never to the engine, and never shows the password', async () => {
    const guarded = await startRecordingProxy({ credentials: { username: 'alice', password: 's3cr3t:p@ss' } });
    proxies.push(guarded);
    const withCredentials = guarded.url.replace('http://', 'http://alice:s3cr3t%3Ap%40ss@');
    const expected = `Basic ${Buffer.from('alice:s3cr3t:p@ss').toString('base64')}`;
    const env = cleanEnv({ HTTP_PROXY: withCredentials, HTTPS_PROXY: withCredentials });

    const before = plain.requests.length;
    const single = await runCli(['-v', '--url', plain.url, 'auth', 'get', ADMIN], { env });
    expect(single.code).toBe(0);
    expect(single.stderr).toContain(`* through the proxy ${guarded.url.replace('http://', 'http://alice:<redacted>@')} (HTTP_PROXY) to ${hostPort(plain)}`);
    expect(single.stderr).not.toMatch(/s3cr3t|proxy-authorization/i);
    const atEngine = plain.requests.slice(before);
    expect(atEngine.length).toBe(1);
    expect(JSON.stringify(atEngine)).not.toMatch(/proxy-authorization/i);

    const bulk = await runCli(['--url', plain.url, 'auth', 'list', '--all'], { env });
    const tunnelled = await runCli(['--url', secure.url, '--ca-file', certFile, 'auth', 'list', '--all'], { env });
    expect([bulk.code, tunnelled.code]).toEqual([0, 0]);
    expect(guarded.seen.length).toBeGreaterThan(2);
    expect(guarded.seen.every((request) => request.proxyAuthorization === expected && request.status === 200)).toBe(true);

    const shown = await runCli(['config', 'show', '-o', 'json'], { env });
    expect(shown.stdout).not.toContain('s3cr3t');
    expect(JSON.parse(shown.stdout).settings.proxy).toEqual({ value: guarded.url.replace('http://', 'http://alice:<redacted>@'), source: 'env HTTP_PROXY' });
  });

  it.each([
    ['http', () => plain.url, 'HTTP_PROXY', []],
    ['https', () => secure.url, 'HTTPS_PROXY', ['--ca-file', certFile]],
  ])('a 407 from the proxy (%s engine) is exit 7 naming the proxy, not retried', async (_scheme, url, variable, extra) => {
    const guarded = await startRecordingProxy({ credentials: { username: 'alice', password: 'right' } });
    proxies.push(guarded);
    for (const [command, given, advice] of [
      [['auth', 'get', ADMIN], guarded.url, `give the proxy's credentials in ${variable}: http://user:password@host:port`],
      [['auth', 'list', '--all'], guarded.url.replace('http://', 'http://alice:wrong@'), `the proxy did not accept the credentials in ${variable}`],
    ] as const) {
      guarded.seen.length = 0;
      const result = await runCli([...extra, '--url', url(), ...command], { env: cleanEnv({ [variable]: given }) });
      expect(result.code).toBe(7);
      const shownProxy = given.replace(':wrong@', ':<redacted>@');
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: GET https?://127\\.0\\.0\\.1:\\d+/engine-rest/authorization\\S*: the proxy ${shownProxy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(${variable}\\) refused to pass the request on: 407 Proxy Authentication Required \\(`,
        ),
      );
      expect(result.stderr).toContain(advice);
      expect(result.stderr).not.toContain('wrong');
      expect(guarded.seen).toHaveLength(1);
    }
  });

  it('a proxy that is not listening is exit 7 naming the proxy', async () => {
    const result = await runCli(['--retries', '0', '--url', plain.url, 'auth', 'get', ADMIN], { env: cleanEnv({ HTTP_PROXY: 'http://127.0.0.1:9' }) });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('cannot reach the proxy http://127.0.0.1:9 (HTTP_PROXY): connection refused');
    expect(result.stderr).toContain('is the proxy running, and is HTTP_PROXY right?');
  });

  it('refuses a proxy URL that is not http://, exit 2, before any request', async () => {
    const result = await runCli(['--url', secure.url, 'auth', 'get', ADMIN], { env: cleanEnv({ HTTPS_PROXY: 'socks5://bob:hidden@127.0.0.1:1080' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: HTTPS_PROXY=socks5:\/\/bob:<redacted>@127\.0\.0\.1:1080: only http:\/\/ proxies are supported, not socks5:\/\//);
    expect(result.stderr).not.toContain('hidden');
  });
});

describe('config show', () => {
  it('shows the proxy for the URL, NO_PROXY, and whether the engine is reached through the proxy', async () => {
    const through = JSON.parse(
      (
        await runCli(['--url', 'https://bpm.example.com/engine-rest', 'config', 'show', '-o', 'json'], {
          env: cleanEnv({ HTTPS_PROXY: 'proxy.corp:3128', HTTP_PROXY: 'http://other:8080', NO_PROXY: 'localhost,.internal' }),
        })
      ).stdout,
    ).settings;
    expect(through.proxy).toEqual({ value: 'http://proxy.corp:3128', source: 'env HTTPS_PROXY' });
    expect(through.noProxy).toEqual({ value: 'localhost,.internal', source: 'env NO_PROXY' });
    expect(through.connection).toEqual({ value: 'proxy', source: 'no NO_PROXY entry matches bpm.example.com' });

    const bypassed = JSON.parse(
      (
        await runCli(['--url', 'http://engine.internal:8080/engine-rest', 'config', 'show', '-o', 'json'], {
          env: cleanEnv({ http_proxy: 'http://proxy.corp', no_proxy: 'localhost .internal' }),
        })
      ).stdout,
    ).settings;
    expect(bypassed.proxy).toEqual({ value: 'http://proxy.corp:1080', source: 'env http_proxy' });
    expect(bypassed.connection).toEqual({ value: 'direct', source: "no_proxy entry '.internal'" });

    const none = await runCli(['config', 'show'], { env: cleanEnv() });
    expect(none.stdout).toMatch(/proxy\s+│?\s*(null|-|)\s*│?\s*not set \(http_proxy, HTTP_PROXY\)/);
    expect(none.stdout).toMatch(/connection\s+│?\s*direct\s+│?\s*no proxy set/);
  });
});
