/**
 * What a change run reports while it runs, as data: the pipeline and its operations emit these, and
 * src/render/change-events.ts turns each into the line an operator reads (or, later, one line of a
 * machine-readable progress stream). The words of an operation (`migrated`, `instances`, `on the
 * target`) are the renderer's; an event names counts, ids, chunks and files.
 */

/** A chunk as the progress lines name it: its place in this run, and its journal number when that differs. */
export interface ChunkPlace {
  position: number;
  total: number;
  chunk: number;
}

export type ChangeEvent =
  /** The selection resolved into `count` ids; `scope` says what changes (a migration: source -> target). */
  | { type: 'selection-resolved'; count: number; scope: string }
  /** A selection by queries only that found nothing to change: nothing is sent, which is success. */
  | { type: 'nothing-selected'; where: string; parts: readonly string[] }
  /**
   * Selected objects that are changed already (a repeated run: a migration's instances on the target):
   * not sent again. `all`: none is left to send. `where` is where the rest had to be, `scope` where they are.
   */
  | { type: 'already-changed'; count: number; all: boolean; where: string; scope: string }
  /** A journal whose run finished: a plain re-run has nothing to do, and succeeds. */
  | { type: 'already-done'; journal: string }
  /** A resumed journal: what it confirmed, what is no longer to do, what is left. */
  | { type: 'resumed'; journal: string; confirmed: number; total: number; settled: number; pending: number; scope: string }
  /** Nothing left to send (a resumed run whose every object is settled). */
  | { type: 'nothing-left' }
  /** The engine confirmed a chunk. */
  | { type: 'chunk-done'; chunk: ChunkPlace; count: number }
  /** A chunk's answer was lost, but every object of it is changed: it was done. */
  | { type: 'chunk-recovered'; chunk: ChunkPlace; reason: string; count: number }
  /** A chunk was refused because another run changed some of its objects meanwhile: the rest is sent again. */
  | { type: 'chunk-overlap'; chunk: ChunkPlace; reason: string; count: number; elsewhere: number; resent: number }
  /** The first Ctrl-C (or SIGTERM) of a chunked run: the chunk in flight is finished, then the run stops. */
  | { type: 'stopping'; offerAbandon: boolean }
  /** A canary was sent and answered; its check follows. */
  | { type: 'canary-sent'; total: number; count: number }
  /** A resumed journal whose canary failed: the run goes on with the rest. */
  | { type: 'canary-failed-earlier'; journal: string; problem: string | undefined }
  /** A resumed journal whose canary was sent and never checked: checked now. */
  | { type: 'canary-check-resumed'; journal: string; count: number }
  /** Objects found changed that another run changed, not this one. */
  | { type: 'changed-by-another'; count: number }
  /** The ids of a failed chunked run, by where they are now (lines before the error). */
  | { type: 'outcome-lists'; done: readonly string[]; elsewhere: readonly string[]; notDone: readonly string[] }
  /**
   * A batch was created; `followed`: the run watches it now. `chunk`: of a run of one batch per chunk;
   * `found`: created by the run before, whose answer was lost, and found on the engine.
   */
  | { type: 'batch-created'; batchId: string; count: number; jobs: number; perJob: number; followed: boolean; chunk?: ChunkPlace; found?: boolean }
  /** The --report file was written. */
  | { type: 'report-written'; file: string }
  /** The report file could not be written, after another failure that the command ends with. */
  | { type: 'report-not-written'; reason: string };

/** A run of several selections one after another (a sweep's versions): what it says between them. */
export type GroupEvent =
  /** One selection of the run starts: `name` (a plan file), its place ("version 2 of 3") and its count. */
  | { type: 'group-started'; name: string; place: string; count: number }
  /** Its batch was created by an earlier run of the same journal: not sent again. */
  | { type: 'group-batch-earlier'; name: string; batchId: string }
  /** No selection of the run has anything left to send. */
  | { type: 'nothing-left-anywhere' }
  /** Ctrl-C between selections: the one in flight ends, the next is not started. */
  | { type: 'stopping-after-group' };
