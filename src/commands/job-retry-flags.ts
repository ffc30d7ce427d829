/** The options of `job retry` and `external-task retry` (./job-retry.ts, ./external-task.ts declare them). */
import { BULK_FLAGS } from './bulk-flags.js';
import { type FlagsOf, flagSpec } from './spec.js';

/** The filters that select failed jobs (failed external tasks): the selection of the retry commands. */
function retryFilterFlags(objects: string, exception: string) {
  return flagSpec(
    { flags: '--failed', description: 'all of them: every one without retries left (only such are ever selected)' },
    { flags: '--key <key>', description: `${objects} of this process definition key` },
    { flags: '--version <n>', description: 'with --key: of this version only' },
    { flags: '--definition-id <id>', description: `${objects} of this process definition id` },
    { flags: '--activity <id>', description: `${objects} at this activity` },
    { flags: '--exception <text>', description: `${objects} whose ${exception} contains TEXT (as written)` },
  );
}

export const JOB_RETRY_FLAGS = [
  ...retryFilterFlags('failed jobs', 'exception message'),
  { flags: '--retries <n>', description: 'the retries each job gets (default 1)' },
  { flags: '--due-date <date>', description: 'when the jobs are due: a date (ISO 8601), or now (clears the due date); default: left as it is' },
  ...BULK_FLAGS,
] as const;

export const EXTERNAL_TASK_RETRY_FLAGS = [
  ...retryFilterFlags('external tasks', 'error message'),
  { flags: '--retries <n>', description: 'the retries each external task gets (default 1)' },
  ...BULK_FLAGS,
] as const;

export type JobRetryFlags = FlagsOf<typeof JOB_RETRY_FLAGS>;
export type ExternalTaskRetryFlags = FlagsOf<typeof EXTERNAL_TASK_RETRY_FLAGS>;
