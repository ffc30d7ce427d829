/** `metrics`: interval lists, sums, licence usage report, task-worker cleanup (CLI.md "metrics"; engine-rest.md §3). */
import type { Command } from 'commander';
import type { App } from '../app.js';
import { UsageError } from '../exit-codes.js';
import { paging, type PagingFlags, wholeNumber } from './options.js';

interface ListFlags extends PagingFlags {
  name?: string;
  reporter?: string;
  start?: string;
  end?: string;
  interval?: string;
  aggregateByReporter?: boolean;
  chart?: boolean;
}

async function date(text: string | undefined, flag: string): Promise<Date | undefined> {
  if (text === undefined) return undefined;
  const { parseDateInput } = await import('../runtime.js');
  const parsed = parseDateInput(text);
  if (!parsed) throw new UsageError(`${flag}: '${text}' is not a date (2026-01-31, 2026-01-31T10:00:00Z, 2026-01-31T10:00:00+02:00, or an age such as 30d or 12h)`);
  return parsed;
}

function checkRange(start: Date | undefined, end: Date | undefined): void {
  if (start && end && start.getTime() >= end.getTime()) throw new UsageError('--start must be before --end (the end is exclusive)');
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function month(text: string, flag: string): { year: number; month: number } {
  const match = MONTH.exec(text.trim());
  if (!match) throw new UsageError(`${flag}: '${text}' is not a month (YYYY-MM, e.g. 2026-01)`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

export function registerMetricsCommands(program: Command, app: App): void {
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
    .action(async (flags: ListFlags) => {
      const { checkMetricName } = await import('../runtime.js');
      if (flags.name !== undefined) checkMetricName(flags.name, '--name', true);
      const startDate = await date(flags.start, '--start');
      const endDate = await date(flags.end, '--end');
      checkRange(startDate, endDate);
      const interval = wholeNumber(flags.interval, '--interval', 1);
      const page = paging(flags);
      const output = await app.output();
      if (flags.chart && output.machineReadable) throw new UsageError('--chart draws in table output; leave out -o json/yaml');
      const client = await app.client({ bulk: page.maxResults === undefined });
      const { METRICS_MAX_RESULTS } = await import('../runtime.js');
      const query = { name: flags.name, reporter: flags.reporter, startDate, endDate, interval, aggregateByReporter: flags.aggregateByReporter ? (true as const) : undefined };
      // The engine caps a request at 200 rows: bigger pages are fetched as several requests.
      const fetchPage = async (first: number, max: number) => {
        const rows = [];
        for (let offset = 0; offset < max; offset += METRICS_MAX_RESULTS) {
          const chunk = await client.metrics.intervals(query, first + offset, Math.min(METRICS_MAX_RESULTS, max - offset));
          rows.push(...chunk);
          if (chunk.length < Math.min(METRICS_MAX_RESULTS, max - offset)) break;
        }
        return rows;
      };
      const { metricListView, metricChartView, listWithLimit } = await import('../runtime.js');
      await listWithLimit(output, page, fetchPage, flags.chart ? metricChartView : metricListView, 'rows', client.http.queryLimit);
    });

  metrics
    .command('sum')
    .description('the sum of one metric over a period')
    .argument('<name>', 'metric name or alias (see metrics names)')
    .option('--start <date>', 'from this date (inclusive)')
    .option('--end <date>', 'until this date (exclusive)')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin metrics sum process-instances --start 2026-01-01 --end 2027-01-01\n  $ camunda-admin metrics sum task-users --start 30d')
    .action(async (name: string, flags: { start?: string; end?: string }) => {
      const { checkMetricName } = await import('../runtime.js');
      checkMetricName(name, 'metric name');
      const startDate = await date(flags.start, '--start');
      const endDate = await date(flags.end, '--end');
      checkRange(startDate, endDate);
      const client = await app.client();
      const result = await client.metrics.sum(name, startDate, endDate);
      const { sumView } = await import('../runtime.js');
      await (await app.output()).data({ result }, sumView);
    });

  metrics
    .command('names')
    .description('the metric names and aliases the engine knows, and what they count')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin metrics names')
    .action(async () => {
      const { METRIC_NAMES, namesView } = await import('../runtime.js');
      await (await app.output()).data([...METRIC_NAMES], namesView);
    });

  metrics
    .command('report')
    .description('month-by-month usage for licence reporting, with totals')
    .option('--from <month>', 'first month, YYYY-MM (default: 11 months before --to)')
    .option('--to <month>', 'last month, YYYY-MM (default: this month)')
    .addHelpText('after', '\nMonths are UTC. The task users total is the number of distinct users over the whole period, not\nthe sum of the months.\n\nExamples:\n  $ camunda-admin metrics report --from 2026-01 --to 2026-12\n  $ camunda-admin metrics report -o json')
    .action(async (flags: { from?: string; to?: string }) => {
      const now = new Date();
      const to = flags.to ? month(flags.to, '--to') : { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
      const from = flags.from ? month(flags.from, '--from') : { year: to.year - (to.month <= 11 ? 1 : 0), month: ((to.month + 12 - 11 - 1) % 12) + 1 };
      const months = (to.year - from.year) * 12 + (to.month - from.month) + 1;
      if (months < 1) throw new UsageError('--from must not be after --to');
      if (months > 120) throw new UsageError('the report covers at most 120 months');
      const client = await app.client();
      const { buildUsageReport } = await import('../runtime.js');
      const report = await buildUsageReport((name, start, end) => client.metrics.sum(name, start, end), from, months);
      const { usageReportView } = await import('../runtime.js');
      await (await app.output()).data(report, usageReportView);
    });

  metrics
    .command('delete-task-worker')
    .description('delete task-worker meter entries (the task users metric) up to a date, or all of them')
    .option('--before <date>', 'delete entries up to and including this date')
    .option('--all', 'delete every entry (the engine does this when no date is sent)')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin metrics delete-task-worker --before 2025-01-01 --yes')
    .action(async (flags: { before?: string; all?: boolean }) => {
      if (flags.before === undefined && !flags.all) throw new UsageError('give --before DATE, or --all to delete every task-worker meter entry');
      if (flags.before !== undefined && flags.all) throw new UsageError('give --before DATE or --all, not both');
      const before = await date(flags.before, '--before');
      const client = await app.client();
      await app.confirm(before ? `delete task-worker meter entries up to ${before.toISOString()}` : 'delete ALL task-worker meter entries');
      const { sendChange } = await import('../runtime.js');
      // The task users metric counts the entries: 0 up to the date means they are gone.
      await sendChange(['metrics', 'sum', 'task-users', ...(before ? ['--end', before.toISOString()] : [])], () => client.metrics.deleteTaskWorkerMetrics(before));
      (await app.output()).info(before ? `deleted task-worker meter entries up to ${before.toISOString()}` : 'deleted all task-worker meter entries');
    });
}
