/** `/metrics`: interval lists, sums, and deleting task-worker meters (docs/engine-notes.md#metrics). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { enginePath, type EngineHttp } from './http.js';

const metricIntervalSchema = lazy(() => z.looseObject({
  timestamp: z.string(),
  name: z.nullable(z.string()),
  reporter: z.nullable(z.string()),
  value: z.number(),
}));

const metricSumSchema = lazy(() => z.looseObject({ result: z.number() }));

export type MetricInterval = z.infer<ReturnType<typeof metricIntervalSchema>>;

/** The engine refuses more rows per request (500 "row limit can't be set larger than 200"). */
export const METRICS_MAX_RESULTS = 200;

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
