// Deployments: POST /deployment/create, GET /deployment, /deployment/count, /deployment/{id},
// /deployment/{id}/resources, /deployment/{id}/resources/{resourceId}/data, DELETE /deployment/{id},
// like DeploymentRestServiceImpl, DeploymentResourceImpl, DeploymentResourcesResourceImpl, MultipartFormData (commons-fileupload) and DeployCmd (7.24).
//
// The multipart body is read as the engine reads it: parts kept by field name (a later part of the
// same name replaces the earlier), the resource named by the part's file name, the text fields read
// only from parts without a content type or with text/plain. Duplicate filtering compares each
// resource with the latest one of its name among the deployments of the same name, source (none:
// "process application") and tenant; with deploy-changed-only only the changed ones are deployed,
// otherwise all of them when one changed; when none changed the answer is the latest deployment of
// the name, without definitions. BPMN processes become definitions with the next version of their
// key within the tenant (their activities read with bpmn-moddle, as models.test.ts does); an
// executable process without historyTimeToLive is refused with the engine's ParseException while
// `enforceHistoryTimeToLive` is on (the 7.20+ default). CMMN cases become case definitions
// (case-definition.ts). DMN resources are stored, not parsed.
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import camundaExtensions from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import { type ModelActivity, parseProcessModel } from '../../src/bpmn/model.js';
import type { ActivityRecord, ActivityType } from './bpmn.js';
import { bpmnXmlOf, processDefinitionDto, type ProcessDefinitionDto } from './repository.js';
import {
  compareNullable,
  compareStrings,
  engineQuery,
  exceptionBody,
  invalidRequest,
  json,
  likeMatches,
  noContent,
  pagedJson,
  parsePaging,
} from './handlers.js';
import type { EngineRouter, QueryParamKind, RouteContext } from './handlers.js';
import { parseMultipart } from './multipart.js';
import { caseDefinitionDto, cmmnTransformException, CMMN_SUFFIXES, deleteDeploymentCases, deployCases, isWellFormed } from './case-definition.js';
import { authenticationOf, checkAuthorization, genericPermission } from './permissions.js';
import { type EngineState, formatUtcDate, type ProcessDefinitionRecord, ResourceType } from './state.js';

export interface DeploymentResourceRecord {
  id: string;
  name: string;
  bytes: Buffer;
}

export interface DeploymentRecord {
  id: string;
  name: string | null;
  source: string | null;
  tenantId: string | null;
  deploymentTime: string;
  resources: DeploymentResourceRecord[];
}

interface DeploymentStore {
  deployments: DeploymentRecord[];
  /** ProcessEngineConfiguration.enforceHistoryTimeToLive (true since 7.20). */
  enforceHistoryTimeToLive: boolean;
}

const stores = new WeakMap<EngineState, DeploymentStore>();

/**
 * The deployments of a state: those the seeded definitions came from (one per deployment id, named
 * after its resource), then every one created through the API. Tests may turn TTL enforcement off here.
 */
export function deploymentStore(state: EngineState): DeploymentStore {
  let store = stores.get(state);
  if (store === undefined) {
    const seeded = new Map<string, DeploymentRecord>();
    for (const definition of state.processDefinitions) {
      if (seeded.has(definition.deploymentId)) continue;
      seeded.set(definition.deploymentId, {
        id: definition.deploymentId,
        name: definition.resource.replace(/\.bpmn$/, ''),
        source: null,
        tenantId: definition.tenantId,
        deploymentTime: definition.deployTime,
        resources: [{ id: state.nextId(), name: definition.resource, bytes: seedBytes(definition) }],
      });
    }
    store = { deployments: [...seeded.values()], enforceHistoryTimeToLive: true };
    stores.set(state, store);
  }
  return store;
}

function seedBytes(definition: ProcessDefinitionRecord): Buffer {
  try {
    return Buffer.from(bpmnXmlOf(definition), 'utf8');
  } catch {
    return Buffer.alloc(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Answers

const RESERVED = new Set([
  'deployment-name',
  'deployment-activation-time',
  'enable-duplicate-filtering',
  'deploy-changed-only',
  'deployment-source',
  'tenant-id',
]);
const PROCESS_APPLICATION_SOURCE = 'process application';
const BPMN_SUFFIXES = ['.bpmn20.xml', '.bpmn'];

function deploymentDto(deployment: DeploymentRecord): Record<string, unknown> {
  return {
    links: [],
    id: deployment.id,
    name: deployment.name,
    source: deployment.source,
    deploymentTime: deployment.deploymentTime,
    tenantId: deployment.tenantId,
  };
}

function withDefinitions(
  context: RouteContext,
  deployment: DeploymentRecord,
  processes: ProcessDefinitionDto[] | null,
  cases: ReturnType<typeof caseDefinitionDto>[] | null = null,
): Record<string, unknown> {
  return {
    links: [{ method: 'GET', href: `${context.engineBaseUrl}/deployment/${deployment.id}`, rel: 'self' }],
    id: deployment.id,
    name: deployment.name,
    source: deployment.source,
    deploymentTime: deployment.deploymentTime,
    tenantId: deployment.tenantId,
    deployedProcessDefinitions: processes === null ? null : Object.fromEntries(processes.map((definition) => [definition.id, definition])),
    deployedCaseDefinitions: cases === null ? null : Object.fromEntries(cases.map((definition) => [definition.id, definition])),
    deployedDecisionDefinitions: null,
    deployedDecisionRequirementsDefinitions: null,
  };
}

/** ConfigurationLogger.logErrorNoTTLConfigured, as the ParseException repeats it. */
const NO_TTL =
  'ENGINE-12018 History Time To Live (TTL) cannot be null. TTL is necessary for the History Cleanup to work. The following options are possible:\n* Set historyTimeToLive in the model\n* Set a default historyTimeToLive as a global process engine configuration\n* (Not recommended) Deactivate the enforceTTL config to disable this check';

interface ParsedProcess {
  id: string;
  name: string | null;
  historyTimeToLive: number | null;
  versionTag: string | null;
  category: string;
  activities: ActivityRecord[];
  /** Line and column after the process's start tag, where the engine's parser reports its problems. */
  line: number;
  column: number;
}

/** Where the start tag of process `id` ends: the place Xerces reports for it. */
function startTagEnd(xml: string, id: string): { line: number; column: number } {
  const tag = new RegExp(`<(?:[\\w.-]+:)?process\\b[^>]*\\bid\\s*=\\s*["']${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'][^>]*>`).exec(xml);
  const end = tag === null ? 0 : tag.index + tag[0].length;
  const before = xml.slice(0, end);
  const line = before.split('\n').length;
  return { line, column: end - (before.lastIndexOf('\n') + 1) + 1 };
}

function activityType(activity: ModelActivity): ActivityType {
  const trigger = activity.trigger?.kind;
  const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  if (activity.implementation === 'external') return 'externalTask';
  if (activity.type === 'startEvent' && trigger) return `${trigger}StartEvent` as ActivityType;
  if (activity.type === 'boundaryEvent') return `boundary${capitalized(trigger ?? 'none')}Event` as ActivityType;
  if (activity.type === 'intermediateCatchEvent') return `intermediate${capitalized(trigger ?? 'none')}CatchEvent` as ActivityType;
  if (activity.type === 'endEvent' && trigger) return `${trigger}EndEvent` as ActivityType;
  return activity.type as ActivityType;
}

async function executableProcesses(xml: string): Promise<ParsedProcess[] | { error: string }> {
  let root: ModdleElement;
  try {
    root = (await BpmnModdle({ camunda: camundaExtensions }).fromXML(xml)).rootElement;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const processes: ParsedProcess[] = [];
  const elements = (root.rootElements as ModdleElement[] | undefined) ?? [];
  for (const element of elements) {
    if (!element.$instanceOf('bpmn:Process') || element.isExecutable !== true) continue;
    const id = String(element.id);
    const model = await parseProcessModel(xml, id);
    const ttl = element.historyTimeToLive as string | number | undefined;
    const days = ttl === undefined || ttl === '' ? null : Number(/^P(\d+)D$/.exec(String(ttl))?.[1] ?? ttl);
    processes.push({
      id,
      name: typeof element.name === 'string' ? element.name : null,
      historyTimeToLive: days,
      versionTag: typeof element.versionTag === 'string' ? element.versionTag : null,
      category: typeof root.targetNamespace === 'string' ? root.targetNamespace : '',
      activities: model.activities.map((activity) => ({
        id: activity.id,
        type: activityType(activity),
        ...(activity.parentId ? { parentId: activity.parentId } : {}),
        ...(activity.attachedTo ? { attachedTo: activity.attachedTo } : {}),
        ...(activity.asyncBefore || activity.asyncAfter ? { async: true } : {}),
      })),
      ...startTagEnd(xml, id),
    });
  }
  return processes;
}

function parseException(resource: string, problems: { message: string; line: number; column: number; elementId: string | null }[]): Response {
  const summary = problems.map((problem) => `\n* ${problem.message} | resource ${resource} | line ${problem.line} | column ${problem.column}`).join('');
  return json(
    {
      type: 'ParseException',
      message: `ENGINE-09005 Could not parse BPMN process. Errors: ${summary}`,
      code: 0,
      details: {
        [resource]: {
          errors: problems.map((problem) => ({
            message: problem.message,
            line: problem.line,
            column: problem.column,
            mainElementId: problem.elementId,
            // The engine's ProblemDto names this field with a Cyrillic 'е' (sample deployment-create-missing-ttl.json).
            еlementIds: problem.elementId === null ? [] : [problem.elementId],
          })),
          warnings: [],
        },
      },
    },
    400,
  );
}

/** The latest resource of each name among the deployments of this name, source and tenant (ResourceManager.findLatestResourcesByDeploymentName). */
function latestResources(store: DeploymentStore, name: string | null, source: string, tenantId: string | null): Map<string, DeploymentResourceRecord> {
  const latest = new Map<string, DeploymentResourceRecord>();
  const matching = store.deployments.filter(
    (deployment) => deployment.name === name && (deployment.source ?? PROCESS_APPLICATION_SOURCE) === source && deployment.tenantId === tenantId,
  );
  for (const deployment of matching) for (const resource of deployment.resources) latest.set(resource.name, resource);
  return latest;
}

async function createDeployment(state: EngineState, context: RouteContext): Promise<Response> {
  const parts = parseMultipart(context.request.headers.get('content-type') ?? '', Buffer.from(await context.request.arrayBuffer()));
  if (parts === undefined) return json(exceptionBody('RestException', 'multipart/form-data cannot be processed'), 400);
  const named = new Map(parts.map((part) => [part.fieldName, part]));
  const text = (field: string): string | null => named.get(field)?.text ?? null;
  const resources: { name: string; bytes: Buffer }[] = [];
  for (const [field, part] of named) {
    if (RESERVED.has(field)) continue;
    if (part.fileName === null) return invalidRequest(400, "No file name found in the deployment resource described by form parameter 'null'.");
    resources.push({ name: part.fileName, bytes: part.bytes });
  }
  if (resources.length === 0) return invalidRequest(400, 'No deployment resources contained in the form upload.');
  const denied = checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: genericPermission('CREATE'), resourceType: ResourceType.DEPLOYMENT, resourceId: null },
  ]);
  if (denied) return denied;

  const store = deploymentStore(state);
  const name = text('deployment-name');
  const source = text('deployment-source');
  const tenantId = text('tenant-id');
  const changedOnly = text('deploy-changed-only') === 'true';
  const filtering = changedOnly || text('enable-duplicate-filtering') === 'true';
  let toDeploy = resources;
  if (filtering) {
    const existing = latestResources(store, name, source === null || source === '' ? PROCESS_APPLICATION_SOURCE : source, tenantId);
    const changed = resources.filter((resource) => !existing.get(resource.name)?.bytes.equals(resource.bytes));
    toDeploy = changedOnly ? changed : changed.length > 0 ? resources : [];
  }
  if (toDeploy.length === 0) {
    // DefaultDeploymentHandler.determineDuplicateDeployment: the latest deployment of the name, whatever its tenant.
    const duplicate = store.deployments.filter((deployment) => deployment.name === name).at(-1)!;
    return json(withDefinitions(context, duplicate, null) as never);
  }

  const parsed: { resource: string; processes: ParsedProcess[]; xml: string }[] = [];
  for (const resource of toDeploy) {
    if (!BPMN_SUFFIXES.some((suffix) => resource.name.endsWith(suffix))) continue;
    const xml = resource.bytes.toString('utf8');
    const processes = await executableProcesses(xml);
    if ('error' in processes) return parseException(resource.name, [{ message: processes.error, line: 1, column: 1, elementId: null }]);
    const missing = store.enforceHistoryTimeToLive ? processes.filter((process) => process.historyTimeToLive === null) : [];
    if (missing.length > 0)
      return parseException(
        resource.name,
        missing.map((process) => ({ message: `${NO_TTL}: ${NO_TTL}`, line: process.line, column: process.column, elementId: process.id })),
      );
    parsed.push({ resource: resource.name, processes, xml });
  }
  const cmmn = toDeploy.filter((resource) => CMMN_SUFFIXES.some((suffix) => resource.name.endsWith(suffix)));
  const unreadable = cmmn.find((resource) => !isWellFormed(resource.bytes.toString('utf8')));
  if (unreadable !== undefined) return cmmnTransformException(unreadable.name);

  const now = formatUtcDate(state.clock());
  const deployment: DeploymentRecord = {
    id: state.nextId(),
    name,
    source,
    tenantId,
    deploymentTime: now,
    resources: toDeploy.map((resource) => ({ id: state.nextId(), name: resource.name, bytes: resource.bytes })),
  };
  store.deployments.push(deployment);
  const created: ProcessDefinitionRecord[] = [];
  for (const { resource, processes, xml } of parsed) {
    for (const process of processes) {
      const version =
        1 +
        Math.max(
          0,
          ...state.processDefinitions
            .filter((definition) => definition.key === process.id && definition.tenantId === tenantId)
            .map((definition) => definition.version),
        );
      const definition: ProcessDefinitionRecord = {
        id: `${process.id}:${version}:${state.nextId()}`,
        key: process.id,
        category: process.category,
        description: null,
        name: process.name ?? process.id,
        version,
        resource,
        deploymentId: deployment.id,
        diagram: null,
        suspended: false,
        tenantId,
        versionTag: process.versionTag,
        historyTimeToLive: process.historyTimeToLive,
        startableInTasklist: true,
        deployTime: now,
        activities: process.activities,
        bpmnXml: xml,
      };
      state.processDefinitions.push(definition);
      created.push(definition);
    }
  }
  const cases = cmmn.flatMap((resource) => deployCases(state, deployment, resource.name, resource.bytes.toString('utf8')));
  return json(
    withDefinitions(
      context,
      deployment,
      created.length === 0 ? null : created.map(processDefinitionDto),
      cases.length === 0 ? null : cases.map(caseDefinitionDto),
    ) as never,
  );
}

const DEPLOYMENT_QUERY_PARAMS: Record<string, QueryParamKind> = {
  id: 'string',
  name: 'string',
  nameLike: 'string',
  source: 'string',
  withoutSource: 'boolean',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
  includeDeploymentsWithoutTenantId: 'boolean',
};
const DEPLOYMENT_SORT_BY = ['id', 'name', 'deploymentTime', 'tenantId'] as const;

function queried(state: EngineState, context: RouteContext): { ok: true; items: DeploymentRecord[] } | { ok: false; response: Response } {
  const parsed = engineQuery(context, DEPLOYMENT_QUERY_PARAMS, DEPLOYMENT_SORT_BY);
  if (!parsed.ok) return parsed;
  const v = parsed.query.values;
  const tenants = Array.isArray(v.tenantIdIn) && v.tenantIdIn.length > 0 ? v.tenantIdIn : undefined;
  const items = deploymentStore(state).deployments.filter((deployment) => {
    if (typeof v.id === 'string' && deployment.id !== v.id) return false;
    if (typeof v.name === 'string' && deployment.name !== v.name) return false;
    if (typeof v.nameLike === 'string' && !likeMatches(deployment.name, v.nameLike)) return false;
    if (typeof v.source === 'string' && deployment.source !== v.source) return false;
    if (v.withoutSource === true && deployment.source !== null) return false;
    if (v.withoutTenantId === true) return deployment.tenantId === null;
    if (tenants !== undefined) return deployment.tenantId === null ? v.includeDeploymentsWithoutTenantId === true : tenants.includes(deployment.tenantId);
    return true;
  });
  const direction = parsed.query.sortOrder === 'desc' ? -1 : 1;
  const key = (a: DeploymentRecord, b: DeploymentRecord): number => {
    switch (parsed.query.sortBy) {
      case 'name':
        return compareNullable(a.name, b.name);
      case 'deploymentTime':
        return compareStrings(a.deploymentTime, b.deploymentTime);
      case 'tenantId':
        return compareNullable(a.tenantId, b.tenantId);
      case 'id':
        return compareStrings(a.id, b.id);
      default:
        return 0;
    }
  };
  // Without sortBy the engine orders by id; ties of a sort too.
  return { ok: true, items: [...items].sort((a, b) => key(a, b) * direction || compareStrings(a.id, b.id)) };
}

export function registerDeploymentRoutes(router: EngineRouter, state: EngineState): void {
  router.add('post', '/deployment/create', (context) => createDeployment(state, context));

  router.add(
    'get',
    '/deployment',
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = queried(state, context);
      return result.ok ? pagedJson(state, context, result.items, paging.paging, deploymentDto) : result.response;
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/deployment/count',
    (context) => {
      const result = queried(state, context);
      return result.ok ? json({ count: result.items.length }) : result.response;
    },
    { engineCheck: 'manual' },
  );

  const find = (id: string | undefined) => deploymentStore(state).deployments.find((deployment) => deployment.id === id);

  // GetDeploymentResourcesCmd and GetDeploymentResourceForIdCmd: checkReadDeployment, READ on the deployment (403 otherwise).
  const readDenied = (context: RouteContext, id: string) =>
    checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
      { permission: genericPermission('READ'), resourceType: ResourceType.DEPLOYMENT, resourceId: id },
    ]);

  router.add('get', '/deployment/:id/resources', (context) => {
    const { params } = context;
    const deployment = find(params.id);
    if (deployment === undefined) return invalidRequest(404, `Deployment resources for deployment id '${params.id ?? ''}' do not exist.`);
    const denied = readDenied(context, deployment.id);
    if (denied) return denied;
    return json(deployment.resources.map((resource) => ({ id: resource.id, name: resource.name, deploymentId: deployment.id })));
  });

  // The bytes with the media type of the name's extension (MEDIA_TYPE_MAPPING; Jetty adds the charset to
  // text types: a .js answered `text/plain;charset=utf-8`, a .bpmn `application/xml;charset=UTF-8` on 7.24).
  // An unknown deployment or resource: getResourceAsStreamById's NullValueException, a 500 (measured).
  router.add('get', '/deployment/:id/resources/:resourceId/data', (context) => {
    const { params } = context;
    const deployment = find(params.id);
    const denied = deployment === undefined ? undefined : readDenied(context, deployment.id);
    if (denied) return denied;
    const resource = deployment?.resources.find((candidate) => candidate.id === params.resourceId);
    if (resource === undefined) {
      return json(
        exceptionBody('NullValueException', `no resource found with id '${params.resourceId ?? ''}' in deployment '${params.id ?? ''}': resource is null`, 0),
        500,
      );
    }
    const fileName = resource.name.replace(/\\/g, '/').split('/').pop() ?? 'data';
    return new Response(new Uint8Array(resource.bytes), {
      status: 200,
      headers: {
        'Content-Type': resourceMediaType(resource.name),
        'Content-Disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      },
    });
  });

  router.add('get', '/deployment/:id', ({ params }) => {
    const deployment = find(params.id);
    if (deployment === undefined) return invalidRequest(404, `Deployment with id '${params.id ?? ''}' does not exist`);
    return json(deploymentDto(deployment) as never);
  });

  router.add('delete', '/deployment/:id', ({ params, url }) => {
    const deployment = find(params.id);
    if (deployment === undefined) return invalidRequest(404, `Deployment with id '${params.id ?? ''}' do not exist`);
    // DeploymentResourceImpl.isQueryPropertyEnabled: present and not "false".
    const enabled = (name: string) => url.searchParams.has(name) && url.searchParams.get(name) !== 'false';
    const definitions = state.processDefinitions.filter((definition) => definition.deploymentId === deployment.id);
    const ids = new Set(definitions.map((definition) => definition.id));
    if (!enabled('cascade')) {
      for (const definition of definitions) {
        const running = state.processInstances.filter((instance) => instance.definitionId === definition.id).length;
        if (running > 0)
          return json(
            exceptionBody(
              'ProcessEngineException',
              `ENGINE-03076 Deletion of process definition without cascading failed. Process definition with id: ${definition.id} can't be deleted, because there are ${running} dependent process instances.`,
              0,
            ),
            500,
          );
      }
    }
    const casesRefused = deleteDeploymentCases(state, deployment.id, enabled('cascade'));
    if (casesRefused) return casesRefused;
    state.processInstances = state.processInstances.filter((instance) => !ids.has(instance.definitionId));
    // Cascading also deletes the history of the definitions' instances.
    if (enabled('cascade')) state.endedProcessInstances = state.endedProcessInstances.filter((instance) => !ids.has(instance.definitionId));
    state.processDefinitions = state.processDefinitions.filter((definition) => !ids.has(definition.id));
    const store = deploymentStore(state);
    store.deployments = store.deployments.filter((other) => other.id !== deployment.id);
    return noContent();
  });
}

const RESOURCE_MEDIA_TYPES: Record<string, string> = {
  bpmn: 'application/xml;charset=UTF-8',
  cmmn: 'application/xml;charset=UTF-8',
  dmn: 'application/xml;charset=UTF-8',
  xml: 'application/xml;charset=UTF-8',
  json: 'application/json',
  groovy: 'text/plain;charset=utf-8',
  java: 'text/plain;charset=utf-8',
  js: 'text/plain;charset=utf-8',
  php: 'text/plain;charset=utf-8',
  py: 'text/plain;charset=utf-8',
  rb: 'text/plain;charset=utf-8',
  txt: 'text/plain;charset=utf-8',
  html: 'text/html;charset=utf-8',
  png: 'image/png',
  svg: 'image/svg+xml',
};

/** DeploymentResourcesResourceImpl's MEDIA_TYPE_MAPPING by the last extension; application/octet-stream otherwise. */
function resourceMediaType(name: string): string {
  return RESOURCE_MEDIA_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
}
