/**
 * `--async --chunk-size N`: one engine batch per chunk of the frozen ids, each chunk recorded in the
 * journal before its batch is created and the batch's id after, so that a resume creates only the
 * batches of chunks not yet sent. A chunk whose creation answer was lost is looked for on the engine
 * first (the batches of the operation's type created since it was sent): found, it is not sent again.
 * With --wait every batch of the journal is followed, then every object checked (./result.ts).
 */
import { outcomeUnknown } from '../engine/errors.js';
import type { ChunkPlace } from './events.js';
import { chunkName, chunkSummary } from './chunks.js';
import { ChangeFailedError, messageOf } from './errors.js';
import { twoStepStop, type ChangeHost } from './host.js';
import { Journal, type JournalState } from './journal.js';
import { type CanarySummary, checkOutcomes, type CreatedBatch } from './result.js';
import type { BatchJournal, BatchLookup, ChangeMode, ChangeRun, ChangeRunOutcome, FoundBatch } from './run-types.js';

type AsyncMode = Extract<ChangeMode, { kind: 'async' }>;
export type BatchChunksRun<O extends string, D extends object> = ChangeRun<O, D> & {
  mode: AsyncMode & { chunkSize: number; journal: BatchJournal };
};

/** How much earlier than a chunk's journal entry the engine may have stamped its batch: the two clocks differ. */
const CLOCK_MARGIN_MS = 5 * 60_000;

/** A journal chunk sent without a recorded batch: its creation was refused, or its answer lost. */
interface UnansweredChunk {
  chunk: number;
  ids: string[];
  sentAt: Date;
}

export async function runBatchChunks<O extends string, D extends object>(
  host: ChangeHost,
  run: BatchChunksRun<O, D>,
  startedAt: Date,
): Promise<ChangeRunOutcome<O, D>> {
  const { operation, mode, resumed } = run;
  const { chunkSize } = mode;
  const at = () => new Date().toISOString();
  let journal: Journal;
  if (resumed) {
    journal = (await Journal.resume(mode.journal.file)).journal;
    await journal.append({ event: 'resume', at: at(), pending: run.ids.length, alreadyDone: resumed.confirmed.size });
  } else {
    const start = Journal.startOf({ engine: mode.journal.engine, scope: run.scope, chunkSize, canary: run.canary?.size, ids: run.ids });
    journal = await Journal.create(mode.journal.file, start, { replace: mode.journal.replace });
  }
  const allIds = resumed ? resumed.start.ids : run.ids;
  const batchObjects = new Map<string, readonly string[]>();
  const created: CreatedBatch[] = [];
  const earlier = earlierBatches(resumed);
  for (const [batchId, ids] of earlier) batchObjects.set(batchId, ids);
  const sentIds = new Set<string>(resumed ? sentOf(resumed) : []);

  const stop = twoStepStop(host);
  let canary: CanarySummary | undefined;
  let failure: ChangeFailedError | undefined;
  let interrupted = false;
  let position = 0;
  let total = 0;
  let done = 0;
  try {
    const phase = run.canary ? await run.canary.runner.ofChunked(journal, run.ids) : { canary: undefined, ran: false, chunk: 0, sent: [], rest: run.ids };
    canary = phase.canary?.summary;
    for (const id of phase.sent) sentIds.add(id);
    if (phase.canary?.failure) return { result: undefined, batch: undefined, failure: phase.canary.failure, batchObjects };
    let rest = phase.rest;
    const before = phase.ran ? 1 : 0;
    done = before;
    let chunk = Math.max(phase.chunk, resumed?.lastChunk ?? 0) + 1;
    // A chunk of the journal whose batch is not recorded: looked for before any of it is sent again.
    if (resumed && rest.length > 0) {
      const found = await findUnanswered(run, resumed, rest, new Set(earlier.keys()));
      if (found.failure) return { result: undefined, batch: undefined, failure: found.failure, batchObjects };
      for (const { chunk: number, batch, ids } of found.batches) {
        await journal.append({ event: 'batch', chunk: number, batchId: batch.id, at: at() });
        await journal.append({ event: 'done', chunk: number, at: at() });
        batchObjects.set(batch.id, ids);
        earlier.set(batch.id, ids);
        host.emit({
          type: 'batch-created',
          batchId: batch.id,
          count: ids.length,
          jobs: batch.totalJobs,
          perJob: batch.invocationsPerBatchJob,
          followed: mode.wait,
          found: true,
        });
        const recovered = new Set(ids);
        rest = rest.filter((id) => !recovered.has(id));
      }
    }
    total = before + Math.ceil(rest.length / chunkSize);
    if (phase.ran && stop.stopRequested() && rest.length > 0) {
      interrupted = true;
    }
    for (let start = 0; start < rest.length && !interrupted; start += chunkSize) {
      if (stop.stopRequested()) {
        interrupted = true;
        break;
      }
      const ids = rest.slice(start, start + chunkSize);
      position = done + 1;
      const place: ChunkPlace = { position, total, chunk };
      await journal.append({ event: 'sent', chunk, ids, at: at() });
      for (const id of ids) sentIds.add(id);
      let batch;
      try {
        batch = await operation.createBatch(ids);
      } catch (error) {
        const unknown = outcomeUnknown(error);
        await journal.append({ event: unknown ? 'unknown' : 'failed', chunk, error: messageOf(error), at: at() });
        failure = chunkFailure(run, place, error, unknown, created.length + earlier.size);
        break;
      }
      await journal.append({ event: 'batch', chunk, batchId: batch.id, at: at() });
      await journal.append({ event: 'done', chunk, at: at() });
      created.push(batch);
      batchObjects.set(batch.id, ids);
      host.emit({
        type: 'batch-created',
        batchId: batch.id,
        count: ids.length,
        jobs: batch.totalJobs,
        perJob: batch.invocationsPerBatchJob,
        followed: mode.wait,
        chunk: place,
      });
      chunk++;
      done++;
    }
    if (interrupted) await journal.append({ event: 'interrupted', at: at() });
  } finally {
    stop.release();
    await journal.close();
  }

  const resume = `continue with --resume --async (journal ${mode.journal.file})`;
  if (interrupted) {
    const message = `interrupted after ${done} chunk${done === 1 ? '' : 's'} (${created.length} batch${created.length === 1 ? '' : 'es'} created); ${resume}`;
    return { result: undefined, batch: undefined, failure: new ChangeFailedError(message, 'interrupted'), batches: created, batchObjects };
  }
  // Every batch of the journal: those of earlier runs as the engine has them now.
  const batches = [...(await Promise.all([...earlier.keys()].map((id) => batchOf(run.batchLookup, id)))), ...created];
  if (!mode.wait) return { result: undefined, batch: undefined, failure, batches, batchObjects };
  const deadline = mode.waitTimeoutMs === undefined ? undefined : Date.now() + mode.waitTimeoutMs;
  for (const [index, batch] of batches.entries()) {
    const left = deadline === undefined ? undefined : Math.max(1, deadline - Date.now());
    const watch = await host.followBatch(batch.id, mode.intervalMs, left);
    if (watch.failure?.kind === 'interrupted') {
      // Ctrl-C stops the watching of every batch, not of this one only: the line names those that go on.
      failure ??= notFollowed('stopped watching', watch.failure, batches.slice(index), run);
      break;
    }
    if (watch.failure?.kind === 'wait-timed-out') {
      // The time is up for every batch not followed to its end: the line names them all, as for Ctrl-C.
      failure ??= notFollowed('--wait-timeout passed', watch.failure, batches.slice(index), run);
      break;
    }
    failure ??= watch.failure;
  }
  const chunks = chunkSummary(mode.journal.file, chunkSize, { total: Math.max(total, done), done, failed: failure && !interrupted && position > done ? 1 : 0 });
  const changedElsewhere = new Set(allIds.filter((id) => !sentIds.has(id)));
  const result = await checkOutcomes(operation, { mode: 'async', ids: allIds, startedAt, canary, batches, chunks, changedElsewhere }, run.engineVersion);
  return { result, batch: undefined, failure, batchObjects };
}

/** How many batch ids a line names before it gives their count and the listing that shows them. */
const NAMED_BATCHES = 3;

/**
 * The line of a watch that Ctrl-C stopped (`stopped watching`) or --wait-timeout ended: the batches
 * not followed to their end go on, and each is named (past a few, counted, with the `batch list`
 * that shows them), so that none is forgotten. The failure keeps the kind of the watch's own.
 */
function notFollowed<O extends string, D extends object>(
  lead: 'stopped watching' | '--wait-timeout passed',
  ended: ChangeFailedError,
  goingOn: readonly CreatedBatch[],
  run: BatchChunksRun<O, D>,
): ChangeFailedError {
  // One left (the last one was being watched): the watch's own line says it, suspended or not.
  if (goingOn.length <= 1) return ended;
  const ids = goingOn.map((batch) => batch.id);
  const list = `camunda-admin ${run.operation.batchCheck.join(' ')}`;
  const message =
    ids.length <= NAMED_BATCHES
      ? `${lead}: ${ids.length} batches go on: ${ids.join(', ')}; follow each with: camunda-admin batch watch <id>, or see them with: ${list}`
      : `${lead}: ${ids.length} batches go on (${ids.slice(0, NAMED_BATCHES).join(', ')} and ${ids.length - NAMED_BATCHES} more, every id in journal ${run.mode.journal.file}); see them with: ${list}`;
  return new ChangeFailedError(message, ended.kind);
}

/** The batches an earlier run of the journal created, by id, with the ids of their chunks. */
function earlierBatches(resumed: JournalState | undefined): Map<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  if (!resumed) return found;
  const sent = new Map<number, string[]>();
  for (const event of resumed.events) if (event.event === 'sent') sent.set(event.chunk, event.ids);
  for (const [chunk, batchId] of resumed.batches) found.set(batchId, sent.get(chunk) ?? []);
  return found;
}

function sentOf(resumed: JournalState): string[] {
  return resumed.events.flatMap((event) => (event.event === 'sent' ? event.ids : []));
}

/** A batch of the journal as the engine has it, or its id alone when the engine no longer has it. */
async function batchOf(lookup: BatchLookup | undefined, id: string): Promise<CreatedBatch> {
  const found = await lookup?.get(id).catch(() => undefined);
  return found ?? { id, totalJobs: 0, invocationsPerBatchJob: 0 };
}

/**
 * The chunks of the journal sent without a recorded batch whose ids are still to do: for each, the
 * one batch of the operation's type the engine created since it was sent (with as many jobs as its
 * ids need, by the run's user), not recorded for another chunk. None: the chunk is sent again with
 * the rest. Several that could be it: the run stops rather than risk a second batch for the ids.
 */
async function findUnanswered<O extends string, D extends object>(
  run: BatchChunksRun<O, D>,
  resumed: JournalState,
  pending: readonly string[],
  known: ReadonlySet<string>,
): Promise<{ batches: { chunk: number; batch: FoundBatch; ids: string[] }[]; failure?: ChangeFailedError }> {
  const unanswered = unansweredChunks(resumed, new Set(pending));
  const lookup = run.batchLookup;
  if (unanswered.length === 0 || !lookup) return { batches: [] };
  const earliest = Math.min(...unanswered.map((chunk) => chunk.sentAt.getTime()));
  const candidates = (await lookup.createdSince(new Date(earliest - CLOCK_MARGIN_MS))).filter((batch) => !known.has(batch.id));
  const taken = new Set<string>();
  const batches: { chunk: number; batch: FoundBatch; ids: string[] }[] = [];
  for (const chunk of unanswered) {
    // After the batch of the chunk before it, by the engine's own clock; else the journal's, less the margin.
    const after = (await startOfBatchBefore(lookup, resumed, chunk.chunk)) ?? chunk.sentAt.getTime() - CLOCK_MARGIN_MS;
    const fitting = candidates.filter(
      (batch) =>
        !taken.has(batch.id) && startedAfter(batch, after) && batch.totalJobs === Math.ceil(chunk.ids.length / Math.max(1, batch.invocationsPerBatchJob)),
    );
    if (fitting.length === 1) {
      taken.add(fitting[0]!.id);
      batches.push({ chunk: chunk.chunk, batch: fitting[0]!, ids: chunk.ids });
    } else if (fitting.length > 1) {
      const ids = fitting.map((batch) => batch.id).join(', ');
      return {
        batches,
        failure: new ChangeFailedError(
          `journal chunk ${chunk.chunk}: the answer to its batch creation was lost, and ${fitting.length} batches created since could be its (${ids}); nothing more was sent: see camunda-admin ${run.operation.batchCheck.join(' ')}, delete a batch that runs twice, then continue with --resume --async`,
          'partial',
        ),
      };
    }
  }
  return { batches };
}

/** When the engine started the batch the journal recorded last before `chunk` (epoch ms); undefined when it has none or cannot say. */
async function startOfBatchBefore(lookup: BatchLookup, resumed: JournalState, chunk: number): Promise<number | undefined> {
  const before = [...resumed.batches.entries()].filter(([number]) => number < chunk).sort(([a], [b]) => b - a)[0];
  if (!before) return undefined;
  const batch = await lookup.get(before[1]).catch(() => undefined);
  const started = batch?.startTime ? engineTime(batch.startTime) : undefined;
  return started === undefined || Number.isNaN(started) ? undefined : started + 1;
}

function unansweredChunks(resumed: JournalState, pending: ReadonlySet<string>): UnansweredChunk[] {
  // A refused creation ('failed') created nothing; a lost answer ('unknown') or none at all (the run
  // was killed while it waited) may have.
  const refused = new Set(resumed.events.flatMap((event) => (event.event === 'failed' ? [event.chunk] : [])));
  const chunks: UnansweredChunk[] = [];
  for (const event of resumed.events) {
    if (event.event !== 'sent' || event.canary || resumed.batches.has(event.chunk) || refused.has(event.chunk)) continue;
    if (event.ids.some((id) => pending.has(id))) chunks.push({ chunk: event.chunk, ids: event.ids, sentAt: new Date(event.at) });
  }
  return chunks;
}

/** The engine's date format (`2026-11-28T14:58:56.721+0000`) as epoch milliseconds. */
function engineTime(text: string): number {
  return Date.parse(text.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
}

function startedAfter(batch: FoundBatch, time: number): boolean {
  if (!batch.startTime) return true;
  const started = engineTime(batch.startTime);
  return Number.isNaN(started) || started >= time;
}

function chunkFailure<O extends string, D extends object>(
  run: BatchChunksRun<O, D>,
  place: ChunkPlace,
  error: unknown,
  unknown: boolean,
  batchesBefore: number,
): ChangeFailedError {
  const { operation } = run;
  const chunk = chunkName(place);
  const journal = run.mode.journal.file;
  const before = batchesBefore > 0 ? `; the ${batchesBefore} batch${batchesBefore === 1 ? '' : 'es'} created before run on` : '';
  if (unknown) {
    return new ChangeFailedError(
      `${chunk}: the answer does not say whether its batch was created (${messageOf(error)})${before}; --resume --async looks for it on the engine before sending the chunk again (journal ${journal})`,
      batchesBefore > 0 ? 'partial' : 'unreachable',
    );
  }
  const cause = operation.explainRefusal(error, `no batch was created for ${chunk}`);
  return new ChangeFailedError(
    `${chunk}: no batch was created: ${messageOf(cause)}${before}; fix the cause, then continue with --resume --async (journal ${journal})`,
    batchesBefore > 0 ? 'partial' : 'as-cause',
    {
      cause,
    },
  );
}
