/** A page of metric intervals of any size: the engine caps a request at METRICS_MAX_RESULTS rows, so a bigger page is read as several. */
import { type MetricInterval, type MetricsApi, METRICS_MAX_RESULTS, type MetricsQuery } from '../engine/metrics.js';

export async function intervalPage(api: MetricsApi, query: MetricsQuery, first: number, max: number): Promise<MetricInterval[]> {
  const rows = [];
  for (let offset = 0; offset < max; offset += METRICS_MAX_RESULTS) {
    const chunk = await api.intervals(query, first + offset, Math.min(METRICS_MAX_RESULTS, max - offset));
    rows.push(...chunk);
    if (chunk.length < Math.min(METRICS_MAX_RESULTS, max - offset)) break;
  }
  return rows;
}
