// Deleting finished process instances from the history: DELETE /history/process-instance/{id} and
// POST /history/process-instance/delete, like HistoricProcessInstanceResourceImpl,
// HistoricProcessInstanceRestServiceImpl.deleteAsync, DeleteHistoricProcessInstancesCmd,
// DeleteHistoricProcessInstancesBatchCmd and DeleteHistoricProcessInstancesJobHandler (7.24).
//
// One instance (DELETE, `failIfNotExists` a Boolean defaulting to true): the command finds the ids
// in the history first. Not there: with failIfNotExists a BadUserRequestException, else nothing to do
// (204). There: DELETE_HISTORY on its PROCESS_DEFINITION (403 otherwise, with Basic auth), then a
// running instance (no end time) is a BadUserRequestException "still running". The resource turns
// every ProcessEngineException but the AuthorizationException into the same 404 InvalidRequestException
// "Historic process instance with id X does not exist" (code 0, its cause's): a running instance
// reads as missing. There is no synchronous delete of many (no /history/process-instance/bulk).
//
// The batch (POST): ids null or empty is 400 InvalidRequestException "historicProcessInstanceIds is
// empty" (code null); unknown ids are taken (the jobs skip them); the DTO's failIfNotExists and its
// historicProcessInstanceQuery are not read here (ids only; the 7.24 REST layer ignores the former).
// CREATE or CREATE_BATCH_DELETE_FINISHED_PROCESS_INSTANCES on BATCH. Type `historic-instance-deletion`.
// A job fails when one of its instances still runs (the message names the id; the engine's names the
// history entity, inferred).
import { batchDto } from './batch.js';
import { createWorkBatch } from './batch-work.js';
import { exceptionBody, invalidJsonBody, invalidRequest, isJsonObject, json, JsonFields, noContent, readJsonBody } from './handlers.js';
import type { EngineRouter } from './handlers.js';
import { checkCreateBatch, distinctIds, queryBoolean } from './instance-deletion.js';
import { logOperation } from './op-log.js';
import type { OpLogWrite } from './op-log.js';
import { authenticationOf, checkAuthorization, permissionOf } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState } from './state.js';

export const HISTORIC_INSTANCE_DELETION_BATCH_TYPE = 'historic-instance-deletion';

function stillRunning(id: string): string {
  return `Process instance is still running, cannot delete historic process instance: ${id}`;
}

/** Removes a finished instance's history; returns false when there is none. */
export function deleteHistoricInstance(state: EngineState, id: string): boolean {
  const index = state.endedProcessInstances.findIndex((ended) => ended.id === id);
  if (index < 0) return false;
  state.endedProcessInstances.splice(index, 1);
  return true;
}

/** The one DeleteHistory entry either request writes (DeleteHistoricProcessInstancesCmd, its batch command). */
function deleteHistoryEntry(count: number, async: boolean): OpLogWrite {
  return {
    operationType: 'DeleteHistory',
    entityType: 'ProcessInstance',
    properties: [
      { property: 'nrOfInstances', newValue: String(count) },
      { property: 'async', newValue: String(async) },
    ],
  };
}

export function registerHistoryDeletionRoutes(router: EngineRouter, state: EngineState): void {
  router.add('post', '/history/process-instance/delete', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    if (!isJsonObject(read.body)) return invalidJsonBody();
    const fields = new JsonFields(read.body);
    const ids = fields.stringArray('historicProcessInstanceIds');
    fields.string('deleteReason');
    fields.boolean('failIfNotExists');
    fields.object('historicProcessInstanceQuery');
    if (fields.failed) return invalidJsonBody();
    const historicProcessInstanceIds = distinctIds(ids);
    if (historicProcessInstanceIds.length === 0) return invalidRequest(400, 'historicProcessInstanceIds is empty');
    const denied = checkCreateBatch(state, context, 'CREATE_BATCH_DELETE_FINISHED_PROCESS_INSTANCES');
    if (denied) return denied;
    const batch = createWorkBatch(state, {
      type: HISTORIC_INSTANCE_DELETION_BATCH_TYPE,
      ids: historicProcessInstanceIds,
      createUserId: context.authenticatedUserId,
      // One transaction per job: a running instance fails it before anything is deleted.
      work: {
        check: (_state, id) =>
          state.findProcessInstance(id) !== undefined
            ? { ok: false, message: stillRunning(id) }
            : { ok: true, apply: () => void deleteHistoricInstance(state, id) },
      },
    });
    logOperation(state, context.authenticatedUserId, [deleteHistoryEntry(historicProcessInstanceIds.length, true)]);
    return json(batchDto(batch));
  });

  router.add('delete', '/history/process-instance/:id', (context) => {
    const id = context.params.id ?? '';
    const notFound = () => json(exceptionBody('InvalidRequestException', `Historic process instance with id ${id} does not exist`, 0), 404);
    const running = state.findProcessInstance(id);
    const ended = state.endedProcessInstances.find((candidate) => candidate.id === id);
    const found = running ?? ended;
    if (found === undefined) return queryBoolean(context.url.searchParams, 'failIfNotExists', true) ? notFound() : noContent();
    const key = state.findProcessDefinition(found.definitionId)?.key ?? null;
    const denied = checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
      { permission: permissionOf('DELETE_HISTORY', ResourceType.PROCESS_DEFINITION), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: key },
    ]);
    if (denied) return denied;
    if (running !== undefined) return notFound();
    deleteHistoricInstance(state, id);
    logOperation(state, context.authenticatedUserId, [deleteHistoryEntry(1, false)]);
    return noContent();
  });
}
