/** The shapes of the pre-flight (./preflight.ts), in a file of their own so that renderers and steps import no code for them. */
import type { ActivityStatistics } from '../engine/process-definitions.js';
import type { MigrationPlanReport } from '../engine/migration.js';
import type { ResolvedDefinition } from '../plans/references.js';
import type { IdList } from '../input/id-set.js';

/**
 * - `failing-instruction`: waiting in an activity whose instruction the engine's validation refuses (a
 *   target activity that does not exist, say): the engine refuses the plan, and with it these instances;
 * - `unmapped`: waiting in an activity no instruction maps (the engine: "There is no migration instruction for this instance's activity");
 * - `async-continuation`: waiting in an asynchronous continuation before or after a mapped activity;
 * - `incident`: an open incident in a mapped activity;
 * - `removed-incident`: an open incident in an activity no instruction maps that the instance does not
 *   wait in (a boundary timer event, say): it is removed with its job;
 * - `failing-job`: a job in a mapped activity that failed and is still retried;
 * - `calling`: a parent whose call activity waits for child instances (of other definitions);
 * - `called`: a child, called by another instance's call activity.
 */
export type FindingKind = 'failing-instruction' | 'unmapped' | 'async-continuation' | 'incident' | 'removed-incident' | 'failing-job' | 'calling' | 'called';

/** `fails`: the engine refuses these instances, and with them the request; `warns`: they migrate, with a consequence to know. */
export type FindingEffect = 'fails' | 'warns';

/** Instances of one definition: the children of the parents found, or the parents of the children. */
export interface RelatedDefinition {
  definitionId: string;
  /** `archive-invoice:1`, or the id when the definition cannot be read. */
  definition: string;
  instances: number;
}

interface FindingBase {
  effect: FindingEffect;
  /** The source activity; null where the finding is about instances rather than one activity. */
  activityId: string | null;
  /** What the plan maps the activity to; null when nothing does (or there is no activity). */
  targetActivityId: string | null;
  /** The instances, sorted. */
  instances: string[];
}

export type PreflightFinding = FindingBase &
  (
    | { kind: 'failing-instruction'; failures: string[] }
    | { kind: 'unmapped' }
    | { kind: 'async-continuation'; jobConfiguration: string; targetIsAsync: boolean }
    | { kind: 'incident'; incidentType: string; incidents: number; message: string | null }
    | { kind: 'removed-incident'; incidentType: string; incidents: number; message: string | null }
    | { kind: 'failing-job'; jobs: number; leastRetries: number; message: string | null }
    | { kind: 'calling'; children: RelatedDefinition[] }
    | { kind: 'called'; parents: RelatedDefinition[] }
  );

export interface PreflightReport {
  /** `selection`: the instances selected for the run; `source`: every running instance of the source (a plan without a selection). */
  scope: 'selection' | 'source';
  /** How many instances were looked at. */
  instances: number;
  findings: PreflightFinding[];
  /** `refusedInstances`: the instances of the failures (each once), which the engine would refuse. */
  summary: { failures: number; warnings: number; refusedInstances: number };
}

export interface PreflightRequest {
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  instructions: readonly { sourceActivityIds: readonly string[]; targetActivityIds: readonly string[] }[];
  /** The source's activity statistics, with incidents (`activityStatistics(id, { incidents: true })`). */
  statistics: readonly ActivityStatistics[];
  /** The selected instances (all on the source); undefined: every running instance of the source. */
  selection?: IdList | undefined;
  /** The engine's report of the plan (`migration validate`): the instances of a failing instruction are found too. */
  planReport?: MigrationPlanReport | undefined;
}
