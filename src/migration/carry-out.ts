/**
 * Sends a prepared (and confirmed) run: chunks with a journal (./chunked-run.ts), or one sync execute,
 * or one batch, after a canary when asked (./canary-run.ts); then asks the engine where every instance
 * is, writes the report, and says whether the run did all it should.
 */
import { ChangeFailedError } from '../change/errors.js';
import { Journal } from '../change/journal.js';
import { outcomeUnknown } from '../engine/errors.js';
import { sendChange } from '../exit.js';
import { runCanary } from './canary-run.js';
import { runChunked } from './chunked-run.js';
import { type ExecutionContext, type ExecutionResult, executionRequest, finish } from './execute.js';
import { explainRefusal, messageOf } from './refusal.js';
import { writeReport } from './report.js';
import type { AsyncJournal, MigrationHost, PreparedMigration, RunMode, RunOptions, RunOutcome } from './run-types.js';
import type { MigrationJournalState, MigrationScope } from './journal-scope.js';

/** The failure to end the command with, if any: the run's own, or a report that could not be written. */
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
        host.emit({ type: 'report-written', file: options.report });
      } catch (error) {
        // Checked before the run, yet gone now (a full disk, a directory removed meanwhile): the
        // outcome is then the only record, and the error must not claim that nothing was sent.
        reportFailure = messageOf(error);
      }
    }
    failure ??= incompleteRun(result);
    if (reportFailure) {
      if (failure) host.emit({ type: 'report-not-written', reason: reportFailure });
      else failure = new ChangeFailedError(`the migration ran (outcome on stdout), but the report was not written: ${reportFailure}`, 'partial');
    }
  }
  return { result, batch: run.batch, failure };
}

/** A run the engine accepted after which instances are not on the target: exit 8, or 7 when none moved at all. */
function incompleteRun(result: ExecutionResult): ChangeFailedError | undefined {
  const missing = result.outcome['on-source'] + result.outcome.unknown;
  if (missing === 0) return undefined;
  // The engine migrates a request's instances in one transaction: a 204 with none of them moved
  // was not the engine's (a proxy answering for it), not a partial success.
  const noneDone = result.mode === 'sync' && result.outcome.migrated + result.outcome.ended === 0;
  return noneDone
    ? new ChangeFailedError(`none of the ${result.selected} instances is on the target definition after a success answer: the answer was most likely not the engine's (a proxy?)`, 'unreachable')
    : new ChangeFailedError(`${missing} of ${result.selected} instances are not on the target definition after the run`, 'partial');
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

async function runSync(host: MigrationHost, context: ExecutionContext, run: { ids: string[]; allIds: string[]; startedAt: Date; canary: ExecutionResult['canary'] }): Promise<RunOutcome> {
  try {
    await context.client.migration.execute(executionRequest(context, run.ids));
  } catch (error) {
    if (!run.canary) throw explainRefusal(host, error, 'nothing was migrated (the execute is one transaction)');
    // The canary's instances are migrated: the outcome says where every one is, and the run is partly done.
    const cause = explainRefusal(host, error, 'none of the instances after the canary was migrated (the execute is one transaction)');
    const result = await finish(context, { mode: 'sync', ids: run.allIds, startedAt: run.startedAt, canary: run.canary });
    return { result, batch: undefined, failure: new ChangeFailedError(messageOf(cause), 'partial') };
  }
  return { result: await finish(context, { mode: 'sync', ids: run.allIds, startedAt: run.startedAt, canary: run.canary }), batch: undefined, failure: undefined };
}

/** One batch for the ids (journalled for a sweep's version, so that a resume never creates a second), followed with --wait. */
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
    resumed?: MigrationJournalState | undefined;
  },
): Promise<RunOutcome> {
  const { ids, startedAt } = run;
  const at = () => new Date().toISOString();
  let journal: Journal | undefined;
  if (run.journal && run.resumed) {
    journal = (await Journal.resume<MigrationScope>(run.journal.file)).journal;
    await journal.append({ event: 'resume', at: at(), pending: ids.length, alreadyDone: run.resumed.confirmed.size });
  } else if (run.journal) {
    const scope = { plan: run.journal.plan, sourceProcessDefinitionId: context.source.id, targetProcessDefinitionId: context.target.id };
    journal = await Journal.create(run.journal.file, Journal.startOf({ engine: run.journal.engine, scope, chunkSize: Math.max(1, run.allIds.length), ids: run.allIds }), { replace: run.journal.replace });
  }
  const chunk = run.resumed ? run.resumed.lastChunk + 1 : 1;
  let batch;
  try {
    await journal?.append({ event: 'sent', chunk, ids, at: at() });
    batch = await sendChange(['batch', 'list', '--type', 'instance-migration'], () => context.client.migration.executeAsync(executionRequest(context, ids)));
    await journal?.append({ event: 'batch', chunk, batchId: batch.id, at: at() });
  } catch (error) {
    await journal?.append({ event: outcomeUnknown(error) ? 'unknown' : 'failed', chunk, error: messageOf(error), at: at() });
    await journal?.close();
    journal = undefined;
    if (!run.canary) throw explainRefusal(host, error, 'no batch was created');
    const cause = explainRefusal(host, error, 'no batch was created for the instances after the canary');
    const result = await finish(context, { mode: 'async', ids: run.allIds, startedAt, canary: run.canary });
    return { result, batch: undefined, failure: new ChangeFailedError(messageOf(cause), 'partial') };
  } finally {
    await journal?.close();
  }
  host.emit({ type: 'batch-created', batchId: batch.id, count: ids.length, jobs: batch.totalJobs, perJob: batch.invocationsPerBatchJob, followed: run.wait });
  if (!run.wait) return { result: undefined, batch, failure: undefined };
  const watch = await host.followBatch(batch.id, run.intervalMs, run.waitTimeoutMs);
  const result = await finish(context, { mode: 'async', ids: run.allIds, startedAt, batches: [batch], canary: run.canary });
  return { result, batch: undefined, failure: watch.failure };
}
