/**
 * The filters of `job retry` and `external-task retry` as a query body (JobQueryDto,
 * ExternalTaskQueryDto): definition key (and version, resolved to its definition id), definition id,
 * activity. `--exception TEXT` is no query field (the engine matches whole messages only): the kinds
 * (./job-kind.ts, ./external-task-kind.ts) test it on each row; it still counts as a filter given.
 */
import { inputError } from '../change/errors.js';
import type { EngineClient } from '../engine/client.js';
import type { QueryBody } from './object-kind.js';

export interface RetryFilters {
  key?: string | undefined;
  version?: number | undefined;
  definitionId?: string | undefined;
  activity?: string | undefined;
  exception?: string | undefined;
  /** --failed: every object without retries (the default of the selection; alone it selects them all). */
  failed?: boolean | undefined;
}

export function hasRetryFilters(filters: RetryFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== false);
}

/** The query body and the parts of the selection for messages; undefined when no filter is given. */
export async function retryFilterQuery(client: EngineClient, filters: RetryFilters): Promise<{ query: QueryBody; parts: string[] } | undefined> {
  if (!hasRetryFilters(filters)) return undefined;
  const query: QueryBody = {};
  const parts: string[] = [];
  if (filters.key !== undefined && filters.version !== undefined) {
    const found = await client.processDefinitions.find({ key: filters.key, version: filters.version });
    if (found.length > 1)
      throw inputError(`--key ${filters.key} --version ${filters.version} is deployed for more than one tenant: give --definition-id instead`);
    const definition = found[0];
    if (!definition) {
      throw inputError(
        `--key ${filters.key} --version ${filters.version}: the engine has no such process definition (or you may not read it); nothing was sent`,
      );
    }
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
    query.activityId = filters.activity;
    parts.push(`--activity ${filters.activity}`);
  }
  if (filters.exception !== undefined) parts.push(`--exception ${filters.exception}`);
  if (filters.failed) parts.push('--failed');
  return { query, parts };
}
