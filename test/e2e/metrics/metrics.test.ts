// The metrics family against the simulator's seeded meter data.
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { documentedLine } from '../../helpers/docs.js';
import { test } from '../../helpers/fixtures.js';

const it = test.extend<{ engineSum: (name: string, query?: string) => Promise<number> }>({
  engineSum: async ({ engine }, use) =>
    use(async (name, query = '') => ((await (await fetch(`${engine.url}/metrics/${name}/sum${query}`)).json()) as { result: number }).result),
});

describe('metrics', () => {
  it('sum prints the engine result as a bare number, and JSON unchanged', async ({ cli, engineSum }) => {
    const expected = await engineSum('process-instances');
    const table = await cli('metrics', 'sum', 'process-instances');
    expect(table.code).toBe(0);
    expect(table.stdout).toBe(`${expected}\n`);
    expect(JSON.parse((await cli('metrics', 'sum', 'process-instances', '-o', 'json')).stdout)).toEqual({ result: expected });
  });

  it('sends dates in the engine format with %2B, start inclusive and end exclusive', async ({ engine, cli }) => {
    const result = await cli('metrics', 'sum', 'flow-node-instances', '--start', '2026-01-01T00:00:00+02:00', '--end', '2026-02-01');
    expect(result.code).toBe(0);
    expect(engine.requests[0]?.path).toBe(
      '/engine-rest/metrics/flow-node-instances/sum?startDate=2025-12-31T22%3A00%3A00.000%2B0000&endDate=2026-02-01T00%3A00%3A00.000%2B0000',
    );
  });

  it('refuses an unknown metric name and a bad date before sending', async ({ engine, cli }) => {
    const name = await cli('metrics', 'sum', 'process-instance');
    expect(name.code).toBe(2);
    expect(name.stderr).toContain("unknown metric 'process-instance' (did you mean process-instances");
    const dateResult = await cli('metrics', 'list', '--start', 'yesterday');
    expect(dateResult.code).toBe(2);
    expect(dateResult.stderr).toContain("--start: 'yesterday' is not a date");
    expect(engine.requests).toEqual([]);
  });

  it('list sends aggregateByReporter only when asked, and pages past the 200-row cap', async ({ engine, cli }) => {
    const plain = await cli('metrics', 'list', '--name', 'process-instances', '--max', '5', '-o', 'json');
    expect(plain.code).toBe(0);
    expect(engine.requests[0]?.path).not.toContain('aggregateByReporter');
    engine.requests.length = 0;
    const aggregated = await cli('metrics', 'list', '--name', 'process-instances', '--aggregate-by-reporter', '--max', '450', '-o', 'json');
    expect(aggregated.code).toBe(0);
    const rows = JSON.parse(aggregated.stdout);
    expect(rows.every((row: { reporter: string | null }) => row.reporter === null)).toBe(true);
    expect(engine.requests.every((request) => request.path.includes('aggregateByReporter=true'))).toBe(true);
    expect(engine.requests.every((request) => Number(new URL(`http://x${request.path}`).searchParams.get('maxResults')) <= 200)).toBe(true);
  });

  it('--chart draws bars', async ({ cli }) => {
    const result = await cli('metrics', 'list', '--name', 'process-instances', '--interval', '86400', '--aggregate-by-reporter', '--max', '7', '--chart');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^process-instances: 7 intervals, total \d+, max \d+\n/);
    expect(result.stdout).toContain('█');
  });

  it('--chart draws the intervals the engine leaves out as 0, so that its points are evenly spaced', async ({ cli }) => {
    // The seed logs once a day at 12:00 UTC: in buckets of 12 hours, every 00:00 one is empty.
    const args = ['metrics', 'list', '--name', 'process-instances', '--interval', '43200', '--aggregate-by-reporter', '--start', '5d'];
    const rows = JSON.parse((await cli(...args, '-o', 'json')).stdout) as { timestamp: string; value: number }[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const chart = await cli(...args, '--chart');
    expect(chart.code).toBe(0);
    const [heading, ...lines] = chart.stdout.trimEnd().split('\n');
    expect(heading).toBe(
      `process-instances: ${2 * rows.length - 1} intervals (${rows.length - 1} without entries, drawn as 0), total ${rows.reduce((sum, row) => sum + row.value, 0)}, max 15`,
    );
    const points = lines
      .map((line) => /^(\S+)\s+(\d+)/.exec(line)!)
      .map(([, timestamp, value]) => ({ at: Date.parse(timestamp!.replace(/(\d\d)(\d\d)$/, '$1:$2')), value: Number(value) }));
    for (let index = 1; index < points.length; index++) expect(points[index]!.at - points[index - 1]!.at).toBe(43_200_000);
    expect(points.filter((point) => point.value === 0)).toHaveLength(rows.length - 1);
  });

  it('report: month by month with totals, task users distinct over the period', async ({ cli, engineSum }) => {
    const result = await cli('metrics', 'report', '--from', '2026-01', '--to', '2026-03', '-o', 'json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.months.map((month: { month: string }) => month.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    const january = await engineSum('process-instances', '?startDate=2026-01-01T00:00:00.000%2B0000&endDate=2026-02-01T00:00:00.000%2B0000');
    expect(report.months[0].processInstances).toBe(january);
    expect(report.totals.processInstances).toBe(report.months.reduce((sum: number, month: { processInstances: number }) => sum + month.processInstances, 0));
    expect(report.totals.taskUsers).toBe(await engineSum('task-users', '?startDate=2026-01-01T00:00:00.000%2B0000&endDate=2026-04-01T00:00:00.000%2B0000'));
    const table = await cli('metrics', 'report', '--from', '2026-01', '--to', '2026-03');
    expect(table.stdout).toMatch(/^Total\t\d+\t\d+\t\d+\t\d+ distinct$/m);
  });

  it('report counts what the engine has not written yet once: the current month ends now, a month to come is not asked', async ({ engine, cli, engineSum }) => {
    const now = new Date();
    const monthLabel = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    // The engine adds its unwritten counts to any sum whose end is not in the past (MeterLogManager).
    engine.state.unloggedMeters = { 'root-process-instance-start': 2420 };
    const [current, next, later] = [monthLabel(0), monthLabel(1), monthLabel(2)];
    const sinceMonthStart = await engineSum('process-instances', `?startDate=${encodeURIComponent(`${current}-01T00:00:00.000+0000`)}`);
    expect(sinceMonthStart).toBeGreaterThanOrEqual(2420);
    const result = await cli('metrics', 'report', '--from', current, '--to', later, '-o', 'json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.months.map((month: { month: string; processInstances: unknown }) => `${month.month} ${month.processInstances}`)).toEqual([
      `${current} ${sinceMonthStart}`,
      `${next} null`,
      `${later} null`,
    ]);
    expect(report.totals.processInstances).toBe(sinceMonthStart);
    // No sum starts in a month to come, and the current month's end is now, not the next month's start.
    const sums = engine.requests.filter((request) => request.path.includes('/sum?')).map((request) => new URL(request.path, engine.url).searchParams);
    expect(sums.length).toBeGreaterThan(0);
    expect(sums.filter((query) => query.get('startDate')! > `${current}-99`)).toEqual([]);
    expect(sums.filter((query) => (query.get('endDate') ?? '') >= `${next}-01`)).toEqual([]);
  });

  it('list says why it shows nothing while only a sum sees the counts the engine has not written yet', async ({ engine, cli, engineSum }) => {
    engine.state.meterLog = [];
    engine.state.unloggedMeters = { 'root-process-instance-start': 2420 };
    expect(await engineSum('process-instances')).toBe(2420);
    const empty = await cli('metrics', 'list', '--name', 'process-instances', '-o', 'json');
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual([]);
    expect(empty.stderr).toBe(
      'no rows: the engine writes its counts to the meter log every 15 minutes, and metrics list shows them from then on (metrics sum process-instances counts those not written yet)\n',
    );
    // A period that ended long ago has nothing unwritten: no such note.
    const past = await cli('metrics', 'list', '--end', '2020-01-01', '-o', 'json');
    expect(past.code).toBe(0);
    expect(past.stderr).toBe('');
  });

  it('report marks the current month as partial and later ones as future (json: status), and refuses more than 120 months', async ({ cli }) => {
    const now = new Date();
    const monthLabel = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    const [last, current, next] = [monthLabel(-1), monthLabel(0), monthLabel(1)];
    const json = await cli('metrics', 'report', '--from', last, '--to', next, '-o', 'json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.months.map((month: { month: string; status: string }) => `${month.month} ${month.status}`)).toEqual([
      `${last} complete`,
      `${current} partial`,
      `${next} future`,
    ]);
    expect(json.stderr).toBe(`note: ${current} is the current month, counted up to now; ${next} lies in the future, with nothing counted yet (UTC)\n`);
    // docs/metrics.md shows the note of a report made in November 2026.
    expect(json.stderr.replaceAll(current, '2026-11').replaceAll(next, '2026-12')).toBe(`${documentedLine('metrics.md', 'note: ')}\n`);
    const table = await cli('metrics', 'report', '--from', last, '--to', next);
    expect(table.stdout).toMatch(new RegExp(`^${current} \\(partial: to date\\)\\t`, 'm'));
    expect(table.stdout).toMatch(new RegExp(`^${next} \\(future\\)\\tnone\\tnone\\tnone\\tnone$`, 'm'));
    expect(report.months[2]).toMatchObject({ processInstances: null, decisionInstances: null, flowNodeInstances: null, taskUsers: null });
    const tooLong = await cli('metrics', 'report', '--from', '2010-01', '--to', '2020-01');
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toBe(
      'error: 2010-01 to 2020-01 is 121 months; the report covers at most 120 (four sums a month): report it in parts with --from and --to\n',
    );
    expect(readFileSync(new URL('../../../docs/metrics.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')).toContain(
      tooLong.stderr.slice('error: '.length, -1),
    );
  });

  it('delete-task-worker needs --before or --all, and confirmation', async ({ engine, cli }) => {
    expect((await cli('metrics', 'delete-task-worker')).code).toBe(2);
    const refused = await cli('metrics', 'delete-task-worker', '--all');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('delete ALL task-worker meter entries: confirmation needed');
    expect(engine.requests).toEqual([]);
    const deleted = await cli('metrics', 'delete-task-worker', '--before', '2026-01-01', '--yes');
    expect(deleted.code).toBe(0);
    expect(engine.requests.find((request) => request.method === 'DELETE')?.path).toBe(
      '/engine-rest/metrics/task-worker?date=2026-01-01T00%3A00%3A00.000%2B0000',
    );
  });

  it('names lists every metric', async () => {
    const result = await runCli(['metrics', 'names', '-o', 'json']);
    expect(JSON.parse(result.stdout).map((metric: { name: string }) => metric.name)).toContain('task-users');
    expect((await runCli(['metrics', 'names'])).stdout).toMatch(
      /^task-users\talias of unique-task-workers\tdistinct users assigned to tasks \(licence metric\) \(sum only\) \(Camunda 7\.17\+\)$/m,
    );
  });
});
