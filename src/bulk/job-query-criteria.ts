/**
 * Job query criteria the engine cannot combine. Its Job.xml (Camunda 7.24, Operaton 2.1.4 and CIB
 * seven 2.2.0 alike) writes five criteria of the job query without a leading `and`: `jobId`, `jobIds`,
 * `jobDefinitionId`, `activityId` and `processInstanceIds`. A query with two of them is invalid SQL,
 * which the engine answers 500 ProcessEnginePersistenceException (measured on all three with
 * `POST /job/count {"activityId": "a", "jobIds": ["x"]}`). Every other criterion is joined with `and`.
 * An empty list is no criterion (the engine ignores it).
 *
 * `splitJobQuery` leaves the first of them present in the body (ids first: the most selective) and
 * turns the others into tests of each job the engine answers, for the caller to apply.
 */
import type { Job } from '../engine/jobs.js';
import type { QueryBody } from './object-kind.js';

/** The criteria written without `and`, in the order the one kept for the engine is chosen. */
const UNJOINED_CRITERIA = ['jobIds', 'jobId', 'processInstanceIds', 'jobDefinitionId', 'activityId'] as const;

/** The activity of a job definition (undefined when the engine has none with that id). */
export type ActivityOfJobDefinition = (jobDefinitionId: string) => Promise<string | null | undefined>;

export interface SplitJobQuery {
  /** The query with at most one of the unjoined criteria. */
  body: QueryBody;
  /** Tests for the criteria taken out of the body; none when the body is the query unchanged. */
  tests: ((job: Job) => Promise<boolean>)[];
}

export function splitJobQuery(query: QueryBody, activityOf: ActivityOfJobDefinition): SplitJobQuery {
  const present = UNJOINED_CRITERIA.filter((field) => isCriterion(query[field]));
  if (present.length < 2) return { body: query, tests: [] };
  const body: QueryBody = { ...query };
  const tests: SplitJobQuery['tests'] = [];
  for (const field of present.slice(1)) {
    const value = query[field];
    delete body[field];
    tests.push(testOf(field, value, activityOf));
  }
  return { body, tests };
}

function isCriterion(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function testOf(field: (typeof UNJOINED_CRITERIA)[number], value: unknown, activityOf: ActivityOfJobDefinition): (job: Job) => Promise<boolean> {
  const listed = new Set((Array.isArray(value) ? value : String(value).split(',')).map(String));
  const single = String(value);
  switch (field) {
    case 'jobIds':
      return (job) => Promise.resolve(listed.has(job.id));
    case 'processInstanceIds':
      return (job) => Promise.resolve(listed.has(job.processInstanceId ?? ''));
    case 'jobId':
      return (job) => Promise.resolve(job.id === single);
    case 'jobDefinitionId':
      return (job) => Promise.resolve(job.jobDefinitionId === single);
    case 'activityId':
      return async (job) => typeof job.jobDefinitionId === 'string' && (await activityOf(job.jobDefinitionId)) === single;
  }
}

/** `activityOf` reading each job definition once (GET /job-definition?jobDefinitionId=). */
export function cachedActivityOf(
  definition: (jobDefinitionId: string) => Promise<{ activityId?: string | null | undefined } | undefined>,
): ActivityOfJobDefinition {
  const known = new Map<string, Promise<string | null | undefined>>();
  return (jobDefinitionId) => {
    let activity = known.get(jobDefinitionId);
    if (activity === undefined) {
      activity = definition(jobDefinitionId).then((found) => found?.activityId);
      known.set(jobDefinitionId, activity);
    }
    return activity;
  };
}
