/** What the `job` commands do (declared in ./job.ts). */
export { retryJobs } from './job-retry-run.js';
