/** `metrics`: interval lists, sums, licence usage report, task-worker cleanup (docs/commands.md; docs/engine-notes.md#metrics). What runs: ./metrics-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './metrics-actions.js';

export function declareMetricsCommands(program: Command, action: ActionOf<typeof actions>): void {
  const metrics = program.command('metrics').description('engine metrics: counts per interval, sums, licence usage');

  metrics
    .command('list')
    .description('metric values per time interval, newest first')
    .option('--name <name>', 'one metric (see metrics names)')
    .option('--reporter <id>', 'one reporter (engine node)')
    .option('--start <date>', 'from this date (inclusive)')
    .option('--end <date>', 'until this date (exclusive)')
    .option('--interval <seconds>', 'bucket size in seconds (engine default 900)')
    .option('--aggregate-by-reporter', 'sum over all reporters')
    .option('--first <n>', 'skip this many rows (firstResult)')
    .option('--max <n>', 'at most this many rows (default 100; more than the engine\'s 200 per request is paged)')
    .option('--all', 'every row, page by page')
    .option('--chart', 'draw the values as a bar chart (a sparkline for long series)')
    .addHelpText('after', '\nDates: ISO 8601 (2026-01-31, 2026-01-31T10:00:00Z, +02:00 offsets) or an age (30d, 12h).\n\nExamples:\n  $ camunda-admin metrics list --name process-instances --start 7d --interval 86400 --aggregate-by-reporter --chart\n  $ camunda-admin metrics list --name job-failed --start 2026-01-01 --all -o json')
    .action(action('listMetrics'));

  metrics
    .command('sum')
    .description('the sum of one metric over a period')
    .argument('<name>', 'metric name or alias (see metrics names)')
    .option('--start <date>', 'from this date (inclusive)')
    .option('--end <date>', 'until this date (exclusive)')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin metrics sum process-instances --start 2026-01-01 --end 2027-01-01\n  $ camunda-admin metrics sum task-users --start 30d')
    .action(action('sumMetric'));

  metrics
    .command('names')
    .description('the metric names and aliases the engine knows, and what they count')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin metrics names')
    .action(action('listMetricNames'));

  metrics
    .command('report')
    .description('month-by-month usage for licence reporting, with totals')
    .option('--from <month>', 'first month, YYYY-MM (default: 11 months before --to)')
    .option('--to <month>', 'last month, YYYY-MM (default: this month)')
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

  metrics
    .command('delete-task-worker')
    .description('delete task-worker meter entries (the task users metric) up to a date, or all of them')
    .option('--before <date>', 'delete entries up to and including this date')
    .option('--all', 'delete every entry (the engine does this when no date is sent)')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin metrics delete-task-worker --before 2025-01-01 --yes')
    .action(action('deleteTaskWorkerMetrics'));
}
