/**
 * The run of a change, once its ids are frozen and confirmed: chunks with a journal
 * (./chunked-run.ts), or one synchronous request, or one engine batch (followed with --wait), after a
 * canary when asked; then where every object is (./result.ts), the report, and whether the run did
 * all it should. What a change is, is the operation's (./operation.ts): this file never names one.
 */
import { outcomeUnknown } from '../engine/errors.js';
import { sendChange } from '../exit.js';
import { runBatchChunks } from './batch-chunks.js';
import { runChunked } from './chunked-run.js';
import { ChangeFailedError, messageOf } from './errors.js';
import type { ChangeHost } from './host.js';
import { Journal } from './journal.js';
import type { ChangeOperation } from './operation.js';
import { type CanarySummary, type ChangeResult, checkOutcomes, countOf, type CreatedBatch, type RunModeKind } from './result.js';
import type { ChangeMode, ChangeRun, ChangeRunOutcome } from './run-types.js';

/**
 * Sends the run, asks where every object is, writes the report (`writeReport`, when asked for), and
 * returns the failure to end the command with, if any: the run's own, or a report that could not be written.
 */
export async function runChange<O extends string, D extends object>(
  host: ChangeHost,
  run: ChangeRun<O, D>,
  writeReport?: ((result: ChangeResult<O, D>, batchObjects: ReadonlyMap<string, readonly string[]> | undefined) => Promise<string>) | undefined,
): Promise<ChangeRunOutcome<O, D>> {
  // From here on the ids are sent, journalled and reported: as strings.
  const ids = run.ids.slice(0);
  const startedAt = new Date();
  const { mode } = run;
  const outcome =
    mode.kind === 'chunked'
      ? await runChunked(host, { ...run, mode, ids }, startedAt)
      : mode.kind === 'async' && mode.chunkSize !== undefined && mode.journal !== undefined
        ? await runBatchChunks(host, { ...run, mode: { ...mode, chunkSize: mode.chunkSize, journal: mode.journal }, ids }, startedAt)
        : await runWhole(host, { ...run, ids }, startedAt);
  const { result } = outcome;
  let { failure } = outcome;
  if (!result) return outcome;
  let reportFailure: string | undefined;
  if (writeReport) {
    try {
      const file = await writeReport(result, outcome.batchObjects);
      host.emit({ type: 'report-written', file });
    } catch (error) {
      // Checked before the run, yet gone now (a full disk, a directory removed meanwhile): the
      // outcome is then the only record, and the error must not claim that nothing was sent.
      reportFailure = error instanceof Error ? error.message : String(error);
    }
  }
  failure ??= incompleteRun(run.operation, result);
  if (reportFailure) {
    if (failure) host.emit({ type: 'report-not-written', reason: reportFailure });
    else failure = new ChangeFailedError(`${run.operation.words.run} ran (outcome on stdout), but the report was not written: ${reportFailure}`, 'partial');
  }
  return { ...outcome, failure };
}

/** A run the engine accepted after which objects are not changed: exit 8, or 7 when none changed at all. */
function incompleteRun<O extends string>(operation: ChangeOperation<O>, result: ChangeResult<O>): ChangeFailedError | undefined {
  const missing = countOf(operation, result, ['unchanged', 'other']);
  if (missing === 0) return undefined;
  const { words } = operation;
  // The engine changes a request's objects in one transaction: a success answer with none of them
  // changed was not the engine's (a proxy answering for it), not a partial success.
  // Objects somewhere else than before ('other': a retried job that failed again) were reached too.
  const noneDone = result.mode === 'sync' && countOf(operation, result, ['changed', 'ended', 'other']) === 0;
  return noneDone
    ? new ChangeFailedError(
        `none of the ${result.selected} ${words.many} is ${words.changedInFull} after a success answer: the answer was most likely not the engine's (a proxy?)`,
        'unreachable',
      )
    : new ChangeFailedError(`${missing} of ${result.selected} ${words.many} are not ${words.changedInFull} after the run`, 'partial');
}

type WholeRun<O extends string, D extends object> = ChangeRun<O, D> & { mode: Exclude<ChangeMode, { kind: 'chunked' }> };

/** A sync or batch run: one request (or one batch) for the selection, after a canary when asked. */
async function runWhole<O extends string, D extends object>(host: ChangeHost, run: ChangeRun<O, D>, startedAt: Date): Promise<ChangeRunOutcome<O, D>> {
  const whole = run as WholeRun<O, D>;
  const { ids, operation } = run;
  let rest = ids;
  let canary: CanarySummary | undefined;
  if (run.canary?.size !== undefined && ids.length > 0) {
    rest = ids.slice(Math.min(run.canary.size, ids.length));
    const phase = await run.canary.runner.beforeWhole(ids.slice(0, ids.length - rest.length), rest.length);
    canary = phase.summary;
    if (phase.failure || rest.length === 0)
      return { result: await outcomeOf(run, whole.mode.kind, ids, startedAt, { canary }), batch: undefined, failure: phase.failure };
  }
  if (whole.mode.kind === 'async') return runBatch(host, whole, { ids: rest, startedAt, canary, mode: whole.mode });
  const { words } = operation;
  try {
    await operation.sendChunk(rest);
  } catch (error) {
    if (operation.oneRequestPerObject) return partlySent(run, error, ids, startedAt, canary);
    if (!canary) throw operation.explainRefusal(error, `nothing was ${words.done} (${words.request} is one transaction)`);
    // The canary's objects are changed: the outcome says where every one is, and the run is partly done.
    const cause = operation.explainRefusal(error, `none of the ${words.many} after the canary was ${words.done} (${words.request} is one transaction)`);
    return { result: await outcomeOf(run, 'sync', ids, startedAt, { canary }), batch: undefined, failure: new ChangeFailedError(messageOf(cause), 'partial') };
  }
  return { result: await outcomeOf(run, 'sync', ids, startedAt, { canary }), batch: undefined, failure: undefined };
}

/**
 * A request per object failed: the others may be changed all the same, so the outcome of every object
 * is asked, and the run is partly done when some are changed, else failed for the refusal's reason.
 */
async function partlySent<O extends string, D extends object>(
  run: ChangeRun<O, D>,
  error: unknown,
  ids: readonly string[],
  startedAt: Date,
  canary: CanarySummary | undefined,
): Promise<ChangeRunOutcome<O, D>> {
  const { operation } = run;
  const result = await outcomeOf(run, 'sync', ids, startedAt, { canary });
  const cause = operation.explainRefusal(error, `the ${operation.words.many} not named were ${operation.words.done}`);
  if (cause instanceof ChangeFailedError) return { result, batch: undefined, failure: cause };
  const partial = countOf(operation, result, ['changed']) > 0;
  return { result, batch: undefined, failure: new ChangeFailedError(messageOf(cause), partial ? 'partial' : 'as-cause', { cause }) };
}

/** One batch for the ids (journalled when asked, so that a resume never creates a second), followed with --wait. */
async function runBatch<O extends string, D extends object>(
  host: ChangeHost,
  run: WholeRun<O, D>,
  send: { ids: string[]; startedAt: Date; canary: CanarySummary | undefined; mode: Extract<ChangeMode, { kind: 'async' }> },
): Promise<ChangeRunOutcome<O, D>> {
  const { operation } = run;
  const { ids, startedAt, canary, mode } = send;
  const at = () => new Date().toISOString();
  let journal: Journal | undefined;
  if (mode.journal && run.resumed) {
    journal = (await Journal.resume(mode.journal.file)).journal;
    await journal.append({ event: 'resume', at: at(), pending: ids.length, alreadyDone: run.resumed.confirmed.size });
  } else if (mode.journal) {
    journal = await Journal.create(
      mode.journal.file,
      Journal.startOf({ engine: mode.journal.engine, scope: run.scope, chunkSize: Math.max(1, run.ids.length), ids: run.ids }),
      { replace: mode.journal.replace },
    );
  }
  const chunk = run.resumed ? run.resumed.lastChunk + 1 : 1;
  let batch;
  try {
    await journal?.append({ event: 'sent', chunk, ids, at: at() });
    batch = await sendChange(operation.batchCheck, () => operation.createBatch(ids));
    await journal?.append({ event: 'batch', chunk, batchId: batch.id, at: at() });
  } catch (error) {
    await journal?.append({ event: outcomeUnknown(error) ? 'unknown' : 'failed', chunk, error: messageOf(error), at: at() });
    await journal?.close();
    journal = undefined;
    if (!canary) throw operation.explainRefusal(error, 'no batch was created');
    const cause = operation.explainRefusal(error, `no batch was created for the ${operation.words.many} after the canary`);
    return {
      result: await outcomeOf(run, 'async', run.ids, startedAt, { canary }),
      batch: undefined,
      failure: new ChangeFailedError(messageOf(cause), 'partial'),
    };
  } finally {
    await journal?.close();
  }
  host.emit({ type: 'batch-created', batchId: batch.id, count: ids.length, jobs: batch.totalJobs, perJob: batch.invocationsPerBatchJob, followed: mode.wait });
  if (!mode.wait) return { result: undefined, batch, failure: undefined };
  const watch = await host.followBatch(batch.id, mode.intervalMs, mode.waitTimeoutMs);
  return {
    result: await outcomeOf(run, 'async', run.ids, startedAt, { canary, batches: [batch] }),
    batch: undefined,
    failure: watch.failure,
    batchObjects: new Map([[batch.id, ids]]),
  };
}

function outcomeOf<O extends string, D extends object>(
  run: ChangeRun<O, D>,
  mode: RunModeKind,
  ids: readonly string[],
  startedAt: Date,
  extra: { canary: CanarySummary | undefined; batches?: CreatedBatch[] },
): Promise<ChangeResult<O, D>> {
  return checkOutcomes(run.operation, { mode, ids, startedAt, ...extra }, run.engineVersion);
}
