// Issue 26, item 2 ("ordered by a unique key so no row is skipped or repeated when pages are cut"),
// for listings sorted by a key that is not unique (`--sort-by resourceType`, `--sort-by type`). The
// engine sorts by that key only and leaves rows of equal keys to the database, whose order may change
// from one page to the next (PostgreSQL's top-N sort does): the simulator's tieOrder 'per-page' does
// the same, and the engine's limit of 7 rows per query makes every listing here several pages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { metricsIntervalRows, type Simulator, startSimulator } from '../../simulator/index.js';
import { runCli } from '../../helpers/cli.js';

const LIMIT = 7;

let engine: Simulator;
beforeEach(async () => {
  engine = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0, queryMaxResultsLimit: LIMIT, tieOrder: 'per-page' });
  engine.state.seedAuthorizations(40);
  engine.state.seedGroups(30);
});
afterEach(async () => {
  await engine.close();
});

const cli = (args: string[]) => runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', '--retries', '0', ...args], { stdin: 'demo\n' });

interface Row {
  id: string;
  [key: string]: unknown;
}

async function listed(args: string[], stderr = ''): Promise<Row[]> {
  const result = await cli([...args, '-o', 'json']);
  expect(result.stderr).toBe(stderr);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Row[];
}

/** In the order of `key` (asc or desc), rows of equal keys by id, none twice. */
function expectSorted(rows: Row[], key: string, order: 'asc' | 'desc'): void {
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  const direction = order === 'asc' ? 1 : -1;
  for (let index = 1; index < rows.length; index += 1) {
    const before = rows[index - 1] as Row;
    const row = rows[index] as Row;
    const [a, b] = [before[key] as string | number, row[key] as string | number];
    if (a === b) expect(before.id < row.id, `${before.id} before ${row.id} (${key} ${String(a)})`).toBe(true);
    else expect((a < b ? 1 : -1) * direction, `${key} ${String(a)} before ${String(b)}`).toBe(1);
  }
}

describe('the simulator, as a database that orders ties per page', () => {
  it('makes pages cut by position skip or repeat rows of equal keys (what the tool must not do)', async () => {
    const ids: string[] = [];
    const auth = `Basic ${Buffer.from('demo:demo').toString('base64')}`;
    for (let first = 0; ; first += LIMIT) {
      const response = await fetch(`${engine.url}/authorization?sortBy=resourceType&sortOrder=asc&firstResult=${first}&maxResults=${LIMIT}`, {
        headers: { authorization: auth },
      });
      const page = (await response.json()) as Row[];
      ids.push(...page.map((row) => row.id));
      if (page.length < LIMIT) break;
    }
    expect(new Set(ids).size).toBeLessThan(ids.length);
  });
});

describe('auth list sorted by a key that is not unique', () => {
  it('--all --sort-by resourceType: every authorization once, equal types by id', async () => {
    const count = JSON.parse((await cli(['auth', 'count', '-o', 'json'])).stdout).count as number;
    const rows = await listed(['auth', 'list', '--all', '--sort-by', 'resourceType']);
    expect(rows).toHaveLength(count);
    expectSorted(rows, 'resourceType', 'asc');
  });

  it('--all --sort-by resourceId --sort-order desc: every authorization once, equal ids of resources by id', async () => {
    const count = JSON.parse((await cli(['auth', 'count', '-o', 'json'])).stdout).count as number;
    const rows = await listed(['auth', 'list', '--all', '--sort-by', 'resourceId', '--sort-order', 'desc']);
    expect(rows).toHaveLength(count);
    expectSorted(rows, 'resourceId', 'desc');
    // Rows of equal keys ('*': every camunda-admin grant) were there to be cut.
    expect(rows.filter((row) => row.resourceId === '*').length).toBeGreaterThan(LIMIT);
  });

  it('--first N from the hint of --max: the next rows of the same order as --all, also inside a run of equal types', async () => {
    const all = await listed(['auth', 'list', '--all', '--sort-by', 'resourceType']);
    const first = await listed(
      ['auth', 'list', '--max', '10', '--sort-by', 'resourceType'],
      'showing 10 authorizations from 0; there are more: --first 10, --max N or --all\n',
    );
    const next = await listed(
      ['auth', 'list', '--first', '10', '--max', '10', '--sort-by', 'resourceType'],
      'showing 10 authorizations from 10; there are more: --first 20, --max N or --all\n',
    );
    expect([...first, ...next].map((row) => row.id)).toEqual(all.slice(0, 20).map((row) => row.id));
    const fromInsideRun = all.findIndex((row, index) => index > 0 && row.resourceType === all[index - 1]!.resourceType && index % LIMIT !== 0);
    const rest = await listed(['auth', 'list', '--all', '--first', String(fromInsideRun), '--sort-by', 'resourceType']);
    expect(rest.map((row) => row.id)).toEqual(all.slice(fromInsideRun).map((row) => row.id));
  });

  it('--max beyond the engine limit with a filter: the first N of the same order as --all', async () => {
    const all = await listed(['auth', 'list', '--all', '--sort-by', 'resourceType', '--type', '1']);
    const first = await listed(
      ['auth', 'list', '--max', '20', '--sort-by', 'resourceType', '--type', '1'],
      'showing 20 authorizations from 0; there are more: --first 20, --max N or --all\n',
    );
    expect(all.length).toBeGreaterThan(20);
    expect(first.map((row) => row.id)).toEqual(all.slice(0, 20).map((row) => row.id));
  });
});

describe('group list sorted by a key that is not unique', () => {
  it('--all --sort-by type: every group once, equal types by id (the POST query sorts by the id after the type)', async () => {
    const count = JSON.parse((await cli(['group', 'count', '-o', 'json'])).stdout).count as number;
    const rows = await listed(['group', 'list', '--all', '--sort-by', 'type']);
    expect(rows).toHaveLength(count);
    expectSorted(rows, 'type', 'asc');
    const queries = engine.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/engine-rest/group?'));
    expect(queries.length).toBeGreaterThan(1);
    for (const query of queries)
      expect(JSON.parse(query.body)).toMatchObject({
        sorting: [
          { sortBy: 'type', sortOrder: 'asc' },
          { sortBy: 'id', sortOrder: 'asc' },
        ],
      });
  });
});

describe('metrics list over several requests', () => {
  const DAY = 86_400_000;
  // Daily buckets of the 60 days before the simulator's clock (an absolute start, so that the
  // command and the expected answer cut alike): each holds rows of several names and reporters, and
  // the listing takes several requests of 200 rows.
  const daily = (): string[] => ['--interval', '86400', '--start', new Date(engine.state.clock() - 60 * DAY).toISOString()];

  /** What the engine answers as one request without paging. */
  function oneAnswer(options: { unlogged?: Record<string, number>; interval?: number; startDate?: number; name?: string } = {}): Row[] {
    const { unlogged = {}, interval = 86_400, startDate = engine.state.clock() - 60 * DAY, name } = options;
    return metricsIntervalRows(
      engine.state.meterLog,
      { interval, startDate, maxResults: 1_000_000, ...(name ? { name } : {}) },
      { counts: unlogged, now: engine.state.clock() },
    ).map(({ timestamp, name: rowName, reporter, value }) => ({
      id: `${timestamp} ${rowName} ${String(reporter)}`,
      timestamp,
      name: rowName,
      reporter,
      value,
    }));
  }

  const withIds = (rows: Row[]): Row[] => rows.map((row) => ({ ...row, id: `${String(row.timestamp)} ${String(row.name)} ${String(row.reporter)}` }));
  const byId = (rows: Row[]): Row[] => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

  it('--all: every row once, newest bucket first, where the engine orders the rows of a bucket per request', async () => {
    const expected = oneAnswer();
    expect(expected.length).toBeGreaterThan(400);
    const rows = withIds(await listed(['metrics', 'list', ...daily(), '--all']));
    expect(byId(rows)).toEqual(byId(expected));
    const buckets = rows.map((row) => Date.parse(String(row.timestamp)));
    expect(buckets.every((bucket, index) => index === 0 || bucket <= (buckets[index - 1] as number))).toBe(true);
  });

  it('--all gives the rows in the engine order, and adds the counts the engine has not yet written once, not on every request', async () => {
    engine.state.tieOrder = 'id';
    engine.state.unloggedMeters = { 'root-process-instance-start': 1000, 'activity-instance-start': 1000 };
    const rows = withIds(await listed(['metrics', 'list', ...daily(), '--all']));
    expect(rows).toEqual(oneAnswer({ unlogged: engine.state.unloggedMeters }));
    const metricRequests = engine.requests.filter((request) => request.path.startsWith('/engine-rest/metrics?'));
    expect(metricRequests.length).toBeGreaterThan(2);
  });

  describe('buckets of a minute, within the engine reporting interval: its unwritten counts only in the newest bucket', () => {
    const MINUTE = 60_000;
    /** 40 rows a minute (20 reporters, the simulated engine's own among them, and 2 names) over the last 2 hours. */
    function minuteLog(): void {
      const now = engine.state.clock();
      const reporters = ['127.0.0.1$default', ...Array.from({ length: 19 }, (_, index) => `10.0.0.${index + 1}$default`)];
      engine.state.meterLog = Array.from({ length: 120 }, (_, minute) =>
        reporters.flatMap((reporter, index) =>
          ['root-process-instance-start', 'activity-instance-start'].map((name) => ({
            name,
            reporter,
            value: index + 1,
            timestamp: now - minute * MINUTE - 1000,
          })),
        ),
      ).flat();
      engine.state.unloggedMeters = { 'root-process-instance-start': 1000, 'activity-instance-start': 1000 };
    }

    for (const tieOrder of ['id', 'per-page'] as const) {
      it(`without a name (ties ordered by ${tieOrder})`, async () => {
        engine.state.tieOrder = tieOrder;
        minuteLog();
        const startDate = engine.state.clock() - 2 * 60 * MINUTE - 30_000;
        const rows = withIds(await listed(['metrics', 'list', '--interval', '60', '--start', new Date(startDate).toISOString(), '--all']));
        const expected = oneAnswer({ unlogged: engine.state.unloggedMeters, interval: 60, startDate });
        expect(expected.length).toBeGreaterThan(1000);
        expect(byId(rows)).toEqual(byId(expected));
        if (tieOrder === 'id') expect(rows).toEqual(expected);
      });
    }

    for (const tieOrder of ['id', 'per-page'] as const) {
      it(`with a name (ties ordered by ${tieOrder}): the counts added to one row, as in one answer`, async () => {
        engine.state.tieOrder = tieOrder;
        minuteLog();
        const startDate = engine.state.clock() - 2 * 60 * MINUTE - 30_000;
        const rows = withIds(
          await listed(['metrics', 'list', '--name', 'process-instances', '--interval', '60', '--start', new Date(startDate).toISOString(), '--all']),
        );
        const expected = oneAnswer({ unlogged: engine.state.unloggedMeters, interval: 60, startDate, name: 'process-instances' });
        expect(rows.length).toBe(expected.length);
        // Which row of the newest bucket the engine adds to is the database's order; the total is not.
        const total = (list: Row[]) => list.reduce((sum, row) => sum + Number(row.value), 0);
        expect(total(rows)).toBe(total(expected));
        expect(rows.filter((row) => Number(row.value) >= 1000)).toHaveLength(1);
        if (tieOrder === 'id') expect(rows).toEqual(expected);
      });
    }
  });

  it('reads a bucket of more rows than a request holds by itself, within its own start, and goes on before it', async () => {
    engine.state.tieOrder = 'id';
    const today = Math.floor(engine.state.clock() / DAY) * DAY;
    // Yesterday 250 reporters (more than the 200 rows of a request); today one, and 300 rows on the two days before.
    const reporters = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(3, '0')}`);
    engine.state.meterLog = [
      { name: 'root-process-instance-start', reporter: 'today', value: 1, timestamp: today + 1000 },
      ...reporters(250, 'node').map((reporter, index) => ({ name: 'root-process-instance-start', reporter, value: index, timestamp: today - DAY + index })),
      ...reporters(150, 'older').map((reporter, index) => ({
        name: 'root-process-instance-start',
        reporter,
        value: index,
        timestamp: today - 2 * DAY + index,
      })),
      ...reporters(150, 'oldest').map((reporter, index) => ({
        name: 'root-process-instance-start',
        reporter,
        value: index,
        timestamp: today - 3 * DAY + index,
      })),
    ];
    const result = await runCli(
      ['--url', engine.url, '--username', 'demo', '--password-stdin', '--retries', '0', 'metrics', 'list', ...daily(), '--all', '-o', 'json'],
      { stdin: 'demo\n', timeoutMs: 10_000 },
    );
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as Row[];
    expect(rows.map((row) => row.reporter)).toEqual(['today', ...reporters(250, 'node'), ...reporters(150, 'older'), ...reporters(150, 'oldest')]);
    expect(engine.requests.filter((request) => request.path.startsWith('/engine-rest/metrics?')).length).toBeLessThan(10);
  });

  it('--first and --max take the same rows as --all', async () => {
    const all = await listed(['metrics', 'list', ...daily(), '--all']);
    const some = await listed(
      ['metrics', 'list', ...daily(), '--first', '150', '--max', '300'],
      'showing 300 rows from 150; there are more: --first 450, --max N or --all\n',
    );
    expect(some).toEqual(all.slice(150, 450));
  });
});
