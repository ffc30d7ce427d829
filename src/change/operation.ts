/**
 * What the change pipeline needs of one kind of change (a migration today; retries, suspension,
 * deletion and variables next): how to send a chunk, and where each object is afterwards. The
 * pipeline knows ids, chunks, journals and batches, never what the change is.
 */

/**
 * Where an object is after a change was sent: changed (a migrated instance is on the target), not yet
 * (on the source), ended meanwhile, or somewhere the change does not explain.
 */
export type ObjectState = 'changed' | 'unchanged' | 'ended' | 'other';

export interface ObjectStateOf {
  id: string;
  state: ObjectState;
}

export interface ChunkSender {
  /** One chunk as one synchronous request (one transaction); `signal` abandons it (a second Ctrl-C). */
  sendChunk(ids: string[], signal?: AbortSignal): Promise<void>;
  /** Where each of `ids` is now, asked of the engine. */
  statesOf(ids: readonly string[]): Promise<ObjectStateOf[]>;
  /** Whether the engine refused a chunk because another run changes its objects at the same time. */
  overlapsAnotherRun(error: unknown): boolean;
}

/** What the canary of a change sees on its objects at one look (./canary-settle.ts). */
export interface CanaryLook {
  /** One line per problem: `ID: new incident failedJob at approve: …`, `ID: job J failed: …`. */
  problems: string[];
  /** Jobs of the objects due now (no due date, or one passed) that the engine has not run yet. */
  dueNow: number;
}

/**
 * How a change's canary is watched after it was sent (--canary, --canary-wait): the pipeline looks
 * again until nothing of the canary is due now or the wait ends; the operation knows what to look at.
 */
export interface CanaryObserver {
  look(): Promise<CanaryLook>;
}

/**
 * How an object ended up after a run, as the report names it: `changed-elsewhere` is an object found
 * changed that this run never sent (or that was changed when its chunk was refused): another run did it.
 */
export type OutcomeKind = ObjectState | 'changed-elsewhere';

/** The kinds in the order every count and summary lists them. */
export const OUTCOME_KINDS: readonly OutcomeKind[] = ['changed', 'changed-elsewhere', 'unchanged', 'ended', 'other'];

/** Where an object is, and what the operation's report says about it beside its outcome (a migration: the definition it is on). */
export interface ObjectFound<D extends object = object> extends ObjectStateOf {
  detail: D;
}

/**
 * A whole kind of change for the pipeline of src/change/run.ts: how to send a chunk (a transaction of
 * its own), how to create an engine batch for ids, where each object is afterwards, and the names and
 * words of its outcomes. Everything else (journal, chunks, resume, Ctrl-C, --wait, the outcome check,
 * the report) is the pipeline's.
 */
export interface ChangeOperation<O extends string = string, D extends object = object> extends ChunkSender {
  /** Where each of `ids` is now, with what the report says of it. */
  statesOf(ids: readonly string[]): Promise<ObjectFound<D>[]>;
  /** One engine batch for `ids` (`--async`). */
  createBatch(ids: string[]): Promise<{ id: string; totalJobs: number; invocationsPerBatchJob: number }>;
  /** The command that lists such batches: what to run when the answer to `createBatch` was lost. */
  batchCheck: readonly string[];
  /** The name of each outcome in the report and the summary (a migration: `migrated`, `on-source`, …). */
  outcomeNames: Readonly<Record<OutcomeKind, O>>;
  /**
   * Turns a refusal of the engine into the failure to end with (after showing what explains it), or
   * returns the error as it is; `consequence` says what was not done.
   */
  explainRefusal(error: unknown, consequence: string): unknown;
  words: ChangeWords;
}

/**
 * The words of an operation, for the lines the pipeline's events become (src/render/change-events.ts)
 * and the sentences of its failures.
 */
export interface ChangeWords {
  /** `migrate` */
  verb: string;
  /** `migrated` */
  done: string;
  /** `instance`, `instances` */
  one: string;
  many: string;
  /** Where a changed object is, and where one not changed yet: `on the target`, `on the source`. */
  changed: string;
  unchanged: string;
  /** The change as something that ran: `the migration`. */
  run: string;
  /** Where a changed object is, in the sentence of a failure: `on the target definition`. */
  changedInFull: string;
  /** One request that changes the objects: `the execute` (one transaction). */
  request: string;
  /** What the check of a canary looks at: `on the target, no new incident` unless said. */
  canaryCheck?: string;
}
