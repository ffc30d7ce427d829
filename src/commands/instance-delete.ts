/** `instance delete` and `instance variables set` (docs/operations.md): declared into the `instance` family by ./instance.ts. What runs: ./instance-delete-run.ts, ./instance-variables-run.ts (through ./instance-actions.ts). */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './instance-actions.js';
import { INSTANCE_DELETE_FLAGS, INSTANCE_VARIABLES_SET_FLAGS } from './instance-delete-flags.js';
import { declareFlags } from './spec.js';

const EXIT_CODES = exitCodesHelp([
  ExitCode.Success,
  ExitCode.Usage,
  [ExitCode.AuthRefused, 'refused, or --async without the batch permission'],
  [ExitCode.EngineRejected, 'the engine refused every instance sent'],
  [ExitCode.Unreachable, 'the engine did not answer, or nothing changed after a success answer'],
  [ExitCode.Partial, 'some instances not changed (or the canary failed)'],
  ExitCode.WaitTimedOut,
  ExitCode.Locked,
  ExitCode.Interrupted,
]);

export function declareInstanceRemoveCommands(instance: Command, action: ActionOf<typeof actions>, bulkHelp: string): void {
  declareFlags(instance.command('delete'), INSTANCE_DELETE_FLAGS)
    .description('delete running process instances, or with --finished finished ones from the history (asks first, naming the count)')
    .addHelpText(
      'after',
      `${bulkHelp}

The engine deletes many only as a batch (--async); otherwise each instance is its own DELETE
request, a few at a time: a refused instance is named, the others are deleted all the same. Only
the batch records --reason. --finished selects finished instances (the filters --key, --version,
--definition-id, --finished-before, --finished-after; --query FILE is a historic instance query)
and deletes their history; one that still runs is never selected.

${EXIT_CODES}

Examples:
  $ camunda-admin instance delete --key invoice --activity approve --dry-run
  $ camunda-admin instance delete --instances-file stuck.txt --chunk-size 200 --report deleted.csv --yes
  $ camunda-admin instance delete --key invoice --async --wait --reason "OPS-7: test data" --yes
  $ camunda-admin instance delete --finished --key invoice --finished-before 90d --async --wait --yes`,
    )
    .action(action('deleteInstances'));

  const variables = instance.command('variables').description('variables of many process instances');
  declareFlags(variables.command('set'), INSTANCE_VARIABLES_SET_FLAGS)
    .description('set variables on running process instances (asks first, naming the count)')
    .addHelpText(
      'after',
      `${bulkHelp}

--variables FILE maps names to typed values, as in plan files:
  amount: { value: 42, type: Integer }
  approvedBy: { value: ops }
Each instance gets them on its own scope; it counts as changed when it holds every one as asked.
Without --async each instance is its own request, a few at a time.

${EXIT_CODES}

Examples:
  $ camunda-admin instance variables set --key invoice --activity approve --variables vars.yaml --dry-run
  $ camunda-admin instance variables set --instances-file ids.txt --variables vars.yaml --chunk-size 500 --yes`,
    )
    .action(action('setInstanceVariables'));
}
