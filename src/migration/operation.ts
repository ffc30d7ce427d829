/**
 * Migration as an operation of the change pipeline (src/change/operation.ts): a chunk is one sync
 * execute, a batch is one executeAsync, and an instance is changed when it is on the target definition.
 */
import type { ChangeOperation, ChangeWords, ChunkSender, ObjectState, OutcomeKind } from '../change/operation.js';
import { EngineHttpError } from '../engine/errors.js';
import { type ExecutionContext, executionRequest } from './execute.js';
import { classifyInstances, type InstanceOutcome } from './outcome.js';
import { explainRefusal } from './refusal.js';
import type { MigrationHost } from './run-types.js';

export const MIGRATION_WORDS: ChangeWords = {
  verb: 'migrate',
  done: 'migrated',
  one: 'instance',
  many: 'instances',
  changed: 'on the target',
  unchanged: 'on the source',
  run: 'the migration',
  changedInFull: 'on the target definition',
  request: 'the execute',
};

type MigrationOutcomeName = InstanceOutcome['outcome'];

/** Each outcome of the pipeline by its name in a migration's report. */
export const MIGRATION_OUTCOMES: Readonly<Record<OutcomeKind, MigrationOutcomeName>> = {
  changed: 'migrated',
  'changed-elsewhere': 'already-migrated',
  unchanged: 'on-source',
  ended: 'ended',
  other: 'unknown',
};

const STATES: Record<MigrationOutcomeName, ObjectState> = {
  migrated: 'changed',
  'already-migrated': 'changed',
  'on-source': 'unchanged',
  ended: 'ended',
  unknown: 'other',
};

/** What a migration's report says of an instance beside its outcome: the definition it is on. */
export interface MigrationDetail {
  definitionId: string | null;
}

export type MigrationOperation = ChangeOperation<MigrationOutcomeName, MigrationDetail>;

/** `host` shows the tables that explain a refusal; without it (only asking where instances are) a refusal stays as it is. */
export function migrationOperation(context: ExecutionContext, host?: Pick<MigrationHost, 'showPlanReport' | 'showInstanceReport'>): MigrationOperation {
  return {
    sendChunk: (ids, signal) => context.client.migration.execute(executionRequest(context, ids), signal),
    createBatch: (ids) => context.client.migration.executeAsync(executionRequest(context, ids)),
    batchCheck: ['batch', 'list', '--type', 'instance-migration'],
    statesOf: async (ids) =>
      (await classifyInstances(context.client.processInstances, ids, context.source.id, context.target.id)).map(({ id, outcome, definitionId }) => ({
        id,
        state: STATES[outcome],
        detail: { definitionId },
      })),
    overlapsAnotherRun: anotherRunsMove,
    outcomeNames: MIGRATION_OUTCOMES,
    explainRefusal: (error, consequence) => (host ? explainRefusal(host, error, consequence) : error),
    words: MIGRATION_WORDS,
  };
}

/** The operation as the chunk loop needs it (./canary-run.ts sends the canary through it). */
export function migrationSender(context: ExecutionContext): ChunkSender {
  return migrationOperation(context);
}

/**
 * Whether the engine refused a chunk because another run is migrating its instances: one is no longer
 * on the source (ENGINE-23002), or two transactions touched them at once (OptimisticLockingException).
 */
function anotherRunsMove(error: unknown): boolean {
  if (!(error instanceof EngineHttpError) || error.status !== 500) return false;
  return error.engineType === 'OptimisticLockingException' || /^ENGINE-23002 /.test(error.body?.message ?? '');
}
