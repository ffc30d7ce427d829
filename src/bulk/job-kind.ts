/**
 * Failed jobs as an object kind of the bulk layer (./object-kind.ts), for `job retry`: POST /job and
 * its count, always with `noRetriesLeft` (only jobs the engine gave up on are selected); ids given
 * are process instances' (--instances selects the failed jobs of those instances). `--exception TEXT`
 * is tested on each row: the engine's `exceptionMessage` filter matches a whole message only.
 */
import type { EngineClient } from '../engine/client.js';
import type { Job } from '../engine/jobs.js';
import type { DefinitionName, ObjectKind, ObjectRow, QueryBody } from './object-kind.js';
import { cachedActivityOf, splitJobQuery } from './job-query-criteria.js';
import { parseQueryBody } from './query-file.js';

/** The fields of JobQueryDto (7.24), which a --query FILE may have. */
const JOB_QUERY_FIELDS = [
  'jobId',
  'jobIds',
  'jobDefinitionId',
  'processInstanceId',
  'processInstanceIds',
  'executionId',
  'processDefinitionId',
  'processDefinitionKey',
  'activityId',
  'withRetriesLeft',
  'executable',
  'timers',
  'messages',
  'dueDates',
  'createTimes',
  'withException',
  'exceptionMessage',
  'failedActivityId',
  'noRetriesLeft',
  'active',
  'suspended',
  'priorityHigherThanOrEquals',
  'priorityLowerThanOrEquals',
  'tenantIdIn',
  'withoutTenantId',
  'includeJobsWithoutTenantId',
  'acquired',
  'sortBy',
  'sortOrder',
  'sorting',
] as const;

export function failedJobKind(client: EngineClient, options: { exception?: string | undefined } = {}): ObjectKind<Job> {
  const jobs = client.jobs;
  const failed = (body: QueryBody): QueryBody => ({ ...body, noRetriesLeft: true });
  const { exception } = options;
  const keep = (job: Job) => exception === undefined || (job.exceptionMessage ?? '').includes(exception);
  const activityOf = cachedActivityOf((jobDefinitionId) => jobs.definition(jobDefinitionId));
  return {
    one: 'job',
    many: 'jobs',
    queryEndpoint: 'POST /job',
    idsField: 'jobIds',
    givenIds: { field: 'processInstanceIds', of: (row) => row.row.processInstanceId ?? '' },
    parseQuery: (text, file) => parseQueryBody(text, file, JOB_QUERY_FIELDS, 'JobQueryDto (POST /job)'),
    count: async (body) => {
      const split = splitJobQuery(failed(body as QueryBody), activityOf);
      if (split.tests.length === 0) return jobs.count(split.body);
      let counted = 0;
      for await (const page of jobs.pages(split.body)) for (const job of page) if (await passes(job, split.tests)) counted++;
      return counted;
    },
    rows: async function* (body, pageSize) {
      // Criteria the engine cannot combine (./job-query-criteria.ts) are tested on each row here.
      const split = splitJobQuery(failed(body), activityOf);
      for await (const page of jobs.pages(split.body, { pageSize })) {
        const kept: ObjectRow<Job>[] = [];
        for (const row of page)
          if (keep(row) && (await passes(row, split.tests))) kept.push({ id: row.id, definitionId: row.processDefinitionId ?? null, row });
        yield kept;
      }
    },
    useBulkTransport: () => client.processInstances.useBulkTransport('listing'),
    definitions: (definitionIds) => definitionNames(client, definitionIds),
    // Counted from the rows' job definitions, not by a count of `activityId` with `jobIds`: the
    // engine's job query joins those two without an AND (Job.xml, 7.24 and both forks: a 500 of
    // invalid SQL), and the rows name their job definition anyway.
    activities: async (definitionId) => {
      const definitions = await jobs.definitions(definitionId);
      const groupsAt = (activity: string) => definitions.filter((definition) => definition.activityId === activity).map((definition) => definition.id);
      // An activity with two job definitions (asyncBefore and asyncAfter) is one row of the preview.
      const activities = new Set(definitions.map((definition) => definition.activityId).filter((activity): activity is string => typeof activity === 'string'));
      return [...activities].map((activity) => ({ activity, groups: groupsAt(activity) }));
    },
    groupOf: (row) => row.row.jobDefinitionId ?? null,
  };
}

async function passes(job: Job, tests: readonly ((job: Job) => Promise<boolean>)[]): Promise<boolean> {
  for (const test of tests) if (!(await test(job))) return false;
  return true;
}

/** Key and version of each definition id, for the preview. */
export async function definitionNames(client: EngineClient, definitionIds: readonly string[]): Promise<Map<string, DefinitionName>> {
  const found = new Map<string, DefinitionName>();
  if (definitionIds.length === 0) return found;
  for (const definition of await client.processDefinitions.listAll({ processDefinitionIdIn: definitionIds }))
    found.set(definition.id, { key: definition.key, version: definition.version });
  return found;
}
