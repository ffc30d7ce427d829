// Process definitions: GET /process-definition, /process-definition/count, /process-definition/{id},
// /process-definition/{id}/statistics, /process-definition/{id}/xml and /process-definition/statistics,
// like ProcessDefinitionRestServiceImpl, ProcessDefinitionQueryDto / ProcessDefinitionQueryImpl and
// ProcessDefinitionResourceImpl (7.24).
import { readFileSync } from 'node:fs';
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
import { authenticationOf, checkAuthorization, genericPermission, isAuthorized, queryVisibility } from './permissions.js';
import { processInstanceVisibility } from './runtime.js';
import { ResourceType } from './state.js';
import type { EngineState, IncidentRecord, ProcessDefinitionRecord, ProcessInstanceRecord } from './state.js';

const MODELS_DIR = new URL('./models/', import.meta.url);

/** The BPMN 2.0 XML a definition was deployed with: its own, or the file of its resource in ./models/. */
export function bpmnXmlOf(definition: ProcessDefinitionRecord): string {
  if (definition.bpmnXml !== undefined) return definition.bpmnXml;
  try {
    return readFileSync(new URL(definition.resource, MODELS_DIR), 'utf8');
  } catch {
    throw new Error(`simulator: no BPMN model for ${definition.id}: give it bpmnXml or add test/simulator/models/${definition.resource}`);
  }
}

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
      return {
        ok: false,
        response: invalidRequest(400, `Cannot set query parameter '${name}' to value '${raw}': Cannot convert value "${raw}" to java type java.util.Date`),
      };
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

/** Open incidents by the id of the definition their process instance runs on. */
function incidentsByDefinition(state: EngineState): Map<string, IncidentRecord[]> {
  const definitionOf = new Map(state.processInstances.map((instance) => [instance.id, instance.definitionId]));
  const byDefinition = new Map<string, IncidentRecord[]>();
  for (const incident of state.incidents) {
    const definitionId = definitionOf.get(incident.processInstanceId);
    if (definitionId === undefined) continue;
    byDefinition.set(definitionId, [...(byDefinition.get(definitionId) ?? []), incident]);
  }
  return byDefinition;
}

function matchesDefinition(
  definition: ProcessDefinitionRecord,
  filters: DefinitionFilters,
  all: readonly ProcessDefinitionRecord[],
  incidents: readonly IncidentRecord[] = [],
): boolean {
  const v = filters.values;
  const str = (name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  const hasIncident = (test: (incident: IncidentRecord) => boolean) => incidents.some(test);
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
    // Definitions with an open incident of that id, type or message (on one of their instances).
    [str('incidentId'), (id) => hasIncident((incident) => incident.id === id)],
    [str('incidentType'), (type) => hasIncident((incident) => incident.incidentType === type)],
    [str('incidentMessage'), (message) => hasIncident((incident) => incident.incidentMessage === message)],
    [str('incidentMessageLike'), (pattern) => hasIncident((incident) => incident.incidentMessage !== null && likeMatches(incident.incidentMessage, pattern))],
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
    if (
      filters.filters.latest === true &&
      (values.processDefinitionId !== undefined || filters.filters.version !== undefined || values.deploymentId !== undefined)
    ) {
      const message = 'Calling latest() can only be used in combination with key(String) and keyLike(String) or name(String) and nameLike(String)';
      return { ok: false, response: json(exceptionBody('ProcessEngineException', message, 0), 500) };
    }
    const all = state.processDefinitions;
    // AuthorizationManager.configureProcessDefinitionQuery: READ on PROCESS_DEFINITION with the key (RES.KEY_).
    const authentication = authenticationOf(state, context.authenticatedUserId);
    const readable = authentication === null ? () => true : queryVisibility(state, authentication, genericPermission('READ'), ResourceType.PROCESS_DEFINITION);
    // `latestVersion` looks at every version of the key, readable or not (the same key decides both).
    const incidents = incidentsByDefinition(state);
    const matching = all.filter((definition) => readable(definition.key) && matchesDefinition(definition, filters.filters, all, incidents.get(definition.id)));
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

  router.add('get', '/process-definition/statistics', ({ url, authenticatedUserId }) => {
    // ProcessDefinitionRestServiceImpl.getStatistics: @QueryParam Boolean, so presence decides.
    const has = (name: string) => url.searchParams.has(name);
    if (has('incidents') && has('incidentsForType'))
      return invalidRequest(400, 'Only one of the query parameter includeIncidents or includeIncidentsForType can be set.');
    if (has('incidents') && has('rootIncidents'))
      return invalidRequest(400, 'Only one of the query parameter includeIncidents or includeRootIncidents can be set.');
    if (has('rootIncidents') && has('incidentsForType'))
      return invalidRequest(400, 'Only one of the query parameter includeRootIncidents or includeIncidentsForType can be set.');
    const counting = statisticsCounting(state, url);
    const authentication = authenticationOf(state, authenticatedUserId);
    const readable = authentication === null ? () => true : queryVisibility(state, authentication, genericPermission('READ'), ResourceType.PROCESS_DEFINITION);
    const visible = processInstanceVisibility(state, authentication);
    // Every readable definition, with or without instances (unlimitedList: no paging, no limit).
    const rows = state.processDefinitions
      .filter((definition) => readable(definition.key))
      .sort((a, b) => compareStrings(a.id, b.id))
      .map((definition) => {
        const instances = state.processInstances.filter((instance) => instance.definitionId === definition.id && visible(instance));
        return {
          '@class': 'org.camunda.bpm.engine.rest.dto.repository.ProcessDefinitionStatisticsResultDto',
          id: definition.id,
          instances: instances.length,
          ...counting(instances, () => true),
          definition: processDefinitionDto(definition),
        };
      });
    return json(rows);
  });

  router.add('get', '/process-definition/:id/xml', ({ params, authenticatedUserId }) => {
    const id = params.id ?? '';
    const definition = state.findProcessDefinition(id);
    // ProcessDefinitionResourceImpl.getProcessDefinitionBpmn20Xml: RepositoryService.getProcessModel
    // throws NotFoundException (wrapped in a 404) for an unknown id, and AuthorizationException
    // (passed on: 403) without READ on the definition's key.
    if (definition === undefined) return json(exceptionBody('InvalidRequestException', `No matching definition with id ${id}`, 0), 404);
    const denied = checkAuthorization(state, authenticationOf(state, authenticatedUserId), [
      { permission: genericPermission('READ'), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: definition.key },
    ]);
    if (denied) return denied;
    // ProcessDefinitionDiagramDto: the id and the deployed resource as one string.
    return json({ id: definition.id, bpmn20Xml: bpmnXmlOf(definition) });
  });

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
        isAuthorized(state, authentication, {
          permission: genericPermission('READ'),
          resourceType: ResourceType.PROCESS_DEFINITION,
          resourceId: definition.key,
        }));
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
    const instances = state.processInstances.filter((instance) => instance.definitionId === params.id && visible(instance));
    for (const instance of instances) {
      for (const activityId of instance.activityIds) counts.set(activityId, (counts.get(activityId) ?? 0) + 1);
    }
    // selectActivityStatisticsByQueryCriteriaSql: with incidents (or failed jobs) asked for, the activity
    // ids of the incidents are a UNION of their own: an incident where no execution is (a boundary
    // event's) has a row with 0 instances.
    if (
      ['incidents', 'rootIncidents', 'incidentsForType', 'failedJobs'].some(
        (name) => url.searchParams.get(name) !== null && url.searchParams.get(name) !== 'false',
      )
    ) {
      const ids = new Set(instances.map((instance) => instance.id));
      for (const incident of state.incidents) if (ids.has(incident.processInstanceId) && !counts.has(incident.activityId)) counts.set(incident.activityId, 0);
    }
    const counting = statisticsCounting(state, url);
    const rows = [...counts.entries()]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([activityId, count]) => ({
        // StatisticsResultDto is @JsonTypeInfo(use = CLASS): the class name goes first.
        '@class': state.javaClass('engine.rest.dto.repository.ActivityStatisticsResultDto'),
        id: activityId,
        instances: count,
        ...counting(instances, (incident) => incident.activityId === activityId),
      }));
    return json(rows);
  });
}

/**
 * failedJobs and incidents of a statistics row, as asked for: failedJobs only with failedJobs=true
 * (else 0), incidents grouped by type only with incidents=true, rootIncidents=true or
 * incidentsForType=TYPE (that type alone), else []. Failed jobs are the open failedJob incidents.
 * Every simulated incident is its own root cause, so rootIncidents counts them all.
 */
function statisticsCounting(
  state: EngineState,
  url: URL,
): (
  instances: readonly ProcessInstanceRecord[],
  where: (incident: IncidentRecord) => boolean,
) => { failedJobs: number; incidents: { incidentType: string; incidentCount: number }[] } {
  const failedJobs = url.searchParams.get('failedJobs') === 'true';
  const allTypes = url.searchParams.get('incidents') === 'true' || url.searchParams.get('rootIncidents') === 'true';
  const oneType = url.searchParams.get('incidentsForType');
  return (instances, where) => {
    const ids = new Set(instances.map((instance) => instance.id));
    const incidents = state.incidents.filter((incident) => ids.has(incident.processInstanceId) && where(incident));
    const byType = new Map<string, number>();
    for (const incident of incidents) {
      if (allTypes || incident.incidentType === oneType) byType.set(incident.incidentType, (byType.get(incident.incidentType) ?? 0) + 1);
    }
    return {
      failedJobs: failedJobs ? incidents.filter((incident) => incident.incidentType === 'failedJob').length : 0,
      incidents: [...byType].map(([incidentType, incidentCount]) => ({ incidentType, incidentCount })),
    };
  };
}
