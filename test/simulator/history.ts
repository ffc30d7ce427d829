// Historic process instances: GET/POST /history/process-instance and /history/process-instance/count,
// like HistoricProcessInstanceRestServiceImpl, HistoricProcessInstanceQueryDto and
// HistoricProcessInstanceQueryImpl (7.24). "Where is this instance now": a running instance shows with
// its current definition (migrations included) and state ACTIVE or SUSPENDED; one ended with
// state.endProcessInstance(...) shows with its end time and end state.
//
// The history is derived, not stored twice: every running instance of state.processInstances plus
// every record of state.endedProcessInstances. Not simulated (no such data): incidents, jobs,
// variables, call hierarchies and case instances; filters on them match nothing. Activities: the
// running instance's current activities are its active ones; executed ones are those plus the
// definition's start event.
import { ACTIVITY_TYPES } from './bpmn.js';
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
import { removalTimeOfInstance } from './history-removal-time.js';
import { parseEngineDate } from './repository.js';
import type { EngineState, ProcessDefinitionRecord, ProcessInstanceRecord } from './state.js';

export type HistoricProcessInstanceState = 'ACTIVE' | 'SUSPENDED' | 'COMPLETED' | 'EXTERNALLY_TERMINATED' | 'INTERNALLY_TERMINATED';

/**
 * HistoricProcessInstanceDto in engine order (the DTO's field order). `restartedProcessInstanceId`
 * is in the 7.24 OpenAPI document; its place at the end is inferred.
 */
export interface HistoricProcessInstanceDto {
  id: string;
  businessKey: string | null;
  processDefinitionId: string;
  processDefinitionKey: string | null;
  processDefinitionName: string | null;
  processDefinitionVersion: number | null;
  startTime: string;
  endTime: string | null;
  removalTime: string | null;
  durationInMillis: number | null;
  startUserId: string | null;
  startActivityId: string | null;
  deleteReason: string | null;
  rootProcessInstanceId: string;
  superProcessInstanceId: string | null;
  superCaseInstanceId: string | null;
  caseInstanceId: string | null;
  tenantId: string | null;
  state: HistoricProcessInstanceState;
  restartedProcessInstanceId: string | null;
}

/** One row of the history, whichever list it came from. */
export interface HistoricProcessInstanceRow {
  instance: ProcessInstanceRecord;
  definition: ProcessDefinitionRecord | undefined;
  startTime: string;
  endTime: string | null;
  state: HistoricProcessInstanceState;
  deleteReason: string | null;
  /** The top of its call hierarchy (itself for a root instance). */
  rootProcessInstanceId: string;
  /** REMOVAL_TIME_ (history-removal-time.ts). */
  removalTime: string | null;
}

/** ROOT_PROC_INST_ID_ of the history: up the superProcessInstanceId chain, over running and ended instances. */
function historicRootOf(state: EngineState, instance: ProcessInstanceRecord): string {
  const find = (id: string) => state.findProcessInstance(id) ?? state.endedProcessInstances.find((ended) => ended.id === id);
  let current = instance;
  const seen = new Set<string>([current.id]);
  for (;;) {
    const parent = current.superProcessInstanceId ? find(current.superProcessInstanceId) : undefined;
    if (parent === undefined || seen.has(parent.id)) return current.id;
    seen.add(parent.id);
    current = parent;
  }
}

/** The definition's process-level start event (HistoricProcessInstance.startActivityId). */
function startActivityOf(definition: ProcessDefinitionRecord | undefined): string | null {
  const start = definition?.activities.find(
    (activity) => activity.parentId === undefined && ACTIVITY_TYPES[activity.type].engineType.toLowerCase().includes('start'),
  );
  return start?.id ?? null;
}

export function historicProcessInstanceRows(state: EngineState): HistoricProcessInstanceRow[] {
  const running = state.processInstances.map((instance): HistoricProcessInstanceRow => ({
    instance,
    definition: state.findProcessDefinition(instance.definitionId),
    startTime: state.startTimeOf(instance),
    endTime: null,
    state: instance.suspended ? 'SUSPENDED' : 'ACTIVE',
    deleteReason: null,
    rootProcessInstanceId: historicRootOf(state, instance),
    removalTime: removalTimeOfInstance(state, instance),
  }));
  const ended = state.endedProcessInstances.map((instance): HistoricProcessInstanceRow => ({
    instance,
    definition: state.findProcessDefinition(instance.definitionId),
    startTime: instance.startTime,
    endTime: instance.endTime,
    state: instance.state,
    deleteReason: instance.deleteReason,
    rootProcessInstanceId: historicRootOf(state, instance),
    removalTime: removalTimeOfInstance(state, instance),
  }));
  return [...running, ...ended];
}

function durationOf(row: HistoricProcessInstanceRow): number | null {
  if (row.endTime === null) return null;
  const start = parseEngineDate(row.startTime);
  const end = parseEngineDate(row.endTime);
  return start === undefined || end === undefined ? null : end - start;
}

export function historicProcessInstanceDto(row: HistoricProcessInstanceRow): HistoricProcessInstanceDto {
  const { instance, definition } = row;
  return {
    id: instance.id,
    businessKey: instance.businessKey,
    processDefinitionId: instance.definitionId,
    processDefinitionKey: definition?.key ?? null,
    processDefinitionName: definition?.name ?? null,
    processDefinitionVersion: definition?.version ?? null,
    startTime: row.startTime,
    endTime: row.endTime,
    removalTime: row.removalTime,
    durationInMillis: durationOf(row),
    startUserId: instance.startUserId ?? null,
    startActivityId: startActivityOf(definition),
    deleteReason: row.deleteReason,
    rootProcessInstanceId: row.rootProcessInstanceId,
    superProcessInstanceId: instance.superProcessInstanceId ?? null,
    superCaseInstanceId: null,
    caseInstanceId: null,
    tenantId: instance.tenantId,
    state: row.state,
    restartedProcessInstanceId: null,
  };
}

// ---------------------------------------------------------------------------------------------
// The query (HistoricProcessInstanceQueryDto)

const SORT_BY = [
  'instanceId',
  'definitionId',
  'definitionKey',
  'definitionName',
  'definitionVersion',
  'businessKey',
  'startTime',
  'endTime',
  'duration',
  'tenantId',
] as const;
type HistoricSortBy = (typeof SORT_BY)[number];

const STRING_FILTERS = [
  'processInstanceId',
  'processDefinitionId',
  'processDefinitionKey',
  'processDefinitionName',
  'processDefinitionNameLike',
  'processInstanceBusinessKey',
  'processInstanceBusinessKeyLike',
  'rootProcessInstanceId',
  'incidentType',
  'incidentStatus',
  'incidentMessage',
  'incidentMessageLike',
  'startedBy',
  'superProcessInstanceId',
  'subProcessInstanceId',
  'superCaseInstanceId',
  'subCaseInstanceId',
  'caseInstanceId',
] as const;
const LIST_FILTERS = [
  'processInstanceIdNotIn',
  'processDefinitionKeyIn',
  'processDefinitionKeyNotIn',
  'processInstanceBusinessKeyIn',
  'incidentIdIn',
  'tenantIdIn',
  'activityIdIn',
  'executedActivityIdIn',
  'activeActivityIdIn',
] as const;
const BOOLEAN_FILTERS = [
  'rootProcessInstances',
  'finished',
  'unfinished',
  'withJobsRetrying',
  'withIncidents',
  'withRootIncidents',
  'withoutTenantId',
  'active',
  'suspended',
  'completed',
  'externallyTerminated',
  'internallyTerminated',
  'variableNamesIgnoreCase',
  'variableValuesIgnoreCase',
] as const;
const DATE_FILTERS = [
  'startedBefore',
  'startedAfter',
  'finishedBefore',
  'finishedAfter',
  'executedActivityAfter',
  'executedActivityBefore',
  'executedJobAfter',
  'executedJobBefore',
] as const;
/** The state filters, in the order the DTO applies them; only one may be true. */
const STATE_FILTERS: [(typeof BOOLEAN_FILTERS)[number], HistoricProcessInstanceState][] = [
  ['active', 'ACTIVE'],
  ['suspended', 'SUSPENDED'],
  ['completed', 'COMPLETED'],
  ['externallyTerminated', 'EXTERNALLY_TERMINATED'],
  ['internallyTerminated', 'INTERNALLY_TERMINATED'],
];
const VARIABLE_OPERATORS = ['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'like'];

export interface HistoricProcessInstanceQuery {
  strings: Partial<Record<(typeof STRING_FILTERS)[number], string>>;
  lists: Partial<Record<(typeof LIST_FILTERS)[number], (string | null)[]>>;
  booleans: Partial<Record<(typeof BOOLEAN_FILTERS)[number], boolean>>;
  /** Epoch millis. */
  dates: Partial<Record<(typeof DATE_FILTERS)[number], number>>;
  /** A Set in the engine: `[]` is an error when the query is built. */
  processInstanceIds?: (string | null)[];
  variables?: { operator: unknown }[];
  sortBy?: string;
  sortOrder?: string;
  sorting: { sortBy: HistoricSortBy; sortOrder: 'asc' | 'desc' }[];
}

type QueryResult = { ok: true; query: HistoricProcessInstanceQuery } | { ok: false; response: Response };

const GET_PARAMS: Record<string, QueryParamKind> = {
  processInstanceIds: 'stringArray',
  variables: 'stringArray',
  ...Object.fromEntries(STRING_FILTERS.map((name) => [name, 'string'])),
  ...Object.fromEntries(LIST_FILTERS.map((name) => [name, 'stringArray'])),
  ...Object.fromEntries(BOOLEAN_FILTERS.map((name) => [name, 'boolean'])),
  ...Object.fromEntries(DATE_FILTERS.map((name) => [name, 'string'])),
};

function emptyQuery(): HistoricProcessInstanceQuery {
  return { strings: {}, lists: {}, booleans: {}, dates: {}, sorting: [] };
}

function queryFromUrl(params: URLSearchParams): QueryResult {
  const parsed = parseQuery(params, GET_PARAMS, SORT_BY);
  if (!parsed.ok) return parsed;
  const values = parsed.query.values;
  const query: HistoricProcessInstanceQuery = { ...emptyQuery(), sortBy: parsed.query.sortBy, sortOrder: parsed.query.sortOrder };
  for (const name of STRING_FILTERS) if (typeof values[name] === 'string') query.strings[name] = values[name] as string;
  for (const name of LIST_FILTERS) if (Array.isArray(values[name])) query.lists[name] = values[name] as string[];
  for (const name of BOOLEAN_FILTERS) if (typeof values[name] === 'boolean') query.booleans[name] = values[name] as boolean;
  for (const name of DATE_FILTERS) {
    const raw = values[name];
    if (typeof raw !== 'string') continue;
    const parsedDate = parseEngineDate(raw);
    if (parsedDate === undefined) {
      return {
        ok: false,
        response: invalidRequest(400, `Cannot set query parameter '${name}' to value '${raw}': Cannot convert value "${raw}" to java type java.util.Date`),
      };
    }
    query.dates[name] = parsedDate;
  }
  if (Array.isArray(values.processInstanceIds)) query.processInstanceIds = values.processInstanceIds;
  if (Array.isArray(values.variables)) query.variables = values.variables.map((condition) => ({ operator: condition.split('_')[1] }));
  return { ok: true, query };
}

/** Jackson binds the body: a wrong shape, a date not in the engine format or a bad sortBy is 400 with an empty message. */
export function historicQueryFromBody(body: unknown): QueryResult {
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const query = emptyQuery();
  for (const name of STRING_FILTERS) {
    const value = fields.string(name);
    if (value !== undefined) query.strings[name] = value;
  }
  for (const name of LIST_FILTERS) {
    const value = fields.stringArray(name);
    if (value !== undefined) query.lists[name] = value;
  }
  for (const name of BOOLEAN_FILTERS) {
    const value = fields.boolean(name);
    if (value !== undefined) query.booleans[name] = value;
  }
  for (const name of DATE_FILTERS) {
    const value = fields.string(name);
    if (value === undefined) continue;
    const parsed = parseEngineDate(value);
    if (parsed === undefined) return { ok: false, response: invalidJsonBody() };
    query.dates[name] = parsed;
  }
  query.processInstanceIds = fields.stringArray('processInstanceIds');
  const variables = fields.objectArray('variables');
  if (variables !== undefined) query.variables = variables.map((condition) => ({ operator: condition?.operator }));
  fields.objectArray('orQueries'); // accepted and ignored: OR branches are not simulated
  const sorting = readBodySorting<HistoricSortBy>(fields, SORT_BY);
  if (!sorting) return { ok: false, response: invalidJsonBody() };
  query.sorting.push(...sorting.sorting);
  query.sortBy = sorting.sortBy;
  query.sortOrder = sorting.sortOrder;
  return { ok: true, query };
}

function within(value: number | undefined, after: number | undefined, before: number | undefined): boolean {
  if (after === undefined && before === undefined) return true;
  if (value === undefined) return false;
  return (after === undefined || value >= after) && (before === undefined || value <= before);
}

function matches(
  row: HistoricProcessInstanceRow,
  query: HistoricProcessInstanceQuery,
  wantedState: HistoricProcessInstanceState | undefined,
  rows: readonly HistoricProcessInstanceRow[],
): boolean {
  const { instance, definition } = row;
  const { strings: s, lists: l, booleans: b, dates: d } = query;
  if (s.processInstanceId !== undefined && instance.id !== s.processInstanceId) return false;
  if (query.processInstanceIds !== undefined && !query.processInstanceIds.includes(instance.id)) return false;
  if (nonEmptyList(l.processInstanceIdNotIn)?.includes(instance.id)) return false;
  if (s.processDefinitionId !== undefined && instance.definitionId !== s.processDefinitionId) return false;
  const key = definition?.key ?? null;
  if (s.processDefinitionKey !== undefined && key !== s.processDefinitionKey) return false;
  const keyIn = nonEmptyList(l.processDefinitionKeyIn);
  if (keyIn !== undefined && !keyIn.includes(key)) return false;
  if (nonEmptyList(l.processDefinitionKeyNotIn)?.includes(key)) return false;
  if (s.processDefinitionName !== undefined && definition?.name !== s.processDefinitionName) return false;
  if (s.processDefinitionNameLike !== undefined && !likeMatches(definition?.name ?? null, s.processDefinitionNameLike)) return false;
  if (s.processInstanceBusinessKey !== undefined && instance.businessKey !== s.processInstanceBusinessKey) return false;
  const businessKeyIn = nonEmptyList(l.processInstanceBusinessKeyIn);
  if (businessKeyIn !== undefined && !businessKeyIn.includes(instance.businessKey)) return false;
  if (s.processInstanceBusinessKeyLike !== undefined && !likeMatches(instance.businessKey, s.processInstanceBusinessKeyLike)) return false;
  // Call hierarchies as the runtime has them; no simulated instance has a case instance, incident or job here.
  if (s.rootProcessInstanceId !== undefined && row.rootProcessInstanceId !== s.rootProcessInstanceId) return false;
  if (s.superProcessInstanceId !== undefined && (instance.superProcessInstanceId ?? null) !== s.superProcessInstanceId) return false;
  if (
    s.subProcessInstanceId !== undefined &&
    rows.find((other) => other.instance.id === s.subProcessInstanceId)?.instance.superProcessInstanceId !== instance.id
  )
    return false;
  if (b.rootProcessInstances === true && (instance.superProcessInstanceId ?? null) !== null) return false;
  if (s.superCaseInstanceId !== undefined) return false;
  if (s.subCaseInstanceId !== undefined || s.caseInstanceId !== undefined) return false;
  if (b.withIncidents === true || b.withRootIncidents === true || b.withJobsRetrying === true || nonEmptyList(l.incidentIdIn) !== undefined) return false;
  if (s.incidentType !== undefined || s.incidentStatus !== undefined || s.incidentMessage !== undefined || s.incidentMessageLike !== undefined) return false;
  if (b.finished === true && row.endTime === null) return false;
  if (b.unfinished === true && row.endTime !== null) return false;
  if (wantedState !== undefined && row.state !== wantedState) return false;
  if (s.startedBy !== undefined && (instance.startUserId ?? null) !== s.startedBy) return false;
  if (!within(parseEngineDate(row.startTime), d.startedAfter, d.startedBefore)) return false;
  const ended = row.endTime === null ? undefined : parseEngineDate(row.endTime);
  if (!within(ended, d.finishedAfter, d.finishedBefore)) return false;
  if (d.executedActivityAfter !== undefined || d.executedActivityBefore !== undefined) return false;
  if (d.executedJobAfter !== undefined || d.executedJobBefore !== undefined) return false;
  // withoutTenantId() wins over tenantIdIn (the DTO applies it last).
  if (b.withoutTenantId === true) {
    if (instance.tenantId !== null) return false;
  } else {
    const tenants = nonEmptyList(l.tenantIdIn);
    if (tenants !== undefined && !tenants.includes(instance.tenantId)) return false;
  }
  const active = row.endTime === null ? instance.activityIds : [];
  for (const name of ['activityIdIn', 'activeActivityIdIn'] as const) {
    const wanted = nonEmptyList(l[name]);
    if (wanted !== undefined && !active.some((activityId) => wanted.includes(activityId))) return false;
  }
  const executedWanted = nonEmptyList(l.executedActivityIdIn);
  if (executedWanted !== undefined) {
    const executed = [startActivityOf(definition), ...instance.activityIds];
    if (!executed.some((activityId) => activityId !== null && executedWanted.includes(activityId))) return false;
  }
  if (query.variables !== undefined && query.variables.length > 0) return false;
  return true;
}

function sortKey(row: HistoricProcessInstanceRow, sortBy: HistoricSortBy): string | number | null {
  switch (sortBy) {
    case 'instanceId':
      return row.instance.id;
    case 'definitionId':
      return row.instance.definitionId;
    case 'definitionKey':
      return row.definition?.key ?? null;
    case 'definitionName':
      return row.definition?.name ?? null;
    case 'definitionVersion':
      return row.definition?.version ?? null;
    case 'businessKey':
      return row.instance.businessKey;
    case 'startTime':
      return parseEngineDate(row.startTime) ?? null;
    case 'endTime':
      return row.endTime === null ? null : (parseEngineDate(row.endTime) ?? null);
    case 'duration':
      return durationOf(row);
    case 'tenantId':
      return row.instance.tenantId;
  }
}

/**
 * Runs a query like HistoricProcessInstanceQueryDto.toQuery + list(): the filter errors first, then
 * the sortBy/sortOrder pair, then ordering (sortBy, then `sorting`; by id when unsorted).
 */
export function runHistoricProcessInstanceQuery(
  state: EngineState,
  query: HistoricProcessInstanceQuery,
): { ok: true; items: HistoricProcessInstanceRow[] } | { ok: false; response: Response } {
  if (query.processInstanceIds !== undefined && query.processInstanceIds.length === 0) {
    // HistoricProcessInstanceQueryImpl.processInstanceIds: EnsureUtil.ensureNotEmpty (as the runtime query).
    return { ok: false, response: json(exceptionBody('ProcessEngineException', 'Set of process instance ids is empty', 0), 500) };
  }
  let wantedState: HistoricProcessInstanceState | undefined;
  for (const [flag, value] of STATE_FILTERS) {
    if (query.booleans[flag] !== true) continue;
    if (wantedState !== undefined) {
      // EnsureUtil.ensureNull(BadUserRequestException.class, ...) in HistoricProcessInstanceQueryImpl.
      return {
        ok: false,
        response: json(
          exceptionBody('BadUserRequestException', 'Already querying for historic process instance with another state: state is not null', 0),
          400,
        ),
      };
    }
    wantedState = value;
  }
  for (const condition of query.variables ?? []) {
    if (!VARIABLE_OPERATORS.includes(String(condition.operator))) {
      return { ok: false, response: invalidRequest(400, `Invalid variable comparator specified: ${String(condition.operator)}`) };
    }
  }
  const sortError = sortPairError({ values: {}, sortBy: query.sortBy, sortOrder: query.sortOrder as ParsedQuery['sortOrder'] });
  if (sortError) return { ok: false, response: sortError };
  const orderings: { sortBy: HistoricSortBy; sortOrder: 'asc' | 'desc' }[] = [];
  if (query.sortBy !== undefined) orderings.push({ sortBy: query.sortBy as HistoricSortBy, sortOrder: query.sortOrder as 'asc' | 'desc' });
  orderings.push(...query.sorting);
  const rows = historicProcessInstanceRows(state);
  const items = rows.filter((row) => matches(row, query, wantedState, rows));
  items.sort((a, b) => {
    for (const { sortBy, sortOrder } of orderings) {
      const order = compareNullable(sortKey(a, sortBy), sortKey(b, sortBy)) * (sortOrder === 'desc' ? -1 : 1);
      if (order !== 0) return order;
    }
    return compareStrings(a.instance.id, b.instance.id);
  });
  return { ok: true, items };
}

export function registerHistoricProcessInstanceRoutes(router: EngineRouter, state: EngineState): void {
  type Rows = { ok: true; items: HistoricProcessInstanceRow[] } | { ok: false; response: Response };

  const fromUrl = (context: RouteContext): Rows => {
    const parsed = queryFromUrl(context.url.searchParams);
    if (!parsed.ok) return parsed;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    return runHistoricProcessInstanceQuery(state, parsed.query);
  };

  const fromBody = async (context: RouteContext): Promise<Rows> => {
    const body = await readJsonBody(context.request);
    if (!body.ok) return body;
    const parsed = historicQueryFromBody(body.body);
    if (!parsed.ok) return parsed;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    return runHistoricProcessInstanceQuery(state, parsed.query);
  };

  router.add(
    'get',
    '/history/process-instance',
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = fromUrl(context);
      if (!result.ok) return result.response;
      return pagedJson(state, context, result.items, paging.paging, historicProcessInstanceDto);
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/history/process-instance',
    async (context) => {
      const result = await fromBody(context);
      if (!result.ok) return result.response;
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      return pagedJson(state, context, result.items, paging.paging, historicProcessInstanceDto);
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/history/process-instance/count',
    (context) => {
      const result = fromUrl(context);
      return result.ok ? json({ count: result.items.length }) : result.response;
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/history/process-instance/count',
    async (context) => {
      const result = await fromBody(context);
      return result.ok ? json({ count: result.items.length }) : result.response;
    },
    { engineCheck: 'manual' },
  );
}
