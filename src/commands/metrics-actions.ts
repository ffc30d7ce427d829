/** What the `metrics` commands do (declared in ./metrics.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { checkMetricName, METRIC_NAMES } from '../catalogue/metrics.js';
import { sendChange } from '../exit.js';
import { UsageError } from '../exit-codes.js';
import { DEFAULT_METRICS_INTERVAL_SECONDS } from '../metrics/intervals.js';
import { intervalPage } from '../metrics/pages.js';
import { buildUsageReport, MAX_REPORT_MONTHS } from '../metrics/report.js';
import { metricChartView, metricListView, namesView, sumView, usageReportNote, usageReportView } from '../render/metrics.js';
import { dateFlag } from './dates.js';
import { listWithLimit } from './listing.js';
import type { METRICS_DELETE_TASK_WORKER_FLAGS, METRICS_LIST_FLAGS, METRICS_REPORT_FLAGS, METRICS_SUM_FLAGS } from './metrics-flags.js';
import { paging, wholeNumber } from './options.js';
import type { FlagsOf } from './spec.js';

function checkRange(start: Date | undefined, end: Date | undefined): void {
  if (start && end && start.getTime() >= end.getTime()) throw new UsageError('--start must be before --end (the end is exclusive)');
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function label(month: { year: number; month: number }): string {
  return `${month.year}-${String(month.month).padStart(2, '0')}`;
}

function month(text: string, flag: string): { year: number; month: number } {
  const match = MONTH.exec(text.trim());
  if (!match) throw new UsageError(`${flag}: '${text}' is not a month (YYYY-MM, e.g. 2026-01)`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

export async function listMetrics(app: App, flags: FlagsOf<typeof METRICS_LIST_FLAGS>): Promise<void> {
  if (flags.name !== undefined) checkMetricName(flags.name, '--name', true);
  const startDate = dateFlag(flags.start, '--start');
  const endDate = dateFlag(flags.end, '--end');
  checkRange(startDate, endDate);
  const interval = wholeNumber(flags.interval, '--interval', 1);
  const page = paging(flags);
  const output = await app.output();
  if (flags.chart && output.machineReadable) throw new UsageError('--chart draws in table output; leave out -o json/yaml');
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  const query = {
    name: flags.name,
    reporter: flags.reporter,
    startDate,
    endDate,
    interval,
    aggregateByReporter: flags.aggregateByReporter ? (true as const) : undefined,
  };
  const fetchPage = (first: number, max: number) => intervalPage(client.metrics, query, first, max);
  const shown = await listWithLimit(output, {
    page,
    fetchPage,
    pages: (options) => client.metrics.allIntervals(query, options),
    view: flags.chart ? metricChartView(interval ?? DEFAULT_METRICS_INTERVAL_SECONDS) : metricListView,
    noun: 'rows',
    limit: client.http.queryLimit,
  });
  // The engine writes its counts to the meter log every 15 minutes; until then only a sum sees them.
  if (shown === 0 && page.firstResult === 0 && (endDate === undefined || endDate.getTime() > Date.now() - METER_LOG_INTERVAL_MS)) {
    output.info(
      `no rows: the engine writes its counts to the meter log every 15 minutes, and metrics list shows them from then on (metrics sum ${flags.name ?? 'NAME'} counts those not written yet)`,
    );
  }
}

/** The engine's default reporting interval of the meter log (DbMetricsReporter). */
const METER_LOG_INTERVAL_MS = 15 * 60 * 1000;

export async function sumMetric(app: App, name: string, flags: FlagsOf<typeof METRICS_SUM_FLAGS>): Promise<void> {
  checkMetricName(name, 'metric name');
  const startDate = dateFlag(flags.start, '--start');
  const endDate = dateFlag(flags.end, '--end');
  checkRange(startDate, endDate);
  const client = await engineClient(app);
  const result = await client.metrics.sum(name, startDate, endDate);
  await (await app.output()).data({ result }, sumView);
}

export async function listMetricNames(app: App): Promise<void> {
  await (await app.output()).data([...METRIC_NAMES], namesView);
}

export async function usageReport(app: App, flags: FlagsOf<typeof METRICS_REPORT_FLAGS>): Promise<void> {
  const now = new Date();
  const to = flags.to ? month(flags.to, '--to') : { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  const from = flags.from ? month(flags.from, '--from') : { year: to.year - (to.month <= 11 ? 1 : 0), month: ((to.month + 12 - 11 - 1) % 12) + 1 };
  const months = (to.year - from.year) * 12 + (to.month - from.month) + 1;
  if (months < 1) throw new UsageError('--from must not be after --to');
  if (months > MAX_REPORT_MONTHS) {
    const span = `${label(from)} to ${label(to)}`;
    throw new UsageError(
      `${span} is ${months} months; the report covers at most ${MAX_REPORT_MONTHS} (four sums a month): report it in parts with --from and --to`,
    );
  }
  const client = await engineClient(app);
  const report = await buildUsageReport((name, start, end) => client.metrics.sum(name, start, end), from, months, now);
  const output = await app.output();
  await output.data(report, usageReportView);
  const note = usageReportNote(report);
  if (note) output.info(note);
}

export async function deleteTaskWorkerMetrics(app: App, flags: FlagsOf<typeof METRICS_DELETE_TASK_WORKER_FLAGS>): Promise<void> {
  if (flags.before === undefined && !flags.all) throw new UsageError('give --before DATE, or --all to delete every task-worker meter entry');
  if (flags.before !== undefined && flags.all) throw new UsageError('give --before DATE or --all, not both');
  const before = dateFlag(flags.before, '--before');
  const client = await engineClient(app);
  await app.confirm(before ? `delete task-worker meter entries up to ${before.toISOString()}` : 'delete ALL task-worker meter entries');
  // The task users metric counts the entries: 0 up to the date means they are gone.
  await sendChange(['metrics', 'sum', 'task-users', ...(before ? ['--end', before.toISOString()] : [])], () => client.metrics.deleteTaskWorkerMetrics(before));
  (await app.output()).info(before ? `deleted task-worker meter entries up to ${before.toISOString()}` : 'deleted all task-worker meter entries');
}
