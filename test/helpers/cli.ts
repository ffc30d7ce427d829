/**
 * Runs the built bin/camunda-admin as a user would: a separate process with a clean environment
 * (a temporary HOME and working directory, NO_COLOR, no inherited CAMUNDA_* variables).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { tempDir } from './temp.js';

export { tempDir };

export const BIN = new URL('../../bin/camunda-admin', import.meta.url).pathname;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  stdin?: string;
  cwd?: string;
  timeoutMs?: number;
}

export function cleanEnv(extra: Record<string, string> = {}, home = tempDir('camunda-admin-home-')): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1', LANG: 'C.UTF-8' };
  // The run's own temp dir (test/helpers/global-setup.ts): what the command leaves there is found.
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  return { ...env, ...extra };
}

export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
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
export function spawnCli(args: readonly string[], options: CliOptions = {}): { child: ChildProcessWithoutNullStreams; result: Promise<CliResult>; stderrSoFar: () => string } {
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
  child.stdin.end(options.stdin ?? '');
  return { child, result, stderrSoFar: () => stderr };
}
