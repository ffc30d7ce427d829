/**
 * The live deployed definitions of `engine switch-check`, their resources scanned
 * (./resource-scan.ts) with the external scripts they run from their deployment
 * (./external-scripts.ts). Live: each process key's latest version and every version with running
 * instances; every decision version (decisions have no instances that would tell a live version,
 * and any version can still be evaluated: by id, or by a caller's version, version-tag or
 * deployment binding); each case key's latest version and every version with case instances
 * (./case-scan.ts).
 *
 * A deployed resource can hold several definitions (a BPMN collaboration's executable processes,
 * a DRD's decisions, a CMMN file's cases). It is read once, and each reference goes to the
 * definition whose element holds it (that element's id is the definition's key). A reference in the
 * element of no live definition (a pool that is not executable, a version that is not live) runs in
 * nothing that is checked and is left out; one outside every definition element goes to the first
 * definition of the resource.
 */
import type { EngineClient } from '../engine/client.js';
import { DecisionDefinitionApi } from '../engine/decision-definitions.js';
import { LineCounter } from '../model-files/positions.js';
import { XmlSyntaxError } from '../model-files/xml-scanner.js';
import { liveCaseDefinitions } from './case-scan.js';
import { type ExternalScriptReader, unreadScriptNote } from './external-scripts.js';
import type { ResourceFinding, SwitchCheckReport } from './report.js';
import { type ExternalScript, scanResource } from './resource-scan.js';
import { resourceRemedy, resourceWhy, type SwitchTargetId } from './targets.js';

interface LiveDefinition {
  definitionType: ResourceFinding['definitionType'];
  id: string;
  key: string;
  version: number;
  tenantId: string | null;
  deploymentId: string | null;
  resource: string | null;
}

/** Live definitions and how to read the deployed text of one of them. */
export interface DefinitionSource {
  definitions: LiveDefinition[];
  xml(id: string): Promise<string>;
}

type DefinitionRow = { id: string; key: string; version: number; [field: string]: unknown };

function live(definitionType: LiveDefinition['definitionType'], row: DefinitionRow): LiveDefinition {
  const text = (field: string): string | null => (typeof row[field] === 'string' ? row[field] : null);
  return {
    definitionType,
    id: row.id,
    key: row.key,
    version: row.version,
    tenantId: text('tenantId'),
    deploymentId: text('deploymentId'),
    resource: text('resource'),
  };
}

const byKeyAndVersion = (a: { key: string; version: number }, b: { key: string; version: number }): number =>
  a.key.localeCompare(b.key) || a.version - b.version;

/** Each process key's latest version and every version with running instances. */
export async function liveProcesses(client: EngineClient): Promise<DefinitionSource> {
  const api = client.processDefinitions;
  const [latest, statistics] = await Promise.all([api.listAll({ latestVersion: true }), api.definitionStatistics()]);
  const running = new Set(statistics.filter((row) => row.instances > 0).map((row) => row.id));
  const latestIds = new Set(latest.map((definition) => definition.id));
  const others = [...running].filter((id) => !latestIds.has(id));
  const rows = [...latest, ...(others.length === 0 ? [] : await api.listAll({ processDefinitionIdIn: others }))];
  return { definitions: rows.map((row) => live('process', row)).sort(byKeyAndVersion), xml: (id) => api.bpmnXml(id) };
}

/** Every version of every decision. */
export async function allDecisions(client: EngineClient): Promise<DefinitionSource> {
  const api = new DecisionDefinitionApi(client.http);
  const rows = await api.listAll({});
  return { definitions: rows.map((row) => live('decision', row)).sort(byKeyAndVersion), xml: (id) => api.dmnXml(id) };
}

/** Each case key's latest version and every version with case instances. */
export async function liveCases(client: EngineClient): Promise<DefinitionSource> {
  const { definitions, api } = await liveCaseDefinitions(client.http);
  return { definitions: definitions.map((row) => live('case', row)), xml: (id) => api.cmmnXml(id) };
}

/** Scans the resources of definition sources into a report's findings and notes. */
export class DefinitionScanner {
  /** External scripts that could not be read (classpath, expressions, refused). */
  scriptsNotChecked = 0;
  /** An external script's deployment was refused to these credentials. */
  scriptRefused = false;

  constructor(
    private readonly target: SwitchTargetId,
    private readonly scripts: ExternalScriptReader,
    private readonly report: SwitchCheckReport,
  ) {}

  async scan(source: DefinitionSource): Promise<void> {
    for (const group of byResource(source.definitions)) await this.scanResourceOf(group, await source.xml(group[0]!.id));
  }

  private async scanResourceOf(group: LiveDefinition[], xml: string): Promise<void> {
    this.report.summary.definitionsScanned += group.length;
    const first = group[0]!;
    let scan;
    try {
      scan = scanResource(xml);
    } catch (error) {
      if (!(error instanceof XmlSyntaxError)) throw error;
      this.report.resources.push({
        ...findingBase(first),
        ...new LineCounter(xml).at(error.offset),
        kind: 'unreadable',
        element: null,
        attribute: null,
        elementId: null,
        runBy: null,
        reference: '',
        why: `the deployed XML cannot be read: ${error.message}; it was not checked`,
        remedy: 'look at the resource in the deployment',
      });
      return;
    }
    const ownerOf = (elementId: string | null): LiveDefinition | undefined =>
      elementId === null ? first : group.find((definition) => definition.key === elementId);
    for (const { definitionElementId, ...found } of scan.references) {
      const owner = ownerOf(definitionElementId);
      if (owner === undefined) continue;
      this.report.resources.push({
        ...findingBase(owner),
        ...found,
        runBy: null,
        why: resourceWhy(found.kind, found.reference, this.target),
        remedy: resourceRemedy(found.kind, this.target, owner.definitionType),
      });
    }
    for (const script of scan.externalScripts) {
      const owner = ownerOf(script.definitionElementId);
      if (owner !== undefined) await this.scanExternal(script, owner);
    }
  }

  private async scanExternal(script: ExternalScript, owner: LiveDefinition): Promise<void> {
    const result = await this.scripts.scan(script, owner.deploymentId);
    if (!result.read) {
      // A missing script or an unknown scheme fails on any engine: said in the note, nothing left unchecked.
      if (result.why !== 'missing' && result.why !== 'unknown-scheme') this.scriptsNotChecked++;
      if (result.why === 'forbidden') this.scriptRefused = true;
      const where = `${owner.key}:${owner.version} ${script.elementId ?? script.element} (${owner.resource ?? '?'}:${script.line}:${script.column})`;
      this.report.notes.push({ topic: 'external-script', message: `${where} ${unreadScriptNote(result.why, script.resource)}` });
      return;
    }
    for (const found of result.references) {
      this.report.resources.push({
        ...findingBase(owner),
        resource: result.name,
        kind: 'script',
        line: found.line,
        column: found.column,
        element: script.element,
        attribute: 'camunda:resource',
        elementId: script.elementId,
        runBy: { resource: owner.resource, line: script.line, column: script.column },
        reference: found.reference,
        why: resourceWhy('script', found.reference, this.target),
        remedy: resourceRemedy('script', this.target, owner.definitionType, { script: result.name, model: owner.resource }),
      });
    }
  }
}

function findingBase(
  definition: LiveDefinition,
): Pick<ResourceFinding, 'definitionType' | 'definitionKey' | 'version' | 'definitionId' | 'tenantId' | 'resource'> {
  const { definitionType, key, version, id, tenantId, resource } = definition;
  return { definitionType, definitionKey: key, version, definitionId: id, tenantId, resource };
}

/** The definitions by deployed resource (deployment and name), in the order of their first definition. */
function byResource(definitions: readonly LiveDefinition[]): LiveDefinition[][] {
  const groups = new Map<string, LiveDefinition[]>();
  for (const definition of definitions) {
    const key = JSON.stringify([definition.deploymentId ?? definition.id, definition.resource ?? definition.id]);
    const group = groups.get(key);
    if (group) group.push(definition);
    else groups.set(key, [definition]);
  }
  return [...groups.values()];
}
