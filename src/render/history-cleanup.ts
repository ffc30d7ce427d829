/** `history cleanup status` and `history cleanup run` as text. */
import type { CleanupRunResult, CleanupStatus } from '../history/cleanup.js';
import type { HistoryCleanupJob } from '../engine/history-cleanup.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { renderTable } from './table.js';

function jobTable(jobs: readonly HistoryCleanupJob[], style: Style): string {
  return renderTable(
    ['Job', 'Due', 'Retries', 'Suspended', 'Last error'],
    jobs.map((job) => [
      job.id,
      job.dueDate ?? '-',
      job.retries === 0 ? style.red('0') : (job.retries ?? '-'),
      job.suspended ? 'yes' : 'no',
      job.exceptionMessage ? style.red(job.exceptionMessage) : '',
    ]),
    style,
  );
}

export const cleanupStatusView: View<CleanupStatus> = {
  table({ configuration, jobs, problems }, style) {
    const window =
      configuration.batchWindowStartTime && configuration.batchWindowEndTime
        ? `${configuration.batchWindowStartTime} to ${configuration.batchWindowEndTime} (current or next)`
        : style.red('none');
    const head = renderTable(
      ['', ''],
      [
        ['Clean-up', configuration.enabled === false ? style.red('disabled on this node') : 'enabled on this node'],
        ['Window', window],
        ['Jobs', jobs.length === 0 ? 'none' : String(jobs.length)],
      ],
      { ...style, table: { ...style.table, headers: false } },
    );
    const parts = [head];
    if (jobs.length > 0) parts.push(jobTable(jobs, style));
    if (problems.length === 0) parts.push(style.green('nothing keeps the history clean-up from running'));
    for (const problem of problems) {
      parts.push(`${style.red('✗')} ${problem.message}${problem.fix ? `\n  ${style.dim('fix:')} ${problem.fix}` : ''}`);
    }
    return parts.join('\n');
  },
};

export const cleanupRunView: View<CleanupRunResult> = {
  table({ job, waited }, style) {
    return jobTable(waited?.jobs ?? [job], style);
  },
};
