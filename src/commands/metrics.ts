/** `metrics`: interval lists, sums, licence usage report, task-worker cleanup (docs/commands.md; docs/engine-notes.md#metrics). What runs: ./metrics-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import { METRICS_DELETE_TASK_WORKER_FLAGS, METRICS_LIST_FLAGS, METRICS_REPORT_FLAGS, METRICS_SUM_FLAGS } from './metrics-flags.js';
import { completingArgument, declareFlags } from './spec.js';
import type * as actions from './metrics-actions.js';

export function declareMetricsCommands(program: Command, action: ActionOf<typeof actions>): void {
  const metrics = program.command('metrics').description('engine metrics: counts per interval, sums, licence usage');

  declareFlags(metrics.command('list'), METRICS_LIST_FLAGS)
    .description('metric values per time interval, newest first')
    .addHelpText(
      'after',
      '\nDates: ISO 8601 (2026-01-31, 2026-01-31T10:00:00Z, +02:00 offsets) or an age (30d, 12h).\n\nExamples:\n  $ camunda-admin metrics list --name process-instances --start 7d --interval 86400 --aggregate-by-reporter --chart\n  $ camunda-admin metrics list --name job-failed --start 2026-01-01 --all -o json',
    )
    .action(action('listMetrics'));

  declareFlags(metrics.command('sum'), METRICS_SUM_FLAGS)
    .description('the sum of one metric over a period')
    .addArgument(completingArgument('<name>', 'metric name or alias (see metrics names)', 'metric-names'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ camunda-admin metrics sum process-instances --start 2026-01-01 --end 2027-01-01\n  $ camunda-admin metrics sum task-users --start 30d',
    )
    .action(action('sumMetric'));

  metrics
    .command('names')
    .description('the metric names and aliases the engine knows, and what they count')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin metrics names')
    .action(action('listMetricNames'));

  declareFlags(metrics.command('report'), METRICS_REPORT_FLAGS)
    .description('month-by-month usage for licence reporting, with totals')
    .addHelpText(
      'after',
      `
Months are UTC. The task users total is the number of distinct users over the whole period, not
the sum of the months. The current month is counted up to now and marked "(partial: to date)",
months after it "(future)"; -o json gives each month a status (complete, partial, future), and a
note on stderr names them. A report covers at most 120 months (four sums a month); report a longer
span in parts.

Examples:
  $ camunda-admin metrics report --from 2026-01 --to 2026-12
  $ camunda-admin metrics report -o json`,
    )
    .action(action('usageReport'));

  declareFlags(metrics.command('delete-task-worker'), METRICS_DELETE_TASK_WORKER_FLAGS)
    .description('delete task-worker meter entries (the task users metric) up to a date, or all of them')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin metrics delete-task-worker --before 2025-01-01 --yes')
    .action(action('deleteTaskWorkerMetrics'));
}
