/** The options of the `job` commands (./job.ts declares them, ./job-actions.ts takes their types). */
import { pagingFlags } from './options.js';
import { flagSpec } from './spec.js';

export const JOB_LIST_FLAGS = flagSpec(
  { flags: '--key <key>', description: 'only jobs of instances of this process definition key' },
  { flags: '--version <version>', description: 'only of this version of --key (every tenant)' },
  { flags: '--definition-id <id>', description: 'only of this process definition id' },
  { flags: '--activity <id>', description: "only of this activity (the job definition's)" },
  { flags: '--failed', description: 'only jobs without retries left (the engine gave up: a failedJob incident)' },
  { flags: '--retrying', description: 'only jobs that failed and have retries left (the engine runs them again)' },
  { flags: '--exception <text>', description: 'only jobs whose exception message contains this text (exact case)' },
  { flags: '--summary', description: 'counts by definition, version, activity and first line of the exception, with the oldest and newest' },
  ...pagingFlags('every job, page by page'),
);
