/** `history removal-time set` (docs/history.md#back-filling-removal-times): declared into the `history` family by ./history.ts. What runs: ./history-removal-time-run.ts (through ./history-actions.ts). */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './history-actions.js';
import { HISTORY_REMOVAL_TIME_SET_FLAGS } from './history-removal-time-flags.js';
import { declareFlags } from './spec.js';

const EXIT_CODES = exitCodesHelp([
  ExitCode.Success,
  ExitCode.Usage,
  [ExitCode.AuthRefused, 'refused, or no permission to create the batch (CREATE_BATCH_SET_REMOVAL_TIME on Batch)'],
  [ExitCode.Unreachable, 'the engine did not answer'],
  [ExitCode.Partial, 'some instances not set as asked (a batch job failed, or the canary did)'],
  ExitCode.WaitTimedOut,
  ExitCode.Locked,
  ExitCode.Interrupted,
]);

export function declareRemovalTime(history: Command, action: ActionOf<typeof actions>): void {
  const removalTime = history.command('removal-time').description('removal times of finished process instances: when the history clean-up may remove them');
  declareFlags(removalTime.command('set'), HISTORY_REMOVAL_TIME_SET_FLAGS)
    .description('set, calculate or clear the removal time of finished process instances (asks first, naming the count)')
    .addHelpText(
      'after',
      `
The selection: finished process instances only (a removal time on a running one would let the
clean-up remove the history of an instance that still runs): --key (--version), --finished-before,
--finished-after, --instances, --instances-file (- for standard input), --query FILE (a historic
process instance query; the filters go on top). The ids are frozen, previewed and confirmed by
count (--yes when not on a terminal); those whose removal time is already the one asked are not
sent. --dry-run prints the requests instead.

The removal time: --absolute DATE, --calculated (the root instance's end plus its definition's
time-to-live; refused for definitions without one: set it first with history ttl set), or --clear.
It goes on the whole call hierarchy of each instance (the root's removal time on every instance it
called) unless --no-hierarchical.

The engine sets removal times only in batches (process-set-removal-time): a run is one batch for the
selection, followed to its end; --chunk-size N one batch per N instances, each followed before the
next, with a journal (--resume after a kill); --async one batch, ending when it is created unless
--wait. --wait-timeout and --interval pace the following. --update-in-chunks (Camunda 7.20+, Operaton,
CIB seven) updates each instance's history rows in transactions of --update-chunk-size rows, for
instances with very much history. Every instance's removal time is read back afterwards; --report
FILE lists each one; --annotation TEXT goes on the engine's user operation log entries.

${EXIT_CODES}

Examples:
  $ camunda-admin history removal-time set --key invoice --calculated --dry-run
  $ camunda-admin history removal-time set --key invoice --calculated --chunk-size 10000 --report removal.csv --yes
  $ camunda-admin history removal-time set --key invoice --finished-before 2025-01-01 --absolute now --yes
  $ camunda-admin history removal-time set --instances-file keep.txt --clear --yes`,
    )
    .action(action('setRemovalTime'));
}
