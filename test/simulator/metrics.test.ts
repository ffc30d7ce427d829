// /metrics over the real socket: the interval query, sums, deleting task-worker meters, and the seeded
// meter data a month-by-month report relies on. The clock is the capture's (2026-11-21T22:56:26.311Z),
// so the seed covers 2025-10-01 .. 2026-11-21 (14 calendar months, November 2026 partial: 21 days).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, get } from './client.js';
import type { Answer } from './client.js';
import {
  AuthorizationType,
  DAILY_METER_VALUES,
  METER_REPORTERS,
  PERSISTENCE_EXCEPTION_MESSAGE,
  ResourceType,
  seededMeterDays,
  startSimulator,
  TASK_ASSIGNEES,
  taskWorkersInMonth,
} from './index.js';
import type { MetricsIntervalResultDto, Simulator } from './index.js';
import { loadSample, sampleIndex } from './samples.js';

const NOW = Date.parse('2026-11-21T22:56:26.311Z');
const [LOCAL, REMOTE] = METER_REPORTERS;

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator();
  sim.state.clock = () => NOW;
});

afterEach(async () => {
  await sim.close();
});

const error = (status: number, type: string, message: string, code: number | null = 0): Answer => ({
  status,
  contentType: 'application/json',
  body: { type, message, code },
});
const ok = (body: unknown): Answer => ({ status: 200, contentType: 'application/json', body });

/** `2026-11-01T00:00:00.000+0000` as a query value (the + encoded, as the engine requires). */
const at = (isoDay: string): string => `${isoDay}T00:00:00.000%2B0000`;
const sum = async (name: string, query = ''): Promise<unknown> => (await get(sim, `/metrics/${name}/sum${query}`)).body;
const monthSum = (name: string, from: string, to: string): Promise<unknown> => sum(name, `?startDate=${at(from)}&endDate=${at(to)}`);
const rows = async (query: string): Promise<MetricsIntervalResultDto[]> => {
  const answer = await get(sim, `/metrics${query}`);
  expect(answer.status).toBe(200);
  return answer.body as MetricsIntervalResultDto[];
};

describe('the captured metrics requests, replayed against the capture engine state', () => {
  it('answers each exactly like the engine did', async () => {
    // A fresh engine: three history-cleanup rows flushed at 22:4x, the rest still in memory.
    const flushedAt = Date.parse('2026-11-21T22:52:10.000Z');
    sim.state.meterLog = ['batch-operations', 'decision-instances', 'process-instances'].map((what) => ({
      name: `history-cleanup-removed-${what}`,
      reporter: LOCAL,
      value: 0,
      timestamp: flushedAt,
    }));
    sim.state.taskMeterLog = [];
    sim.state.unloggedMeters = { 'activity-instance-start': 12, 'root-process-instance-start': 6 };
    const entries = sampleIndex().filter((entry) => entry.name.startsWith('metrics-') && entry.basicAuth === undefined);
    expect(entries.map((entry) => entry.name)).toEqual([
      'metrics-list',
      'metrics-list-interval',
      'metrics-sum-activity-instance-start',
      'metrics-sum-process-instances',
      'metrics-sum-unknown-name',
      'metrics-sum-date-range',
      'metrics-sum-invalid-date',
      'metrics-list-invalid-interval',
    ]);
    for (const entry of entries) {
      const url = new URL(entry.url);
      const answer = await call(sim, entry.method, `${url.pathname.replace(/^\/engine-rest/, '')}${url.search}`);
      expect({ name: entry.name, ...answer }).toEqual({ name: entry.name, status: entry.status, contentType: entry.contentType, body: loadSample(entry.name) });
    }
  });

  it('answers john on the secured engine like metrics-sum-as-unprivileged-user.json (no permission check)', async () => {
    const secured = await startSimulator({ basicAuth: true });
    try {
      secured.state.meterLog = [];
      secured.state.unloggedMeters = { 'activity-instance-start': 6 };
      expect(await get(secured, '/metrics/activity-instance-start/sum', { basicAuth: 'john:john' })).toEqual(
        ok(loadSample('metrics-sum-as-unprivileged-user')),
      );
    } finally {
      await secured.close();
    }
  });
});

describe('the seed', () => {
  it('covers 14 calendar months up to the clock, one day at 12:00 UTC each', () => {
    const days = seededMeterDays(NOW);
    expect(new Date(days[0] ?? 0).toISOString()).toBe('2025-10-01T12:00:00.000Z');
    expect(new Date(days.at(-1) ?? 0).toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(days).toHaveLength(31 + 30 + 31 + 31 + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 30 + 31 + 21);
    expect(sim.state.meterLog).toHaveLength(days.length * Object.keys(DAILY_METER_VALUES).length * 2);
  });

  it.each([
    ['2025-10-01', '2025-11-01', 31],
    ['2026-02-01', '2026-03-01', 28],
    ['2026-04-01', '2026-05-01', 30],
    ['2026-10-01', '2026-11-01', 31],
    ['2026-11-01', '2026-12-01', 21],
  ])('has 15 process instances, 90 flow node instances and 6 decision instances a day (%s .. %s: %i days)', async (from, to, days) => {
    expect(await monthSum('process-instances', from, to)).toEqual({ result: 15 * days });
    expect(await monthSum('root-process-instance-start', from, to)).toEqual({ result: 15 * days });
    expect(await monthSum('flow-node-instances', from, to)).toEqual({ result: 90 * days });
    expect(await monthSum('decision-instances', from, to)).toEqual({ result: 6 * days });
    expect(await monthSum('job-execution-rejected', from, to)).toEqual({ result: 0 });
  });

  it('has nothing before the first seeded month and sums everything without a range', async () => {
    expect(await monthSum('process-instances', '2025-01-01', '2025-10-01')).toEqual({ result: 0 });
    expect(await sum('process-instances')).toEqual({ result: 15 * seededMeterDays(NOW).length });
  });

  it('has 5 + month task users per calendar month, and the largest month over a range', async () => {
    expect(await monthSum('task-users', '2026-11-01', '2026-12-01')).toEqual({ result: taskWorkersInMonth(11) });
    expect(await monthSum('unique-task-workers', '2026-01-01', '2026-02-01')).toEqual({ result: 6 });
    expect(await monthSum('task-users', '2025-10-01', '2025-11-01')).toEqual({ result: 15 });
    expect(await sum('task-users')).toEqual({ result: TASK_ASSIGNEES.length });
    expect(await sum('task-users', `?startDate=${at('2026-01-01')}`)).toEqual({ result: 16 });
  });

  it('is built from the clock on first use; reseedMeterLogs rebuilds it', async () => {
    const other = await startSimulator();
    try {
      other.state.clock = () => Date.parse('2024-03-10T08:00:00.000Z');
      expect((await get(other, `/metrics/process-instances/sum?startDate=${at('2024-03-01')}`)).body).toEqual({ result: 15 * 9 });
      other.state.clock = () => Date.parse('2024-03-12T13:00:00.000Z');
      expect((await get(other, `/metrics/process-instances/sum?startDate=${at('2024-03-01')}`)).body).toEqual({ result: 15 * 9 });
      other.state.reseedMeterLogs();
      expect((await get(other, `/metrics/process-instances/sum?startDate=${at('2024-03-01')}`)).body).toEqual({ result: 15 * 12 });
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics/{name}/sum', () => {
  it('takes startDate inclusive and endDate exclusive', async () => {
    const noon = '2026-11-21T12:00:00.000%2B0000';
    expect(await sum('process-instances', `?startDate=${noon}`)).toEqual({ result: 15 });
    expect(await sum('process-instances', `?startDate=${noon}&endDate=${noon}`)).toEqual({ result: 0 });
    expect(await sum('process-instances', `?startDate=2026-11-21T11:59:59.999%2B0000&endDate=2026-11-21T12:00:00.001%2B0000`)).toEqual({ result: 15 });
    expect(await sum('process-instances', `?startDate=2026-11-21T13:00:00.000%2B0100&endDate=2026-11-21T13:00:00.001%2B0100`)).toEqual({ result: 15 });
  });

  it('answers 0 for unknown names, leaves empty or null dates out, and rejects other dates with 400', async () => {
    expect(await get(sim, '/metrics/no-such-metric/sum')).toEqual(ok({ result: 0 }));
    expect(await sum('process-instances', '?startDate=&endDate=null')).toEqual({ result: 15 * seededMeterDays(NOW).length });
    expect(await get(sim, '/metrics/process-instances/sum?endDate=2026-01-01T00:00:00.000+0000')).toEqual(
      error(400, 'InvalidRequestException', 'Cannot convert value "2026-01-01T00:00:00.000 0000" to java type java.util.Date', null),
    );
    expect(await get(sim, '/metrics/process-instances/sum?startDate=%222026-01-01T00:00:00.000%2B0000%22')).toEqual(
      error(400, 'InvalidRequestException', 'Cannot convert value "2026-01-01T00:00:00.000+0000" to java type java.util.Date because of double quotes', null),
    );
    expect((await get(sim, '/engine/default/metrics/task-users/sum')).body).toEqual({ result: 17 });
    expect((await get(sim, '/engine/nope/metrics/task-users/sum')).status).toBe(400);
  });

  it('adds the not-yet-flushed count unless the range ends before the last report (15 minutes)', async () => {
    sim.state.unloggedMeters = { 'root-process-instance-start': 4 };
    const total = 15 * seededMeterDays(NOW).length;
    expect(await sum('process-instances')).toEqual({ result: total + 4 });
    expect(await sum('process-instances', '?endDate=2026-11-21T22:41:26.311%2B0000')).toEqual({ result: total + 4 });
    expect(await sum('process-instances', '?endDate=2026-11-21T22:41:26.310%2B0000')).toEqual({ result: total });
  });
});

describe('GET /metrics (interval)', () => {
  it('buckets by the interval, newest first, one row per reporter, the name echoed as given', async () => {
    const days = await rows(`?name=process-instances&interval=86400&startDate=${at('2026-11-01')}`);
    expect(days).toHaveLength(21 * 2);
    expect(days.slice(0, 3)).toEqual([
      { timestamp: '2026-11-21T00:00:00.000+0000', name: 'process-instances', reporter: LOCAL, value: 10 },
      { timestamp: '2026-11-21T00:00:00.000+0000', name: 'process-instances', reporter: REMOTE, value: 5 },
      { timestamp: '2026-11-20T00:00:00.000+0000', name: 'process-instances', reporter: LOCAL, value: 10 },
    ]);
    expect(days.at(-1)).toEqual({ timestamp: '2026-11-01T00:00:00.000+0000', name: 'process-instances', reporter: REMOTE, value: 5 });
    expect((await rows('?name=root-process-instance-start&maxResults=1'))[0]).toEqual({
      timestamp: '2026-11-21T12:00:00.000+0000',
      name: 'root-process-instance-start',
      reporter: LOCAL,
      value: 10,
    });
  });

  it('aggregates by reporter whenever aggregateByReporter is present, even =false', async () => {
    for (const flag of ['aggregateByReporter=true', 'aggregateByReporter=false', 'aggregateByReporter', 'aggregateByReporter=']) {
      const aggregated = await rows(`?name=flow-node-instances&interval=86400&startDate=${at('2026-11-20')}&${flag}`);
      expect(aggregated).toEqual([
        { timestamp: '2026-11-21T00:00:00.000+0000', name: 'flow-node-instances', reporter: null, value: 90 },
        { timestamp: '2026-11-20T00:00:00.000+0000', name: 'flow-node-instances', reporter: null, value: 90 },
      ]);
    }
  });

  it('aligns buckets to epoch multiples of the interval (30 days here)', async () => {
    const thirtyDays = 30 * 86_400;
    const buckets = await rows(`?name=process-instances&interval=${thirtyDays}&aggregateByReporter=true&startDate=${at('2026-06-01')}`);
    for (const row of buckets) expect(Date.parse(row.timestamp.replace('+0000', 'Z')) % (thirtyDays * 1000)).toBe(0);
    expect(buckets.reduce((total, row) => total + row.value, 0)).toBe(15 * (30 + 31 + 31 + 30 + 31 + 21));
    const newest = Math.floor(Date.parse('2026-11-21T12:00:00.000Z') / (thirtyDays * 1000)) * thirtyDays * 1000;
    expect(buckets[0]?.timestamp).toBe(`${new Date(newest).toISOString().slice(0, 23)}+0000`);
    expect(buckets[0]?.timestamp).toBe('2026-11-03T00:00:00.000+0000');
  });

  it('lists every metric without a name, by internal name within a bucket, showing the public aliases', async () => {
    const newest = await rows('?maxResults=6');
    expect(newest.map((row) => [row.name, row.reporter])).toEqual([
      ['activity-instance-end', LOCAL],
      ['activity-instance-end', REMOTE],
      ['flow-node-instances', LOCAL],
      ['flow-node-instances', REMOTE],
      ['executed-decision-elements', LOCAL],
      ['executed-decision-elements', REMOTE],
    ]);
    const bucket = await rows('?maxResults=34');
    expect(bucket.every((row) => row.timestamp === '2026-11-21T12:00:00.000+0000')).toBe(true);
    expect(new Set(bucket.map((row) => row.name))).toEqual(
      new Set(
        Object.keys(DAILY_METER_VALUES).map(
          (name) =>
            ({
              'activity-instance-start': 'flow-node-instances',
              'root-process-instance-start': 'process-instances',
              'executed-decision-instances': 'decision-instances',
            })[name] ?? name,
        ),
      ),
    );
  });

  it('answers 200 rows at most, pages with firstResult, and filters by reporter and dates', async () => {
    expect(await rows('')).toHaveLength(200);
    expect(await rows('?maxResults=200&firstResult=3')).toHaveLength(200);
    const page = await rows('?name=process-instances&reporter=127.0.0.2$default&firstResult=1&maxResults=2');
    expect(page.map((row) => [row.timestamp, row.reporter, row.value])).toEqual([
      ['2026-11-20T12:00:00.000+0000', REMOTE, 5],
      ['2026-11-19T12:00:00.000+0000', REMOTE, 5],
    ]);
    expect(await rows(`?name=process-instances&startDate=2026-11-21T12:00:00.000%2B0000&endDate=2026-11-21T12:00:00.001%2B0000`)).toHaveLength(2);
    expect(await rows(`?name=process-instances&endDate=2025-10-01T12:00:00.000%2B0000`)).toEqual([]);
  });

  it('has no rows for the task meter names and for unknown names', async () => {
    expect(await rows('?name=task-users')).toEqual([]);
    expect(await rows('?name=unique-task-workers')).toEqual([]);
    expect(await rows('?name=nope')).toEqual([]);
  });

  it('adds unlogged counts to the first row of a named page, or to this engine’s rows of the first bucket', async () => {
    sim.state.unloggedMeters = { 'root-process-instance-start': 7, 'activity-instance-end': 100 };
    expect((await rows('?name=process-instances&maxResults=2')).map((row) => row.value)).toEqual([17, 5]);
    expect((await rows('?name=process-instances&reporter=127.0.0.2$default&maxResults=1'))[0]?.value).toBe(12);
    expect((await rows('?maxResults=2')).map((row) => row.value)).toEqual([158, 29]);
    expect((await rows('?maxResults=2&aggregateByReporter')).map((row) => row.value)).toEqual([87, 90]);
  });

  it('rejects like the engine, in its order', async () => {
    expect(await get(sim, '/metrics?interval=abc')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: loadSample('metrics-list-invalid-interval'),
    });
    expect(await get(sim, '/metrics?startDate=yesterday&interval=abc')).toEqual(
      error(400, 'InvalidRequestException', 'Cannot convert value "yesterday" to java type java.util.Date', null),
    );
    expect(await get(sim, '/metrics?maxResults=201')).toEqual(
      error(500, 'ProcessEngineException', "Metrics interval query row limit can't be set larger than 200."),
    );
    expect(await get(sim, '/metrics?maxResults=201&interval=abc')).toEqual(
      error(500, 'ProcessEngineException', "Metrics interval query row limit can't be set larger than 200."),
    );
    expect(await get(sim, '/metrics?firstResult=x')).toEqual(
      error(400, 'InvalidRequestException', 'Cannot convert value x to java type java.lang.Integer', null),
    );
    expect(await get(sim, '/metrics?interval=0')).toEqual(error(500, 'ProcessEngineException', PERSISTENCE_EXCEPTION_MESSAGE));
    expect(await get(sim, '/metrics?startDate=')).toEqual(
      error(500, 'NullPointerException', 'Cannot invoke "java.util.Date.getTime()" because "startDate" is null', null),
    );
    expect(await get(sim, '/metrics?maxResults=null')).toMatchObject({ status: 500, body: { type: 'NullPointerException' } });
    expect((await get(sim, '/engine/nope/metrics?interval=abc')).body).toMatchObject({ message: 'No process engine available' });
  });

  it('reads numbers like Jackson: fractions truncated, a negative interval like its absolute value', async () => {
    expect(await rows('?name=process-instances&maxResults=2.9')).toHaveLength(2);
    expect(await rows('?name=process-instances&interval=-86400&maxResults=1')).toEqual(await rows('?name=process-instances&interval=86400&maxResults=1'));
    // '+' in a query is a space, which Jackson skips; an encoded plus sign is no JSON number.
    expect(await rows('?name=process-instances&maxResults=+5')).toHaveLength(5);
    expect(await get(sim, '/metrics?maxResults=%2B5')).toEqual(
      error(400, 'InvalidRequestException', 'Cannot convert value +5 to java type java.lang.Integer', null),
    );
    expect((await get(sim, '/metrics?interval=12abc')).status).toBe(400);
  });
});

describe('DELETE /metrics/task-worker', () => {
  it('deletes the task meter entries up to and including the date', async () => {
    const before = sim.state.taskMeterLog.length;
    const cut = Date.parse('2026-06-30T12:00:00.000Z');
    expect(await call(sim, 'DELETE', '/metrics/task-worker?date=2026-06-30T12:00:00.000%2B0000')).toEqual({ status: 204, contentType: null, body: '' });
    expect(sim.state.taskMeterLog.length).toBeLessThan(before);
    expect(sim.state.taskMeterLog.every((entry) => entry.timestamp > cut)).toBe(true);
    expect(await sum('task-users')).toEqual({ result: taskWorkersInMonth(11) });
    expect(await monthSum('task-users', '2026-06-01', '2026-07-01')).toEqual({ result: 0 });
    // The meter log is another table.
    expect(await monthSum('process-instances', '2026-06-01', '2026-07-01')).toEqual({ result: 15 * 30 });
  });

  it('deletes everything without a date (or with an empty one), and rejects a bad date', async () => {
    expect((await call(sim, 'DELETE', '/metrics/task-worker?date=tomorrow')).body).toEqual({
      type: 'InvalidRequestException',
      message: 'Cannot convert value "tomorrow" to java type java.util.Date',
      code: null,
    });
    expect((await call(sim, 'DELETE', '/metrics/task-worker')).status).toBe(204);
    expect(sim.state.taskMeterLog).toEqual([]);
    expect(await sum('task-users')).toEqual({ result: 0 });
  });

  it('wants camunda-admin or DELETE on SYSTEM under Basic auth (ENGINE-03110), after the date check', async () => {
    const secured = await startSimulator({ basicAuth: true });
    try {
      const remove = (user: string, query = ''): Promise<Answer> => call(secured, 'DELETE', `/metrics/task-worker${query}`, { basicAuth: `${user}:${user}` });
      expect(await remove('john')).toEqual({
        status: 403,
        contentType: 'application/json',
        body: {
          type: 'AuthorizationException',
          message: "ENGINE-03110 Required admin authenticated group or user or any of the following permissions: 'DELETE' permission on resource 'System'.",
          code: 0,
          userId: null,
          resourceName: null,
          resourceId: null,
          permissionName: null,
          missingAuthorizations: [],
        },
      });
      expect((await remove('john', '?date=x')).status).toBe(400);
      secured.state.authorizations.push({
        id: 'system-delete',
        type: AuthorizationType.GRANT,
        permissions: ['DELETE'],
        userId: 'john',
        groupId: null,
        resourceType: ResourceType.SYSTEM,
        resourceId: '*',
        removalTime: null,
        rootProcessInstanceId: null,
      });
      expect((await remove('john', '?date=2000-01-01T00:00:00.000%2B0000')).status).toBe(204);
      expect((await remove('mary')).status).toBe(403);
      expect((await remove('demo')).status).toBe(204);
      expect(secured.state.taskMeterLog).toEqual([]);
    } finally {
      await secured.close();
    }
  });
});
