/**
 * Runs camunda-admin as a user would, with a clean environment (a temporary HOME and working
 * directory, NO_COLOR, no inherited CAMUNDA_* variables), two ways:
 * - runCli: in this process, through src/cli.ts run() with streams of its own: a few milliseconds a
 *   case. For the length of the run, process.env and the working directory are the command's, as
 *   they would be in its own process (the config search and file paths read them); runs asked for
 *   at once take turns.
 * - runBinary and spawnCli: the built bin/camunda-admin.cjs as a child process, for what only a process
 *   shows: the launcher, exit codes of the binary, signals, real pipes and terminals.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { tempDir } from './temp.js';

export { tempDir };

export const BIN = new URL('../../bin/camunda-admin.cjs', import.meta.url).pathname;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  stdin?: string;
  /** spawnCli only: leave standard input open (the test writes to child.stdin and ends it, or not). */
  stdinOpen?: boolean;
  cwd?: string;
  timeoutMs?: number;
  /**
   * runCli only: streams that act as a terminal of this many columns (isTTY and columns, as Node
   * sets them on a terminal); the others are pipes. What a real terminal does is test/helpers/pty.ts.
   */
  terminal?: { stdout?: number; stderr?: number };
}

export function cleanEnv(extra: Record<string, string> = {}, home = tempDir('camunda-admin-home-')): Record<string, string> {
  // Updates are read back at once: the simulator's interleaved writers (Fault.before/after) land synchronously.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1', LANG: 'C.UTF-8', CAMUNDA_ADMIN_READ_BACK_DELAY: '0' };
  // The run's own temp dir (test/helpers/global-setup.ts): what the command leaves there is found.
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  return { ...env, ...extra };
}

/** Output written to a stream, as text. */
class Captured extends Writable {
  text = '';
  isTTY = false;
  columns: number | undefined;

  constructor(columns?: number) {
    super();
    if (columns !== undefined) {
      this.isTTY = true;
      this.columns = columns;
    }
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    done();
  }
}

/** The in-process run under way, if any: the next one waits for it. */
let previous: Promise<unknown> = Promise.resolve();

export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  // process.env and the working directory are swapped for the run: two runs at once would share
  // them, so runs of tests side by side (test.concurrent) take turns. Runs that must overlap are
  // processes of their own (runBinary, spawnCli).
  const turn = previous.then(() => runInProcess(args, options));
  previous = turn.catch(() => undefined);
  return turn;
}

async function runInProcess(args: readonly string[], options: CliOptions): Promise<CliResult> {
  const { run } = await import('../../src/cli.js');
  const env = options.env ?? cleanEnv();
  const cwd = options.cwd ?? tempDir();
  const stdout = new Captured(options.terminal?.stdout);
  const stderr = new Captured(options.terminal?.stderr);
  const stdin = Object.assign(Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]), { isTTY: false });
  const outerEnv = { ...process.env };
  const outerCwd = process.cwd();
  // The same object, its contents replaced: modules keep references to process.env (env-paths does).
  replaceEnv(env);
  process.chdir(cwd);
  try {
    const code = await run(args, { stdout, stderr, stdin, env, cwd });
    return { code, stdout: stdout.text, stderr: stderr.text };
  } finally {
    replaceEnv(outerEnv);
    process.chdir(outerCwd);
  }
}

function replaceEnv(values: Record<string, string | undefined>): void {
  for (const name of Object.keys(process.env)) if (!(name in values)) delete process.env[name];
  for (const [name, value] of Object.entries(values)) if (value !== undefined) process.env[name] = value;
}

export function runBinary(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? tempDir(),
      env: options.env ?? cleanEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/** The built command as a child process the test can signal (SIGINT) while it runs. */
export function spawnCli(
  args: readonly string[],
  options: CliOptions = {},
): { child: ChildProcessWithoutNullStreams; result: Promise<CliResult>; stderrSoFar: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? tempDir(),
    env: options.env ?? cleanEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  const result = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  if (!options.stdinOpen) child.stdin.end(options.stdin ?? '');
  return { child, result, stderrSoFar: () => stderr };
}
