/**
 * The bulk commands on the terminal: the preview (count, by definition and activity, a sample), the
 * bulk events as lines (src/bulk/events.ts), the dry run's requests, and the summary of the outcome.
 * The words are the operation's (src/change/operation.ts ChangeWords).
 */
import type { BulkEvent } from '../bulk/events.js';
import type { BulkPreview } from '../bulk/preview.js';
import type { ChangeWords, OutcomeKind } from '../change/operation.js';
import type { ChangeResult } from '../change/result.js';
import type { EventLine } from './change-events.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { renderTable } from './table.js';
import { plural } from '../util/text.js';

/** At most 20 ids, then how many more. */
function someIds(ids: readonly string[]): string {
  return ids.length <= 20 ? ids.join(', ') : `${ids.slice(0, 20).join(', ')}, … (${ids.length - 20} more)`;
}

export function previewTable(preview: BulkPreview, style: Style): string {
  const lines = [`${plural(preview.count, preview.one, preview.many)} selected`];
  if (preview.byDefinition.length > 0) {
    lines.push(
      renderTable(
        ['Definition', { name: 'Count', whole: true }],
        preview.byDefinition.map((row) => [row.definition, row.count]),
        style,
      ),
    );
  }
  if (preview.byActivity.length > 0) {
    lines.push(
      renderTable(
        ['Definition', 'Activity', { name: 'Count', whole: true }],
        preview.byActivity.map((row) => [row.definition, row.activity, row.count]),
        style,
      ),
    );
  }
  if (preview.activitiesNotCounted) lines.push(`not counted by activity: ${preview.activitiesNotCounted}`);
  if (preview.sample.length > 0) lines.push(`first ${preview.sample.length}: ${preview.sample.join(', ')}`);
  return lines.join('\n');
}

/** Operation ids named on one line: a run of 1,200 jobs annotates 1,200 operations, which no one reads on stderr. */
const OPERATION_IDS_NAMED = 10;

function namedFirst(ids: readonly string[]): string {
  const rest = ids.length - OPERATION_IDS_NAMED;
  return rest > 0 ? `${ids.slice(0, OPERATION_IDS_NAMED).join(', ')} and ${rest} more` : ids.join(', ');
}

/** Objects (or jobs) of a batch's failures named on stderr; the report names every one. */
const BATCH_FAILURES_NAMED = 20;

function moreLine(count: number, many: string): EventLine[] {
  return count > BATCH_FAILURES_NAMED ? [{ level: 'detail', text: `  … and ${count - BATCH_FAILURES_NAMED} more ${many}` }] : [];
}

export function describeBulkEvent(event: BulkEvent): EventLine[] {
  switch (event.type) {
    case 'not-selected':
      return [
        {
          level: 'warn',
          text: `${event.ids.length} of the ids given ${event.ids.length === 1 ? 'is' : 'are'} not among the engine's ${event.many} (${event.because ?? 'ended, never existed, or not matching the filters'}): not sent: ${someIds(event.ids)}`,
        },
      ];
    case 'already-changed':
      return [
        {
          level: 'info',
          text: `${event.count === 1 ? `1 selected ${event.one} is` : `${event.count} selected ${event.many} are`} ${event.state} already: not sent`,
        },
      ];
    case 'nothing-selected':
      return [{ level: 'info', text: `nothing to ${event.verb}: no ${event.many} match (${event.parts.join(', ')}); nothing was sent` }];
    case 'annotated':
      return [
        {
          level: 'info',
          text: `annotated ${event.operationIds.length} operation${event.operationIds.length === 1 ? '' : 's'} in the user operation log: ${namedFirst(event.operationIds)}`,
        },
      ];
    case 'annotation-not-found':
      return [
        {
          level: 'warn',
          text: `--annotation: no ${event.operationType} entry of this run in the user operation log, so no annotation was set (the engine writes entries only for an authenticated user)`,
        },
      ];
    case 'annotation-failed':
      return [{ level: 'warn', text: `--annotation: the change is made, but the annotation was not set: ${event.reason}` }];
    case 'batch-job-failures': {
      const jobs = `${event.failedJobs} job${event.failedJobs === 1 ? '' : 's'} failed`;
      const { words } = event;
      if (event.objects.length === 0) {
        return [
          { level: 'warn', text: `batch ${event.batchId}: ${jobs}:` },
          ...event.jobs.slice(0, BATCH_FAILURES_NAMED).map((job): EventLine => ({ level: 'detail', text: `  job ${job.jobId}: ${job.message}` })),
          ...moreLine(event.jobs.length, 'jobs'),
        ];
      }
      const notDone = `${event.objects.length} ${event.objects.length === 1 ? words.one : words.many} not ${words.done}`;
      return [
        { level: 'warn', text: `batch ${event.batchId}: ${jobs}; ${notDone}, and why (the report names each):` },
        ...event.objects.slice(0, BATCH_FAILURES_NAMED).map((object): EventLine => ({ level: 'detail', text: `  ${object.id}: ${object.reason}` })),
        ...moreLine(event.objects.length, words.many),
      ];
    }
  }
}

/** Stdout JSON/YAML: the result without the per-object list, which --report writes. */
export type BulkSummary = Omit<ChangeResult, 'objects'> & { operation: string };

export function bulkSummary(operation: string, result: ChangeResult): BulkSummary {
  const { objects: _objects, ...rest } = result;
  return { operation, ...rest };
}

/**
 * The summary table: each outcome and its count, and a line that says whether it is done: not when
 * any object is still unchanged or somewhere the change does not explain (a job that failed again).
 */
export function bulkResultView(words: ChangeWords, names: Readonly<Record<OutcomeKind, string>>): View<BulkSummary> {
  return {
    table(result, style) {
      const outcome = result.outcome as Record<string, number>;
      const rows = Object.entries(outcome).map(([name, count]) => [name, count] as [string, number]);
      const lines = [renderTable(['Outcome', { name: 'Objects', whole: true }], rows, style)];
      const changed = outcome[names.changed] ?? 0;
      const notDone = (outcome[names.unchanged] ?? 0) + (outcome[names.other] ?? 0);
      const verdict = notDone === 0 ? style.green('done') : style.red('NOT complete');
      // The other outcomes beside the count changed: "0 of 1000 jobs retried" alone would hide that all failed again.
      const others = Object.entries(outcome).filter(([name, count]) => name !== names.changed && count > 0);
      const besides = others.length > 0 ? ` (${others.map(([name, count]) => `${count} ${name}`).join(', ')})` : '';
      const canary = result.canary ? `; canary of ${result.canary.size} ${result.canary.passed ? 'passed' : 'FAILED'}` : '';
      const chunks = result.chunks ? `; ${result.chunks.done}/${result.chunks.total} chunks of ${result.chunks.size}` : '';
      const batches = result.batches.length > 0 ? `; batch ${result.batches.map((batch) => batch.id).join(', ')}` : '';
      const fromJournal = result.outcomeFrom === 'journal' ? '; outcome from the journal (the engine could not be asked)' : '';
      lines.push(
        `${verdict}: ${changed} of ${result.selected} ${words.many} ${words.done}${besides}, ${(result.durationMs / 1000).toFixed(1)}s${canary}${chunks}${batches}${fromJournal}`,
      );
      return lines.join('\n');
    },
  };
}
