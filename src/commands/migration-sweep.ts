/**
 * `migration sweep KEY`: every old version of a process at once. Without --plans, the review
 * (src/migration/sweep-plans.ts): a plan per version with running instances, validated, optionally
 * written to --out-dir. With --plans DIR, those plans validated again; with --execute, run through the
 * pipeline one version after another (src/migration/sweep-execute.ts). This file turns the flags into
 * the request of one of these use cases and prints its outcome.
 */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { commandLine } from '../exit.js';
import { ExitCode, UsageError } from '../exit-codes.js';
import type { RunEnvironment } from '../migration/execute-run.js';
import { executeSweep } from '../migration/sweep-execute.js';
import { reviewSweepPlans, validateSweepPlans } from '../migration/sweep-plans.js';
import { printSweepRun, sweepReviewView } from '../render/sweep.js';
import { currentEngine, migrationHost } from './migration-host.js';
import { checkBatchFlags, parseRunFlags } from './run-flags.js';
import type { SweepFlags } from './migration-flags.js';

type SweepOptions = SweepFlags;

/** Flags of a run (--execute), and their names. */
const RUN_FLAGS: [keyof SweepOptions, string][] = [
  ['dryRun', '--dry-run'],
  ['canary', '--canary'],
  ['canaryWait', '--canary-wait'],
  ['allowPendingBatch', '--allow-pending-batch'],
  ['chunkSize', '--chunk-size'],
  ['async', '--async'],
  ['wait', '--wait'],
  ['waitTimeout', '--wait-timeout'],
  ['interval', '--interval'],
  ['runDir', '--run-dir'],
  ['resume', '--resume'],
  ['continueOnFailure', '--continue-on-failure'],
  ['report', '--report'],
  ['skipCustomListeners', '--skip-custom-listeners'],
  ['skipIoMappings', '--skip-io-mappings'],
  ['takeOverLock', '--take-over-lock'],
];
/** Flags of the review (without --plans), and their names. */
const REVIEW_FLAGS: [keyof SweepOptions, string][] = [
  ['to', '--to'],
  ['overrides', '--overrides'],
  ['outDir', '--out-dir'],
  ['suggest', '--suggest'],
];

function given(options: SweepOptions, flags: [keyof SweepOptions, string][]): string[] {
  return flags.filter(([name]) => options[name] !== undefined && options[name] !== false).map(([, flag]) => flag);
}

function checkFlags(key: string, options: SweepOptions): void {
  if (key.trim() === '' || key.includes(':'))
    throw new UsageError(`<key>: '${key}' is not a process definition key (the key alone, such as invoice: every version of it is swept)`);
  if (options.execute && !options.plans) throw new UsageError('--execute needs --plans DIR: the plans to run, as --out-dir wrote them (and you reviewed them)');
  const run = given(options, RUN_FLAGS);
  if (!options.execute && run.length > 0) throw new UsageError(`${run.join(', ')} ${run.length === 1 ? 'needs' : 'need'} --plans DIR --execute`);
  if (options.plans) {
    const review = given(options, REVIEW_FLAGS);
    if (review.length > 0)
      throw new UsageError(
        `${review.join(', ')} ${review.length === 1 ? 'belongs' : 'belong'} to the review (without --plans): the plans of --plans name their targets and instructions`,
      );
    if (options.strict && options.execute)
      throw new UsageError('--strict belongs to the review and to --plans without --execute: a run fails the instances an unmapped activity holds anyway');
  }
  if (options.suggest && !options.plans && !options.outDir)
    throw new UsageError('--suggest writes its suggestions into the plans as comments: it needs --out-dir');
  if (options.force && !options.outDir && !options.execute)
    throw new UsageError('--force replaces files that exist: it needs --out-dir, or --execute (journals, --report)');
  if (options.force && options.resume) throw new UsageError('--force starts over, --resume continues: give one of them');
  checkBatchFlags(options, { resumeIsChunked: false, ending: 'the sweep ends when the batches are created' });
}

export async function sweepMigration(app: App, key: string, options: SweepOptions): Promise<void> {
  checkFlags(key, options);
  app.refuseStdinClash({ '--overrides': options.overrides });
  const output = await app.output();
  const env: RunEnvironment = {
    stdin: app.io.stdin,
    client: ({ bulk }) => engineClient(app, { bulk }),
    engine: () => currentEngine(app),
    host: (client) => migrationHost(app, client),
    warn: (message) => output.warn(message),
  };
  if (!options.plans) {
    const command = commandLine([
      'camunda-admin',
      'migration',
      'sweep',
      key,
      ...(options.to ? ['--to', options.to] : []),
      ...(options.tenant ? ['--tenant', options.tenant] : []),
      ...(options.overrides ? ['--overrides', options.overrides] : []),
      ...(options.outDir ? ['--out-dir', options.outDir] : []),
      ...(options.suggest ? ['--suggest'] : []),
    ]);
    const request = {
      key,
      to: options.to,
      tenant: options.tenant,
      overrides: options.overrides,
      outDir: options.outDir,
      strict: Boolean(options.strict),
      force: Boolean(options.force),
      suggest: Boolean(options.suggest),
      command,
    };
    const summary = await reviewSweepPlans(env, request);
    await output.data(summary, sweepReviewView);
    if (!summary.valid) app.exitCode = ExitCode.ValidationFailed;
    return;
  }
  if (!options.execute) {
    const summary = await validateSweepPlans(env, { key, plans: options.plans, tenant: options.tenant, strict: Boolean(options.strict) });
    await output.data(summary, sweepReviewView);
    if (!summary.valid) app.exitCode = ExitCode.ValidationFailed;
    return;
  }
  const { chunkSize, canary, canaryWaitMs, timeoutMs: waitTimeoutMs, intervalMs } = parseRunFlags(options);
  const outcome = await executeSweep(env, {
    key,
    plans: options.plans,
    runDir: options.runDir ?? options.plans,
    tenant: options.tenant,
    dryRun: Boolean(options.dryRun),
    resume: Boolean(options.resume),
    force: Boolean(options.force),
    chunkSize,
    canary,
    canaryWaitMs,
    allowPendingBatch: Boolean(options.allowPendingBatch),
    async: options.async ? { wait: Boolean(options.wait), intervalMs, waitTimeoutMs } : undefined,
    continueOnFailure: Boolean(options.continueOnFailure),
    report: options.report,
    skipCustomListeners: options.skipCustomListeners,
    skipIoMappings: options.skipIoMappings,
    takeOverLock: Boolean(options.takeOverLock),
    takeOverCommand: commandLine([
      'camunda-admin',
      'migration',
      'sweep',
      key,
      '--plans',
      options.plans,
      '--execute',
      '--resume',
      ...(options.runDir ? ['--run-dir', options.runDir] : []),
      '--take-over-lock',
    ]),
  });
  await printSweepRun(output, outcome);
}
