// Process definitions: GET /process-definition, /process-definition/count, /process-definition/{id}
// and /process-definition/{id}/statistics, like ProcessDefinitionRestServiceImpl,
// ProcessDefinitionQueryDto / ProcessDefinitionQueryImpl and ProcessDefinitionResourceImpl (7.24).
import {
  pagedJson,
  compareNullable,
  compareStrings,
  exceptionBody,
  invalidRequest,
  json,
  likeMatches,
  parsePaging,
  parseQuery,
  sortPairError,
} from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, QueryValue, RouteContext } from './handlers.js';
import { authenticationOf, genericPermission, isAuthorized, queryVisibility } from './permissions.js';
import { processInstanceVisibility } from './runtime.js';
import { ResourceType } from './state.js';
import type { EngineState, ProcessDefinitionRecord } from './state.js';

/** The engine's ProcessDefinitionDto, field for field and in engine order. */
export interface ProcessDefinitionDto {
  id: string;
  key: string;
  category: string;
  description: string | null;
  name: string;
  version: number;
  resource: string;
  deploymentId: string;
  diagram: string | null;
  suspended: boolean;
  tenantId: string | null;
  versionTag: string | null;
  historyTimeToLive: number | null;
  startableInTasklist: boolean;
}

export function processDefinitionDto(definition: ProcessDefinitionRecord): ProcessDefinitionDto {
  return {
    id: definition.id,
    key: definition.key,
    category: definition.category,
    description: definition.description,
    name: definition.name,
    version: definition.version,
    resource: definition.resource,
    deploymentId: definition.deploymentId,
    diagram: definition.diagram,
    suspended: definition.suspended,
    tenantId: definition.tenantId,
    versionTag: definition.versionTag,
    historyTimeToLive: definition.historyTimeToLive,
    startableInTasklist: definition.startableInTasklist,
  };
}

const PROCESS_DEFINITION_QUERY_PARAMS: Record<string, QueryParamKind> = {
  processDefinitionId: 'string',
  processDefinitionIdIn: 'stringArray',
  category: 'string',
  categoryLike: 'string',
  name: 'string',
  nameLike: 'string',
  deploymentId: 'string',
  deployedAfter: 'string',
  deployedAt: 'string',
  key: 'string',
  keysIn: 'stringArray',
  keyLike: 'string',
  // `ver` and `latest` are the deprecated aliases (setVer/setLatest); the later one in the URL wins.
  version: 'integer',
  ver: 'integer',
  latestVersion: 'boolean',
  latest: 'boolean',
  resourceName: 'string',
  resourceNameLike: 'string',
  startableBy: 'string',
  active: 'boolean',
  suspended: 'boolean',
  incidentId: 'string',
  incidentType: 'string',
  incidentMessage: 'string',
  incidentMessageLike: 'string',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
  includeProcessDefinitionsWithoutTenantId: 'boolean',
  versionTag: 'string',
  versionTagLike: 'string',
  withoutVersionTag: 'boolean',
  startableInTasklist: 'boolean',
  notStartableInTasklist: 'boolean',
  startablePermissionCheck: 'boolean',
};
const PROCESS_DEFINITION_SORT_BY = ['category', 'key', 'id', 'name', 'version', 'deploymentId', 'deployTime', 'tenantId', 'versionTag'] as const;
const DATE_PARAMS = ['deployedAfter', 'deployedAt'] as const;

/** The engine's date format yyyy-MM-dd'T'HH:mm:ss.SSSZ as epoch milliseconds, or undefined. */
export function parseEngineDate(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})([+-])(\d{2})(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, millis, , offsetHours, offsetMinutes] = match.map(Number);
  const utc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second, millis);
  const offset = ((offsetHours ?? 0) * 60 + (offsetMinutes ?? 0)) * 60_000;
  return match[8] === '-' ? utc + offset : utc - offset;
}

interface DefinitionFilters {
  values: Record<string, QueryValue>;
  version?: number;
  latest?: boolean;
  dates: Partial<Record<(typeof DATE_PARAMS)[number], number>>;
}

/**
 * The setters run in URL order, so of `version`/`ver` (and `latestVersion`/`latest`) the later wins.
 * Dates go through DateConverter.
 */
function definitionFilters(context: RouteContext, query: ParsedQuery): { ok: true; filters: DefinitionFilters } | { ok: false; response: Response } {
  const filters: DefinitionFilters = { values: query.values, dates: {} };
  for (const key of new Set(context.url.searchParams.keys())) {
    const value = query.values[key];
    if ((key === 'version' || key === 'ver') && typeof value === 'number') filters.version = value;
    if ((key === 'latestVersion' || key === 'latest') && typeof value === 'boolean') filters.latest = value;
  }
  for (const name of DATE_PARAMS) {
    const raw = query.values[name];
    if (typeof raw !== 'string') continue;
    const parsed = parseEngineDate(raw);
    if (parsed === undefined) {
      return { ok: false, response: invalidRequest(400, `Cannot set query parameter '${name}' to value '${raw}': Cannot convert value "${raw}" to java type java.util.Date`) };
    }
    filters.dates[name] = parsed;
  }
  return { ok: true, filters };
}

function nonEmpty(value: QueryValue | undefined): string[] | undefined {
  return Array.isArray(value) && value.length > 0 ? value : undefined;
}

function matchesTenant(tenantId: string | null, values: Record<string, QueryValue>): boolean {
  // withoutTenantId() clears tenantIdIn; includeProcessDefinitionsWithoutTenantId only widens tenantIdIn.
  if (values.withoutTenantId === true) return tenantId === null;
  const tenantIds = nonEmpty(values.tenantIdIn);
  if (tenantIds === undefined) return true;
  if (tenantId === null) return values.includeProcessDefinitionsWithoutTenantId === true;
  return tenantIds.includes(tenantId);
}

function matchesDefinition(definition: ProcessDefinitionRecord, filters: DefinitionFilters, all: readonly ProcessDefinitionRecord[]): boolean {
  const v = filters.values;
  const str = (name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  const checks: [string | undefined, (value: string) => boolean][] = [
    [str('processDefinitionId'), (id) => definition.id === id],
    [str('category'), (value) => definition.category === value],
    [str('categoryLike'), (pattern) => likeMatches(definition.category, pattern)],
    [str('name'), (value) => definition.name === value],
    [str('nameLike'), (pattern) => likeMatches(definition.name, pattern)],
    [str('deploymentId'), (value) => definition.deploymentId === value],
    [str('key'), (value) => definition.key === value],
    [str('keyLike'), (pattern) => likeMatches(definition.key, pattern)],
    [str('resourceName'), (value) => definition.resource === value],
    [str('resourceNameLike'), (pattern) => likeMatches(definition.resource, pattern)],
    [str('versionTag'), (value) => definition.versionTag === value],
    [str('versionTagLike'), (pattern) => likeMatches(definition.versionTag, pattern)],
    // No incidents exist in the simulated engine.
    [str('incidentId'), () => false],
    [str('incidentType'), () => false],
    [str('incidentMessage'), () => false],
    [str('incidentMessageLike'), () => false],
  ];
  if (checks.some(([value, test]) => value !== undefined && !test(value))) return false;

  const ids = nonEmpty(v.processDefinitionIdIn);
  if (ids !== undefined && !ids.includes(definition.id)) return false;
  const keys = nonEmpty(v.keysIn);
  if (keys !== undefined && !keys.includes(definition.key)) return false;
  if (filters.version !== undefined && definition.version !== filters.version) return false;
  if (v.active === true && definition.suspended) return false;
  if (v.suspended === true && !definition.suspended) return false;
  if (!matchesTenant(definition.tenantId, v)) return false;
  if (v.withoutVersionTag === true && definition.versionTag !== null) return false;
  if (v.startableInTasklist === true && !definition.startableInTasklist) return false;
  if (v.notStartableInTasklist === true && definition.startableInTasklist) return false;
  const deployed = parseEngineDate(definition.deployTime) ?? 0;
  if (filters.dates.deployedAfter !== undefined && !(deployed > filters.dates.deployedAfter)) return false;
  if (filters.dates.deployedAt !== undefined && deployed !== filters.dates.deployedAt) return false;
  if (filters.latest === true) {
    // The highest version of the same key within the same tenant (no tenant counts as its own).
    const newest = Math.max(...all.filter((other) => other.key === definition.key && other.tenantId === definition.tenantId).map((other) => other.version));
    if (definition.version !== newest) return false;
  }
  return true;
}

function sortDefinitions(items: ProcessDefinitionRecord[], query: ParsedQuery): ProcessDefinitionRecord[] {
  const direction = query.sortOrder === 'desc' ? -1 : 1;
  const deployed = (definition: ProcessDefinitionRecord): number => parseEngineDate(definition.deployTime) ?? 0;
  const byKey = (a: ProcessDefinitionRecord, b: ProcessDefinitionRecord): number => {
    switch (query.sortBy) {
      case 'category':
        return compareStrings(a.category, b.category);
      case 'key':
        return compareStrings(a.key, b.key);
      case 'id':
        return compareStrings(a.id, b.id);
      case 'name':
        return compareStrings(a.name, b.name);
      case 'version':
        return a.version - b.version;
      case 'deploymentId':
        return compareStrings(a.deploymentId, b.deploymentId);
      case 'deployTime':
        return deployed(a) - deployed(b);
      case 'tenantId':
        return compareNullable(a.tenantId, b.tenantId);
      case 'versionTag':
        return compareNullable(a.versionTag, b.versionTag);
      default:
        return 0;
    }
  };
  // Unsorted queries come back by id (ORDER BY RES.ID_ asc); ties of an explicit sort by id too.
  return [...items].sort((a, b) => byKey(a, b) * direction || compareStrings(a.id, b.id));
}

export function registerProcessDefinitionRoutes(router: EngineRouter, state: EngineState): void {
  const filtered = (context: RouteContext): { ok: true; items: ProcessDefinitionRecord[] } | { ok: false; response: Response } => {
    const parsed = parseQuery(context.url.searchParams, PROCESS_DEFINITION_QUERY_PARAMS, PROCESS_DEFINITION_SORT_BY);
    if (!parsed.ok) return parsed;
    const filters = definitionFilters(context, parsed.query);
    if (!filters.ok) return filters;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    const sortError = sortPairError(parsed.query);
    if (sortError) return { ok: false, response: sortError };
    // ProcessDefinitionQueryImpl.checkQueryOk, when the query runs.
    const values = parsed.query.values;
    if (filters.filters.latest === true && (values.processDefinitionId !== undefined || filters.filters.version !== undefined || values.deploymentId !== undefined)) {
      const message = 'Calling latest() can only be used in combination with key(String) and keyLike(String) or name(String) and nameLike(String)';
      return { ok: false, response: json(exceptionBody('ProcessEngineException', message, 0), 500) };
    }
    const all = state.processDefinitions;
    // AuthorizationManager.configureProcessDefinitionQuery: READ on PROCESS_DEFINITION with the key (RES.KEY_).
    const authentication = authenticationOf(state, context.authenticatedUserId);
    const readable = authentication === null ? () => true : queryVisibility(state, authentication, genericPermission('READ'), ResourceType.PROCESS_DEFINITION);
    // `latestVersion` looks at every version of the key, readable or not (the same key decides both).
    const matching = all.filter((definition) => readable(definition.key) && matchesDefinition(definition, filters.filters, all));
    return { ok: true, items: sortDefinitions(matching, parsed.query) };
  };

  router.add(
    'get',
    '/process-definition',
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = filtered(context);
      if (!result.ok) return result.response;
      return pagedJson(state, context, result.items, paging.paging, processDefinitionDto);
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/process-definition/count',
    (context) => {
      const result = filtered(context);
      if (!result.ok) return result.response;
      return json({ count: result.items.length });
    },
    { engineCheck: 'manual' },
  );

  router.add('get', '/process-definition/:id', ({ params, authenticatedUserId }) => {
    const id = params.id ?? '';
    const definition = state.findProcessDefinition(id);
    // RepositoryService.getProcessDefinition (GetDeployedProcessDefinitionCmd) throws for an unknown id
    // and, after finding it, AuthorizationException without READ on PROCESS_DEFINITION with the key
    // (AuthorizationCommandChecker.checkReadProcessDefinition). ProcessDefinitionResourceImpl.getProcessDefinition
    // catches ProcessEngineException, AuthorizationException included, and wraps both in the same
    // 404 InvalidRequestException (code 0 from the cause): a definition the caller may not read looks unknown.
    const authentication = authenticationOf(state, authenticatedUserId);
    const readable =
      definition !== undefined &&
      (authentication === null ||
        isAuthorized(state, authentication, { permission: genericPermission('READ'), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: definition.key }));
    if (!readable) return json(exceptionBody('InvalidRequestException', `No matching definition with id ${id}`, 0), 404);
    return json(processDefinitionDto(definition));
  });

  router.add('get', '/process-definition/:id/statistics', ({ params, url, authenticatedUserId }) => {
    // @QueryParam Boolean: JAX-RS Boolean.valueOf never fails; only presence matters for the check.
    if (url.searchParams.has('incidents') && url.searchParams.has('incidentsForType')) {
      return invalidRequest(400, 'Only one of the query parameter includeIncidents or includeIncidentsForType can be set.');
    }
    // A query: an unknown definition id simply has no statistics.
    const counts = new Map<string, number>();
    // configureActivityStatisticsQuery: only instances the caller may read count (no check on the definition).
    const visible = processInstanceVisibility(state, authenticationOf(state, authenticatedUserId));
    for (const instance of state.processInstances) {
      if (instance.definitionId !== params.id || !visible(instance)) continue;
      for (const activityId of instance.activityIds) counts.set(activityId, (counts.get(activityId) ?? 0) + 1);
    }
    const rows = [...counts.entries()]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([activityId, instances]) => ({
        // StatisticsResultDto is @JsonTypeInfo(use = CLASS): the class name goes first.
        '@class': state.javaClass('engine.rest.dto.repository.ActivityStatisticsResultDto'),
        id: activityId,
        instances,
        // No jobs and no incidents are simulated: 0 and [] whether or not they were asked for.
        failedJobs: 0,
        incidents: [],
      }));
    return json(rows);
  });
}
