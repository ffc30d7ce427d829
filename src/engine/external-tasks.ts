/**
 * `/external-task`: the external tasks of process instances (the work a worker fetches and locks), and
 * their retries: a task whose worker reported a failure without retries left has a failedExternalTask
 * incident, which retries above 0 resolve (ExternalTaskEntity.setRetriesAndManageIncidents).
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { batchSchema, type Batch } from './batches.js';
import type { EngineHttp } from './http.js';
import { allPages, collectPages, MAX_BULK_PAGE_SIZE } from './paging.js';
import { enginePath, type Query } from './paths.js';
import { countSchema } from './schemas.js';

const externalTaskSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    activityId: z.optional(z.nullable(z.string())),
    processInstanceId: z.optional(z.nullable(z.string())),
    processDefinitionId: z.optional(z.nullable(z.string())),
    processDefinitionKey: z.optional(z.nullable(z.string())),
    topicName: z.optional(z.nullable(z.string())),
    workerId: z.optional(z.nullable(z.string())),
    lockExpirationTime: z.optional(z.nullable(z.string())),
    /** Null until a worker first reports a failure (the engine then counts the retries the worker names). */
    retries: z.optional(z.nullable(z.int())),
    errorMessage: z.optional(z.nullable(z.string())),
    suspended: z.optional(z.boolean()),
    tenantId: z.optional(z.nullable(z.string())),
  }),
);

export type ExternalTask = z.infer<ReturnType<typeof externalTaskSchema>>;

/** Filters of GET /external-task (ExternalTaskQueryDto), as the engine names them. */
export interface ExternalTaskFilter {
  externalTaskId?: string;
  activityId?: string;
  activityIdIn?: readonly string[];
  topicName?: string;
  processInstanceId?: string;
  processInstanceIdIn?: readonly string[];
  processDefinitionId?: string;
  processDefinitionKey?: string;
  processDefinitionKeyIn?: readonly string[];
  workerId?: string;
  locked?: boolean;
  notLocked?: boolean;
  withRetriesLeft?: boolean;
  /** Failed for good: retries 0, a failedExternalTask incident. */
  noRetriesLeft?: boolean;
  active?: boolean;
  suspended?: boolean;
  tenantIdIn?: readonly string[];
}

export class ExternalTaskApi {
  constructor(private readonly http: EngineHttp) {}

  /** Every external task the filter selects, in pages within the engine's limit, in id order. */
  async list(filter: ExternalTaskFilter = {}): Promise<ExternalTask[]> {
    return collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/external-task`,
            query: { ...(filter as Query), sortBy: 'id', sortOrder: 'asc', firstResult, maxResults },
            schema: z.array(externalTaskSchema()),
            expects: 'a list of external tasks',
          })
        ).data,
      { limit: this.http.queryLimit },
    );
  }

  async count(filter: ExternalTaskFilter = {}): Promise<number> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/external-task/count`,
      query: filter as Query,
      schema: countSchema(),
      expects: 'a count',
    });
    return response.data.count;
  }

  /** POST /external-task: an ExternalTaskQueryDto as the body, paging in the URL. */
  async query(body: Record<string, unknown>, firstResult: number, maxResults: number): Promise<ExternalTask[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/external-task`,
      query: { firstResult, maxResults },
      body,
      schema: z.array(externalTaskSchema()),
      expects: 'a list of external tasks',
      idempotent: true,
    });
    return response.data;
  }

  /** POST /external-task/count. */
  async countQuery(body: Record<string, unknown>): Promise<number> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/external-task/count`,
      body,
      schema: countSchema(),
      expects: 'a count',
      idempotent: true,
    });
    return response.data.count;
  }

  /** Every task the query matches, page by page, ordered by id after the query's own order. */
  pages(body: Record<string, unknown>, options: { pageSize?: number | undefined } = {}): AsyncGenerator<ExternalTask[]> {
    const sorting = Array.isArray(body.sorting) ? (body.sorting as unknown[]) : [];
    const ordered = { ...body, sorting: [...sorting, { sortBy: 'id', sortOrder: 'asc' }] };
    return allPages((firstResult, maxResults) => this.query(ordered, firstResult, maxResults), {
      limit: this.http.queryLimit,
      growTo: MAX_BULK_PAGE_SIZE,
      pageSize: options.pageSize,
    });
  }

  /** External tasks by id (POST /external-task: the ids in the body); a task that is gone is not in the answer. */
  async byIds(externalTaskIdIn: readonly string[], firstResult: number, maxResults: number): Promise<ExternalTask[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/external-task`,
      query: { firstResult, maxResults },
      body: { externalTaskIdIn },
      schema: z.array(externalTaskSchema()),
      expects: 'a list of external tasks',
      idempotent: true,
    });
    return response.data;
  }

  /**
   * PUT /external-task/retries: the retries of many tasks in ONE transaction (SetExternalTasksRetriesCmd):
   * one task that is gone (404 "Cannot find external task with id …") or may not be changed (403)
   * refuses them all.
   */
  async setRetries(externalTaskIds: readonly string[], retries: number, signal?: AbortSignal): Promise<void> {
    await this.http.request({
      method: 'PUT',
      path: enginePath`/external-task/retries`,
      body: { externalTaskIds, retries },
      signal,
      noContentOnly: true,
    });
  }

  /** POST /external-task/retries-async: a batch of type `set-external-task-retries`. */
  async setRetriesAsync(externalTaskIds: readonly string[], retries: number): Promise<Batch> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/external-task/retries-async`,
      body: { externalTaskIds, retries },
      schema: batchSchema(),
      expects: 'a batch',
    });
    return response.data;
  }

  /** PUT /external-task/{id}/retries: one task's retries. */
  async setRetriesOf(externalTaskId: string, retries: number, signal?: AbortSignal): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/external-task/${externalTaskId}/retries`, body: { retries }, signal, noContentOnly: true });
  }
}
