/**
 * `engine switch-check`, as a use case: what on a running Camunda 7 engine still ties it to Camunda
 * before it moves to Operaton or CIB seven (docs/switching.md). Read-only. Three parts:
 * the live deployed processes (each key's latest version and every version with running
 * instances) scanned for `org.camunda` references (./resource-scan.ts); the runtime variables read
 * serialized, in pages, counted by definition and name (./variable-scan.ts); and identity and
 * versions (the admin group, the engine's version). An engine that already is Operaton or CIB
 * seven is said to be switched, and nothing else is asked. Terminal-free.
 */
import type { EngineClient } from '../engine/client.js';
import { DecisionDefinitionApi } from '../engine/decision-definitions.js';
import { allPages, collectPages } from '../engine/paging.js';
import { CAMUNDA, isForkVersion, productFromTelemetry } from '../engine/product.js';
import { SchemaLogApi } from '../engine/schema-log.js';
import { XmlSyntaxError } from '../model-files/xml-scanner.js';
import { LineCounter } from '../model-files/positions.js';
import { forEachLiveCase } from './case-scan.js';
import { ExternalScriptReader, unreadScriptNote } from './external-scripts.js';
import { scanResource, type ReferenceKind } from './resource-scan.js';
import { resourceRemedy, resourceWhy, targetProduct, type SwitchTargetId, variableRemedy, variableWhy } from './targets.js';
import { type VariableReason, VariableTally } from './variable-scan.js';

/** The release Operaton's maintainers advise reaching before the switch. */
const ADVISED_CAMUNDA_RELEASE = '7.24';

export interface ResourceFinding {
  /** A process's BPMN, a decision's DMN or a case's CMMN (the whole resource: a DRD's decisions share one). */
  definitionType: 'process' | 'decision' | 'case';
  definitionKey: string;
  version: number;
  definitionId: string;
  /** The deployed resource's name (the BPMN file as deployed), or the external script's that holds the reference. */
  resource: string | null;
  line: number;
  column: number;
  kind: ReferenceKind | 'unreadable';
  element: string | null;
  attribute: string | null;
  elementId: string | null;
  reference: string;
  why: string;
  remedy: string;
}

export interface VariableFinding {
  processDefinitionId: string | null;
  /** The definition's key and version; null when the definition was not read (a case's variable, a definition not readable). */
  definitionKey: string | null;
  version: number | null;
  variableName: string;
  reason: VariableReason;
  reference: string;
  count: number;
  exampleId: string;
  /** The process instance of the example variable: where to look. */
  exampleProcessInstanceId: string | null;
  why: string;
  remedy: string;
}

/** A note that is not a finding: what was not checked, advice. */
interface SwitchNote {
  topic: 'version' | 'external-script' | 'visibility';
  message: string;
}

export interface SwitchCheckReport {
  target: SwitchTargetId;
  version: string;
  /** The database schema's version (the newest GET /schema/log entry); null when it could not be read. */
  schemaVersion: string | null;
  /** Why schemaVersion is null: forbidden (403), unavailable (no /schema/log: before 7.11), empty; null when known. */
  schemaVersionUnknownReason: 'forbidden' | 'unavailable' | 'empty' | null;
  /** The engine's product.name (GET /telemetry/data); null when it could not be read. */
  product: string | null;
  /** The product the engine already is, when it is Operaton or CIB seven; null for Camunda 7 or unknown. */
  alreadySwitchedTo: string | null;
  /**
   * The credentials see only part of the engine: it showed them no schema log, or no product name,
   * which it shows to admins and READ on System only; definitions, instances and variables they may
   * not read were not checked. Counts as something to do for --detailed-exitcode.
   */
  restrictedView: boolean;
  summary: {
    /** Process and decision definitions whose XML was read. */
    definitionsScanned: number;
    resourceFindings: number;
    variablesScanned: number;
    variableFindings: number;
    /** Variables in the variable findings, all groups together. */
    variablesAffected: number;
    identityFindings: number;
    /** All findings: resource and variable groups and identity. */
    findings: number;
  };
  resources: ResourceFinding[];
  variables: VariableFinding[];
  identity: { adminGroup: string; members: string[]; authorizations: number; why: string; remedy: string } | null;
  notes: SwitchNote[];
}

export async function checkSwitch(client: EngineClient, target: SwitchTargetId): Promise<SwitchCheckReport> {
  const [version, productAnswer] = await Promise.all([client.system.version(), client.system.product()]);
  const product = productAnswer.known ? productFromTelemetry(productAnswer.name, productAnswer.version) : undefined;
  const report: SwitchCheckReport = {
    target,
    version,
    schemaVersion: null,
    schemaVersionUnknownReason: null,
    product: productAnswer.known ? productAnswer.name : null,
    alreadySwitchedTo: alreadySwitchedTo(version, productAnswer.known ? product : null),
    restrictedView: false,
    summary: { definitionsScanned: 0, resourceFindings: 0, variablesScanned: 0, variableFindings: 0, variablesAffected: 0, identityFindings: 0, findings: 0 },
    resources: [],
    variables: [],
    identity: null,
    notes: [],
  };
  if (report.alreadySwitchedTo !== null) return report;
  const schema = await new SchemaLogApi(client.http).latest();
  report.schemaVersion = schema.known ? (schema.entry.version ?? null) : null;
  report.schemaVersionUnknownReason = schema.known ? (schema.entry.version == null ? 'empty' : null) : schema.reason;
  // SchemaLogManager answers a caller who is neither admin nor READ on System with no entries, not a 403.
  report.restrictedView = (!schema.known && schema.reason !== 'unavailable') || (!productAnswer.known && productAnswer.reason === 'forbidden');
  if (report.restrictedView) {
    report.notes.push({
      topic: 'visibility',
      message:
        'the engine shows its schema log and product only to admins and to READ on System, and showed them not: these credentials are no admin, so only the definitions, instances and variables they may read were checked; run the check as an admin',
    });
  }
  const behind = [version, report.schemaVersion].filter((given): given is string => given !== null && olderThanAdvised(given));
  if (behind.length > 0) {
    report.notes.push({
      topic: 'version',
      message: `the engine is ${version} (database schema ${report.schemaVersion ?? 'unknown'}): bring it to Camunda ${ADVISED_CAMUNDA_RELEASE} first (the forks start from that schema), then switch`,
    });
  }
  const scripts = new ExternalScriptReader(client.deployments);
  const definitions = await scanDefinitions(client, target, report, scripts);
  await scanDecisions(client, target, report, scripts);
  await forEachLiveCase(client.http, (definition, xml) => scanOne(xml, { definitionType: 'case', ...definitionBase(definition) }, target, report, scripts));
  await scanVariables(client, target, report, definitions);
  report.identity = await adminGroup(client, target);
  const { summary } = report;
  summary.resourceFindings = report.resources.length;
  summary.variableFindings = report.variables.length;
  summary.variablesAffected = report.variables.reduce((sum, group) => sum + group.count, 0);
  summary.identityFindings = report.identity === null ? 0 : 1;
  summary.findings = summary.resourceFindings + summary.variableFindings + summary.identityFindings;
  return report;
}

/**
 * The fork the engine already is: by its product name, or, when the engine does not name it
 * (GET /telemetry/data refused), by a version outside Camunda's 7.x scheme.
 */
function alreadySwitchedTo(version: string, product: ReturnType<typeof productFromTelemetry> | null): string | null {
  if (product === null) return isForkVersion(version) ? 'Operaton or CIB seven' : null;
  return product !== undefined && product !== CAMUNDA ? product.name : null;
}

/** True for a Camunda 7 version before the advised release (7.23.x and older). */
function olderThanAdvised(version: string): boolean {
  const match = /^7\.(\d+)/.exec(version.trim());
  return match !== null && Number(match[1]) < Number(ADVISED_CAMUNDA_RELEASE.split('.')[1]);
}

/** The definitions read, by id: to name a variable's definition by key and version. */
type DefinitionLabels = Map<string, { key: string; version: number }>;

/** Each key's latest version and every version with running instances, their BPMN scanned one by one. */
async function scanDefinitions(
  client: EngineClient,
  target: SwitchTargetId,
  report: SwitchCheckReport,
  scripts: ExternalScriptReader,
): Promise<DefinitionLabels> {
  const api = client.processDefinitions;
  const [latest, statistics] = await Promise.all([api.listAll({ latestVersion: true }), api.definitionStatistics()]);
  const running = new Set(statistics.filter((row) => row.instances > 0).map((row) => row.id));
  const latestIds = new Set(latest.map((definition) => definition.id));
  const others = [...running].filter((id) => !latestIds.has(id));
  const live = [...latest, ...(others.length === 0 ? [] : await api.listAll({ processDefinitionIdIn: others }))];
  live.sort((a, b) => a.key.localeCompare(b.key) || a.version - b.version);
  for (const definition of live) {
    await scanOne(await api.bpmnXml(definition.id), { definitionType: 'process', ...definitionBase(definition) }, target, report, scripts);
  }
  return new Map(live.map((definition) => [definition.id, { key: definition.key, version: definition.version }]));
}

/**
 * Every version of every decision, its DMN scanned: decisions have no instances to tell a live
 * version by, and any version can still be evaluated (by id, or by a caller's version, version-tag
 * or deployment binding). A resource that holds several decisions (a DRD) once, under the first.
 */
async function scanDecisions(client: EngineClient, target: SwitchTargetId, report: SwitchCheckReport, scripts: ExternalScriptReader): Promise<void> {
  const api = new DecisionDefinitionApi(client.http);
  const all = await api.listAll({});
  all.sort((a, b) => a.key.localeCompare(b.key) || a.version - b.version);
  const seen = new Set<string>();
  for (const definition of all) {
    const resourceKey = JSON.stringify([definition.deploymentId ?? definition.id, definition['resource'] ?? definition.id]);
    if (seen.has(resourceKey)) continue;
    seen.add(resourceKey);
    await scanOne(await api.dmnXml(definition.id), { definitionType: 'decision', ...definitionBase(definition) }, target, report, scripts);
  }
}

type FindingBase = Pick<ResourceFinding, 'definitionType' | 'definitionKey' | 'version' | 'definitionId' | 'resource'> & {
  /** Where its external scripts are read from. */
  deploymentId: string | null;
};

function definitionBase(definition: { id: string; key: string; version: number; [field: string]: unknown }): Omit<FindingBase, 'definitionType'> {
  const { resource, deploymentId } = definition;
  return {
    definitionKey: definition.key,
    version: definition.version,
    definitionId: definition.id,
    resource: typeof resource === 'string' ? resource : null,
    deploymentId: typeof deploymentId === 'string' ? deploymentId : null,
  };
}

/** One deployed text scanned: its references as findings, and those of the external scripts it runs from its deployment. */
async function scanOne(xml: string, base: FindingBase, target: SwitchTargetId, report: SwitchCheckReport, scripts: ExternalScriptReader): Promise<void> {
  const { deploymentId, ...place } = base;
  report.summary.definitionsScanned++;
  let scan;
  try {
    scan = scanResource(xml);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    report.resources.push({
      ...place,
      ...new LineCounter(xml).at(error.offset),
      kind: 'unreadable',
      element: null,
      attribute: null,
      elementId: null,
      reference: '',
      why: `the deployed XML cannot be read: ${error.message}; it was not checked`,
      remedy: 'look at the resource in the deployment',
    });
    return;
  }
  for (const found of scan.references) {
    report.resources.push({
      ...place,
      ...found,
      why: resourceWhy(found.kind, found.reference, target),
      remedy: resourceRemedy(found.kind, target, place.definitionType),
    });
  }
  for (const script of scan.externalScripts) {
    const result = await scripts.scan(script, deploymentId);
    if (!result.read) {
      const where = `${place.definitionKey}:${place.version} ${script.elementId ?? script.element} (${place.resource ?? '?'}:${script.line}:${script.column})`;
      report.notes.push({ topic: 'external-script', message: `${where} ${unreadScriptNote(result.why, script.resource)}` });
      continue;
    }
    for (const found of result.references) {
      report.resources.push({
        ...place,
        resource: result.name,
        ...found,
        kind: 'script',
        element: script.element,
        attribute: 'camunda:resource',
        elementId: script.elementId,
        why: resourceWhy('script', found.reference, target),
        remedy: resourceRemedy('script', target, place.definitionType),
      });
    }
  }
}

/**
 * Every runtime variable, serialized, in pages; only the groups are kept. Unsorted pages come in
 * the engine's default order (RES.ID_ asc, Commons.xml bindOrderBy): stable, though variables set
 * or removed while the check reads can move a row across a page boundary.
 */
async function scanVariables(client: EngineClient, target: SwitchTargetId, report: SwitchCheckReport, definitions: DefinitionLabels): Promise<void> {
  const api = client.variableInstances;
  const tally = new VariableTally();
  for await (const page of allPages((first, max) => api.query({}, first, max), { limit: api.queryLimit })) {
    for (const variable of page) tally.add(variable);
  }
  report.summary.variablesScanned = tally.scanned;
  report.variables = tally.result().map(({ processDefinitionId, ...group }) => {
    const label = processDefinitionId === null ? undefined : definitions.get(processDefinitionId);
    return {
      processDefinitionId,
      definitionKey: label?.key ?? null,
      version: label?.version ?? null,
      ...group,
      why: variableWhy(group.reason, target),
      remedy: variableRemedy(target),
    };
  });
}

/** On Operaton the admin group is operaton-admin: camunda-admin's members and authorizations lose their meaning. */
async function adminGroup(client: EngineClient, target: SwitchTargetId): Promise<SwitchCheckReport['identity']> {
  const product = targetProduct(target);
  if (product.adminGroup === CAMUNDA.adminGroup) return null;
  const group = CAMUNDA.adminGroup;
  const [members, authorizations] = await Promise.all([
    collectPages((first, max) => client.groups.members(group, first, max), { limit: client.http.queryLimit }),
    client.authorizations.count({ groupIdIn: [group] }),
  ]);
  if (members.length === 0 && authorizations === 0) return null;
  return {
    adminGroup: group,
    members: members.map((member) => member.id),
    authorizations,
    why: `${product.name}'s admin group is ${product.adminGroup}: members of ${group} are no admins there, and its id does not match ${product.name}'s default id pattern (${product.resourceIdPattern})`,
    remedy: `create ${product.adminGroup} with the same members and authorizations (access export / access apply), or set adminGroups on the ${product.name} engine`,
  };
}
