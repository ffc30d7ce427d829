// Deleting running process instances: DELETE /process-instance/{id} and POST /process-instance/delete,
// like ProcessInstanceResourceImpl.deleteProcessInstance, ProcessInstanceRestServiceImpl.deleteAsync,
// AbstractDeleteProcessInstanceCmd, DeleteProcessInstanceBatchCmd and DeleteProcessInstancesJobHandler (7.24).
//
// One instance (DELETE): query flags are JAX-RS primitive booleans (absent false, failIfNotExists
// absent true; only "true" in any case is true). A missing instance is 404 InvalidRequestException
// "No process instance found for id 'X': processInstance is null" (code 0, the NotFoundException's),
// or 204 with failIfNotExists=false. With Basic auth, DELETE on the PROCESS_INSTANCE or DELETE_INSTANCE
// on its PROCESS_DEFINITION (403 otherwise). The synchronous delete has no reason: the history shows none.
// User operation log (with an authenticated user): one Delete entry of the instance with property
// null (PropertyChange.EMPTY_CHANGE); the batch one Delete entry with nrOfInstances, async, deleteReason.
//
// What a delete does (`deleteRunningInstance`): the instances it called go too (skipSubprocesses
// keeps them, as roots now); its incidents, failing jobs and timer jobs go; it ends EXTERNALLY_TERMINATED
// with the reason in the history; a parent waiting in its call activity has that activity cancelled,
// and ends as well (EXTERNALLY_TERMINATED) when it has no other activity (the engine's modification of
// the super execution, simplified to the activity list).
//
// The batch (POST): ids null or empty is 400 InvalidRequestException "processInstanceIds is empty"
// (the cmd's BadUserRequestException, re-thrown without cause: code null); ids the engine does not
// have are taken (its jobs skip them: the job configuration's failIfNotExists is false). The
// processInstanceQuery of the DTO is not simulated (ids only). CREATE or
// CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES on BATCH. Type `instance-deletion`.
import { batchDto } from './batch.js';
import { createWorkBatch } from './batch-work.js';
import { exceptionBody, invalidJsonBody, invalidRequest, isJsonObject, json, JsonFields, noContent, readJsonBody } from './handlers.js';
import type { EngineRouter, RouteContext } from './handlers.js';
import { logOperation } from './op-log.js';
import { authenticationOf, checkAuthorization, genericPermission, permissionOf } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState, ProcessInstanceRecord } from './state.js';

export const INSTANCE_DELETION_BATCH_TYPE = 'instance-deletion';

export interface InstanceDeletion {
  reason: string | null;
  skipSubprocesses: boolean;
}

/** JAX-RS `boolean` from a query parameter: Boolean.valueOf (only "true", any case, is true). */
export function queryBoolean(params: URLSearchParams, name: string, absent: boolean): boolean {
  const value = params.get(name);
  return value === null ? absent : value.toLowerCase() === 'true';
}

/**
 * Deletes a running instance as the engine's delete command does (see the file comment); undefined
 * when no such instance runs. Returns the ids that ended (the instance, called ones, a parent).
 */
export function deleteRunningInstance(state: EngineState, id: string, deletion: InstanceDeletion): string[] | undefined {
  const instance = state.findProcessInstance(id);
  if (instance === undefined) return undefined;
  const ended = deleteWithCalled(state, instance, deletion);
  const parent = instance.superProcessInstanceId ? state.findProcessInstance(instance.superProcessInstanceId) : undefined;
  if (parent !== undefined) ended.push(...cancelCallActivity(state, parent, deletion.reason));
  return ended;
}

/** The instance and, depth first, the instances it called (their parent goes with them: nothing to cancel there). */
function deleteWithCalled(state: EngineState, instance: ProcessInstanceRecord, deletion: InstanceDeletion): string[] {
  const ended: string[] = [];
  for (const child of state.processInstances.filter((candidate) => candidate.superProcessInstanceId === instance.id)) {
    if (deletion.skipSubprocesses) child.superProcessInstanceId = null;
    else ended.push(...deleteWithCalled(state, child, deletion));
  }
  removeRuntimeOf(state, instance.id);
  state.endProcessInstance(instance.id, 'EXTERNALLY_TERMINATED', { deleteReason: deletion.reason });
  ended.push(instance.id);
  return ended;
}

/** What belongs to a running instance only: its incidents and jobs. */
function removeRuntimeOf(state: EngineState, id: string): void {
  state.incidents = state.incidents.filter((incident) => incident.processInstanceId !== id);
  state.failingJobs = state.failingJobs.filter((job) => job.processInstanceId !== id);
  state.timerJobs = state.timerJobs.filter((job) => job.processInstanceId !== id);
}

/** The parent's call activity is cancelled; without another activity the parent ends as well. */
function cancelCallActivity(state: EngineState, parent: ProcessInstanceRecord, reason: string | null): string[] {
  const definition = state.findProcessDefinition(parent.definitionId);
  const index = parent.activityIds.findIndex((activityId) => definition?.activities.find((activity) => activity.id === activityId)?.type === 'callActivity');
  if (index >= 0) {
    parent.activityIds.splice(index, 1);
    parent.activityInstanceIds?.splice(index, 1);
  }
  if (parent.activityIds.length > 0) return [];
  removeRuntimeOf(state, parent.id);
  state.endProcessInstance(parent.id, 'EXTERNALLY_TERMINATED', { deleteReason: reason });
  return [parent.id];
}

/** checkDeleteProcessInstance: DELETE on the instance, or DELETE_INSTANCE on its definition's key. */
function checkDelete(state: EngineState, context: RouteContext, instance: ProcessInstanceRecord): Response | undefined {
  const key = state.findProcessDefinition(instance.definitionId)?.key ?? null;
  return checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: genericPermission('DELETE'), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: instance.id },
    { permission: permissionOf('DELETE_INSTANCE', ResourceType.PROCESS_DEFINITION), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: key },
  ]);
}

/** BatchBuilder.checkPermissions for a batch type: CREATE or its CREATE_BATCH_* permission on BATCH. */
export function checkCreateBatch(state: EngineState, context: RouteContext, permission: string): Response | undefined {
  return checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: genericPermission('CREATE'), resourceType: ResourceType.BATCH, resourceId: null },
    { permission: permissionOf(permission, ResourceType.BATCH), resourceType: ResourceType.BATCH, resourceId: null },
  ]);
}

/** A list of ids as the batch commands collect them: null entries are kept out, duplicates once. */
export function distinctIds(ids: readonly (string | null)[] | undefined): string[] {
  return [...new Set((ids ?? []).filter((id): id is string => id !== null))];
}

export function registerInstanceDeletionRoutes(router: EngineRouter, state: EngineState): void {
  router.add('post', '/process-instance/delete', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    if (!isJsonObject(read.body)) return invalidJsonBody();
    const fields = new JsonFields(read.body);
    const ids = fields.stringArray('processInstanceIds');
    const reason = fields.string('deleteReason') ?? null;
    fields.boolean('skipCustomListeners');
    fields.boolean('skipIoMappings');
    const skipSubprocesses = fields.boolean('skipSubprocesses') ?? false;
    fields.object('processInstanceQuery');
    fields.object('historicProcessInstanceQuery');
    if (fields.failed) return invalidJsonBody();
    const processInstanceIds = distinctIds(ids);
    if (processInstanceIds.length === 0) return invalidRequest(400, 'processInstanceIds is empty');
    const denied = checkCreateBatch(state, context, 'CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES');
    if (denied) return denied;
    const batch = createWorkBatch(state, {
      type: INSTANCE_DELETION_BATCH_TYPE,
      ids: processInstanceIds,
      createUserId: context.authenticatedUserId,
      // DeleteProcessInstancesCmd with failIfNotExists false: instances gone meanwhile are skipped.
      work: { check: (_state, id) => ({ ok: true, apply: () => void deleteRunningInstance(state, id, { reason, skipSubprocesses }) }) },
    });
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: 'Delete',
        entityType: 'ProcessInstance',
        properties: [
          { property: 'nrOfInstances', newValue: String(processInstanceIds.length) },
          { property: 'async', newValue: 'true' },
          { property: 'deleteReason', newValue: reason },
        ],
      },
    ]);
    return json(batchDto(batch));
  });

  router.add('delete', '/process-instance/:id', (context) => {
    const params = context.url.searchParams;
    const id = context.params.id ?? '';
    const instance = state.findProcessInstance(id);
    if (instance === undefined) {
      if (!queryBoolean(params, 'failIfNotExists', true)) return noContent();
      return json(exceptionBody('InvalidRequestException', `No process instance found for id '${id}': processInstance is null`, 0), 404);
    }
    const denied = checkDelete(state, context, instance);
    if (denied) return denied;
    deleteRunningInstance(state, id, { reason: null, skipSubprocesses: queryBoolean(params, 'skipSubprocesses', false) });
    // AbstractDeleteProcessInstanceCmd: one entry with PropertyChange.EMPTY_CHANGE (property null).
    const definition = state.findProcessDefinition(instance.definitionId);
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: 'Delete',
        entityType: 'ProcessInstance',
        processInstanceId: id,
        processDefinitionId: instance.definitionId,
        processDefinitionKey: definition?.key ?? null,
      },
    ]);
    return noContent();
  });
}
