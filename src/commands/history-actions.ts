/** What the `history` commands do (declared in ./history.ts): the run functions of each area, re-exported. */
export { reportCleanable } from './history-cleanable-run.js';
export { runHistoryCleanup, showCleanupStatus } from './history-cleanup-run.js';
