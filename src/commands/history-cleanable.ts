/** `history cleanable` (docs/history.md#what-is-never-cleaned): declared into the `history` family by ./history.ts. What runs: ./history-cleanable-run.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './history-actions.js';
import { CLEANABLE_FLAGS } from './history-cleanable-flags.js';
import { declareFlags } from './spec.js';

export function declareCleanable(history: Command, action: ActionOf<typeof actions>): void {
  declareFlags(history.command('cleanable'), CLEANABLE_FLAGS)
    .description('per definition version: finished, cleanable now, time-to-live, and never cleaned (no removal time), with the fix')
    .addHelpText(
      'after',
      `
The engine's cleanable reports give, per version, the finished instances and those the clean-up
would delete now. Finished instances WITHOUT a removal time are never deleted, whatever time-to-live
is set later; no engine query filters on that, so the finished instances of every version where
finished and cleanable differ are read (id and removal time, in pages of up to 40,000) and counted.
--no-scan skips that reading: "never cleaned" is then at most finished − cleanable, a bound that
also counts instances with a removal time still ahead (not due yet): with --detailed-exitcode it
exits 10 for those too, so it is no gate (run without --no-scan for one). The last column
(and "fix" in -o json|yaml) is the command that gives them a removal time. One kind a run:
processes, --decisions or --batches (by batch type; --key does not apply). -o json|yaml: the engine's
report rows, each with neverCleanedCount, neverCleanedAtMost and fix (docs/history.md).

${exitCodesHelp([ExitCode.Success, ExitCode.Usage, ExitCode.AuthRefused, [ExitCode.DifferencesFound, 'with --detailed-exitcode: finished rows will never be cleaned (--no-scan: may not be, or may be not due yet)']])}

Examples:
  $ camunda-admin history cleanable
  $ camunda-admin history cleanable --key invoice
  $ camunda-admin history cleanable --decisions --no-scan
  $ camunda-admin history cleanable --batches -o json
  $ camunda-admin history cleanable --detailed-exitcode -q || echo "some history is never cleaned"`,
    )
    .action(action('reportCleanable'));
}
