/**
 * `incident list`: which incidents a filter selects, as a query the engine runs and, where the
 * engine cannot filter, a test of each row (docs/operations.md, "Seeing what is stuck").
 */
import type { EngineClient } from '../engine/client.js';
import type { Incident, IncidentQuery } from '../engine/incidents.js';
import { allPages, keptPages, type PagingOptions } from '../engine/paging.js';
import { idsOfVersion } from '../definitions/lookup.js';

export interface IncidentFilter {
  key?: string | undefined;
  /** A version of `key`. */
  version?: number | undefined;
  definitionId?: string | undefined;
  activityId?: string | undefined;
  type?: string | undefined;
  /** Text the message contains (case as the database compares it). */
  message?: string | undefined;
  /** Incidents raised at or after this instant. */
  since?: Date | undefined;
  /** Incidents raised before this instant. */
  until?: Date | undefined;
}

export interface IncidentSelection {
  query: IncidentQuery;
  /**
   * What the engine cannot filter, tested on each row: the definitions of one version in several
   * tenants (the query has one processDefinitionId, no list). Undefined when the engine filters all.
   */
  keep: ((incident: Incident) => boolean) | undefined;
}

/** `text` inside a LIKE pattern as itself: the engine's LIKE escapes with a backslash (ESCAPE '\'). */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The query (and the rows' test) for a filter; a version is resolved to its definitions' ids first. */
export async function selectIncidents(client: EngineClient, filter: IncidentFilter): Promise<IncidentSelection> {
  const query: IncidentQuery = {};
  let keep: IncidentSelection['keep'];
  if (filter.key !== undefined) query.processDefinitionKeyIn = [filter.key];
  if (filter.definitionId !== undefined) query.processDefinitionId = filter.definitionId;
  if (filter.key !== undefined && filter.version !== undefined) {
    const ids = await idsOfVersion(client.processDefinitions, filter.key, filter.version, '--version');
    if (ids.length === 1) query.processDefinitionId = ids[0];
    else {
      const wanted = new Set(ids);
      keep = (incident) => wanted.has(incident.processDefinitionId ?? '');
    }
  }
  if (filter.activityId !== undefined) query.activityId = filter.activityId;
  if (filter.type !== undefined) query.incidentType = filter.type;
  if (filter.message !== undefined) query.incidentMessageLike = likeContaining(filter.message);
  // The engine compares strictly (>): a millisecond earlier makes --since inclusive.
  if (filter.since !== undefined) query.incidentTimestampAfter = new Date(filter.since.getTime() - 1);
  if (filter.until !== undefined) query.incidentTimestampBefore = filter.until;
  return { query, keep };
}

/** The selected incidents page by page, in id order, `first`/`max` counted in the rows selected. */
export function incidentPages(client: EngineClient, selection: IncidentSelection, options: PagingOptions): AsyncIterable<Incident[]> {
  const fetchPage = (firstResult: number, maxResults: number) => client.incidents.page(selection.query, firstResult, maxResults);
  return selection.keep === undefined ? allPages(fetchPage, options) : keptPages(fetchPage, selection.keep, options);
}
