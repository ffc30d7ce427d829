/**
 * The shapes the steps of a migration run share (./pipeline.ts, ./prepare.ts, ./carry-out.ts,
 * ./chunked-run.ts, ./canary-run.ts, ./sweep-run.ts): in a file of their own, so that no step imports
 * another for its types.
 */
import type { ChangeFailedError } from '../change/errors.js';
import type { ChangeHost } from '../change/host.js';
import type { ChangeMode, CanaryStep } from '../change/run-types.js';
import type { Batch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import type { InstanceValidationReport, MigrationExecutionRequest, MigrationPlanReport } from '../engine/migration.js';
import type { LoadedPlan } from '../plans/load.js';
import type { ResolvedPlan } from '../plans/resolve.js';
import type { ValidationResult } from '../plans/validation.js';
import type { CanaryCheck } from './canary.js';
import type { ExecutionContext, ExecutionResult } from './execute.js';
import type { IdList } from '../input/id-set.js';
import type { MigrationJournalState } from './journal-scope.js';
import type { PreflightReport } from './preflight.js';
import type { SelectionRequest } from './selection.js';

/** What a migration needs from the command that runs it: the change pipeline's host, the engine, and its tables. */
export interface MigrationHost extends ChangeHost {
  client: EngineClient;
  /** The tables that explain a refusal, on stderr. */
  showValidation(result: ValidationResult): void;
  /** The findings of the instances' pre-flight: a table on stderr (its warnings hidden by --quiet). */
  showPreflight(report: PreflightReport): void;
  showPlanReport(report: MigrationPlanReport): void;
  showInstanceReport(report: InstanceValidationReport): void;
  /** The check of a canary: a table on stderr (a failed one even with --quiet). */
  showCanary(check: CanaryCheck): void;
}

/** A plan, read and resolved against the engine. */
export interface PlanToRun {
  /** The plan's name in messages, the journal and the report: its file, or <stdin>. */
  name: string;
  loaded: LoadedPlan;
  resolved: ResolvedPlan;
}

/** Which instances: a selection to resolve, or the pending ids of a journal being resumed. */
export type SelectionToRun =
  /** `idsGiven`: ids were listed one by one (flags, a file, the plan): a list that finds nothing is a mistake upstream. */
  { kind: 'select'; request: SelectionRequest; idsGiven: boolean } | { kind: 'resume'; journalFile: string; state: MigrationJournalState };

export interface PrepareOptions {
  skipValidation: boolean;
  /** The flags; when not given, the plan's own values (false by default). */
  skipCustomListeners: boolean | undefined;
  skipIoMappings: boolean | undefined;
  /** --allow-pending-batch: run although a pending migration batch may hold the same instances. */
  allowPendingBatch?: boolean | undefined;
  /** --canary-wait in milliseconds: how long a canary is watched while its jobs are due (default 0). */
  canaryWaitMs?: number | undefined;
}

/** A run checked and counted, ready to be confirmed and carried out. */
export interface PreparedMigration {
  plan: PlanToRun;
  context: ExecutionContext;
  /** `invoice:1 (…) -> invoice:2 (…)` */
  direction: string;
  /** The ids to send: the selection, or what a resumed journal still has on the source. */
  ids: IdList;
  /** What the selection was made of, for messages: "3 from --instances", "--all-instances". */
  parts: string[];
  resumed: { journalFile: string; state: MigrationJournalState } | undefined;
  /**
   * A selection by queries only that found no instance on the source: all moved already (a re-run),
   * or none ever ran. Nothing is left to do, which is success.
   */
  nothingSelected: boolean;
  /** How long a canary of this run is watched while its jobs are due (--canary-wait), in milliseconds. */
  canaryWaitMs: number;
  /** Selected instances found on the target already (a repeated run): not sent, and said so. */
  alreadyChanged: number;
}

/** How the prepared run is sent: the change pipeline's modes (src/change/run-types.ts). */
export type RunMode = ChangeMode;

export interface RunOptions {
  mode: RunMode;
  /** Where the outcome of every instance goes (--report); checked before anything was sent. */
  report?: string | undefined;
  /** --canary N: migrate and check N instances before the rest (a resumed journal's own when not given). */
  canary?: number | undefined;
}

/** What a run ended with: a result when the engine was asked where the instances are, and why it did not fully succeed. */
export interface RunOutcome {
  result: ExecutionResult | undefined;
  /** An async run without --wait: the batch it created. */
  batch: Batch | undefined;
  failure: ChangeFailedError | undefined;
}

/** `migration execute` from resolution to outcome, or the request bodies of a dry run. */
export type MigrationOutcome =
  | {
      kind: 'dry-run';
      template: MigrationExecutionRequest;
      idLists: IdList[];
      chunkSize: number | undefined;
      async: boolean;
      ids: number;
      canary: number | undefined;
    }
  | ({ kind: 'run' | 'nothing-to-migrate' } & RunOutcome);

/** A canary sent and checked: its summary, and the failure that stops the run, if any. */
export type CanaryPhase = CanaryStep;
