// Decision definitions: GET /decision-definition, /decision-definition/count, /decision-definition/{id},
// like DecisionDefinitionRestServiceImpl, DecisionDefinitionQueryDto and DecisionDefinitionResourceImpl
// (7.24). PUT /decision-definition/{id}/history-time-to-live is in definition-ttl.ts.
import type { DecisionDefinitionRecord } from './decision-seed.js';
import { compareNullable, compareStrings, exceptionBody, json, likeMatches, pagedJson, parsePaging, parseQuery, sortPairError } from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf, genericPermission, queryVisibility } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState } from './state.js';

/** The engine's DecisionDefinitionDto, field for field and in engine order. */
export function decisionDefinitionDto(definition: DecisionDefinitionRecord) {
  return {
    id: definition.id,
    key: definition.key,
    category: definition.category,
    name: definition.name,
    version: definition.version,
    resource: definition.resource,
    deploymentId: definition.deploymentId,
    tenantId: definition.tenantId,
    decisionRequirementsDefinitionId: definition.decisionRequirementsDefinitionId,
    decisionRequirementsDefinitionKey: definition.decisionRequirementsDefinitionKey,
    historyTimeToLive: definition.historyTimeToLive,
    versionTag: definition.versionTag,
  };
}

const DECISION_DEFINITION_QUERY_PARAMS: Record<string, QueryParamKind> = {
  decisionDefinitionId: 'string',
  decisionDefinitionIdIn: 'stringArray',
  name: 'string',
  nameLike: 'string',
  deploymentId: 'string',
  deployedAfter: 'string',
  deployedAt: 'string',
  key: 'string',
  keyLike: 'string',
  category: 'string',
  categoryLike: 'string',
  version: 'integer',
  latestVersion: 'boolean',
  resourceName: 'string',
  resourceNameLike: 'string',
  decisionRequirementsDefinitionId: 'string',
  decisionRequirementsDefinitionKey: 'string',
  withoutDecisionRequirementsDefinition: 'boolean',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
  includeDecisionDefinitionsWithoutTenantId: 'boolean',
  versionTag: 'string',
  versionTagLike: 'string',
};
const DECISION_DEFINITION_SORT_BY = [
  'category',
  'decisionRequirementsDefinitionKey',
  'key',
  'id',
  'name',
  'version',
  'deploymentId',
  'deployTime',
  'versionTag',
  'tenantId',
] as const;

function matches(definition: DecisionDefinitionRecord, query: ParsedQuery, all: readonly DecisionDefinitionRecord[]): boolean {
  const v = query.values;
  const str = (name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  const checks: [string | undefined, (value: string) => boolean][] = [
    [str('decisionDefinitionId'), (id) => definition.id === id],
    [str('name'), (value) => definition.name === value],
    [str('nameLike'), (pattern) => definition.name !== null && likeMatches(definition.name, pattern)],
    [str('deploymentId'), (value) => definition.deploymentId === value],
    [str('key'), (value) => definition.key === value],
    [str('keyLike'), (pattern) => likeMatches(definition.key, pattern)],
    [str('category'), (value) => definition.category === value],
    [str('categoryLike'), (pattern) => likeMatches(definition.category, pattern)],
    [str('resourceName'), (value) => definition.resource === value],
    [str('resourceNameLike'), (pattern) => likeMatches(definition.resource, pattern)],
    [str('decisionRequirementsDefinitionId'), (value) => definition.decisionRequirementsDefinitionId === value],
    [str('decisionRequirementsDefinitionKey'), (value) => definition.decisionRequirementsDefinitionKey === value],
    [str('versionTag'), (value) => definition.versionTag === value],
    [str('versionTagLike'), (pattern) => definition.versionTag !== null && likeMatches(definition.versionTag, pattern)],
  ];
  if (checks.some(([value, test]) => value !== undefined && !test(value))) return false;
  const ids = Array.isArray(v.decisionDefinitionIdIn) && v.decisionDefinitionIdIn.length > 0 ? v.decisionDefinitionIdIn : undefined;
  if (ids !== undefined && !ids.includes(definition.id)) return false;
  if (typeof v.version === 'number' && definition.version !== v.version) return false;
  if (v.withoutDecisionRequirementsDefinition === true && definition.decisionRequirementsDefinitionId !== null) return false;
  if (v.withoutTenantId === true) {
    if (definition.tenantId !== null) return false;
  } else {
    const tenants = Array.isArray(v.tenantIdIn) && v.tenantIdIn.length > 0 ? v.tenantIdIn : undefined;
    if (tenants !== undefined) {
      const inTenant = definition.tenantId === null ? v.includeDecisionDefinitionsWithoutTenantId === true : tenants.includes(definition.tenantId);
      if (!inTenant) return false;
    }
  }
  if (v.latestVersion === true) {
    // The highest version of the same key within the same tenant (no tenant counts as its own).
    const newest = Math.max(...all.filter((other) => other.key === definition.key && other.tenantId === definition.tenantId).map((other) => other.version));
    if (definition.version !== newest) return false;
  }
  return true;
}

function sortDefinitions(items: DecisionDefinitionRecord[], query: ParsedQuery): DecisionDefinitionRecord[] {
  const direction = query.sortOrder === 'desc' ? -1 : 1;
  const byKey = (a: DecisionDefinitionRecord, b: DecisionDefinitionRecord): number => {
    switch (query.sortBy) {
      case 'category':
        return compareStrings(a.category, b.category);
      case 'decisionRequirementsDefinitionKey':
        return compareNullable(a.decisionRequirementsDefinitionKey, b.decisionRequirementsDefinitionKey);
      case 'key':
        return compareStrings(a.key, b.key);
      case 'id':
        return compareStrings(a.id, b.id);
      case 'name':
        return compareNullable(a.name, b.name);
      case 'version':
        return a.version - b.version;
      case 'deploymentId':
        return compareStrings(a.deploymentId, b.deploymentId);
      case 'deployTime':
        return compareStrings(a.deployTime, b.deployTime);
      case 'versionTag':
        return compareNullable(a.versionTag, b.versionTag);
      case 'tenantId':
        return compareNullable(a.tenantId, b.tenantId);
      default:
        return 0;
    }
  };
  // Unsorted queries come back by id; ties of an explicit sort by id too.
  return [...items].sort((a, b) => byKey(a, b) * direction || compareStrings(a.id, b.id));
}

/** Whether the caller may read the definition (READ on DECISION_DEFINITION with its key); everyone without authentication. */
export function decisionReadable(state: EngineState, context: RouteContext): (definition: DecisionDefinitionRecord) => boolean {
  const authentication = authenticationOf(state, context.authenticatedUserId);
  if (authentication === null) return () => true;
  const visible = queryVisibility(state, authentication, genericPermission('READ'), ResourceType.DECISION_DEFINITION);
  return (definition) => visible(definition.key);
}

export function registerDecisionDefinitionRoutes(router: EngineRouter, state: EngineState): void {
  const filtered = (context: RouteContext): { ok: true; items: DecisionDefinitionRecord[] } | { ok: false; response: Response } => {
    const parsed = parseQuery(context.url.searchParams, DECISION_DEFINITION_QUERY_PARAMS, DECISION_DEFINITION_SORT_BY);
    if (!parsed.ok) return parsed;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    const sortError = sortPairError(parsed.query);
    if (sortError) return { ok: false, response: sortError };
    const readable = decisionReadable(state, context);
    const all = state.decisionDefinitions;
    return {
      ok: true,
      items: sortDefinitions(
        all.filter((definition) => readable(definition) && matches(definition, parsed.query, all)),
        parsed.query,
      ),
    };
  };

  router.add(
    'get',
    '/decision-definition',
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = filtered(context);
      if (!result.ok) return result.response;
      return pagedJson(state, context, result.items, paging.paging, decisionDefinitionDto);
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/decision-definition/count',
    (context) => {
      const result = filtered(context);
      if (!result.ok) return result.response;
      return json({ count: result.items.length });
    },
    { engineCheck: 'manual' },
  );

  router.add('get', '/decision-definition/:id', ({ params }) => {
    const id = params.id ?? '';
    const definition = state.decisionDefinitions.find((candidate) => candidate.id === id);
    // GetDeploymentDecisionDefinitionCmd: NotFoundException (ensureNotNull) for an unknown id, which
    // DecisionDefinitionResourceImpl wraps in a 404. Its READ check is not simulated here.
    if (definition === undefined)
      return json(exceptionBody('InvalidRequestException', `no deployed decision definition found with id '${id}': decisionDefinition is null`, 0), 404);
    return json(decisionDefinitionDto(definition));
  });

  router.add('get', '/decision-definition/:id/xml', ({ params }) => {
    const id = params.id ?? '';
    const definition = state.decisionDefinitions.find((candidate) => candidate.id === id);
    // DecisionDefinitionResourceImpl.getDecisionDefinitionDmnXml: RepositoryService.getDecisionModel,
    // a 404 for an unknown id; its READ check is not simulated here (as for GET /decision-definition/{id}).
    if (definition === undefined) return json(exceptionBody('InvalidRequestException', `No matching decision definition with id ${id}`, 0), 404);
    // DecisionDefinitionDiagramDto: the id and the deployed resource as one string.
    return json({ id: definition.id, dmnXml: definition.dmnXml ?? minimalDmn(definition) });
  });
}

/** A DMN 1.3 document holding only this decision: what the engine would answer for a resource of one decision. */
function minimalDmn(definition: DecisionDefinitionRecord): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" xmlns:camunda="http://camunda.org/schema/1.0/dmn" id="${definition.key}-definitions" name="${definition.key}" namespace="http://camunda.org/schema/1.0/dmn">
  <decision id="${definition.key}" name="${definition.name ?? definition.key}" camunda:historyTimeToLive="${definition.historyTimeToLive ?? 180}">
    <decisionTable id="${definition.key}-table">
      <input id="${definition.key}-input"><inputExpression id="${definition.key}-expression" typeRef="string"><text>amount</text></inputExpression></input>
      <output id="${definition.key}-output" name="result" typeRef="string" />
    </decisionTable>
  </decision>
</definitions>
`;
}
