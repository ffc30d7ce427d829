/** The licence usage report: the four licence metrics per UTC month, with totals. */
import { LICENCE_METRICS } from '../catalogue/metrics.js';

/**
 * 'partial': the current month, counted up to now; 'future': nothing can have been counted yet, and
 * nothing is asked for it (its counts are null).
 */
type MonthStatus = 'complete' | 'partial' | 'future';

interface MonthCounts {
  processInstances: number;
  decisionInstances: number;
  flowNodeInstances: number;
  taskUsers: number;
}

type UsageMonth = { month: string; status: MonthStatus } & ({ [K in keyof MonthCounts]: number } | { [K in keyof MonthCounts]: null });

export interface UsageReport {
  from: string;
  to: string;
  months: UsageMonth[];
  /** Sums over the months up to now, except taskUsers: distinct users over the whole period. */
  totals: MonthCounts;
}

/** The report spans at most this many months: four sums a month, 480 requests. */
export const MAX_REPORT_MONTHS = 120;

const KEYS = ['processInstances', 'decisionInstances', 'flowNodeInstances', 'taskUsers'] as const;

function label(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Runs the sums a few at a time: enough to be quick, few enough not to crowd the engine. */
async function limited<T>(tasks: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

export async function buildUsageReport(
  sum: (name: string, start: Date, end: Date) => Promise<number>,
  from: { year: number; month: number },
  months: number,
  now: Date = new Date(),
): Promise<UsageReport> {
  const ranges = Array.from({ length: months }, (_, index) => {
    const start = new Date(Date.UTC(from.year, from.month - 1 + index, 1));
    const end = new Date(Date.UTC(from.year, from.month + index, 1));
    const status: MonthStatus = end.getTime() <= now.getTime() ? 'complete' : start.getTime() <= now.getTime() ? 'partial' : 'future';
    // The engine adds the counts it has not written yet to every sum whose end is not in the past
    // (MeterLogManager.executeSelectSum): a month still going ends now, so they are counted once,
    // and a month to come is not asked at all.
    return { label: label(start.getUTCFullYear(), start.getUTCMonth() + 1), start, end: status === 'partial' ? now : end, status };
  });
  const first = ranges[0]!;
  const last = ranges[ranges.length - 1]!;
  const asked = ranges.filter((range) => range.status !== 'future');
  const tasks = asked.flatMap((range) => LICENCE_METRICS.map((metric) => () => sum(metric.name, range.start, range.end)));
  const askedEnd = asked[asked.length - 1]?.end;
  if (askedEnd !== undefined) tasks.push(() => sum('task-users', first.start, askedEnd));
  const values = await limited(tasks, 4);
  const distinctTaskUsers = askedEnd === undefined ? 0 : values.pop()!;
  const rows: UsageMonth[] = ranges.map((range, index) => {
    if (range.status === 'future')
      return { month: range.label, processInstances: null, decisionInstances: null, flowNodeInstances: null, taskUsers: null, status: range.status };
    const slice = values.slice(index * LICENCE_METRICS.length, (index + 1) * LICENCE_METRICS.length);
    return {
      month: range.label,
      processInstances: slice[0]!,
      decisionInstances: slice[1]!,
      flowNodeInstances: slice[2]!,
      taskUsers: slice[3]!,
      status: range.status,
    };
  });
  const totals = { processInstances: 0, decisionInstances: 0, flowNodeInstances: 0, taskUsers: distinctTaskUsers };
  for (const row of rows) for (const key of KEYS) if (key !== 'taskUsers') totals[key] += row[key] ?? 0;
  return { from: first.label, to: last.label, months: rows, totals };
}
