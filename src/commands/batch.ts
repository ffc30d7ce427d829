/** `batch`: list, inspect, watch, suspend, activate and delete batches (docs/commands.md; docs/engine-notes.md#batches). What runs: ./batch-actions.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import { BATCH_DELETE_FLAGS, BATCH_LIST_FLAGS, BATCH_WATCH_FLAGS } from './batch-flags.js';
import { declareFlags } from './spec.js';
import type * as actions from './batch-actions.js';

export function declareBatchCommands(program: Command, action: ActionOf<typeof actions>): void {
  const batch = program.command('batch').description('batches: the engine jobs behind async migrations and bulk operations');

  declareFlags(batch.command('list'), BATCH_LIST_FLAGS)
    .description('list the running batches with their progress')
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

  declareFlags(batch.command('watch'), BATCH_WATCH_FLAGS)
    .description('follow a batch until it ends (progress on stderr)')
    .argument('<id>', 'batch id')
    .addHelpText(
      'after',
      `
The watch ends when every job of the batch is done and none failed: the engine's monitor job then
ends the batch at its next run (every 30 s by default), which is not waited for.
A suspended batch runs no job: the progress line says so from the first poll, with the command that
activates it (camunda-admin batch activate ID), and the watch goes on until someone does, or until
--wait-timeout (exit 9, naming the suspension) or Ctrl-C.

${exitCodesHelp([
  [ExitCode.Success, 'finished'],
  [ExitCode.Partial, 'jobs failed or the batch was deleted before it completed'],
  [ExitCode.WaitTimedOut, '--wait-timeout passed'],
  ExitCode.Interrupted,
])}

Examples:
  $ camunda-admin batch watch 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002 --wait-timeout 600`,
    )
    .action(action('watchBatch'));

  for (const [name, suspended] of [
    ['suspend', true],
    ['activate', false],
  ] as const) {
    batch
      .command(name)
      .description(suspended ? 'stop a batch from running more jobs' : 'let a suspended batch run again')
      .argument('<id>', 'batch id')
      .addHelpText(
        'after',
        `\nExit 5 when the batch does not exist or has ended.\n\nExamples:\n  $ camunda-admin batch ${name} 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002`,
      )
      .action(action(suspended ? 'suspendBatch' : 'activateBatch'));
  }

  declareFlags(batch.command('delete'), BATCH_DELETE_FLAGS)
    .description('delete a batch and its jobs (asks first)')
    .argument('<id>', 'batch id')
    .addHelpText(
      'after',
      '\nExit 5 when the batch does not exist or has ended (an ended one before asking).\n\nExamples:\n  $ camunda-admin batch delete 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002 --yes',
    )
    .action(action('deleteBatch'));
}
