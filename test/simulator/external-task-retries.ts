// The retries of external tasks: PUT /external-task/{id}/retries, PUT /external-task/retries (many
// tasks in ONE transaction: SetExternalTasksRetriesCmd) and POST /external-task/retries-async (a
// set-external-task-retries batch), like ExternalTaskRestServiceImpl and ExternalTaskResourceImpl
// (7.24). The tasks and their incidents: external-task.ts.
import { batchDto } from './batch.js';
import { createWorkBatch } from './batch-work.js';
import { exceptionBody, invalidJsonBody, invalidRequest, isJsonObject, json, JsonFields, noContent, queryFromJsonBody, readJsonBody } from './handlers.js';
import type { EngineRouter, RouteContext } from './handlers.js';
import {
  allExternalTaskRows,
  applyExternalTaskRetries,
  type ExternalTaskRow,
  findExternalTaskRow,
  findExternalTasks,
  QUERY_PARAMS,
  SET_EXTERNAL_TASK_RETRIES_BATCH_TYPE,
  SORT_BY,
} from './external-task.js';
import { logOperation } from './op-log.js';
import { authenticationOf, checkAuthorization, genericPermission, permissionOf } from './permissions.js';
import { ResourceType } from './state.js';
import type { BatchWork, EngineState } from './state.js';

/** The tasks one retries request names (AbstractSetExternalTaskRetriesCmd.collectExternalTaskIds), each once. */
function collectIds(state: EngineState, context: RouteContext, fields: JsonFields): { ok: true; ids: string[] } | { ok: false; response: Response } {
  const ids: string[] = [];
  const named = fields.stringArray('externalTaskIds');
  if (named !== undefined && named.includes(null)) {
    return { ok: false, response: invalidRequest(400, 'External task id cannot be null: externalTaskIds contains null value') };
  }
  ids.push(...((named ?? []) as string[]));
  const query = fields.object('externalTaskQuery');
  if (query !== undefined) {
    const parsed = queryFromJsonBody(query, QUERY_PARAMS, SORT_BY);
    if (!parsed.ok) return parsed;
    const found = findExternalTasks(state, context, parsed.query);
    if (!found.ok) return found;
    ids.push(...found.items.map((dto) => dto.id));
  }
  const instances = fields.stringArray('processInstanceIds');
  if (instances !== undefined && instances.length > 0) {
    ids.push(
      ...allExternalTaskRows(state)
        .filter((row) => instances.includes(row.instance.id))
        .map((row) => row.dto.id),
    );
  }
  return { ok: true, ids: [...new Set(ids)] };
}

/** AbstractSetExternalTaskRetriesCmd.writeUserOperationLog: one SetExternalTaskRetries entry per request. */
function logRetries(state: EngineState, context: RouteContext, count: number, retries: number, async: boolean): void {
  logOperation(state, context.authenticatedUserId, [
    {
      operationType: 'SetExternalTaskRetries',
      entityType: 'ExternalTask',
      properties: [
        { property: 'nrOfInstances', newValue: String(count) },
        { property: 'async', newValue: String(async) },
        { property: 'retries', newValue: String(retries) },
      ],
    },
  ]);
}

/** ExternalTaskCmd's check: UPDATE on the instance or UPDATE_INSTANCE on its definition. */
function checkUpdate(state: EngineState, context: RouteContext, row: ExternalTaskRow): Response | undefined {
  return checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: genericPermission('UPDATE'), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: row.instance.id },
    { permission: genericPermission('UPDATE_INSTANCE'), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: row.dto.processDefinitionKey },
  ]);
}

const NEGATIVE_RETRIES = 'The number of retries cannot be negative: retries is not greater than or equal to 0';
const notFoundMessage = (id: string): string => `Cannot find external task with id ${id}: externalTask is null`;

/** SetExternalTasksRetriesCmd over `ids`, all or none: the failure of the first that cannot be changed, else null. */
function setAll(
  state: EngineState,
  ids: readonly string[],
  retries: number,
  check: (row: ExternalTaskRow) => Response | undefined,
): { status: 'done' } | { status: 'negative' | 'not-found'; message: string } | { status: 'denied'; response: Response } {
  const rows: ExternalTaskRow[] = [];
  for (const id of ids) {
    if (retries < 0) return { status: 'negative', message: NEGATIVE_RETRIES };
    const row = findExternalTaskRow(state, id);
    if (row === undefined) return { status: 'not-found', message: notFoundMessage(id) };
    const denied = check(row);
    if (denied) return { status: 'denied', response: denied };
    rows.push(row);
  }
  for (const row of rows) applyExternalTaskRetries(state, row, retries);
  return { status: 'done' };
}

/** SetExternalTaskRetriesJobHandler: SetExternalTasksRetriesCmd over the job's ids, without authorization checks. */
function setRetriesWork(retries: number): BatchWork {
  return {
    check: (state, id) => {
      if (retries < 0) return { ok: false, message: NEGATIVE_RETRIES };
      const row = findExternalTaskRow(state, id);
      return row === undefined ? { ok: false, message: notFoundMessage(id) } : { ok: true, apply: () => applyExternalTaskRetries(state, row, retries) };
    },
  };
}

async function retriesRequest(
  state: EngineState,
  context: RouteContext,
): Promise<{ ok: true; ids: string[]; retries: number } | { ok: false; response: Response }> {
  const body = await readJsonBody(context.request);
  if (!body.ok) return body;
  if (!isJsonObject(body.body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body.body);
  const retries = fields.integer('retries');
  const collected = collectIds(state, context, fields);
  if (fields.failed) return { ok: false, response: invalidJsonBody() };
  if (!collected.ok) return collected;
  if (retries === undefined) return { ok: false, response: invalidRequest(400, 'The number of retries cannot be null.') };
  if (collected.ids.length === 0) return { ok: false, response: invalidRequest(400, 'externalTaskIds is empty') };
  return { ok: true, ids: collected.ids, retries };
}

export function registerExternalTaskRetriesRoutes(router: EngineRouter, state: EngineState): void {
  router.add('put', '/external-task/retries', async (context) => {
    const request = await retriesRequest(state, context);
    if (!request.ok) return request.response;
    const outcome = setAll(state, request.ids, request.retries, (row) => checkUpdate(state, context, row));
    if (outcome.status === 'done') {
      logRetries(state, context, request.ids.length, request.retries, false);
      return noContent();
    }
    if (outcome.status === 'denied') return outcome.response;
    return invalidRequest(outcome.status === 'not-found' ? 404 : 400, outcome.message);
  });

  router.add('post', '/external-task/retries-async', async (context) => {
    const request = await retriesRequest(state, context);
    if (!request.ok) return request.response;
    const denied = checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
      { permission: genericPermission('CREATE'), resourceType: ResourceType.BATCH, resourceId: null },
      { permission: permissionOf('CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES', ResourceType.BATCH), resourceType: ResourceType.BATCH, resourceId: null },
    ]);
    if (denied) return denied;
    const batch = createWorkBatch(state, {
      type: SET_EXTERNAL_TASK_RETRIES_BATCH_TYPE,
      ids: request.ids,
      work: setRetriesWork(request.retries),
      createUserId: context.authenticatedUserId,
    });
    logRetries(state, context, request.ids.length, request.retries, true);
    return json(batchDto(batch));
  });

  router.add('put', '/external-task/:id/retries', async (context) => {
    const id = context.params.id ?? '';
    const body = await readJsonBody(context.request);
    if (!body.ok) return body.response;
    if (!isJsonObject(body.body)) return invalidJsonBody();
    const fields = new JsonFields(body.body);
    const retries = fields.integer('retries');
    if (fields.failed) return invalidJsonBody();
    if (retries === undefined) return invalidRequest(400, 'The number of retries cannot be null.');
    // SetExternalTaskRetriesCmd.validateInput: a BadUserRequestException the resource does not catch.
    if (retries < 0) return json(exceptionBody('BadUserRequestException', NEGATIVE_RETRIES, 0), 400);
    const row = findExternalTaskRow(state, id);
    // The NotFoundException becomes a RestException carrying it as its cause (hence the code).
    if (row === undefined) return json(exceptionBody('RestException', `External task with id ${id} does not exist`, 0), 404);
    const denied = checkUpdate(state, context, row);
    if (denied) return denied;
    const before = row.dto.retries;
    applyExternalTaskRetries(state, row, retries);
    // SetExternalTaskRetriesCmd with writeUserOperationLog: the task's retries as changed.
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: 'SetExternalTaskRetries',
        entityType: 'ExternalTask',
        processInstanceId: row.instance.id,
        processDefinitionId: row.dto.processDefinitionId,
        processDefinitionKey: row.dto.processDefinitionKey,
        properties: [{ property: 'retries', orgValue: before === null ? null : String(before), newValue: String(retries) }],
      },
    ]);
    return noContent();
  });
}
