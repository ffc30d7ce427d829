/**
 * The filters of the `instance` commands (`instance list`, and the selection of `instance suspend`,
 * `activate`, ...) as a process instance query body (ProcessInstanceQueryDto). A key with a version is
 * resolved to its definition id, since the query has no version filter.
 */
import type { EngineClient } from '../engine/client.js';
import { addDefinitionFilters, type DefinitionFilters } from './definition-filter.js';
import type { QueryBody } from './object-kind.js';

export interface InstanceFilters extends DefinitionFilters {
  activity?: string | undefined;
  withIncident?: boolean | undefined;
  incidentMessage?: string | undefined;
  suspended?: boolean | undefined;
  active?: boolean | undefined;
}

/** Whether any filter is given. */
export function hasInstanceFilters(filters: InstanceFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== false);
}

/** The query body and the parts of the selection for messages (`--key invoice`); undefined when no filter is given. */
export async function instanceFilterQuery(client: EngineClient, filters: InstanceFilters): Promise<{ query: QueryBody; parts: string[] } | undefined> {
  if (!hasInstanceFilters(filters)) return undefined;
  const query: QueryBody = {};
  const parts: string[] = [];
  await addDefinitionFilters(client, filters, query, parts);
  if (filters.activity !== undefined) {
    query.activityIdIn = [filters.activity];
    parts.push(`--activity ${filters.activity}`);
  }
  if (filters.withIncident) {
    query.withIncident = true;
    parts.push('--with-incident');
  }
  if (filters.incidentMessage !== undefined) {
    // A part of the message: the engine's LIKE, with the operator's % and _ kept as wildcards.
    query.incidentMessageLike = `%${filters.incidentMessage}%`;
    parts.push(`--incident-message ${filters.incidentMessage}`);
  }
  if (filters.suspended) {
    query.suspended = true;
    parts.push('--suspended');
  }
  if (filters.active) {
    query.active = true;
    parts.push('--active');
  }
  return { query, parts };
}
