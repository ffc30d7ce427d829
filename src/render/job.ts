/** Jobs as tables (`job list`, `job list --summary`, `job execute`). */
import type { Job } from '../engine/jobs.js';
import { firstLine } from '../incidents/grouping.js';
import type { JobExecution } from '../jobs/execute.js';
import type { JobSummary } from '../jobs/summary.js';
import { definitionLabel } from './incident.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { listView, renderTable } from './table.js';
import { plural } from '../util/text.js';

function retries(job: Job, style: Style): string {
  const count = job.retries ?? null;
  if (count === null) return '';
  return count === 0 ? style.red('0') : job.exceptionMessage ? style.yellow(String(count)) : String(count);
}

/** A job as its table row shows it: the exception message's first line (see incidentTableRow). */
export function jobTableRow(job: Job): Job {
  return { ...job, exceptionMessage: firstLine(job.exceptionMessage) };
}

export const jobListView = listView<Job>(
  [
    { name: 'Id', value: (job) => job.id, whole: true },
    { name: 'Definition', value: (job) => job.processDefinitionKey, whole: true },
    { name: 'Instance', value: (job) => job.processInstanceId, whole: true },
    { name: 'Failed at', value: (job) => job.failedActivityId, whole: true },
    { name: 'Retries', value: retries, whole: true },
    { name: 'Due', value: (job) => job.dueDate, whole: true },
    { name: 'Exception', value: (job, style) => style.red(job.exceptionMessage ?? '') },
  ],
  'no jobs',
);

export const jobSummaryView: View<JobSummary> = {
  table({ jobs, groups }, style) {
    if (groups.length === 0) return 'no jobs';
    const table = renderTable(
      ['Definition', 'Activity', 'Exception', 'Count', 'No retries left', 'Oldest', 'Newest'],
      groups.map((group) => [
        definitionLabel(group),
        group.activityId,
        style.red(group.exception ?? ''),
        group.count,
        group.noRetriesLeft > 0 ? style.red(String(group.noRetriesLeft)) : '0',
        group.oldest.createTime,
        group.newest.createTime,
      ]),
      style,
    );
    // Off a terminal stdout carries the rows alone (as every table does there).
    if (style.table.kind === 'tabs') return table;
    return `${table}\n${plural(jobs, 'job')} in ${plural(groups.length, 'group')}`;
  },
};

const OUTCOME_WORDS: Record<JobExecution['outcome'], string> = {
  executed: 'executed',
  failed: 'failed',
  'not-found': 'not found',
  refused: 'refused',
};

export const jobExecutionView: View<JobExecution[]> = {
  table(results, style) {
    return renderTable(
      ['Job', 'Outcome', 'Message'],
      results.map((result) => [
        result.id,
        result.outcome === 'executed' ? style.green(OUTCOME_WORDS[result.outcome]) : style.red(OUTCOME_WORDS[result.outcome]),
        result.message ?? '',
      ]),
      style,
    );
  },
};
