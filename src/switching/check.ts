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
import { CAMUNDA, productFromTelemetry } from '../engine/product.js';
import { SchemaLogApi } from '../engine/schema-log.js';
import { XmlSyntaxError } from '../model-files/xml-scanner.js';
import { LineCounter } from '../model-files/positions.js';
import { scanResource, type ReferenceKind } from './resource-scan.js';
import { resourceRemedy, resourceWhy, targetProduct, type SwitchTargetId, variableRemedy, variableWhy } from './targets.js';
import { type VariableReason, VariableTally } from './variable-scan.js';

/** The release Operaton's maintainers advise reaching before the switch. */
export const ADVISED_CAMUNDA_RELEASE = '7.24';

export interface ResourceFinding {
  /** A process's BPMN or a decision's DMN (the whole resource: a DRD's decisions share one). */
  definitionType: 'process' | 'decision';
  definitionKey: string;
  version: number;
  definitionId: string;
  /** The deployed resource's name (the BPMN file as deployed). */
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
  variableName: string;
  reason: VariableReason;
  reference: string;
  count: number;
  exampleId: string;
  why: string;
  remedy: string;
}

/** A note that is not a finding: what was not checked, advice. */
export interface SwitchNote {
  topic: 'version' | 'external-script' | 'admin-group';
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
    alreadySwitchedTo: product !== undefined && product !== CAMUNDA ? product.name : null,
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
  const behind = [version, report.schemaVersion].filter((given): given is string => given !== null && olderThanAdvised(given));
  if (behind.length > 0) {
    report.notes.push({
      topic: 'version',
      message: `the engine is ${version} (database schema ${report.schemaVersion ?? 'unknown'}): bring it to Camunda ${ADVISED_CAMUNDA_RELEASE} first (the forks start from that schema), then switch`,
    });
  }
  await scanDefinitions(client, target, report);
  await scanDecisions(client, target, report);
  await scanVariables(client, target, report);
  report.identity = await adminGroup(client, target);
  const { summary } = report;
  summary.resourceFindings = report.resources.length;
  summary.variableFindings = report.variables.length;
  summary.variablesAffected = report.variables.reduce((sum, group) => sum + group.count, 0);
  summary.identityFindings = report.identity === null ? 0 : 1;
  summary.findings = summary.resourceFindings + summary.variableFindings + summary.identityFindings;
  return report;
}

/** True for a Camunda 7 version before the advised release (7.23.x and older). */
function olderThanAdvised(version: string): boolean {
  const match = /^7\.(\d+)/.exec(version.trim());
  return match !== null && Number(match[1]) < Number(ADVISED_CAMUNDA_RELEASE.split('.')[1]);
}

/** Each key's latest version and every version with running instances, their BPMN scanned one by one. */
async function scanDefinitions(client: EngineClient, target: SwitchTargetId, report: SwitchCheckReport): Promise<void> {
  const api = client.processDefinitions;
  const [latest, statistics] = await Promise.all([api.listAll({ latestVersion: true }), api.definitionStatistics()]);
  const running = new Set(statistics.filter((row) => row.instances > 0).map((row) => row.id));
  const latestIds = new Set(latest.map((definition) => definition.id));
  const others = [...running].filter((id) => !latestIds.has(id));
  const live = [...latest, ...(others.length === 0 ? [] : await api.listAll({ processDefinitionIdIn: others }))];
  live.sort((a, b) => a.key.localeCompare(b.key) || a.version - b.version);
  for (const definition of live) {
    scanOne(await api.bpmnXml(definition.id), { definitionType: 'process', ...definitionBase(definition) }, target, report);
  }
}

/**
 * Each decision key's latest version (decisions have no running instances), its DMN scanned; a
 * resource that holds several decisions (a DRD) once, under the first of them.
 */
async function scanDecisions(client: EngineClient, target: SwitchTargetId, report: SwitchCheckReport): Promise<void> {
  const api = new DecisionDefinitionApi(client.http);
  const latest = await api.listAll({ latestVersion: true });
  latest.sort((a, b) => a.key.localeCompare(b.key));
  const seen = new Set<string>();
  for (const definition of latest) {
    const resourceKey = JSON.stringify([definition.deploymentId ?? definition.id, definition['resource'] ?? definition.id]);
    if (seen.has(resourceKey)) continue;
    seen.add(resourceKey);
    scanOne(await api.dmnXml(definition.id), { definitionType: 'decision', ...definitionBase(definition) }, target, report);
  }
}

type FindingBase = Pick<ResourceFinding, 'definitionType' | 'definitionKey' | 'version' | 'definitionId' | 'resource'>;

function definitionBase(definition: { id: string; key: string; version: number; [field: string]: unknown }): Omit<FindingBase, 'definitionType'> {
  const resource = definition['resource'];
  return { definitionKey: definition.key, version: definition.version, definitionId: definition.id, resource: typeof resource === 'string' ? resource : null };
}

/** One deployed text scanned: its references as findings, its external scripts as notes. */
function scanOne(xml: string, base: FindingBase, target: SwitchTargetId, report: SwitchCheckReport): void {
  report.summary.definitionsScanned++;
  let scan;
  try {
    scan = scanResource(xml);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    report.resources.push({
      ...base,
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
    report.resources.push({ ...base, ...found, why: resourceWhy(found.kind, found.reference, target), remedy: resourceRemedy(found.kind, target) });
  }
  for (const script of scan.externalScripts) {
    report.notes.push({
      topic: 'external-script',
      message: `${base.definitionKey}:${base.version} ${script.elementId ?? ''} (line ${script.line}) runs the external script ${script.resource}, which was not checked`,
    });
  }
}

/** Every runtime variable, serialized, in pages; only the groups are kept. */
async function scanVariables(client: EngineClient, target: SwitchTargetId, report: SwitchCheckReport): Promise<void> {
  const api = client.variableInstances;
  const tally = new VariableTally();
  for await (const page of allPages((first, max) => api.query({}, first, max), { limit: api.queryLimit })) {
    for (const variable of page) tally.add(variable);
  }
  report.summary.variablesScanned = tally.scanned;
  report.variables = tally.result().map((group) => ({ ...group, why: variableWhy(group.reason, target), remedy: variableRemedy(target) }));
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
