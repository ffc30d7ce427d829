/**
 * What a change run reports: where each object it covers is now, asked of the engine after the run
 * (not the HTTP status), counted by outcome, with how the run went. When the engine cannot be asked
 * (it went down during the run), the journal says what the engine confirmed, and the result says so.
 */
import { readFile } from 'node:fs/promises';
import type { ChunkSummary } from './chunks.js';
import { parseJournal } from './journal.js';
import { type ChangeOperation, type ObjectState, OUTCOME_KINDS, type OutcomeKind } from './operation.js';

export type RunModeKind = 'sync' | 'chunked' | 'async';

/** One object after the run: its id, its outcome (the operation's name of it), and the operation's detail. */
export type ObjectOutcome<O extends string = string, D extends object = object> = { id: string; outcome: O } & D;

/** --canary: how many objects went first, and what their check found. */
export interface CanarySummary {
  size: number;
  passed: boolean;
  problems: string[];
}

/** A batch the run created, as the result lists it (the engine's answer). */
export interface CreatedBatch {
  id: string;
  totalJobs: number;
  invocationsPerBatchJob: number;
}

export interface ChangeResult<O extends string = string, D extends object = object, B extends CreatedBatch = CreatedBatch> {
  mode: RunModeKind;
  engineVersion: string | null;
  selected: number;
  batches: B[];
  chunks: ChunkSummary | null;
  canary?: CanarySummary;
  /**
   * 'journal': the engine could not be asked after the run; every outcome is what the journal recorded
   * (confirmed chunks changed, the rest not changed as far as it knows, a chunk without an answer other).
   */
  outcomeFrom?: 'journal';
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  outcome: Record<O, number>;
  objects: ObjectOutcome<O, D>[];
}

/** What a run covered, for the outcome of each of its objects. */
export interface CoveredRun<B extends CreatedBatch = CreatedBatch> {
  mode: RunModeKind;
  ids: readonly string[];
  startedAt: Date;
  batches?: B[];
  chunks?: ChunkSummary | null;
  /** Objects found changed that another run changed, not this one. */
  changedElsewhere?: ReadonlySet<string>;
  canary?: CanarySummary | undefined;
}

export function countOutcomes<O extends string>(names: Readonly<Record<OutcomeKind, O>>, objects: readonly { outcome: O }[]): Record<O, number> {
  const counts = Object.fromEntries(OUTCOME_KINDS.map((kind) => [names[kind], 0])) as Record<O, number>;
  for (const { outcome } of objects) counts[outcome]++;
  return counts;
}

/** Asks the engine where every object of the run is, and makes the result. */
export async function checkOutcomes<O extends string, D extends object, B extends CreatedBatch>(
  operation: ChangeOperation<O, D>,
  run: CoveredRun<B>,
  engineVersion: () => Promise<string | null>,
): Promise<ChangeResult<O, D, B>> {
  const elsewhere = run.changedElsewhere ?? new Set<string>();
  const [found, version] = await Promise.all([operation.statesOf(run.ids), engineVersion().catch(() => null)]);
  const objects = found.map(
    ({ id, state, detail }) =>
      ({ id, outcome: operation.outcomeNames[state === 'changed' && elsewhere.has(id) ? 'changed-elsewhere' : state], ...detail }) as ObjectOutcome<O, D>,
  );
  return resultOf(operation, run, objects, { engineVersion: version });
}

/**
 * The result from the journal alone, when the engine cannot be asked: ids of confirmed chunks changed,
 * those another run changed as such, `unsent` (still to send when the run stopped, or in a chunk the
 * engine refused) unchanged, and the rest (a chunk whose answer was lost, objects settled by an earlier
 * run's check) other. `noDetail` is the operation's detail of an object the engine was not asked about.
 */
export async function outcomesFromJournal<O extends string, D extends object, B extends CreatedBatch>(
  operation: ChangeOperation<O, D>,
  run: CoveredRun<B> & { journalFile: string; unsent: ReadonlySet<string>; noDetail: D },
): Promise<ChangeResult<O, D, B>> {
  const state = parseJournal(await readFile(run.journalFile, 'utf8'), run.journalFile);
  const kindOf = (id: string): OutcomeKind => {
    if (state.confirmed.has(id)) return 'changed';
    if (state.elsewhere.has(id) || run.changedElsewhere?.has(id)) return 'changed-elsewhere';
    return run.unsent.has(id) ? 'unchanged' : 'other';
  };
  const objects = run.ids.map((id) => ({ id, outcome: operation.outcomeNames[kindOf(id)], ...run.noDetail }) as ObjectOutcome<O, D>);
  return resultOf(operation, run, objects, { engineVersion: null, outcomeFrom: 'journal' });
}

function resultOf<O extends string, D extends object, B extends CreatedBatch>(
  operation: ChangeOperation<O, D>,
  run: CoveredRun<B>,
  objects: ObjectOutcome<O, D>[],
  found: { engineVersion: string | null; outcomeFrom?: 'journal' },
): ChangeResult<O, D, B> {
  const finishedAt = new Date();
  return {
    mode: run.mode,
    engineVersion: found.engineVersion,
    selected: run.ids.length,
    batches: run.batches ?? [],
    chunks: run.chunks ?? null,
    ...(run.canary ? { canary: run.canary } : {}),
    ...(found.outcomeFrom ? { outcomeFrom: found.outcomeFrom } : {}),
    startedAt: run.startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - run.startedAt.getTime(),
    outcome: countOutcomes(operation.outcomeNames, objects),
    objects,
  };
}

/** The ids of `result` whose outcome is of one of `kinds`. */
export function idsOf<O extends string>(
  operation: Pick<ChangeOperation<O>, 'outcomeNames'>,
  result: Pick<ChangeResult<O>, 'objects'>,
  kinds: readonly OutcomeKind[],
): string[] {
  const names = new Set(kinds.map((kind) => operation.outcomeNames[kind]));
  return result.objects.filter((object) => names.has(object.outcome)).map((object) => object.id);
}

/** How many objects of `result` are of `kinds`. */
export function countOf<O extends string>(
  operation: Pick<ChangeOperation<O>, 'outcomeNames'>,
  result: Pick<ChangeResult<O>, 'outcome'>,
  kinds: readonly (ObjectState | 'changed-elsewhere')[],
): number {
  return kinds.reduce((sum, kind) => sum + result.outcome[operation.outcomeNames[kind]], 0);
}
