// Starting and stopping: no test may hang on, or leak, a simulator.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { startSimulator } from './index.js';

/** Open TCP servers and sockets of this process. */
function tcpHandles(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'TCPServerWrap' || name === 'TCPSocketWrap').length;
}

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('close()', () => {
  it('leaves no open server or socket behind, keep-alive connections included', async () => {
    const baseline = tcpHandles();
    const sim = await startSimulator();
    // fetch keeps connections alive; several in parallel open several sockets.
    await Promise.all([1, 2, 3].map(async () => (await fetch(`${sim.url}/version`)).text()));
    expect(tcpHandles()).toBeGreaterThan(baseline);
    await sim.close();
    expect(await waitFor(() => tcpHandles() === baseline)).toBe(true);
  });

  it('returns promptly while a delayed answer is pending, and cancels it', async () => {
    const baseline = tcpHandles();
    const sim = await startSimulator();
    // Far longer than the test may take: close() must not wait for the held answer.
    sim.inject({ delayHeadersMs: 600_000 });
    const pending = fetch(`${sim.url}/version`).then(
      () => 'answered',
      () => 'failed',
    );
    await waitFor(() => sim.requests.length === 1);
    await sim.close();
    expect(await pending).toBe('failed');
    expect(await waitFor(() => tcpHandles() === baseline)).toBe(true);
  });

  it('does not wait for a client stuck in the middle of a request', async () => {
    const sim = await startSimulator();
    const { port } = new URL(sim.origin);
    const socket = connect(Number(port), '127.0.0.1');
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers never finished: the connection is busy, not idle, so server.close() alone would wait.
    socket.write('GET /engine-rest/version HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcome = await Promise.race([sim.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('hung'), 2_000))]);
    expect(outcome).toBe('closed');
    await socketClosed;
  });

  it('can be called twice', async () => {
    const sim = await startSimulator();
    await sim.close();
    await expect(sim.close()).resolves.toBeUndefined();
  });
});

describe('TLS', () => {
  it('serves HTTPS with the given key and certificate', async () => {
    const fixtures = new URL('../fixtures/tls/', import.meta.url);
    const [key, cert] = await Promise.all([readFile(new URL('key.pem', fixtures), 'utf8'), readFile(new URL('cert.pem', fixtures), 'utf8')]);
    const sim = await startSimulator({ tls: { key, cert } });
    try {
      expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/engine-rest$/);
      const body = await new Promise<string>((resolve, reject) => {
        const request = httpsRequest(`${sim.url}/no-such-resource`, { ca: cert, agent: false }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        });
        request.on('error', reject);
        request.end();
      });
      // The 404 names the https URL, like RESTEasy behind TLS.
      expect(JSON.parse(body)).toMatchObject({ message: `RESTEASY003210: Could not find resource for full path: ${sim.url}/no-such-resource` });
    } finally {
      await sim.close();
    }
  });
});

describe('main.ts', () => {
  it('bundles with esbuild, prints the URL line, serves as the --flavour, and stops on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'camunda-simulator-'));
    try {
      const outfile = join(dir, 'simulator.mjs');
      await build({
        entryPoints: [new URL('./main.ts', import.meta.url).pathname],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        outfile,
        logLevel: 'silent',
      });
      const child = spawn(
        process.execPath,
        [outfile, '--port', '0', '--basic-auth', '--flavour', 'operaton', '--batch-jobs-per-second', '0', '--login-delay', '0'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          const match = /^camunda engine simulator listening on (\S+)\n/m.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`simulator exited early with ${code}: ${output}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/engine-rest$/);
      // --basic-auth took effect.
      expect((await fetch(`${url}/version`)).status).toBe(401);
      expect((await fetch(`${url}/engine`)).status).toBe(200);
      // --login-delay 0 took effect: the right password works right after a wrong one.
      const as = (password: string): Record<string, string> => ({ authorization: `Basic ${Buffer.from(`demo:${password}`).toString('base64')}` });
      expect((await fetch(`${url}/version`, { headers: as('wrong') })).status).toBe(401);
      const version = await fetch(`${url}/version`, { headers: as('demo') });
      expect(version.status).toBe(200);
      // --flavour took effect.
      expect(await version.json()).toEqual({ version: '2.1.4' });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 20_000);

  it('rejects unknown options, bad --login-delay and --flavour values with usage and exit code 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'camunda-simulator-'));
    try {
      const outfile = join(dir, 'simulator.mjs');
      await build({
        entryPoints: [new URL('./main.ts', import.meta.url).pathname],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile,
        logLevel: 'silent',
      });
      for (const args of [['--nope'], ['--login-delay', '1.5'], ['--login-delay', '-1'], ['--flavour', 'camunda8']]) {
        const child = spawn(process.execPath, [outfile, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (chunk: string) => (stderr += chunk));
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
        expect(code, args.join(' ')).toBe(2);
        expect(stderr).toContain('usage:');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
