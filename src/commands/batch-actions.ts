/** What the `batch` commands do (declared in ./batch.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import type { Batch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import { EngineHttpError, EngineNotFoundError } from '../engine/errors.js';
import { sendChange } from '../exit.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { batchEnding } from '../batches/ending.js';
import { BATCH_TYPES } from '../catalogue/batches.js';
import { closest } from '../util/suggest.js';
import { batchListView, batchView, describeEnding } from '../render/batch.js';
import { followBatch } from './follow-batch.js';
import { listWithLimit } from './listing.js';
import type { BATCH_DELETE_FLAGS, BATCH_LIST_FLAGS, BATCH_WATCH_FLAGS } from './batch-flags.js';
import { DEFAULT_LIST_LIMIT } from './options.js';
import type { FlagsOf } from './spec.js';
import { parseFollowFlags } from './run-flags.js';

/**
 * The runtime batch, read before acting on it so that the confirmation can say what it is, or
 * undefined when it cannot be read. Changing a batch needs UPDATE or DELETE on it, reading it READ,
 * and the engine's query hides a batch the caller may not read: an unreadable batch is therefore not
 * a missing one, and the engine decides (see `act`). A batch that has finished and left only its
 * history record is reported as such (exit 5).
 */
async function runtimeBatch(client: EngineClient, id: string): Promise<Batch | undefined> {
  try {
    return await client.batches.get(id);
  } catch (error) {
    if (!(error instanceof EngineNotFoundError)) throw error;
    // The history lookup only improves the message: its own failure must not replace the 404. A
    // running batch has a history record too, without an end: one the caller may not read.
    const historic = await client.batches.historic(id).catch(() => undefined);
    if (!historic?.endTime) return undefined;
    throw new CliError(error.message, ExitCode.NotFound, `batch ${id} has ended, completed or deleted; only its history record is left, which says which: camunda-admin batch get ${id}`);
  }
}

/** "Unable to suspend/activate/delete batch with id 'x'": the engine's 400 for a batch that does not exist. */
const NO_SUCH_BATCH = /^Unable to (?:suspend|activate|delete) batch with id /;

/**
 * Runs a change of a batch; the engine's 400 for a batch that does not exist is a 404 (exit 5), and a
 * lost answer names the command that shows the batch now.
 */
async function act(id: string, change: () => Promise<void>): Promise<void> {
  try {
    await sendChange(['batch', 'get', id], change);
  } catch (error) {
    if (error instanceof EngineHttpError && error.status === 400 && NO_SUCH_BATCH.test(error.body?.message ?? '')) {
      throw new CliError(`batch ${id} does not exist (${error.body!.message})`, ExitCode.NotFound);
    }
    throw error;
  }
}

export async function listBatches(app: App, options: FlagsOf<typeof BATCH_LIST_FLAGS>): Promise<void> {
  const client = await engineClient(app, { bulk: options.all === true });
  const filter = { type: options.type };
  const output = await app.output();
  const shown = await listWithLimit(output, {
    page: { firstResult: 0, maxResults: options.all ? undefined : DEFAULT_LIST_LIMIT },
    fetchPage: (firstResult, maxResults) => client.batches.statisticsPage(filter, firstResult, maxResults),
    view: batchListView,
    noun: 'batches',
    limit: client.http.queryLimit,
    more: '--all',
  });
  // The engine answers an unknown type with no rows, as it does a type with none running; a plugin's
  // own type is fine, so only an empty answer for a type the engine does not define is named.
  if (shown === 0 && options.type !== undefined && !BATCH_TYPES.includes(options.type) && !output.quiet) output.warn(unknownBatchType(options.type));
}

function unknownBatchType(type: string): string {
  const near = closest(type, BATCH_TYPES);
  const known = near.length > 0 ? `did you mean ${near.join(', ')}?` : `the engine's are ${BATCH_TYPES.join(', ')}`;
  return `--type: no batch of type '${type}', which is not one of the engine's batch types (${known}); an engine plugin may add types of its own`;
}

export async function getBatch(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  const output = await app.output();
  if (output.machineReadable) {
    // Scripts written against the engine read its DTO: no wrapper, no fields of ours. How a batch
    // known from its history ended is not in it: a line on stderr says so when it did not complete.
    try {
      await output.machineOnly(() => client.batches.get(id));
    } catch (error) {
      if (!(error instanceof EngineNotFoundError)) throw error;
      const historic = await client.batches.historic(id);
      if (!historic) throw error;
      await output.machineOnly(() => historic);
      const note = describeEnding(historic, await batchEnding(client.batches, historic));
      if (note) output.info(note);
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
    await output.data({ source: 'history' as const, batch: historic, ending: await batchEnding(client.batches, historic) }, batchView);
    return;
  }
  // Neither: let the engine's own 404 speak (exit 5).
  await client.batches.get(id);
}

export async function watchBatch(app: App, id: string, options: FlagsOf<typeof BATCH_WATCH_FLAGS>): Promise<void> {
  const { intervalMs, timeoutMs } = parseFollowFlags(options);
  const { failure } = await followBatch(app, id, { intervalMs, timeoutMs, created: false });
  if (failure) throw failure;
}

export async function suspendBatch(app: App, id: string): Promise<void> {
  await setSuspended(app, id, true);
}

export async function activateBatch(app: App, id: string): Promise<void> {
  await setSuspended(app, id, false);
}

async function setSuspended(app: App, id: string, suspended: boolean): Promise<void> {
  const client = await engineClient(app);
  await runtimeBatch(client, id);
  await act(id, () => client.batches.setSuspended(id, suspended));
  (await app.output()).info(`batch ${id} ${suspended ? 'suspended' : 'activated'}`);
}

export async function deleteBatch(app: App, id: string, options: FlagsOf<typeof BATCH_DELETE_FLAGS>): Promise<void> {
  const client = await engineClient(app);
  const current = await runtimeBatch(client, id);
  const what = current ? ` (${current.type}, ${current.totalJobs} ${current.totalJobs === 1 ? 'job' : 'jobs'})` : '';
  await app.confirm(`delete batch ${id}${what}${options.keepHistory ? '' : ' and its history'}`);
  await act(id, () => client.batches.delete(id, !options.keepHistory));
  (await app.output()).info(`batch ${id} deleted`);
}
