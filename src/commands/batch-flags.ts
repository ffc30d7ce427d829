/** The options of the `batch` commands (./batch.ts declares them, ./batch-actions.ts takes their types). */
import { DEFAULT_LIST_LIMIT } from './options.js';
import { POLL_INTERVAL_DEFAULT } from './run-flags.js';
import { flagSpec } from './spec.js';

export const BATCH_LIST_FLAGS = flagSpec(
  { flags: '--type <type>', description: 'only this batch type, e.g. instance-migration', completes: 'batch-types' },
  { flags: '--all', description: `every batch (default: the first ${DEFAULT_LIST_LIMIT})` },
);

// The run flags of `batch watch` (--interval, --wait-timeout) are shared with migration execute and sweep.
export const BATCH_WATCH_FLAGS = flagSpec(
  { flags: '--interval <seconds>', description: `seconds between polls ${POLL_INTERVAL_DEFAULT}` },
  { flags: '--wait-timeout <seconds>', description: 'stop watching after this long (exit 9; the batch goes on)' },
);

export const BATCH_DELETE_FLAGS = flagSpec({ flags: '--keep-history', description: 'keep the historic batch and its job log (default: delete them too)' });
