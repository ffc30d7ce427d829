/**
 * The shapes of a change run (./run.ts, ./chunked-run.ts) and of what an operation adds to it (its
 * canary): in a file of their own, so that neither step imports the other for its types.
 */
import type { ChangeFailedError } from './errors.js';
import type { Journal, JournalEngine, JournalState } from './journal.js';
import type { ChangeOperation } from './operation.js';
import type { CanarySummary, ChangeResult, CreatedBatch } from './result.js';

/** How the ids are sent. */
export type ChangeMode =
  | { kind: 'sync' }
  | { kind: 'chunked'; chunkSize: number; journalFile: string; replaceJournal: boolean; engine: JournalEngine }
  | {
      kind: 'async';
      wait: boolean;
      intervalMs: number;
      waitTimeoutMs: number | undefined;
      journal?: BatchJournal | undefined;
      /** One engine batch per chunk of this many ids, each recorded in the journal (which it then needs). */
      chunkSize?: number | undefined;
    };

/**
 * A journal for a batch run (each version of a sweep has one): the ids, the send, and the batch it
 * created, so that a resume never creates a second batch for them.
 */
export interface BatchJournal {
  file: string;
  replace: boolean;
  engine: JournalEngine;
}

/** A canary sent and checked: its summary, and the failure that stops the run, if any. */
export interface CanaryStep {
  summary: CanarySummary;
  failure: ChangeFailedError | undefined;
}

/** The operation's canary, sent before the rest (its check is the operation's own). */
export interface CanaryRunner {
  /** Without a journal: the first `size` ids on their own, checked; `rest` is what follows. */
  beforeWhole(ids: string[], rest: number): Promise<CanaryStep>;
  /**
   * Of a chunked run, journalled as its first chunk (or continued from a resumed journal): what it
   * decided, whether it sent a chunk now (`ran`, numbered `chunk`), the ids it sent, and the rest.
   */
  ofChunked(journal: Journal, ids: string[]): Promise<{ canary: CanaryStep | undefined; ran: boolean; chunk: number; sent: string[]; rest: string[] }>;
}

export interface ChangeRun<O extends string, D extends object> {
  operation: ChangeOperation<O, D>;
  mode: ChangeMode;
  /** The ids to send now: the selection, or what a resumed journal still has to do. */
  ids: string[];
  /** A resumed journal's state. */
  resumed: JournalState | undefined;
  /** What the journal's start records beside the ids: the operation's scope, which it checks on --resume. */
  scope: object;
  /** --canary N (or the journal's), and the operation's canary. */
  canary?: { size: number | undefined; runner: CanaryRunner } | undefined;
  /** The engine's version, for the result. */
  engineVersion: () => Promise<string | null>;
  /** What a report of the result says of an object the engine was not asked about (it was down). */
  noDetail: D;
  /** Batches as the engine has them, for a run of one batch per chunk (./batch-chunks.ts). */
  batchLookup?: BatchLookup | undefined;
}

/** A batch the engine has, as a run of batches sees it. */
export interface FoundBatch extends CreatedBatch {
  startTime?: string | null | undefined;
  createUserId?: string | null | undefined;
}

/**
 * How a run of one batch per chunk finds batches on the engine: those an earlier run's journal
 * recorded, and, for a chunk whose creation answer was lost, the batches of the operation's type
 * created since it was sent (the engine says nothing else about which ids a batch holds).
 */
export interface BatchLookup {
  /** The batch as the engine has it (runtime or history); undefined when it has none. */
  get(id: string): Promise<FoundBatch | undefined>;
  /** Batches of the operation's type started at `since` or later (a few minutes earlier, for the clocks), by the run's user when known. */
  createdSince(since: Date): Promise<FoundBatch[]>;
}

/** What a run ended with: a result when the engine was asked where the objects are, and why it did not fully succeed. */
export interface ChangeRunOutcome<O extends string, D extends object> {
  result: ChangeResult<O, D> | undefined;
  /** A batch run without --wait: the batch it created. */
  batch: CreatedBatch | undefined;
  failure: ChangeFailedError | undefined;
  /** A run of one batch per chunk without --wait: every batch it (and the journal it continued) created. */
  batches?: CreatedBatch[] | undefined;
  /** The ids each batch of the run was created for (by batch id), where the run knows them. */
  batchObjects?: ReadonlyMap<string, readonly string[]> | undefined;
}
