// The meter logs of the simulated engine, seeded deterministically relative to the engine clock.
//
// A real engine writes two logs (docs/engine-notes.md#metrics):
//   * ACT_RU_METER_LOG: the DbMetricsReporter flushes every db meter (name, reporter, value, timestamp)
//     every 15 minutes; GET /metrics and GET /metrics/{name}/sum read it;
//   * ACT_RU_TASK_METER_LOG: one row per task assignment (timestamp, hash of the assignee);
//     GET /metrics/unique-task-workers|task-users/sum counts the distinct assignees.
//
// The seed (state.meterLog / state.taskMeterLog, built on first use from `state.clock()`):
//   * days: every UTC day from the 1st of the month 13 months before the clock's month up to the
//     clock, i.e. 14 calendar months, the current one partial; a day counts when its 12:00 UTC is not
//     after the clock;
//   * meter log: one entry per day, metric and reporter, timestamped 12:00:00.000 UTC, with the
//     constant value of DAILY_METER_VALUES (reporter 127.0.0.1$default, then 127.0.0.2$default);
//     so a full month has `days x (both values)`: process-instances 15 a day (465 in a 31-day month,
//     450 in a 30-day one, 420 in a 28-day February), flow-node-instances 90 a day, decision-instances
//     6 a day;
//   * task meter log: per day at 12:00 UTC one entry per assignee of that calendar month: the first
//     `5 + month` (January 6 ... December 17) of TASK_ASSIGNEES, so task-users over one full month is
//     5 + its month number, and over any range the largest of those.
// Plain functions of `now`, no engine state: state.ts builds the logs from them.

/** One row of ACT_RU_METER_LOG: `timestamp` in epoch milliseconds, `name` the internal metric name. */
export interface MeterLogEntry {
  name: string;
  reporter: string;
  value: number;
  timestamp: number;
}

/**
 * One row of ACT_RU_TASK_METER_LOG. The engine keeps a hash of the assignee only; the simulator keeps
 * the id (distinct ids count like distinct hashes).
 */
export interface TaskMeterLogEntry {
  assignee: string;
  timestamp: number;
}

/** The two engine nodes that report metrics: `host$engineName`, the first as in metrics-list.json. */
export const METER_REPORTERS = ['127.0.0.1$default', '127.0.0.2$default'] as const;

/**
 * What each reporter logs per day, by internal metric name (ENG/management/Metrics.java, the db
 * meters of ProcessEngineConfigurationImpl#initDefaultMetrics): [127.0.0.1$default, 127.0.0.2$default].
 * Aliases: process-instances = root-process-instance-start, flow-node-instances =
 * activity-instance-start, decision-instances = executed-decision-instances.
 */
export const DAILY_METER_VALUES: Readonly<Record<string, readonly [number, number]>> = {
  'activity-instance-start': [60, 30],
  'activity-instance-end': [58, 29],
  'root-process-instance-start': [10, 5],
  'executed-decision-instances': [4, 2],
  'executed-decision-elements': [12, 6],
  'job-acquisition-attempt': [96, 96],
  'job-acquired-success': [20, 10],
  'job-acquired-failure': [1, 0],
  'job-execution-rejected': [0, 0],
  'job-successful': [19, 10],
  'job-failed': [1, 0],
  'job-locked-exclusive': [3, 1],
  'history-cleanup-removed-process-instances': [2, 0],
  'history-cleanup-removed-case-instances': [0, 0],
  'history-cleanup-removed-decision-instances': [0, 0],
  'history-cleanup-removed-batch-operations': [0, 0],
  'history-cleanup-removed-task-metrics': [0, 0],
};

/** How many calendar months the seed covers, the clock's own (partial) month included. */
export const SEEDED_METER_MONTHS = 14;

/** Task assignees in the order they join: a month with n workers has the first n (all seeded users). */
export const TASK_ASSIGNEES = [
  'demo',
  'john',
  'mary',
  'anna',
  'ben',
  'clara',
  'david',
  'emma',
  'felix',
  'greta',
  'henry',
  'ida',
  'jonas',
  'karla',
  'lena',
  'max',
  'nora',
] as const;

const DAY = 86_400_000;

/** Distinct task assignees of a calendar month (1 = January): 5 + month. */
export function taskWorkersInMonth(month: number): number {
  return 5 + month;
}

/** 12:00 UTC of every seeded day, oldest first (see the file comment). */
export function seededMeterDays(now: number): number[] {
  const clock = new Date(now);
  const first = Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth() - (SEEDED_METER_MONTHS - 1), 1, 12);
  const days: number[] = [];
  for (let day = first; day <= now; day += DAY) days.push(day);
  return days;
}

/** ACT_RU_METER_LOG as the seed has it at `now`: oldest first, then by name and reporter. */
export function seedMeterLog(now: number): MeterLogEntry[] {
  const entries: MeterLogEntry[] = [];
  for (const timestamp of seededMeterDays(now)) {
    for (const [name, values] of Object.entries(DAILY_METER_VALUES)) {
      METER_REPORTERS.forEach((reporter, index) => entries.push({ name, reporter, value: values[index] ?? 0, timestamp }));
    }
  }
  return entries;
}

/** ACT_RU_TASK_METER_LOG as the seed has it at `now`, oldest first. */
export function seedTaskMeterLog(now: number): TaskMeterLogEntry[] {
  const entries: TaskMeterLogEntry[] = [];
  for (const timestamp of seededMeterDays(now)) {
    const workers = taskWorkersInMonth(new Date(timestamp).getUTCMonth() + 1);
    for (const assignee of TASK_ASSIGNEES.slice(0, workers)) entries.push({ assignee, timestamp });
  }
  return entries;
}
