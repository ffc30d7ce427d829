/**
 * `job list --summary`: the selected jobs counted by definition (key, version, tenant), activity and
 * the first line of the exception message, with how many have no retries left and the oldest and
 * newest job (by creation) of each group. Every selected job is read (in big pages) and counted,
 * none kept.
 */
import type { EngineClient } from '../engine/client.js';
import type { Job } from '../engine/jobs.js';
import { BULK_PAGE_SIZE, MAX_BULK_PAGE_SIZE } from '../engine/paging.js';
import { definitionsById } from '../definitions/lookup.js';
import { compareGroups, compareNullable, definitionColumns, firstLine, Groups, type Occurrence } from '../incidents/grouping.js';
import { jobPages, type JobSelection } from './list.js';

/** One group of the summary: its -o json|yaml shape (docs/operations.md). */
interface JobGroup {
  processDefinitionKey: string | null;
  processDefinitionVersion: number | null;
  processDefinitionId: string | null;
  tenantId: string | null;
  /** The activity the job failed at, else its job definition's activity. */
  activityId: string | null;
  /** The first line of the exception message; null for jobs that have not failed. */
  exception: string | null;
  count: number;
  /** Jobs of the group without retries left (failed for good: each has a failedJob incident). */
  noRetriesLeft: number;
  oldest: JobOccurrence;
  newest: JobOccurrence;
}

interface JobOccurrence {
  id: string;
  createTime: string | null;
  processInstanceId: string | null;
}

export interface JobSummary {
  /** Jobs counted. */
  jobs: number;
  groups: JobGroup[];
}

interface Key {
  processDefinitionId: string | null;
  activityId: string | null;
  exception: string | null;
}

/** The activity of each job definition of a process definition, read once per process definition. */
function activitiesOfJobDefinitions(client: EngineClient): (job: Job) => Promise<string | null> {
  const byDefinition = new Map<string, Promise<Map<string, string | null>>>();
  return async (job) => {
    if (job.failedActivityId) return job.failedActivityId;
    if (!job.processDefinitionId || !job.jobDefinitionId) return null;
    let activities = byDefinition.get(job.processDefinitionId);
    if (activities === undefined) {
      activities = client.jobs
        .definitions(job.processDefinitionId)
        .then((definitions) => new Map(definitions.map((definition) => [definition.id, definition.activityId ?? null])));
      byDefinition.set(job.processDefinitionId, activities);
    }
    return (await activities).get(job.jobDefinitionId) ?? null;
  };
}

export async function summarizeJobs(client: EngineClient, selection: JobSelection): Promise<JobSummary> {
  const groups = new Groups<Key>();
  const failed = new Map<string, number>();
  const activityOf = activitiesOfJobDefinitions(client);
  for await (const page of jobPages(client, selection, { limit: client.http.queryLimit, pageSize: BULK_PAGE_SIZE, growTo: MAX_BULK_PAGE_SIZE })) {
    for (const job of page) {
      const key: Key = { processDefinitionId: job.processDefinitionId ?? null, activityId: await activityOf(job), exception: firstLine(job.exceptionMessage) };
      const identity = JSON.stringify(key);
      groups.add(identity, key, { id: job.id, at: job.createTime ?? null, processInstanceId: job.processInstanceId ?? null });
      if (job.retries === 0) failed.set(identity, (failed.get(identity) ?? 0) + 1);
    }
  }
  const sorted = groups.sorted();
  const definitions = await definitionsById(
    client.processDefinitions,
    sorted.flatMap((group) => (group.key.processDefinitionId === null ? [] : [group.key.processDefinitionId])),
  );
  const occurrence = (row: Occurrence): JobOccurrence => ({ id: row.id, createTime: row.at, processInstanceId: row.processInstanceId });
  const rows = sorted.map(({ key, count, oldest, newest }): JobGroup => {
    return {
      ...definitionColumns(definitions, key.processDefinitionId),
      activityId: key.activityId,
      exception: key.exception,
      count,
      noRetriesLeft: failed.get(JSON.stringify(key)) ?? 0,
      oldest: occurrence(oldest),
      newest: occurrence(newest),
    };
  });
  rows.sort((a, b) => compareGroups(a, b) || compareNullable(a.exception, b.exception));
  return { jobs: groups.total, groups: rows };
}
