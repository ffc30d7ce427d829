/** `instance`: list process instances, and change many at once (docs/commands.md; docs/operations.md). What runs: ./instance-actions.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './instance-actions.js';
import { declareInstanceRemoveCommands } from './instance-delete.js';
import { INSTANCE_BULK_FLAGS, INSTANCE_LIST_FLAGS } from './instance-flags.js';
import { declareFlags } from './spec.js';

/** What every bulk command's help says about its selection and run (docs/operations.md has the whole story). */
export const BULK_HELP = `
The selection: --instances, --instances-file (- for standard input) and the filters; --query FILE
adds a query body, the filters go on top of it. Ids with filters select the ids that match them.
The ids are frozen before anything is sent, previewed (count, by definition and activity, a sample)
and confirmed by count (--yes when not on a terminal). --dry-run prints the requests instead.
A run is one request, --chunk-size N requests with a journal (--resume after a kill: nothing is sent
twice), or --async one engine batch (--wait follows it); --async --chunk-size N: one batch per chunk,
journalled (--resume --async after a kill). --canary N goes first and is checked.
Every object's outcome is asked of the engine afterwards; --report FILE lists each one.
--annotation TEXT is set on the engine's user operation log entries of the change.`;

export function declareInstanceCommands(program: Command, action: ActionOf<typeof actions>): void {
  const instance = program.command('instance').description('process instances: list them; suspend, activate, delete many at once or set their variables');

  declareFlags(instance.command('list'), INSTANCE_LIST_FLAGS)
    .description('list running process instances')
    .addHelpText(
      'after',
      `
-o json/yaml print the engine's objects unchanged; --ids-only prints one id per line, for
--instances-file of a bulk command.

Examples:
  $ camunda-admin instance list --key invoice --version 3 --activity approve
  $ camunda-admin instance list --key invoice --with-incident --ids-only --all > stuck.txt`,
    )
    .action(action('listInstances'));

  for (const [name, suspend] of [
    ['suspend', true],
    ['activate', false],
  ] as const) {
    declareFlags(instance.command(name), INSTANCE_BULK_FLAGS)
      .description(suspend ? 'suspend process instances (asks first)' : 'activate suspended process instances (asks first)')
      .addHelpText(
        'after',
        `${BULK_HELP}

${exitCodesHelp([
  ExitCode.Success,
  ExitCode.Usage,
  [ExitCode.AuthRefused, 'refused, or --async without the batch permission'],
  [ExitCode.Unreachable, 'the engine did not answer, or nothing changed after a success answer'],
  [ExitCode.Partial, 'some instances not changed (or the canary failed)'],
  ExitCode.WaitTimedOut,
  ExitCode.Locked,
  ExitCode.Interrupted,
])}

Examples:
  $ camunda-admin instance ${name} --key invoice --activity approve --dry-run
  $ camunda-admin instance ${name} --instances-file ids.txt --chunk-size 500 --report out.csv --yes
  $ camunda-admin instance ${name} --key invoice --async --wait --annotation "INC-4711" --yes
  $ camunda-admin instance ${name} --key invoice --async --chunk-size 1000 --wait --report out.csv --yes`,
      )
      .action(action(suspend ? 'suspendInstances' : 'activateInstances'));
  }

  declareInstanceRemoveCommands(instance, action, BULK_HELP);
}
