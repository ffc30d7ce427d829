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
import type { Journal, JournalState } from '../change/journal.js';
import { classifyInstances, countOutcomes, type InstanceOutcome, markMovedElsewhere, type OutcomeCounts } from './outcome.js';
import { EngineHttpError } from '../engine/errors.js';

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
  /** --canary: how many instances went first, and what their check found (absent without a canary). */
  canary?: { size: number; passed: boolean; problems: string[] };
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
  /** Instances found on the target that another run moved there. */
  movedElsewhere?: ReadonlySet<string>;
  canary?: ExecutionResult['canary'];
}

export async function finish(context: ExecutionContext, run: FinishedRun): Promise<ExecutionResult> {
  const { mode, ids, startedAt, ...extra } = run;
  const [instances, engineVersion] = await Promise.all([
    classifyInstances(context.client.processInstances, ids, context.source.id, context.target.id).then((found) => markMovedElsewhere(found, extra.movedElsewhere ?? new Set())),
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
    ...(extra.canary ? { canary: extra.canary } : {}),
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
  /** Chunks this run sent before these (a canary): counted in the progress and the totals. */
  before?: { chunks: number; lastChunk: number } | undefined;
  /** Asked before every chunk: true stops after the chunk in flight (first Ctrl-C). */
  stopRequested: () => boolean;
  /** Aborts the chunk in flight (second Ctrl-C). */
  abandon: AbortSignal;
}

export interface ChunkedOutcome {
  failure: ChunkFailure | undefined;
  /** Instances of failed chunks that another run had moved to the target. */
  movedElsewhere: Set<string>;
  /** Every id this run sent (in the journal's `sent` events). */
  sent: Set<string>;
  interrupted: boolean;
  chunks: NonNullable<ExecutionResult['chunks']>;
}

/**
 * Sends the selection in chunks of sync executes. The journal records each chunk before it is sent and
 * after the engine answered, so a resume knows what was confirmed and re-checks only what was not.
 */
export async function runChunks(context: ExecutionContext, run: ChunkedRun, journal: Journal): Promise<ChunkedOutcome> {
  let chunk = run.before ? run.before.lastChunk + 1 : run.resumed ? run.resumed.lastChunk + 1 : 1;
  const total = (run.before?.chunks ?? 0) + Math.ceil(run.ids.length / run.chunkSize);
  let done = run.before?.chunks ?? 0;
  const movedElsewhere = new Set<string>();
  const sent = new Set<string>();
  const at = () => new Date().toISOString();
  const chunks = (failed: number) => ({ size: run.chunkSize, total, done, failed, journal: journal.file });
  for (let start = 0; start < run.ids.length; start += run.chunkSize) {
    if (run.stopRequested()) {
      await journal.append({ event: 'interrupted', at: at() });
      return { failure: undefined, movedElsewhere, sent, interrupted: true, chunks: chunks(0) };
    }
    // A chunk whose instances another run is moving at the same time is sent again with what is still
    // on the source, a few times; the rest is reported as moved by that other run.
    let ids = run.ids.slice(start, start + run.chunkSize);
    for (let attempt = 0; ; attempt++, chunk++) {
      // Every line about this send names it as the journal does, where that differs from its place.
      const name = chunkName({ position: done + 1, total, chunk });
      await journal.append({ event: 'sent', chunk, ids, at: at() });
      for (const id of ids) sent.add(id);
      let error: unknown;
      try {
        await context.client.migration.execute(executionRequest(context, ids), run.abandon);
      } catch (caught) {
        error = caught;
      }
      if (error === undefined) {
        await journal.append({ event: 'done', chunk, at: at() });
        context.info(`${name}: migrated ${ids.length} instance${ids.length === 1 ? '' : 's'}`);
        break;
      }
      if (error instanceof RequestAbandonedError) {
        await journal.append({ event: 'abandoned', chunk, at: at() });
        return { failure: undefined, movedElsewhere, sent, interrupted: true, chunks: chunks(0) };
      }
      const message = error instanceof Error ? error.message : String(error);
      // Either way the ids lack a `done`, so a resume asks the engine where they are before sending any.
      const unknown = outcomeUnknown(error);
      await journal.append({ event: unknown ? 'unknown' : 'failed', chunk, error: message, at: at() });
      // A chunk is one transaction: when the answer says nothing but the engine has its instances on the
      // target, it did migrate the chunk, and the run goes on.
      if (unknown && (await migratedAfterAll(context, ids))) {
        await journal.append({ event: 'done', chunk, at: at() });
        context.warn(`${name}: the answer did not say whether it was migrated (${message}), but the engine has its ${ids.length} instances on the target: migrated`);
        break;
      }
      const where = !unknown && anotherRunsMove(error) && attempt < MOVED_RETRIES ? await whereNow(context, ids) : undefined;
      if (where) {
        const elsewhere = where.filter((outcome) => outcome.outcome === 'migrated' || outcome.outcome === 'ended').map((outcome) => outcome.id);
        const onSource = where.filter((outcome) => outcome.outcome === 'on-source').map((outcome) => outcome.id);
        // Only instances that another run moved or ended, and the rest still on the source: anything
        // else (on a third definition, gone) is a failure to look at.
        if (elsewhere.length + onSource.length === ids.length) {
          for (const id of where.filter((outcome) => outcome.outcome === 'migrated').map((outcome) => outcome.id)) movedElsewhere.add(id);
          if (elsewhere.length > 0) {
            await journal.append({ event: 'elsewhere', chunk, ids: elsewhere, at: at() });
            context.warn(`${name}: ${elsewhere.length} of its ${ids.length} instances were moved by another run meanwhile (${message})${onSource.length > 0 ? `; sending the ${onSource.length} still on the source again` : ''}`);
          } else {
            context.warn(`${name}: ${message}; sending it again`);
          }
          if (onSource.length === 0) break;
          ids = onSource;
          await sleep(MOVED_BACKOFF_MS * (attempt + 1) + Math.floor(Math.random() * MOVED_BACKOFF_MS));
          continue;
        }
      }
      return {
        failure: { position: done + 1, total, chunk, ids, error, outcomeUnknown: unknown },
        movedElsewhere,
        sent,
        interrupted: false,
        chunks: chunks(1),
      };
    }
    chunk++;
    done++;
  }
  return { failure: undefined, movedElsewhere, sent, interrupted: run.stopRequested(), chunks: chunks(0) };
}

/** Sends of one chunk after another run's move, at most. */
const MOVED_RETRIES = 3;
const MOVED_BACKOFF_MS = 200;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether the engine refused a chunk because another run is migrating its instances: one is no longer
 * on the source (ENGINE-23002), or two transactions touched them at once (OptimisticLockingException).
 */
function anotherRunsMove(error: unknown): boolean {
  if (!(error instanceof EngineHttpError) || error.status !== 500) return false;
  return error.engineType === 'OptimisticLockingException' || /^ENGINE-23002 /.test(error.body?.message ?? '');
}

async function whereNow(context: ExecutionContext, ids: string[]): Promise<InstanceOutcome[] | undefined> {
  try {
    return await classifyInstances(context.client.processInstances, ids, context.source.id, context.target.id);
  } catch {
    return undefined;
  }
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
  const unconfirmed = state.start.ids.filter((id) => !state.confirmed.has(id));
  const outcomes = await classifyInstances(context.client.processInstances, unconfirmed, context.source.id, context.target.id);
  const pending = outcomes.filter((outcome) => outcome.outcome === 'on-source').map((outcome) => outcome.id);
  return { pending, settled: unconfirmed.length - pending.length };
}
