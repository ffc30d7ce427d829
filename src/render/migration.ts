/** Migration plans and validation reports as tables. */
import type { InstructionReport } from '../engine/migration.js';
import type { ResolvedDefinition } from '../plans/references.js';
import { unknownActivityFailure, type UnknownActivity, type ValidationResult } from '../plans/validation.js';
import type { Style } from './style.js';
import type { View } from './output.js';
import { renderTable } from './table.js';
import { plural } from '../util/text.js';

export function describeDefinition(definition: ResolvedDefinition): string {
  const tenant = definition.tenantId ? `, tenant ${definition.tenantId}` : '';
  return `${definition.key}:${definition.version} (${definition.id}${tenant})`;
}

function mapping(report: InstructionReport): string {
  const instruction = report.instruction;
  if (!instruction) return '(no instruction)';
  const first = (ids: (string | null)[] | null) => (ids && ids[0] != null ? ids[0] : '(null)');
  return `${first(instruction.sourceActivityIds)} -> ${first(instruction.targetActivityIds)}`;
}

function summaryLine(result: ValidationResult, style: Style): string {
  const { summary } = result;
  const counts = [
    plural(summary.instructions, 'instruction'),
    plural(summary.instructionFailures, 'failing instruction'),
    plural(summary.variableFailures, 'failing variable'),
    `${summary.activeUnmapped} active but unmapped`,
  ].join(', ');
  const verdict = result.valid ? style.green('valid') : style.red('NOT valid');
  return `${verdict}: ${counts}; ${describeDefinition(result.source)} -> ${describeDefinition(result.target)}`;
}

/** "Target activity 'nope' does not exist (did you mean approveInvoice?)": the hint after the engine's failure. */
function withHint(failure: string, unknown: readonly UnknownActivity[]): string {
  const activity = unknown.find((candidate) => unknownActivityFailure(candidate) === failure);
  if (!activity || activity.nearest.length === 0) return failure;
  return activity.close ? `${failure} (did you mean ${activity.nearest.join(', ')}?)` : `${failure} (activities of the ${activity.side}: ${activity.nearest.join(', ')})`;
}

export const validationView: View<ValidationResult> = {
  table(result, style) {
    const parts: string[] = [];
    const failingInstructions = result.report.instructionReports.filter((report) => report.failures.length > 0);
    const failingVariables = Object.entries(result.report.variableReports ?? {}).filter(([, report]) => report.failures.length > 0);
    if (failingInstructions.length > 0) {
      parts.push(
        renderTable(
          [{ name: 'Instruction (source -> target)', keepWords: true }, 'Failures'],
          failingInstructions.map((report) => [mapping(report), report.failures.map((failure) => withHint(failure, result.unknownActivities ?? [])).join('\n')]),
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
    if (result.activeUnmapped.length > 0) {
      const label = result.strict ? style.red('failure (--strict)') : style.yellow('warning');
      parts.push(
        renderTable(
          [{ name: 'Active but unmapped activity', whole: true }, { name: 'Running instances', whole: true }, { name: '', keepWords: true }],
          result.activeUnmapped.map((activity) => [activity.activityId, activity.instances, label]),
          style,
        ),
      );
    }
    parts.push(summaryLine(result, style));
    return parts.join('\n');
  },
};
