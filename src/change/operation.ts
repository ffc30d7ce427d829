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
