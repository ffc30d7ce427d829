/** `batch`: list, inspect, watch, suspend, activate and delete batches (docs/commands.md; docs/engine-notes.md#batches). What runs: ./batch-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import { POLL_INTERVAL_DEFAULT } from './run-flags.js';
import type * as actions from './batch-actions.js';

export function declareBatchCommands(program: Command, action: ActionOf<typeof actions>): void {
  const batch = program.command('batch').description('batches: the engine jobs behind an async migration');

  batch
    .command('list')
    .description('list the running batches with their progress')
    .option('--type <type>', 'only this batch type, e.g. instance-migration')
    .option('--all', 'every batch (default: the first 100)')
    .addHelpText(
      'after',
      `
--type is sent as given: an engine plugin may add batch types of its own. When no batch matches a
type that is not one of the engine's own (instance-migration, set-variables, ...), a warning on
stderr names the closest of them (exit 0; -q leaves it out).

Examples:
  $ camunda-admin batch list
  $ camunda-admin batch list --type instance-migration -o json`,
    )
    .action(action('listBatches'));

  batch
    .command('get')
    .description('show one batch; once it has ended, its history record and how it ended')
    .argument('<id>', 'batch id')
    .addHelpText(
      'after',
      `
-o json/yaml print the engine's object as it came: GET /batch/{id} while the batch runs, GET
/history/batch/{id} once it has ended (or when only its history can be read). The history record
has an endTime (null while running); the runtime batch has none. The table adds the job counts of
GET /batch/statistics.

A history record ends the same way for a batch that completed and one that was deleted: the table
says which, from the job log (GET /history/job-log/count: deletions, successes, failed runs), or
that it is not known (the job log needs READ_HISTORY on every process definition). With -o json/yaml
a batch that did not complete is named on stderr.

Examples:
  $ camunda-admin batch get 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002
  $ camunda-admin batch get 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002 -o json`,
    )
    .action(action('getBatch'));

  batch
    .command('watch')
    .description('follow a batch until it ends (progress on stderr)')
    .argument('<id>', 'batch id')
    .option('--interval <seconds>', `seconds between polls ${POLL_INTERVAL_DEFAULT}`)
    .option('--wait-timeout <seconds>', 'stop watching after this long (exit 9; the batch goes on)')
    .addHelpText(
      'after',
      `
A suspended batch runs no job: the progress line says so from the first poll, with the command that
activates it (camunda-admin batch activate ID), and the watch goes on until someone does, or until
--wait-timeout (exit 9, naming the suspension) or Ctrl-C.

Exit codes: 0 finished, 8 jobs failed or the batch was deleted before it completed, 9
--wait-timeout passed, 130 interrupted.

Examples:
  $ camunda-admin batch watch 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002 --wait-timeout 600`,
    )
    .action(action('watchBatch'));

  for (const [name, suspended] of [['suspend', true], ['activate', false]] as const) {
    batch
      .command(name)
      .description(suspended ? 'stop a batch from running more jobs' : 'let a suspended batch run again')
      .argument('<id>', 'batch id')
      .addHelpText('after', `\nExit 5 when the batch does not exist or has ended.\n\nExamples:\n  $ camunda-admin batch ${name} 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002`)
      .action(action(suspended ? 'suspendBatch' : 'activateBatch'));
  }

  batch
    .command('delete')
    .description('delete a batch and its jobs (asks first)')
    .argument('<id>', 'batch id')
    .option('--keep-history', 'keep the historic batch and its job log (default: delete them too)')
    .addHelpText('after', '\nExit 5 when the batch does not exist or has ended (an ended one before asking).\n\nExamples:\n  $ camunda-admin batch delete 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002 --yes')
    .action(action('deleteBatch'));
}
