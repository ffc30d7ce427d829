/**
 * `engine switch-check`, as a use case: what on a running Camunda 7 engine still ties it to Camunda
 * before it moves to Operaton or CIB seven (docs/switching.md). Read-only. Three parts: the live
 * deployed processes, decisions and cases scanned for `org.camunda` references
 * (./definition-scan.ts); the runtime variables read serialized, in pages, counted by definition
 * and name (./variable-scan.ts); and identity and versions (the admin group, the engine's version).
 * Whether the credentials saw everything: ./visibility.ts. An engine that already is Operaton or
 * CIB seven is said to be switched, and nothing else is asked. Terminal-free.
 */
import type { EngineClient } from '../engine/client.js';
import { allPages, collectPages } from '../engine/paging.js';
import { CAMUNDA, isForkVersion, productFromTelemetry } from '../engine/product.js';
import { SchemaLogApi } from '../engine/schema-log.js';
import { allDecisions, DefinitionScanner, liveCases, liveProcesses } from './definition-scan.js';
import { ExternalScriptReader } from './external-scripts.js';
import type { SwitchCheckReport } from './report.js';
import { targetProduct, type SwitchTargetId, variableRemedy, variableWhy } from './targets.js';
import { VariableTally } from './variable-scan.js';
import { HIDDEN_SCHEMA_OR_PRODUCT, missingReadRights, REFUSED_SCRIPTS } from './visibility.js';

/** The release Operaton's maintainers advise reaching before the switch. */
const ADVISED_CAMUNDA_RELEASE = '7.24';

export interface SwitchCheckRequest {
  target: SwitchTargetId;
  /** The Basic user of the credentials, to tell an admin; undefined for a token or none. */
  caller: string | undefined;
}

export async function checkSwitch(client: EngineClient, request: SwitchCheckRequest): Promise<SwitchCheckReport> {
  const { target } = request;
  const [version, productAnswer] = await Promise.all([client.system.version(), client.system.product()]);
  const report: SwitchCheckReport = {
    target,
    version,
    schemaVersion: null,
    schemaVersionUnknownReason: null,
    product: productAnswer.known ? productAnswer.name : null,
    alreadySwitchedTo: alreadySwitchedTo(version, productAnswer.known ? productFromTelemetry(productAnswer.name, productAnswer.version) : null),
    restrictedView: false,
    summary: {
      definitionsScanned: 0,
      scriptsNotChecked: 0,
      resourceFindings: 0,
      variablesScanned: 0,
      variableFindings: 0,
      variablesAffected: 0,
      identityFindings: 0,
      findings: 0,
    },
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
  const hidden = (!schema.known && schema.reason !== 'unavailable') || (!productAnswer.known && productAnswer.reason === 'forbidden');
  const missing = hidden ? HIDDEN_SCHEMA_OR_PRODUCT : await missingReadRights(client, request.caller);
  if (missing !== undefined) report.notes.push({ topic: 'visibility', message: missing });
  const behind = [version, report.schemaVersion].filter((given): given is string => given !== null && olderThanAdvised(given));
  if (behind.length > 0) {
    report.notes.push({
      topic: 'version',
      message: `the engine is ${version} (database schema ${report.schemaVersion ?? 'unknown'}): bring it to Camunda ${ADVISED_CAMUNDA_RELEASE} first (the forks start from that schema), then switch`,
    });
  }
  const scanner = new DefinitionScanner(target, new ExternalScriptReader(client.deployments), report);
  const processes = await liveProcesses(client);
  await scanner.scan(processes);
  await scanner.scan(await allDecisions(client));
  await scanner.scan(await liveCases(client));
  if (scanner.scriptRefused) report.notes.push({ topic: 'visibility', message: REFUSED_SCRIPTS });
  report.restrictedView = report.notes.some((note) => note.topic === 'visibility');
  await scanVariables(client, target, report, new Map(processes.definitions.map((definition) => [definition.id, definition])));
  report.identity = await adminGroup(client, target);
  const { summary } = report;
  summary.scriptsNotChecked = scanner.scriptsNotChecked;
  summary.resourceFindings = report.resources.length;
  summary.variableFindings = report.variables.length;
  summary.variablesAffected = report.variables.reduce((sum, group) => sum + group.count, 0);
  summary.identityFindings = report.identity === null ? 0 : 1;
  summary.findings = summary.resourceFindings + summary.variableFindings + summary.identityFindings;
  return report;
}

/**
 * Whether a pipeline should stop (--detailed-exitcode's 10): findings; credentials that did not see
 * everything; or an engine that already is the other fork (moving between the forks is another
 * rename, which this check does not cover).
 */
export function switchCheckNeedsAttention(report: SwitchCheckReport): boolean {
  const otherFork = report.alreadySwitchedTo !== null && report.alreadySwitchedTo !== 'fork' && report.alreadySwitchedTo !== report.target;
  return report.summary.findings > 0 || report.restrictedView || otherFork;
}

/**
 * The fork the engine already is: by its product name, or, when the engine does not name it
 * (GET /telemetry/data refused), by a version outside Camunda's 7.x scheme.
 */
function alreadySwitchedTo(version: string, product: ReturnType<typeof productFromTelemetry> | null): SwitchCheckReport['alreadySwitchedTo'] {
  if (product === null) return isForkVersion(version) ? 'fork' : null;
  if (product === undefined || product === CAMUNDA) return null;
  return product.id === 'operaton' ? 'operaton' : 'cibseven';
}

/** True for a Camunda 7 version before the advised release (7.23.x and older). */
function olderThanAdvised(version: string): boolean {
  const match = /^7\.(\d+)/.exec(version.trim());
  return match !== null && Number(match[1]) < Number(ADVISED_CAMUNDA_RELEASE.split('.')[1]);
}

/** The process definitions read, by id: to name a variable's definition by key, version and tenant. */
type DefinitionLabels = Map<string, { key: string; version: number; tenantId: string | null }>;

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
      tenantId: label?.tenantId ?? null,
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
