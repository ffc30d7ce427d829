/** What the `history` commands do (declared in ./history.ts): the run functions of each area, re-exported. */
export { listTimeToLives, setTimeToLives } from './history-ttl-run.js';
