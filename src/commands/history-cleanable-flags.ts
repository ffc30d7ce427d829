/** The options of `history cleanable` (./history-cleanable.ts declares them, ./history-cleanable-run.ts takes their types). */
import { flagSpec } from './spec.js';

export const CLEANABLE_FLAGS = flagSpec(
  { flags: '--key <key...>', description: 'only these definition keys (processes, or decisions with --decisions; several: --key a b, or a,b)' },
  { flags: '--decisions', description: 'decision definitions instead of process definitions' },
  { flags: '--batches', description: 'historic batches by batch type instead of process definitions' },
  {
    flags: '--no-scan',
    description: 'do not read finished rows: "never cleaned" is then only an upper bound (finished − cleanable), rows not due yet included',
  },
  {
    flags: '--detailed-exitcode',
    description: 'exit 10 when finished rows will never be cleaned (with --no-scan: may not be, or may be not due yet: a bound, not a gate)',
  },
);
