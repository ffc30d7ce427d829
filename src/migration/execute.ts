/**
 * Running a migration: one sync execute, chunks of sync executes with a journal, or an async batch.
 * Every mode ends by asking the engine where each submitted instance is now. Terminal-free: messages
 * go through the callbacks the command passes in.
 */
import type { Batch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import type { MigrationExecutionRequest, MigrationPlanRequest } from '../engine/migration.js';
import { outcomeUnknown } from '../engine/errors.js';
import { RequestAbandonedError } from '../engine/http.js';
import type { ResolvedDefinition } from '../plans/references.js';
import type { Journal, JournalState } from './journal.js';
import { classifyInstances, countOutcomes, type InstanceOutcome, type OutcomeCounts } from './outcome.js';

export interface ExecutionContext {
  client: EngineClient;
  plan: string;
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  migrationPlan: MigrationPlanRequest;
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
  info: (message: string) => void;
  warn: (message: string) => void;
}

export interface ChunkFailure {
  /** Where the chunk came in this run, 1-based, as the progress lines count ("chunk 3/6"). */
  position: number;
  total: number;
  /** Its number in the journal: the same as `position` unless the run was resumed. */
  chunk: number;
  ids: string[];
  error: unknown;
  /** The answer does not say whether the engine migrated the chunk: only asking it again does. */
  outcomeUnknown: boolean;
}

/** "chunk 3/6", with the journal's number when a resumed run counts differently. */
export function chunkName(failure: Pick<ChunkFailure, 'position' | 'total' | 'chunk'>): string {
  return `chunk ${failure.position}/${failure.total}${failure.chunk === failure.position ? '' : ` (journal chunk ${failure.chunk})`}`;
}

export interface ExecutionResult {
  mode: 'sync' | 'chunked' | 'async';
  plan: string;
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  engineVersion: string | null;
  selected: number;
  batches: Batch[];
  chunks: { size: number; total: number; done: number; failed: number; journal: string } | null;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  outcome: OutcomeCounts;
  instances: InstanceOutcome[];
}

export function executionRequest(context: ExecutionContext, ids: string[]): MigrationExecutionRequest {
  return {
    migrationPlan: context.migrationPlan,
    processInstanceIds: ids,
    skipCustomListeners: context.skipCustomListeners,
    skipIoMappings: context.skipIoMappings,
  };
}

/** What a run submitted, for the report of where each instance is now. */
export interface FinishedRun {
  mode: ExecutionResult['mode'];
  ids: readonly string[];
  startedAt: Date;
  batches?: Batch[];
  chunks?: ExecutionResult['chunks'];
}

export async function finish(context: ExecutionContext, run: FinishedRun): Promise<ExecutionResult> {
  const { mode, ids, startedAt, ...extra } = run;
  const [instances, engineVersion] = await Promise.all([
    classifyInstances(context.client.processInstances, ids, context.source.id, context.target.id),
    context.client.system.version().catch(() => null),
  ]);
  const finishedAt = new Date();
  return {
    mode,
    plan: context.plan,
    source: context.source,
    target: context.target,
    engineVersion,
    selected: ids.length,
    batches: extra.batches ?? [],
    chunks: extra.chunks ?? null,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    outcome: countOutcomes(instances),
    instances,
  };
}

export interface ChunkedRun {
  ids: string[];
  chunkSize: number;
  journalFile: string;
  /** Set when continuing an earlier run. */
  resumed?: JournalState | undefined;
  /** Asked before every chunk: true stops after the chunk in flight (first Ctrl-C). */
  stopRequested: () => boolean;
  /** Aborts the chunk in flight (second Ctrl-C). */
  abandon: AbortSignal;
}

export interface ChunkedOutcome {
  failure: ChunkFailure | undefined;
  interrupted: boolean;
  chunks: NonNullable<ExecutionResult['chunks']>;
}

/**
 * Sends the selection in chunks of sync executes. The journal records each chunk before it is sent and
 * after the engine answered, so a resume knows what was confirmed and re-checks only what was not.
 */
export async function runChunks(context: ExecutionContext, run: ChunkedRun, journal: Journal): Promise<ChunkedOutcome> {
  let chunk = run.resumed ? run.resumed.lastChunk + 1 : 1;
  const total = Math.ceil(run.ids.length / run.chunkSize);
  let done = 0;
  const at = () => new Date().toISOString();
  for (let start = 0; start < run.ids.length; start += run.chunkSize, chunk++) {
    if (run.stopRequested()) {
      await journal.append({ event: 'interrupted', at: at() });
      return { failure: undefined, interrupted: true, chunks: { size: run.chunkSize, total, done, failed: 0, journal: journal.file } };
    }
    const ids = run.ids.slice(start, start + run.chunkSize);
    await journal.append({ event: 'sent', chunk, ids, at: at() });
    try {
      await context.client.migration.execute(executionRequest(context, ids), run.abandon);
    } catch (error) {
      if (error instanceof RequestAbandonedError) {
        await journal.append({ event: 'abandoned', chunk, at: at() });
        return { failure: undefined, interrupted: true, chunks: { size: run.chunkSize, total, done, failed: 0, journal: journal.file } };
      }
      const message = error instanceof Error ? error.message : String(error);
      // Either way the ids lack a `done`, so a resume asks the engine where they are before sending any.
      const unknown = outcomeUnknown(error);
      await journal.append({ event: unknown ? 'unknown' : 'failed', chunk, error: message, at: at() });
      // A chunk is one transaction: when the answer says nothing but the engine has its instances on the
      // target, it did migrate the chunk, and the run goes on.
      if (unknown && (await migratedAfterAll(context, ids))) {
        await journal.append({ event: 'done', chunk, at: at() });
        done++;
        context.warn(`chunk ${done}/${total}: the answer did not say whether it was migrated (${message}), but the engine has its ${ids.length} instances on the target: migrated`);
        continue;
      }
      return {
        failure: { position: done + 1, total, chunk, ids, error, outcomeUnknown: unknown },
        interrupted: false,
        chunks: { size: run.chunkSize, total, done, failed: 1, journal: journal.file },
      };
    }
    await journal.append({ event: 'done', chunk, at: at() });
    done++;
    context.info(`chunk ${done}/${total}: migrated ${ids.length} instance${ids.length === 1 ? '' : 's'}`);
  }
  return { failure: undefined, interrupted: run.stopRequested(), chunks: { size: run.chunkSize, total, done, failed: 0, journal: journal.file } };
}

/** Whether the engine has every one of `ids` on the target (or ended since); false when it cannot say. */
async function migratedAfterAll(context: ExecutionContext, ids: string[]): Promise<boolean> {
  try {
    const outcomes = await classifyInstances(context.client.processInstances, ids, context.source.id, context.target.id);
    return outcomes.some((outcome) => outcome.outcome === 'migrated') && outcomes.every((outcome) => outcome.outcome === 'migrated' || outcome.outcome === 'ended');
  } catch {
    return false;
  }
}

/**
 * For --resume: of the ids the journal does not record as migrated, those still on the source
 * definition are sent again; the others (migrated by a chunk whose answer was lost, ended, moved) are not.
 */
export async function pendingAfterResume(context: ExecutionContext, state: JournalState): Promise<{ pending: string[]; settled: number }> {
  const unconfirmed = state.start.ids.filter((id) => !state.migrated.has(id));
  const outcomes = await classifyInstances(context.client.processInstances, unconfirmed, context.source.id, context.target.id);
  const pending = outcomes.filter((outcome) => outcome.outcome === 'on-source').map((outcome) => outcome.id);
  return { pending, settled: unconfirmed.length - pending.length };
}
