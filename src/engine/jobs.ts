/**
 * `/job` and `/job-definition`: failed jobs and asynchronous continuations for the pre-flight, pages
 * of a filtered query (`job list`), running a job by hand (`job execute`), and their retries and due
 * dates, one by one or as a batch (`job retry`); docs/engine-notes.md#jobs.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { batchSchema, type Batch } from './batches.js';
import { formatEngineDate } from './dates.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { allPages, collectPages, MAX_BULK_PAGE_SIZE } from './paging.js';
import { countSchema } from './schemas.js';

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

/**
 * New retries of jobs, and optionally their due date (RetriesDto; the due date since 7.19: an older
 * engine ignores it). `dueDate: null` clears the due date (the job is due at once); absent leaves it.
 */
export interface JobRetries {
  retries: number;
  dueDate?: Date | null | undefined;
}

/** The body of PUT /job/{id}/retries (and, with the ids, of POST /job/retries). */
export function jobRetriesBody(change: JobRetries): { retries: number; dueDate?: string | null } {
  if (change.dueDate === undefined) return { retries: change.retries };
  return { retries: change.retries, dueDate: change.dueDate === null ? null : formatEngineDate(change.dueDate) };
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

  /** POST /job: a JobQueryDto as the body (ids and filters), paging in the URL. */
  async query(body: Record<string, unknown>, firstResult: number, maxResults: number): Promise<Job[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/job`,
      query: { firstResult, maxResults },
      body,
      schema: z.array(jobSchema()),
      expects: 'a list of jobs',
      idempotent: true,
    });
    return response.data;
  }

  /** POST /job/count. */
  async count(body: Record<string, unknown>): Promise<number> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/job/count`,
      body,
      schema: countSchema(),
      expects: 'a count',
      idempotent: true,
    });
    return response.data.count;
  }

  /**
   * Every job the query matches, page by page, ordered by id after the query's own order (so that
   * none is skipped or repeated where pages are cut); `pageSize`: the first page's rows.
   */
  pages(body: Record<string, unknown>, options: { pageSize?: number | undefined } = {}): AsyncGenerator<Job[]> {
    const sorting = Array.isArray(body.sorting) ? (body.sorting as unknown[]) : [];
    const ordered = { ...body, sorting: [...sorting, { sortBy: 'jobId', sortOrder: 'asc' }] };
    return allPages((firstResult, maxResults) => this.query(ordered, firstResult, maxResults), {
      limit: this.http.queryLimit,
      growTo: MAX_BULK_PAGE_SIZE,
      pageSize: options.pageSize,
    });
  }

  /**
   * Jobs by id (POST /job: the ids travel in the body, paging in the URL); a job that is gone (run
   * successfully, its instance ended) is simply not in the answer.
   */
  async byIds(jobIds: readonly string[], firstResult: number, maxResults: number): Promise<Job[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/job`,
      query: { firstResult, maxResults },
      body: { jobIds },
      schema: z.array(jobSchema()),
      expects: 'a list of jobs',
      idempotent: true,
    });
    return response.data;
  }

  /**
   * PUT /job/{id}/retries: one job's retries, in a transaction of its own. Retries above 0 on a job
   * without retries resolve its failedJob incident; 0 on one with retries opens it (JobEntity.setRetries).
   * The engine has no synchronous request for many jobs: POST /job/retries always creates a batch.
   */
  async setRetries(jobId: string, change: JobRetries, signal?: AbortSignal): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/job/${jobId}/retries`, body: jobRetriesBody(change), signal, noContentOnly: true });
  }

  /** POST /job/retries: a batch of type `set-job-retries` for the ids (SetJobsRetriesBatchCmd). */
  async setRetriesAsync(jobIds: readonly string[], change: JobRetries): Promise<Batch> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/job/retries`,
      body: { jobIds, ...jobRetriesBody(change) },
      schema: batchSchema(),
      expects: 'a batch',
    });
    return response.data;
  }

  /** PUT /job/{id}/duedate: when the job executor may run the job (null: at once); `cascade` moves a repeating timer's later runs too. */
  async setDueDate(jobId: string, dueDate: Date | null, options: { cascade?: boolean; signal?: AbortSignal } = {}): Promise<void> {
    await this.http.request({
      method: 'PUT',
      path: enginePath`/job/${jobId}/duedate`,
      body: { duedate: dueDate === null ? null : formatEngineDate(dueDate), cascade: options.cascade ?? false },
      signal: options.signal,
      noContentOnly: true,
    });
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
