/**
 * `incident list --summary`: the selected incidents counted by definition (key, version, tenant),
 * activity, incident type and the first line of the message, with the oldest and newest of each
 * group. Every selected incident is read (in big pages) and counted, none kept.
 */
import type { EngineClient } from '../engine/client.js';
import { BULK_PAGE_SIZE, MAX_BULK_PAGE_SIZE } from '../engine/paging.js';
import { definitionsById } from '../definitions/lookup.js';
import { compareGroups, compareNullable, definitionColumns, firstLine, Groups } from './grouping.js';
import { incidentPages, type IncidentSelection } from './list.js';

/** One group of the summary: its -o json|yaml shape (docs/operations.md). */
interface IncidentGroup {
  processDefinitionKey: string | null;
  processDefinitionVersion: number | null;
  processDefinitionId: string | null;
  tenantId: string | null;
  activityId: string | null;
  incidentType: string | null;
  /** The first line of the incident message. */
  message: string | null;
  count: number;
  oldest: IncidentOccurrence;
  newest: IncidentOccurrence;
}

interface IncidentOccurrence {
  id: string;
  incidentTimestamp: string | null;
  processInstanceId: string | null;
}

export interface IncidentSummary {
  /** Incidents counted. */
  incidents: number;
  groups: IncidentGroup[];
}

interface Key {
  processDefinitionId: string | null;
  activityId: string | null;
  incidentType: string | null;
  message: string | null;
}

export async function summarizeIncidents(client: EngineClient, selection: IncidentSelection): Promise<IncidentSummary> {
  const groups = new Groups<Key>();
  for await (const page of incidentPages(client, selection, { limit: client.http.queryLimit, pageSize: BULK_PAGE_SIZE, growTo: MAX_BULK_PAGE_SIZE })) {
    for (const incident of page) {
      const key: Key = {
        processDefinitionId: incident.processDefinitionId ?? null,
        activityId: incident.activityId ?? null,
        incidentType: incident.incidentType ?? null,
        message: firstLine(incident.incidentMessage),
      };
      groups.add(JSON.stringify(key), key, {
        id: incident.id,
        at: incident.incidentTimestamp ?? null,
        processInstanceId: incident.processInstanceId ?? null,
      });
    }
  }
  const ids = new Set<string>();
  const sorted = groups.sorted();
  for (const group of sorted) if (group.key.processDefinitionId !== null) ids.add(group.key.processDefinitionId);
  const definitions = await definitionsById(client.processDefinitions, ids);
  const rows = sorted.map(({ key, count, oldest, newest }): IncidentGroup => {
    const occurrence = (row: typeof oldest): IncidentOccurrence => ({ id: row.id, incidentTimestamp: row.at, processInstanceId: row.processInstanceId });
    return {
      ...definitionColumns(definitions, key.processDefinitionId),
      activityId: key.activityId,
      incidentType: key.incidentType,
      message: key.message,
      count,
      oldest: occurrence(oldest),
      newest: occurrence(newest),
    };
  });
  rows.sort((a, b) => compareGroups(a, b) || compareNullable(a.incidentType, b.incidentType) || compareNullable(a.message, b.message));
  return { incidents: groups.total, groups: rows };
}
