/**
 * The result of a migration run: where each submitted instance is now, asked of the engine by the
 * change pipeline (src/change/result.ts) and stated as a migration's (its plan and definitions, the
 * instances).
 */
import type { ChangeResult } from '../change/result.js';
import { checkOutcomes } from '../change/result.js';
import type { Batch } from '../engine/batches.js';
import type { ExecutionContext, ExecutionResult, FinishedRun } from './execute.js';
import { type MigrationDetail, migrationOperation } from './operation.js';
import type { InstanceOutcome } from './outcome.js';

export async function finish(context: ExecutionContext, run: FinishedRun): Promise<ExecutionResult> {
  const { movedElsewhere, ...covered } = run;
  const result = await checkOutcomes(migrationOperation(context), { ...covered, changedElsewhere: movedElsewhere }, () => context.client.system.version());
  return executionResultOf(context, result);
}

/** The pipeline's result as a migration states it: its plan and definitions after the mode, the objects as `instances`. */
export function executionResultOf(context: ExecutionContext, result: ChangeResult<InstanceOutcome['outcome'], MigrationDetail>): ExecutionResult {
  const { mode, objects, ...rest } = result;
  // The batches are the engine's answers to executeAsync (migrationOperation's createBatch), whole.
  const batches = rest.batches as Batch[];
  return { mode, plan: context.plan, source: context.source, target: context.target, ...rest, batches, instances: objects };
}
