/** `/metrics`: interval lists, sums, and deleting task-worker meters (docs/engine-notes.md#metrics). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { parseEngineDate } from './dates.js';
import { enginePath, type EngineHttp } from './http.js';
import type { PagingOptions } from './paging.js';

const metricIntervalSchema = lazy(() => z.looseObject({
  // Read back as a date to page by time (allIntervals).
  timestamp: z.string().check(z.refine((text) => parseEngineDate(text) !== undefined, "not a date in the engine's format (2026-01-31T10:00:00.000+0000)")),
  name: z.nullable(z.string()),
  reporter: z.nullable(z.string()),
  value: z.number(),
}));

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
   * back in time instead of by position. The engine orders the rows by bucket only, so rows of one
   * bucket may come in another order in each request and pages cut by position could skip or repeat
   * them; and it adds the counts it has not yet written to the first row of every answer whose end is
   * recent, so pages by position would add them again on every page. Here each request ends
   * (`endDate`) where the one before cut: a full answer's oldest bucket is dropped and read again, whole,
   * at the top of the next one, so each bucket's rows come from one answer, in its order. A bucket of
   * more rows than a request holds is read by itself, by position. `first` rows are skipped, at most
   * `max` given. (`pageSize` and `growTo` do not apply: the engine's 200 rows per request decide.)
   */
  async *allIntervals(query: MetricsQuery, options: PagingOptions): AsyncGenerator<MetricInterval[]> {
    const bucketMs = Math.abs(query.interval ?? DEFAULT_INTERVAL_SECONDS) * 1000;
    let skip = options.first ?? 0;
    let remaining = options.max ?? Number.POSITIVE_INFINITY;
    const given = (rows: MetricInterval[]): MetricInterval[] => {
      const wanted = rows.slice(skip, skip + remaining);
      skip = Math.max(0, skip - rows.length);
      remaining -= wanted.length;
      return wanted;
    };
    const ask = async (endDate: Date | undefined, firstResult: number) => {
      let asked = 0;
      const rows = await options.limit.within(METRICS_MAX_RESULTS, (maxResults) => {
        asked = maxResults;
        return this.intervals({ ...query, endDate }, firstResult, maxResults);
      });
      return { rows, full: rows.length >= asked };
    };
    let endDate = query.endDate;
    while (remaining > 0) {
      const { rows, full } = await ask(endDate, 0);
      if (!full) {
        yield given(rows);
        return;
      }
      const oldest = (rows[rows.length - 1] as MetricInterval).timestamp;
      const bucketStart = (parseEngineDate(oldest) as Date).getTime();
      let cut = rows.length;
      while (cut > 0 && (rows[cut - 1] as MetricInterval).timestamp === oldest) cut--;
      if (cut > 0) {
        yield given(rows.slice(0, cut));
        endDate = new Date(bucketStart + bucketMs);
        continue;
      }
      // One bucket fills the answer: it alone, by position, then on before it.
      const bucket: MetricInterval[] = [...rows];
      const bucketEnd = new Date(Math.min(bucketStart + bucketMs, endDate?.getTime() ?? Number.POSITIVE_INFINITY));
      for (let more = true; more; ) {
        const next = await ask(bucketEnd, bucket.length);
        bucket.push(...next.rows.filter((row) => row.timestamp === oldest));
        more = next.full;
      }
      yield given(bucket);
      endDate = new Date(bucketStart);
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

