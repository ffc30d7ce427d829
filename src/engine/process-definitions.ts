/** `/process-definition`: lookups for resolving `invoice:3` and the live pre-flight (docs/engine-notes.md#definitions). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { enginePath, type EngineHttp, type Query } from './http.js';
import { collectPages } from './paging.js';

const processDefinitionSchema = lazy(() => z.looseObject({
  id: z.string(),
  key: z.string(),
  name: z.optional(z.nullable(z.string())),
  version: z.int(),
  tenantId: z.optional(z.nullable(z.string())),
  versionTag: z.optional(z.nullable(z.string())),
  suspended: z.optional(z.boolean()),
  deploymentId: z.optional(z.nullable(z.string())),
}));

export type ProcessDefinition = z.infer<ReturnType<typeof processDefinitionSchema>>;

const activityStatisticsSchema = lazy(() => z.looseObject({
  id: z.string(),
  instances: z.int(),
  failedJobs: z.optional(z.int()),
}));

export type ActivityStatistics = z.infer<ReturnType<typeof activityStatisticsSchema>>;

export interface ProcessDefinitionQuery extends Query {
  processDefinitionId?: string;
  key?: string;
  version?: number;
  latestVersion?: boolean;
  tenantIdIn?: readonly string[];
  sortBy?: 'version' | 'key' | 'tenantId' | 'id';
  sortOrder?: 'asc' | 'desc';
  firstResult?: number;
  maxResults?: number;
}

export class ProcessDefinitionApi {
  constructor(private readonly http: EngineHttp) {}

  /**
   * Whether the requests carry credentials: an engine that checks authorizations then leaves out of
   * every query the definitions the user may not read, so "none found" may mean "not readable".
   */
  get asUser(): boolean {
    return this.http.sendsCredentials;
  }

  async list(query: ProcessDefinitionQuery): Promise<ProcessDefinition[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/process-definition`,
      query,
      schema: z.array(processDefinitionSchema()),
      expects: 'a list of process definitions',
    });
    return response.data;
  }

  /**
   * The definition a query names (an id, a key and version, a key's latest version): at most two
   * rows, enough to tell one from several. An engine with queryMaxResultsLimit refuses a list query
   * without maxResults (docs/performance.md).
   */
  async find(query: Omit<ProcessDefinitionQuery, 'firstResult' | 'maxResults'>): Promise<ProcessDefinition[]> {
    return this.list({ ...query, firstResult: 0, maxResults: 2 });
  }

  /** Every definition the query matches, in pages within the engine's limit, in id order. */
  async listAll(query: Omit<ProcessDefinitionQuery, 'firstResult' | 'maxResults' | 'sortBy' | 'sortOrder'>): Promise<ProcessDefinition[]> {
    return collectPages((firstResult, maxResults) => this.list({ ...query, sortBy: 'id', sortOrder: 'asc', firstResult, maxResults }), { limit: this.http.queryLimit });
  }

  /** Up to `wanted` rows, fewer when the engine's limit is smaller: for hints, where some will do. */
  async listSome(query: Omit<ProcessDefinitionQuery, 'firstResult' | 'maxResults'>, wanted: number): Promise<ProcessDefinition[]> {
    return this.http.queryLimit.within(wanted, (maxResults) => this.list({ ...query, firstResult: 0, maxResults }));
  }

  /** Activities with running instances (what Cockpit shows as markers on the diagram). */
  async activityStatistics(id: string): Promise<ActivityStatistics[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/process-definition/${id}/statistics`,
      schema: z.array(activityStatisticsSchema()),
      expects: 'activity statistics',
    });
    return response.data;
  }
}
