/**
 * What a bulk operation module (./operations/<name>.ts) provides on top of the change pipeline's
 * ChangeOperation (src/change/operation.ts): its name, which selected objects it still has to change,
 * the requests a dry run prints, the user operation log entries it makes (for --annotation), the
 * batch permission (for the pre-check of --async), and its report's columns.
 */
import type { CanaryObserver, ChangeOperation } from '../change/operation.js';
import type { ReportColumns } from '../change/report-file.js';
import type { ObjectOutcome } from '../change/result.js';

/** A request as the dry run prints it: method, path below the engine root, body. */
export interface BulkRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Below the engine's REST root: `/process-instance/suspended`. */
  path: string;
  body: unknown;
}

export interface BulkOperation<R = unknown, O extends string = string, D extends object = object> extends ChangeOperation<O, D> {
  /** `suspend`: recorded in the journal (a resume with another operation is refused) and the report. */
  name: string;
  /**
   * What the change is beyond its name, as given (the variables to set, the options of a delete):
   * recorded in the journal; a resume with other parameters is refused.
   */
  parameters?: Record<string, unknown> | undefined;
  /** Whether a selected object (the engine's row) still has to be changed; the others are not sent. */
  pending(row: R): boolean;
  /**
   * Refuses (throws) a frozen selection the change cannot do, after its preview and before the
   * question: what `pending` saw of its rows (definitions without time-to-live for a calculated
   * removal time). Not asked on a resume.
   */
  checkSelection?(): Promise<void>;
  /**
   * What one chunk sends (the synchronous request; one per object where the engine has no request for
   * many), and what one batch's creation sends.
   */
  chunkRequest(ids: string[]): BulkRequest | BulkRequest[];
  batchRequest(ids: string[]): BulkRequest;
  /**
   * The user operation log entry one request of the change writes (UserOperationLogEntry): what
   * --annotation looks for. `property`: one property every such entry has, to find one row per request.
   */
  opLog: OpLogEntryKind & {
    /** The entry of the batch's creation, where it differs from a synchronous request's. */
    batch?: OpLogEntryKind | undefined;
    /** A chunk is one request per object (jobs' retries): every object sent wrote an entry of its own. */
    perObject?: boolean;
  };
  /**
   * Whether the objects the selection found changed already (not sent) count in the outcome, as
   * changed elsewhere and among the selected (`history removal-time set`: `already-set` is "found so,
   * but not sent by this run"); and whether a run that selected nothing prints no outcome table
   * (-o json|yaml still print the summary with zero counts).
   */
  countsAlreadyChanged?: boolean;
  /** The permission on Batch (besides CREATE) that lets a user create the operation's batch. */
  batchPermission: string;
  /** What a canary's objects are watched for during --canary-wait (jobs failing again); none: only their state is checked. */
  watchCanary?(ids: readonly string[]): CanaryObserver;
  /**
   * What the operation must know again when a journal is resumed, taken before the selection is
   * frozen (a retry's failure mark): recorded in the journal's start, given back by `resumeScope`.
   * The same object on every call.
   */
  journalScope?(): Promise<Record<string, unknown>>;
  /** The start of a resumed journal: what `journalScope` recorded. */
  resumeScope?(start: Readonly<Record<string, unknown>>): void;
  /** What the report says of an object the engine could not be asked about (it went down during the run). */
  noDetail: D;
  /** The CSV report's columns beside the id and the outcome (src/change/report-file.ts). */
  report: ReportColumns<ObjectOutcome<O, D>>;
}

/** A kind of user operation log entry; `property` absent: the entry has no property (PropertyChange.EMPTY_CHANGE). */
export interface OpLogEntryKind {
  operationType: string;
  entityType: string;
  property?: string | undefined;
}
