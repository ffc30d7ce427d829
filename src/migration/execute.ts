/**
 * What every mode of a migration run shares: the request of a chunk, and the result, which asks the
 * engine where each submitted instance is now (./result.ts). The modes: src/change/run.ts, by ./carry-out.ts.
 */
import type { MigrationJournalState } from './journal-scope.js';
import type { Batch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import type { MigrationExecutionRequest, MigrationPlanRequest } from '../engine/migration.js';
import type { ResolvedDefinition } from '../plans/references.js';
import type { ChunkSummary } from '../change/chunks.js';
import { classifyInstances, type InstanceOutcome, type OutcomeCounts } from './outcome.js';

export interface ExecutionContext {
  client: EngineClient;
  plan: string;
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  migrationPlan: MigrationPlanRequest;
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
}

export interface ExecutionResult {
  mode: 'sync' | 'chunked' | 'async';
  plan: string;
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  engineVersion: string | null;
  selected: number;
  batches: Batch[];
  chunks: ChunkSummary | null;
  /** --canary: how many instances went first, and what their check found (absent without a canary). */
  canary?: { size: number; passed: boolean; problems: string[] };
  /** 'journal': the engine could not be asked after the run; the outcome is what the journal confirmed. */
  outcomeFrom?: 'journal';
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

/**
 * For --resume: of the ids the journal does not record as migrated, those still on the source
 * definition are sent again; the others (migrated by a chunk whose answer was lost, ended, moved) are not.
 */
export async function pendingAfterResume(context: ExecutionContext, state: MigrationJournalState): Promise<{ pending: string[]; settled: number }> {
  const unconfirmed = state.start.ids.filter((id) => !state.confirmed.has(id));
  const outcomes = await classifyInstances(context.client.processInstances, unconfirmed, context.source.id, context.target.id);
  const pending = outcomes.filter((outcome) => outcome.outcome === 'on-source').map((outcome) => outcome.id);
  return { pending, settled: unconfirmed.length - pending.length };
}
