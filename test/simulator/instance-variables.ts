// Variables of running process instances: POST /process-instance/{id}/variables, POST
// /process-instance/variables-async and POST /variable-instance(/count), like
// AbstractVariablesResource.modifyVariables, ProcessInstanceRestServiceImpl.setVariablesAsync,
// SetVariablesToProcessInstancesBatchCmd, BatchSetVariablesHandler and VariableInstanceRestServiceImpl (7.24).
//
// Variables live on the instance's own scope (ProcessInstanceRecord.variables): a process instance
// has no parent scope to pass a variable to, so setting one there sets it locally. Values are kept
// as the REST API reads them back serialized (variables.ts convertVariables: typed values converted,
// Object/Json/Xml as their serialized text, File without its content); an untyped value gets the
// type of its JSON value (String, Boolean, Integer within int range, Long, Double, Null); a
// transient variable is not stored. None are seeded.
//
// One instance (POST .../variables, a PatchVariablesDto): a value the REST layer cannot convert is
// its 400 with "Cannot modify variables for process instance: " before the message; an engine failure
// is 500 RestException "Cannot modify variables for process instance X: …" (code 0): a missing
// instance ("execution X doesn't exist: execution is null"), a Java-serialized value, an untyped JSON
// object or list (whose default serializer is Java serialization: inferred). With Basic auth, UPDATE or
// UPDATE_VARIABLE on the PROCESS_INSTANCE, or UPDATE_INSTANCE or UPDATE_INSTANCE_VARIABLE on its
// PROCESS_DEFINITION (checkUpdateProcessInstanceVariables).
//
// The batch (variables-async, type `set-variables`): conversion failures 400 "Cannot set variables: …";
// no variables 400 BadUserRequestException "variables is empty" (null: InvalidRequestException
// "variables is null"); ids empty 400 BadUserRequestException "processInstanceIds is empty" (absent
// with no query: InvalidRequestException "No process instances found."); a Java-serialized value 400
// at creation. CREATE or CREATE_BATCH_SET_VARIABLES on BATCH. Its jobs skip instances gone meanwhile
// (SetExecutionVariablesCmd with failIfNotExists false). Queries in the DTO are not simulated.
// User operation log: a ModifyVariable entry (entity Variable, property null) per instance request; the
// batch one SetVariables entry (entity ProcessInstance: nrOfInstances, nrOfVariables, async).
//
// The variable query (POST /variable-instance and /count): variableName, variableNameLike,
// processInstanceIdIn, executionIdIn, variableScopeIdIn, activityInstanceIdIn and tenantIdIn filter
// (an instance-scope variable's execution, scope and activity instance are the instance itself);
// non-empty task, case or batch id lists and variableValues match nothing here. Ordered by id; the
// rows are those of instances the user may read (runtime.ts processInstanceVisibility).
import { batchDto } from './batch.js';
import { createWorkBatch } from './batch-work.js';
import {
  compareStrings,
  exceptionBody,
  invalidJsonBody,
  isJsonObject,
  json,
  JsonFields,
  likeMatches,
  noContent,
  pagedJson,
  parsePaging,
  readJsonBody,
} from './handlers.js';
import type { EngineRouter, RouteContext } from './handlers.js';
import { checkCreateBatch, distinctIds } from './instance-deletion.js';
import { logOperation } from './op-log.js';
import { authenticationOf, checkAuthorization, genericPermission, permissionOf } from './permissions.js';
import { processInstanceVisibility } from './runtime.js';
import { ResourceType } from './state.js';
import type { EngineState, InstanceVariableRecord, ProcessInstanceRecord } from './state.js';
import { convertVariables, isJavaSerializationProhibited, javaSerializationProhibitedMessage } from './variables.js';
import type { TypedVariable } from './variables.js';

export const SET_VARIABLES_BATCH_TYPE = 'set-variables';

/** A variable to store, or why the engine refuses it (a ProcessEngineException's message). */
type Storable = { ok: true; name: string; variable: TypedVariable } | { ok: false; message: string };

function storable(name: string, variable: TypedVariable): Storable {
  if (isJavaSerializationProhibited(variable)) return { ok: false, message: javaSerializationProhibitedMessage(name) };
  if (variable.type === null && variable.value !== null && typeof variable.value === 'object')
    return { ok: false, message: javaSerializationProhibitedMessage(name) };
  return { ok: true, name, variable };
}

/** The REST type name the engine gives an untyped value. */
function inferredType(value: unknown): string {
  if (value === null || value === undefined) return 'Null';
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return 'Double';
    return value >= -2147483648 && value <= 2147483647 ? 'Integer' : 'Long';
  }
  return 'String';
}

/** Sets the variables on the instance's own scope (transient ones are not stored). */
export function setInstanceVariables(state: EngineState, instance: ProcessInstanceRecord, variables: Map<string, TypedVariable>): void {
  instance.variables ??= {};
  for (const [name, variable] of variables) {
    if (variable.valueInfo?.transient === true) continue;
    const { transient: _transient, ...valueInfo } = variable.valueInfo ?? {};
    const stored: InstanceVariableRecord = {
      id: instance.variables[name]?.id ?? state.nextId(),
      type: variable.type ?? inferredType(variable.value),
      value: variable.value ?? null,
      valueInfo,
    };
    instance.variables[name] = stored;
  }
}

/** A 400 of the REST layer's conversion, re-thrown with the resource's prefix (InvalidRequestException, its status). */
async function prefixed(response: Response, prefix: string): Promise<Response> {
  if (response.status !== 400) return response;
  const body = (await response.json()) as { message?: string };
  return json(exceptionBody('InvalidRequestException', `${prefix}${body.message ?? ''}`), 400);
}

function checkUpdateVariables(state: EngineState, context: RouteContext, instance: ProcessInstanceRecord): Response | undefined {
  const key = state.findProcessDefinition(instance.definitionId)?.key ?? null;
  const definition = (name: string) => ({
    permission: permissionOf(name, ResourceType.PROCESS_DEFINITION),
    resourceType: ResourceType.PROCESS_DEFINITION,
    resourceId: key,
  });
  return checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: genericPermission('UPDATE'), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: instance.id },
    { permission: permissionOf('UPDATE_VARIABLE', ResourceType.PROCESS_INSTANCE), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: instance.id },
    definition('UPDATE_INSTANCE'),
    definition('UPDATE_INSTANCE_VARIABLE'),
  ]);
}

interface VariableRow {
  instance: ProcessInstanceRecord;
  name: string;
  variable: InstanceVariableRecord;
}

type RowsResult = { ok: true; items: VariableRow[] } | { ok: false; response: Response };

async function variableRows(state: EngineState, context: RouteContext): Promise<RowsResult> {
  const read = await readJsonBody(context.request);
  if (!read.ok) return read;
  if (!isJsonObject(read.body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(read.body);
  const name = fields.string('variableName');
  const nameLike = fields.string('variableNameLike');
  const scopes = ['processInstanceIdIn', 'executionIdIn', 'variableScopeIdIn', 'activityInstanceIdIn'].map((list) => fields.stringArray(list));
  const tenants = fields.stringArray('tenantIdIn');
  const nothing = ['taskIdIn', 'caseInstanceIdIn', 'caseExecutionIdIn', 'batchIdIn'].some((list) => (fields.stringArray(list) ?? []).length > 0);
  const values = fields.objectArray('variableValues');
  fields.boolean('variableNamesIgnoreCase');
  fields.boolean('variableValuesIgnoreCase');
  fields.objectArray('sorting');
  if (fields.failed) return { ok: false, response: invalidJsonBody() };
  const engineError = context.engineError();
  if (engineError) return { ok: false, response: engineError };
  if (nothing || (values ?? []).length > 0) return { ok: true, items: [] };
  const visible = processInstanceVisibility(state, authenticationOf(state, context.authenticatedUserId));
  const items: VariableRow[] = [];
  for (const instance of state.processInstances) {
    if (!visible(instance)) continue;
    if (scopes.some((list) => list !== undefined && list.length > 0 && !list.includes(instance.id))) continue;
    if (tenants !== undefined && tenants.length > 0 && !tenants.includes(instance.tenantId)) continue;
    for (const [variableName, variable] of Object.entries(instance.variables ?? {})) {
      if (name !== undefined && variableName !== name) continue;
      if (nameLike !== undefined && !likeMatches(variableName, nameLike)) continue;
      items.push({ instance, name: variableName, variable });
    }
  }
  items.sort((a, b) => compareStrings(a.variable.id, b.variable.id));
  return { ok: true, items };
}

/** VariableInstanceDto: VariableValueDto's fields first (the superclass), then its own. */
function variableInstanceDto(row: VariableRow): Record<string, unknown> {
  const { instance, name, variable } = row;
  return {
    type: variable.type,
    value: variable.value,
    valueInfo: variable.valueInfo,
    id: variable.id,
    name,
    processDefinitionId: instance.definitionId,
    processInstanceId: instance.id,
    executionId: instance.id,
    caseInstanceId: null,
    caseExecutionId: null,
    taskId: null,
    batchId: null,
    activityInstanceId: instance.id,
    tenantId: instance.tenantId,
    errorMessage: null,
  };
}

export function registerInstanceVariableRoutes(router: EngineRouter, state: EngineState): void {
  router.add('post', '/process-instance/variables-async', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    if (!isJsonObject(read.body)) return invalidJsonBody();
    const fields = new JsonFields(read.body);
    const ids = fields.stringArray('processInstanceIds');
    const raw = fields.object('variables');
    const queries = [fields.object('processInstanceQuery'), fields.object('historicProcessInstanceQuery')];
    if (fields.failed) return invalidJsonBody();
    const converted = raw === undefined ? undefined : convertVariables(raw, state.flavour.javaPackage);
    if (converted === undefined && raw !== undefined) return invalidJsonBody();
    if (converted !== undefined && !converted.ok) return prefixed(converted.response, 'Cannot set variables: ');
    const variables = converted?.variables;
    if (variables === undefined) return json(exceptionBody('InvalidRequestException', 'variables is null'), 400);
    if (variables.size === 0) return json(exceptionBody('BadUserRequestException', 'variables is empty', 0), 400);
    if (ids === undefined && queries.every((query) => query === undefined))
      return json(exceptionBody('InvalidRequestException', 'No process instances found.'), 400);
    const processInstanceIds = distinctIds(ids);
    if (processInstanceIds.length === 0) return json(exceptionBody('BadUserRequestException', 'processInstanceIds is empty', 0), 400);
    const denied = checkCreateBatch(state, context, 'CREATE_BATCH_SET_VARIABLES');
    if (denied) return denied;
    for (const [name, variable] of variables) {
      const check = storable(name, variable);
      if (!check.ok) return json(exceptionBody('InvalidRequestException', check.message), 400);
    }
    const batch = createWorkBatch(state, {
      type: SET_VARIABLES_BATCH_TYPE,
      ids: processInstanceIds,
      createUserId: context.authenticatedUserId,
      // SetExecutionVariablesCmd with failIfNotExists false: instances gone meanwhile are skipped.
      work: {
        check: (_state, id) => ({
          ok: true,
          apply: () => {
            const instance = state.findProcessInstance(id);
            if (instance) setInstanceVariables(state, instance, variables);
          },
        }),
      },
    });
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: 'SetVariables',
        entityType: 'ProcessInstance',
        properties: [
          { property: 'nrOfInstances', newValue: String(processInstanceIds.length) },
          { property: 'nrOfVariables', newValue: String(variables.size) },
          { property: 'async', newValue: 'true' },
        ],
      },
    ]);
    return json(batchDto(batch));
  });

  router.add('post', '/process-instance/:id/variables', async (context) => {
    const id = context.params.id ?? '';
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    if (!isJsonObject(read.body)) return invalidJsonBody();
    const fields = new JsonFields(read.body);
    const raw = fields.object('modifications');
    const deletions = fields.stringArray('deletions');
    if (fields.failed) return invalidJsonBody();
    const converted = raw === undefined ? undefined : convertVariables(raw, state.flavour.javaPackage);
    if (converted === undefined && raw !== undefined) return invalidJsonBody();
    if (converted !== undefined && !converted.ok) return prefixed(converted.response, 'Cannot modify variables for process instance: ');
    const failed = (message: string) => json(exceptionBody('RestException', `Cannot modify variables for process instance ${id}: ${message}`, 0), 500);
    const instance = state.findProcessInstance(id);
    if (instance === undefined) return failed(`execution ${id} doesn't exist: execution is null`);
    const denied = checkUpdateVariables(state, context, instance);
    if (denied) return denied;
    const variables = converted?.variables ?? new Map<string, TypedVariable>();
    for (const [name, variable] of variables) {
      const check = storable(name, variable);
      if (!check.ok) return failed(check.message);
    }
    setInstanceVariables(state, instance, variables);
    for (const name of deletions ?? []) if (name !== null && instance.variables) delete instance.variables[name];
    // PatchExecutionVariablesCmd.logVariableOperation: one ModifyVariable entry of the instance, property null.
    logOperation(state, context.authenticatedUserId, [
      { operationType: 'ModifyVariable', entityType: 'Variable', processInstanceId: id, processDefinitionId: instance.definitionId },
    ]);
    return noContent();
  });

  router.add(
    'post',
    '/variable-instance',
    async (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const rows = await variableRows(state, context);
      if (!rows.ok) return rows.response;
      return pagedJson(state, context, rows.items, paging.paging, variableInstanceDto);
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/variable-instance/count',
    async (context) => {
      const rows = await variableRows(state, context);
      if (!rows.ok) return rows.response;
      return json({ count: rows.items.length });
    },
    { engineCheck: 'manual' },
  );
}
