/**
 * The filters of the `instance` commands (`instance list`, and the selection of `instance suspend`,
 * `activate`, ...) as a process instance query body (ProcessInstanceQueryDto). A key with a version is
 * resolved to its definition id, since the query has no version filter.
 */
import { inputError } from '../change/errors.js';
import type { EngineClient } from '../engine/client.js';
import type { QueryBody } from './object-kind.js';

export interface InstanceFilters {
  key?: string | undefined;
  version?: number | undefined;
  definitionId?: string | undefined;
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
  if (filters.key !== undefined && filters.version !== undefined) {
    const found = await client.processDefinitions.find({ key: filters.key, version: filters.version });
    if (found.length > 1)
      throw inputError(`--key ${filters.key} --version ${filters.version} is deployed for more than one tenant: give --definition-id instead`);
    const definition = found[0];
    if (!definition)
      throw inputError(
        `--key ${filters.key} --version ${filters.version}: the engine has no such process definition (or you may not read it); nothing was sent`,
      );
    query.processDefinitionId = definition.id;
    parts.push(`--key ${filters.key} --version ${filters.version}`);
  } else if (filters.key !== undefined) {
    query.processDefinitionKey = filters.key;
    parts.push(`--key ${filters.key}`);
  }
  if (filters.definitionId !== undefined) {
    if (query.processDefinitionId !== undefined && query.processDefinitionId !== filters.definitionId) {
      throw inputError(
        `--definition-id ${filters.definitionId} is not ${filters.key}:${filters.version} (${String(query.processDefinitionId)}): nothing would match`,
      );
    }
    query.processDefinitionId = filters.definitionId;
    parts.push(`--definition-id ${filters.definitionId}`);
  }
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
