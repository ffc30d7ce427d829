/** The options of the `metrics` commands (./metrics.ts declares them, ./metrics-actions.ts takes their types). */
import { DEFAULT_LIST_LIMIT } from './options.js';
import { flagSpec } from './spec.js';

const START = { flags: '--start <date>', description: 'from this date (inclusive)' } as const;
const END = { flags: '--end <date>', description: 'until this date (exclusive)' } as const;

export const METRICS_LIST_FLAGS = flagSpec(
  { flags: '--name <name>', description: 'one metric (see metrics names)', completes: 'interval-metric-names' },
  { flags: '--reporter <id>', description: 'one reporter (engine node)' },
  START,
  END,
  { flags: '--interval <seconds>', description: 'bucket size in seconds (engine default 900)' },
  { flags: '--aggregate-by-reporter', description: 'sum over all reporters' },
  { flags: '--first <n>', description: 'skip this many rows (firstResult)' },
  // 200: METRICS_MAX_RESULTS of src/engine/metrics.ts, which declarations do not load.
  { flags: '--max <n>', description: `at most this many rows (default ${DEFAULT_LIST_LIMIT}; more than the engine's 200 per request is paged)` },
  { flags: '--all', description: 'every row, page by page' },
  { flags: '--chart', description: 'draw the values as a bar chart (a sparkline for long series)' },
);

export const METRICS_SUM_FLAGS = flagSpec(START, END);

export const METRICS_REPORT_FLAGS = flagSpec(
  { flags: '--from <month>', description: 'first month, YYYY-MM (default: 11 months before --to)' },
  { flags: '--to <month>', description: 'last month, YYYY-MM (default: this month)' },
);

export const METRICS_DELETE_TASK_WORKER_FLAGS = flagSpec(
  { flags: '--before <date>', description: 'delete entries up to and including this date' },
  { flags: '--all', description: 'delete every entry (the engine does this when no date is sent)' },
);
