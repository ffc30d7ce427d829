/**
 * The shapes of a sweep's run (./sweep-run.ts) that its report (./report.ts) and its renderer read: in
 * a file of their own, so that the report does not import the run.
 */
import type { ChangeFailedError } from '../change/errors.js';
import type { JournalEngine } from '../change/journal.js';
import type { Batch } from '../engine/batches.js';
import type { ResolvedDefinition } from '../plans/references.js';
import type { ExecutionResult } from './execute.js';
import type { PlanToRun, PrepareOptions } from './run-types.js';
import type { SweepStatus } from './sweep.js';

/** One plan of the plans directory, read and resolved. */
export interface SweepPlanToRun {
  /** Its file name in the plans directory. */
  file: string;
  /** Its journal, in the run directory. */
  journalFile: string;
  plan: PlanToRun;
}

export interface SweepRunOptions {
  key: string;
  sweepJournal: string;
  resume: boolean;
  /** Resumed because the sweep journal says the sweep finished (a plain re-run): nothing to do. */
  finishedEarlier?: boolean;
  /** Start over existing journals. */
  force: boolean;
  engine: JournalEngine;
  chunkSize: number | undefined;
  canary: number | undefined;
  async: { wait: boolean; intervalMs: number; waitTimeoutMs: number | undefined } | undefined;
  dryRun: boolean;
  continueOnFailure: boolean;
  prepare: PrepareOptions;
  /** Takes the lock of a version's journal for the time its version runs; resolves to its release. */
  lock: (journalFile: string) => Promise<() => Promise<void>>;
}

export type SweepVersionState = 'done' | 'nothing' | 'submitted' | 'failed' | 'interrupted' | 'not-run' | 'dry-run';

export interface SweepVersionOutcome {
  version: number;
  file: string;
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  status: SweepVersionState;
  /** Instances this run selected (or had left to send, when resumed). */
  selected: number;
  /** Settled by an earlier run of this sweep; its outcome is asked for again. */
  earlier: boolean;
  /** Where every instance of the version's journal is now (none for a version not run). */
  result: ExecutionResult | undefined;
  batch: Batch | undefined;
  error: string | undefined;
}

export interface SweepOutcome {
  key: string;
  sweepJournal: string;
  dryRun: boolean;
  versions: SweepVersionOutcome[];
  failure: ChangeFailedError | undefined;
}

/** The review as printed: with -o json/yaml this object, without the plans themselves. */
export interface SweepReviewSummary {
  key: string;
  target: ResolvedDefinition;
  strict: boolean;
  valid: boolean;
  versions: {
    version: number;
    definitionId: string;
    instances: number;
    instructions: number | null;
    overridden: number;
    status: SweepStatus;
    firstFailure: string | null;
    activeUnmapped: { activityId: string; instances: number }[];
    /** The plan written with --out-dir. */
    file: string | null;
  }[];
  outDir: string | null;
}

export interface SweepRunSummary {
  key: string;
  sweepJournal: string;
  dryRun: boolean;
  versions: {
    version: number;
    file: string;
    source: ResolvedDefinition;
    target: ResolvedDefinition;
    status: SweepVersionState;
    earlier: boolean;
    selected: number;
    outcome: Record<'migrated' | 'already-migrated' | 'on-source' | 'ended' | 'unknown', number> | null;
    batches: string[];
    canary: { size: number; passed: boolean } | null;
    error: string | null;
  }[];
}
