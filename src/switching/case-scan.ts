/**
 * The live CMMN case definitions for `engine switch-check` (./check.ts): each case key's latest
 * version and every version with case instances in the runtime, with their deployed CMMN. Operaton
 * and CIB seven still run CMMN, so a case execution listener's class, script or expression breaks
 * there as a process's does.
 *
 * A case instance stays in the runtime until it is closed, also once completed or terminated: closing
 * it still runs the definition's close listeners, so every version with one is live. Requests: one
 * listing of the latest versions, the case instances in pages (only their definition ids are kept),
 * one listing of the older versions that have instances; ./definition-scan.ts then reads one XML
 * per resource.
 */
import { type CaseDefinition, CaseDefinitionApi } from '../engine/case-definitions.js';
import type { EngineHttp } from '../engine/http.js';

/**
 * Ids per `caseDefinitionIdIn` request: the ids travel in the query string, and a servlet
 * container refuses a request line past 8 KB by default (Jetty, Tomcat); 50 ids of a key, a version
 * and a UUID, percent-encoded, stay well below that.
 */
const IDS_PER_REQUEST = 50;

/** The live case definitions (ordered by key and version) and the API that reads their CMMN. */
export async function liveCaseDefinitions(http: EngineHttp): Promise<{ definitions: CaseDefinition[]; api: CaseDefinitionApi }> {
  const api = new CaseDefinitionApi(http);
  const [latest, withInstances] = await Promise.all([api.listAll({ latestVersion: true }), definitionIdsWithInstances(api)]);
  const latestIds = new Set(latest.map((definition) => definition.id));
  const others = [...withInstances].filter((id) => !latestIds.has(id)).sort();
  const live = [...latest];
  for (let start = 0; start < others.length; start += IDS_PER_REQUEST) {
    live.push(...(await api.listAll({ caseDefinitionIdIn: others.slice(start, start + IDS_PER_REQUEST) })));
  }
  live.sort((a, b) => a.key.localeCompare(b.key) || a.version - b.version || a.id.localeCompare(b.id));
  return { definitions: live, api };
}

/** The ids of the case definitions that have case instances in the runtime; memory grows with the definitions, not the instances. */
async function definitionIdsWithInstances(api: CaseDefinitionApi): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const page of api.instancePages({})) for (const instance of page) ids.add(instance.caseDefinitionId);
  return ids;
}
