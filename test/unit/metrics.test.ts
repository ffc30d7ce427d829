import { describe, expect, it } from 'vitest';
import { checkMetricName, METRIC_NAMES } from '../../src/catalogue/metrics.js';
import { UsageError } from '../../src/exit-codes.js';
import { fillEmptyIntervals } from '../../src/metrics/intervals.js';
import { buildUsageReport } from '../../src/metrics/report.js';
import { metricChartView, sparkline, usageReportNote, usageReportView } from '../../src/render/metrics.js';
import { plainStyle, withTable } from '../../src/render/style.js';

describe('metric names', () => {
  it('knows every name of the engine and each alias', () => {
    for (const name of [
      'activity-instance-start',
      'activity-instance-end',
      'job-acquisition-attempt',
      'job-acquired-success',
      'job-acquired-failure',
      'job-execution-rejected',
      'job-successful',
      'job-failed',
      'job-locked-exclusive',
      'root-process-instance-start',
      'executed-decision-instances',
      'executed-decision-elements',
      'history-cleanup-removed-process-instances',
      'history-cleanup-removed-case-instances',
      'history-cleanup-removed-decision-instances',
      'history-cleanup-removed-batch-operations',
      'history-cleanup-removed-task-metrics',
      'unique-task-workers',
      'process-instances',
      'decision-instances',
      'flow-node-instances',
      'task-users',
    ]) {
      expect(checkMetricName(name).name).toBe(name);
    }
    expect(METRIC_NAMES).toHaveLength(22);
  });

  it('refuses an unknown name with the closest, since the engine would answer 0', () => {
    expect(() => checkMetricName('process-instance')).toThrow("metric name: unknown metric 'process-instance' (did you mean process-instances");
    expect(() => checkMetricName('task-users', '--name', true)).toThrow(/task meter log, which has no intervals/);
    expect(() => checkMetricName('nope')).toThrow(UsageError);
  });
});

describe('usage report', () => {
  it('asks one sum per metric and month, and counts task users distinct over the whole period', async () => {
    const calls: string[] = [];
    const report = await buildUsageReport(
      async (name, start, end) => {
        calls.push(`${name} ${start.toISOString().slice(0, 10)} ${end.toISOString().slice(0, 10)}`);
        if (name === 'task-users') return end.getTime() - start.getTime() > 40 * 86_400_000 ? 7 : 5;
        return start.getUTCMonth() + 1;
      },
      { year: 2025, month: 12 },
      2,
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(report.from).toBe('2025-12');
    expect(report.to).toBe('2026-01');
    expect(report.months).toEqual([
      { month: '2025-12', processInstances: 12, decisionInstances: 12, flowNodeInstances: 12, taskUsers: 5, status: 'complete' },
      { month: '2026-01', processInstances: 1, decisionInstances: 1, flowNodeInstances: 1, taskUsers: 5, status: 'complete' },
    ]);
    expect(report.totals).toEqual({ processInstances: 13, decisionInstances: 13, flowNodeInstances: 13, taskUsers: 7 });
    expect(calls).toContain('process-instances 2025-12-01 2026-01-01');
    expect(calls).toContain('task-users 2025-12-01 2026-02-01');
    expect(calls).toHaveLength(9);
  });
});

describe('usage report months not over yet', () => {
  const sum = async () => 1;
  it('marks the month of now as partial (from its first millisecond) and those after it as future', async () => {
    const statuses = async (now: string) => (await buildUsageReport(sum, { year: 2026, month: 1 }, 3, new Date(now))).months.map((month) => month.status);
    expect(await statuses('2026-02-01T00:00:00.000Z')).toEqual(['complete', 'partial', 'future']);
    expect(await statuses('2026-01-31T23:59:59.999Z')).toEqual(['partial', 'future', 'future']);
    expect(await statuses('2026-04-01T00:00:00.000Z')).toEqual(['complete', 'complete', 'complete']);
  });

  it('shows them marked in the table, with the total to date, and names them in a note', async () => {
    const report = await buildUsageReport(sum, { year: 2026, month: 1 }, 4, new Date('2026-02-10T00:00:00Z'));
    const table = usageReportView.table(report, plainStyle);
    expect(table).toMatch(/│ 2026-01 +│/);
    expect(table).toContain('│ 2026-02 (partial: to date) │');
    expect(table).toMatch(/│ 2026-03 \(future\) +│/);
    expect(table).toMatch(/│ Total \(to date\) +│/);
    expect(usageReportNote(report)).toBe(
      'note: 2026-02 is the current month, counted up to now; 2026-03 to 2026-04 lie in the future, with nothing counted yet (UTC)',
    );
    expect(usageReportNote(await buildUsageReport(sum, { year: 2026, month: 1 }, 1, new Date('2026-05-01T00:00:00Z')))).toBeUndefined();
  });
});

describe('charts', () => {
  it('draws bars oldest first, scaled to the largest value', () => {
    const rows = [
      { timestamp: '2026-01-02T00:00:00.000+0000', name: 'job-failed', reporter: null, value: 10 },
      { timestamp: '2026-01-01T00:00:00.000+0000', name: 'job-failed', reporter: null, value: 5 },
    ];
    const lines = metricChartView(86_400).table(rows, plainStyle).split('\n');
    expect(lines[0]).toBe('job-failed: 2 intervals, total 15, max 10');
    expect(lines[1]).toBe(`2026-01-01T00:00:00.000+0000   5 ${'█'.repeat(20)}`);
    expect(lines[2]).toBe(`2026-01-02T00:00:00.000+0000  10 ${'█'.repeat(40)}`);
  });

  it('uses a sparkline for long series', () => {
    expect(sparkline([0, 7, 14])).toBe('▁▅█');
    const rows = Array.from({ length: 40 }, (_, i) => ({
      timestamp: `2026-01-01T00:${String(i).padStart(2, '0')}:00.000+0000`,
      name: 'x',
      reporter: 'r',
      value: i,
    }));
    expect(metricChartView(60).table(rows, plainStyle).split('\n')).toHaveLength(2);
  });
});

describe('empty intervals, which the engine leaves out', () => {
  const point = (timestamp: string, value: number) => ({ timestamp, name: 'job-failed', reporter: null, value });

  it('are drawn as 0 between the rows, so that distant buckets are not neighbours', () => {
    const rows = [point('2026-01-04T00:00:00.000+0000', 8), point('2026-01-01T00:00:00.000+0000', 4)];
    const lines = metricChartView(86_400).table(rows, plainStyle).split('\n');
    expect(lines[0]).toBe('job-failed: 4 intervals (2 without entries, drawn as 0), total 12, max 8');
    expect(lines.slice(1).map((line) => line.replace(/ █*$/, ''))).toEqual([
      '2026-01-01T00:00:00.000+0000  4',
      '2026-01-02T00:00:00.000+0000  0',
      '2026-01-03T00:00:00.000+0000  0',
      '2026-01-04T00:00:00.000+0000  8',
    ]);
    // An interval of 0 has no bar, and no space left where it would be.
    expect(lines[2]).toBe('2026-01-02T00:00:00.000+0000  0');
  });

  it('get timestamps in the engine format at the offset of the rows, and only between rows a whole number of intervals apart', () => {
    const filled = fillEmptyIntervals(
      [point('2026-01-01T01:00:00.000+0100', 1), point('2026-01-01T01:45:00.000+0100', 2), point('2026-01-01T01:50:00.000+0100', 3)],
      900,
    );
    expect(filled.points.map((row) => `${row.timestamp}=${row.value}`)).toEqual([
      '2026-01-01T01:00:00.000+0100=1',
      '2026-01-01T01:15:00.000+0100=0',
      '2026-01-01T01:30:00.000+0100=0',
      '2026-01-01T01:45:00.000+0100=2',
      // Five minutes on: not a bucket of 900 s, so where the empty ones would lie is not known.
      '2026-01-01T01:50:00.000+0100=3',
    ]);
    expect(filled.filled).toBe(2);
    expect(fillEmptyIntervals([point('yesterday', 1), point('2026-01-01T01:45:00.000+0100', 2)], 900).filled).toBe(0);
  });

  it('are not filled past the point limit, and the chart says that its neighbours may lie far apart', () => {
    const rows = [point('2026-01-01T00:00:00.000+0000', 1), point('2027-01-01T00:00:00.000+0000', 2)];
    expect(fillEmptyIntervals(rows, 60, 1000)).toMatchObject({ filled: 0, notFilled: 525_599 });
    const text = metricChartView(1).table(rows, plainStyle);
    expect(text).toContain('31535999 intervals without entries between these are not drawn (more than 10000 points)');
  });

  const terminal = (width: number) => withTable(plainStyle, { kind: 'boxed', width, headers: true });
  const series = (length: number) =>
    Array.from({ length }, (_, i) => ({
      timestamp: new Date(Date.UTC(2026, 0, 1, i)).toISOString().replace('Z', '+0000'),
      name: 'x',
      reporter: null,
      value: i % 10,
    }));

  it('fits a sparkline to the terminal: its ends below it, a mark per so many intervals when they are more than the columns', () => {
    // 40 points and two timestamps are 98 columns: too many for 80, so the timestamps go below.
    const fitting = metricChartView(3600).table(series(40), terminal(80)).split('\n');
    expect(fitting).toEqual([
      'x: 40 intervals, total 180, max 9',
      sparkline(series(40).map((point) => point.value)),
      '2026-01-01T00:00:00.000+0000 2026-01-02T15:00:00.000+0000',
    ]);
    const resampled = metricChartView(3600).table(series(200), terminal(50)).split('\n');
    expect(resampled[1]).toHaveLength(50);
    expect(resampled.slice(2)).toEqual(['2026-01-01T00:00:00.000+0000', '2026-01-09T07:00:00.000+0000', '(a mark per 4 intervals, their mean)']);
    // Off a terminal, and with -o wide, one line of all the points as before.
    expect(metricChartView(3600).table(series(200), plainStyle).split('\n')[1]).toHaveLength(28 + 1 + 200 + 1 + 28);
  });

  it('narrows the bars to the terminal', () => {
    const lines = metricChartView(3600).table(series(10), terminal(50)).split('\n').slice(1);
    expect(lines.map((line) => line.length)).toContain(50);
    expect(Math.max(...lines.map((line) => line.length))).toBe(50);
  });
});
