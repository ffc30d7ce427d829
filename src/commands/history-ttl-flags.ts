/** The options of `history ttl list` and `history ttl set` (./history-ttl.ts declares them, ./history-ttl-run.ts takes their types). */
import { type FlagsOf, flagSpec } from './spec.js';

export const TTL_LIST_FLAGS = flagSpec(
  { flags: '--key <key>', description: 'only the versions of this key, one row each' },
  { flags: '--missing', description: 'only the versions without a time-to-live' },
  { flags: '--decisions', description: 'decision definitions instead of process definitions' },
  { flags: '--detailed-exitcode', description: 'exit 10 when a version listed has no time-to-live, 0 when every one has' },
);

export const TTL_SET_FLAGS = flagSpec(
  { flags: '--days <n>', description: 'the time-to-live in days (0 or more; 0: cleanable as soon as finished)' },
  { flags: '--clear', description: 'remove the time-to-live instead (refused by an engine that enforces one, 7.20+ by default)' },
  { flags: '--version <v...>', description: 'only these versions (several: --version 1 2 3, or 1,2,3); every version when not given' },
  { flags: '--decision', description: 'KEY is a decision definition key' },
  { flags: '--tenant <id>', description: "only the versions of this tenant; without it every tenant's versions of the key" },
  { flags: '--dry-run', description: 'print the requests instead of sending them' },
);

export type TtlListFlags = FlagsOf<typeof TTL_LIST_FLAGS>;
export type TtlSetFlags = FlagsOf<typeof TTL_SET_FLAGS>;
