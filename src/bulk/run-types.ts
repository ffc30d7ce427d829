/**
 * The shapes of a bulk run (./run.ts): the request a command builds, what the run needs of the
 * command (its environment and host), and the outcome it returns.
 */
import type { Readable } from 'node:stream';
import type { ChangeFailedError } from '../change/errors.js';
import type { ChangeHost } from '../change/host.js';
import type { JournalEngine } from '../change/journal.js';
import type { ChangeResult, CreatedBatch } from '../change/result.js';
import type { EngineClient } from '../engine/client.js';
import type { BulkEvent } from './events.js';
import type { ObjectKind, QueryBody } from './object-kind.js';
import type { BulkOperation, BulkRequest } from './operation.js';
import type { BulkPreview } from './preview.js';

/** What a bulk command runs: the kind of object it selects and the operation it applies. */
export interface BulkSpec<R, O extends string, D extends object> {
  kind(client: EngineClient): ObjectKind<R>;
  operation(client: EngineClient): BulkOperation<R, O, D>;
  /** The command's own filters as a query body (they may need the engine: a key and version resolved); undefined: none given. */
  filters(client: EngineClient): Promise<{ query: QueryBody; parts: string[] } | undefined>;
  /** `instance suspend`: for messages and the hint of a lock take-over. */
  command: string;
}

export interface BulkRunRequest {
  selection: {
    /** --instances, split. */
    instances: string[] | undefined;
    instancesFile: string | undefined;
    queryFile: string | undefined;
  };
  dryRun: boolean;
  async: { wait: boolean; intervalMs: number; waitTimeoutMs: number | undefined } | undefined;
  chunkSize: number | undefined;
  canary: number | undefined;
  canaryWaitMs: number;
  journalFile: string;
  resume: boolean;
  report: string | undefined;
  force: boolean;
  takeOverLock: boolean;
  takeOverCommand: string;
  annotation: string | undefined;
}

/** What a bulk run reports to the command: the change pipeline's host, its own events, the preview. */
export interface BulkHost extends ChangeHost {
  emitBulk(event: BulkEvent): void;
  showPreview(preview: BulkPreview): void;
}

export interface BulkEnvironment {
  stdin: Readable & { isTTY?: boolean };
  client(options: { bulk: boolean }): Promise<EngineClient>;
  engine(): Promise<JournalEngine>;
  host(client: EngineClient): Promise<BulkHost>;
  /** The user the requests authenticate as (Basic auth), to find its user operation log entries. */
  user: string | undefined;
  warn(message: string): void;
}

/** One kind of request a dry run would send: `perObject`, once for every object (its id in the URL as `{id}`). */
export interface DryRunShape {
  method: BulkRequest['method'];
  url: string;
  perObject: boolean;
}

export type BulkOutcome<O extends string = string, D extends object = object> =
  | {
      kind: 'dry-run';
      /** As printed: a request sent once per object may stand for all of them, with `{id}` in its URL. */
      requests: (BulkRequest & { url: string })[];
      /** How many requests the run would send, and of which kinds. */
      sends: number;
      shapes: DryRunShape[];
      count: number;
      chunkSize: number | undefined;
      canary: number | undefined;
      async: boolean;
    }
  | {
      kind: 'run' | 'nothing-selected';
      result: ChangeResult<O, D> | undefined;
      batch: CreatedBatch | undefined;
      failure: ChangeFailedError | undefined;
      /** A run of one batch per chunk without --wait: its batches. */
      batches?: CreatedBatch[] | undefined;
    };
