/**
 * The set-up most e2e files share, as vitest fixtures: a test names what it needs in its context
 * (`it('…', async ({ engine, cli }) => …)`) and gets it started before and stopped after it.
 *
 * - `engine`: a simulator on 127.0.0.1, on a free port, fresh for each test and closed after it;
 *   started with `simulatorOptions` ({} unless a describe says otherwise:
 *   `test.override({ simulatorOptions: { basicAuth: true } })`).
 * - `cli`: runCli (in-process, test/helpers/cli.ts) with `--url` of that engine and `--retries 0`;
 *   `cli('auth', 'list')` or `cli(['auth', 'list'], { cwd, stdin })`.
 * - `cwd`: a temporary directory of the test's own, removed after it.
 *
 * `fileTest(options)` gives the same `engine` and `cli`, but one engine for all the tests of a file
 * (started with the first test that asks for it, closed when the file ends): for files whose tests
 * only read, or build on what the one before left.
 *
 * Options for a whole file: `test.extend({ simulatorOptions: { … } })`, never `test.override` at the top
 * of a file (that would change `test` itself, which the next file in the worker shares).
 *
 * A file adds fixtures of its own with `.extend` (a helper that reads the engine's requests, a plan
 * directory); what only a process shows (signals, pipes, terminals) spawns the built command
 * (runBinary, spawnCli, runOnPty) and takes `engine.url` from here all the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from 'vitest';
import { type Simulator, type SimulatorOptions, startSimulator } from '../simulator/index.js';
import { type CliOptions, type CliResult, runCli } from './cli.js';

/** The command, in-process, against one engine: `cli('group', 'list')` or `cli(['group', 'list'], options)`. */
export interface Cli {
  (args: readonly string[], options?: CliOptions): Promise<CliResult>;
  (...args: string[]): Promise<CliResult>;
}

/** The command against `url`; `defaults` (a working directory, standard input) for every run, which a run's own options override. */
export function cliFor(url: string, defaults: CliOptions = {}): Cli {
  return ((...args: unknown[]) => {
    const [first, options] = args;
    if (Array.isArray(first)) return runCli(['--url', url, '--retries', '0', ...(first as string[])], { ...defaults, ...(options as CliOptions | undefined) });
    return runCli(['--url', url, '--retries', '0', ...(args as string[])], defaults);
  }) as Cli;
}

export interface TempDirFixture {
  /** A temporary directory of the test's own, removed after it. */
  cwd: string;
}

export interface EngineFixtures extends TempDirFixture {
  /** What `engine` is started with; set per describe with `test.override({ simulatorOptions })`. */
  simulatorOptions: SimulatorOptions;
  engine: Simulator;
  cli: Cli;
}

async function withTempDir(use: (directory: string) => Promise<void>): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'camunda-admin-test-'));
  try {
    await use(directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function withSimulator(options: SimulatorOptions, use: (engine: Simulator) => Promise<void>): Promise<void> {
  const engine = await startSimulator(options);
  try {
    await use(engine);
  } finally {
    await engine.close();
  }
}

/** `cwd` only: a test that needs a directory but no engine. */
export const tempDirTest = base.extend<TempDirFixture>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its first parameter
  cwd: async ({}, use) => withTempDir(use),
});

/** A fresh engine for each test (`engine`, `cwd`), for a file that runs the command its own way. */
export const engineTest = tempDirTest.extend<Pick<EngineFixtures, 'simulatorOptions' | 'engine'>>({
  simulatorOptions: {},
  engine: async ({ simulatorOptions }, use) => withSimulator(simulatorOptions, use),
});

/** A fresh engine for each test (`engine`, `cli`, `cwd`). */
export const test = engineTest.extend<Pick<EngineFixtures, 'cli'>>({
  cli: async ({ engine }, use) => use(cliFor(engine.url)),
});

export const it = test;

/** One engine, started with `options`, for all the tests of a file that ask for `engine` or `cli`. */
export function fileTest(options: SimulatorOptions = {}) {
  return tempDirTest.extend<{ $file: { engine: Simulator; cli: Cli } }>({
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its first parameter
    engine: [async ({}, use) => withSimulator(options, use), { scope: 'file' }],
    cli: [async ({ engine }, use) => use(cliFor(engine.url)), { scope: 'file' }],
  });
}

/**
 * Runs `body` (a CLI run that follows a batch with --wait) while the simulated job executor, stopped
 * by `batchJobsPerSecond: 0`, takes a few steps every 20 ms: the batch moves on whatever
 * the machine's speed, and the run ends when the batch does (no timing is asserted).
 */
export async function whileBatchesRun<T>(engine: Pick<Simulator, 'advanceBatches'>, body: () => Promise<T>): Promise<T> {
  const observer = setInterval(() => engine.advanceBatches(5), 20);
  try {
    return await body();
  } finally {
    clearInterval(observer);
  }
}
