/** The outcome of `migration execute`: where the submitted instances are now. */
import type { CanaryCheck } from '../migration/canary.js';
import type { ExecutionResult } from '../migration/execute.js';
import type { InstanceValidationReport, MigrationPlanReport } from '../engine/migration.js';
import { describeDefinition } from './migration.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { renderTable } from './table.js';

/** Stdout JSON/YAML: the result without the per-instance list, which --report writes. */
export type ExecutionSummary = Omit<ExecutionResult, 'instances'>;

export function summarize(result: ExecutionResult): ExecutionSummary {
  const { instances: _instances, ...summary } = result;
  return summary;
}

const OUTCOME_LABELS: [keyof ExecutionResult['outcome'], string][] = [
  ['migrated', 'migrated (on the target definition)'],
  ['already-migrated', 'already on the target, not moved by this run'],
  ['on-source', 'still on the source definition'],
  ['ended', 'ended meanwhile'],
  ['unknown', 'unknown (elsewhere, or not found)'],
];

function chunksText(chunks: NonNullable<ExecutionSummary['chunks']>): string {
  // Only a resumed run has no chunk at all: its journal's earlier runs left nothing to send.
  if (chunks.total === 0) return `no chunk left to send after the earlier runs of journal ${chunks.journal}`;
  return `${chunks.done}/${chunks.total} chunks of ${chunks.size}`;
}

export const executionView: View<ExecutionSummary> = {
  table(result, style) {
    const rows = OUTCOME_LABELS.map(([key, label]) => [label, result.outcome[key]] as [string, number]);
    const lines = [renderTable(['Outcome', { name: 'Instances', whole: true }], rows, style)];
    const batches = result.batches.length > 0 ? `; batch ${result.batches.map((batch) => batch.id).join(', ')}` : '';
    const chunks = result.chunks ? `; ${chunksText(result.chunks)}` : '';
    const canary = result.canary ? `; canary of ${result.canary.size} ${result.canary.passed ? 'passed' : 'FAILED'}` : '';
    const allDone = result.outcome.migrated + result.outcome['already-migrated'] + result.outcome.ended === result.selected;
    const byAnother = result.outcome['already-migrated'] > 0 ? ` (${result.outcome['already-migrated']} more moved by another run)` : '';
    const verdict = allDone ? style.green('done') : style.red('NOT complete');
    // The engine could not be asked after the run: the counts are what the journal confirmed.
    const fromJournal = result.outcomeFrom === 'journal' ? '; outcome from the journal (the engine could not be asked)' : '';
    lines.push(
      `${verdict}: ${result.outcome.migrated} of ${result.selected} instances migrated${byAnother}, ${describeDefinition(result.source)} -> ${describeDefinition(result.target)}, ${(result.durationMs / 1000).toFixed(1)}s${canary}${chunks}${batches}${fromJournal}`,
    );
    return lines.join('\n');
  },
};

/** A MigratingProcessInstanceValidationException: process instance, activity/transition instance, failures. */
export function instanceReportTable(report: InstanceValidationReport, style: Style): string {
  const rows: [string, string, string][] = [];
  for (const failure of report.failures) rows.push([report.processInstanceId, '(process instance)', failure]);
  for (const entry of report.activityInstanceValidationReports) {
    rows.push([report.processInstanceId, `activity instance ${entry.activityInstanceId} (${entry.sourceScopeId ?? '?'})`, entry.failures.join('\n')]);
  }
  for (const entry of report.transitionInstanceValidationReports) {
    rows.push([report.processInstanceId, `transition instance ${entry.transitionInstanceId} (${entry.sourceScopeId ?? '?'})`, entry.failures.join('\n')]);
  }
  return renderTable([{ name: 'Process instance', whole: true }, { name: 'Activity or transition instance', keepWords: true }, 'Failures'], rows, style);
}

/** A MigrationPlanValidationException's report, as `migration validate` shows it. */
export function planReportTable(report: MigrationPlanReport, style: Style): string {
  const rows: [string, string][] = report.instructionReports
    .filter((entry) => entry.failures.length > 0)
    .map((entry) => {
      const instruction = entry.instruction;
      const mapping = instruction
        ? `${instruction.sourceActivityIds?.[0] ?? '(null)'} -> ${instruction.targetActivityIds?.[0] ?? '(null)'}`
        : '(no instruction)';
      return [mapping, entry.failures.join('\n')];
    });
  for (const [name, variable] of Object.entries(report.variableReports ?? {})) {
    if (variable.failures.length > 0) rows.push([`variable ${name} (${variable.type ?? 'untyped'})`, variable.failures.join('\n')]);
  }
  return renderTable([{ name: 'Instruction or variable', keepWords: true }, 'Failures'], rows, style);
}

/** The check of a canary: where each instance is now, and the incidents it did not have before. */
export function canaryTable(check: CanaryCheck, style: Style): string {
  const rows = check.instances.map((instance) => {
    const where =
      instance.state === 'on-target'
        ? 'on the target'
        : instance.state === 'ended'
          ? 'ended meanwhile'
          : instance.definitionId === null
            ? 'found nowhere'
            : `on ${instance.definitionId}`;
    const incidents = [
      ...instance.newIncidents.map(
        (incident) => `${incident.incidentType ?? '(no type)'} at ${incident.activityId ?? '(no activity)'}: ${incident.incidentMessage ?? '(no message)'}`,
      ),
      ...instance.failedJobs.map((job) => `job failed at ${job.activityId ?? '(no activity)'}: ${job.message ?? '(no message)'}`),
    ];
    const good = instance.state !== 'elsewhere' && incidents.length === 0 && check.problems.every((problem) => !problem.startsWith(`${instance.id}: `));
    return [instance.id, where, incidents.length === 0 ? '-' : incidents.join('\n'), good ? style.green('ok') : style.red('FAILED')];
  });
  const verdict = check.passed ? style.green('canary passed') : style.red('canary FAILED');
  return `${renderTable([{ name: 'Canary instance', whole: true }, { name: 'Now', keepWords: true }, 'New incidents', 'Check'], rows, style)}\n${verdict}: ${check.instances.length} instance${check.instances.length === 1 ? '' : 's'}, ${check.problems.length} problem${check.problems.length === 1 ? '' : 's'}`;
}
