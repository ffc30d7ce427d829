// Suspending and activating process instances by ids: PUT /process-instance/suspended and POST
// /process-instance/suspended-async, like ProcessInstanceSuspensionStateDto,
// ProcessInstanceSuspensionStateAsyncDto, UpdateProcessInstancesSuspendStateCmd and
// UpdateProcessInstancesSuspendStateBatchCmd (7.24).
//
// Sync (one transaction): the ids are looked up without authorization and those not found are left
// out silently; none left: 400 BadUserRequestException "No process instance ids given: Process
// Instance ids is empty". One SuspendJob/ActivateJob entry (entity ProcessInstance, nrOfInstances,
// async=false) is logged, then each instance is suspended after its check (SUSPEND or UPDATE on the
// instance, SUSPEND_INSTANCE or UPDATE_INSTANCE on its definition key): the first refusal is a 403 and
// nothing is changed. Each instance logs a Suspend/Activate entry (suspensionState). All one operation.
//
// Async: CREATE or CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND on Batch, then a batch of type
// instance-update-suspension-state whose jobs set the state (a gone instance is nothing to do);
// the batch logs one SuspendJob/ActivateJob entry with async=true. Bad requests are 400
// InvalidRequestException (the BadUserRequestException wrapped). processInstanceQuery and
// historicProcessInstanceQuery are not simulated (only ids).
import { createWorkBatch } from './batch-work.js';
import { batchDto } from './batch.js';
import { exceptionBody, invalidJsonBody, invalidRequest, isJsonObject, json, JsonFields, noContent, readJsonBody } from './handlers.js';
import type { EngineRouter, RouteContext } from './handlers.js';
import { logOperation } from './op-log.js';
import { authenticationOf, checkAuthorization, genericPermission, permissionOf } from './permissions.js';
import type { Authentication } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState } from './state.js';

export const SUSPENSION_BATCH_TYPE = 'instance-update-suspension-state';

interface SuspensionBody {
  processInstanceIds: (string | null)[] | undefined;
  suspended: boolean;
  others: boolean;
}

async function readBody(context: RouteContext): Promise<{ ok: true; body: SuspensionBody } | { ok: false; response: Response }> {
  const read = await readJsonBody(context.request);
  if (!read.ok) return read;
  if (!isJsonObject(read.body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(read.body);
  const processInstanceIds = fields.stringArray('processInstanceIds');
  const suspended = fields.boolean('suspended') === true;
  const others = ['processInstanceQuery', 'historicProcessInstanceQuery', 'processDefinitionId', 'processDefinitionKey'].some(
    (name) => read.body !== null && (read.body as Record<string, unknown>)[name] !== undefined && (read.body as Record<string, unknown>)[name] !== null,
  );
  if (fields.failed) return { ok: false, response: invalidJsonBody() };
  return { ok: true, body: { processInstanceIds, suspended, others } };
}

/** AuthorizationCommandChecker.checkUpdateProcessInstanceSuspensionStateById. */
function checkInstance(state: EngineState, authentication: Authentication | null, id: string): Response | undefined {
  const instance = state.findProcessInstance(id);
  if (!instance) return undefined;
  const key = state.findProcessDefinition(instance.definitionId)?.key ?? null;
  return checkAuthorization(state, authentication, [
    { permission: permissionOf('SUSPEND', ResourceType.PROCESS_INSTANCE), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: id },
    { permission: permissionOf('SUSPEND_INSTANCE', ResourceType.PROCESS_DEFINITION), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: key },
    { permission: genericPermission('UPDATE'), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: id },
    { permission: genericPermission('UPDATE_INSTANCE'), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: key },
  ]);
}

function nullId(): Response {
  return json(exceptionBody('BadUserRequestException', 'Cannot be null.: Process Instance ids contains null value', 0), 400);
}

export function registerSuspensionRoutes(router: EngineRouter, state: EngineState): void {
  router.add('put', '/process-instance/suspended', async (context) => {
    const read = await readBody(context);
    if (!read.ok) return read.response;
    const { processInstanceIds, suspended, others } = read.body;
    if (processInstanceIds === undefined && !others) {
      return invalidRequest(400, 'Either processDefinitionId or processDefinitionKey should be set to update the suspension state.');
    }
    if (processInstanceIds === undefined) return invalidRequest(400, 'the simulator takes processInstanceIds only');
    if (processInstanceIds.includes(null)) return nullId();
    const found = [...new Set(processInstanceIds as string[])].filter((id) => state.findProcessInstance(id) !== undefined);
    if (found.length === 0) return json(exceptionBody('BadUserRequestException', 'No process instance ids given: Process Instance ids is empty', 0), 400);
    const authentication = authenticationOf(state, context.authenticatedUserId);
    for (const id of found) {
      const denied = checkInstance(state, authentication, id);
      if (denied) return denied;
    }
    const verb = suspended ? 'Suspend' : 'Activate';
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: `${verb}Job`,
        entityType: 'ProcessInstance',
        properties: [
          { property: 'nrOfInstances', newValue: String(found.length) },
          { property: 'async', newValue: 'false' },
        ],
      },
      ...found.map((id) => {
        const instance = state.findProcessInstance(id)!;
        const definition = state.findProcessDefinition(instance.definitionId);
        return {
          operationType: verb,
          entityType: 'ProcessInstance',
          processInstanceId: id,
          processDefinitionId: instance.definitionId,
          processDefinitionKey: definition?.key ?? null,
          properties: [{ property: 'suspensionState', newValue: suspended ? 'suspended' : 'active' }],
        };
      }),
    ]);
    for (const id of found) state.findProcessInstance(id)!.suspended = suspended;
    return noContent();
  });

  router.add('post', '/process-instance/suspended-async', async (context) => {
    const read = await readBody(context);
    if (!read.ok) return read.response;
    const { processInstanceIds, suspended, others } = read.body;
    if (processInstanceIds === undefined && !others) {
      return invalidRequest(
        400,
        'Either processInstanceIds, processInstanceQuery or historicProcessInstanceQuery should be set to update the suspension state.',
      );
    }
    if (processInstanceIds === undefined) return invalidRequest(400, 'the simulator takes processInstanceIds only');
    if (processInstanceIds.includes(null)) return invalidRequest(400, 'Cannot be null.: Process Instance ids contains null value');
    // The ids as given: the batch's jobs find out which are gone.
    const ids = [...new Set(processInstanceIds as string[])];
    if (ids.length === 0) return invalidRequest(400, 'No process instance ids given: process Instance Ids is empty');
    const authentication = authenticationOf(state, context.authenticatedUserId);
    const denied = checkAuthorization(state, authentication, [
      { permission: genericPermission('CREATE'), resourceType: ResourceType.BATCH, resourceId: null },
      { permission: permissionOf('CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND', ResourceType.BATCH), resourceType: ResourceType.BATCH, resourceId: null },
    ]);
    if (denied) return denied;
    const batch = createWorkBatch(state, {
      type: SUSPENSION_BATCH_TYPE,
      ids,
      createUserId: context.authenticatedUserId,
      work: {
        check: (current, id) => {
          if (current.batchSettings.failInstanceIds?.has(id) === true)
            return { ok: false, message: `Simulated failure for process instance '${id}' (batchSettings.failInstanceIds)` };
          const instance = current.findProcessInstance(id);
          return {
            ok: true,
            apply: () => {
              if (instance) instance.suspended = suspended;
            },
          };
        },
      },
    });
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: suspended ? 'SuspendJob' : 'ActivateJob',
        entityType: 'ProcessInstance',
        properties: [
          { property: 'nrOfInstances', newValue: String(ids.length) },
          { property: 'async', newValue: 'true' },
        ],
      },
    ]);
    return json(batchDto(batch));
  });
}
