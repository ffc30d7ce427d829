/**
 * What a bulk run reports beside the change pipeline's events (src/change/events.ts), as data:
 * src/render/bulk.ts says them.
 */
export type BulkEvent =
  /** Ids given that the engine does not have (ended, never existed) or that the query does not match: not sent. */
  | { type: 'not-selected'; ids: readonly string[]; many: string; because?: string | undefined }
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
  /**
   * The failed jobs of a batch, and why each object of it that was not changed was not (the message of
   * the job that names it, or presumably one of the batch's failed jobs: src/bulk/batch-failures.ts).
   */
  | {
      type: 'batch-job-failures';
      batchId: string;
      failedJobs: number;
      objects: readonly { id: string; reason: string }[];
      jobs: readonly { jobId: string; message: string }[];
      words: { one: string; many: string; done: string };
    };
