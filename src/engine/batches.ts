/** `/batch` and `/history/batch`: watching an async migration (docs/engine-notes.md#batches). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { EngineNotFoundError } from './errors.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { countSchema } from './schemas.js';

export const batchSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    type: z.string(),
    totalJobs: z.int(),
    jobsCreated: z.optional(z.int()),
    batchJobsPerSeed: z.optional(z.int()),
    invocationsPerBatchJob: z.int(),
    seedJobDefinitionId: z.optional(z.nullable(z.string())),
    monitorJobDefinitionId: z.optional(z.nullable(z.string())),
    batchJobDefinitionId: z.optional(z.nullable(z.string())),
    suspended: z.optional(z.boolean()),
    tenantId: z.optional(z.nullable(z.string())),
    createUserId: z.optional(z.nullable(z.string())),
    startTime: z.optional(z.nullable(z.string())),
    executionStartTime: z.optional(z.nullable(z.string())),
  }),
);

const batchStatisticsSchema = lazy(() =>
  z.extend(batchSchema(), {
    remainingJobs: z.int(),
    completedJobs: z.int(),
    failedJobs: z.int(),
  }),
);

const historicBatchSchema = lazy(() =>
  z.extend(batchSchema(), {
    endTime: z.optional(z.nullable(z.string())),
    removalTime: z.optional(z.nullable(z.string())),
  }),
);

export type Batch = z.infer<ReturnType<typeof batchSchema>>;
export type BatchStatistics = z.infer<ReturnType<typeof batchStatisticsSchema>>;
export type HistoricBatch = z.infer<ReturnType<typeof historicBatchSchema>>;

/**
 * A filter of GET /history/job-log/count. A log flag filters only when true (the engine ignores
 * false), so it is sent as true or not at all. Every job definition of a batch has the batch id as
 * its configuration.
 */
export interface JobLogFilter extends Query {
  jobDefinitionId?: string;
  jobDefinitionConfiguration?: string;
  successLog?: true;
  failureLog?: true;
  deletionLog?: true;
}

export interface BatchQuery extends Query {
  batchId?: string;
  type?: string;
  suspended?: boolean;
  firstResult?: number;
  maxResults?: number;
}

export class BatchApi {
  constructor(private readonly http: EngineHttp) {}

  async get(id: string): Promise<Batch> {
    return (await this.http.request({ method: 'GET', path: enginePath`/batch/${id}`, schema: batchSchema(), expects: 'a batch' })).data;
  }

  async list(query: BatchQuery): Promise<Batch[]> {
    return (await this.http.request({ method: 'GET', path: enginePath`/batch`, query, schema: z.array(batchSchema()), expects: 'a list of batches' })).data;
  }

  /** A page of the runtime batches with their progress, in id order (a unique order for paging). */
  async statisticsPage(filter: { type?: string | undefined }, firstResult: number, maxResults: number): Promise<BatchStatistics[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/batch/statistics`,
      query: { ...filter, sortBy: 'batchId', sortOrder: 'asc', firstResult, maxResults },
      schema: z.array(batchStatisticsSchema()),
      expects: 'batch statistics',
    });
    return response.data;
  }

  /** The runtime statistics of one batch; undefined once the batch has finished and left the runtime. */
  async statistics(id: string, signal?: AbortSignal): Promise<BatchStatistics | undefined> {
    const response = await this.http.request({
      method: 'GET',
      signal,
      path: enginePath`/batch/statistics`,
      // A list query: an engine with queryMaxResultsLimit refuses one without maxResults.
      query: { batchId: id, firstResult: 0, maxResults: 2 },
      schema: z.array(batchStatisticsSchema()),
      expects: 'batch statistics',
    });
    return response.data[0];
  }

  async historic(id: string, signal?: AbortSignal): Promise<HistoricBatch | undefined> {
    try {
      return (
        await this.http.request({ method: 'GET', path: enginePath`/history/batch/${id}`, signal, schema: historicBatchSchema(), expects: 'a historic batch' })
      ).data;
    } catch (error) {
      if (error instanceof EngineNotFoundError) return undefined;
      throw error;
    }
  }

  /** The historic batches of a filter, newest first (one page of 1,000: the batches a run looks among). */
  async historicList(filter: { type?: string | undefined }): Promise<HistoricBatch[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/history/batch`,
      query: { ...filter, sortBy: 'startTime', sortOrder: 'desc', firstResult: 0, maxResults: 1000 },
      schema: z.array(historicBatchSchema()),
      expects: 'a list of historic batches',
    });
    return response.data;
  }

  /**
   * Entries of the historic job log (GET /history/job-log/count): what the batch's jobs did, which
   * tells a batch deleted before it finished from one that completed (src/batches/ending.ts).
   */
  async jobLogCount(filter: JobLogFilter): Promise<number> {
    return (
      await this.http.request({ method: 'GET', path: enginePath`/history/job-log/count`, query: filter, schema: countSchema(), expects: 'a job log count' })
    ).data.count;
  }

  /** The body's `suspended` is a primitive: omitted means false, which activates. Always send it. */
  async setSuspended(id: string, suspended: boolean): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/batch/${id}/suspended`, body: { suspended } });
  }

  async delete(id: string, cascade: boolean): Promise<void> {
    await this.http.request({ method: 'DELETE', path: enginePath`/batch/${id}`, query: { cascade } });
  }
}
