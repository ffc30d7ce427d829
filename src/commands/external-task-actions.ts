/** What the `external-task` commands do (declared in ./external-task.ts). */
export { retryExternalTasks } from './job-retry-run.js';
