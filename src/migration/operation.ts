/**
 * Migration as an operation of the change pipeline (src/change/operation.ts): a chunk is one sync
 * execute, and an instance is changed when it is on the target definition.
 */
import type { ChunkSender, ObjectState } from '../change/operation.js';
import { EngineHttpError } from '../engine/errors.js';
import { type ExecutionContext, executionRequest } from './execute.js';
import { classifyInstances, type InstanceOutcome } from './outcome.js';

const STATES: Record<InstanceOutcome['outcome'], ObjectState> = {
  migrated: 'changed',
  'already-migrated': 'changed',
  'on-source': 'unchanged',
  ended: 'ended',
  unknown: 'other',
};

export function migrationSender(context: ExecutionContext): ChunkSender {
  return {
    sendChunk: (ids, signal) => context.client.migration.execute(executionRequest(context, ids), signal),
    statesOf: async (ids) => (await classifyInstances(context.client.processInstances, ids, context.source.id, context.target.id)).map(({ id, outcome }) => ({ id, state: STATES[outcome] })),
    overlapsAnotherRun: anotherRunsMove,
  };
}

/**
 * Whether the engine refused a chunk because another run is migrating its instances: one is no longer
 * on the source (ENGINE-23002), or two transactions touched them at once (OptimisticLockingException).
 */
function anotherRunsMove(error: unknown): boolean {
  if (!(error instanceof EngineHttpError) || error.status !== 500) return false;
  return error.engineType === 'OptimisticLockingException' || /^ENGINE-23002 /.test(error.body?.message ?? '');
}
