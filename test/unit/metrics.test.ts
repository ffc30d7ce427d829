import { describe, expect, it } from 'vitest';
import { checkMetricName, METRIC_NAMES } from '../../src/catalogue/metrics.js';
import { UsageError } from '../../src/exit-codes.js';
import { buildUsageReport } from '../../src/metrics/report.js';
import { metricChartView, sparkline } from '../../src/render/metrics.js';
import { plainStyle, withTable } from '../../src/render/style.js';

describe('metric names', () => {
  it('knows every name of the engine and each alias', () => {
    for (const name of ['activity-instance-start', 'activity-instance-end', 'job-acquisition-attempt', 'job-acquired-success', 'job-acquired-failure', 'job-execution-rejected', 'job-successful', 'job-failed', 'job-locked-exclusive', 'root-process-instance-start', 'executed-decision-instances', 'executed-decision-elements', 'history-cleanup-removed-process-instances', 'history-cleanup-removed-case-instances', 'history-cleanup-removed-decision-instances', 'history-cleanup-removed-batch-operations', 'history-cleanup-removed-task-metrics', 'unique-task-workers', 'process-instances', 'decision-instances', 'flow-node-instances', 'task-users']) {
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
    );
    expect(report.from).toBe('2025-12');
    expect(report.to).toBe('2026-01');
    expect(report.months).toEqual([
      { month: '2025-12', processInstances: 12, decisionInstances: 12, flowNodeInstances: 12, taskUsers: 5 },
      { month: '2026-01', processInstances: 1, decisionInstances: 1, flowNodeInstances: 1, taskUsers: 5 },
    ]);
    expect(report.totals).toEqual({ processInstances: 13, decisionInstances: 13, flowNodeInstances: 13, taskUsers: 7 });
    expect(calls).toContain('process-instances 2025-12-01 2026-01-01');
    expect(calls).toContain('task-users 2025-12-01 2026-02-01');
    expect(calls).toHaveLength(9);
  });
});

describe('charts', () => {
  it('draws bars oldest first, scaled to the largest value', () => {
    const rows = [
      { timestamp: '2026-01-02T00:00:00.000+0000', name: 'job-failed', reporter: null, value: 10 },
      { timestamp: '2026-01-01T00:00:00.000+0000', name: 'job-failed', reporter: null, value: 5 },
    ];
    const lines = metricChartView.table(rows, plainStyle).split('\n');
    expect(lines[0]).toBe('job-failed: 2 intervals, total 15, max 10');
    expect(lines[1]).toBe(`2026-01-01T00:00:00.000+0000   5 ${'█'.repeat(20)}`);
    expect(lines[2]).toBe(`2026-01-02T00:00:00.000+0000  10 ${'█'.repeat(40)}`);
  });

  it('uses a sparkline for long series', () => {
    expect(sparkline([0, 7, 14])).toBe('▁▅█');
    const rows = Array.from({ length: 40 }, (_, i) => ({ timestamp: `2026-01-01T00:${String(i).padStart(2, '0')}:00.000+0000`, name: 'x', reporter: 'r', value: i }));
    expect(metricChartView.table(rows, plainStyle).split('\n')).toHaveLength(2);
  });

  const terminal = (width: number) => withTable(plainStyle, { kind: 'boxed', width, headers: true });
  const series = (length: number) =>
    Array.from({ length }, (_, i) => ({ timestamp: new Date(Date.UTC(2026, 0, 1, i)).toISOString().replace('Z', '+0000'), name: 'x', reporter: null, value: i % 10 }));

  it('fits a sparkline to the terminal: its ends below it, a mark per so many intervals when they are more than the columns', () => {
    // 40 points and two timestamps are 98 columns: too many for 80, so the timestamps go below.
    const fitting = metricChartView.table(series(40), terminal(80)).split('\n');
    expect(fitting).toEqual(['x: 40 intervals, total 180, max 9', sparkline(series(40).map((point) => point.value)), '2026-01-01T00:00:00.000+0000 2026-01-02T15:00:00.000+0000']);
    const resampled = metricChartView.table(series(200), terminal(50)).split('\n');
    expect(resampled[1]).toHaveLength(50);
    expect(resampled.slice(2)).toEqual(['2026-01-01T00:00:00.000+0000', '2026-01-09T07:00:00.000+0000', '(a mark per 4 intervals, their mean)']);
    // Off a terminal, and with -o wide, one line of all the points as before.
    expect(metricChartView.table(series(200), plainStyle).split('\n')[1]).toHaveLength(28 + 1 + 200 + 1 + 28);
  });

  it('narrows the bars to the terminal', () => {
    const lines = metricChartView.table(series(10), terminal(50)).split('\n').slice(1);
    expect(lines.map((line) => line.length)).toContain(50);
    expect(Math.max(...lines.map((line) => line.length))).toBe(50);
  });
});
