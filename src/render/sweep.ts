/** `migration sweep`: the review of every old version, and the outcome of running their plans. */
import type { GroupEvent } from '../change/events.js';
import type { EventLine } from './change-events.js';
import type { SweepStatus } from '../migration/sweep.js';
import type { SweepOutcome, SweepReviewSummary, SweepRunSummary, SweepVersionState } from '../migration/sweep-outcome.js';

export type { SweepReviewSummary, SweepRunSummary };
import { describeDefinition } from './migration.js';
import type { Output, View } from './output.js';
import type { Style } from './style.js';
import { renderTable } from './table.js';
import { plural } from '../util/text.js';

function statusLabel(status: SweepStatus, strict: boolean, style: Style): string {
  switch (status) {
    case 'valid':
      return style.green('valid');
    case 'not-valid':
      return style.red('NOT valid');
    case 'active-unmapped':
      return strict ? style.red('active but unmapped') : style.yellow('active but unmapped');
    case 'skipped':
      return 'skipped (overrides)';
    case 'no-instances':
      return 'no running instances';
    case 'newer':
      return 'newer than the target';
  }
}

export const sweepReviewView: View<SweepReviewSummary> = {
  table(review, style) {
    const rows = review.versions.map((version) => [
      version.version,
      version.definitionId,
      version.instances,
      version.instructions === null ? '-' : `${version.instructions}${version.overridden > 0 ? ` (${version.overridden} from overrides)` : ''}`,
      statusLabel(version.status, review.strict, style),
      version.firstFailure ?? '-',
    ]);
    const table = renderTable(
      [
        { name: 'Version', whole: true },
        { name: 'Definition', whole: true },
        { name: 'Instances', whole: true },
        { name: 'Instructions', keepWords: true },
        { name: 'Status', keepWords: true },
        'First failure',
      ],
      rows,
      style,
    );
    const count = (status: SweepStatus) => review.versions.filter((version) => version.status === status).length;
    const parts = [
      `${count('valid')} valid`,
      `${count('not-valid')} not valid`,
      `${count('active-unmapped')} active but unmapped`,
      `${count('skipped')} skipped`,
      `${count('no-instances')} without running instances`,
      ...(count('newer') > 0 ? [`${count('newer')} newer than the target`] : []),
    ];
    const planned = review.versions.filter((version) => version.file !== null).length;
    const written = review.outDir ? `; ${plural(planned, 'plan')} written to ${review.outDir}` : '';
    // Without --strict an unmapped activity is a warning: the sweep passes, but not as a clean one
    // (its execute would fail for those instances, as `migration validate` says).
    const verdict = !review.valid ? style.red('NOT valid') : count('active-unmapped') > 0 ? style.yellow('valid with warnings') : style.green('valid');
    const heading = review.versions.length === 0 ? `no other version of ${review.key}` : plural(review.versions.length, 'version');
    return `${review.versions.length > 0 ? `${table}\n` : ''}${verdict}: ${heading} -> ${describeDefinition(review.target)}: ${parts.join(', ')}${written}`;
  },
};

/** The outcome of a sweep run as printed: per version, without the instances (--report has them). */
function runStatusLabel(status: SweepVersionState, earlier: boolean, style: Style): string {
  const label = {
    done: style.green('done'),
    nothing: 'nothing left to migrate',
    submitted: 'batch created',
    failed: style.red('FAILED'),
    interrupted: style.red('interrupted'),
    'not-run': style.yellow('not run'),
    'dry-run': 'would be sent',
  }[status];
  return earlier ? `${label} (earlier run)` : label;
}

const sweepRunView: View<SweepRunSummary> = {
  table(run, style) {
    const rows = run.versions.map((version) => [
      version.version,
      version.file,
      run.dryRun
        ? version.selected
        : version.outcome
          ? version.outcome.migrated + version.outcome['already-migrated'] + version.outcome.ended + version.outcome['on-source'] + version.outcome.unknown
          : version.selected,
      version.outcome ? version.outcome.migrated + version.outcome['already-migrated'] : '-',
      version.outcome ? version.outcome['on-source'] + version.outcome.unknown : '-',
      runStatusLabel(version.status, version.earlier, style) + (version.canary ? `; canary ${version.canary.passed ? 'passed' : style.red('FAILED')}` : ''),
      // The error line below has the whole of it.
      version.error ? version.error.replace(/ \(.*$/s, '') : version.batches.length > 0 ? `batch ${version.batches.join(', ')}` : '-',
    ]);
    const table = renderTable(
      [
        { name: 'Version', whole: true },
        { name: 'Plan', whole: true },
        { name: 'Instances', whole: true },
        { name: 'On the target', whole: true },
        { name: 'Not on it', whole: true },
        { name: 'Status', keepWords: true },
        'Note',
      ],
      rows,
      style,
    );
    // A dry run's summary is a line on stderr (printSweepRun), as `migration execute --dry-run` says its own.
    if (run.dryRun) return table;
    // Batches created without --wait are still at work: their instances are counted apart.
    const submitted = run.versions.filter((version) => version.status === 'submitted');
    const counted = run.versions.filter((version) => version.outcome !== null && version.status !== 'submitted');
    const total = counted.reduce((sum, version) => sum + Object.values(version.outcome!).reduce((a, b) => a + b, 0), 0);
    const onTarget = counted.reduce((sum, version) => sum + version.outcome!.migrated + version.outcome!['already-migrated'] + version.outcome!.ended, 0);
    const complete =
      run.versions.every((version) => version.status === 'done' || version.status === 'nothing' || version.status === 'submitted') && onTarget === total;
    const verdict = complete ? style.green('done') : style.red('NOT complete');
    const targets = [...new Set(run.versions.map((version) => describeDefinition(version.target)))];
    const batches =
      submitted.length === 0
        ? ''
        : `; ${plural(submitted.length, 'version')} in batches still at work (camunda-admin batch watch ID, or --resume --async --wait)`;
    const versions = plural(run.versions.length - submitted.length, 'version');
    return `${table}\n${verdict}: ${onTarget} of ${plural(total, 'instance')} of ${run.key} on the target (or ended) in ${versions} -> ${targets.length === 1 ? targets[0] : 'their targets'}${batches}`;
  },
};

/** What a sweep says between its versions (src/change/events.ts GroupEvent). */
export function describeGroupEvent(event: GroupEvent): EventLine[] {
  switch (event.type) {
    case 'group-started':
      return [{ level: 'info', text: `${event.name} (${event.place}): ${event.count} instance${event.count === 1 ? '' : 's'}` }];
    case 'group-batch-earlier':
      return [{ level: 'info', text: `${event.name}: batch ${event.batchId} was created by an earlier run of this sweep; it is not sent again` }];
    case 'nothing-left-anywhere':
      return [{ level: 'info', text: 'nothing left to migrate in any version' }];
    case 'stopping-after-group':
      return [{ level: 'warn', text: 'interrupted: stopping after the version in flight' }];
  }
}

/** The outcome of a sweep's run on stdout; then its failure, if any (src/exit.ts gives it its exit code). */
export async function printSweepRun(output: Output, outcome: SweepOutcome): Promise<void> {
  await output.data(summaryOf(outcome), sweepRunView);
  if (outcome.dryRun) {
    const total = outcome.versions.reduce((sum, version) => sum + version.selected, 0);
    output.info(
      `dry run: ${plural(total, 'instance')} in ${plural(outcome.versions.filter((version) => version.selected > 0).length, 'version')} would be migrated; nothing was sent`,
    );
  }
  if (outcome.failure) throw outcome.failure;
}

function summaryOf(outcome: SweepOutcome): SweepRunSummary {
  return {
    key: outcome.key,
    sweepJournal: outcome.sweepJournal,
    dryRun: outcome.dryRun,
    versions: outcome.versions.map((version) => ({
      version: version.version,
      file: version.file,
      source: version.source,
      target: version.target,
      status: version.status,
      earlier: version.earlier,
      selected: version.selected,
      outcome: version.result?.outcome ?? null,
      batches: [...(version.result?.batches ?? []), ...(version.batch ? [version.batch] : [])].map((batch) => batch.id),
      canary: version.result?.canary ? { size: version.result.canary.size, passed: version.result.canary.passed } : null,
      error: version.error ?? null,
    })),
  };
}
