/**
 * `/job` and `/job-definition`: failed jobs and asynchronous continuations for the pre-flight, pages
 * of a filtered query (`job list`) and running a job by hand (`job execute`); docs/engine-notes.md#jobs.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { collectPages } from './paging.js';

const jobSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    jobDefinitionId: z.optional(z.nullable(z.string())),
    processInstanceId: z.optional(z.nullable(z.string())),
    processDefinitionId: z.optional(z.nullable(z.string())),
    processDefinitionKey: z.optional(z.nullable(z.string())),
    retries: z.optional(z.nullable(z.int())),
    exceptionMessage: z.optional(z.nullable(z.string())),
    failedActivityId: z.optional(z.nullable(z.string())),
    dueDate: z.optional(z.nullable(z.string())),
    suspended: z.optional(z.boolean()),
    createTime: z.optional(z.nullable(z.string())),
  }),
);

const jobDefinitionSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    processDefinitionId: z.optional(z.nullable(z.string())),
    activityId: z.optional(z.nullable(z.string())),
    jobType: z.optional(z.nullable(z.string())),
    jobConfiguration: z.optional(z.nullable(z.string())),
    deploymentId: z.optional(z.nullable(z.string())),
  }),
);

export type Job = z.infer<ReturnType<typeof jobSchema>>;

/**
 * The filters of GET /job that `job list` uses (JobQueryDto). `activityId` is the activity of the
 * job's job definition; `exceptionMessage` would match the whole message only, so it is not used.
 */
export interface JobQuery extends Query {
  processDefinitionId?: string;
  processDefinitionKey?: string;
  activityId?: string;
  noRetriesLeft?: boolean;
  withRetriesLeft?: boolean;
  withException?: boolean;
}
export type JobDefinition = z.infer<ReturnType<typeof jobDefinitionSchema>>;

/** The job type of an asynchronous continuation (AsyncContinuationJobHandler.TYPE). */
export const ASYNC_CONTINUATION = 'async-continuation';

/** Ids in one GET query string: 50 ids of 36 characters stay far below any server's URL limit. */
const INSTANCE_IDS_PER_REQUEST = 50;

export class JobApi {
  constructor(private readonly http: EngineHttp) {}

  /** One page of a filtered query, in id order (a unique key: pages neither skip nor repeat rows). */
  async page(query: JobQuery, firstResult: number, maxResults: number): Promise<Job[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/job`,
      query: { ...query, sortBy: 'jobId', sortOrder: 'asc', firstResult, maxResults },
      schema: z.array(jobSchema()),
      expects: 'a list of jobs',
    });
    return response.data;
  }

  /** One job by id; undefined when the engine has none (or the user may not see it). */
  async find(jobId: string): Promise<Job | undefined> {
    return (await this.page({ jobId }, 0, 1))[0];
  }

  /**
   * Runs a job now, in the request (POST /job/{id}/execute; JobResourceImpl.executeJob): 204 when it
   * ran; 404 when there is no such job AND when the job failed with a ProcessEngineException (an
   * expression, a BPMN error without a catch), 500 when it failed with another exception, both with
   * the job's message; 403 without UPDATE on the job's instance or definition. Never repeated: a job
   * that ran must not run twice because an answer was lost.
   */
  async execute(jobId: string): Promise<void> {
    await this.http.request({ method: 'POST', path: enginePath`/job/${jobId}/execute`, noContentOnly: true, idempotent: false });
  }

  /** Jobs that failed and that the engine still retries (an exception, retries left: no incident yet). */
  async failingWithRetries(processDefinitionId: string): Promise<Job[]> {
    return this.jobs({ processDefinitionId, withException: true, withRetriesLeft: true });
  }

  /** The jobs of one job definition, e.g. every instance waiting in one asynchronous continuation. */
  async ofDefinition(jobDefinitionId: string): Promise<Job[]> {
    return this.jobs({ jobDefinitionId });
  }

  /** The jobs of some process instances (the canary's), in chunks of ids within one request's length. */
  async ofInstances(processInstanceIds: readonly string[]): Promise<Job[]> {
    const found: Job[] = [];
    for (let start = 0; start < processInstanceIds.length; start += INSTANCE_IDS_PER_REQUEST) {
      found.push(...(await this.jobs({ processInstanceIds: processInstanceIds.slice(start, start + INSTANCE_IDS_PER_REQUEST).join(',') })));
    }
    return found;
  }

  /** One job definition by id (a batch's seed job definition names the deployment it works on); undefined when not visible. */
  async definition(jobDefinitionId: string): Promise<JobDefinition | undefined> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/job-definition`,
      query: { jobDefinitionId, firstResult: 0, maxResults: 1 },
      schema: z.array(jobDefinitionSchema()),
      expects: 'a list of job definitions',
    });
    return response.data[0];
  }

  /** The job definitions of a process definition, of one type when given. */
  async definitions(processDefinitionId: string, jobType?: string): Promise<JobDefinition[]> {
    return collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/job-definition`,
            query: { processDefinitionId, ...(jobType ? { jobType } : {}), sortBy: 'jobDefinitionId', sortOrder: 'asc', firstResult, maxResults },
            schema: z.array(jobDefinitionSchema()),
            expects: 'a list of job definitions',
          })
        ).data,
      { limit: this.http.queryLimit },
    );
  }

  private jobs(filter: Query): Promise<Job[]> {
    return collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/job`,
            query: { ...filter, sortBy: 'jobId', sortOrder: 'asc', firstResult, maxResults },
            schema: z.array(jobSchema()),
            expects: 'a list of jobs',
          })
        ).data,
      { limit: this.http.queryLimit },
    );
  }
}
