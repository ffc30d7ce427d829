/**
 * `job list`: which jobs a filter selects, as a query the engine runs and, where the engine cannot
 * filter, a test of each row (docs/operations.md, "Seeing what is stuck").
 */
import type { EngineClient } from '../engine/client.js';
import type { Job, JobQuery } from '../engine/jobs.js';
import { allPages, keptPages, type PagingOptions } from '../engine/paging.js';
import { idsOfVersion } from '../definitions/lookup.js';

export interface JobFilter {
  key?: string | undefined;
  /** A version of `key`. */
  version?: number | undefined;
  definitionId?: string | undefined;
  activityId?: string | undefined;
  /** Jobs without retries left: the engine gave up on them (a failedJob incident). */
  failed?: boolean | undefined;
  /** Jobs that failed and have retries left: the engine runs them again. */
  retrying?: boolean | undefined;
  /** Text the exception message contains (exact case). */
  exception?: string | undefined;
}

export interface JobSelection {
  query: JobQuery;
  /**
   * What the engine cannot filter, tested on each row: text inside the exception message (the
   * query's exceptionMessage matches the whole message only) and the definitions of one version in
   * several tenants. Undefined when the engine filters all.
   */
  keep: ((job: Job) => boolean) | undefined;
}

/** The query (and the rows' test) for a filter; a version is resolved to its definitions' ids first. */
export async function selectJobs(client: EngineClient, filter: JobFilter): Promise<JobSelection> {
  const query: JobQuery = {};
  const tests: ((job: Job) => boolean)[] = [];
  if (filter.key !== undefined) query.processDefinitionKey = filter.key;
  if (filter.definitionId !== undefined) query.processDefinitionId = filter.definitionId;
  if (filter.key !== undefined && filter.version !== undefined) {
    const ids = await idsOfVersion(client.processDefinitions, filter.key, filter.version, '--version');
    if (ids.length === 1) query.processDefinitionId = ids[0];
    else {
      const wanted = new Set(ids);
      tests.push((job) => wanted.has(job.processDefinitionId ?? ''));
    }
  }
  if (filter.activityId !== undefined) query.activityId = filter.activityId;
  if (filter.failed && filter.retrying) query.withException = true;
  else if (filter.failed) query.noRetriesLeft = true;
  else if (filter.retrying) Object.assign(query, { withRetriesLeft: true, withException: true });
  if (filter.exception !== undefined) {
    const text = filter.exception;
    query.withException = true;
    tests.push((job) => (job.exceptionMessage ?? '').includes(text));
  }
  return { query, keep: tests.length === 0 ? undefined : (job) => tests.every((test) => test(job)) };
}

/** The selected jobs page by page, in id order, `first`/`max` counted in the rows selected. */
export function jobPages(client: EngineClient, selection: JobSelection, options: PagingOptions): AsyncIterable<Job[]> {
  const fetchPage = (firstResult: number, maxResults: number) => client.jobs.page(selection.query, firstResult, maxResults);
  return selection.keep === undefined ? allPages(fetchPage, options) : keptPages(fetchPage, selection.keep, options);
}
