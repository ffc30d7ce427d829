/**
 * `migration sweep KEY --plans DIR --execute`: the plans of every old version, oldest first, each
 * through the steps of the pipeline (./prepare.ts, ./carry-out.ts) with the same options, after one
 * confirmation for all. Each version has its journal (src/change/journal.ts) and the sweep one of its
 * own (./sweep-journal.ts), so that
 * `--resume` continues a sweep stopped anywhere without sending an instance twice or skipping one.
 * Terminal-free.
 */
import { ChangeFailedError, inputError } from '../change/errors.js';
import { checkJournalEngine, Journal, type JournalEngine } from '../change/journal.js';
import type { Batch } from '../engine/batches.js';
import { CliError } from '../exit-codes.js';
import { carryOut } from './carry-out.js';
import { describeDefinition } from './describe-definition.js';
import { finish } from './result.js';
import { InstanceIdSet } from '../input/id-set.js';
import { nothingToMigrate } from './pipeline.js';
import { executionContext, prepareMigration } from './prepare.js';
import type { MigrationHost, PreparedMigration, RunMode, RunOutcome, SelectionToRun } from './run-types.js';
import type { MigrationJournalState, MigrationScope } from './journal-scope.js';
import type { SweepOutcome, SweepPlanToRun, SweepRunOptions, SweepVersionOutcome, SweepVersionState } from './sweep-outcome.js';
import { settled, SweepJournal, type SweepJournalPlan, type SweepJournalState, type SweepVersionStatus } from './sweep-journal.js';

type Entry =
  | { kind: 'settled'; plan: SweepPlanToRun; status: SweepVersionStatus; state: MigrationJournalState | undefined }
  | { kind: 'batch'; plan: SweepPlanToRun; state: MigrationJournalState; batchId: string }
  | { kind: 'run'; plan: SweepPlanToRun; prepared: PreparedMigration };

const versionOf = (plan: SweepPlanToRun): number => plan.plan.resolved.source.version;

export async function runSweep(host: MigrationHost, plans: readonly SweepPlanToRun[], options: SweepRunOptions): Promise<SweepOutcome> {
  const ordered = [...plans].sort((a, b) => versionOf(a) - versionOf(b));
  let state: SweepJournalState | undefined;
  if (options.resume) {
    const { journal, state: found } = await SweepJournal.resume(options.sweepJournal);
    await journal.close();
    checkJournalEngine(options.sweepJournal, found.start.engine, options.engine);
    checkSamePlans(options.sweepJournal, found.start.plans, ordered);
    state = found;
    // The versions still to run are run as the sweep began, unless told otherwise.
    options = { ...options, canary: options.canary ?? found.start.canary, chunkSize: options.chunkSize ?? found.start.chunkSize };
  } else if (!options.dryRun) {
    // Refused now, while nothing was sent: a journal of an earlier sweep may still need its --resume.
    for (const plan of ordered) await Journal.checkNew(plan.journalFile, { replace: options.force });
  }

  // Every version is checked and counted before anything is sent: a plan that fails its pre-flight
  // stops the sweep here (exit 3), whichever version it is.
  const entries: Entry[] = [];
  for (const plan of ordered) {
    const status = state?.status.get(versionOf(plan));
    const journalState = state ? await versionJournal(plan.journalFile, options.engine) : undefined;
    const batchId = journalState ? [...journalState.batches.values()].at(-1) : undefined;
    // A batch created without --wait is followed by a resume with --wait.
    const follow = status === 'submitted' && options.async?.wait === true && batchId !== undefined;
    if (settled(status) && !follow) {
      entries.push({ kind: 'settled', plan, status: status!, state: journalState });
      continue;
    }
    if (journalState && batchId !== undefined) {
      entries.push({ kind: 'batch', plan, state: journalState, batchId });
      continue;
    }
    if (journalState && options.async && lostBatch(journalState)) {
      throw inputError(
        `version ${versionOf(plan)}: journal ${plan.journalFile} does not say whether its batch was created (the answer was lost); nothing was sent`,
        `look for it with camunda-admin batch list --type instance-migration; if there is none, remove ${plan.journalFile} and --resume sends the version again`,
      );
    }
    const selection: SelectionToRun = journalState
      ? { kind: 'resume', journalFile: plan.journalFile, state: journalState }
      : {
          kind: 'select',
          request: {
            ids: new InstanceIdSet(),
            queries: [{ label: 'every instance of the version', query: { processDefinitionId: plan.plan.resolved.source.id } }],
            parts: ['every instance of the version'],
          },
          idsGiven: false,
        };
    entries.push({ kind: 'run', plan, prepared: await prepareMigration(host, plan.plan, selection, options.prepare) });
  }

  const toSend = entries.filter(
    (entry): entry is Extract<Entry, { kind: 'run' }> => entry.kind === 'run' && !entry.prepared.nothingSelected && entry.prepared.ids.length > 0,
  );
  if (options.dryRun) {
    return {
      key: options.key,
      sweepJournal: options.sweepJournal,
      dryRun: true,
      versions: await outcomesOf(host, entries, options, new Map()),
      failure: undefined,
    };
  }
  const total = toSend.reduce((sum, entry) => sum + entry.prepared.ids.length, 0);
  if (total > 0) await host.confirm(sweepQuestion(options.key, toSend, options.async !== undefined));
  else if (options.finishedEarlier) host.emit({ type: 'already-done', journal: options.sweepJournal });
  else host.emit({ type: 'nothing-left-anywhere' });

  const journal = state
    ? (await SweepJournal.resume(options.sweepJournal)).journal
    : await SweepJournal.create(options.sweepJournal, startOf(options, ordered), { replace: options.force });
  const at = () => new Date().toISOString();
  if (state) await journal.append({ event: 'resume', at: at() });

  // Ctrl-C between versions stops before the next; within a chunked version its run handles it first.
  let stopRequested = false;
  const release = host.takeOverInterrupt(() => {
    stopRequested = true;
    host.emit({ type: 'stopping-after-group' });
  });
  const ran = new Map<
    SweepPlanToRun,
    { status: SweepVersionState; outcome: RunOutcome | undefined; error: string | undefined; failure: ChangeFailedError | undefined }
  >();
  let stopped: 'failed' | 'interrupted' | undefined;
  try {
    for (const entry of entries) {
      if (entry.kind === 'settled') continue;
      if (stopped) break;
      if (stopRequested) {
        stopped = 'interrupted';
        break;
      }
      const version = versionOf(entry.plan);
      await journal.append({ event: 'version', version, status: 'started', at: at() });
      const unlock = await options.lock(entry.plan.journalFile);
      let outcome: RunOutcome;
      try {
        const place = `version ${entries.filter((other) => other.kind !== 'settled').indexOf(entry) + 1} of ${entries.filter((other) => other.kind !== 'settled').length}`;
        outcome = entry.kind === 'batch' ? await followEarlierBatch(host, entry, options) : await runVersion(host, entry, options, place);
      } catch (error) {
        // A refusal before its first send (the engine's validation of its first chunk): the version
        // failed, and the sweep stops as for any failure.
        if (error instanceof CliError)
          outcome = { result: undefined, batch: undefined, failure: new ChangeFailedError(error.message, 'as-cause', { cause: error, hint: error.hint }) };
        else if (error instanceof ChangeFailedError) outcome = { result: undefined, batch: undefined, failure: error };
        else throw error;
      } finally {
        await unlock();
      }
      const failure = outcome.failure;
      const status: Exclude<SweepVersionState, 'not-run' | 'dry-run'> = failure
        ? failure.kind === 'interrupted'
          ? 'interrupted'
          : 'failed'
        : entry.kind === 'run' && entry.prepared.nothingSelected
          ? 'nothing'
          : outcome.batch
            ? 'submitted'
            : 'done';
      ran.set(entry.plan, { status, outcome, error: failure ? withoutResumeHint(failure.message) : undefined, failure });
      await journal.append({ event: 'version', version, status, ...(failure ? { error: failure.message } : {}), at: at() });
      if (status === 'interrupted') stopped = 'interrupted';
      else if (status === 'failed' && !options.continueOnFailure) stopped = 'failed';
    }
    if (!stopped && !stopRequested) await journal.append({ event: 'end', at: at(), failed: [...ran.values()].filter((run) => run.status === 'failed').length });
  } finally {
    release();
    await journal.close();
  }
  const versions = await outcomesOf(host, entries, options, ran);
  return {
    key: options.key,
    sweepJournal: options.sweepJournal,
    dryRun: false,
    versions,
    failure: sweepFailure(options, versions, ran, stopped ?? (stopRequested ? 'interrupted' : undefined)),
  };
}

/** The question before a sweep: the count of every version, and where they go. */
function sweepQuestion(key: string, toSend: readonly Extract<Entry, { kind: 'run' }>[], async: boolean): string {
  const total = toSend.reduce((sum, entry) => sum + entry.prepared.ids.length, 0);
  const perVersion = toSend.map((entry) => `v${versionOf(entry.plan)}: ${entry.prepared.ids.length}`).join(', ');
  const targets = [...new Set(toSend.map((entry) => describeDefinition(entry.plan.plan.resolved.target)))];
  const to = targets.length === 1 ? targets[0]! : 'the targets of their plans';
  return `migrate ${total} process instance${total === 1 ? '' : 's'} of ${key} in ${toSend.length} version${toSend.length === 1 ? '' : 's'} (${perVersion}) to ${to}${async ? ' as batches' : ''}`;
}

function startOf(options: SweepRunOptions, plans: readonly SweepPlanToRun[]): Parameters<typeof SweepJournal.create>[1] {
  return {
    event: 'start',
    kind: 'sweep',
    version: 1,
    engine: options.engine,
    key: options.key,
    plans: plans.map((plan) => ({
      file: plan.file,
      version: versionOf(plan),
      sourceProcessDefinitionId: plan.plan.resolved.source.id,
      targetProcessDefinitionId: plan.plan.resolved.target.id,
      journal: plan.journalFile,
    })),
    ...(options.canary === undefined ? {} : { canary: options.canary }),
    ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
    at: new Date().toISOString(),
  };
}

/** A resumed sweep runs the plans it started with: the same files, for the same definitions. */
function checkSamePlans(file: string, recorded: readonly SweepJournalPlan[], plans: readonly SweepPlanToRun[]): void {
  const describe = (plan: { file: string; sourceProcessDefinitionId: string; targetProcessDefinitionId: string }) =>
    `${plan.file} (${plan.sourceProcessDefinitionId} -> ${plan.targetProcessDefinitionId})`;
  const then = recorded.map(describe).sort();
  const now = plans
    .map((plan) =>
      describe({ file: plan.file, sourceProcessDefinitionId: plan.plan.resolved.source.id, targetProcessDefinitionId: plan.plan.resolved.target.id }),
    )
    .sort();
  const gone = then.filter((plan) => !now.includes(plan));
  const added = now.filter((plan) => !then.includes(plan));
  if (gone.length === 0 && added.length === 0) return;
  const parts = [...(gone.length > 0 ? [`no longer there: ${gone.join(', ')}`] : []), ...(added.length > 0 ? [`not in it: ${added.join(', ')}`] : [])];
  throw inputError(
    `--resume: sweep journal ${file} is for other plans than those found now (${parts.join('; ')}); nothing was sent`,
    'resume with the plans the sweep started with, or start a new sweep with --force',
  );
}

/** A version's journal, if it has one yet, checked to be of this engine. */
async function versionJournal(file: string, engine: JournalEngine): Promise<MigrationJournalState | undefined> {
  let found;
  try {
    found = await Journal.resume<MigrationScope>(file);
  } catch (error) {
    if (error instanceof ChangeFailedError && error.kind === 'input' && /does not exist$/.test(error.message)) return undefined;
    throw error;
  }
  await found.journal.close();
  checkJournalEngine(file, found.state.start.engine, engine);
  return found.state;
}

/** An async version's send whose answer was lost: a batch may or may not exist. */
function lostBatch(state: MigrationJournalState): boolean {
  const answered = new Set(
    state.events.flatMap((event) => (event.event === 'failed' || event.event === 'batch' || event.event === 'done' ? [event.chunk] : [])),
  );
  return state.events.some((event) => event.event === 'sent' && !answered.has(event.chunk));
}

function modeOf(plan: SweepPlanToRun, prepared: PreparedMigration, options: SweepRunOptions): RunMode {
  if (options.async) {
    return { kind: 'async', ...options.async, journal: { file: plan.journalFile, replace: options.force, engine: options.engine } };
  }
  // Without --chunk-size a version is one chunk: one transaction, as a sync execute, but journalled.
  const chunkSize = options.chunkSize ?? prepared.resumed?.state.start.chunkSize ?? Math.max(1, prepared.ids.length);
  return { kind: 'chunked', chunkSize, journalFile: plan.journalFile, replaceJournal: options.force, engine: options.engine };
}

async function runVersion(host: MigrationHost, entry: Extract<Entry, { kind: 'run' }>, options: SweepRunOptions, place: string): Promise<RunOutcome> {
  const { prepared, plan } = entry;
  host.emit({ type: 'group-started', name: plan.file, place, count: prepared.ids.length });
  const mode = modeOf(plan, prepared, options);
  if (prepared.nothingSelected) return nothingToMigrate(host, prepared, { dryRun: false, report: undefined, mode: mode.kind });
  if (prepared.ids.length === 0) {
    // Resumed, and nothing of it left on the source: its outcome is that of its journal's instances.
    const ids = prepared.resumed!.state.start.ids;
    return { result: await finish(prepared.context, { mode: mode.kind, ids, startedAt: new Date() }), batch: undefined, failure: undefined };
  }
  return carryOut(host, prepared, { mode, canary: options.canary });
}

/** An async version whose batch an earlier run created: followed (with --wait), never sent again. */
async function followEarlierBatch(host: MigrationHost, entry: Extract<Entry, { kind: 'batch' }>, options: SweepRunOptions): Promise<RunOutcome> {
  const context = executionContext(host, entry.plan.plan, options.prepare);
  host.emit({ type: 'group-batch-earlier', name: entry.plan.file, batchId: entry.batchId });
  if (!options.async?.wait) return { result: undefined, batch: { id: entry.batchId } as Batch, failure: undefined };
  const watch = await host.followBatch(entry.batchId, options.async.intervalMs, options.async.waitTimeoutMs);
  const result = await finish(context, { mode: 'async', ids: entry.state.start.ids, startedAt: new Date() });
  return { result, batch: undefined, failure: watch.failure };
}

/** Every version's outcome; those settled earlier are asked for again, so the report covers every instance. */
async function outcomesOf(
  host: MigrationHost,
  entries: readonly Entry[],
  options: SweepRunOptions,
  ran: ReadonlyMap<SweepPlanToRun, { status: SweepVersionState; outcome: RunOutcome | undefined; error: string | undefined }>,
): Promise<SweepVersionOutcome[]> {
  const outcomes: SweepVersionOutcome[] = [];
  for (const entry of entries) {
    const { plan } = entry;
    const base = { version: versionOf(plan), file: plan.file, source: plan.plan.resolved.source, target: plan.plan.resolved.target };
    if (entry.kind === 'settled') {
      const ids = entry.state?.start.ids ?? [];
      const mode = entry.state && entry.state.batches.size > 0 ? 'async' : 'chunked';
      const result = await finish(executionContext(host, plan.plan, options.prepare), { mode, ids, startedAt: new Date() });
      outcomes.push({
        ...base,
        status: entry.status === 'started' ? 'failed' : (entry.status as SweepVersionState),
        selected: 0,
        earlier: true,
        result,
        batch: undefined,
        error: undefined,
      });
      continue;
    }
    const selected = entry.kind === 'run' ? entry.prepared.ids.length : 0;
    const run = ran.get(plan);
    if (!run) {
      outcomes.push({
        ...base,
        status: options.dryRun ? 'dry-run' : 'not-run',
        selected,
        earlier: false,
        result: undefined,
        batch: undefined,
        error: undefined,
      });
      continue;
    }
    outcomes.push({ ...base, status: run.status, selected, earlier: false, result: run.outcome?.result, batch: run.outcome?.batch, error: run.error });
  }
  return outcomes;
}

/** How the sweep ends: with the failure of its one failed version, or exit 8 for several, 130 when interrupted. */
function sweepFailure(
  options: SweepRunOptions,
  versions: readonly SweepVersionOutcome[],
  ran: ReadonlyMap<SweepPlanToRun, { failure: ChangeFailedError | undefined }>,
  stopped: 'failed' | 'interrupted' | undefined,
): ChangeFailedError | undefined {
  const failed = versions.filter((version) => version.status === 'failed' || version.status === 'interrupted');
  const notRun = versions.filter((version) => version.status === 'not-run').map((version) => `v${version.version}`);
  const resume = `continue with --resume (sweep journal ${options.sweepJournal})`;
  const left = notRun.length > 0 ? `; not run: ${notRun.join(', ')}` : '';
  if (stopped === 'interrupted' && failed.every((version) => version.status !== 'interrupted')) {
    return new ChangeFailedError(`interrupted between versions${left}; ${resume}`, 'interrupted');
  }
  if (failed.length === 0) {
    // A batch created without --wait goes on after the sweep: its instances may well still be on the source.
    const incomplete = versions.filter(
      (version) => version.status !== 'submitted' && version.result && version.result.outcome['on-source'] + version.result.outcome.unknown > 0,
    );
    if (incomplete.length === 0) return undefined;
    return new ChangeFailedError(
      `${incomplete.map((version) => `v${version.version}`).join(', ')}: instances are not on the target definition after the sweep; see the report`,
      'partial',
    );
  }
  const first = failed[0]!;
  const firstFailure = [...ran.entries()].find(([plan]) => plan.file === first.file)?.[1].failure;
  if (failed.length === 1 && firstFailure) {
    const migratedElsewhere = versions.some((version) => version !== first && (version.result?.outcome.migrated ?? 0) > 0);
    // Interrupted stays interrupted; other versions migrated make it partial; else the version's own failure.
    const kind = firstFailure.kind === 'interrupted' ? 'interrupted' : migratedElsewhere ? 'partial' : firstFailure.kind;
    const why = stopped ? `the sweep stopped${left}; ${resume}` : resume;
    return new ChangeFailedError(`version ${first.version} (${first.file}): ${withoutResumeHint(firstFailure.message)}; ${why}`, kind, {
      cause: firstFailure.cause,
    });
  }
  const list = failed.map((version) => `v${version.version} (${version.error ? withoutResumeHint(version.error) : version.status})`).join('; ');
  return new ChangeFailedError(
    `${failed.length} of ${versions.length} versions failed: ${list}${left}; ${resume}`,
    stopped === 'interrupted' ? 'interrupted' : 'partial',
  );
}

/** A version's error without its own advice to resume its journal: a sweep is resumed as a whole. */
export function withoutResumeHint(message: string): string {
  return message
    .replace(/;? (fix the cause, then )?continue with --resume \(journal [^)]*\)$/, '')
    .replace(/; --resume checks again before sending any \(journal [^)]*\)$/, '');
}
