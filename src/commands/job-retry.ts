/** `job retry` and `external-task retry`: their declarations (docs/operations.md). What runs: ./job-retry-run.ts (through the families' actions modules). */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import { BULK_HELP } from './instance.js';
import type * as actions from './job-retry-run.js';
import { EXTERNAL_TASK_RETRY_FLAGS, JOB_RETRY_FLAGS } from './job-retry-flags.js';
import { declareFlags } from './spec.js';

const RETRY_EXIT_CODES = exitCodesHelp([
  ExitCode.Success,
  ExitCode.Usage,
  [ExitCode.AuthRefused, 'refused, or --async without the batch permission'],
  [ExitCode.Unreachable, 'the engine did not answer, or nothing changed after a success answer'],
  [ExitCode.Partial, 'some not retried, or failed again (or the canary failed)'],
  ExitCode.WaitTimedOut,
  ExitCode.Locked,
  ExitCode.Interrupted,
]);

const OUTCOMES = `
Each object's outcome, asked of the engine after the run: retried (it has retries), ended (it ran
well, or its instance ended), failed-again (it failed again since the selection), not-retried.`;

export function declareJobRetryCommand(job: Command, action: ActionOf<Pick<typeof actions, 'retryJobs'>>): void {
  declareFlags(job.command('retry'), JOB_RETRY_FLAGS)
    .description('give failed jobs retries again, which resolves their incidents (asks first)')
    .addHelpText(
      'after',
      `
Only failed jobs (no retries left) are selected; --instances selects the failed jobs of those
process instances. A run sends one PUT /job/{id}/retries per job (8 at once), or with --async one
set-job-retries batch.
${OUTCOMES}
${BULK_HELP}

${RETRY_EXIT_CODES}

Examples:
  $ camunda-admin job retry --key invoice --activity checkBudget --dry-run
  $ camunda-admin job retry --key invoice --exception "Connection refused" --canary 10 --canary-wait 2m --yes
  $ camunda-admin job retry --instances-file stuck.txt --chunk-size 200 --report retry.csv --annotation "INC-4711" --yes`,
    )
    .action(action('retryJobs'));
}

export function declareExternalTaskRetryCommand(externalTask: Command, action: ActionOf<Pick<typeof actions, 'retryExternalTasks'>>): void {
  declareFlags(externalTask.command('retry'), EXTERNAL_TASK_RETRY_FLAGS)
    .description('give external tasks whose workers gave up retries again, which resolves their incidents (asks first)')
    .addHelpText(
      'after',
      `
Only external tasks without retries are selected; --instances selects those of the process
instances. A run sends one PUT /external-task/retries per chunk (one transaction), or with --async
one set-external-task-retries batch.
${OUTCOMES}
${BULK_HELP}

${RETRY_EXIT_CODES}

Examples:
  $ camunda-admin external-task retry --key invoice --activity sendReminder --dry-run
  $ camunda-admin external-task retry --key invoice --retries 3 --chunk-size 500 --yes`,
    )
    .action(action('retryExternalTasks'));
}
