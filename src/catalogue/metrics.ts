/**
 * The engine's metric names (its Metrics.java, 7.24; docs/engine-notes.md#metrics). The engine
 * answers 0 or [] for a name it does not know, silently, so names are checked here first.
 */
import { UsageError } from '../exit-codes.js';
import { closest } from '../util/suggest.js';

export interface MetricName {
  name: string;
  /** The public alias (7.17+) of an internal name, or the internal name an alias stands for. */
  alias?: string;
  /** True for the public aliases themselves. */
  isAlias?: boolean;
  description: string;
  /** Sums only: these live in the task meter log, so the interval endpoint has no rows for them. */
  sumOnly?: boolean;
  since?: string;
}

export const METRIC_NAMES: readonly MetricName[] = [
  {
    name: 'process-instances',
    alias: 'root-process-instance-start',
    isAlias: true,
    description: 'root process instances started (licence metric)',
    since: '7.17',
  },
  {
    name: 'decision-instances',
    alias: 'executed-decision-instances',
    isAlias: true,
    description: 'decision instances evaluated (licence metric)',
    since: '7.17',
  },
  { name: 'flow-node-instances', alias: 'activity-instance-start', isAlias: true, description: 'flow node instances started (licence metric)', since: '7.17' },
  {
    name: 'task-users',
    alias: 'unique-task-workers',
    isAlias: true,
    description: 'distinct users assigned to tasks (licence metric)',
    sumOnly: true,
    since: '7.17',
  },
  { name: 'root-process-instance-start', alias: 'process-instances', description: 'root process instances started' },
  { name: 'executed-decision-instances', alias: 'decision-instances', description: 'decision instances evaluated' },
  { name: 'executed-decision-elements', description: 'decision elements (rules) evaluated' },
  { name: 'activity-instance-start', alias: 'flow-node-instances', description: 'activity (flow node) instances started' },
  { name: 'activity-instance-end', description: 'activity instances ended' },
  { name: 'unique-task-workers', alias: 'task-users', description: 'distinct task assignees', sumOnly: true },
  { name: 'job-acquisition-attempt', description: 'job acquisition cycles' },
  { name: 'job-acquired-success', description: 'jobs acquired' },
  { name: 'job-acquired-failure', description: 'jobs acquired by another node first (optimistic locking)' },
  { name: 'job-execution-rejected', description: 'jobs rejected by a full executor' },
  { name: 'job-successful', description: 'jobs executed successfully' },
  { name: 'job-failed', description: 'job executions that failed' },
  { name: 'job-locked-exclusive', description: 'exclusive jobs locked together' },
  { name: 'history-cleanup-removed-process-instances', description: 'historic process instances removed by history cleanup' },
  { name: 'history-cleanup-removed-case-instances', description: 'historic case instances removed by history cleanup' },
  { name: 'history-cleanup-removed-decision-instances', description: 'historic decision instances removed by history cleanup' },
  { name: 'history-cleanup-removed-batch-operations', description: 'historic batch operations removed by history cleanup' },
  { name: 'history-cleanup-removed-task-metrics', description: 'task meter entries removed by history cleanup' },
];

const known = new Set(METRIC_NAMES.map((metric) => metric.name));

/** Refuses a name the engine would answer 0 for without complaint. */
export function checkMetricName(name: string, flag = 'metric name', intervals = false): MetricName {
  const metric = METRIC_NAMES.find((candidate) => candidate.name === name.trim());
  if (!metric) {
    const near = closest(name, [...known]);
    throw new UsageError(
      `${flag}: unknown metric '${name}' (${near.length > 0 ? `did you mean ${near.join(', ')}?` : 'see camunda-admin metrics names'}); the engine would silently answer 0`,
    );
  }
  if (intervals && metric.sumOnly) {
    throw new UsageError(`${flag}: '${metric.name}' is counted in the task meter log, which has no intervals; use camunda-admin metrics sum ${metric.name}`);
  }
  return metric;
}

/** The four metrics licence reporting needs, in the order of the report. */
export const LICENCE_METRICS = [
  { name: 'process-instances', heading: 'Process instances' },
  { name: 'decision-instances', heading: 'Decision instances' },
  { name: 'flow-node-instances', heading: 'Flow node instances' },
  { name: 'task-users', heading: 'Task users' },
] as const;
