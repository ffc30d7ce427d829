/** `/process-definition`: lookups for resolving `invoice:3` and the live pre-flight (docs/engine-notes.md#definitions). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { enginePath, type EngineHttp, type Query } from './http.js';

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
