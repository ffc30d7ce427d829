/**
 * Failed jobs as an object kind of the bulk layer (./object-kind.ts), for `job retry`: POST /job and
 * its count, always with `noRetriesLeft` (only jobs the engine gave up on are selected); ids given
 * are process instances' (--instances selects the failed jobs of those instances). `--exception TEXT`
 * is tested on each row: the engine's `exceptionMessage` filter matches a whole message only.
 */
import type { EngineClient } from '../engine/client.js';
import type { Job } from '../engine/jobs.js';
import type { DefinitionName, ObjectKind, ObjectRow, QueryBody } from './object-kind.js';
import { parseQueryBody } from './query-file.js';

/** The fields of JobQueryDto (7.24), which a --query FILE may have. */
export const JOB_QUERY_FIELDS = [
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
  return {
    one: 'job',
    many: 'jobs',
    queryEndpoint: 'POST /job',
    idsField: 'jobIds',
    givenIds: { field: 'processInstanceIds', of: (row) => row.row.processInstanceId ?? '' },
    parseQuery: (text, file) => parseQueryBody(text, file, JOB_QUERY_FIELDS, 'JobQueryDto (POST /job)'),
    count: (body) => jobs.count(failed(body as QueryBody)),
    rows: async function* (body, pageSize) {
      for await (const page of jobs.pages(failed(body), { pageSize }))
        yield page.filter(keep).map((row): ObjectRow<Job> => ({ id: row.id, definitionId: row.processDefinitionId ?? null, row }));
    },
    useBulkTransport: () => client.processInstances.useBulkTransport('listing'),
    definitions: (definitionIds) => definitionNames(client, definitionIds),
    // Counted from the rows' job definitions, not by a count of `activityId` with `jobIds`: the
    // engine's job query joins those two without an AND (Job.xml, 7.24 and both forks: a 500 of
    // invalid SQL), and the rows name their job definition anyway.
    activities: async (definitionId) => {
      const definitions = await jobs.definitions(definitionId);
      const groupsAt = (activity: string) => definitions.filter((definition) => definition.activityId === activity).map((definition) => definition.id);
      return definitions
        .map((definition) => definition.activityId)
        .filter((activity): activity is string => typeof activity === 'string')
        .map((activity) => ({ activity, groups: groupsAt(activity) }));
    },
    groupOf: (row) => row.row.jobDefinitionId ?? null,
  };
}

/** Key and version of each definition id, for the preview. */
export async function definitionNames(client: EngineClient, definitionIds: readonly string[]): Promise<Map<string, DefinitionName>> {
  const found = new Map<string, DefinitionName>();
  if (definitionIds.length === 0) return found;
  for (const definition of await client.processDefinitions.listAll({ processDefinitionIdIn: definitionIds }))
    found.set(definition.id, { key: definition.key, version: definition.version });
  return found;
}
