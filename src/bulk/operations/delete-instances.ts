/**
 * Deleting running process instances as an operation of the change pipeline (src/change/operation.ts).
 * The engine has no synchronous delete of many: a chunk is one DELETE per instance (./one-by-one.ts),
 * a batch is POST /process-instance/delete (`instance-deletion`, the only request that records a
 * reason). An instance is deleted when it is gone from the runtime and its history, if kept, says it
 * was terminated from outside; one that completed or was ended by its process meanwhile has ended.
 */
import type { ChangeWords, ObjectFound, ObjectState, OutcomeKind } from '../../change/operation.js';
import type { EngineClient } from '../../engine/client.js';
import { encodeQuery, enginePath } from '../../engine/paths.js';
import type { InstanceDeletionOptions, ProcessInstance } from '../../engine/process-instances.js';
import type { BulkOperation } from '../operation.js';
import { lookUpInstances } from './instance-lookup.js';
import { explainObjectsFailed, sendOneByOne } from './one-by-one.js';

const DELETE_INSTANCES_WORDS: ChangeWords = {
  verb: 'delete',
  done: 'deleted',
  one: 'instance',
  many: 'instances',
  changed: 'deleted',
  unchanged: 'running',
  run: 'the deletion',
  changedInFull: 'deleted',
  request: 'each delete request',
  canaryCheck: 'deleted',
};

type DeleteInstancesOutcome = 'deleted' | 'already-deleted' | 'running' | 'ended' | 'unknown';

const DELETE_INSTANCES_OUTCOMES: Readonly<Record<OutcomeKind, DeleteInstancesOutcome>> = {
  changed: 'deleted',
  'changed-elsewhere': 'already-deleted',
  unchanged: 'running',
  ended: 'ended',
  other: 'unknown',
};

/** What the report says of an instance beside its outcome: its definition, and its state in the history (ACTIVE while it runs). */
export interface InstanceDetail {
  definitionId: string | null;
  state: string | null;
}

export const NO_INSTANCE_DETAIL: InstanceDetail = { definitionId: null, state: null };

export interface DeleteInstancesRequest extends InstanceDeletionOptions {
  /** The batch's delete reason (only a batch records one: the synchronous delete takes none). */
  reason?: string | undefined;
}

export type DeleteInstancesOperation = BulkOperation<ProcessInstance, DeleteInstancesOutcome, InstanceDetail>;

/** The report's columns beside the id and the outcome. */
export const INSTANCE_REPORT = {
  id: 'processInstanceId',
  columns: [
    { name: 'definitionId', value: (object: InstanceDetail) => object.definitionId },
    { name: 'state', value: (object: InstanceDetail) => object.state },
  ],
};

export function deleteInstancesOperation(client: Pick<EngineClient, 'processInstances'>, request: DeleteInstancesRequest): DeleteInstancesOperation {
  const options: InstanceDeletionOptions = {
    skipCustomListeners: request.skipCustomListeners,
    skipIoMappings: request.skipIoMappings,
    skipSubprocesses: request.skipSubprocesses,
  };
  const statesOf = (ids: readonly string[]) => deletionStates(client, ids);
  const batchBody = (ids: string[]) => ({ processInstanceIds: ids, ...(request.reason !== undefined ? { deleteReason: request.reason } : {}), ...options });
  return {
    name: 'delete',
    parameters: { ...options, ...(request.reason !== undefined ? { reason: request.reason } : {}) },
    pending: () => true,
    chunkRequest: (ids) =>
      ids.map((id) => ({
        method: 'DELETE',
        path: enginePath`/process-instance/${id}`.encoded + encodeQuery({ ...options, failIfNotExists: false }),
        body: undefined,
      })),
    batchRequest: (ids) => ({ method: 'POST', path: '/process-instance/delete', body: batchBody(ids) }),
    // A synchronous delete logs its instance with no property (PropertyChange.EMPTY_CHANGE); the batch nrOfInstances, async, deleteReason.
    opLog: { operationType: 'Delete', entityType: 'ProcessInstance' },
    oneRequestPerObject: true,
    batchPermission: 'CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES',
    noDetail: NO_INSTANCE_DETAIL,
    report: INSTANCE_REPORT,
    sendChunk: (ids, signal) =>
      sendOneByOne(
        ids,
        {
          send: (id, abort) => client.processInstances.delete(id, options, abort),
          statesOf,
          words: DELETE_INSTANCES_WORDS,
          request: 'DELETE /process-instance/{id}',
        },
        signal,
      ),
    createBatch: (ids) => client.processInstances.deleteAsync(batchBody(ids)),
    batchCheck: ['batch', 'list', '--type', 'instance-deletion'],
    statesOf,
    overlapsAnotherRun: () => false,
    outcomeNames: DELETE_INSTANCES_OUTCOMES,
    explainRefusal: explainObjectsFailed,
    words: DELETE_INSTANCES_WORDS,
  };
}

/**
 * Running: not deleted. Gone, and the history says terminated from outside (a delete, ours or
 * another's) or keeps no row (history level none, or removed since): deleted. Gone, and the history
 * says completed or ended by the process itself: ended. Gone from the runtime while the history still
 * has it running: unknown (asked between the two writes).
 */
async function deletionStates(client: Pick<EngineClient, 'processInstances'>, ids: readonly string[]): Promise<ObjectFound<InstanceDetail>[]> {
  const { found } = await lookUpInstances(client, ids, async () => undefined);
  return found.map(({ id, running, history }) => {
    if (running) return { id, state: 'unchanged', detail: { definitionId: running.definitionId, state: running.suspended ? 'SUSPENDED' : 'ACTIVE' } };
    const detail = { definitionId: history?.processDefinitionId ?? null, state: history?.state ?? null };
    return { id, state: deletedState(history?.state, history !== undefined), detail };
  });
}

function deletedState(historicState: string | null | undefined, inHistory: boolean): ObjectState {
  if (!inHistory || historicState === 'EXTERNALLY_TERMINATED') return 'changed';
  if (historicState === 'COMPLETED' || historicState === 'INTERNALLY_TERMINATED') return 'ended';
  return 'other';
}
