/** Metrics as tables and terminal charts. */
import { METRIC_NAMES, type MetricName } from '../catalogue/metrics.js';
import type { MetricInterval } from '../engine/metrics.js';
import { sinceLabel } from '../engine/product.js';
import { fillEmptyIntervals, type FilledSeries, MAX_FILLED_POINTS } from '../metrics/intervals.js';
import type { UsageReport } from '../metrics/report.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { listView, renderTable } from './table.js';
import { compareText } from '../util/text.js';

export const metricListView = listView<MetricInterval>(
  [
    { name: 'Timestamp', value: (row) => row.timestamp, whole: true },
    // Free text: a long name breaks after a hyphen rather than turn a narrow terminal's list into records.
    { name: 'Name', value: (row) => row.name, widest: Math.max(...METRIC_NAMES.map((metric) => metric.name.length)) },
    { name: 'Reporter', value: (row) => row.reporter ?? '(all)', whole: true },
    { name: 'Value', value: (row) => row.value, whole: true },
  ],
  'no metric values',
);

const BLOCKS = ' ▁▂▃▄▅▆▇█';
const BAR_WIDTH = 40;
/** Past this many points a series is drawn as one sparkline line instead of a bar per point. */
const SPARKLINE_FROM = 30;

function bar(value: number, max: number, width: number): string {
  if (max <= 0 || value <= 0) return '';
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + (eighths % 8 === 0 ? '' : (BLOCKS[eighths % 8] ?? ''));
}

export function sparkline(values: readonly number[]): string {
  const max = Math.max(...values);
  const min = Math.min(...values);
  return values.map((value) => (max === min ? BLOCKS[max === 0 ? 1 : 4] : BLOCKS[1 + Math.round(((value - min) / (max - min)) * 7)])).join('');
}

function series(rows: MetricInterval[]): Map<string, MetricInterval[]> {
  const groups = new Map<string, MetricInterval[]>();
  for (const row of rows) {
    const key = `${row.name ?? '?'}${row.reporter ? ` @ ${row.reporter}` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  // The engine sends newest first; a chart reads left to right, oldest first.
  for (const points of groups.values()) points.sort((a, b) => compareText(a.timestamp, b.timestamp));
  return groups;
}

/** `values` in at most `marks` values: each the mean of `per` consecutive ones (the last of what is left). */
function resample(values: readonly number[], marks: number): { values: number[]; per: number } {
  const per = Math.ceil(values.length / Math.max(1, marks));
  if (per <= 1) return { values: [...values], per: 1 };
  const means: number[] = [];
  for (let start = 0; start < values.length; start += per) {
    const group = values.slice(start, start + per);
    means.push(group.reduce((sum, value) => sum + value, 0) / group.length);
  }
  return { values: means, per };
}

/** A series as bars, or as a sparkline; both fit the terminal's width (style.table.width) when there is one. */
function chart(name: string, series: FilledSeries, style: Style): string {
  const points = series.points;
  const values = points.map((point) => point.value);
  const max = Math.max(...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const empty = series.filled > 0 ? ` (${series.filled} without entries, drawn as 0)` : '';
  const notFilled =
    series.notFilled > 0
      ? `\n${style.yellow(`${series.notFilled} intervals without entries between these are not drawn (more than ${MAX_FILLED_POINTS} points): neighbours here may lie far apart; a larger --interval draws them all`)}`
      : '';
  const heading = style.bold(`${name}: ${points.length} intervals${empty}, total ${total}, max ${max}`) + notFilled;
  const room = style.table.width;
  if (points.length >= SPARKLINE_FROM) {
    const first = points[0]!.timestamp;
    const last = points[points.length - 1]!.timestamp;
    if (room === undefined || first.length + values.length + last.length + 2 <= room) return `${heading}\n${first} ${style.cyan(sparkline(values))} ${last}`;
    // Too long for one line with its timestamps: the sparkline on a line of its own, below it where
    // it starts and ends; more points than columns are drawn a mark per so many of them.
    const shown = resample(values, room);
    const ends =
      first.length + last.length + 1 <= room ? [`${first}${' '.repeat(Math.max(1, shown.values.length - first.length - last.length))}${last}`] : [first, last];
    const note = shown.per > 1 ? [`(a mark per ${shown.per} intervals, their mean)`] : [];
    return [heading, style.cyan(sparkline(shown.values)), ...ends, ...note].join('\n');
  }
  const width = String(max).length;
  // timestamp, two spaces, the value, a space: the bar gets what is left of the line.
  const barWidth = room === undefined ? BAR_WIDTH : Math.max(1, Math.min(BAR_WIDTH, room - (points[0]!.timestamp.length + 3 + width)));
  return [
    heading,
    ...points.map((point) => `${point.timestamp}  ${String(point.value).padStart(width)} ${style.cyan(bar(point.value, max, barWidth))}`.trimEnd()),
  ].join('\n');
}

/** `intervalSeconds`: the --interval the rows were asked with; the engine leaves out empty ones, filled in here with 0. */
export function metricChartView(intervalSeconds: number): View<MetricInterval[]> {
  return {
    table(rows, style) {
      if (rows.length === 0) return 'no metric values';
      return [...series(rows)].map(([name, points]) => chart(name, fillEmptyIntervals(points, intervalSeconds), style)).join('\n\n');
    },
  };
}

export const sumView: View<{ result: number }> = {
  table: ({ result }) => String(result),
};

export const namesView: View<MetricName[]> = {
  table(rows, style) {
    return renderTable(
      // Names break after a hyphen where they must, as in `metrics list`.
      ['Name', { name: 'Alias of / alias', keepWords: true }, 'Counts'],
      rows.map((metric) => [
        metric.name,
        metric.alias ? `${metric.isAlias ? 'alias of' : 'alias'} ${metric.alias}` : '',
        `${metric.description}${metric.sumOnly ? ' (sum only)' : ''}${metric.since ? ` (${sinceLabel(metric.since)})` : ''}`,
      ]),
      style,
    );
  },
};

const MONTH_MARKS = { complete: '', partial: ' (partial: to date)', future: ' (future)' } as const;

export const usageReportView: View<UsageReport> = {
  table(report, style) {
    const rows: (string | number)[][] = report.months.map((month) => [
      month.status === 'complete' ? month.month : style.yellow(`${month.month}${MONTH_MARKS[month.status]}`),
      // A month to come is not asked for: the engine would count what it has not written yet in it.
      month.processInstances ?? 'none',
      month.decisionInstances ?? 'none',
      month.flowNodeInstances ?? 'none',
      month.taskUsers ?? 'none',
    ]);
    const toDate = report.months.some((month) => month.status !== 'complete') ? ' (to date)' : '';
    rows.push([
      style.bold(`Total${toDate}`),
      report.totals.processInstances,
      report.totals.decisionInstances,
      report.totals.flowNodeInstances,
      `${report.totals.taskUsers} distinct`,
    ]);
    return renderTable(
      [
        { name: 'Month (UTC)', whole: true },
        { name: 'Process instances', whole: true },
        { name: 'Decision instances', whole: true },
        { name: 'Flow node instances', whole: true },
        { name: 'Task users', whole: true },
      ],
      rows,
      style,
    );
  },
};

/** For stderr, with any format: which months are not over yet; undefined when all are. */
export function usageReportNote(report: UsageReport): string | undefined {
  const partial = report.months.filter((month) => month.status === 'partial').map((month) => month.month);
  const future = report.months.filter((month) => month.status === 'future').map((month) => month.month);
  const parts: string[] = [];
  if (partial.length > 0) parts.push(`${partial.join(', ')} is the current month, counted up to now`);
  if (future.length > 0)
    parts.push(`${future.length === 1 ? `${future[0]} lies` : `${future[0]} to ${future[future.length - 1]} lie`} in the future, with nothing counted yet`);
  return parts.length > 0 ? `note: ${parts.join('; ')} (UTC)` : undefined;
}
