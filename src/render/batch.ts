/** Batches as tables. */
import type { BatchStatistics, HistoricBatch } from '../engine/batches.js';
import type { View } from './output.js';
import { listView, renderFields } from './table.js';

export type ShownBatch = { source: 'runtime'; batch: BatchStatistics } | { source: 'history'; batch: HistoricBatch };

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
      ['State', shown.source === 'runtime' ? (batch as BatchStatistics).suspended ? 'running (suspended)' : 'running' : 'finished (history)'],
      ['Total jobs', batch.totalJobs],
      ['Instances per job', batch.invocationsPerBatchJob],
    ];
    if (shown.source === 'runtime') {
      common.push(['Completed jobs', shown.batch.completedJobs], ['Remaining jobs', shown.batch.remainingJobs], ['Failed jobs', shown.batch.failedJobs]);
    }
    common.push(['Created by', batch.createUserId], ['Started', batch.startTime], ['Execution started', batch.executionStartTime]);
    if (shown.source === 'history') common.push(['Ended', shown.batch.endTime]);
    common.push(['Batch job definition', batch.batchJobDefinitionId]);
    return renderFields(common, style);
  },
};
