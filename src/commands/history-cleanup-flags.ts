/** The options of `history cleanup status|run` (./history-cleanup.ts declares them, ./history-cleanup-run.ts takes their types). */
import { POLL_INTERVAL_DEFAULT } from './run-flags.js';
import { flagSpec } from './spec.js';

export const CLEANUP_STATUS_FLAGS = flagSpec({ flags: '--detailed-exitcode', description: 'exit 10 when something keeps the clean-up from running' });

export const CLEANUP_RUN_FLAGS = flagSpec(
  { flags: '--wait', description: 'wait until the clean-up job has run (or failed)' },
  { flags: '--interval <seconds>', description: `with --wait: seconds between polls ${POLL_INTERVAL_DEFAULT}` },
  { flags: '--wait-timeout <seconds>', description: 'with --wait: stop waiting after this long (exit 9; the job goes on)' },
);
