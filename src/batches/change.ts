/**
 * Suspending, activating and deleting a batch, as use cases: the runtime batch read first (so that
 * the confirmation can say what it is, and a batch that has ended is named as such), then the change,
 * sent so that a lost answer names the command that shows the batch now. A batch that is not there is
 * a failed change of kind 'not-found' (src/change/errors.ts); src/exit.ts gives it its exit code.
 * Terminal-free.
 */
import { ChangeFailedError } from '../change/errors.js';
import type { Batch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import { EngineHttpError, EngineNotFoundError } from '../engine/errors.js';
import { sendChange } from '../exit.js';

/**
 * The runtime batch, read before acting on it so that the confirmation can say what it is, or
 * undefined when it cannot be read. Changing a batch needs UPDATE or DELETE on it, reading it READ,
 * and the engine's query hides a batch the caller may not read: an unreadable batch is therefore not
 * a missing one, and the engine decides (see `act`). A batch that has finished and left only its
 * history record is reported as such (not found).
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
    throw new ChangeFailedError(error.message, 'not-found', {
      hint: `batch ${id} has ended, completed or deleted; only its history record is left, which says which: camunda-admin batch get ${id}`,
    });
  }
}

/** "Unable to suspend/activate/delete batch with id 'x'": the engine's 400 for a batch that does not exist. */
const NO_SUCH_BATCH = /^Unable to (?:suspend|activate|delete) batch with id /;

/**
 * Runs a change of a batch; the engine's 400 for a batch that does not exist is a batch not found, and
 * a lost answer names the command that shows the batch now.
 */
async function act(id: string, change: () => Promise<void>): Promise<void> {
  try {
    await sendChange(['batch', 'get', id], change);
  } catch (error) {
    if (error instanceof EngineHttpError && error.status === 400 && NO_SUCH_BATCH.test(error.body?.message ?? '')) {
      throw new ChangeFailedError(`batch ${id} does not exist (${error.body!.message})`, 'not-found');
    }
    throw error;
  }
}

export async function setBatchSuspended(client: EngineClient, id: string, suspended: boolean): Promise<void> {
  await runtimeBatch(client, id);
  await act(id, () => client.batches.setSuspended(id, suspended));
}

export interface DeleteBatchRequest {
  id: string;
  keepHistory: boolean;
  /** Asks before the delete, with what is deleted; throws when the answer is no. */
  confirm(question: string): Promise<void>;
}

export async function deleteBatch(client: EngineClient, request: DeleteBatchRequest): Promise<void> {
  const { id, keepHistory } = request;
  const current = await runtimeBatch(client, id);
  const what = current ? ` (${current.type}, ${current.totalJobs} ${current.totalJobs === 1 ? 'job' : 'jobs'})` : '';
  await request.confirm(`delete batch ${id}${what}${keepHistory ? '' : ' and its history'}`);
  await act(id, () => client.batches.delete(id, !keepHistory));
}
