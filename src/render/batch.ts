/** Batches as tables. */
import type { BatchEnding } from '../batches/ending.js';
import type { BatchStatistics, HistoricBatch } from '../engine/batches.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { listView, renderFields } from './table.js';
import { plural } from '../util/text.js';

export type ShownBatch = { source: 'runtime'; batch: BatchStatistics } | { source: 'history'; batch: HistoricBatch; ending: BatchEnding };

/** The State of a batch known from its history record only. */
function historicState(ending: BatchEnding, style: Style): string {
  switch (ending.kind) {
    case 'running':
      return style.yellow('running (history record: the runtime batch is not readable)');
    case 'completed':
      return style.green(`completed (history)${ending.failedRuns > 0 ? `, after ${plural(ending.failedRuns, 'failed job run')} that were retried` : ''}`);
    case 'deleted':
      return style.red(`deleted before it completed (history)${ending.failedRuns > 0 ? ', with failed jobs' : ''}`);
    case 'unknown':
      return style.yellow('ended (history); completed or deleted is not known');
  }
}

/**
 * One line on how a batch known from its history ended, for stderr when the output is json or yaml
 * (the engine's object has no field for it); undefined for a batch that completed.
 */
export function describeEnding(batch: HistoricBatch, ending: BatchEnding): string | undefined {
  switch (ending.kind) {
    case 'completed':
      return undefined;
    case 'running':
      return `batch ${batch.id} is still running; this is its history record, as the runtime batch is not readable (READ on the batch)`;
    case 'deleted':
      return `batch ${batch.id} was deleted before it completed: ${ending.succeededJobs} of ${plural(batch.totalJobs, 'job')} done${ending.failedRuns > 0 ? `, ${plural(ending.failedRuns, 'failed job run')}` : ''} (its job log)`;
    case 'unknown':
      return `batch ${batch.id} has ended, but whether it completed or was deleted is not known: ${ending.reason}`;
  }
}

export const batchListView = listView<BatchStatistics>(
  [
    { name: 'Id', value: (batch) => batch.id, whole: true },
    { name: 'Type', value: (batch) => batch.type, keepWords: true },
    { name: 'Jobs done', value: (batch) => `${batch.completedJobs}/${batch.totalJobs}`, whole: true },
    { name: 'Remaining', value: (batch) => batch.remainingJobs, whole: true },
    { name: 'Failed', value: (batch) => batch.failedJobs, whole: true },
    { name: 'Suspended', value: (batch) => (batch.suspended ? 'yes' : 'no'), whole: true },
    { name: 'Started', value: (batch) => batch.startTime, whole: true },
  ],
  'no running batches',
);

export const batchView: View<ShownBatch> = {
  table(shown, style) {
    const batch = shown.batch;
    const common: [string, string | number | boolean | null | undefined][] = [
      ['Id', batch.id],
      ['Type', batch.type],
      ['State', shown.source === 'runtime' ? ((batch as BatchStatistics).suspended ? 'running (suspended)' : 'running') : historicState(shown.ending, style)],
      ['Total jobs', batch.totalJobs],
      ['Instances per job', batch.invocationsPerBatchJob],
    ];
    if (shown.source === 'runtime') {
      common.push(['Completed jobs', shown.batch.completedJobs], ['Remaining jobs', shown.batch.remainingJobs], ['Failed jobs', shown.batch.failedJobs]);
    } else {
      const ending = shown.ending;
      // From the job log: what ran, what never did, and how often a job failed.
      if (ending.kind === 'unknown') common.push(['Outcome', ending.reason]);
      if (ending.kind !== 'running' && ending.succeededJobs !== undefined) {
        common.push(['Completed jobs', ending.succeededJobs]);
        if (ending.kind !== 'completed') common.push(['Jobs not done', Math.max(0, batch.totalJobs - ending.succeededJobs)]);
        const failures = ending.failedRuns ?? 0;
        common.push([
          'Failed job runs',
          failures > 0 ? `${failures} (GET /history/job-log?jobDefinitionId=${batch.batchJobDefinitionId ?? ''}&failureLog=true)` : 0,
        ]);
      }
    }
    common.push(['Created by', batch.createUserId], ['Started', batch.startTime], ['Execution started', batch.executionStartTime]);
    if (shown.source === 'history') {
      common.push(['Ended', shown.batch.endTime]);
      if (shown.batch.removalTime) common.push(['History removed after', shown.batch.removalTime]);
    }
    common.push(['Batch job definition', batch.batchJobDefinitionId]);
    return renderFields(common, style);
  },
};
