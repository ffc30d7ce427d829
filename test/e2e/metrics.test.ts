// The metrics family against the simulator's seeded meter data.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../simulator/index.js';
import { runCli } from '../helpers/cli.js';

let engine: Simulator;
beforeEach(async () => {
  engine = await startSimulator();
});
afterEach(async () => {
  await engine.close();
});

const cli = (...args: string[]) => runCli(['--url', engine.url, '--retries', '0', ...args]);
const engineSum = async (name: string, query = '') => ((await (await fetch(`${engine.url}/metrics/${name}/sum${query}`)).json()) as { result: number }).result;

describe('metrics', () => {
  it('sum prints the engine result as a bare number, and JSON unchanged', async () => {
    const expected = await engineSum('process-instances');
    const table = await cli('metrics', 'sum', 'process-instances');
    expect(table.code).toBe(0);
    expect(table.stdout).toBe(`${expected}\n`);
    expect(JSON.parse((await cli('metrics', 'sum', 'process-instances', '-o', 'json')).stdout)).toEqual({ result: expected });
  });

  it('sends dates in the engine format with %2B, start inclusive and end exclusive', async () => {
    const result = await cli('metrics', 'sum', 'flow-node-instances', '--start', '2026-01-01T00:00:00+02:00', '--end', '2026-02-01');
    expect(result.code).toBe(0);
    expect(engine.requests[0]?.path).toBe('/engine-rest/metrics/flow-node-instances/sum?startDate=2025-12-31T22%3A00%3A00.000%2B0000&endDate=2026-02-01T00%3A00%3A00.000%2B0000');
  });

  it('refuses an unknown metric name and a bad date before sending', async () => {
    const name = await cli('metrics', 'sum', 'process-instance');
    expect(name.code).toBe(2);
    expect(name.stderr).toContain("unknown metric 'process-instance' (did you mean process-instances");
    const dateResult = await cli('metrics', 'list', '--start', 'yesterday');
    expect(dateResult.code).toBe(2);
    expect(dateResult.stderr).toContain("--start: 'yesterday' is not a date");
    expect(engine.requests).toEqual([]);
  });

  it('list sends aggregateByReporter only when asked, and pages past the 200-row cap', async () => {
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

  it('--chart draws bars', async () => {
    const result = await cli('metrics', 'list', '--name', 'process-instances', '--interval', '86400', '--aggregate-by-reporter', '--max', '7', '--chart');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^process-instances: 7 intervals, total \d+, max \d+\n/);
    expect(result.stdout).toContain('█');
  });

  it('report: month by month with totals, task users distinct over the period', async () => {
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

  it('delete-task-worker needs --before or --all, and confirmation', async () => {
    expect((await cli('metrics', 'delete-task-worker')).code).toBe(2);
    const refused = await cli('metrics', 'delete-task-worker', '--all');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('delete ALL task-worker meter entries: confirmation needed');
    expect(engine.requests).toEqual([]);
    const deleted = await cli('metrics', 'delete-task-worker', '--before', '2026-01-01', '--yes');
    expect(deleted.code).toBe(0);
    expect(engine.requests.find((request) => request.method === 'DELETE')?.path).toBe('/engine-rest/metrics/task-worker?date=2026-01-01T00%3A00%3A00.000%2B0000');
  });

  it('names lists every metric', async () => {
    const result = await runCli(['metrics', 'names', '-o', 'json']);
    expect(JSON.parse(result.stdout).map((metric: { name: string }) => metric.name)).toContain('task-users');
    expect((await runCli(['metrics', 'names'])).stdout).toMatch(/^task-users\talias of unique-task-workers\tdistinct users assigned to tasks \(licence metric\) \(sum only\) \(Camunda 7\.17\+\)$/m);
  });
});
