/** `/process-instance` and `/history/process-instance`: selecting instances and finding where they are. */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { type Batch, batchSchema } from './batches.js';
import type { EngineHttp, JsonText } from './http.js';
import { enginePath } from './paths.js';
import type { QueryLimit } from './limits.js';
import { allPages, MAX_BULK_PAGE_SIZE } from './paging.js';
import { countSchema, looseRecord } from './schemas.js';

const processInstanceSchema = lazy(() =>
  looseRecord({
    id: z.string(),
    definitionId: z.string(),
    businessKey: z.optional(z.nullable(z.string())),
    suspended: z.optional(z.boolean()),
    ended: z.optional(z.boolean()),
    tenantId: z.optional(z.nullable(z.string())),
  }),
);

const historicProcessInstanceSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    processDefinitionId: z.optional(z.nullable(z.string())),
    endTime: z.optional(z.nullable(z.string())),
    state: z.optional(z.nullable(z.string())),
  }),
);

export type ProcessInstance = z.infer<ReturnType<typeof processInstanceSchema>>;
export type HistoricProcessInstance = z.infer<ReturnType<typeof historicProcessInstanceSchema>>;

/** A ProcessInstanceQueryDto, as the plan file and --query FILE give it. */
export type ProcessInstanceQueryBody = Record<string, unknown>;

export class ProcessInstanceApi {
  constructor(private readonly http: EngineHttp) {}

  /** The engine's limit on rows per list request (./limits.ts), shared with every other list of the run. */
  get queryLimit(): QueryLimit {
    return this.http.queryLimit;
  }

  /**
   * Every instance the query matches, page by page (./paging.ts): big pages within the engine's
   * limit, the next one asked for while the caller handles this one. The instance id ends the
   * ordering (after any of the query's own), so that no instance is skipped or repeated where pages
   * are cut. The REST API has no "id after" filter to page by key instead (docs/performance.md).
   * `pageSize`: the first page's rows, when the caller knows how many to expect (a count).
   */
  pages(body: ProcessInstanceQueryBody, options: { pageSize?: number | undefined } = {}): AsyncGenerator<ProcessInstance[]> {
    const sorting = Array.isArray(body.sorting) ? (body.sorting as unknown[]) : [];
    const ordered = { ...body, sorting: [...sorting, { sortBy: 'instanceId', sortOrder: 'asc' }] };
    return allPages((firstResult, maxResults) => this.query(ordered, firstResult, maxResults), {
      limit: this.http.queryLimit,
      growTo: MAX_BULK_PAGE_SIZE,
      pageSize: options.pageSize,
    });
  }

  /**
   * From now on bulk work, as `engineClient(app, { bulk: true })` makes it (src/connection.ts): for
   * pages of tens of thousands of instances, which through node:http and a growing young generation
   * peaked about 25 MB higher (docs/performance.md).
   */
  async useBulkTransport(): Promise<void> {
    this.http.useBulkTransport();
    const { boundHeapForBulkWork } = await import('../util/heap.js');
    boundHeapForBulkWork();
  }

  /** POST query: ids and filters travel in the body, paging in the URL (docs/engine-notes.md#queries). */
  async query(body: ProcessInstanceQueryBody, firstResult: number, maxResults: number): Promise<ProcessInstance[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/process-instance`,
      query: { firstResult, maxResults },
      body,
      schema: z.array(processInstanceSchema()),
      expects: 'a list of process instances',
      idempotent: true,
    });
    return response.data;
  }

  async count(body: ProcessInstanceQueryBody | JsonText): Promise<number> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/process-instance/count`,
      body,
      schema: countSchema(),
      expects: 'a count',
      idempotent: true,
    });
    return response.data.count;
  }

  /**
   * PUT /process-instance/suspended with ids: one transaction (UpdateProcessInstancesSuspendStateCmd).
   * The engine looks the ids up first and silently leaves out those it does not find; none found is
   * a 400. 204 on success; any other 2xx was not the engine's (noContentOnly).
   */
  async setSuspended(processInstanceIds: readonly string[], suspended: boolean, signal?: AbortSignal): Promise<void> {
    await this.http.request({
      method: 'PUT',
      path: enginePath`/process-instance/suspended`,
      body: { processInstanceIds, suspended },
      signal,
      noContentOnly: true,
    });
  }

  /** POST /process-instance/suspended-async: a batch of type instance-update-suspension-state. */
  async setSuspendedAsync(processInstanceIds: readonly string[], suspended: boolean): Promise<Batch> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/process-instance/suspended-async`,
      body: { processInstanceIds, suspended },
      schema: batchSchema(),
      expects: 'a batch',
    });
    return response.data;
  }

  async history(processInstanceIds: readonly string[]): Promise<HistoricProcessInstance[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/history/process-instance`,
      query: { firstResult: 0, maxResults: processInstanceIds.length },
      body: { processInstanceIds },
      schema: z.array(historicProcessInstanceSchema()),
      expects: 'a list of historic process instances',
      idempotent: true,
    });
    return response.data;
  }
}
