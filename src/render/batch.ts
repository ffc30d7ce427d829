/** Batches as tables. */
import type { BatchStatistics, HistoricBatch } from '../engine/batches.js';
import type { View } from './output.js';
import { renderFields, renderTable } from './table.js';

export type ShownBatch = { source: 'runtime'; batch: BatchStatistics } | { source: 'history'; batch: HistoricBatch };

export const batchListView: View<BatchStatistics[]> = {
  table(rows, style) {
    if (rows.length === 0) return 'no running batches';
    return renderTable(
      ['Id', 'Type', 'Jobs done', 'Remaining', 'Failed', 'Suspended', 'Started'],
      rows.map((batch) => [batch.id, batch.type, `${batch.completedJobs}/${batch.totalJobs}`, batch.remainingJobs, batch.failedJobs, batch.suspended ? 'yes' : 'no', batch.startTime]),
      style,
    );
  },
};

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
