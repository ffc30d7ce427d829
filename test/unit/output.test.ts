import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { Output, type OutputFormat } from '../../src/render/output.js';
import { plainStyle, useColor } from '../../src/render/style.js';
import { toYaml } from '../../src/render/yaml.js';

describe('colour', () => {
  const base = { colorFlag: true, format: 'table' as const, env: {}, isTTY: true };
  it('is on for a table on a terminal', () => {
    expect(useColor(base)).toBe(true);
  });
  it.each([
    ['--no-color', { colorFlag: false }],
    ['NO_COLOR', { env: { NO_COLOR: '1' } }],
    ['CI', { env: { CI: 'true' } }],
    ['TERM=dumb', { env: { TERM: 'dumb' } }],
    ['-o json', { format: 'json' as const }],
    ['-o yaml', { format: 'yaml' as const }],
    ['a pipe', { isTTY: false }],
  ])('is off with %s', (_name, change) => {
    expect(useColor({ ...base, ...change })).toBe(false);
  });
  it('treats an empty NO_COLOR as unset, as no-color.org says', () => {
    expect(useColor({ ...base, env: { NO_COLOR: '' } })).toBe(true);
  });
});

/** The CLI in-process with fake streams: the fastest way to check what goes where. */
async function inProcess(
  args: string[],
  { tty = false, env = {}, stdoutTTY = tty, stderrTTY = tty }: { tty?: boolean; env?: NodeJS.ProcessEnv; stdoutTTY?: boolean; stderrTTY?: boolean } = {},
) {
  const stdout = Object.assign(new PassThrough(), { isTTY: stdoutTTY, columns: 100 });
  const stderr = Object.assign(new PassThrough(), { isTTY: stderrTTY, columns: 100 });
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  stdin.end();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await run(args, { stdout, stderr, stdin, env, cwd: '/' });
  return { code, stdout: out, stderr: err };
}

describe('streams', () => {
  it('colours the table and the error label only on a terminal', async () => {
    const tty = await inProcess(['--config', '/dev/null', 'config', 'show'], { tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toContain('\u001b[1m');
    const piped = await inProcess(['--config', '/dev/null', 'config', 'show']);
    expect(piped.stdout).not.toContain('\u001b[');
  });

  it('colours each stream only when that stream is a terminal', async () => {
    // A profile that does not exist: a table would go to stdout, the error goes to stderr.
    const args = ['--config', '/dev/null', '--profile', 'nope', 'config', 'show'];
    const stdoutOnly = await inProcess(args, { stdoutTTY: true });
    expect(stdoutOnly.stderr).toMatch(/^error: /);
    const stderrOnly = await inProcess(args, { stderrTTY: true });
    expect(stderrOnly.stderr.startsWith('\u001b[31merror:\u001b[39m ')).toBe(true);
    // With a table on stdout: coloured headings only when stdout is the terminal.
    expect((await inProcess(['--config', '/dev/null', 'config', 'show'], { stderrTTY: true })).stdout).not.toContain('\u001b[');
    expect((await inProcess(['--config', '/dev/null', 'config', 'show'], { stdoutTTY: true })).stdout).toContain('\u001b[1mSetting\u001b[22m');
  });

  it('colours the error line on a terminal with -o json, but never the json', async () => {
    const result = await inProcess(['--config', '/dev/null', '--profile', 'nope', 'config', 'show', '-o', 'json'], { tty: true });
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith('\u001b[31merror:')).toBe(true);
  });

  it('never colours json, even on a terminal', async () => {
    const result = await inProcess(['--config', '/dev/null', 'config', 'show', '-o', 'json'], { tty: true });
    expect(result.stdout).not.toContain('\u001b[');
    expect(JSON.parse(result.stdout).settings.url.source).toBe('default');
  });

  it('puts errors on stderr and nothing on stdout', async () => {
    const result = await inProcess(['--url', 'nope', 'auth', 'get', 'x']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("error: invalid URL 'nope' (flag --url): expected the REST root, e.g. http://localhost:8080/engine-rest\n");
  });

  it('refuses a confirmation without a terminal unless --yes (exercised through the App)', async () => {
    const { App } = await import('../../src/app.js');
    const { Command } = await import('commander');
    const program = new Command().option('-y, --yes');
    const stream = Object.assign(new PassThrough(), { isTTY: false });
    const app = new App({ stdout: stream, stderr: stream, stdin: stream, env: {}, cwd: '/' }, program);
    await expect(app.confirm('delete authorization x')).rejects.toThrow(/confirmation needed; pass --yes/);
    program.parse(['--yes'], { from: 'user' });
    await expect(app.confirm('delete authorization x')).resolves.toBeUndefined();
  });

  it('treats CI as not interactive even on a terminal', async () => {
    const { App } = await import('../../src/app.js');
    const { Command } = await import('commander');
    const stream = Object.assign(new PassThrough(), { isTTY: true });
    const app = new App({ stdout: stream, stderr: stream, stdin: stream, env: { CI: 'true' }, cwd: '/' }, new Command());
    expect(app.interactive).toBe(false);
  });
});

describe('lists written page by page', () => {
  const row = (index: number) => ({ id: `g${index}`, name: index % 2 ? null : `Group ${index}`, tags: ['a', 'b'], nested: { n: index } });
  const rows = Array.from({ length: 7 }, (_, index) => row(index));
  const pages = [rows.slice(0, 3), [], rows.slice(3, 6), rows.slice(6)];
  const view = { table: () => 'unused' };

  async function written(format: OutputFormat, given: (typeof rows)[]): Promise<{ text: string; count: number }> {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const output = new Output({ format, style: plainStyle, quiet: false, verbose: false, stdout, stderr: new PassThrough() });
    const count = await output.list(given, view);
    return { text, count };
  }

  it('writes the json of the whole list, whatever the pages', async () => {
    expect(await written('json', pages)).toEqual({ text: `${JSON.stringify(rows, null, 2)}\n`, count: 7 });
    expect(await written('json', [])).toEqual({ text: '[]\n', count: 0 });
    expect(await written('json', [[]])).toEqual({ text: '[]\n', count: 0 });
  });

  it('writes a page longer than one written slice as the same json', async () => {
    const many = Array.from({ length: 523 }, (_, index) => row(index));
    expect(await written('json', [many.slice(0, 500), many.slice(500)])).toEqual({ text: `${JSON.stringify(many, null, 2)}\n`, count: 523 });
  });

  it('writes the yaml of the whole list, whatever the pages', async () => {
    expect(await written('yaml', pages)).toEqual({ text: toYaml(rows), count: 7 });
    expect((await written('yaml', [])).text).toBe('[]\n');
  });
});
