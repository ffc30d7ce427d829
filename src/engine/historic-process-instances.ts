/**
 * `/history/process-instance`: finished instances, selected and deleted (one at a time, or as an
 * engine batch), and their removal times set (only as an engine batch). The engine has no
 * synchronous delete of many: DELETE of one id is the only one; it has no synchronous request that
 * sets a removal time at all.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { type Batch, batchSchema } from './batches.js';
import type { EngineHttp, JsonText } from './http.js';
import type { QueryLimit } from './limits.js';
import { pagesByInstanceId } from './paging.js';
import { enginePath } from './paths.js';
import { countSchema, looseRecord } from './schemas.js';

const historicInstanceSchema = lazy(() =>
  looseRecord({
    id: z.string(),
    processDefinitionId: z.optional(z.nullable(z.string())),
    processDefinitionKey: z.optional(z.nullable(z.string())),
    processDefinitionVersion: z.optional(z.nullable(z.int())),
    startTime: z.optional(z.nullable(z.string())),
    endTime: z.optional(z.nullable(z.string())),
    deleteReason: z.optional(z.nullable(z.string())),
    state: z.optional(z.nullable(z.string())),
    tenantId: z.optional(z.nullable(z.string())),
    // 7.10+: the root of the call hierarchy (itself for a root; null for history written before
    // 7.10) and when the history clean-up may remove the instance (null: never).
    rootProcessInstanceId: z.optional(z.nullable(z.string())),
    removalTime: z.optional(z.nullable(z.string())),
  }),
);

export type HistoricInstance = z.infer<ReturnType<typeof historicInstanceSchema>>;

/** A HistoricProcessInstanceQueryDto (`finished: true`, `processDefinitionKey`, `finishedBefore`, …). */
export type HistoricInstanceQueryBody = Record<string, unknown>;

/** HistoricProcessInstance.state of an instance that has ended. */
export const ENDED_STATES: ReadonlySet<string> = new Set(['COMPLETED', 'EXTERNALLY_TERMINATED', 'INTERNALLY_TERMINATED']);

/**
 * The body of POST /history/process-instance/set-removal-time (SetRemovalTimeToHistoricProcessInstancesDto):
 * exactly one mode (absoluteRemovalTime, calculatedRemovalTime or clearedRemovalTime), the ids (the
 * tool never sends the query: it is resolved inside the request), `hierarchical`, and since 7.20
 * `updateInChunks` / `updateChunkSize` (an older engine ignores both: its REST layer drops fields it
 * does not know).
 */
export interface SetRemovalTimeBody {
  historicProcessInstanceIds: string[];
  absoluteRemovalTime?: string;
  calculatedRemovalTime?: true;
  clearedRemovalTime?: true;
  hierarchical: boolean;
  updateInChunks?: true;
  updateChunkSize?: number;
}

export class HistoricProcessInstanceApi {
  constructor(private readonly http: EngineHttp) {}

  get queryLimit(): QueryLimit {
    return this.http.queryLimit;
  }

  /** POST query: filters in the body, paging in the URL. */
  async query(body: HistoricInstanceQueryBody, firstResult: number, maxResults: number): Promise<HistoricInstance[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/history/process-instance`,
      query: { firstResult, maxResults },
      body,
      schema: z.array(historicInstanceSchema()),
      expects: 'a list of historic process instances',
      idempotent: true,
    });
    return response.data;
  }

  async count(body: HistoricInstanceQueryBody | JsonText): Promise<number> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/history/process-instance/count`,
      body,
      schema: countSchema(),
      expects: 'a count',
      idempotent: true,
    });
    return response.data.count;
  }

  /** Every instance the query matches, page by page, in pages that neither skip nor repeat one (as ProcessInstanceApi.pages). */
  pages(body: HistoricInstanceQueryBody, options: { pageSize?: number | undefined } = {}): AsyncGenerator<HistoricInstance[]> {
    return pagesByInstanceId((ordered, firstResult, maxResults) => this.query(ordered, firstResult, maxResults), body, {
      limit: this.http.queryLimit,
      ...options,
    });
  }

  /**
   * DELETE /history/process-instance/{id}: a finished instance's history, in a transaction of its own.
   * `failIfNotExists=false`: one deleted already is no failure (a retry, a resumed run). The engine
   * answers every other refusal as a 404 "does not exist", a running instance's too
   * (HistoricProcessInstanceResourceImpl wraps its "still running" BadUserRequestException).
   */
  async delete(id: string, signal?: AbortSignal): Promise<void> {
    await this.http.request({
      method: 'DELETE',
      path: enginePath`/history/process-instance/${id}`,
      query: { failIfNotExists: false },
      signal,
      noContentOnly: true,
    });
  }

  /**
   * POST /history/process-instance/delete: a batch of type `historic-instance-deletion`. Its jobs skip
   * ids gone meanwhile; a running instance fails its job. (The body's failIfNotExists is ignored by
   * the REST layer of 7.24, so it is not sent.)
   */
  async deleteAsync(request: { historicProcessInstanceIds: string[]; deleteReason?: string | undefined }): Promise<Batch> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/history/process-instance/delete`,
      body: request,
      schema: batchSchema(),
      expects: 'a batch',
    });
    return response.data;
  }

  /**
   * POST /history/process-instance/set-removal-time: a batch of type `process-set-removal-time`
   * (CREATE or CREATE_BATCH_SET_REMOVAL_TIME on Batch). Ids the history does not have are dropped
   * when the batch is made; none left is 400 "historicProcessInstances is empty".
   */
  async setRemovalTimeAsync(body: SetRemovalTimeBody): Promise<Batch> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/history/process-instance/set-removal-time`,
      body,
      schema: batchSchema(),
      expects: 'a batch',
    });
    return response.data;
  }
}
