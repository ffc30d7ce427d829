// Process instances: GET/POST /process-instance and /process-instance/count, like
// ProcessInstanceRestServiceImpl, ProcessInstanceQueryDto and ProcessInstanceQueryImpl (7.24). The
// query is built from URL parameters (GET) or a JSON body (POST, paging still in the URL); both end
// in the same `ProcessInstanceQuery`, which migration (processInstanceQuery) can reuse later.
import {
  pagedJson,
  compareNullable,
  compareStrings,
  exceptionBody,
  invalidJsonBody,
  invalidRequest,
  isJsonObject,
  json,
  JsonFields,
  likeMatches,
  nonEmptyList,
  parsePaging,
  parseQuery,
  readBodySorting,
  readJsonBody,
  sortPairError,
} from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf, genericPermission, queryVisibility } from './permissions.js';
import type { Authentication } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState, ProcessInstanceRecord } from './state.js';

/** The engine's ProcessInstanceDto in engine order (process-instance-list.json): no links in lists. */
export interface ProcessInstanceDto {
  links: { method: string; href: string; rel: string }[];
  id: string;
  definitionId: string;
  businessKey: string | null;
  caseInstanceId: string | null;
  ended: boolean;
  suspended: boolean;
  tenantId: string | null;
  definitionKey: string | null;
}

export function processInstanceDto(state: EngineState, instance: ProcessInstanceRecord): ProcessInstanceDto {
  return {
    links: [],
    id: instance.id,
    definitionId: instance.definitionId,
    businessKey: instance.businessKey,
    caseInstanceId: null,
    ended: false,
    suspended: instance.suspended,
    tenantId: instance.tenantId,
    definitionKey: state.findProcessDefinition(instance.definitionId)?.key ?? null,
  };
}

const SORT_BY = ['instanceId', 'definitionKey', 'definitionId', 'tenantId', 'businessKey'] as const;
type InstanceSortBy = (typeof SORT_BY)[number];
const VARIABLE_OPERATORS = ['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'like'];

const STRING_FILTERS = [
  'businessKey',
  'businessKeyLike',
  'caseInstanceId',
  'processDefinitionId',
  'processDefinitionKey',
  'deploymentId',
  'superProcessInstance',
  'subProcessInstance',
  'superCaseInstance',
  'subCaseInstance',
  'incidentId',
  'incidentType',
  'incidentMessage',
  'incidentMessageLike',
  'rootProcessInstanceId',
] as const;
const BOOLEAN_FILTERS = [
  'active',
  'suspended',
  'withIncident',
  'withoutTenantId',
  'processDefinitionWithoutTenantId',
  'rootProcessInstances',
  'leafProcessInstances',
  'variableNamesIgnoreCase',
  'variableValuesIgnoreCase',
] as const;
const LIST_FILTERS = ['processDefinitionKeyIn', 'processDefinitionKeyNotIn', 'tenantIdIn', 'activityIdIn'] as const;

/** A ProcessInstanceQueryDto, whichever way it arrived. */
export interface ProcessInstanceQuery {
  strings: Partial<Record<(typeof STRING_FILTERS)[number], string>>;
  booleans: Partial<Record<(typeof BOOLEAN_FILTERS)[number], boolean>>;
  lists: Partial<Record<(typeof LIST_FILTERS)[number], (string | null)[]>>;
  /** A Set in the engine: `[]` is an error when the query is built, unlike the other lists. */
  processInstanceIds?: (string | null)[];
  /** Variable conditions; the simulator holds no variables, so any condition matches nothing. */
  variables?: { name: unknown; operator: unknown }[];
  sortBy?: string;
  sortOrder?: string;
  sorting: { sortBy: InstanceSortBy; sortOrder: 'asc' | 'desc' }[];
}

type QueryResult = { ok: true; query: ProcessInstanceQuery } | { ok: false; response: Response };

const GET_PARAMS: Record<string, QueryParamKind> = {
  processInstanceIds: 'stringArray',
  variables: 'stringArray',
  ...Object.fromEntries(STRING_FILTERS.map((name) => [name, 'string'])),
  ...Object.fromEntries(BOOLEAN_FILTERS.map((name) => [name, 'boolean'])),
  ...Object.fromEntries(LIST_FILTERS.map((name) => [name, 'stringArray'])),
};

function queryFromUrl(params: URLSearchParams): QueryResult {
  const parsed = parseQuery(params, GET_PARAMS, SORT_BY);
  if (!parsed.ok) return parsed;
  const values = parsed.query.values;
  const query: ProcessInstanceQuery = { strings: {}, booleans: {}, lists: {}, sorting: [], sortBy: parsed.query.sortBy, sortOrder: parsed.query.sortOrder };
  for (const name of STRING_FILTERS) if (typeof values[name] === 'string') query.strings[name] = values[name] as string;
  for (const name of BOOLEAN_FILTERS) if (typeof values[name] === 'boolean') query.booleans[name] = values[name] as boolean;
  for (const name of LIST_FILTERS) if (Array.isArray(values[name])) query.lists[name] = values[name] as string[];
  if (Array.isArray(values.processInstanceIds)) query.processInstanceIds = values.processInstanceIds;
  if (Array.isArray(values.variables)) {
    // VariableListConverter: name_operator_value, comma-separated.
    query.variables = values.variables.map((condition) => ({ name: condition.split('_')[0], operator: condition.split('_')[1] }));
  }
  return { ok: true, query };
}

/**
 * Jackson binds the body to ProcessInstanceQueryDto. A wrong JSON shape and an invalid top-level
 * sortBy/sortOrder (the setters throw, Jackson wraps it) are mapping errors: 400 with an empty message
 * (inferred from invalid-json-type.json; the setter case was not captured).
 */
export function queryFromBody(body: unknown): QueryResult {
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const query: ProcessInstanceQuery = { strings: {}, booleans: {}, lists: {}, sorting: [] };
  for (const name of STRING_FILTERS) {
    const value = fields.string(name);
    if (value !== undefined) query.strings[name] = value;
  }
  for (const name of BOOLEAN_FILTERS) {
    const value = fields.boolean(name);
    if (value !== undefined) query.booleans[name] = value;
  }
  for (const name of LIST_FILTERS) {
    const value = fields.stringArray(name);
    if (value !== undefined) query.lists[name] = value;
  }
  query.processInstanceIds = fields.stringArray('processInstanceIds');
  const variables = fields.objectArray('variables');
  if (variables !== undefined) query.variables = variables.map((condition) => ({ name: condition?.name, operator: condition?.operator }));
  fields.objectArray('orQueries'); // accepted and ignored: OR branches are not simulated
  const sorting = readBodySorting<InstanceSortBy>(fields, SORT_BY);
  if (!sorting) return { ok: false, response: invalidJsonBody() };
  query.sorting.push(...sorting.sorting);
  query.sortBy = sorting.sortBy;
  query.sortOrder = sorting.sortOrder;
  return { ok: true, query };
}

function matches(state: EngineState, instance: ProcessInstanceRecord, query: ProcessInstanceQuery): boolean {
  const definition = state.findProcessDefinition(instance.definitionId);
  const { strings: s, booleans: b, lists: l } = query;
  if (query.processInstanceIds !== undefined && !query.processInstanceIds.includes(instance.id)) return false;
  if (s.businessKey !== undefined && instance.businessKey !== s.businessKey) return false;
  if (s.businessKeyLike !== undefined && !likeMatches(instance.businessKey, s.businessKeyLike)) return false;
  if (s.processDefinitionId !== undefined && instance.definitionId !== s.processDefinitionId) return false;
  if (s.processDefinitionKey !== undefined && definition?.key !== s.processDefinitionKey) return false;
  const keyIn = nonEmptyList(l.processDefinitionKeyIn);
  if (keyIn !== undefined && !keyIn.includes(definition?.key ?? null)) return false;
  const keyNotIn = nonEmptyList(l.processDefinitionKeyNotIn);
  if (keyNotIn !== undefined && keyNotIn.includes(definition?.key ?? null)) return false;
  if (s.deploymentId !== undefined && definition?.deploymentId !== s.deploymentId) return false;
  // Call hierarchies (ProcessInstanceRecord.superProcessInstanceId); no case instances are simulated.
  if (s.caseInstanceId !== undefined || s.superCaseInstance !== undefined || s.subCaseInstance !== undefined) return false;
  if (s.superProcessInstance !== undefined && (instance.superProcessInstanceId ?? null) !== s.superProcessInstance) return false;
  if (s.subProcessInstance !== undefined && (state.findProcessInstance(s.subProcessInstance)?.superProcessInstanceId ?? null) !== instance.id) return false;
  if (b.rootProcessInstances === true && (instance.superProcessInstanceId ?? null) !== null) return false;
  if (b.leafProcessInstances === true && state.processInstances.some((other) => other.superProcessInstanceId === instance.id)) return false;
  // Incidents (state.incidents): the instance must have one matching every incident filter given.
  const incidentFilters =
    s.incidentId !== undefined ||
    s.incidentType !== undefined ||
    s.incidentMessage !== undefined ||
    s.incidentMessageLike !== undefined ||
    b.withIncident === true;
  if (incidentFilters) {
    const matching = state.incidents.filter(
      (incident) =>
        incident.processInstanceId === instance.id &&
        (s.incidentId === undefined || incident.id === s.incidentId) &&
        (s.incidentType === undefined || incident.incidentType === s.incidentType) &&
        (s.incidentMessage === undefined || incident.incidentMessage === s.incidentMessage) &&
        (s.incidentMessageLike === undefined || (incident.incidentMessage !== null && likeMatches(incident.incidentMessage, s.incidentMessageLike))),
    );
    if (matching.length === 0) return false;
  }
  if (s.rootProcessInstanceId !== undefined && rootProcessInstanceIdOf(state, instance) !== s.rootProcessInstanceId) return false;
  if (b.active === true && instance.suspended) return false;
  if (b.suspended === true && !instance.suspended) return false;
  // withoutTenantId() clears tenantIdIn.
  if (b.withoutTenantId === true) {
    if (instance.tenantId !== null) return false;
  } else {
    const tenants = nonEmptyList(l.tenantIdIn);
    if (tenants !== undefined && !tenants.includes(instance.tenantId)) return false;
  }
  if (b.processDefinitionWithoutTenantId === true && (definition?.tenantId ?? null) !== null) return false;
  const activities = nonEmptyList(l.activityIdIn);
  if (activities !== undefined && !instance.activityIds.some((activityId) => activities.includes(activityId))) return false;
  if (query.variables !== undefined && query.variables.length > 0) return false;
  return true;
}

/** The top of an instance's call hierarchy (ROOT_PROC_INST_ID_): itself for a root instance. */
export function rootProcessInstanceIdOf(state: EngineState, instance: ProcessInstanceRecord): string {
  let current = instance;
  const seen = new Set<string>([current.id]);
  for (;;) {
    const parentId = current.superProcessInstanceId ?? null;
    const parent = parentId === null ? undefined : state.findProcessInstance(parentId);
    if (parent === undefined || seen.has(parent.id)) return current.id;
    seen.add(parent.id);
    current = parent;
  }
}

function sortKey(state: EngineState, instance: ProcessInstanceRecord, sortBy: InstanceSortBy): string | null {
  switch (sortBy) {
    case 'instanceId':
      return instance.id;
    case 'definitionKey':
      return state.findProcessDefinition(instance.definitionId)?.key ?? null;
    case 'definitionId':
      return instance.definitionId;
    case 'tenantId':
      return instance.tenantId;
    case 'businessKey':
      return instance.businessKey;
  }
}

/**
 * The authorization check of a process instance (execution) query, per row
 * (AuthorizationManager.configureExecutionQuery, a disjunctive composite): READ on PROCESS_INSTANCE
 * with the instance id, or READ_INSTANCE on PROCESS_DEFINITION with the key of its definition.
 * Everything is visible without an authenticated user. Also filters the instance counts of the
 * activity statistics (configureActivityStatisticsQuery: the same two checks).
 */
export function processInstanceVisibility(state: EngineState, authentication: Authentication | null): (instance: ProcessInstanceRecord) => boolean {
  if (authentication === null) return () => true;
  const readInstance = queryVisibility(state, authentication, genericPermission('READ'), ResourceType.PROCESS_INSTANCE);
  const readInstances = queryVisibility(state, authentication, genericPermission('READ_INSTANCE'), ResourceType.PROCESS_DEFINITION);
  return (instance) => {
    if (readInstance(instance.id)) return true;
    const key = state.findProcessDefinition(instance.definitionId)?.key;
    return key !== undefined && readInstances(key);
  };
}

/**
 * Runs a query like ProcessInstanceQueryDto.toQuery + list(): filters first (their errors win), then
 * the sortBy/sortOrder pair check, then ordering (explicit sortBy first, then `sorting`; by id otherwise).
 * With an `authentication` (Basic auth on) only the instances it may read are found
 * (`processInstanceVisibility`); the migration commands run their processInstanceQuery this way too.
 */
export function runProcessInstanceQuery(
  state: EngineState,
  query: ProcessInstanceQuery,
  authentication: Authentication | null = null,
): { ok: true; items: ProcessInstanceRecord[] } | { ok: false; response: Response } {
  if (query.processInstanceIds !== undefined && query.processInstanceIds.length === 0) {
    // ProcessInstanceQueryImpl.processInstanceIds: EnsureUtil.ensureNotEmpty -> ProcessEngineException (500).
    return { ok: false, response: json(exceptionBody('ProcessEngineException', 'Set of process instance ids is empty', 0), 500) };
  }
  // ProcessInstanceQueryImpl refuses both pairs when the DTO applies its filters: a ProcessEngineException, 500.
  if (query.booleans.rootProcessInstances === true && query.strings.superProcessInstance !== undefined) {
    return {
      ok: false,
      response: json(exceptionBody('ProcessEngineException', 'Invalid query usage: cannot set both rootProcessInstances and superProcessInstanceId', 0), 500),
    };
  }
  if (query.booleans.leafProcessInstances === true && query.strings.subProcessInstance !== undefined) {
    return {
      ok: false,
      response: json(exceptionBody('ProcessEngineException', 'Invalid query usage: cannot set both leafProcessInstances and subProcessInstanceId', 0), 500),
    };
  }
  for (const condition of query.variables ?? []) {
    if (!VARIABLE_OPERATORS.includes(String(condition.operator))) {
      return { ok: false, response: invalidRequest(400, `Invalid variable comparator specified: ${String(condition.operator)}`) };
    }
  }
  const sortError = sortPairError({ values: {}, sortBy: query.sortBy, sortOrder: query.sortOrder as ParsedQuery['sortOrder'] });
  if (sortError) return { ok: false, response: sortError };
  const orderings: { sortBy: InstanceSortBy; sortOrder: 'asc' | 'desc' }[] = [];
  if (query.sortBy !== undefined) orderings.push({ sortBy: query.sortBy as InstanceSortBy, sortOrder: query.sortOrder as 'asc' | 'desc' });
  orderings.push(...query.sorting);
  const visible = processInstanceVisibility(state, authentication);
  const items = state.processInstances.filter((instance) => matches(state, instance, query) && visible(instance));
  items.sort((a, b) => {
    for (const { sortBy, sortOrder } of orderings) {
      const order = compareNullable(sortKey(state, a, sortBy), sortKey(state, b, sortBy)) * (sortOrder === 'desc' ? -1 : 1);
      if (order !== 0) return order;
    }
    return compareStrings(a.id, b.id);
  });
  return { ok: true, items };
}

export function registerProcessInstanceRoutes(router: EngineRouter, state: EngineState): void {
  const fromUrl = (context: RouteContext): { ok: true; items: ProcessInstanceRecord[] } | { ok: false; response: Response } => {
    const parsed = queryFromUrl(context.url.searchParams);
    if (!parsed.ok) return parsed;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    return runProcessInstanceQuery(state, parsed.query, authenticationOf(state, context.authenticatedUserId));
  };

  const fromBody = async (context: RouteContext): Promise<{ ok: true; items: ProcessInstanceRecord[] } | { ok: false; response: Response }> => {
    const body = await readJsonBody(context.request);
    if (!body.ok) return body;
    const parsed = queryFromBody(body.body);
    if (!parsed.ok) return parsed;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    return runProcessInstanceQuery(state, parsed.query, authenticationOf(state, context.authenticatedUserId));
  };

  router.add(
    'get',
    '/process-instance',
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = fromUrl(context);
      if (!result.ok) return result.response;
      return pagedJson(state, context, result.items, paging.paging, (instance) => processInstanceDto(state, instance));
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/process-instance',
    async (context) => {
      // The body parameter comes first in the resource method, then the @QueryParam paging.
      const result = await fromBody(context);
      if (!result.ok) return result.response;
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      return pagedJson(state, context, result.items, paging.paging, (instance) => processInstanceDto(state, instance));
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/process-instance/count',
    (context) => {
      const result = fromUrl(context);
      if (!result.ok) return result.response;
      return json({ count: result.items.length });
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/process-instance/count',
    async (context) => {
      const result = await fromBody(context);
      if (!result.ok) return result.response;
      return json({ count: result.items.length });
    },
    { engineCheck: 'manual' },
  );
}
