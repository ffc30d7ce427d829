/** The options of `history removal-time set` (./history-removal-time.ts declares them, ./history-removal-time-run.ts takes their types). */
import { bulkFlagsTaking } from './bulk-flags.js';
import { type FlagsOf, flagSpec } from './spec.js';

const REMOVAL_TIME_SELECTION_FLAGS = flagSpec(
  { flags: '--key <key>', description: 'finished instances of this process definition key' },
  { flags: '--version <n>', description: 'with --key: of this version only' },
  { flags: '--finished-before <date>', description: 'instances that finished before DATE (2026-01-31, ISO 8601, or an age: 30d)' },
  { flags: '--finished-after <date>', description: 'instances that finished after DATE' },
);

const REMOVAL_TIME_MODE_FLAGS = flagSpec(
  { flags: '--absolute <date>', description: "this removal time (2027-01-31, ISO 8601, or 'now': cleanable at the clean-up's next run)" },
  { flags: '--calculated', description: "the removal time the engine calculates: the root instance's end plus its definition's time-to-live" },
  { flags: '--clear', description: 'no removal time: the clean-up never removes these instances' },
  { flags: '--no-hierarchical', description: "each instance its own removal time, not its root's on its whole call hierarchy" },
  { flags: '--update-in-chunks', description: 'Camunda 7.20+, Operaton, CIB seven: one batch job per instance, its history rows updated in chunks' },
  { flags: '--update-chunk-size <n>', description: "with --update-in-chunks: history rows per transaction, 1 to 500 (default: the engine's, 500)" },
);

export const HISTORY_REMOVAL_TIME_SET_FLAGS = [
  ...REMOVAL_TIME_SELECTION_FLAGS,
  ...REMOVAL_TIME_MODE_FLAGS,
  ...bulkFlagsTaking('finished process instance ids, comma-separated'),
] as const;

export type HistoryRemovalTimeSetFlags = FlagsOf<typeof HISTORY_REMOVAL_TIME_SET_FLAGS>;
