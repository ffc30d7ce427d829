/** What the `history` commands run (./history.ts declares them): the run functions of each area's file. */
export { checkTtlFiles } from './history-ttl-check-run.js';
