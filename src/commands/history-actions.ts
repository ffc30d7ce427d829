/** What the `history` commands run (./history.ts declares them): the run functions of each area's file, re-exported. */
export { reportCleanable } from './history-cleanable-run.js';
export { runHistoryCleanup, showCleanupStatus } from './history-cleanup-run.js';
export { setRemovalTime } from './history-removal-time-run.js';
export { checkTtlFiles } from './history-ttl-check-run.js';
export { listTimeToLives, setTimeToLives } from './history-ttl-run.js';
