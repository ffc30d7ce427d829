/**
 * What a bulk run reports beside the change pipeline's events (src/change/events.ts), as data:
 * src/render/bulk.ts says them.
 */
export type BulkEvent =
  /** Ids given that the engine does not have (ended, never existed) or that the query does not match: not sent. */
  | { type: 'not-selected'; ids: readonly string[]; many: string }
  /** A selection that found nothing to change: nothing is sent, which is success. */
  | { type: 'nothing-selected'; verb: string; many: string; parts: readonly string[] }
  /** Selected objects the operation's goal holds for already: not sent. */
  | { type: 'already-changed'; count: number; one: string; many: string; state: string }
  /** --annotation: the operations annotated (their operation ids). */
  | { type: 'annotated'; operationIds: readonly string[]; expected: number }
  /** --annotation: no entry of the change was found in the user operation log. */
  | { type: 'annotation-not-found'; operationType: string }
  /** --annotation failed (after the change): why. */
  | { type: 'annotation-failed'; reason: string }
  /** The failed jobs of a batch: their exception messages (batch job failures are per job, each for some objects). */
  | { type: 'batch-job-failures'; batchId: string; failures: readonly { jobId: string; message: string }[] };
