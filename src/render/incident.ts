/** Incidents as tables (`incident list`, `incident list --summary`). */
import type { Incident } from '../engine/incidents.js';
import type { IncidentSummary } from '../incidents/summary.js';
import { firstLine } from '../incidents/grouping.js';
import type { View } from './output.js';
import { listView, renderTable } from './table.js';
import { plural } from '../util/text.js';

/**
 * An incident as its table row shows it: the message's first line (a stack trace follows in some).
 * The table's cells are escaped before a column sees them, where a line break is no longer one.
 */
export function incidentTableRow(incident: Incident): Incident {
  return { ...incident, incidentMessage: firstLine(incident.incidentMessage) };
}

export const incidentListView = listView<Incident>(
  [
    { name: 'Id', value: (incident) => incident.id, whole: true },
    { name: 'Time', value: (incident) => incident.incidentTimestamp, whole: true },
    { name: 'Type', value: (incident) => incident.incidentType, keepWords: true },
    { name: 'Definition', value: (incident) => incident.processDefinitionId, whole: true },
    { name: 'Activity', value: (incident) => incident.activityId, whole: true },
    { name: 'Instance', value: (incident) => incident.processInstanceId, whole: true },
    { name: 'Message', value: (incident, style) => style.red(incident.incidentMessage ?? '') },
  ],
  'no incidents',
);

/** `invoice:2`, with the tenant when there is one (`invoice:2 (tenant a)`); the id when the definition is not readable. */
export function definitionLabel(group: {
  processDefinitionKey: string | null;
  processDefinitionVersion: number | null;
  processDefinitionId: string | null;
  tenantId: string | null;
}): string {
  if (group.processDefinitionKey === null) return group.processDefinitionId ?? '-';
  return `${group.processDefinitionKey}:${group.processDefinitionVersion ?? '?'}${group.tenantId ? ` (tenant ${group.tenantId})` : ''}`;
}

export const incidentSummaryView: View<IncidentSummary> = {
  table({ incidents, groups }, style) {
    if (groups.length === 0) return 'no incidents';
    const table = renderTable(
      ['Definition', 'Activity', 'Type', 'Message', 'Count', 'Oldest', 'Newest'],
      groups.map((group) => [
        definitionLabel(group),
        group.activityId,
        group.incidentType,
        style.red(group.message ?? ''),
        group.count,
        group.oldest.incidentTimestamp,
        group.newest.incidentTimestamp,
      ]),
      style,
    );
    // Off a terminal stdout carries the rows alone (as every table does there).
    if (style.table.kind === 'tabs') return table;
    return `${table}\n${plural(incidents, 'incident')} in ${plural(groups.length, 'group')}`;
  },
};
