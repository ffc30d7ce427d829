/** `history ttl list` and `history ttl set` (docs/history.md#time-to-live): declared into `history ttl` by ./history.ts. What runs: ./history-ttl-run.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './history-actions.js';
import { TTL_LIST_FLAGS, TTL_SET_FLAGS } from './history-ttl-flags.js';
import { declareFlags } from './spec.js';

export function declareTtlListAndSet(ttl: Command, action: ActionOf<typeof actions>): void {
  declareFlags(ttl.command('list'), TTL_LIST_FLAGS)
    .description('every definition version with its history time-to-live, by key: versions, running and finished instances')
    .addHelpText(
      'after',
      `
A version without a time-to-live (TTL) keeps the history of its instances for ever: the clean-up
never removes it. Engines since 7.20 refuse to deploy one without, but definitions deployed before
the upgrade keep none. Process definitions unless --decisions (one kind a run: their keys are
separate, and a decision's "finished" count is its evaluations). The table has a row per key and
tenant; with --key a row per version. -o json|yaml: the groups, each with the engine's definitions
and their counts (docs/history.md#time-to-live).

${exitCodesHelp([ExitCode.Success, ExitCode.Usage, ExitCode.AuthRefused, [ExitCode.DifferencesFound, 'with --detailed-exitcode: a version listed has no time-to-live']])}

Examples:
  $ camunda-admin history ttl list --missing
  $ camunda-admin history ttl list --key invoice
  $ camunda-admin history ttl list --decisions --missing --detailed-exitcode -o json`,
    )
    .action(action('listTimeToLives'));

  declareFlags(ttl.command('set'), TTL_SET_FLAGS)
    .description('set the history time-to-live on every version of a key (or the versions named): previewed, confirmed, read back')
    .argument('<key>', 'the process definition key (with --decision: the decision definition key)')
    .addHelpText(
      'after',
      `
One PUT /process-definition/{id}/history-time-to-live (or decision-definition) per version, each
read back after. Not the engine's per-key endpoint: it changes only the latest version. Versions that
have the time-to-live already are skipped. A new time-to-live applies to history written from now
on; history already written keeps its removal time (history removal-time set back-fills it).
Without --tenant every tenant's versions of the key are changed (the preview names the tenants).
Asks first, naming the count (--yes when not on a terminal); --dry-run prints the requests.

${exitCodesHelp([
  ExitCode.Success,
  [ExitCode.Usage, 'bad input or not confirmed (nothing sent)'],
  ExitCode.AuthRefused,
  [ExitCode.NotFound, 'no such key, tenant or version'],
  [ExitCode.EngineRejected, 'the engine refused the first version (e.g. --clear where a TTL is enforced)'],
  [ExitCode.Partial, 'some versions set, then one failed'],
  [ExitCode.NotConfirmed, 'a version read back with another time-to-live'],
])}

Examples:
  $ camunda-admin history ttl set invoice --days 30 --dry-run
  $ camunda-admin history ttl set invoice --days 30 --yes
  $ camunda-admin history ttl set invoice --days 90 --version 1 2 --tenant acme
  $ camunda-admin history ttl set invoice-classification --decision --days 30 --yes`,
    )
    .action(action('setTimeToLives'));
}
