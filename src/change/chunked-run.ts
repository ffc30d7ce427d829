/**
 * A chunked run of any change: its journal started (or continued), the operation's canary as its first
 * chunk, the chunks sent (./chunks.ts), Ctrl-C handled (./host.ts), and the outcome of every object of
 * the journal. A run that stops (Ctrl-C, a failed chunk, the engine gone) says what was done, what was
 * not, and how to continue; its report is written all the same (./run.ts).
 */
import { EngineError, EngineUnreachableError } from '../engine/errors.js';
import { chunkName, type ChunkedOutcome, chunkSummary, runChunks } from './chunks.js';
import { ChangeFailedError, messageOf } from './errors.js';
import { twoStepStop, type ChangeHost } from './host.js';
import { Journal } from './journal.js';
import { type ChangeResult, checkOutcomes, countOf, idsOf, outcomesFromJournal } from './result.js';
import type { CanaryStep, ChangeMode, ChangeRun, ChangeRunOutcome } from './run-types.js';

type ChunkedRun<O extends string, D extends object> = ChangeRun<O, D> & { mode: Extract<ChangeMode, { kind: 'chunked' }> };

export async function runChunked<O extends string, D extends object>(
  host: ChangeHost,
  run: ChunkedRun<O, D>,
  startedAt: Date,
): Promise<ChangeRunOutcome<O, D>> {
  const { operation, mode, resumed } = run;
  const { journalFile, chunkSize } = mode;
  const now = () => new Date().toISOString();
  let journal;
  if (resumed) {
    journal = (await Journal.resume(journalFile)).journal;
    await journal.append({ event: 'resume', at: now(), pending: run.ids.length, alreadyDone: resumed.confirmed.size });
  } else {
    journal = await Journal.create(journalFile, Journal.startOf({ engine: mode.engine, scope: run.scope, chunkSize, canary: run.canary?.size, ids: run.ids }), {
      replace: mode.replaceJournal,
    });
  }

  const stop = twoStepStop(host);
  let outcome: ChunkedOutcome | undefined;
  let canary: CanaryStep | undefined;
  const canaryIds: string[] = [];
  let rest = run.ids;
  // The chunks of a run stopped after its canary: the canary, and what was not sent.
  const afterCanary = (left: number) => chunkSummary(journal.file, chunkSize, { total: 1 + Math.ceil(left / chunkSize), done: 1 });
  try {
    const phase = run.canary ? await run.canary.runner.ofChunked(journal, run.ids) : { canary: undefined, ran: false, chunk: 0, sent: [], rest: run.ids };
    canary = phase.canary;
    canaryIds.push(...phase.sent);
    rest = phase.rest;
    if (canary?.failure) {
      outcome = undefined;
    } else if (stop.stopRequested() && phase.ran) {
      await journal.append({ event: 'interrupted', at: now() });
      outcome = { failure: undefined, changedElsewhere: new Set<string>(), sent: new Set<string>(), interrupted: true, chunks: afterCanary(phase.rest.length) };
    } else {
      outcome = await runChunks(
        operation,
        {
          ids: phase.rest,
          chunkSize,
          resumed,
          before: phase.ran ? { chunks: 1, lastChunk: phase.chunk } : undefined,
          stopRequested: stop.stopRequested,
          abandon: stop.abandon,
          emit: (event) => host.emit(event),
        },
        journal,
      );
    }
  } finally {
    stop.release();
    await journal.close();
  }

  // Changed by this run: what its journal sent. An object found changed that it never sent, or that
  // was changed already when its chunk was refused, another run changed.
  const allIds = resumed ? resumed.start.ids : run.ids;
  const sentIds = new Set([...(outcome?.sent ?? []), ...canaryIds]);
  for (const event of resumed?.events ?? []) if (event.event === 'sent') for (const id of event.ids) sentIds.add(id);
  const changedElsewhere = new Set([...(resumed?.elsewhere ?? []), ...(outcome?.changedElsewhere ?? []), ...allIds.filter((id) => !sentIds.has(id))]);
  const chunks = outcome?.chunks ?? afterCanary(run.ids.length - canaryIds.length);
  const covered = { mode: 'chunked' as const, ids: allIds, startedAt, chunks, changedElsewhere, canary: canary?.summary };
  let result: ChangeResult<O, D>;
  let engineGone: string | undefined;
  try {
    result = await checkOutcomes(operation, covered, run.engineVersion);
  } catch (error) {
    // The engine went down during the run (or refuses to be asked): what it confirmed is in the journal,
    // and the operator needs that, and the way on, more than the error of the question.
    if (!(error instanceof EngineError)) throw error;
    // Unreachable like the chunk before it: its reason says enough; anything else in full.
    engineGone = error instanceof EngineUnreachableError ? `it is unreachable too: ${error.reason.replaceAll('-', ' ')}` : messageOf(error);
    result = await outcomesFromJournal(operation, { ...covered, journalFile, unsent: unsentIds(rest, outcome), noDetail: run.noDetail });
  }
  const byAnother = countOf(operation, result, ['changed-elsewhere']);
  if (byAnother > 0) host.emit({ type: 'changed-by-another', count: byAnother });
  const failure = chunkedFailure(host, run, result, outcome, canary, engineGone);
  return { result, batch: undefined, failure };
}

/** Ids the run knows were not sent, or were refused as a whole: the rest of the selection after the failed chunk, and that chunk's. */
function unsentIds(rest: readonly string[], outcome: ChunkedOutcome | undefined): Set<string> {
  const unsent = new Set(rest.filter((id) => !outcome?.sent.has(id)));
  if (outcome?.failure && !outcome.failure.outcomeUnknown) for (const id of outcome.failure.ids) unsent.add(id);
  return unsent;
}

function chunkedFailure<O extends string, D extends object>(
  host: ChangeHost,
  run: ChunkedRun<O, D>,
  result: ChangeResult<O, D>,
  outcome: ChunkedOutcome | undefined,
  canary: CanaryStep | undefined,
  engineGone: string | undefined,
): ChangeFailedError | undefined {
  const { operation } = run;
  const { words } = operation;
  const { journalFile } = run.mode;
  const resume = `continue with --resume (journal ${journalFile})`;
  if (canary?.failure) return canary.failure;
  const changed = idsOf(operation, result, ['changed']);
  // The engine could not be asked after the run: what the journal confirmed is all that is known.
  const unasked = engineGone
    ? `; the engine could not be asked where the ${words.many} are now (${engineGone}): the outcome and the report are the journal's (${changed.length} confirmed ${words.done})`
    : '';
  // No chunk loop ran only when the canary stopped the run, which is its failure's to say.
  if (!outcome) return undefined;
  if (outcome.interrupted) {
    return new ChangeFailedError(`interrupted after ${outcome.chunks.done} chunk${outcome.chunks.done === 1 ? '' : 's'}${unasked}; ${resume}`, 'interrupted');
  }
  if (outcome.failure) {
    const failed = outcome.failure;
    const chunk = chunkName(failed);
    const cause = operation.explainRefusal(failed.error, `${chunk} was rolled back`);
    const reason = messageOf(cause);
    host.emit({
      type: 'outcome-lists',
      done: changed,
      elsewhere: idsOf(operation, result, ['changed-elsewhere']),
      notDone: idsOf(operation, result, ['changed-elsewhere', 'unchanged', 'other']),
    });
    const where = engineGone ? `the lists above are what the journal confirmed` : `the lists above are where the engine has the ${words.many} now`;
    const message = failed.outcomeUnknown
      ? `${chunk}: the answer does not say whether it was ${words.done} (${reason}); ${where}${unasked}; --resume checks again before sending any (journal ${journalFile})`
      : engineGone
        ? `${chunk} failed: ${reason}${unasked}; once the engine answers again, ${resume}`
        : `${chunk} failed: ${reason}; fix the cause, then ${resume}`;
    // Some changed: partly done. None: the chunk's own failure says what it was.
    return new ChangeFailedError(message, changed.length > 0 ? 'partial' : 'as-cause', { cause });
  }
  if (engineGone) return new ChangeFailedError(`every chunk was sent${unasked}; ${resume} to have them checked`, 'unreachable');
  return undefined;
}
