/**
 * `/history/user-operation`: the user operation log, and the annotation of an operation
 * (UserOperationLogRestServiceImpl). Every entry of one engine command shares its `operationId`;
 * the annotation is set for all of them at once. The engine writes entries only for an
 * authenticated user unless `restrictUserOperationLogToAuthenticatedUsers` is off.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { collectPages } from './paging.js';
import { enginePath, type Query } from './paths.js';

const opLogEntrySchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    operationId: z.nullable(z.string()),
    operationType: z.nullable(z.string()),
    entityType: z.nullable(z.string()),
    property: z.optional(z.nullable(z.string())),
    newValue: z.optional(z.nullable(z.string())),
    userId: z.optional(z.nullable(z.string())),
    timestamp: z.nullable(z.string()),
    batchId: z.optional(z.nullable(z.string())),
    annotation: z.optional(z.nullable(z.string())),
  }),
);

export type OpLogEntry = z.infer<ReturnType<typeof opLogEntrySchema>>;

/** The filters of GET /history/user-operation this tool uses (UserOperationLogQueryDto). */
export interface OpLogFilter extends Query {
  operationType?: string;
  entityType?: string;
  property?: string;
  userId?: string;
  batchId?: string;
  /** The engine's date format (src/engine/dates.ts). */
  afterTimestamp?: string;
}

export class OpLogApi {
  constructor(private readonly http: EngineHttp) {}

  /** Entries matching `filter`, newest first. */
  async entries(filter: OpLogFilter, maxResults: number): Promise<OpLogEntry[]> {
    // In pages within the engine's queryMaxResultsLimit: a run of 1,200 jobs looks for 4,800 entries.
    return collectPages(
      async (firstResult, pageSize) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/history/user-operation`,
            query: { ...filter, sortBy: 'timestamp', sortOrder: 'desc', firstResult, maxResults: pageSize },
            schema: z.array(opLogEntrySchema()),
            expects: 'a list of user operation log entries',
          })
        ).data,
      { limit: this.http.queryLimit, pageSize: maxResults, max: maxResults },
    );
  }

  /** PUT /history/user-operation/{operationId}/set-annotation: every entry of the operation. 204. */
  async setAnnotation(operationId: string, annotation: string): Promise<void> {
    await this.http.request({
      method: 'PUT',
      path: enginePath`/history/user-operation/${operationId}/set-annotation`,
      body: { annotation },
      noContentOnly: true,
    });
  }
}
