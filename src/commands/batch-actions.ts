/** What the `batch` commands do (declared in ./batch.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { deleteBatch as removeBatch, setBatchSuspended } from '../batches/change.js';
import { engineBatchRecord, findBatch } from '../batches/lookup.js';
import { BATCH_TYPES } from '../catalogue/batches.js';
import { closest } from '../util/suggest.js';
import { batchListView, batchView, describeEnding } from '../render/batch.js';
import { followBatch } from './follow-batch.js';
import { listWithLimit } from './listing.js';
import type { BATCH_DELETE_FLAGS, BATCH_LIST_FLAGS, BATCH_WATCH_FLAGS } from './batch-flags.js';
import { DEFAULT_LIST_LIMIT } from './options.js';
import type { FlagsOf } from './spec.js';
import { parseFollowFlags } from './run-flags.js';

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
    const found = await engineBatchRecord(client, id);
    await output.machineOnly(() => found.record);
    if (found.source === 'history') {
      const note = describeEnding(found.record, await found.ending());
      if (note) output.info(note);
    }
    return;
  }
  const found = await findBatch(client, id);
  if (found) await output.data(found, batchView);
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
  await setBatchSuspended(await engineClient(app), id, suspended);
  (await app.output()).info(`batch ${id} ${suspended ? 'suspended' : 'activated'}`);
}

export async function deleteBatch(app: App, id: string, options: FlagsOf<typeof BATCH_DELETE_FLAGS>): Promise<void> {
  await removeBatch(await engineClient(app), { id, keepHistory: Boolean(options.keepHistory), confirm: (question) => app.confirm(question) });
  (await app.output()).info(`batch ${id} deleted`);
}
