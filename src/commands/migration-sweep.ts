/**
 * `migration sweep KEY`: every old version of a process at once. Without --plans, the review
 * (src/migration/sweep.ts): a plan per version with running instances, validated, optionally written
 * to --out-dir. With --plans DIR, those plans validated again; with --execute, run through the
 * pipeline one version after another (src/migration/sweep-run.ts). This file reads flags and files,
 * takes the locks and prints.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import type { EngineClient } from '../engine/client.js';
import { commandLine } from '../exit.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import { JournalLock } from '../change/journal-lock.js';
import { checkReportFile, writeSweepReport } from '../migration/report.js';
import { planFileName, reviewSweep, type SweepReview, sweepVerdict } from '../migration/sweep.js';
import { runSweep, type SweepOutcome, type SweepPlanToRun } from '../migration/sweep-run.js';
import { formatProblem, parsePlan, readInputFile } from '../plans/load.js';
import { parseOverrides, type SweepOverrides, unknownVersions } from '../plans/overrides.js';
import { parseReference } from '../plans/references.js';
import { resolvePlan } from '../plans/resolve.js';
import { buildValidationResult } from '../plans/validation.js';
import { serializePlan } from '../plans/write.js';
import { type SweepReviewSummary, sweepReviewView, type SweepRunSummary, sweepRunView } from '../render/sweep.js';
import { checkOutputFile, writeFileAtomically } from '../util/files.js';
import { currentEngine, migrationHost } from './migration-host.js';
import { checkBatchFlags, parseRunFlags } from './run-flags.js';

interface SweepOptions {
  to?: string;
  tenant?: string;
  overrides?: string;
  outDir?: string;
  strict?: boolean;
  force?: boolean;
  plans?: string;
  execute?: boolean;
  dryRun?: boolean;
  canary?: string;
  chunkSize?: string;
  async?: boolean;
  wait?: boolean;
  waitTimeout?: string;
  interval?: string;
  runDir?: string;
  resume?: boolean;
  continueOnFailure?: boolean;
  report?: string;
  skipCustomListeners?: boolean;
  skipIoMappings?: boolean;
  takeOverLock?: boolean;
}

/** Flags of a run (--execute), and their names. */
const RUN_FLAGS: [keyof SweepOptions, string][] = [
  ['dryRun', '--dry-run'],
  ['canary', '--canary'],
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
];

function given(options: SweepOptions, flags: [keyof SweepOptions, string][]): string[] {
  return flags.filter(([name]) => options[name] !== undefined && options[name] !== false).map(([, flag]) => flag);
}

function checkFlags(key: string, options: SweepOptions): void {
  if (key.trim() === '' || key.includes(':')) throw new UsageError(`<key>: '${key}' is not a process definition key (the key alone, such as invoice: every version of it is swept)`);
  if (options.execute && !options.plans) throw new UsageError('--execute needs --plans DIR: the plans to run, as --out-dir wrote them (and you reviewed them)');
  const run = given(options, RUN_FLAGS);
  if (!options.execute && run.length > 0) throw new UsageError(`${run.join(', ')} ${run.length === 1 ? 'needs' : 'need'} --plans DIR --execute`);
  if (options.plans) {
    const review = given(options, REVIEW_FLAGS);
    if (review.length > 0) throw new UsageError(`${review.join(', ')} ${review.length === 1 ? 'belongs' : 'belong'} to the review (without --plans): the plans of --plans name their targets and instructions`);
    if (options.strict && options.execute) throw new UsageError('--strict belongs to the review and to --plans without --execute: a run fails the instances an unmapped activity holds anyway');
  }
  if (options.force && !options.outDir && !options.execute) throw new UsageError('--force replaces files that exist: it needs --out-dir, or --execute (journals, --report)');
  if (options.force && options.resume) throw new UsageError('--force starts over, --resume continues: give one of them');
  checkBatchFlags(options, { resumeIsChunked: false, ending: 'the sweep ends when the batches are created' });
}

export async function sweepMigration(app: App, key: string, options: SweepOptions): Promise<void> {
  checkFlags(key, options);
  app.refuseStdinClash({ '--overrides': options.overrides });
  if (!options.plans) {
    await review(app, key, options);
    return;
  }
  if (!options.execute) {
    await validatePlans(app, key, options);
    return;
  }
  await execute(app, key, options);
}

// ---------------------------------------------------------------------------------------------
// The review

async function review(app: App, key: string, options: SweepOptions): Promise<void> {
  const output = await app.output();
  if (options.outDir) await checkDirectory(options.outDir, '--out-dir', { create: true });
  let overrides: SweepOverrides | undefined;
  if (options.overrides) {
    const file = await readInputFile(options.overrides, app.io.stdin, 'overrides file');
    overrides = parseOverrides(file.text, file.name);
  }
  const target = parseReference(options.to ?? `${key}:latest`, '--to');
  const client = await engineClient(app);
  const found = await reviewSweep(client, { key, target, tenant: options.tenant, overrides, strict: Boolean(options.strict) });
  if (overrides && options.overrides) {
    const versions = [...found.versions.map((version) => version.version), ...(found.target.key === key ? [found.target.version] : [])];
    const unknown = unknownVersions(overrides, versions);
    if (unknown.length > 0) {
      throw new UsageError(`${options.overrides}: versions.${unknown[0]}: ${key} has no version ${unknown[0]}${found.target.tenantId ? ` in tenant ${found.target.tenantId}` : ''} (versions: ${versions.sort((a, b) => a - b).join(', ')}); no plan was written`);
    }
  }
  if (!found.strict) {
    for (const version of found.versions) {
      for (const activity of version.validation?.activeUnmapped ?? []) {
        output.warn(
          `${key}:${version.version}: activity '${activity.activityId}' has ${activity.instances} running instance${activity.instances === 1 ? '' : 's'} that no instruction maps; migrating them would fail (map it with --overrides; --strict makes this a failure)`,
        );
      }
    }
  }
  const files = options.outDir ? await writePlans(found, options.outDir, key, options) : new Map<number, string>();
  const summary: SweepReviewSummary = {
    key,
    target: found.target,
    strict: found.strict,
    valid: found.valid,
    versions: found.versions.map((version) => ({
      version: version.version,
      definitionId: version.definition.id,
      instances: version.instances,
      instructions: version.instructions,
      overridden: version.overridden,
      status: version.status,
      firstFailure: version.firstFailure,
      activeUnmapped: version.validation?.activeUnmapped ?? [],
      file: files.get(version.version) ?? null,
    })),
    outDir: options.outDir ?? null,
  };
  await output.data(summary, sweepReviewView);
  if (!found.valid) app.exitCode = ExitCode.ValidationFailed;
}

/** One plan file per version with a plan, all checked before any is written. */
async function writePlans(found: SweepReview, outDir: string, key: string, options: SweepOptions): Promise<Map<number, string>> {
  const planned = found.versions.filter((version) => version.plan !== null);
  const files = new Map(planned.map((version) => [version.version, join(outDir, planFileName(key, version.version, found.target))]));
  for (const file of files.values()) await checkOutputFile(file, '--out-dir', Boolean(options.force));
  const command = commandLine([
    'camunda-admin', 'migration', 'sweep', key,
    ...(options.to ? ['--to', options.to] : []),
    ...(options.tenant ? ['--tenant', options.tenant] : []),
    ...(options.overrides ? ['--overrides', options.overrides] : []),
    '--out-dir', outDir,
  ]);
  for (const version of planned) {
    const text = await serializePlan(version.plan!, 'yaml', command);
    const status = version.firstFailure ? `${version.status}: ${version.firstFailure}` : version.status;
    const note = `# Sweep of ${key}: version ${version.version}, ${version.instances} running instance${version.instances === 1 ? '' : 's'} when generated; ${status.replace(/\s+/g, ' ')}\n`;
    const [first, second, ...rest] = text.split('\n');
    await writeFileAtomically(files.get(version.version)!, [first, second, note.trimEnd(), ...rest].join('\n'));
  }
  return files;
}

async function checkDirectory(directory: string, flag: string, options: { create: boolean }): Promise<void> {
  const found = await stat(directory).catch(() => undefined);
  if (found && !found.isDirectory()) throw new UsageError(`${flag} ${directory}: not a directory`);
  if (found) return;
  if (!options.create) throw new UsageError(`${flag} ${directory}: no such directory`);
  try {
    await mkdir(directory, { recursive: true });
  } catch (error) {
    throw new UsageError(`${flag} ${directory}: cannot be created (${(error as { code?: string }).code ?? String(error)})`);
  }
}

// ---------------------------------------------------------------------------------------------
// The plans of a directory

/** The plan files of KEY in DIR, as --out-dir names them, by file name. */
async function planFiles(directory: string, key: string): Promise<string[]> {
  await checkDirectory(directory, '--plans', { create: false });
  const pattern = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-v\\d+-to-.+\\.(ya?ml|json)$`);
  const names = (await readdir(directory)).filter((name) => pattern.test(name)).sort();
  if (names.length === 0) throw new UsageError(`--plans ${directory}: no plan files of ${key} (${key}-vN-to-vM.yaml, as --out-dir writes them)`);
  return names;
}

/** Every plan read and resolved; a plan of another key, or two of one version, are refused. */
async function loadPlans(app: App, client: EngineClient, key: string, options: SweepOptions, runDir: string): Promise<SweepPlanToRun[]> {
  const output = await app.output();
  const plans: SweepPlanToRun[] = [];
  for (const file of await planFiles(options.plans!, key)) {
    const path = join(options.plans!, file);
    const { name, text } = await readInputFile(path, app.io.stdin);
    const loaded = parsePlan(text, name);
    for (const warning of loaded.warnings) output.warn(formatProblem(warning));
    const resolved = await resolvePlan(loaded, client.processDefinitions, options.tenant);
    if (resolved.source.key !== key) throw new UsageError(`${path}: its source is ${resolved.source.key}:${resolved.source.version}, not a version of ${key}`);
    const twin = plans.find((plan) => plan.plan.resolved.source.id === resolved.source.id);
    if (twin) throw new UsageError(`${path} and ${join(options.plans!, twin.file)} are both plans for ${key}:${resolved.source.version}: keep one`);
    plans.push({ file, journalFile: join(runDir, `${file}.journal.jsonl`), plan: { name, loaded, resolved } });
  }
  return plans;
}

/** `--plans DIR` without --execute: each plan validated and its instances counted, as the review shows them. */
async function validatePlans(app: App, key: string, options: SweepOptions): Promise<void> {
  const output = await app.output();
  const client = await engineClient(app);
  const plans = await loadPlans(app, client, key, options, options.plans!);
  const strict = Boolean(options.strict);
  const versions = await Promise.all(
    plans.map(async ({ file, plan }) => {
      const { resolved, loaded } = plan;
      const [report, statistics, instances] = await Promise.all([
        client.migration.validate(resolved.request),
        client.processDefinitions.activityStatistics(resolved.source.id),
        client.processInstances.count({ processDefinitionId: resolved.source.id }),
      ]);
      const validation = buildValidationResult({ plan: plan.name, planFile: loaded.plan, strict, source: resolved.source, target: resolved.target, report, statistics, warnings: [] });
      const { status, firstFailure } = instances === 0 ? { status: 'no-instances' as const, firstFailure: null } : sweepVerdict(validation);
      return { version: resolved.source.version, definitionId: resolved.source.id, instances, instructions: loaded.plan.instructions.length, overridden: 0, status, firstFailure, activeUnmapped: validation.activeUnmapped, file, target: resolved.target };
    }),
  );
  versions.sort((a, b) => a.version - b.version);
  const valid = versions.every((version) => version.status !== 'not-valid' && !(strict && version.status === 'active-unmapped'));
  const summary: SweepReviewSummary = { key, target: versions[0]!.target, strict, valid, versions: versions.map(({ target: _target, ...version }) => version), outDir: null };
  await output.data(summary, sweepReviewView);
  if (!valid) app.exitCode = ExitCode.ValidationFailed;
}

// ---------------------------------------------------------------------------------------------
// The run

async function execute(app: App, key: string, options: SweepOptions): Promise<void> {
  const output = await app.output();
  const { chunkSize, canary, timeoutMs: waitTimeoutMs, intervalMs } = parseRunFlags(options);
  const force = Boolean(options.force);
  const runDir = options.runDir ?? options.plans!;
  await planFiles(options.plans!, key);
  await checkDirectory(runDir, '--run-dir', { create: !options.dryRun });
  const sweepJournal = join(runDir, `${key}.sweep.journal.jsonl`);
  // Files written during or after the run are checked now, while a refusal still means nothing was sent.
  if (options.report) await checkReportFile(options.report, force);
  if (!options.dryRun) {
    const existing = await stat(sweepJournal).catch(() => undefined);
    if (options.resume && !existing) throw new UsageError(`--resume: sweep journal ${sweepJournal} does not exist`);
    if (!options.resume && existing && !force) {
      throw new UsageError(`sweep journal ${sweepJournal} already exists from an earlier sweep; continue it with --resume, or start over with --force (it is then replaced)`);
    }
  }
  const takeOverCommand = commandLine(['camunda-admin', 'migration', 'sweep', key, '--plans', options.plans!, '--execute', '--resume', ...(options.runDir ? ['--run-dir', options.runDir] : []), '--take-over-lock']);
  const lockOf = (journal: string) => JournalLock.acquire(journal, { takeOver: Boolean(options.takeOverLock), notice: (message) => output.warn(message), takeOverCommand });
  const lock = options.dryRun ? undefined : await lockOf(sweepJournal);
  try {
    const client = await engineClient(app, { bulk: true });
    const engine = await currentEngine(app);
    const plans = await loadPlans(app, client, key, options, runDir);
    const host = await migrationHost(app, client);
    const outcome = await runSweep(host, plans, {
      key,
      sweepJournal,
      resume: Boolean(options.resume),
      force,
      engine,
      chunkSize,
      canary,
      async: options.async ? { wait: Boolean(options.wait), intervalMs, waitTimeoutMs } : undefined,
      dryRun: Boolean(options.dryRun),
      continueOnFailure: Boolean(options.continueOnFailure),
      prepare: { skipValidation: false, skipCustomListeners: options.skipCustomListeners, skipIoMappings: options.skipIoMappings },
      lock: async (journal) => {
        const versionLock = await lockOf(journal);
        return () => versionLock.release();
      },
    });
    let failure = outcome.failure;
    if (options.report && !outcome.dryRun) {
      try {
        await writeSweepReport(options.report, outcome);
        output.info(`report written to ${options.report}`);
      } catch (error) {
        const message = `the sweep ran (outcome on stdout), but the report was not written: ${error instanceof Error ? error.message : String(error)}`;
        if (failure) output.warn(message);
        else failure = new CliError(message, ExitCode.Partial);
      }
    }
    await output.data(summaryOf(outcome), sweepRunView);
    if (failure) throw failure;
  } finally {
    await lock?.release();
  }
}

function summaryOf(outcome: SweepOutcome): SweepRunSummary {
  return {
    key: outcome.key,
    sweepJournal: outcome.sweepJournal,
    dryRun: outcome.dryRun,
    versions: outcome.versions.map((version) => ({
      version: version.version,
      file: version.file,
      source: version.source,
      target: version.target,
      status: version.status,
      earlier: version.earlier,
      selected: version.selected,
      outcome: version.result?.outcome ?? null,
      batches: [...(version.result?.batches ?? []), ...(version.batch ? [version.batch] : [])].map((batch) => batch.id),
      canary: version.result?.canary ? { size: version.result.canary.size, passed: version.result.canary.passed } : null,
      error: version.error ?? null,
    })),
  };
}
