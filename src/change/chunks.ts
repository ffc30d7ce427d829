/**
 * Sending a frozen selection in chunks of synchronous requests, with a journal: each chunk is recorded
 * before it is sent and after the engine answered, so that a resume knows what was confirmed and
 * re-checks only what was not. What a chunk does is the operation's (./operation.ts).
 */
import { outcomeUnknown } from '../engine/errors.js';
import { RequestAbandonedError } from '../engine/http.js';
import type { ChangeEvent, ChunkPlace } from './events.js';
import type { Journal, JournalState } from './journal.js';
import type { ChunkSender, ObjectStateOf } from './operation.js';

/** How a chunked run went, as its result and report state it. */
export interface ChunkSummary {
  size: number;
  total: number;
  done: number;
  failed: number;
  journal: string;
}

/** The summary of a chunked run: `extra` more chunks after `done` (the rest of the selection, when the run stopped). */
export function chunkSummary(journal: string, size: number, counts: { total: number; done: number; failed?: number }): ChunkSummary {
  return { size, total: counts.total, done: counts.done, failed: counts.failed ?? 0, journal };
}

/** "chunk 3/6", with the journal's number when a resumed run counts differently. */
export function chunkName(place: ChunkPlace): string {
  return `chunk ${place.position}/${place.total}${place.chunk === place.position ? '' : ` (journal chunk ${place.chunk})`}`;
}

interface ChunkFailure extends ChunkPlace {
  ids: string[];
  error: unknown;
  /** The answer does not say whether the engine changed the chunk: only asking it again does. */
  outcomeUnknown: boolean;
}

export interface ChunkedRun {
  ids: string[];
  chunkSize: number;
  /** Set when continuing an earlier run. */
  resumed?: JournalState | undefined;
  /** Chunks this run sent before these (a canary): counted in the progress and the totals. */
  before?: { chunks: number; lastChunk: number } | undefined;
  /** Asked before every chunk: true stops after the chunk in flight (first Ctrl-C). */
  stopRequested: () => boolean;
  /** Aborts the chunk in flight (second Ctrl-C). */
  abandon: AbortSignal;
  emit: (event: ChangeEvent) => void;
}

export interface ChunkedOutcome {
  failure: ChunkFailure | undefined;
  /** Objects of failed chunks that another run had changed. */
  changedElsewhere: Set<string>;
  /** Every id this run sent (in the journal's `sent` events). */
  sent: Set<string>;
  interrupted: boolean;
  chunks: ChunkSummary;
}

/** Sends of one chunk after another run's change, at most. */
const OVERLAP_RETRIES = 3;
const OVERLAP_BACKOFF_MS = 200;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function runChunks(operation: ChunkSender, run: ChunkedRun, journal: Journal): Promise<ChunkedOutcome> {
  let chunk = run.before ? run.before.lastChunk + 1 : run.resumed ? run.resumed.lastChunk + 1 : 1;
  const total = (run.before?.chunks ?? 0) + Math.ceil(run.ids.length / run.chunkSize);
  let done = run.before?.chunks ?? 0;
  const changedElsewhere = new Set<string>();
  const sent = new Set<string>();
  const at = () => new Date().toISOString();
  const chunks = (failed: number) => chunkSummary(journal.file, run.chunkSize, { total, done, failed });
  for (let start = 0; start < run.ids.length; start += run.chunkSize) {
    if (run.stopRequested()) {
      await journal.append({ event: 'interrupted', at: at() });
      return { failure: undefined, changedElsewhere, sent, interrupted: true, chunks: chunks(0) };
    }
    // A chunk whose objects another run is changing at the same time is sent again with what is still
    // unchanged, a few times; the rest is reported as changed by that other run.
    let ids = run.ids.slice(start, start + run.chunkSize);
    for (let attempt = 0; ; attempt++, chunk++) {
      // Every line about this send names it as the journal does, where that differs from its place.
      const place = { position: done + 1, total, chunk };
      await journal.append({ event: 'sent', chunk, ids, at: at() });
      for (const id of ids) sent.add(id);
      let error: unknown;
      try {
        await operation.sendChunk(ids, run.abandon);
      } catch (caught) {
        error = caught;
      }
      if (error === undefined) {
        await journal.append({ event: 'done', chunk, at: at() });
        run.emit({ type: 'chunk-done', chunk: place, count: ids.length });
        break;
      }
      if (error instanceof RequestAbandonedError) {
        await journal.append({ event: 'abandoned', chunk, at: at() });
        return { failure: undefined, changedElsewhere, sent, interrupted: true, chunks: chunks(0) };
      }
      const message = error instanceof Error ? error.message : String(error);
      // Either way the ids lack a `done`, so a resume asks the engine where they are before sending any.
      const unknown = outcomeUnknown(error);
      await journal.append({ event: unknown ? 'unknown' : 'failed', chunk, error: message, at: at() });
      // A chunk is one transaction: when the answer says nothing but the engine has its objects
      // changed, it did change the chunk, and the run goes on.
      if (unknown && (await changedAfterAll(operation, ids))) {
        await journal.append({ event: 'done', chunk, at: at() });
        run.emit({ type: 'chunk-recovered', chunk: place, reason: message, count: ids.length });
        break;
      }
      const where = !unknown && operation.overlapsAnotherRun(error) && attempt < OVERLAP_RETRIES ? await whereNow(operation, ids) : undefined;
      if (where) {
        const elsewhere = where.filter((found) => found.state === 'changed' || found.state === 'ended').map((found) => found.id);
        const unchanged = where.filter((found) => found.state === 'unchanged').map((found) => found.id);
        // Only objects that another run changed or ended, and the rest unchanged: anything else
        // (changed otherwise, gone) is a failure to look at.
        if (elsewhere.length + unchanged.length === ids.length) {
          for (const id of where.filter((found) => found.state === 'changed').map((found) => found.id)) changedElsewhere.add(id);
          if (elsewhere.length > 0) await journal.append({ event: 'elsewhere', chunk, ids: elsewhere, at: at() });
          run.emit({ type: 'chunk-overlap', chunk: place, reason: message, count: ids.length, elsewhere: elsewhere.length, resent: unchanged.length });
          if (unchanged.length === 0) break;
          ids = unchanged;
          await sleep(OVERLAP_BACKOFF_MS * (attempt + 1) + Math.floor(Math.random() * OVERLAP_BACKOFF_MS));
          continue;
        }
      }
      return {
        failure: { position: done + 1, total, chunk, ids, error, outcomeUnknown: unknown },
        changedElsewhere,
        sent,
        interrupted: false,
        chunks: chunks(1),
      };
    }
    chunk++;
    done++;
  }
  return { failure: undefined, changedElsewhere, sent, interrupted: run.stopRequested(), chunks: chunks(0) };
}

async function whereNow(operation: ChunkSender, ids: string[]): Promise<ObjectStateOf[] | undefined> {
  try {
    return await operation.statesOf(ids);
  } catch {
    return undefined;
  }
}

/** Whether the engine has every one of `ids` changed (or ended since); false when it cannot say. */
async function changedAfterAll(operation: ChunkSender, ids: string[]): Promise<boolean> {
  try {
    const states = await operation.statesOf(ids);
    return states.some((found) => found.state === 'changed') && states.every((found) => found.state === 'changed' || found.state === 'ended');
  } catch {
    return false;
  }
}
