/** Migration plans and validation reports as tables. */
import type { InstructionReport } from '../engine/migration.js';
import { describeDefinition } from '../migration/describe-definition.js';
import type { PreflightFinding, PreflightReport, RelatedDefinition } from '../migration/preflight.js';
import { unknownActivityFailure, type UnknownActivity, type ValidationResult } from '../plans/validation.js';
import type { Style } from './style.js';
import type { View } from './output.js';
import { renderTable } from './table.js';
import { plural } from '../util/text.js';

export { describeDefinition };

function mapping(report: InstructionReport): string {
  const instruction = report.instruction;
  if (!instruction) return '(no instruction)';
  const first = (ids: (string | null)[] | null) => (ids && ids[0] != null ? ids[0] : '(null)');
  return `${first(instruction.sourceActivityIds)} -> ${first(instruction.targetActivityIds)}`;
}

function summaryLine(result: ValidationResult, style: Style): string {
  const { summary, preflight } = result;
  const counts = [
    plural(summary.instructions, 'instruction'),
    plural(summary.instructionFailures, 'failing instruction'),
    plural(summary.variableFailures, 'failing variable'),
    ...(preflight ? [] : [`${summary.activeUnmapped} active but unmapped`]),
  ].join(', ');
  const verdict = result.valid ? style.green('valid') : style.red('NOT valid');
  const instances = preflight ? `; ${preflightCounts(preflight)}` : '';
  return `${verdict}: ${counts}${instances}; ${describeDefinition(result.source)} -> ${describeDefinition(result.target)}`;
}

/** `pre-flight of 5 running instances: 1 failure (1 instance refused), 2 warnings`: the instances the table's failures name, each once. */
export function preflightCounts(report: PreflightReport): string {
  const instances = plural(report.instances, report.scope === 'selection' ? 'selected instance' : 'running instance');
  const { failures, refusedInstances } = report.summary;
  const refused = failures > 0 ? ` (${plural(refusedInstances, 'instance')} refused)` : '';
  return `pre-flight of ${instances}: ${plural(failures, 'failure')}${refused}, ${plural(report.summary.warnings, 'warning')}`;
}

/** How many instance ids a cell of the pre-flight table lists; -o json has them all. */
const LISTED_INSTANCES = 3;

const FINDING_NAMES: Record<PreflightFinding['kind'], string> = {
  'failing-instruction': 'failing instruction',
  unmapped: 'no instruction',
  'async-continuation': 'asynchronous continuation',
  incident: 'incident',
  'removed-incident': 'incident removed',
  'failing-job': 'failing job',
  calling: 'has child instances',
  called: 'child of another instance',
};

function definitions(related: readonly RelatedDefinition[]): string {
  return related.map((definition) => `${definition.definition} (${definition.instances})`).join(', ');
}

/**
 * The engine's message whole (issue 31): a terminal wraps it in its column, and -o wide and
 * tab-separated lines never shorten a cell. Its lines stay lines of the cell (joined by '; ' off a
 * terminal); blank ones are dropped.
 */
function quoted(message: string | null): string {
  if (message === null) return '';
  const lines = message
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  return `: '${lines.join('\n')}'`;
}

/** What the execute does with the instances of a finding, in a few words; docs/migration.md says what to do. */
function consequence(finding: PreflightFinding): string {
  const target = finding.targetActivityId ?? '-';
  switch (finding.kind) {
    case 'failing-instruction':
      return `the engine refuses the plan, and them: ${finding.failures.join('; ')}`;
    case 'unmapped':
      return `the engine refuses them: no instruction maps ${finding.activityId ?? '-'}`;
    case 'async-continuation':
      return finding.targetIsAsync
        ? `their job (${finding.jobConfiguration}) moves to ${target} and runs there`
        : `the engine refuses them: ${target} in the target is not ${finding.jobConfiguration}`;
    case 'incident':
      return `${plural(finding.incidents, `${finding.incidentType} incident`)}, moved to ${target} and still open${quoted(finding.message)}`;
    case 'removed-incident':
      return `${plural(finding.incidents, `${finding.incidentType} incident`)} on ${finding.activityId ?? '-'} ${finding.incidents === 1 ? 'is' : 'are'} removed with ${finding.incidentType === 'failedJob' ? `${finding.incidents === 1 ? 'its job' : 'their jobs'}` : 'what they belong to'}: no instruction maps ${finding.activityId ?? '-'}${quoted(finding.message)}`;
    case 'failing-job':
      return `${plural(finding.jobs, 'job')} moved to ${target}, retried there (${plural(finding.leastRetries, 'retry', 'retries')} left)${quoted(finding.message)}`;
    case 'calling':
      return `their children are not migrated: ${definitions(finding.children) || '(not found)'}`;
    case 'called':
      return `migrated alone; the parents wait in their call activity: ${definitions(finding.parents) || '(not found)'}`;
  }
}

function instanceCell(instances: readonly string[]): string {
  const shown = instances.slice(0, LISTED_INSTANCES);
  const more = instances.length - shown.length;
  return [String(instances.length), ...shown, ...(more > 0 ? [`… ${more} more`] : [])].join('\n');
}

/** The findings of a pre-flight, one row each: what, where, which instances, what happens, and whether it fails the run. */
export function preflightTable(report: PreflightReport, style: Style, strict = false): string {
  const effect = (finding: PreflightFinding): string => {
    if (finding.effect === 'fails') return style.red('failure');
    return strict ? style.red('failure (--strict)') : style.yellow('warning');
  };
  return renderTable(
    [
      { name: 'Pre-flight finding', keepWords: true },
      { name: 'Source -> target', keepWords: true },
      { name: 'Instances', whole: true },
      'What happens',
      { name: 'Effect', keepWords: true },
    ],
    report.findings.map((finding) => [
      FINDING_NAMES[finding.kind],
      finding.activityId === null ? '-' : `${finding.activityId} -> ${finding.targetActivityId ?? '(none)'}`,
      instanceCell(finding.instances),
      consequence(finding),
      effect(finding),
    ]),
    style,
  );
}

/** "Target activity 'nope' does not exist (did you mean approveInvoice?)": the hint after the engine's failure. */
/** The engine's failure line of each unknown activity: looked up once per line of the report, so a map (5,000 failures are 5,000 lookups). */
function unknownByFailure(unknown: readonly UnknownActivity[]): Map<string, UnknownActivity> {
  return new Map(unknown.map((activity) => [unknownActivityFailure(activity), activity]));
}

function withHint(failure: string, unknown: ReadonlyMap<string, UnknownActivity>): string {
  const activity = unknown.get(failure);
  if (!activity || activity.nearest.length === 0) return failure;
  return activity.close
    ? `${failure} (did you mean ${activity.nearest.join(', ')}?)`
    : `${failure} (activities of the ${activity.side}: ${activity.nearest.join(', ')})`;
}

export const validationView: View<ValidationResult> = {
  table(result, style) {
    const parts: string[] = [];
    const failingInstructions = result.report.instructionReports.filter((report) => report.failures.length > 0);
    const failingVariables = Object.entries(result.report.variableReports ?? {}).filter(([, report]) => report.failures.length > 0);
    if (failingInstructions.length > 0) {
      const unknown = unknownByFailure(result.unknownActivities ?? []);
      parts.push(
        renderTable(
          [{ name: 'Instruction (source -> target)', keepWords: true }, 'Failures'],
          failingInstructions.map((report) => [mapping(report), report.failures.map((failure) => withHint(failure, unknown)).join('\n')]),
          style,
        ),
      );
    }
    if (failingVariables.length > 0) {
      parts.push(
        renderTable(
          [{ name: 'Variable', whole: true }, { name: 'Type', keepWords: true }, 'Failures'],
          failingVariables.map(([name, report]) => [name, report.type ?? '(untyped)', report.failures.join('\n')]),
          style,
        ),
      );
    }
    if (result.preflight) {
      if (result.preflight.findings.length > 0) parts.push(preflightTable(result.preflight, style, result.strict));
    } else if (result.activeUnmapped.length > 0) {
      const label = result.strict ? style.red('failure (--strict)') : style.yellow('warning');
      parts.push(
        renderTable(
          [
            { name: 'Active but unmapped activity', whole: true },
            { name: 'Running instances', whole: true },
            { name: '', keepWords: true },
          ],
          result.activeUnmapped.map((activity) => [activity.activityId, activity.instances, label]),
          style,
        ),
      );
    }
    parts.push(summaryLine(result, style));
    return parts.join('\n');
  },
};
