/** `job`: the jobs of process instances, listed and summarized, run by hand, retried (docs/operations.md). What runs: ./job-actions.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import { JOB_LIST_FLAGS } from './job-flags.js';
import { declareJobRetryCommand } from './job-retry.js';
import { declareFlags } from './spec.js';
import type * as actions from './job-actions.js';

export function declareJobCommands(program: Command, action: ActionOf<typeof actions>): void {
  const job = program.command('job').description('jobs: failed, still retrying, or waiting; run one by hand, retry failed ones');

  declareFlags(job.command('list'), JOB_LIST_FLAGS)
    .description('list jobs, or count them by definition, activity and exception (--summary)')
    .addHelpText(
      'after',
      `
--failed: no retries left (noRetriesLeft; each such job has a failedJob incident). --retrying: failed
and retries left (withRetriesLeft and withException): the engine runs them again. Both: every job
with an exception. Rows come in the order of job ids; -o json|yaml prints the engine's job objects
unchanged. --summary reads every selected job and counts them by definition (key, version, tenant),
activity and the first line of the exception message, with how many have no retries left and the
oldest and newest (by creation) of each group; -o json|yaml prints {jobs, groups: [...]}.

The engine filters all but --exception (its exceptionMessage matches whole messages only: the text
is looked for here, in the jobs with an exception) and a --version deployed in several tenants.

Examples:
  $ camunda-admin job list --failed --summary
  $ camunda-admin job list --key invoice --activity checkBudget --retrying
  $ camunda-admin job list --exception "Connection refused" --all -o json`,
    )
    .action(action('listJobs'));

  job
    .command('execute')
    .description('run jobs now, one after the other, and show what the engine answered for each')
    .argument('<ids...>', 'job ids')
    .addHelpText(
      'after',
      `
POST /job/{id}/execute runs the job in the request, whatever its retries and due date: for an engine
without a job executor, or a batch's seed job. A job that fails counts its retry down as the job
executor would (at 0 the engine raises a failedJob incident); its exception is printed. The engine
answers "not found" both for a missing job and for a job that failed with an engine exception: the
job is then looked up to tell which. A job named twice runs once.

${exitCodesHelp([
  [ExitCode.Success, 'every job ran'],
  [ExitCode.Partial, 'some ran, others not (or none ran, for different reasons)'],
  [ExitCode.AuthRefused, 'none ran: refused'],
  [ExitCode.NotFound, 'none ran: no such job'],
  [ExitCode.EngineRejected, 'none ran: each failed with its exception'],
])}

Examples:
  $ camunda-admin job execute 8f3c2b1a-8e0b-11ee-b9d1-0242ac120002
  $ camunda-admin job list --key invoice --failed -o json | jq -r '.[].id' | xargs camunda-admin job execute`,
    )
    .action(action('executeJob'));

  declareJobRetryCommand(job, (name) => action(name));
}
