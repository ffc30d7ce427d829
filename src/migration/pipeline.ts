/**
 * The one execution pipeline of a migration, shared by `migration execute` and `migration sweep`: a
 * resolved plan and a selection in, an outcome out. Its steps: the pre-flight, the selection resolved
 * into ids (or the pending ids of a journal), the confirmation, then a sync, chunked or async run, and
 * the report of where every instance is now. Terminal-free: what it says and asks goes through the
 * host the command passes in (src/commands/migration-host.ts).
 */
import type { Batch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import {
  type InstanceValidationReport,
  instanceValidationReportOf,
  type MigrationExecutionRequest,
  type MigrationPlanReport,
  planValidationReportOf,
} from '../engine/migration.js';
import { outcomeUnknown } from '../engine/errors.js';
import type { ActivityStatistics } from '../engine/process-definitions.js';
import { describeFailure, sendChange } from '../exit.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import type { StopSignal } from '../interrupt.js';
import type { LoadedPlan } from '../plans/load.js';
import type { ResolvedPlan } from '../plans/resolve.js';
import { buildValidationResult, type ValidationResult } from '../plans/validation.js';
import { describeDefinition } from './describe-definition.js';
import { type CanaryCheck, checkCanary, incidentIdsOf } from './canary.js';
import { chunkName, type ExecutionContext, type ExecutionResult, executionRequest, finish, pendingAfterResume, runChunks } from './execute.js';
import { type IdList, idRange } from './instance-ids.js';
import { Journal, type JournalEngine, type JournalState } from '../change/journal.js';
import { classifyInstances } from './outcome.js';
import { type PreflightReport, preflightInstances } from './preflight.js';
import { writeReport } from './report.js';
import { resolveSelection, type ResolvedSelection, type SelectionRequest } from './selection.js';

/** What the pipeline needs from the command that runs it: the engine, the terminal, Ctrl-C. */
export interface MigrationHost {
  client: EngineClient;
  info(message: string): void;
  warn(message: string): void;
  /** Lines on stderr that explain an error to come (lists of ids). */
  detail(message: string): void;
  /** The tables that explain a refusal, on stderr. */
  showValidation(result: ValidationResult): void;
  /** The findings of the instances' pre-flight: a table on stderr (its warnings hidden by --quiet). */
  showPreflight(report: PreflightReport): void;
  showPlanReport(report: MigrationPlanReport): void;
  showInstanceReport(report: InstanceValidationReport): void;
  /** The check of a canary: a table on stderr (a failed one even with --quiet). */
  showCanary(check: CanaryCheck): void;
  /** Asks before a change; throws when the answer is no (or cannot be given). */
  confirm(question: string): Promise<void>;
  /** While the returned release is not called, Ctrl-C (and SIGTERM) calls `handler` instead of stopping the run. */
  takeOverInterrupt(handler: (signal: StopSignal) => void): () => void;
  /** Follows a batch until it ends, with progress; the failure says why it did not complete. */
  followBatch(batchId: string, intervalMs: number, timeoutMs: number | undefined): Promise<{ failure: CliError | undefined }>;
}

/** A plan, read and resolved against the engine. */
export interface PlanToRun {
  /** The plan's name in messages, the journal and the report: its file, or <stdin>. */
  name: string;
  loaded: LoadedPlan;
  resolved: ResolvedPlan;
}

/** Which instances: a selection to resolve, or the pending ids of a journal being resumed. */
export type SelectionToRun =
  /** `idsGiven`: ids were listed one by one (flags, a file, the plan): a list that finds nothing is a mistake upstream. */
  | { kind: 'select'; request: SelectionRequest; idsGiven: boolean }
  | { kind: 'resume'; journalFile: string; state: JournalState };

export interface PrepareOptions {
  skipValidation: boolean;
  /** The flags; when not given, the plan's own values (false by default). */
  skipCustomListeners: boolean | undefined;
  skipIoMappings: boolean | undefined;
}

/** A run checked and counted, ready to be confirmed and carried out. */
export interface PreparedMigration {
  plan: PlanToRun;
  context: ExecutionContext;
  /** `invoice:1 (…) -> invoice:2 (…)` */
  direction: string;
  /** The ids to send: the selection, or what a resumed journal still has on the source. */
  ids: IdList;
  /** What the selection was made of, for messages: "3 from --instances", "--all-instances". */
  parts: string[];
  resumed: { journalFile: string; state: JournalState } | undefined;
  /**
   * A selection by queries only that found no instance on the source: all moved already (a re-run),
   * or none ever ran. Nothing is left to do, which is success.
   */
  nothingSelected: boolean;
}

/** How the prepared run is sent. */
export type RunMode =
  | { kind: 'sync' }
  | { kind: 'chunked'; chunkSize: number; journalFile: string; replaceJournal: boolean; engine: JournalEngine }
  | { kind: 'async'; wait: boolean; intervalMs: number; waitTimeoutMs: number | undefined; journal?: AsyncJournal | undefined };

/**
 * A journal for an async run (each version of a sweep has one): the ids, the send, and the batch it
 * created, so that a resume never creates a second batch for them.
 */
export interface AsyncJournal {
  file: string;
  replace: boolean;
  engine: JournalEngine;
  plan: string;
}

export interface RunOptions {
  mode: RunMode;
  /** Where the outcome of every instance goes (--report); checked before anything was sent. */
  report?: string | undefined;
  /** --canary N: migrate and check N instances before the rest (a resumed journal's own when not given). */
  canary?: number | undefined;
}

/** What a run ended with: a result when the engine was asked where the instances are, and why it did not fully succeed. */
export interface RunOutcome {
  result: ExecutionResult | undefined;
  /** An async run without --wait: the batch it created. */
  batch: Batch | undefined;
  failure: CliError | undefined;
}

/** `migration execute` from resolution to outcome, or the request bodies of a dry run. */
export type MigrationOutcome =
  | { kind: 'dry-run'; template: MigrationExecutionRequest; idLists: IdList[]; chunkSize: number | undefined; async: boolean; ids: number; canary: number | undefined }
  | ({ kind: 'run' | 'nothing-to-migrate' } & RunOutcome);

/**
 * The whole pipeline for one plan: prepared, then (unless `dryRun`) confirmed and carried out. The
 * chunk size of a resumed run is the journal's unless `chunkSize` is given.
 */
export async function migrate(
  host: MigrationHost,
  plan: PlanToRun,
  selection: SelectionToRun,
  options: PrepareOptions & RunOptions & { dryRun: boolean },
): Promise<MigrationOutcome> {
  const prepared = await prepareMigration(host, plan, selection, options);
  if (prepared.nothingSelected) {
    return { kind: 'nothing-to-migrate', ...(await nothingToMigrate(host, prepared, { dryRun: options.dryRun, report: options.report, mode: options.mode.kind })) };
  }
  if (options.dryRun) {
    const chunkSize = options.mode.kind === 'chunked' ? options.mode.chunkSize : undefined;
    return dryRunOf(prepared, { chunkSize, async: options.mode.kind === 'async', canary: options.canary ?? prepared.resumed?.state.start.canary });
  }
  if (prepared.ids.length === 0) {
    host.info('nothing left to migrate');
  } else {
    await host.confirm(confirmationOf(prepared, options.mode.kind === 'async'));
  }
  return { kind: 'run', ...(await carryOut(host, prepared, options)) };
}

/**
 * A selection that found nothing to do: a note on stderr and (unless a dry run) the outcome of a run
 * with zero counts, and the --report file, as a run that migrated something would write them.
 */
export async function nothingToMigrate(host: MigrationHost, prepared: PreparedMigration, run: { dryRun: boolean; report: string | undefined; mode: ExecutionResult['mode'] }): Promise<RunOutcome> {
  const { context } = prepared;
  host.info(`nothing to migrate: no running instances of ${describeDefinition(context.source)} match (${prepared.parts.join(', ')}); nothing was sent`);
  if (run.dryRun) return { result: undefined, batch: undefined, failure: undefined };
  const result = await finish(context, { mode: run.mode, ids: [], startedAt: new Date() });
  if (run.report) {
    await writeReport(run.report, result);
    host.info(`report written to ${run.report}`);
  }
  return { result, batch: undefined, failure: undefined };
}

/** The question before a run: `migrate 3 process instances invoice:1 (…) -> invoice:2 (…)`. */
function confirmationOf(prepared: PreparedMigration, async: boolean): string {
  const count = prepared.ids.length;
  return `migrate ${count} process instance${count === 1 ? '' : 's'} ${prepared.direction}${async ? ' as a batch' : ''}`;
}

/** What the steps of a run share: the engine, the resolved plan, the options, where messages go. */
export function executionContext(host: MigrationHost, plan: PlanToRun, options: PrepareOptions): ExecutionContext {
  const { resolved, loaded } = plan;
  return {
    client: host.client,
    plan: plan.name,
    source: resolved.source,
    target: resolved.target,
    migrationPlan: resolved.request,
    skipCustomListeners: Boolean(options.skipCustomListeners ?? loaded.plan.skipCustomListeners),
    skipIoMappings: Boolean(options.skipIoMappings ?? loaded.plan.skipIoMappings),
    info: (message: string) => host.info(message),
    warn: (message: string) => host.warn(message),
  };
}

/**
 * The pre-flight (unless skipped), then the ids: the selection resolved and checked (every instance on
 * the source, at least one), or what a resumed journal has still on the source.
 */
export async function prepareMigration(host: MigrationHost, plan: PlanToRun, selection: SelectionToRun, options: PrepareOptions): Promise<PreparedMigration> {
  const { resolved } = plan;
  const direction = `${describeDefinition(resolved.source)} -> ${describeDefinition(resolved.target)}`;
  const statistics = options.skipValidation ? undefined : await preflight(host, plan);
  // What the engine will do with exactly the instances to send, once they are known.
  const checkInstances = async (ids: IdList): Promise<void> => {
    if (statistics !== undefined && ids.length > 0) await preflightOfInstances(host, plan, ids, statistics);
  };

  const context = executionContext(host, plan, options);

  if (selection.kind === 'resume') {
    const { state, journalFile } = selection;
    if (state.start.sourceProcessDefinitionId !== resolved.source.id || state.start.targetProcessDefinitionId !== resolved.target.id) {
      throw new UsageError(
        `journal ${journalFile} is for ${state.start.sourceProcessDefinitionId} -> ${state.start.targetProcessDefinitionId}, not for this plan (${resolved.source.id} -> ${resolved.target.id})`,
      );
    }
    const { pending, settled } = await pendingAfterResume(context, state);
    host.info(
      `resuming ${journalFile}: ${state.confirmed.size} of ${state.start.ids.length} instances confirmed migrated, ${settled} more no longer on the source, ${pending.length} to go: ${direction}`,
    );
    await checkInstances(pending);
    return { plan, context, direction, ids: pending, parts: [], resumed: { journalFile, state }, nothingSelected: false };
  }

  const { request } = selection;
  const found = await resolveSelection(host.client.processInstances, request, resolved.source.id);
  refuseStrays(found, describeDefinition(resolved.source));
  const ids = found.ids;
  if (ids.length === 0) {
    if (selection.idsGiven) throw new UsageError(`the selection (${request.parts.join(', ')}) holds no instance of ${describeDefinition(resolved.source)}: nothing to migrate, nothing was sent`);
    return { plan, context, direction, ids, parts: request.parts, resumed: undefined, nothingSelected: true };
  }
  host.info(`${ids.length} instance${ids.length === 1 ? '' : 's'}: ${direction}`);
  await checkInstances(ids);
  return { plan, context, direction, ids, parts: request.parts, resumed: undefined, nothingSelected: false };
}

function refuseStrays(found: ResolvedSelection, source: string): void {
  const strays = [
    ...found.notFound.map((id) => `${id} (not found)`),
    ...found.elsewhere.map(({ id, definitionId }) => `${id} (on ${definitionId})`),
  ];
  if (strays.length === 0) return;
  const shown = strays.slice(0, 10).join(', ') + (strays.length > 10 ? `, … ${strays.length - 10} more` : '');
  throw new UsageError(`${strays.length} selected instance${strays.length === 1 ? ' is' : 's are'} not running on ${source}: ${shown}; the engine would refuse the whole request, nothing was sent`);
}

/**
 * The engine's validation of the plan, as `migration validate` asks for it; failures stop the run
 * (exit 3) before the selection is resolved. Returns the source's statistics for the instances' pre-flight.
 */
async function preflight(host: MigrationHost, plan: PlanToRun): Promise<ActivityStatistics[]> {
  const { client } = host;
  const { loaded, resolved } = plan;
  const [report, statistics] = await Promise.all([client.migration.validate(resolved.request), client.processDefinitions.activityStatistics(resolved.source.id, { incidents: true })]);
  const result = buildValidationResult({ plan: loaded.file, planFile: loaded.plan, strict: false, source: resolved.source, target: resolved.target, report, statistics, warnings: [] });
  if (!result.valid) {
    host.showValidation(result);
    throw new CliError('pre-flight validation failed: nothing was executed (fix the plan, or send it anyway with --skip-validation)', ExitCode.ValidationFailed);
  }
  return statistics;
}

/**
 * What the engine will do with the instances to send (src/migration/preflight.ts): the findings are
 * shown; one that makes the execute fail stops the run (exit 3) before anything is sent.
 */
async function preflightOfInstances(host: MigrationHost, plan: PlanToRun, ids: IdList, statistics: readonly ActivityStatistics[]): Promise<void> {
  const { resolved } = plan;
  const report = await preflightInstances(host.client, { source: resolved.source, target: resolved.target, instructions: resolved.request.instructions, statistics, selection: ids });
  if (report.findings.length > 0) host.showPreflight(report);
  if (report.summary.failures > 0) {
    const refused = new Set(report.findings.filter((finding) => finding.effect === 'fails').flatMap((finding) => finding.instances)).size;
    throw new CliError(
      `pre-flight: the engine would refuse ${refused} of the ${ids.length} selected instance${ids.length === 1 ? '' : 's'} (table above): nothing was executed (fix the plan or the instances, or send it anyway with --skip-validation)`,
      ExitCode.ValidationFailed,
    );
  }
}

/** The bodies a run would send: one, or one per chunk, after the canary's own when there is one. */
function dryRunOf(prepared: PreparedMigration, request: { chunkSize: number | undefined; async: boolean; canary: number | undefined }): MigrationOutcome {
  const { ids } = prepared;
  const chunkSize = request.chunkSize ?? prepared.resumed?.state.start.chunkSize;
  const template = executionRequest(prepared.context, []);
  const idLists: IdList[] = [];
  // A resumed journal whose canary was sent has none to send again.
  const canary = request.canary !== undefined && prepared.resumed?.state.canary === undefined ? Math.min(request.canary, ids.length) : 0;
  if (canary > 0) idLists.push(idRange(ids, 0, canary));
  if (chunkSize === undefined) {
    if (canary === 0) idLists.push(ids);
    else if (canary < ids.length) idLists.push(idRange(ids, canary, ids.length));
  } else {
    for (let start = canary; start < ids.length; start += chunkSize) idLists.push(idRange(ids, start, Math.min(ids.length, start + chunkSize)));
  }
  return { kind: 'dry-run', template, idLists, chunkSize, async: request.async, ids: ids.length, canary: canary > 0 ? canary : undefined };
}

/**
 * Sends a prepared (and confirmed) run, a canary first when asked, asks the engine where every
 * instance is, writes the report, and says whether the run did all it should: the failure to end the
 * command with, if any.
 */
export async function carryOut(host: MigrationHost, prepared: PreparedMigration, options: RunOptions): Promise<RunOutcome> {
  const { resumed } = prepared;
  // From here on the ids are sent, journalled and reported: as strings.
  const ids = prepared.ids.slice(0);
  const startedAt = new Date();
  const { mode } = options;
  let run: RunOutcome;
  if (mode.kind === 'chunked') {
    const allIds = resumed ? resumed.state.start.ids : ids;
    run = await runChunked(
      host,
      prepared,
      {
        ids,
        allIds,
        chunkSize: mode.chunkSize,
        journalFile: mode.journalFile,
        replaceJournal: mode.replaceJournal,
        resumed: resumed?.state,
        plan: prepared.plan.name,
        engine: mode.engine,
        canary: options.canary ?? resumed?.state.start.canary,
      },
      startedAt,
    );
  } else {
    run = await runWhole(host, prepared, { mode, ids, canary: options.canary, startedAt });
  }
  const { result } = run;
  let { failure } = run;
  if (result) {
    let reportFailure: string | undefined;
    if (options.report) {
      try {
        await writeReport(options.report, result);
        host.info(`report written to ${options.report}`);
      } catch (error) {
        // Checked before the run, yet gone now (a full disk, a directory removed meanwhile): the
        // outcome is then the only record, and the error must not claim that nothing was sent.
        reportFailure = `the migration ran (outcome on stdout), but the report was not written: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    failure ??= incompleteRun(result);
    if (reportFailure) {
      if (failure) host.warn(reportFailure);
      else failure = new CliError(reportFailure, ExitCode.Partial);
    }
  }
  return { result, batch: run.batch, failure };
}

/** A sync or async run: one execute (or one batch) for the selection, after a canary when asked. */
async function runWhole(
  host: MigrationHost,
  prepared: PreparedMigration,
  run: { mode: Exclude<RunMode, { kind: 'chunked' }>; ids: string[]; canary: number | undefined; startedAt: Date },
): Promise<RunOutcome> {
  const { context } = prepared;
  const { mode, ids, startedAt } = run;
  let rest = ids;
  let canary: ExecutionResult['canary'];
  if (run.canary !== undefined && ids.length > 0) {
    const canaryIds = ids.slice(0, run.canary);
    rest = ids.slice(canaryIds.length);
    // Without a journal a stopped run is not resumed: run again, and the selection finds what is left.
    const phase = await runCanary(host, prepared, { ids: canaryIds, remaining: rest.length, journal: undefined, chunk: 1, total: 2, resumeHint: '; run the command again for the rest (a query or --all-instances finds the instances still on the source)' });
    canary = phase.summary;
    if (phase.failure || rest.length === 0) {
      return { result: await finish(context, { mode: mode.kind, ids, startedAt, canary }), batch: undefined, failure: phase.failure };
    }
  }
  if (mode.kind === 'async') {
    return runAsync(host, context, { ids: rest, allIds: ids, startedAt, wait: mode.wait, intervalMs: mode.intervalMs, waitTimeoutMs: mode.waitTimeoutMs, canary, journal: mode.journal, resumed: prepared.resumed?.state });
  }
  return runSync(host, context, { ids: rest, allIds: ids, startedAt, canary });
}

interface CanaryPhase {
  summary: NonNullable<ExecutionResult['canary']>;
  failure: CliError | undefined;
}

/**
 * The canary: its instances' incidents noted, the instances migrated in one sync execute (a chunk of
 * the journal, when there is one), checked, and, when they pass and more is to come, the question
 * whether to go on.
 */
async function runCanary(
  host: MigrationHost,
  prepared: PreparedMigration,
  run: { ids: string[]; remaining: number; journal: Journal | undefined; chunk: number; total: number; resumeHint: string },
): Promise<CanaryPhase> {
  const { context } = prepared;
  const at = () => new Date().toISOString();
  const incidentsBefore = await incidentIdsOf(context.client, run.ids);
  await run.journal?.append({ event: 'sent', chunk: run.chunk, ids: run.ids, at: at(), canary: true, incidentsBefore });
  try {
    await context.client.migration.execute(executionRequest(context, run.ids));
  } catch (error) {
    const unknown = outcomeUnknown(error);
    await run.journal?.append({ event: unknown ? 'unknown' : 'failed', chunk: run.chunk, error: error instanceof Error ? error.message : String(error), at: at() });
    if (unknown && run.journal) {
      throw new CliError(
        `the canary: the answer does not say whether it was migrated (${error instanceof Error ? error.message : String(error)}); --resume asks the engine and checks it before sending more (journal ${run.journal.file})`,
        ExitCode.Unreachable,
      );
    }
    throw validationFailure(host, error, 'the canary was rolled back: nothing was migrated');
  }
  await run.journal?.append({ event: 'done', chunk: run.chunk, at: at() });
  host.info(`canary (chunk 1/${run.total}): migrated ${run.ids.length} instance${run.ids.length === 1 ? '' : 's'}; checking ${run.ids.length === 1 ? 'it' : 'them'}: on the target, no new incident`);
  const check = await checkCanary(context.client, { ids: run.ids, sourceDefinitionId: context.source.id, targetDefinitionId: context.target.id, incidentsBefore: new Set(incidentsBefore) });
  return canaryVerdict(host, prepared, check, run);
}

/** What a checked canary decides: stop (exit 8), or ask before the rest. */
async function canaryVerdict(
  host: MigrationHost,
  prepared: PreparedMigration,
  check: CanaryCheck,
  run: { remaining: number; journal: Journal | undefined; chunk: number; resumeHint: string },
): Promise<CanaryPhase> {
  await run.journal?.append({ event: 'canary', chunk: run.chunk, passed: check.passed, problems: check.problems, at: new Date().toISOString() });
  host.showCanary(check);
  const size = check.instances.length;
  const summary = { size, passed: check.passed, problems: check.problems };
  const canaryInstances = `${size} canary instance${size === 1 ? '' : 's'}`;
  if (!check.passed) {
    const problems = `${check.problems.length} problem${check.problems.length === 1 ? '' : 's'}`;
    return { summary, failure: new CliError(`the canary failed (${problems}: ${check.problems[0]}): the other ${run.remaining} instance${run.remaining === 1 ? ' was' : 's were'} not sent${run.resumeHint}`, ExitCode.Partial) };
  }
  if (run.remaining === 0) return { summary, failure: undefined };
  try {
    await host.confirm(`the canary passed (${canaryInstances} on the target, no new incident): migrate the other ${run.remaining} ${prepared.direction}`);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    const interrupted = error.exitCode === ExitCode.Interrupted;
    const stop = `${interrupted ? 'interrupted' : 'not confirmed'} after the canary: its ${canaryInstances} ${size === 1 ? 'is' : 'are'} on the target, the other ${run.remaining} ${run.remaining === 1 ? 'was' : 'were'} not sent${run.resumeHint}`;
    return { summary, failure: new CliError(stop, interrupted ? ExitCode.Interrupted : ExitCode.Partial) };
  }
  return { summary, failure: undefined };
}

/** A run the engine accepted after which instances are not on the target: exit 8, or 7 when none moved at all. */
function incompleteRun(result: ExecutionResult): CliError | undefined {
  const missing = result.outcome['on-source'] + result.outcome.unknown;
  if (missing === 0) return undefined;
  // The engine migrates a request's instances in one transaction: a 204 with none of them moved
  // was not the engine's (a proxy answering for it), not a partial success.
  const noneDone = result.mode === 'sync' && result.outcome.migrated + result.outcome.ended === 0;
  return noneDone
    ? new CliError(`none of the ${result.selected} instances is on the target definition after a success answer: the answer was most likely not the engine's (a proxy?)`, ExitCode.Unreachable)
    : new CliError(`${missing} of ${result.selected} instances are not on the target definition after the run`, ExitCode.Partial);
}

async function runSync(host: MigrationHost, context: ExecutionContext, run: { ids: string[]; allIds: string[]; startedAt: Date; canary: ExecutionResult['canary'] }): Promise<RunOutcome> {
  try {
    await context.client.migration.execute(executionRequest(context, run.ids));
  } catch (error) {
    if (!run.canary) throw validationFailure(host, error, 'nothing was migrated (the execute is one transaction)');
    // The canary's instances are migrated: the outcome says where every one is, and the run is partly done.
    const cause = validationFailure(host, error, 'none of the instances after the canary was migrated (the execute is one transaction)');
    const result = await finish(context, { mode: 'sync', ids: run.allIds, startedAt: run.startedAt, canary: run.canary });
    return { result, batch: undefined, failure: new CliError(cause instanceof Error ? cause.message : String(cause), ExitCode.Partial) };
  }
  return { result: await finish(context, { mode: 'sync', ids: run.allIds, startedAt: run.startedAt, canary: run.canary }), batch: undefined, failure: undefined };
}

/** Turns the engine's migration validation errors into their report tables and exit 3. */
function validationFailure(host: MigrationHost, error: unknown, consequence: string): unknown {
  const planReport = planValidationReportOf(error);
  if (planReport) {
    host.showPlanReport(planReport);
    return new CliError(`the engine refused the plan (MigrationPlanValidationException): ${consequence}`, ExitCode.ValidationFailed);
  }
  const instanceReport = instanceValidationReportOf(error);
  if (instanceReport) {
    host.showInstanceReport(instanceReport);
    return new CliError(`process instance ${instanceReport.processInstanceId} cannot be migrated (MigratingProcessInstanceValidationException): ${consequence}`, ExitCode.ValidationFailed);
  }
  return error;
}

interface ChunkedRunSettings {
  ids: string[];
  /** The whole selection of the journal: what the outcome is asked for. */
  allIds: string[];
  chunkSize: number;
  journalFile: string;
  replaceJournal: boolean;
  resumed: JournalState | undefined;
  plan: string;
  engine: JournalEngine;
  /** --canary N, or the journal's. */
  canary: number | undefined;
}

async function runChunked(host: MigrationHost, prepared: PreparedMigration, run: ChunkedRunSettings, startedAt: Date): Promise<RunOutcome> {
  const { context } = prepared;
  const now = () => new Date().toISOString();
  let journal;
  if (run.resumed) {
    journal = (await Journal.resume(run.journalFile)).journal;
    await journal.append({ event: 'resume', at: now(), pending: run.ids.length, alreadyDone: run.resumed.confirmed.size });
  } else {
    journal = await Journal.create(run.journalFile, {
      event: 'start',
      version: 1,
      engine: run.engine,
      plan: run.plan,
      sourceProcessDefinitionId: context.source.id,
      targetProcessDefinitionId: context.target.id,
      chunkSize: run.chunkSize,
      ...(run.canary === undefined ? {} : { canary: run.canary }),
      ids: run.ids,
      at: now(),
    }, { replace: run.replaceJournal });
  }

  // First Ctrl-C: finish the chunk in flight, then stop. Second: abandon it (the journal says so).
  let stopRequested = false;
  const abandon = new AbortController();
  const onSigint = (signal: StopSignal) => {
    if (!stopRequested) {
      stopRequested = true;
      // Only at a terminal is there a second Ctrl-C to offer; a SIGTERM's sender decides for itself.
      host.warn(`interrupted: finishing the chunk in flight, then stopping${signal === 'SIGINT' ? ' (Ctrl-C again to abandon it)' : ''}`);
    } else {
      abandon.abort();
    }
  };
  const release = host.takeOverInterrupt(onSigint);
  let outcome;
  let canary: CanaryPhase | undefined;
  const canaryIds: string[] = [];
  try {
    const phase = await canaryOfChunkedRun(host, prepared, run, journal);
    canary = phase.canary;
    canaryIds.push(...phase.sent);
    if (canary?.failure) {
      outcome = undefined;
    } else if (stopRequested && phase.ran) {
      await journal.append({ event: 'interrupted', at: now() });
      outcome = { failure: undefined, movedElsewhere: new Set<string>(), sent: new Set<string>(), interrupted: true, chunks: { size: run.chunkSize, total: 1 + Math.ceil(phase.rest.length / run.chunkSize), done: 1, failed: 0, journal: journal.file } };
    } else {
      outcome = await runChunks(
        context,
        { ids: phase.rest, chunkSize: run.chunkSize, journalFile: run.journalFile, resumed: run.resumed, before: phase.ran ? { chunks: 1, lastChunk: phase.chunk } : undefined, stopRequested: () => stopRequested, abandon: abandon.signal },
        journal,
      );
    }
  } finally {
    release();
    await journal.close();
  }

  // Migrated by this run: what its journal sent. An instance on the target that it never sent, or that
  // was on the target already when its chunk was refused, another run moved there.
  const sentIds = new Set([...(outcome?.sent ?? []), ...canaryIds]);
  for (const event of run.resumed?.events ?? []) if (event.event === 'sent') for (const id of event.ids) sentIds.add(id);
  const movedElsewhere = new Set([...(run.resumed?.elsewhere ?? []), ...(outcome?.movedElsewhere ?? []), ...run.allIds.filter((id) => !sentIds.has(id))]);
  const chunks = outcome?.chunks ?? { size: run.chunkSize, total: 1 + Math.ceil((run.ids.length - canaryIds.length) / run.chunkSize), done: 1, failed: 0, journal: journal.file };
  const result = await finish(context, { mode: 'chunked', ids: run.allIds, startedAt, chunks, movedElsewhere, canary: canary?.summary });
  const byAnother = result.outcome['already-migrated'];
  if (byAnother > 0) host.info(`${byAnother} instance${byAnother === 1 ? ' was' : 's were'} already on the target, moved there by another run, not by this one`);
  if (canary?.failure) return { result, batch: undefined, failure: canary.failure };
  if (!outcome) return { result, batch: undefined, failure: undefined };
  if (outcome.interrupted) {
    return { result, batch: undefined, failure: new CliError(`interrupted after ${outcome.chunks.done} chunk${outcome.chunks.done === 1 ? '' : 's'}; continue with --resume (journal ${run.journalFile})`, ExitCode.Interrupted) };
  }
  if (outcome.failure) {
    const failed = outcome.failure;
    const chunk = chunkName(failed);
    const cause = validationFailure(host, failed.error, `${chunk} was rolled back`);
    const reason = cause instanceof Error ? cause.message : String(cause);
    const notMigrated = result.instances.filter((instance) => instance.outcome !== 'migrated' && instance.outcome !== 'ended').map((instance) => instance.id);
    const migrated = result.instances.filter((instance) => instance.outcome === 'migrated').map((instance) => instance.id);
    const elsewhere = result.instances.filter((instance) => instance.outcome === 'already-migrated').map((instance) => instance.id);
    host.detail(`migrated (${migrated.length}): ${listIds(migrated)}`);
    if (elsewhere.length > 0) host.detail(`already on the target, not moved by this run (${elsewhere.length}): ${listIds(elsewhere)}`);
    host.detail(`not migrated (${notMigrated.length}): ${listIds(notMigrated)}`);
    const code = migrated.length > 0 ? ExitCode.Partial : describeFailure(cause).exitCode;
    const message = failed.outcomeUnknown
      ? `${chunk}: the answer does not say whether it was migrated (${reason}); the lists above are where the engine has the instances now; --resume checks again before sending any (journal ${run.journalFile})`
      : `${chunk} failed: ${reason}; fix the cause, then continue with --resume (journal ${run.journalFile})`;
    return { result, batch: undefined, failure: new CliError(message, code) };
  }
  return { result, batch: undefined, failure: undefined };
}

/**
 * The canary of a chunked run, journalled as its first chunk. A resumed run continues the journal's
 * canary: one sent and not yet checked is checked now (its instances on the target against the
 * incidents they had before); one checked is not repeated; none sent yet is sent now.
 */
async function canaryOfChunkedRun(
  host: MigrationHost,
  prepared: PreparedMigration,
  run: ChunkedRunSettings,
  journal: Journal,
): Promise<{ canary: CanaryPhase | undefined; ran: boolean; chunk: number; sent: string[]; rest: string[] }> {
  const { context } = prepared;
  const earlier = run.resumed?.canary;
  const resumeHint = `; continue with --resume (journal ${run.journalFile})`;
  const none = { canary: undefined, ran: false, chunk: 0, sent: [], rest: run.ids };
  if (earlier?.passed === false) {
    host.warn(`the canary of journal ${run.journalFile} failed (${earlier.problems[0] ?? 'see the journal'}); --resume goes on with the rest`);
    return none;
  }
  if (earlier?.passed === true) return none;
  if (earlier) {
    // Sent before, never checked: those of its instances the engine has on the target are its result.
    const outcomes = await classifyInstances(context.client.processInstances, earlier.ids, context.source.id, context.target.id);
    const moved = outcomes.filter((outcome) => outcome.outcome === 'migrated' || outcome.outcome === 'ended').map((outcome) => outcome.id);
    if (moved.length > 0) {
      host.info(`checking the canary of journal ${run.journalFile}: ${moved.length} instance${moved.length === 1 ? '' : 's'} on the target`);
      const check = await checkCanary(context.client, { ids: moved, sourceDefinitionId: context.source.id, targetDefinitionId: context.target.id, incidentsBefore: new Set(earlier.incidentsBefore) });
      const canary = await canaryVerdict(host, prepared, check, { remaining: run.ids.length, journal, chunk: earlier.chunk, resumeHint });
      return { canary, ran: false, chunk: earlier.chunk, sent: [], rest: run.ids };
    }
  }
  if (run.canary === undefined || run.ids.length === 0) return none;
  const ids = run.ids.slice(0, run.canary);
  const rest = run.ids.slice(ids.length);
  const chunk = run.resumed ? run.resumed.lastChunk + 1 : 1;
  const total = 1 + Math.ceil(rest.length / run.chunkSize);
  const canary = await runCanary(host, prepared, { ids, remaining: rest.length, journal, chunk, total, resumeHint });
  return { canary, ran: true, chunk, sent: ids, rest };
}

function listIds(ids: string[]): string {
  if (ids.length === 0) return '-';
  return ids.length <= 50 ? ids.join(', ') : `${ids.slice(0, 50).join(', ')}, … (${ids.length - 50} more; --report FILE lists them all)`;
}

async function runAsync(
  host: MigrationHost,
  context: ExecutionContext,
  run: {
    ids: string[];
    allIds: string[];
    startedAt: Date;
    wait: boolean;
    intervalMs: number;
    waitTimeoutMs: number | undefined;
    canary: ExecutionResult['canary'];
    journal?: AsyncJournal | undefined;
    resumed?: JournalState | undefined;
  },
): Promise<RunOutcome> {
  const { ids, startedAt, ...options } = run;
  const at = () => new Date().toISOString();
  let journal: Journal | undefined;
  if (run.journal && run.resumed) {
    journal = (await Journal.resume(run.journal.file)).journal;
    await journal.append({ event: 'resume', at: at(), pending: ids.length, alreadyDone: run.resumed.confirmed.size });
  } else if (run.journal) {
    const start = { event: 'start', version: 1, engine: run.journal.engine, plan: run.journal.plan, sourceProcessDefinitionId: context.source.id, targetProcessDefinitionId: context.target.id, chunkSize: Math.max(1, run.allIds.length), ids: run.allIds, at: at() } as const;
    journal = await Journal.create(run.journal.file, start, { replace: run.journal.replace });
  }
  const chunk = run.resumed ? run.resumed.lastChunk + 1 : 1;
  let batch;
  try {
    await journal?.append({ event: 'sent', chunk, ids, at: at() });
    batch = await sendChange(['batch', 'list', '--type', 'instance-migration'], () => context.client.migration.executeAsync(executionRequest(context, ids)));
    await journal?.append({ event: 'batch', chunk, batchId: batch.id, at: at() });
  } catch (error) {
    await journal?.append({ event: outcomeUnknown(error) ? 'unknown' : 'failed', chunk, error: error instanceof Error ? error.message : String(error), at: at() });
    await journal?.close();
    journal = undefined;
    if (!run.canary) throw validationFailure(host, error, 'no batch was created');
    const cause = validationFailure(host, error, 'no batch was created for the instances after the canary');
    const result = await finish(context, { mode: 'async', ids: run.allIds, startedAt, canary: run.canary });
    return { result, batch: undefined, failure: new CliError(cause instanceof Error ? cause.message : String(cause), ExitCode.Partial) };
  } finally {
    await journal?.close();
  }
  const count = `${ids.length} instance${ids.length === 1 ? '' : 's'}`;
  const jobs = `${batch.totalJobs} job${batch.totalJobs === 1 ? '' : 's'} of ${batch.invocationsPerBatchJob} instance${batch.invocationsPerBatchJob === 1 ? '' : 's'}`;
  if (!options.wait) {
    host.info(`batch ${batch.id} created: ${count} in ${jobs}; follow it with: camunda-admin batch watch ${batch.id}`);
    return { result: undefined, batch, failure: undefined };
  }
  host.info(`batch ${batch.id} created: ${count} in ${jobs}`);
  const watch = await host.followBatch(batch.id, options.intervalMs, options.waitTimeoutMs);
  const result = await finish(context, { mode: 'async', ids: run.allIds, startedAt, batches: [batch], canary: run.canary });
  return { result, batch: undefined, failure: watch.failure };
}
