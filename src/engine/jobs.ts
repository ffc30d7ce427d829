/** `/job` and `/job-definition`: failed jobs and asynchronous continuations, for the pre-flight (docs/engine-notes.md#jobs). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { collectPages } from './paging.js';

const jobSchema = lazy(() => z.looseObject({
  id: z.string(),
  jobDefinitionId: z.optional(z.nullable(z.string())),
  processInstanceId: z.optional(z.nullable(z.string())),
  processDefinitionId: z.optional(z.nullable(z.string())),
  retries: z.optional(z.nullable(z.int())),
  exceptionMessage: z.optional(z.nullable(z.string())),
  failedActivityId: z.optional(z.nullable(z.string())),
}));

const jobDefinitionSchema = lazy(() => z.looseObject({
  id: z.string(),
  processDefinitionId: z.optional(z.nullable(z.string())),
  activityId: z.optional(z.nullable(z.string())),
  jobType: z.optional(z.nullable(z.string())),
  jobConfiguration: z.optional(z.nullable(z.string())),
}));

export type Job = z.infer<ReturnType<typeof jobSchema>>;
export type JobDefinition = z.infer<ReturnType<typeof jobDefinitionSchema>>;

/** The job type of an asynchronous continuation (AsyncContinuationJobHandler.TYPE). */
export const ASYNC_CONTINUATION = 'async-continuation';

export class JobApi {
  constructor(private readonly http: EngineHttp) {}

  /** Jobs that failed and that the engine still retries (an exception, retries left: no incident yet). */
  async failingWithRetries(processDefinitionId: string): Promise<Job[]> {
    return this.jobs({ processDefinitionId, withException: true, withRetriesLeft: true });
  }

  /** The jobs of one job definition, e.g. every instance waiting in one asynchronous continuation. */
  async ofDefinition(jobDefinitionId: string): Promise<Job[]> {
    return this.jobs({ jobDefinitionId });
  }

  /** The job definitions of a process definition, of one type when given. */
  async definitions(processDefinitionId: string, jobType?: string): Promise<JobDefinition[]> {
    return collectPages(
      async (firstResult, maxResults) =>
        (await this.http.request({
          method: 'GET',
          path: enginePath`/job-definition`,
          query: { processDefinitionId, ...(jobType ? { jobType } : {}), sortBy: 'jobDefinitionId', sortOrder: 'asc', firstResult, maxResults },
          schema: z.array(jobDefinitionSchema()),
          expects: 'a list of job definitions',
        })).data,
      { limit: this.http.queryLimit },
    );
  }

  private jobs(filter: Query): Promise<Job[]> {
    return collectPages(
      async (firstResult, maxResults) =>
        (await this.http.request({
          method: 'GET',
          path: enginePath`/job`,
          query: { ...filter, sortBy: 'jobId', sortOrder: 'asc', firstResult, maxResults },
          schema: z.array(jobSchema()),
          expects: 'a list of jobs',
        })).data,
      { limit: this.http.queryLimit },
    );
  }
}
