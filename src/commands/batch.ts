/** `batch`: list, inspect, watch, suspend, activate and delete batches (CLI.md "batch"; engine-rest.md §5). */
import type { Command } from 'commander';
import type { App } from '../app.js';
import type { Batch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import { CliError, ExitCode } from '../exit-codes.js';

/**
 * The runtime batch, read before acting on it so that the confirmation can say what it is, or
 * undefined when it cannot be read. Changing a batch needs UPDATE or DELETE on it, reading it READ,
 * and the engine's query hides a batch the caller may not read: an unreadable batch is therefore not
 * a missing one, and the engine decides (see `act`). A batch that has finished and left only its
 * history record is reported as such (exit 5).
 */
async function runtimeBatch(client: EngineClient, id: string): Promise<Batch | undefined> {
  const { EngineNotFoundError } = await import('../runtime.js');
  try {
    return await client.batches.get(id);
  } catch (error) {
    if (!(error instanceof EngineNotFoundError)) throw error;
    // The history lookup only improves the message: its own failure must not replace the 404. A
    // running batch has a history record too, without an end: one the caller may not read.
    const historic = await client.batches.historic(id).catch(() => undefined);
    if (!historic?.endTime) return undefined;
    throw new CliError(error.message, ExitCode.NotFound, `batch ${id} has finished; only its history record is left: camunda-admin batch get ${id}`);
  }
}

/** "Unable to suspend/activate/delete batch with id 'x'": the engine's 400 for a batch that does not exist. */
const NO_SUCH_BATCH = /^Unable to (?:suspend|activate|delete) batch with id /;

/**
 * Runs a change of a batch; the engine's 400 for a batch that does not exist is a 404 (exit 5), and a
 * lost answer names the command that shows the batch now.
 */
async function act(id: string, change: () => Promise<void>): Promise<void> {
  const { sendChange } = await import('../runtime.js');
  try {
    await sendChange(['batch', 'get', id], change);
  } catch (error) {
    const { EngineHttpError } = await import('../runtime.js');
    if (error instanceof EngineHttpError && error.status === 400 && NO_SUCH_BATCH.test(error.body?.message ?? '')) {
      throw new CliError(`batch ${id} does not exist (${error.body!.message})`, ExitCode.NotFound);
    }
    throw error;
  }
}

export function registerBatchCommands(program: Command, app: App): void {
  const batch = program.command('batch').description('batches: the engine jobs behind an async migration');

  batch
    .command('list')
    .description('list the running batches with their progress')
    .option('--type <type>', 'only this batch type, e.g. instance-migration')
    .option('--all', 'every batch (default: the first 100)')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin batch list\n  $ camunda-admin batch list --type instance-migration -o json')
    .action(async (options: { type?: string; all?: boolean }) => {
      const client = await app.client();
      const rows = await client.batches.statisticsList({ type: options.type }, options.all ? undefined : 100);
      const { batchListView } = await import('../runtime.js');
      await (await app.output()).data(rows, batchListView);
    });

  batch
    .command('get')
    .description('show one batch; once it has finished, its history record')
    .argument('<id>', 'batch id')
    .addHelpText(
      'after',
      `
-o json/yaml print the engine's object as it came: GET /batch/{id} while the batch runs, GET
/history/batch/{id} once it has finished (or when only its history can be read). The history record
has an endTime (null while running); the runtime batch has none. The table adds the job counts of
GET /batch/statistics.

Examples:
  $ camunda-admin batch get 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002
  $ camunda-admin batch get 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002 -o json`,
    )
    .action(async (id: string) => {
      const client = await app.client();
      const { batchView, EngineNotFoundError } = await import('../runtime.js');
      const output = await app.output();
      if (output.machineReadable) {
        // Scripts written against the engine read its DTO: no wrapper, no fields of ours.
        try {
          await output.data(await client.batches.get(id), { table: () => '' });
        } catch (error) {
          if (!(error instanceof EngineNotFoundError)) throw error;
          const historic = await client.batches.historic(id);
          if (!historic) throw error;
          await output.data(historic, { table: () => '' });
        }
        return;
      }
      const running = await client.batches.statistics(id);
      if (running) {
        await output.data({ source: 'runtime' as const, batch: running }, batchView);
        return;
      }
      const historic = await client.batches.historic(id);
      if (historic) {
        await output.data({ source: 'history' as const, batch: historic }, batchView);
        return;
      }
      // Neither: let the engine's own 404 speak (exit 5).
      await client.batches.get(id);
    });

  batch
    .command('watch')
    .description('follow a batch until it ends (progress on stderr)')
    .argument('<id>', 'batch id')
    .option('--interval <seconds>', 'seconds between polls (default: 2)')
    .option('--wait-timeout <seconds>', 'stop watching after this long (exit 9; the batch goes on)')
    .addHelpText('after', '\nExit codes: 0 finished, 8 jobs failed, 9 --wait-timeout passed, 130 interrupted.\n\nExamples:\n  $ camunda-admin batch watch 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002 --wait-timeout 600')
    .action(async (id: string, options: { interval?: string; waitTimeout?: string }) => {
      const { parseSeconds } = await import('../runtime.js');
      const intervalMs = options.interval === undefined ? 2000 : parseSeconds(options.interval, '--interval') * 1000;
      const timeoutMs = options.waitTimeout === undefined ? undefined : parseSeconds(options.waitTimeout, '--wait-timeout') * 1000;
      const { followBatch } = await import('./migration-execute.js');
      const { failure } = await followBatch(app, id, intervalMs, timeoutMs);
      if (failure) throw failure;
    });

  for (const [name, suspended] of [['suspend', true], ['activate', false]] as const) {
    batch
      .command(name)
      .description(suspended ? 'stop a batch from running more jobs' : 'let a suspended batch run again')
      .argument('<id>', 'batch id')
      .addHelpText('after', `\nExit 5 when the batch does not exist or has finished.\n\nExamples:\n  $ camunda-admin batch ${name} 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002`)
      .action(async (id: string) => {
        const client = await app.client();
        await runtimeBatch(client, id);
        await act(id, () => client.batches.setSuspended(id, suspended));
        (await app.output()).info(`batch ${id} ${suspended ? 'suspended' : 'activated'}`);
      });
  }

  batch
    .command('delete')
    .description('delete a batch and its jobs (asks first)')
    .argument('<id>', 'batch id')
    .option('--keep-history', 'keep the historic batch and its job log (default: delete them too)')
    .addHelpText('after', '\nExit 5 when the batch does not exist or has finished (a finished one before asking).\n\nExamples:\n  $ camunda-admin batch delete 3f2a9c1e-8e0b-11ee-b9d1-0242ac120002 --yes')
    .action(async (id: string, options: { keepHistory?: boolean }) => {
      const client = await app.client();
      const current = await runtimeBatch(client, id);
      const what = current ? ` (${current.type}, ${current.totalJobs} ${current.totalJobs === 1 ? 'job' : 'jobs'})` : '';
      await app.confirm(`delete batch ${id}${what}${options.keepHistory ? '' : ' and its history'}`);
      await act(id, () => client.batches.delete(id, !options.keepHistory));
      (await app.output()).info(`batch ${id} deleted`);
    });
}
