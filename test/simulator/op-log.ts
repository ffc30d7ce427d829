// The user operation log: GET /history/user-operation and PUT
// /history/user-operation/{operationId}/set-annotation, like UserOperationLogRestServiceImpl,
// UserOperationLogQueryDto, UserOperationLogManager and SetAnnotationForOperationLog (7.24).
//
// Entries are written by the operations the simulator performs (`logOperation`), one operation id per
// request (the engine's CommandContext.getOperationId), and only for an authenticated user
// (restrictUserOperationLogToAuthenticatedUsers, true by default): without Basic auth nothing is logged.
//
// Authorization (Basic auth on): an entry is visible to a camunda-admin member, with READ on its
// category (UserOperationLogCategory), or with READ_HISTORY on the process definition of its key;
// setting an annotation needs UPDATE on the category or UPDATE_HISTORY on the key (checkUpdateUserOperationLog).
import {
  compareNullable,
  exceptionBody,
  json,
  noContent,
  pagedJson,
  parsePaging,
  parseQuery,
  readJsonBody,
  isJsonObject,
  JsonFields,
  invalidJsonBody,
  sortPairError,
} from './handlers.js';
import type { EngineRouter, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf, checkAuthorization, genericPermission, isAuthorized, isCamundaAdmin, permissionOf } from './permissions.js';
import type { Authentication } from './permissions.js';
import { parseEngineDate } from './repository.js';
import { formatUtcDate, ResourceType } from './state.js';
import type { EngineState } from './state.js';

/** UserOperationLogEntryDto in engine order. */
export interface OpLogEntryDto {
  id: string;
  deploymentId: string | null;
  processDefinitionId: string | null;
  processDefinitionKey: string | null;
  processInstanceId: string | null;
  executionId: string | null;
  caseDefinitionId: string | null;
  caseInstanceId: string | null;
  caseExecutionId: string | null;
  taskId: string | null;
  jobId: string | null;
  jobDefinitionId: string | null;
  batchId: string | null;
  userId: string | null;
  timestamp: string;
  operationId: string;
  externalTaskId: string | null;
  operationType: string;
  entityType: string;
  property: string | null;
  orgValue: string | null;
  newValue: string | null;
  removalTime: string | null;
  rootProcessInstanceId: string | null;
  category: string;
  annotation: string | null;
}

/** One entry to log: what differs between entries; the rest is null. */
export interface OpLogWrite {
  operationType: string;
  entityType: string;
  category?: string;
  processInstanceId?: string | null;
  processDefinitionId?: string | null;
  processDefinitionKey?: string | null;
  jobId?: string | null;
  batchId?: string | null;
  /** One row per property (the engine's PropertyChange list); none: one row with property null. */
  properties?: { property: string; orgValue?: string | null; newValue: string | null }[];
}

const OP_LOG = new WeakMap<EngineState, OpLogEntryDto[]>();

/** The log of a simulated engine (created empty on first use). */
export function opLogOf(state: EngineState): OpLogEntryDto[] {
  let log = OP_LOG.get(state);
  if (!log) OP_LOG.set(state, (log = []));
  return log;
}

/**
 * Writes the entries of one request (one operation id) for `userId`; nothing without an authenticated
 * user. Returns the operation id, or null when nothing was written.
 */
export function logOperation(state: EngineState, userId: string | null, writes: readonly OpLogWrite[]): string | null {
  if (userId === null || writes.length === 0) return null;
  const operationId = state.nextId();
  const timestamp = formatUtcDate(state.clock());
  const log = opLogOf(state);
  for (const write of writes) {
    for (const change of write.properties ?? [{ property: null as unknown as string, newValue: null }]) {
      log.push({
        id: state.nextId(),
        deploymentId: null,
        processDefinitionId: write.processDefinitionId ?? null,
        processDefinitionKey: write.processDefinitionKey ?? null,
        processInstanceId: write.processInstanceId ?? null,
        executionId: null,
        caseDefinitionId: null,
        caseInstanceId: null,
        caseExecutionId: null,
        taskId: null,
        jobId: write.jobId ?? null,
        jobDefinitionId: null,
        batchId: write.batchId ?? null,
        userId,
        timestamp,
        operationId,
        externalTaskId: null,
        operationType: write.operationType,
        entityType: write.entityType,
        property: change.property ?? null,
        orgValue: change.orgValue ?? null,
        newValue: change.newValue,
        removalTime: null,
        rootProcessInstanceId: write.processInstanceId ?? null,
        category: write.category ?? 'Operator',
        annotation: null,
      });
    }
  }
  return operationId;
}

const STRING_FILTERS = [
  'deploymentId',
  'processDefinitionId',
  'processDefinitionKey',
  'processInstanceId',
  'executionId',
  'jobId',
  'jobDefinitionId',
  'batchId',
  'userId',
  'operationId',
  'externalTaskId',
  'operationType',
  'entityType',
  'category',
  'property',
] as const;
const PARAMS: Record<string, QueryParamKind> = {
  ...Object.fromEntries(STRING_FILTERS.map((name) => [name, 'string'])),
  entityTypeIn: 'stringArray',
  categoryIn: 'stringArray',
  afterTimestamp: 'string',
  beforeTimestamp: 'string',
};

function visibility(state: EngineState, authentication: Authentication | null): (entry: OpLogEntryDto) => boolean {
  if (authentication === null || isCamundaAdmin(state, authentication)) return () => true;
  return (entry) =>
    isAuthorized(state, authentication, {
      permission: genericPermission('READ'),
      resourceType: ResourceType.OPERATION_LOG_CATEGORY,
      resourceId: entry.category,
    }) ||
    (entry.processDefinitionKey !== null &&
      isAuthorized(state, authentication, {
        permission: genericPermission('READ_HISTORY'),
        resourceType: ResourceType.PROCESS_DEFINITION,
        resourceId: entry.processDefinitionKey,
      }));
}

function query(state: EngineState, context: RouteContext): { ok: true; items: OpLogEntryDto[] } | { ok: false; response: Response } {
  const parsed = parseQuery(context.url.searchParams, PARAMS, ['timestamp']);
  if (!parsed.ok) return parsed;
  const sortError = sortPairError(parsed.query);
  if (sortError) return { ok: false, response: sortError };
  const values = parsed.query.values;
  const dates: Record<string, number> = {};
  for (const name of ['afterTimestamp', 'beforeTimestamp'] as const) {
    if (typeof values[name] !== 'string') continue;
    const date = parseEngineDate(values[name] as string);
    if (date === undefined) {
      const message = `Cannot set query parameter '${name}' to value '${values[name] as string}': Cannot convert value "${values[name] as string}" to java type java.util.Date`;
      return { ok: false, response: json(exceptionBody('InvalidRequestException', message), 400) };
    }
    dates[name] = date;
  }
  const visible = visibility(state, authenticationOf(state, context.authenticatedUserId));
  const items = opLogOf(state).filter((entry) => {
    for (const name of STRING_FILTERS) if (typeof values[name] === 'string' && entry[name] !== values[name]) return false;
    if (Array.isArray(values.entityTypeIn) && !values.entityTypeIn.includes(entry.entityType)) return false;
    if (Array.isArray(values.categoryIn) && !values.categoryIn.includes(entry.category)) return false;
    const at = parseEngineDate(entry.timestamp) ?? 0;
    // UserOperationLogQueryImpl: timestamp > after, timestamp < before.
    if (dates.afterTimestamp !== undefined && !(at > dates.afterTimestamp)) return false;
    if (dates.beforeTimestamp !== undefined && !(at < dates.beforeTimestamp)) return false;
    return visible(entry);
  });
  // The engine orders by timestamp when asked, else by id (insert order here); ties by insert order.
  if (parsed.query.sortBy === 'timestamp') {
    const direction = parsed.query.sortOrder === 'desc' ? -1 : 1;
    items.sort((a, b) => compareNullable(a.timestamp, b.timestamp) * direction);
    if (direction === -1) {
      // Newest first, and within one timestamp the last written first.
      const order = new Map(opLogOf(state).map((entry, index) => [entry, index]));
      items.sort((a, b) => compareNullable(a.timestamp, b.timestamp) * direction || order.get(b)! - order.get(a)!);
    }
  }
  return { ok: true, items };
}

export function registerOpLogRoutes(router: EngineRouter, state: EngineState): void {
  router.add('get', '/history/user-operation', (context) => {
    const paging = parsePaging(context.url.searchParams);
    if (!paging.ok) return paging.response;
    const result = query(state, context);
    if (!result.ok) return result.response;
    return pagedJson(state, context, result.items, paging.paging, (entry) => entry);
  });

  router.add('put', '/history/user-operation/:operationId/set-annotation', async (context) => {
    const body = await readJsonBody(context.request);
    if (!body.ok) return body.response;
    if (body.body !== null && !isJsonObject(body.body)) return invalidJsonBody();
    const annotation = body.body === null ? null : (new JsonFields(body.body).string('annotation') ?? null);
    const operationId = String(context.params.operationId);
    const entries = opLogOf(state).filter((entry) => entry.operationId === operationId);
    // EnsureUtil.ensureNotNull(BadUserRequestException.class, "operation", entry): 400.
    if (entries.length === 0) return json(exceptionBody('BadUserRequestException', 'operation is null', 0), 400);
    const authentication = authenticationOf(state, context.authenticatedUserId);
    const first = entries[0]!;
    const denied = checkAuthorization(state, authentication, [
      { permission: genericPermission('UPDATE'), resourceType: ResourceType.OPERATION_LOG_CATEGORY, resourceId: first.category },
      ...(first.processDefinitionKey === null
        ? []
        : [
            {
              permission: permissionOf('UPDATE_HISTORY', ResourceType.PROCESS_DEFINITION),
              resourceType: ResourceType.PROCESS_DEFINITION,
              resourceId: first.processDefinitionKey,
            },
          ]),
    ]);
    if (denied) return denied;
    for (const entry of entries) entry.annotation = annotation;
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: annotation === null ? 'ClearAnnotation' : 'SetAnnotation',
        entityType: 'OperationLog',
        properties: [{ property: 'operationId', newValue: operationId }],
      },
    ]);
    return noContent();
  });
}
