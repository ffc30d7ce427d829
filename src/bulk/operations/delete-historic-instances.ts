/**
 * Deleting finished process instances from the history as an operation of the change pipeline. The
 * engine has no synchronous delete of many (no /history/process-instance/bulk): a chunk is one DELETE
 * per instance (./one-by-one.ts); a batch is POST /history/process-instance/delete
 * (`historic-instance-deletion`). An instance is deleted when the history no longer has it; one that
 * still runs cannot be (the engine refuses it, as if it did not exist).
 */
import type { ChangeWords, ObjectFound, OutcomeKind } from '../../change/operation.js';
import type { EngineClient } from '../../engine/client.js';
import { ENDED_STATES, type HistoricInstance } from '../../engine/historic-process-instances.js';
import { idChunks } from '../../engine/paging.js';
import { IDS_PER_QUERY } from '../../engine/selection-pages.js';
import { encodeQuery, enginePath } from '../../engine/paths.js';
import type { BulkOperation } from '../operation.js';
import { INSTANCE_REPORT, type InstanceDetail, NO_INSTANCE_DETAIL } from './delete-instances.js';
import { explainObjectsFailed, sendOneByOne } from './one-by-one.js';

const DELETE_HISTORIC_INSTANCES_WORDS: ChangeWords = {
  verb: 'delete',
  done: 'deleted',
  one: 'finished instance',
  many: 'finished instances',
  changed: 'deleted from the history',
  unchanged: 'in the history',
  run: 'the deletion from the history',
  changedInFull: 'deleted from the history',
  request: 'each delete request',
  canaryCheck: 'deleted from the history',
};

/** `running`: an instance that has not finished, which the history keeps (its object is other). `ended` is never found here. */
type DeleteHistoricOutcome = 'deleted' | 'already-deleted' | 'finished' | 'ended' | 'running';

const DELETE_HISTORIC_OUTCOMES: Readonly<Record<OutcomeKind, DeleteHistoricOutcome>> = {
  changed: 'deleted',
  'changed-elsewhere': 'already-deleted',
  unchanged: 'finished',
  ended: 'ended',
  other: 'running',
};

export type DeleteHistoricOperation = BulkOperation<HistoricInstance, DeleteHistoricOutcome, InstanceDetail>;

export function deleteHistoricInstancesOperation(
  client: Pick<EngineClient, 'historicProcessInstances'>,
  request: { reason?: string | undefined },
): DeleteHistoricOperation {
  const history = client.historicProcessInstances;
  const statesOf = (ids: readonly string[]) => historicStates(client, ids);
  const batchBody = (ids: string[]) => ({ historicProcessInstanceIds: ids, ...(request.reason !== undefined ? { deleteReason: request.reason } : {}) });
  return {
    name: 'delete-finished',
    ...(request.reason !== undefined ? { parameters: { reason: request.reason } } : {}),
    pending: () => true,
    chunkRequest: (ids) =>
      ids.map((id) => ({
        method: 'DELETE',
        path: enginePath`/history/process-instance/${id}`.encoded + encodeQuery({ failIfNotExists: false }),
        body: undefined,
      })),
    batchRequest: (ids) => ({ method: 'POST', path: '/history/process-instance/delete', body: batchBody(ids) }),
    // Either request logs one DeleteHistory entry (nrOfInstances, async).
    opLog: { operationType: 'DeleteHistory', entityType: 'ProcessInstance', property: 'nrOfInstances' },
    oneRequestPerObject: true,
    batchPermission: 'CREATE_BATCH_DELETE_FINISHED_PROCESS_INSTANCES',
    noDetail: NO_INSTANCE_DETAIL,
    report: INSTANCE_REPORT,
    sendChunk: (ids, signal) =>
      sendOneByOne(
        ids,
        { send: (id, abort) => history.delete(id, abort), statesOf, words: DELETE_HISTORIC_INSTANCES_WORDS, request: 'DELETE /history/process-instance/{id}' },
        signal,
      ),
    createBatch: (ids) => history.deleteAsync(batchBody(ids)),
    batchCheck: ['batch', 'list', '--type', 'historic-instance-deletion'],
    statesOf,
    overlapsAnotherRun: () => false,
    outcomeNames: DELETE_HISTORIC_OUTCOMES,
    explainRefusal: explainObjectsFailed,
    words: DELETE_HISTORIC_INSTANCES_WORDS,
  };
}

/** Not in the history: deleted. In it and ended: not yet. In it without an end: still running, which no delete of the history removes. */
async function historicStates(client: Pick<EngineClient, 'historicProcessInstances'>, ids: readonly string[]): Promise<ObjectFound<InstanceDetail>[]> {
  const history = client.historicProcessInstances;
  const found: ObjectFound<InstanceDetail>[] = [];
  const chunks = idChunks(ids.length, { limit: history.queryLimit, pageSize: IDS_PER_QUERY }, async (start, end) => {
    const rows = await history.query({ processInstanceIds: ids.slice(start, end) }, 0, end - start);
    return new Map(rows.map((row) => [row.id, row]));
  });
  for await (const { start, end, value: rows } of chunks) {
    for (const id of ids.slice(start, end)) {
      const row = rows.get(id);
      if (row === undefined) {
        found.push({ id, state: 'changed', detail: { definitionId: null, state: null } });
        continue;
      }
      const ended = Boolean(row.endTime) || ENDED_STATES.has(row.state ?? '');
      found.push({ id, state: ended ? 'unchanged' : 'other', detail: { definitionId: row.processDefinitionId ?? null, state: row.state ?? null } });
    }
  }
  return found;
}
