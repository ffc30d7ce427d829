// How run() reports a failure: one error line; a stack trace only for a bug, and only with -v.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli.js';
import * as connection from '../../src/connection.js';
import { EngineAuthenticationError, EngineHttpError } from '../../src/engine/errors.js';

async function inProcess(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  stdin.end();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await run(args, { stdout, stderr, stdin, env: {}, cwd: '/' });
  return { code, stdout: out, stderr: err };
}

const request = { method: 'GET', url: 'http://h/engine-rest/engine' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('stack traces', () => {
  it('are printed with -v for an internal error', async () => {
    vi.spyOn(connection, 'engineClient').mockRejectedValue(new TypeError('x is undefined'));
    const verbose = await inProcess(['-v', '--url', 'http://h/engine-rest', 'engine', 'info']);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(/^error: internal error: x is undefined/);
    expect(verbose.stderr).toMatch(/^TypeError: x is undefined\n\s+at /m);
    const quiet = await inProcess(['--url', 'http://h/engine-rest', 'engine', 'info']);
    expect(quiet.stderr.split('\n')).toHaveLength(2);
  });

  it.each([
    [
      'a refused token',
      new EngineAuthenticationError(request, { body: undefined, bodySnippet: undefined, challenge: 'Basic realm="default"', credentialsSent: 'bearer' }),
      4,
    ],
    ['an engine error with line breaks in its text', new EngineHttpError(request, { status: 500, body: undefined, bodySnippet: 'first\nsecond\u001b[2J' }), 6],
  ])('are not printed for %s, even with -v, and the error is one line', async (_name, error, code) => {
    vi.spyOn(connection, 'engineClient').mockRejectedValue(error);
    const result = await inProcess(['-v', '--url', 'http://h/engine-rest', 'engine', 'info']);
    expect(result.code).toBe(code);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr).not.toContain('\u001b');
    expect(result.stderr.split('\n')).toHaveLength(2);
  });
});

describe('help', () => {
  it.each([[['help']], [['help', 'auth']], [['auth', 'help', 'list']]])('%j exits 0', async (args) => {
    const result = await inProcess(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: camunda-admin/);
  });

  it('for a command that does not exist exits 2', async () => {
    expect((await inProcess(['help', 'nope'])).code).toBe(2);
  });
});
