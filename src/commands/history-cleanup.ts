/** `history cleanup status` and `history cleanup run` (docs/history.md#is-the-clean-up-running): declared into the `history` family by ./history.ts. What runs: ./history-cleanup-run.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './history-actions.js';
import { CLEANUP_RUN_FLAGS, CLEANUP_STATUS_FLAGS } from './history-cleanup-flags.js';
import { declareFlags } from './spec.js';

export function declareCleanup(history: Command, action: ActionOf<typeof actions>): void {
  const cleanup = history.command('cleanup').description('the history clean-up job: whether and when it runs, and a run now');

  declareFlags(cleanup.command('status'), CLEANUP_STATUS_FLAGS)
    .description('the clean-up window, whether this node takes part, each clean-up job, and what keeps it from running')
    .addHelpText(
      'after',
      `
GET /history/cleanup/configuration (the current or next window; none: the clean-up never runs on
its own) and GET /history/cleanup/jobs (one job per degree of parallelism: due date, retries, last
error). Then what is wrong, in words: disabled on this node, no window, a job without retries (dead
until retried), a suspended or overdue job. The engine does not expose its clean-up strategy, batch
size or removal-time strategy. -o json|yaml: {configuration, jobs, problems} (docs/history.md).

${exitCodesHelp([ExitCode.Success, ExitCode.AuthRefused, [ExitCode.DifferencesFound, 'with --detailed-exitcode: a problem was found']])}

Examples:
  $ camunda-admin history cleanup status
  $ camunda-admin history cleanup status --detailed-exitcode -q || alert "history clean-up is not running"`,
    )
    .action(action('showCleanupStatus'));

  declareFlags(cleanup.command('run'), CLEANUP_RUN_FLAGS)
    .description('run the history clean-up now (POST /history/cleanup?immediatelyDue=true; admins only): asks first')
    .addHelpText(
      'after',
      `
Creates the clean-up jobs, or reschedules them, due now: this also gives a job without retries its
retries back. Each run deletes up to the engine's batch size (500) of rows per table whose removal
time has passed, and runs again at once while a table gave a full batch; without a window the job is
then suspended until the next run. Only members of the admin group (camunda-admin, operaton-admin)
or adminUsers may: no authorization grants it (403). Asks first (--yes when not on a terminal).
--wait follows the jobs until they ran (suspended, or rescheduled later) or failed.

${exitCodesHelp([
  ExitCode.Success,
  [ExitCode.Usage, 'bad input or not confirmed'],
  [ExitCode.AuthRefused, 'not an admin'],
  [ExitCode.EngineRejected, 'clean-up disabled on this node, or the job failed (--wait)'],
  [ExitCode.WaitTimedOut, '--wait-timeout passed before the job ran'],
])}

Examples:
  $ camunda-admin history cleanup run --yes
  $ camunda-admin history cleanup run --yes --wait --wait-timeout 10m`,
    )
    .action(action('runHistoryCleanup'));
}
