/** `/metrics`: interval lists, sums, and deleting task-worker meters (docs/engine-notes.md#metrics). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { parseEngineDate } from './dates.js';
import type { EngineHttp } from './http.js';
import { enginePath } from './paths.js';
import type { PagingOptions } from './paging.js';

const metricIntervalSchema = lazy(() =>
  z.looseObject({
    // Read back as a date to page by time (allIntervals).
    timestamp: z.string().check(z.refine((text) => parseEngineDate(text) !== undefined, "not a date in the engine's format (2026-01-31T10:00:00.000+0000)")),
    name: z.nullable(z.string()),
    reporter: z.nullable(z.string()),
    value: z.number(),
  }),
);

const metricSumSchema = lazy(() => z.looseObject({ result: z.number() }));

export type MetricInterval = z.infer<ReturnType<typeof metricIntervalSchema>>;

/** The engine refuses more rows per request (500 "row limit can't be set larger than 200"). */
export const METRICS_MAX_RESULTS = 200;

/** MetricsQueryImpl.DEFAULT_SELECT_INTERVAL: buckets of 900 seconds when no interval is given. */
const DEFAULT_INTERVAL_SECONDS = 900;

export interface MetricsQuery {
  name?: string | undefined;
  reporter?: string | undefined;
  startDate?: Date | undefined;
  endDate?: Date | undefined;
  interval?: number | undefined;
  /** The engine turns aggregation on for any value, even false: send it only when wanted. */
  aggregateByReporter?: true | undefined;
}

export class MetricsApi {
  constructor(private readonly http: EngineHttp) {}

  async intervals(query: MetricsQuery, firstResult: number, maxResults: number): Promise<MetricInterval[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/metrics`,
      query: { ...query, firstResult, maxResults: Math.min(maxResults, METRICS_MAX_RESULTS) },
      schema: z.array(metricIntervalSchema()),
      expects: 'metric intervals',
    });
    return response.data;
  }

  /**
   * Every row of an interval query, newest bucket first, in requests of at most 200 rows that move
   * back in time instead of by position. Two things the engine does make pages by position wrong:
   * it orders the rows by bucket only, so the rows of one bucket may come in another order in each
   * request and pages cut by position could skip or repeat them; and it adds the counts it has not
   * yet written to its meter log to the first row of an answer (without a name: to its own
   * reporter's rows of the answer's first bucket) whenever the answer's end is within its reporting
   * interval (15 minutes), so each page would add them again. Here:
   * - a full answer's oldest bucket is left out and read again, whole, by the next answer;
   * - each later answer ends (`endDate`) with the newest bucket given whole so far and starts at that
   *   bucket's last row: the first row, which the engine may add to, is one given already, and is
   *   dropped (should that bucket have lost rows meanwhile, the answer is asked again from its
   *   start and the whole bucket dropped).
   * Each bucket's rows thus come from one answer, in its order, and only the newest bucket holds the
   * counts not yet written, as in one answer for everything. A bucket of more than 199 rows is read
   * by itself, by position, within its own start and end (the engine's additions may then repeat on
   * its rows). `first` rows are skipped, at most `max` given. (`pageSize` and `growTo` do not apply:
   * the engine's 200 rows per request decide.)
   */
  async *allIntervals(query: MetricsQuery, options: PagingOptions): AsyncGenerator<MetricInterval[]> {
    const bucketMs = Math.abs(query.interval ?? DEFAULT_INTERVAL_SECONDS) * 1000;
    const startOf = (timestamp: string): number => (parseEngineDate(timestamp) as Date).getTime();
    const endOf = (timestamp: string): Date => new Date(Math.min(startOf(timestamp) + bucketMs, query.endDate?.getTime() ?? Number.POSITIVE_INFINITY));
    let skip = options.first ?? 0;
    let remaining = options.max ?? Number.POSITIVE_INFINITY;
    const given = (rows: MetricInterval[]): MetricInterval[] => {
      const wanted = rows.slice(skip, skip + remaining);
      skip = Math.max(0, skip - rows.length);
      remaining -= wanted.length;
      return wanted;
    };
    const ask = async (window: { startDate: Date | undefined; endDate: Date | undefined }, firstResult: number) => {
      let asked = 0;
      const rows = await options.limit.within(METRICS_MAX_RESULTS, (maxResults) => {
        asked = maxResults;
        return this.intervals({ ...query, ...window }, firstResult, maxResults);
      });
      return { rows, full: rows.length >= asked };
    };
    /** The newest bucket given whole: where the next answer ends, and by whose last row it starts. */
    let whole: { timestamp: string; rows: number } | undefined;
    while (remaining > 0) {
      const window = { startDate: query.startDate, endDate: whole === undefined ? query.endDate : endOf(whole.timestamp) };
      let lead = whole === undefined ? 0 : whole.rows - 1;
      let answer = await ask(window, lead);
      if (whole !== undefined && answer.rows.length > 0 && (answer.rows[0] as MetricInterval).timestamp !== whole.timestamp) {
        lead = 0;
        answer = await ask(window, 0);
      }
      const done = whole?.timestamp;
      const rows = done === undefined ? answer.rows : answer.rows.filter((row) => row.timestamp !== done);
      if (!answer.full) {
        yield given(rows);
        return;
      }
      const oldest = (rows[rows.length - 1] as MetricInterval).timestamp;
      let cut = rows.length;
      while (cut > 0 && (rows[cut - 1] as MetricInterval).timestamp === oldest) cut--;
      if (cut > 0) {
        yield given(rows.slice(0, cut));
        const newest = (rows[cut - 1] as MetricInterval).timestamp;
        let count = 0;
        while (count < cut && (rows[cut - 1 - count] as MetricInterval).timestamp === newest) count++;
        whole = { timestamp: newest, rows: count };
        continue;
      }
      // One bucket fills the answer: the rest of it by position, within its own start.
      const bucket: MetricInterval[] = [...rows];
      const bucketWindow = { startDate: new Date(Math.max(startOf(oldest), query.startDate?.getTime() ?? 0)), endDate: window.endDate };
      let position = lead + answer.rows.length;
      for (let more = true; more;) {
        const next = await ask(bucketWindow, position);
        const ofBucket = next.rows.filter((row) => row.timestamp === oldest);
        bucket.push(...ofBucket);
        position += next.rows.length;
        more = next.full && ofBucket.length > 0;
      }
      yield given(bucket);
      whole = { timestamp: oldest, rows: bucket.length };
    }
  }

  async sum(name: string, startDate: Date | undefined, endDate: Date | undefined): Promise<number> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/metrics/${name}/sum`,
      query: { startDate, endDate },
      schema: metricSumSchema(),
      expects: 'a metric sum',
    });
    return response.data.result;
  }

  /** Without a date the engine deletes every task-worker meter entry. */
  async deleteTaskWorkerMetrics(before: Date | undefined): Promise<void> {
    await this.http.request({ method: 'DELETE', path: enginePath`/metrics/task-worker`, query: { date: before } });
  }
}
