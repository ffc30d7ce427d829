/**
 * `migration execute`: selection, pre-flight, confirmation, then a sync, chunked or async run, and a
 * report of where every instance is now. The steps live in src/migration/; this file wires flags to them.
 */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import { parseSeconds } from '../config/values.js';
import { enginePath } from '../engine/http.js';
import { instanceValidationReportOf, planValidationReportOf } from '../engine/migration.js';
import { commandLine, describeFailure, sendChange } from '../exit.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import { writeExecutionRequests, writeExecutionRequestsYaml } from '../migration/dry-run.js';
import { chunkName, type ExecutionContext, type ExecutionResult, executionRequest, finish, pendingAfterResume, runChunks } from '../migration/execute.js';
import { type IdList, idRange } from '../migration/instance-ids.js';
import { checkJournalEngine, Journal, type JournalEngine, type JournalState } from '../migration/journal.js';
import { JournalLock } from '../migration/journal-lock.js';
import { checkReportFile, writeReport } from '../migration/report.js';
import { InstanceIdSet, LOOKUP_PAGE, readInstanceIds, resolveSelection, type ResolvedSelection } from '../migration/selection.js';
import type { StopSignal } from '../interrupt.js';
import { formatProblem, type LoadedPlan, parsePlan, parseQueryFile, readInputFile } from '../plans/load.js';
import { resolvePlan, type ResolvedPlan } from '../plans/resolve.js';
import { buildValidationResult } from '../plans/validation.js';
import { executionView, instanceReportTable, planReportTable, summarize } from '../render/execution.js';
import { describeDefinition, validationView } from '../render/migration.js';
import { followBatch } from './follow-batch.js';
import { commaList } from './options.js';

interface ExecuteOptions {
  instances?: string;
  instancesFile?: string;
  query?: string;
  allInstances?: boolean;
  tenant?: string;
  skipCustomListeners?: boolean;
  skipIoMappings?: boolean;
  skipValidation?: boolean;
  dryRun?: boolean;
  async?: boolean;
  wait?: boolean;
  waitTimeout?: string;
  interval?: string;
  chunkSize?: string;
  journal?: string;
  resume?: boolean;
  report?: string;
  force?: boolean;
  takeOverLock?: boolean;
}

function positiveInteger(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1) throw new UsageError(`${flag}: '${text}' is not a whole number of at least 1`);
  return Number(text);
}

function checkFlagCombinations(options: ExecuteOptions): void {
  if (options.async && (options.chunkSize || options.resume)) throw new UsageError('--async cannot be combined with --chunk-size or --resume: a batch is already split into jobs');
  if (options.wait && !options.async) throw new UsageError('--wait needs --async');
  if ((options.waitTimeout || options.interval) && !options.wait) throw new UsageError('--wait-timeout and --interval need --wait');
  if (options.report && options.async && !options.wait) {
    throw new UsageError('--report with --async needs --wait: without it the command ends when the batch is created, before there is an outcome to report');
  }
  if (options.journal && !options.chunkSize && !options.resume) throw new UsageError('--journal needs --chunk-size (or --resume)');
  if (options.takeOverLock && !options.chunkSize && !options.resume) throw new UsageError('--take-over-lock takes over the lock of a journal: it needs --resume or --chunk-size');
  if (options.force && !options.report && !options.chunkSize) throw new UsageError('--force replaces an existing --report file or journal: it needs --report or --chunk-size');
  if (options.instancesFile === '-' && options.query === '-') throw new UsageError('--instances-file and --query cannot both read standard input');
  if (options.resume) {
    const given = [
      ['--instances', options.instances],
      ['--instances-file', options.instancesFile],
      ['--query', options.query],
      ['--all-instances', options.allInstances],
    ].filter(([, value]) => value !== undefined && value !== false).map(([flag]) => flag);
    if (given.length > 0) throw new UsageError(`--resume continues the selection its journal holds; leave out ${given.join(', ')}`);
  }
}

export async function executeMigration(app: App, planFile: string, options: ExecuteOptions): Promise<void> {
  checkFlagCombinations(options);
  app.refuseStdinClash({ '<plan>': planFile, '--instances-file': options.instancesFile, '--query': options.query });
  const chunkSize = positiveInteger(options.chunkSize, '--chunk-size');
  const waitTimeoutMs = options.waitTimeout === undefined ? undefined : parseSeconds(options.waitTimeout, '--wait-timeout') * 1000;
  const intervalMs = options.interval === undefined ? 2000 : parseSeconds(options.interval, '--interval') * 1000;
  if (planFile === '-' && (options.instancesFile === '-' || options.query === '-')) {
    throw new UsageError('the plan and the selection cannot both come from standard input');
  }
  if (planFile === '-' && (chunkSize || options.resume) && !options.journal) {
    throw new UsageError('a chunked run of a plan from standard input needs --journal FILE');
  }
  // Files written during or after the run are checked now, while a refusal still means nothing was sent.
  const journalFile = options.journal ?? `${planFile}.journal.jsonl`;
  // One run per journal: the lock is taken before the journal is read or started, and held until the
  // outcome is reported, on every way out (Ctrl-C and SIGTERM end the run through here too).
  if (options.dryRun || (chunkSize === undefined && !options.resume)) {
    await executeWithJournal(app, planFile, options, { chunkSize, waitTimeoutMs, intervalMs, journalFile });
    return;
  }
  if (options.resume) await Journal.checkResumable(journalFile);
  else await Journal.checkNew(journalFile, { replace: Boolean(options.force) });
  const output = await app.output();
  const takeOverCommand = options.resume
    ? commandLine(['camunda-admin', 'migration', 'execute', planFile, '--resume', ...(options.journal ? ['--journal', options.journal] : []), '--take-over-lock'])
    : 'the same command with --take-over-lock';
  const lock = await JournalLock.acquire(journalFile, { takeOver: Boolean(options.takeOverLock), notice: (message) => output.warn(message), takeOverCommand });
  try {
    await executeWithJournal(app, planFile, options, { chunkSize, waitTimeoutMs, intervalMs, journalFile });
  } finally {
    await lock.release();
  }
}

async function executeWithJournal(
  app: App,
  planFile: string,
  options: ExecuteOptions,
  settings: { chunkSize: number | undefined; waitTimeoutMs: number | undefined; intervalMs: number; journalFile: string },
): Promise<void> {
  const { chunkSize, waitTimeoutMs, intervalMs, journalFile } = settings;
  const force = Boolean(options.force);
  if (options.report) {
    await checkReportFile(options.report, force);
  }
  if (chunkSize !== undefined && !options.resume && !options.dryRun) {
    await Journal.checkNew(journalFile, { replace: force });
  }

  const output = await app.output();
  const { name, text } = await readInputFile(planFile, app.io.stdin);
  const loaded = parsePlan(text, name);
  for (const warning of loaded.warnings) output.warn(formatProblem(warning));

  // The selection flags are read and checked before the first request.
  // Ids are collected in one set: duplicates go, order stays, and a million ids stay bytes.
  const explicitIds = new InstanceIdSet();
  const addIds = (ids: Iterable<string>) => {
    for (const id of ids) explicitIds.add(id);
  };
  const parts: string[] = [];
  if (options.instances !== undefined) {
    if (options.instances.trim() === '') throw new UsageError('--instances: no process instance id given (an empty list selects nothing); nothing was sent');
    const ids = commaList(options.instances, '--instances');
    addIds(ids);
    parts.push(`${ids.length} from --instances`);
  }
  if (options.instancesFile) {
    const count = await readInstanceIds(options.instancesFile, app.io.stdin, explicitIds);
    parts.push(`${count} from --instances-file`);
  }
  if (loaded.plan.processInstanceIds) {
    addIds(loaded.plan.processInstanceIds);
    parts.push(`${loaded.plan.processInstanceIds.length} from the plan's processInstanceIds`);
  }
  const queries: { label: string; query: Record<string, unknown> }[] = [];
  if (options.query) {
    const file = await readInputFile(options.query, app.io.stdin, 'query');
    queries.push({ label: `--query ${options.query}`, query: parseQueryFile(file.text, file.name) });
  }
  if (loaded.plan.processInstanceQuery) queries.push({ label: "the plan's processInstanceQuery", query: loaded.plan.processInstanceQuery });
  const resuming = Boolean(options.resume);
  // Ids given one by one are a list someone made: an empty one is a mistake upstream, not "done".
  const idsGiven = options.instances !== undefined || options.instancesFile !== undefined || loaded.plan.processInstanceIds !== undefined;
  if (!resuming && explicitIds.size === 0 && queries.length === 0 && !options.allInstances) {
    if (idsGiven) throw new UsageError(`the selection (${parts.join(', ')}) holds no process instance id: nothing to migrate, nothing was sent`);
    throw new UsageError('no instances selected: give --instances, --instances-file, --query or --all-instances (or processInstanceIds in the plan)');
  }

  // Ids beyond one lookup request, or a chunked run, make many requests: undici's kind of work.
  const client = await engineClient(app, { bulk: explicitIds.size > LOOKUP_PAGE || chunkSize !== undefined || resuming });
  // A journal's ids mean something on the engine it was written against only: it records which one,
  // and a resume on another (a clone has the same definition ids) is refused before anything else.
  const journalling = resuming || (chunkSize !== undefined && !options.dryRun);
  const engine = journalling ? await currentEngine(app) : undefined;
  let resumedState: JournalState | undefined;
  if (resuming) {
    const { journal, state } = await Journal.resume(journalFile);
    await journal.close();
    checkJournalEngine(journalFile, state.start.engine, engine!);
    resumedState = state;
  }
  const resolved = await resolvePlan(loaded, client.processDefinitions, options.tenant);
  const direction = `${describeDefinition(resolved.source)} -> ${describeDefinition(resolved.target)}`;
  if (options.allInstances) {
    queries.push({ label: '--all-instances', query: { processDefinitionId: resolved.source.id } });
  }
  parts.push(...queries.map((query) => query.label));

  if (!options.skipValidation) await preflight(app, loaded, resolved);

  const context = {
    client,
    plan: name,
    source: resolved.source,
    target: resolved.target,
    migrationPlan: resolved.request,
    skipCustomListeners: Boolean(options.skipCustomListeners ?? loaded.plan.skipCustomListeners),
    skipIoMappings: Boolean(options.skipIoMappings ?? loaded.plan.skipIoMappings),
    info: (message: string) => output.info(message),
    warn: (message: string) => output.warn(message),
  };

  let selected: IdList;
  if (resumedState) {
    const state = resumedState;
    if (state.start.sourceProcessDefinitionId !== resolved.source.id || state.start.targetProcessDefinitionId !== resolved.target.id) {
      throw new UsageError(
        `journal ${journalFile} is for ${state.start.sourceProcessDefinitionId} -> ${state.start.targetProcessDefinitionId}, not for this plan (${resolved.source.id} -> ${resolved.target.id})`,
      );
    }
    const { pending, settled } = await pendingAfterResume(context, state);
    output.info(
      `resuming ${journalFile}: ${state.migrated.size} of ${state.start.ids.length} instances confirmed migrated, ${settled} more no longer on the source, ${pending.length} to go: ${direction}`,
    );
    selected = pending;
  } else {
    const found = await resolveSelection(client.processInstances, { ids: explicitIds, queries, parts }, resolved.source.id);
    refuseStrays(found, describeDefinition(resolved.source));
    selected = found.ids;
    if (selected.length === 0) {
      if (idsGiven) throw new UsageError(`the selection (${parts.join(', ')}) holds no instance of ${describeDefinition(resolved.source)}: nothing to migrate, nothing was sent`);
      // Only queries, and none finds an instance on the source: all moved already (a re-run), or none
      // ever ran. Nothing is left to do, which is success; the summary says 0 of 0.
      await nothingToMigrate(app, context, { parts, dryRun: Boolean(options.dryRun), report: options.report, mode: options.async ? 'async' : chunkSize === undefined ? 'sync' : 'chunked' });
      return;
    }
    output.info(`${selected.length} instance${selected.length === 1 ? '' : 's'}: ${direction}`);
  }

  if (options.dryRun) {
    await dryRun(app, context, selected, { chunkSize: chunkSize ?? resumedState?.start.chunkSize, async: Boolean(options.async) });
    return;
  }
  // From here on the ids are sent, journalled and reported: as strings.
  const ids = selected.slice(0);
  if (ids.length === 0) {
    output.info('nothing left to migrate');
  } else {
    await app.confirm(`migrate ${ids.length} process instance${ids.length === 1 ? '' : 's'} ${direction}${options.async ? ' as a batch' : ''}`);
  }

  const startedAt = new Date();
  let result;
  let failure: CliError | undefined;
  if (options.async) {
    ({ result, failure } = await runAsync(app, context, { ids, startedAt, wait: Boolean(options.wait), intervalMs, waitTimeoutMs }));
  } else if (chunkSize !== undefined || resumedState) {
    const allIds = resumedState ? resumedState.start.ids : ids;
    const run = { ids, allIds, chunkSize: chunkSize ?? resumedState!.start.chunkSize, journalFile, replaceJournal: force, resumed: resumedState, plan: name, engine: engine! };
    ({ result, failure } = await runChunked(app, context, run, startedAt));
  } else {
    ({ result, failure } = await runSync(app, context, ids, startedAt));
  }
  if (result) {
    let reportFailure: string | undefined;
    if (options.report) {
      try {
        await writeReport(options.report, result);
        output.info(`report written to ${options.report}`);
      } catch (error) {
        // Checked before the run, yet gone now (a full disk, a directory removed meanwhile): the
        // outcome below is then the only record, and the error must not claim that nothing was sent.
        reportFailure = `the migration ran (outcome on stdout), but the report was not written: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    await output.data(summarize(result), executionView);
    const missing = result.outcome['on-source'] + result.outcome.unknown;
    if (!failure && missing > 0) {
      // The engine migrates a request's instances in one transaction: a 204 with none of them moved
      // was not the engine's (a proxy answering for it), not a partial success.
      const noneDone = result.mode === 'sync' && result.outcome.migrated + result.outcome.ended === 0;
      failure = noneDone
        ? new CliError(`none of the ${result.selected} instances is on the target definition after a success answer: the answer was most likely not the engine's (a proxy?)`, ExitCode.Unreachable)
        : new CliError(`${missing} of ${result.selected} instances are not on the target definition after the run`, ExitCode.Partial);
    }
    if (reportFailure) {
      if (failure) output.warn(reportFailure);
      else failure = new CliError(reportFailure, ExitCode.Partial);
    }
  }
  if (failure) throw failure;
}

/**
 * A selection by queries only that finds no instance on the source: exit 0, a note on stderr, and
 * (unless --dry-run) the summary of a run with zero counts, and the --report file, as a run that
 * migrated something would write them.
 */
async function nothingToMigrate(app: App, context: ExecutionContext, run: { parts: string[]; dryRun: boolean; report: string | undefined; mode: ExecutionResult['mode'] }): Promise<void> {
  const output = await app.output();
  output.info(`nothing to migrate: no running instances of ${describeDefinition(context.source)} match (${run.parts.join(', ')}); nothing was sent`);
  if (run.dryRun) return;
  const result = await finish(context, { mode: run.mode, ids: [], startedAt: new Date() });
  if (run.report) {
    await writeReport(run.report, result);
    output.info(`report written to ${run.report}`);
  }
  await output.data(summarize(result), executionView);
}

/** The engine this run talks to, as a journal records it. */
async function currentEngine(app: App): Promise<JournalEngine> {
  const [target, client] = await Promise.all([engineTarget(app), engineClient(app)]);
  return { url: target.url.value, name: target.engine?.value ?? 'default', version: await client.system.version() };
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

/** The checks and validation of `migration validate`; failures stop the run (exit 3). */
async function preflight(app: App, loaded: LoadedPlan, resolved: ResolvedPlan): Promise<void> {
  const client = await engineClient(app);
  const output = await app.output();
  const [report, statistics] = await Promise.all([client.migration.validate(resolved.request), client.processDefinitions.activityStatistics(resolved.source.id)]);
  const result = buildValidationResult({ plan: loaded.file, planFile: loaded.plan, strict: false, source: resolved.source, target: resolved.target, report, statistics, warnings: [] });
  for (const activity of result.activeUnmapped) {
    output.warn(`activity '${activity.activityId}' has ${activity.instances} running instance${activity.instances === 1 ? '' : 's'} that no instruction maps; selected instances there will fail to migrate`);
  }
  if (!result.valid) {
    output.detailTable(validationView, result);
    throw new CliError('pre-flight validation failed: nothing was executed (fix the plan, or send it anyway with --skip-validation)', ExitCode.ValidationFailed);
  }
}

async function dryRun(app: App, context: ExecutionContext, ids: IdList, request: { chunkSize: number | undefined; async: boolean }): Promise<void> {
  const { chunkSize, async } = request;
  const output = await app.output();
  const url = context.client.http.url(async ? enginePath`/migration/executeAsync` : enginePath`/migration/execute`);
  // JSON is the request as sent, also in table output; -o yaml asks for the same bodies as YAML.
  const writeRequests = output.format === 'yaml' ? writeExecutionRequestsYaml : writeExecutionRequests;
  if (chunkSize === undefined) {
    await writeRequests(app.io.stdout, executionRequest(context, []), [ids], false);
    output.info(`dry run: would POST ${url} for ${ids.length} instances; nothing was sent`);
    return;
  }
  const chunks: IdList[] = [];
  for (let start = 0; start < ids.length; start += chunkSize) chunks.push(idRange(ids, start, Math.min(ids.length, start + chunkSize)));
  await writeRequests(app.io.stdout, executionRequest(context, []), chunks, true);
  output.info(`dry run: would POST ${url} ${chunks.length} times (chunks of ${chunkSize}) for ${ids.length} instances; nothing was sent`);
}

type RunResult = { result: ExecutionResult | undefined; failure: CliError | undefined };

async function runSync(app: App, context: ExecutionContext, ids: string[], startedAt: Date): Promise<RunResult> {
  try {
    await context.client.migration.execute(executionRequest(context, ids));
  } catch (error) {
    throw await validationFailure(app, error, 'nothing was migrated (the execute is one transaction)');
  }
  return { result: await finish(context, { mode: 'sync', ids, startedAt }), failure: undefined };
}

/** Turns the engine's migration validation errors into their report tables and exit 3. */
async function validationFailure(app: App, error: unknown, consequence: string): Promise<unknown> {
  const output = await app.output();
  const planReport = planValidationReportOf(error);
  if (planReport) {
    output.detailTable({ table: planReportTable }, planReport);
    return new CliError(`the engine refused the plan (MigrationPlanValidationException): ${consequence}`, ExitCode.ValidationFailed);
  }
  const instanceReport = instanceValidationReportOf(error);
  if (instanceReport) {
    output.detailTable({ table: instanceReportTable }, instanceReport);
    return new CliError(`process instance ${instanceReport.processInstanceId} cannot be migrated (MigratingProcessInstanceValidationException): ${consequence}`, ExitCode.ValidationFailed);
  }
  return error;
}

async function runChunked(
  app: App,
  context: ExecutionContext,
  run: { ids: string[]; allIds: string[]; chunkSize: number; journalFile: string; replaceJournal: boolean; resumed: JournalState | undefined; plan: string; engine: JournalEngine },
  startedAt: Date,
): Promise<RunResult> {
  const output = await app.output();
  const now = () => new Date().toISOString();
  let journal;
  if (run.resumed) {
    journal = (await Journal.resume(run.journalFile)).journal;
    await journal.append({ event: 'resume', at: now(), pending: run.ids.length, alreadyDone: run.resumed.migrated.size });
  } else {
    journal = await Journal.create(run.journalFile, {
      event: 'start',
      version: 1,
      engine: run.engine,
      plan: run.plan,
      sourceProcessDefinitionId: context.source.id,
      targetProcessDefinitionId: context.target.id,
      chunkSize: run.chunkSize,
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
      output.warn(`interrupted: finishing the chunk in flight, then stopping${signal === 'SIGINT' ? ' (Ctrl-C again to abandon it)' : ''}`);
    } else {
      abandon.abort();
    }
  };
  const release = app.interrupt.takeOver(onSigint);
  let outcome;
  try {
    outcome = await runChunks(context, { ids: run.ids, chunkSize: run.chunkSize, journalFile: run.journalFile, resumed: run.resumed, stopRequested: () => stopRequested, abandon: abandon.signal }, journal);
  } finally {
    release();
    await journal.close();
  }

  // Migrated by this run: what its journal sent. An instance on the target that it never sent, or that
  // was on the target already when its chunk was refused, another run moved there.
  const sentIds = new Set(outcome.sent);
  for (const event of run.resumed?.events ?? []) if (event.event === 'sent') for (const id of event.ids) sentIds.add(id);
  const movedElsewhere = new Set([...(run.resumed?.elsewhere ?? []), ...outcome.movedElsewhere, ...run.allIds.filter((id) => !sentIds.has(id))]);
  const result = await finish(context, { mode: 'chunked', ids: run.allIds, startedAt, chunks: outcome.chunks, movedElsewhere });
  const byAnother = result.outcome['already-migrated'];
  if (byAnother > 0) output.info(`${byAnother} instance${byAnother === 1 ? ' was' : 's were'} already on the target, moved there by another run, not by this one`);
  if (outcome.interrupted) {
    return { result, failure: new CliError(`interrupted after ${outcome.chunks.done} chunk${outcome.chunks.done === 1 ? '' : 's'}; continue with --resume (journal ${run.journalFile})`, ExitCode.Interrupted) };
  }
  if (outcome.failure) {
    const failed = outcome.failure;
    const chunk = chunkName(failed);
    const cause = await validationFailure(app, failed.error, `${chunk} was rolled back`);
    const reason = cause instanceof Error ? cause.message : String(cause);
    const notMigrated = result.instances.filter((instance) => instance.outcome !== 'migrated' && instance.outcome !== 'ended').map((instance) => instance.id);
    const migrated = result.instances.filter((instance) => instance.outcome === 'migrated').map((instance) => instance.id);
    const elsewhere = result.instances.filter((instance) => instance.outcome === 'already-migrated').map((instance) => instance.id);
    output.detail(`migrated (${migrated.length}): ${listIds(migrated)}`);
    if (elsewhere.length > 0) output.detail(`already on the target, not moved by this run (${elsewhere.length}): ${listIds(elsewhere)}`);
    output.detail(`not migrated (${notMigrated.length}): ${listIds(notMigrated)}`);
    const code = migrated.length > 0 ? ExitCode.Partial : describeFailure(cause).exitCode;
    const message = failed.outcomeUnknown
      ? `${chunk}: the answer does not say whether it was migrated (${reason}); the lists above are where the engine has the instances now; --resume checks again before sending any (journal ${run.journalFile})`
      : `${chunk} failed: ${reason}; fix the cause, then continue with --resume (journal ${run.journalFile})`;
    return { result, failure: new CliError(message, code) };
  }
  return { result, failure: undefined };
}

function listIds(ids: string[]): string {
  if (ids.length === 0) return '-';
  return ids.length <= 50 ? ids.join(', ') : `${ids.slice(0, 50).join(', ')}, … (${ids.length - 50} more; --report FILE lists them all)`;
}

async function runAsync(
  app: App,
  context: ExecutionContext,
  run: { ids: string[]; startedAt: Date; wait: boolean; intervalMs: number; waitTimeoutMs: number | undefined },
): Promise<RunResult> {
  const { ids, startedAt, ...options } = run;
  const output = await app.output();
  let batch;
  try {
    batch = await sendChange(['batch', 'list', '--type', 'instance-migration'], () => context.client.migration.executeAsync(executionRequest(context, ids)));
  } catch (error) {
    throw await validationFailure(app, error, 'no batch was created');
  }
  const count = `${ids.length} instance${ids.length === 1 ? '' : 's'}`;
  const jobs = `${batch.totalJobs} job${batch.totalJobs === 1 ? '' : 's'} of ${batch.invocationsPerBatchJob} instance${batch.invocationsPerBatchJob === 1 ? '' : 's'}`;
  if (!options.wait) {
    output.info(`batch ${batch.id} created: ${count} in ${jobs}; follow it with: camunda-admin batch watch ${batch.id}`);
    if (output.machineReadable) await output.data(batch, { table: () => '' });
    else output.raw(`${batch.id}\n`);
    return { result: undefined, failure: undefined };
  }
  output.info(`batch ${batch.id} created: ${count} in ${jobs}`);
  const watch = await followBatch(app, batch.id, options.intervalMs, options.waitTimeoutMs);
  const result = await finish(context, { mode: 'async', ids, startedAt, batches: [batch] });
  return { result, failure: watch.failure };
}
