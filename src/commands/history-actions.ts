/** What the `history` commands do (declared in ./history.ts): the run functions of each area, re-exported. */
export { setRemovalTime } from './history-removal-time-run.js';
