/**
 * The result of `migration validate`: the engine's report unchanged, plus what the static validation
 * misses: activities with running instances that no instruction maps, and the pre-flight of the
 * instances (src/migration/preflight.ts) that predicts what the execute will do with them.
 */
import type { MigrationPlanReport } from '../engine/migration.js';
import type { PreflightReport } from '../migration/preflight.js';
import type { ActivityStatistics } from '../engine/process-definitions.js';
import type { MigrationPlanFile } from './schema.js';
import type { ResolvedDefinition } from './references.js';
import { closest } from '../util/suggest.js';
import { compareText } from '../util/text.js';

interface ActiveUnmappedActivity {
  activityId: string;
  instances: number;
}

/** An instruction naming an activity its model does not have, with the nearest ids of that model. */
export interface UnknownActivity {
  side: 'source' | 'target';
  activityId: string;
  /** The model's closest ids (or, when none is close, some of its ids); empty when the model could not be read. */
  nearest: string[];
  /** True when `nearest` holds close ids, false when it lists some of the model's ids instead. */
  close: boolean;
}

const UNKNOWN_ACTIVITY = /^(Source|Target) activity '(.*)' does not exist$/s;

/** The activities the engine reported as missing ("Target activity 'nope' does not exist"), each once. */
export function unknownActivities(report: MigrationPlanReport): { side: 'source' | 'target'; activityId: string }[] {
  const found = new Map<string, { side: 'source' | 'target'; activityId: string }>();
  for (const instruction of report.instructionReports) {
    for (const failure of instruction.failures) {
      const match = UNKNOWN_ACTIVITY.exec(failure);
      if (!match) continue;
      const side = match[1] === 'Source' ? 'source' : 'target';
      found.set(`${side}\u0000${match[2]}`, { side, activityId: match[2]! });
    }
  }
  return [...found.values()];
}

/** How many of a model's ids a hint lists when none is close to the unknown one. */
const LISTED_IDS = 10;

/** The ids of a model nearest to an unknown one; when none is near, the model's first ids. */
export function nearestIds(activityId: string, ids: readonly string[]): Pick<UnknownActivity, 'nearest' | 'close'> {
  const near = closest(activityId, ids);
  return near.length > 0 ? { nearest: near, close: true } : { nearest: ids.slice(0, LISTED_IDS), close: false };
}

/** The failure text the engine gives for an unknown activity, to put the hint next to it. */
export function unknownActivityFailure(activity: Pick<UnknownActivity, 'side' | 'activityId'>): string {
  return `${activity.side === 'source' ? 'Source' : 'Target'} activity '${activity.activityId}' does not exist`;
}

export interface ValidationResult {
  plan: string;
  /**
   * No instruction or variable failures and, with a pre-flight, no finding that makes the execute fail
   * (with --strict: no finding at all); without one, with --strict, no active but unmapped activity.
   */
  valid: boolean;
  strict: boolean;
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  /** The engine's MigrationPlanReportDto, unchanged. */
  report: MigrationPlanReport;
  activeUnmapped: ActiveUnmappedActivity[];
  /** Activities the engine reported as missing, with the nearest ids of their model. */
  unknownActivities: UnknownActivity[];
  /** Plan warnings, `file:line:column: path: message`. */
  warnings: string[];
  /** What the execute will do with the instances; absent where no pre-flight ran (the sweep's review). */
  preflight?: PreflightReport | undefined;
  summary: {
    instructions: number;
    instructionFailures: number;
    variableFailures: number;
    activeUnmapped: number;
  };
}

/** Statistics name a multi-instance activity's body `task#multiInstanceBody`; the plan maps `task`. */
function activityIdOf(statisticsId: string): string {
  return statisticsId.replace(/#multiInstanceBody$/, '');
}

function findActiveUnmapped(plan: MigrationPlanFile, statistics: readonly ActivityStatistics[]): ActiveUnmappedActivity[] {
  const mapped = new Set(plan.instructions.map((instruction) => instruction.sourceActivityIds[0]));
  const counts = new Map<string, number>();
  for (const row of statistics) {
    const activityId = activityIdOf(row.id);
    if (row.instances > 0 && !mapped.has(activityId)) counts.set(activityId, (counts.get(activityId) ?? 0) + row.instances);
  }
  return [...counts].map(([activityId, instances]) => ({ activityId, instances })).sort((a, b) => compareText(a.activityId, b.activityId));
}

export function buildValidationResult(input: {
  plan: string;
  planFile: MigrationPlanFile;
  strict: boolean;
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  report: MigrationPlanReport;
  statistics: readonly ActivityStatistics[];
  warnings: string[];
  unknownActivities?: UnknownActivity[];
  preflight?: PreflightReport | undefined;
}): ValidationResult {
  const instructionFailures = input.report.instructionReports.filter((report) => report.failures.length > 0).length;
  const variableFailures = Object.values(input.report.variableReports ?? {}).filter((report) => report.failures.length > 0).length;
  const activeUnmapped = findActiveUnmapped(input.planFile, input.statistics);
  const { preflight } = input;
  // The pre-flight knows the instances (its unmapped findings are the selected ones); without it, the
  // statistics of the whole source are all there is.
  const instancesFail = preflight
    ? preflight.summary.failures > 0 || (input.strict && preflight.summary.warnings > 0)
    : input.strict && activeUnmapped.length > 0;
  const failed = instructionFailures > 0 || variableFailures > 0 || instancesFail;
  return {
    plan: input.plan,
    valid: !failed,
    strict: input.strict,
    source: input.source,
    target: input.target,
    report: input.report,
    activeUnmapped,
    unknownActivities: input.unknownActivities ?? [],
    warnings: input.warnings,
    ...(preflight ? { preflight } : {}),
    summary: {
      instructions: input.planFile.instructions.length,
      instructionFailures,
      variableFailures,
      activeUnmapped: activeUnmapped.length,
    },
  };
}
