/**
 * The engine's interval query leaves out the intervals without meter entries, so consecutive rows of
 * a series may be days apart. For a chart they are filled in with zeros: drawn side by side, the
 * rows alone would look continuous.
 */
import { formatEngineDate, parseEngineDate } from '../engine/dates.js';
import type { MetricInterval } from '../engine/metrics.js';

/** The engine's interval when none is sent (MetricsQueryImpl.DEFAULT_SELECT_INTERVAL), in seconds. */
export const DEFAULT_METRICS_INTERVAL_SECONDS = 900;

/** Past this many points a series is drawn as the engine sent it: a chart that long says nothing more. */
export const MAX_FILLED_POINTS = 10_000;

export interface FilledSeries {
  points: MetricInterval[];
  /** Intervals added with value 0. */
  filled: number;
  /** Empty intervals left out because there would have been more than MAX_FILLED_POINTS points. */
  notFilled: number;
}

const OFFSET = /([+-])(\d{2})(\d{2})$/;

function offsetMinutes(timestamp: string): number {
  const match = OFFSET.exec(timestamp);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * `points` oldest first, one series (a name and a reporter). Between two rows a whole number of
 * intervals apart, the intervals in between get a row of value 0, its timestamp in the engine's
 * format at the earlier row's offset. Rows that are not a whole number of intervals apart (another
 * --interval than the one the rows were asked with, a timestamp not in the engine's format) are left
 * as they are: where the buckets lie is then not known.
 */
export function fillEmptyIntervals(points: readonly MetricInterval[], intervalSeconds: number, maxPoints = MAX_FILLED_POINTS): FilledSeries {
  const step = intervalSeconds * 1000;
  const times = points.map((point) => parseEngineDate(point.timestamp)?.getTime());
  let missing = 0;
  for (let index = 1; index < points.length; index++) {
    const gap = gapBetween(times[index - 1], times[index], step);
    missing += gap;
  }
  if (missing === 0) return { points: [...points], filled: 0, notFilled: 0 };
  if (points.length + missing > maxPoints) return { points: [...points], filled: 0, notFilled: missing };
  const filled: MetricInterval[] = [];
  for (const [index, point] of points.entries()) {
    if (index > 0) {
      const previous = points[index - 1]!;
      const start = times[index - 1]!;
      const gap = gapBetween(start, times[index], step);
      for (let k = 1; k <= gap; k++) {
        filled.push({
          timestamp: formatEngineDate(new Date(start + k * step), offsetMinutes(previous.timestamp)),
          name: point.name,
          reporter: point.reporter,
          value: 0,
        });
      }
    }
    filled.push(point);
  }
  return { points: filled, filled: missing, notFilled: 0 };
}

/** Whole intervals missing between two bucket times; 0 when they are neighbours or not aligned. */
function gapBetween(earlier: number | undefined, later: number | undefined, step: number): number {
  if (earlier === undefined || later === undefined || !(step > 0)) return 0;
  const distance = later - earlier;
  if (distance <= step || distance % step !== 0) return 0;
  return distance / step - 1;
}
