// CMMN cases: definitions deployed from .cmmn resources (deployments.ts calls deployCases), GET
// /case-definition, /case-definition/count, /case-definition/{id}/xml, GET /case-instance and
// /case-instance/count, like CaseDefinitionRestServiceImpl, CaseDefinitionQueryDto,
// CaseInstanceRestServiceImpl and CaseInstanceQueryDto (7.24); shapes as a real 7.24 engine answers
// (captured with curl: DTO fields in the engine's order, the same 400 and 404 messages). Case
// instances are put in by tests (createCaseInstance): the engine's case execution is not simulated,
// nor are authorization checks on cases, nor the history time-to-live enforcement of CMMN resources.
// Kept apart from state.ts: a WeakMap per engine state, as deployments.ts keeps its deployments.
import { scanXml, XmlSyntaxError } from '../../src/model-files/xml-scanner.js';
import { compareNullable, compareStrings, engineQuery, exceptionBody, json, likeMatches, pagedJson, parsePaging } from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, RouteContext } from './handlers.js';
import type { EngineState } from './state.js';

interface CaseDefinitionRecord {
  id: string;
  key: string;
  category: string;
  name: string | null;
  version: number;
  resource: string;
  deploymentId: string;
  tenantId: string | null;
  historyTimeToLive: number | null;
  cmmnXml: string;
}

interface CaseInstanceRecord {
  id: string;
  caseDefinitionId: string;
  businessKey: string | null;
  tenantId: string | null;
  state: 'active' | 'completed' | 'terminated';
}

interface CaseStore {
  definitions: CaseDefinitionRecord[];
  instances: CaseInstanceRecord[];
}

const stores = new WeakMap<EngineState, CaseStore>();

/** The case definitions and case instances of an engine state; none until a .cmmn is deployed. */
export function caseStore(state: EngineState): CaseStore {
  let store = stores.get(state);
  if (store === undefined) {
    store = { definitions: [], instances: [] };
    stores.set(state, store);
  }
  return store;
}

/** The engine's CaseDefinitionDto, field for field and in engine order (also the deployment's deployedCaseDefinitions). */
export function caseDefinitionDto(definition: CaseDefinitionRecord) {
  return {
    id: definition.id,
    key: definition.key,
    category: definition.category,
    name: definition.name,
    version: definition.version,
    resource: definition.resource,
    deploymentId: definition.deploymentId,
    tenantId: definition.tenantId,
    historyTimeToLive: definition.historyTimeToLive,
  };
}

/** The engine's CaseInstanceDto as a list row (its links are empty there). */
function caseInstanceDto(instance: CaseInstanceRecord) {
  return {
    links: [],
    id: instance.id,
    caseDefinitionId: instance.caseDefinitionId,
    businessKey: instance.businessKey,
    tenantId: instance.tenantId,
    active: instance.state === 'active',
    completed: instance.state === 'completed',
    terminated: instance.state === 'terminated',
  };
}

const CMMN_MODEL = 'http://www.omg.org/spec/CMMN/20151109/MODEL';
const CAMUNDA_CMMN = 'http://camunda.org/schema/1.0/cmmn';
export const CMMN_SUFFIXES = ['.cmmn11.xml', '.cmmn10.xml', '.cmmn'];

/**
 * The cases of one deployed CMMN resource, as the engine's CmmnTransform makes them: a definition
 * per `case` element, keyed by its id, with the next version of the key within the tenant; the
 * category is the definitions' targetNamespace. Throws XmlSyntaxError for a text that is no XML.
 */
export function deployCases(state: EngineState, deployment: { id: string; tenantId: string | null }, resource: string, xml: string): CaseDefinitionRecord[] {
  const store = caseStore(state);
  let category = '';
  const cases: { key: string; name: string | null; historyTimeToLive: number | null }[] = [];
  scanXml(xml, (tag) => {
    const attribute = (local: string, uri = '') => tag.attributes.find((candidate) => candidate.local === local && candidate.uri === uri)?.value;
    if (tag.depth === 0 && tag.name.local === 'definitions') category = attribute('targetNamespace') ?? '';
    if (tag.depth === 1 && tag.name.local === 'case' && tag.name.uri === CMMN_MODEL) {
      const ttl = attribute('historyTimeToLive', CAMUNDA_CMMN);
      cases.push({ key: attribute('id') ?? '', name: attribute('name') ?? null, historyTimeToLive: ttl === undefined ? null : Number(ttl) });
    }
  });
  const created = cases.map((found) => {
    const version =
      1 + Math.max(0, ...store.definitions.filter((other) => other.key === found.key && other.tenantId === deployment.tenantId).map((other) => other.version));
    return {
      id: `${found.key}:${version}:${state.nextId()}`,
      key: found.key,
      category,
      name: found.name,
      version,
      resource,
      deploymentId: deployment.id,
      tenantId: deployment.tenantId,
      historyTimeToLive: found.historyTimeToLive,
      cmmnXml: xml,
    };
  });
  store.definitions.push(...created);
  return created;
}

/** Whether the engine's CMMN parser could read the text at all. */
export function isWellFormed(xml: string): boolean {
  try {
    scanXml(xml, () => {});
    return true;
  } catch (error) {
    if (error instanceof XmlSyntaxError) return false;
    throw error;
  }
}

/** A real 7.24 engine's answer to a .cmmn that is not well-formed XML (captured with curl). */
export function cmmnTransformException(resource: string): Response {
  return json(exceptionBody('ProcessEngineException', `ENGINE-04001 Could not transform resource '${resource}'.`, 0), 500);
}

/**
 * Deleting a deployment deletes its case definitions and their case instances; without cascade, a
 * real 7.24 engine refuses when there are case instances: the foreign key of ACT_RU_CASE_EXECUTION
 * fails, a 500 with code 10001 (captured with curl). Nothing is deleted then.
 */
export function deleteDeploymentCases(state: EngineState, deploymentId: string, cascade: boolean): Response | undefined {
  const store = caseStore(state);
  const gone = new Set(store.definitions.filter((definition) => definition.deploymentId === deploymentId).map((definition) => definition.id));
  if (!cascade && store.instances.some((instance) => gone.has(instance.caseDefinitionId))) {
    const message = 'An exception occurred in the persistence layer. Please check the server logs for a detailed message and the entire exception stack trace.';
    return json(exceptionBody('ProcessEnginePersistenceException', message, 10001), 500);
  }
  store.definitions = store.definitions.filter((definition) => !gone.has(definition.id));
  store.instances = store.instances.filter((instance) => !gone.has(instance.caseDefinitionId));
  return undefined;
}

/** A case instance of the definition, in the runtime until it is closed (POST /case-definition/{id}/create is not simulated). */
export function createCaseInstance(
  state: EngineState,
  caseDefinitionId: string,
  options: { businessKey?: string; state?: CaseInstanceRecord['state'] } = {},
): CaseInstanceRecord {
  const store = caseStore(state);
  const definition = store.definitions.find((candidate) => candidate.id === caseDefinitionId);
  if (definition === undefined) throw new Error(`no case definition ${caseDefinitionId}`);
  const instance: CaseInstanceRecord = {
    id: state.nextId(),
    caseDefinitionId,
    businessKey: options.businessKey ?? null,
    tenantId: definition.tenantId,
    state: options.state ?? 'active',
  };
  store.instances.push(instance);
  return instance;
}

const CASE_DEFINITION_QUERY_PARAMS: Record<string, QueryParamKind> = {
  caseDefinitionId: 'string',
  caseDefinitionIdIn: 'stringArray',
  name: 'string',
  nameLike: 'string',
  deploymentId: 'string',
  key: 'string',
  keyLike: 'string',
  category: 'string',
  categoryLike: 'string',
  version: 'integer',
  latestVersion: 'boolean',
  resourceName: 'string',
  resourceNameLike: 'string',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
  includeCaseDefinitionsWithoutTenantId: 'boolean',
};
const CASE_DEFINITION_SORT_BY = ['category', 'key', 'id', 'name', 'version', 'deploymentId', 'tenantId'] as const;

const CASE_INSTANCE_QUERY_PARAMS: Record<string, QueryParamKind> = {
  caseInstanceId: 'string',
  businessKey: 'string',
  caseDefinitionId: 'string',
  caseDefinitionKey: 'string',
  deploymentId: 'string',
  active: 'boolean',
  completed: 'boolean',
  terminated: 'boolean',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
};
const CASE_INSTANCE_SORT_BY = ['caseInstanceId', 'caseDefinitionKey', 'caseDefinitionId', 'tenantId'] as const;

function stringValue(query: ParsedQuery, name: string): string | undefined {
  const value = query.values[name];
  return typeof value === 'string' ? value : undefined;
}

function listValue(query: ParsedQuery, name: string): string[] | undefined {
  const value = query.values[name];
  return Array.isArray(value) && value.length > 0 ? value : undefined;
}

function inTenants(tenantId: string | null, query: ParsedQuery, includeWithout: string | null): boolean {
  if (query.values.withoutTenantId === true) return tenantId === null;
  const tenants = listValue(query, 'tenantIdIn');
  if (tenants === undefined) return true;
  return tenantId === null ? includeWithout !== null && query.values[includeWithout] === true : tenants.includes(tenantId);
}

function definitionMatches(definition: CaseDefinitionRecord, query: ParsedQuery, all: readonly CaseDefinitionRecord[]): boolean {
  const checks: [string | undefined, (value: string) => boolean][] = [
    [stringValue(query, 'caseDefinitionId'), (id) => definition.id === id],
    [stringValue(query, 'name'), (value) => definition.name === value],
    [stringValue(query, 'nameLike'), (pattern) => likeMatches(definition.name, pattern)],
    [stringValue(query, 'deploymentId'), (value) => definition.deploymentId === value],
    [stringValue(query, 'key'), (value) => definition.key === value],
    [stringValue(query, 'keyLike'), (pattern) => likeMatches(definition.key, pattern)],
    [stringValue(query, 'category'), (value) => definition.category === value],
    [stringValue(query, 'categoryLike'), (pattern) => likeMatches(definition.category, pattern)],
    [stringValue(query, 'resourceName'), (value) => definition.resource === value],
    [stringValue(query, 'resourceNameLike'), (pattern) => likeMatches(definition.resource, pattern)],
  ];
  if (checks.some(([value, test]) => value !== undefined && !test(value))) return false;
  const ids = listValue(query, 'caseDefinitionIdIn');
  if (ids !== undefined && !ids.includes(definition.id)) return false;
  if (typeof query.values.version === 'number' && definition.version !== query.values.version) return false;
  if (!inTenants(definition.tenantId, query, 'includeCaseDefinitionsWithoutTenantId')) return false;
  if (query.values.latestVersion === true) {
    const newest = Math.max(...all.filter((other) => other.key === definition.key && other.tenantId === definition.tenantId).map((other) => other.version));
    if (definition.version !== newest) return false;
  }
  return true;
}

function sortDefinitions(items: CaseDefinitionRecord[], query: ParsedQuery): CaseDefinitionRecord[] {
  const direction = query.sortOrder === 'desc' ? -1 : 1;
  const byKey = (a: CaseDefinitionRecord, b: CaseDefinitionRecord): number => {
    switch (query.sortBy) {
      case 'category':
        return compareStrings(a.category, b.category);
      case 'key':
        return compareStrings(a.key, b.key);
      case 'name':
        return compareNullable(a.name, b.name);
      case 'version':
        return a.version - b.version;
      case 'deploymentId':
        return compareStrings(a.deploymentId, b.deploymentId);
      case 'tenantId':
        return compareNullable(a.tenantId, b.tenantId);
      default:
        return 0;
    }
  };
  // Unsorted queries come back by id; ties of an explicit sort by id too.
  return [...items].sort((a, b) => byKey(a, b) * direction || compareStrings(a.id, b.id));
}

function instanceMatches(instance: CaseInstanceRecord, query: ParsedQuery, definitions: readonly CaseDefinitionRecord[]): boolean {
  const definition = definitions.find((candidate) => candidate.id === instance.caseDefinitionId);
  const checks: [string | undefined, (value: string) => boolean][] = [
    [stringValue(query, 'caseInstanceId'), (id) => instance.id === id],
    [stringValue(query, 'businessKey'), (value) => instance.businessKey === value],
    [stringValue(query, 'caseDefinitionId'), (value) => instance.caseDefinitionId === value],
    [stringValue(query, 'caseDefinitionKey'), (value) => definition?.key === value],
    [stringValue(query, 'deploymentId'), (value) => definition?.deploymentId === value],
  ];
  if (checks.some(([value, test]) => value !== undefined && !test(value))) return false;
  for (const state of ['active', 'completed', 'terminated'] as const) if (query.values[state] === true && instance.state !== state) return false;
  return inTenants(instance.tenantId, query, null);
}

function sortInstances(items: CaseInstanceRecord[], query: ParsedQuery, definitions: readonly CaseDefinitionRecord[]): CaseInstanceRecord[] {
  const direction = query.sortOrder === 'desc' ? -1 : 1;
  const keyOf = (instance: CaseInstanceRecord) => definitions.find((candidate) => candidate.id === instance.caseDefinitionId)?.key ?? '';
  const byKey = (a: CaseInstanceRecord, b: CaseInstanceRecord): number => {
    switch (query.sortBy) {
      case 'caseDefinitionKey':
        return compareStrings(keyOf(a), keyOf(b));
      case 'caseDefinitionId':
        return compareStrings(a.caseDefinitionId, b.caseDefinitionId);
      case 'tenantId':
        return compareNullable(a.tenantId, b.tenantId);
      default:
        return 0;
    }
  };
  return [...items].sort((a, b) => byKey(a, b) * direction || compareStrings(a.id, b.id));
}

export function registerCaseRoutes(router: EngineRouter, state: EngineState): void {
  const definitions = (context: RouteContext): { ok: true; items: CaseDefinitionRecord[] } | { ok: false; response: Response } => {
    const parsed = engineQuery(context, CASE_DEFINITION_QUERY_PARAMS, CASE_DEFINITION_SORT_BY);
    if (!parsed.ok) return parsed;
    const all = caseStore(state).definitions;
    return {
      ok: true,
      items: sortDefinitions(
        all.filter((definition) => definitionMatches(definition, parsed.query, all)),
        parsed.query,
      ),
    };
  };
  const instances = (context: RouteContext): { ok: true; items: CaseInstanceRecord[] } | { ok: false; response: Response } => {
    const parsed = engineQuery(context, CASE_INSTANCE_QUERY_PARAMS, CASE_INSTANCE_SORT_BY);
    if (!parsed.ok) return parsed;
    const store = caseStore(state);
    const items = store.instances.filter((instance) => instanceMatches(instance, parsed.query, store.definitions));
    return { ok: true, items: sortInstances(items, parsed.query, store.definitions) };
  };
  const listing =
    <T>(query: typeof definitions | typeof instances, toDto: (item: T) => unknown) =>
    (context: RouteContext) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = query(context);
      return result.ok ? pagedJson(state, context, result.items as T[], paging.paging, toDto) : result.response;
    };
  const count = (query: typeof definitions | typeof instances) => (context: RouteContext) => {
    const result = query(context);
    return result.ok ? json({ count: result.items.length }) : result.response;
  };

  router.add('get', '/case-definition', listing(definitions, caseDefinitionDto), { engineCheck: 'manual' });
  router.add('get', '/case-definition/count', count(definitions), { engineCheck: 'manual' });
  router.add('get', '/case-definition/:id/xml', ({ params }) => {
    const id = params.id ?? '';
    const definition = caseStore(state).definitions.find((candidate) => candidate.id === id);
    // A real 7.24 engine's answer for an unknown id (RepositoryService.getCaseModel).
    if (definition === undefined)
      return json(exceptionBody('InvalidRequestException', `no deployed case definition found with id '${id}': caseDefinition is null`, 0), 404);
    // CaseDefinitionDiagramDto: the id and the deployed resource as one string.
    return json({ id: definition.id, cmmnXml: definition.cmmnXml });
  });
  router.add('get', '/case-instance', listing(instances, caseInstanceDto), { engineCheck: 'manual' });
  router.add('get', '/case-instance/count', count(instances), { engineCheck: 'manual' });
}
