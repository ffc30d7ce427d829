/**
 * The filters of `job retry` and `external-task retry` as a query body (JobQueryDto,
 * ExternalTaskQueryDto): definition key (and version, resolved to its definition id), definition id,
 * activity. `--exception TEXT` is no query field (the engine matches whole messages only): the kinds
 * (./job-kind.ts, ./external-task-kind.ts) test it on each row; it still counts as a filter given.
 */
import type { EngineClient } from '../engine/client.js';
import { addDefinitionFilters, type DefinitionFilters } from './definition-filter.js';
import type { QueryBody } from './object-kind.js';

export interface RetryFilters extends DefinitionFilters {
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
  await addDefinitionFilters(client, filters, query, parts);
  if (filters.activity !== undefined) {
    query.activityId = filters.activity;
    parts.push(`--activity ${filters.activity}`);
  }
  if (filters.exception !== undefined) parts.push(`--exception ${filters.exception}`);
  if (filters.failed) parts.push('--failed');
  return { query, parts };
}
