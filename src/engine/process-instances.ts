/**
 * `/process-instance` and `/history/process-instance`: selecting instances and finding where they
 * are; deleting them and setting their variables, one at a time or as an engine batch.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { type Batch, batchSchema } from './batches.js';
import type { EngineHttp, JsonText } from './http.js';
import { enginePath } from './paths.js';
import type { QueryLimit } from './limits.js';
import { pagesByInstanceId } from './paging.js';
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

/**
 * What processInstanceSchema checks, without its copy of every row: for the bulk layer's pages of
 * 50,000, where the schema cost about 70 ms and 27 MB (docs/performance.md, "Selecting and checking").
 */
function areProcessInstances(json: unknown): boolean {
  if (!Array.isArray(json)) return false;
  for (const row of json as unknown[]) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return false;
    const { id, definitionId, businessKey, suspended, ended, tenantId } = row as Record<string, unknown>;
    if (typeof id !== 'string' || typeof definitionId !== 'string') return false;
    if (!(businessKey === undefined || businessKey === null || typeof businessKey === 'string')) return false;
    if (!(tenantId === undefined || tenantId === null || typeof tenantId === 'string')) return false;
    if (!(suspended === undefined || typeof suspended === 'boolean') || !(ended === undefined || typeof ended === 'boolean')) return false;
  }
  return true;
}
export type HistoricProcessInstance = z.infer<ReturnType<typeof historicProcessInstanceSchema>>;

/** A ProcessInstanceQueryDto, as the plan file and --query FILE give it. */
export type ProcessInstanceQueryBody = Record<string, unknown>;

/** The options of deleting a running instance; the engine's defaults are all false. */
export interface InstanceDeletionOptions {
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
  skipSubprocesses: boolean;
}

/** A VariableValueDto as it is sent: `{value, type, valueInfo}` (docs/engine-notes.md#variables). */
export interface TypedVariableValue {
  value?: unknown;
  type?: string | undefined;
  valueInfo?: Record<string, unknown> | undefined;
}

export class ProcessInstanceApi {
  constructor(private readonly http: EngineHttp) {}

  /** The engine's limit on rows per list request (./limits.ts), shared with every other list of the run. */
  get queryLimit(): QueryLimit {
    return this.http.queryLimit;
  }

  /**
   * Every instance the query matches, page by page, in pages that neither skip nor repeat one (./paging.ts).
   * `asSent`: see `query`.
   */
  pages(body: ProcessInstanceQueryBody, options: { pageSize?: number | undefined; asSent?: boolean } = {}): AsyncGenerator<ProcessInstance[]> {
    const { asSent, ...paging } = options;
    return pagesByInstanceId((ordered, firstResult, maxResults) => this.query(ordered, firstResult, maxResults, { asSent }), body, {
      limit: this.http.queryLimit,
      ...paging,
    });
  }

  /**
   * From now on bulk work, as `engineClient(app, { bulk: true })` makes it (src/connection.ts): for
   * pages of tens of thousands of instances, which through node:http and a growing young generation
   * peaked about 25 MB higher (docs/performance.md). `listing`: the heap bounded as for listings of
   * whole objects too (the bulk commands, which read their selection's rows and then more listings
   * for the preview and the check: 160 -> 125 MB over 50,000 instances, docs/performance.md).
   */
  async useBulkTransport(heap: 'bulk-work' | 'listing' = 'bulk-work'): Promise<void> {
    this.http.useBulkTransport();
    const { boundHeapForBulkWork, boundHeapForListing } = await import('../util/heap.js');
    if (heap === 'listing') boundHeapForListing();
    else boundHeapForBulkWork();
  }

  /**
   * POST query: ids and filters travel in the body, paging in the URL (docs/engine-notes.md#queries).
   * `asSent`: the rows as the engine sent them (its order of fields), checked without the schema's
   * copy (areProcessInstances), for rows that are read and not printed.
   */
  async query(
    body: ProcessInstanceQueryBody,
    firstResult: number,
    maxResults: number,
    options: { asSent?: boolean | undefined } = {},
  ): Promise<ProcessInstance[]> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/process-instance`,
      query: { firstResult, maxResults },
      body,
      schema: z.array(processInstanceSchema()),
      expects: 'a list of process instances',
      idempotent: true,
      ...(options.asSent ? { accepts: areProcessInstances } : {}),
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

  /**
   * DELETE /process-instance/{id}: one instance (and, unless skipped, the instances it called), in a
   * transaction of its own. `failIfNotExists=false`: an instance gone already is no failure, so a
   * repeated request (a retry, a resumed run) is harmless. The engine's synchronous delete takes no
   * reason (its history shows none); only the batch records one (`deleteAsync`).
   */
  async delete(id: string, options: InstanceDeletionOptions, signal?: AbortSignal): Promise<void> {
    await this.http.request({
      method: 'DELETE',
      path: enginePath`/process-instance/${id}`,
      query: { ...options, failIfNotExists: false },
      signal,
      noContentOnly: true,
    });
  }

  /**
   * POST /process-instance/delete: a batch of type `instance-deletion`. Its jobs skip instances gone
   * meanwhile; other failures surface as failed batch jobs.
   */
  async deleteAsync(request: { processInstanceIds: string[]; deleteReason?: string | undefined } & InstanceDeletionOptions): Promise<Batch> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/process-instance/delete`,
      body: request,
      schema: batchSchema(),
      expects: 'a batch',
    });
    return response.data;
  }

  /**
   * POST /process-instance/{id}/variables: sets each variable on the instance (the process instance's
   * own scope: it has no parent scope to pass them to), in one transaction. A missing instance is a
   * 500 (ProcessEngineException "execution … doesn't exist"), a value the engine cannot convert a 400.
   */
  async setVariables(id: string, modifications: Record<string, TypedVariableValue>, signal?: AbortSignal): Promise<void> {
    await this.http.request({
      method: 'POST',
      path: enginePath`/process-instance/${id}/variables`,
      body: { modifications },
      signal,
      noContentOnly: true,
    });
  }

  /** POST /process-instance/variables-async: a batch of type `set-variables`; its jobs skip instances gone meanwhile. */
  async setVariablesAsync(request: { processInstanceIds: string[]; variables: Record<string, TypedVariableValue> }): Promise<Batch> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/process-instance/variables-async`,
      body: request,
      schema: batchSchema(),
      expects: 'a batch',
    });
    return response.data;
  }
}
