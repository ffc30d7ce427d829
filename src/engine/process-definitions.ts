/**
 * `/process-definition`: lookups for resolving `invoice:3`, the live pre-flight, statistics, BPMN models
 * and the history time-to-live of one version (docs/engine-notes.md#definitions, #time-to-live).
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { enginePath, type EnginePath, type Query } from './paths.js';
import { collectPages } from './paging.js';

const processDefinitionSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    key: z.string(),
    name: z.optional(z.nullable(z.string())),
    version: z.int(),
    tenantId: z.optional(z.nullable(z.string())),
    versionTag: z.optional(z.nullable(z.string())),
    suspended: z.optional(z.boolean()),
    deploymentId: z.optional(z.nullable(z.string())),
    /** Days; null: no time-to-live, the history of its instances is never cleaned up. */
    historyTimeToLive: z.optional(z.nullable(z.int())),
  }),
);

export type ProcessDefinition = z.infer<ReturnType<typeof processDefinitionSchema>>;

const incidentCountsSchema = lazy(() =>
  z.optional(
    z.nullable(
      z.array(
        z.looseObject({
          incidentType: z.optional(z.nullable(z.string())),
          incidentCount: z.optional(z.nullable(z.int())),
        }),
      ),
    ),
  ),
);

/**
 * A row of GET /process-definition/{id}/statistics (one per activity) and of GET
 * /process-definition/statistics (one per definition, the definition itself embedded and not read):
 * `id` is the activity's or the definition's.
 */
const statisticsSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    instances: z.int(),
    failedJobs: z.optional(z.int()),
    incidents: incidentCountsSchema(),
  }),
);

export type ActivityStatistics = z.infer<ReturnType<typeof statisticsSchema>>;
export type DefinitionStatistics = ActivityStatistics;

const diagramSchema = lazy(() =>
  z.looseObject({
    id: z.optional(z.nullable(z.string())),
    bpmn20Xml: z.optional(z.nullable(z.string())),
  }),
);

/** The incidents of a statistics row, all types together. */
export function incidentCount(row: { incidents?: readonly { incidentCount?: number | null | undefined }[] | null | undefined }): number {
  return (row.incidents ?? []).reduce((sum, incident) => sum + (incident.incidentCount ?? 0), 0);
}

/** What a statistics request counts besides running instances (the engine leaves both out unless asked). */
export interface StatisticsOptions {
  failedJobs?: boolean;
  incidents?: boolean;
}

export interface ProcessDefinitionQuery extends Query {
  processDefinitionId?: string;
  processDefinitionIdIn?: readonly string[];
  key?: string;
  version?: number;
  latestVersion?: boolean;
  tenantIdIn?: readonly string[];
  withoutTenantId?: boolean;
  includeProcessDefinitionsWithoutTenantId?: boolean;
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
    return collectPages((firstResult, maxResults) => this.list({ ...query, sortBy: 'id', sortOrder: 'asc', firstResult, maxResults }), {
      limit: this.http.queryLimit,
    });
  }

  /** Up to `wanted` rows, fewer when the engine's limit is smaller: for hints, where some will do. */
  async listSome(query: Omit<ProcessDefinitionQuery, 'firstResult' | 'maxResults'>, wanted: number): Promise<ProcessDefinition[]> {
    return this.http.queryLimit.within(wanted, (maxResults) => this.list({ ...query, firstResult: 0, maxResults }));
  }

  /** Activities with running instances (what Cockpit shows as markers on the diagram). */
  async activityStatistics(id: string, options: StatisticsOptions = {}): Promise<ActivityStatistics[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/process-definition/${id}/statistics`,
      query: statisticsQuery(options),
      schema: z.array(statisticsSchema()),
      expects: 'activity statistics',
    });
    return response.data;
  }

  /**
   * Running instances (and, when asked, failed jobs and incidents) of every definition the caller may
   * read, in one unpaged answer: the engine runs this query without a row limit (unlimitedList).
   */
  async definitionStatistics(options: StatisticsOptions = {}): Promise<DefinitionStatistics[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/process-definition/statistics`,
      query: statisticsQuery(options),
      schema: z.array(statisticsSchema()),
      expects: 'process definition statistics',
    });
    return response.data;
  }

  /**
   * One definition by id (GET /process-definition/{id}). The engine answers 404 for a definition the
   * caller may not read, as for an unknown id.
   */
  async get(id: string): Promise<ProcessDefinition> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/process-definition/${id}`,
      schema: processDefinitionSchema(),
      expects: 'a process definition',
    });
    return response.data;
  }

  /**
   * Sets the history time-to-live of this one version (PUT /process-definition/{id}/history-time-to-live,
   * 204). `null` clears it, which an engine enforcing time-to-live (7.20+ by default) refuses with a 400.
   * The per-key path (/process-definition/key/{key}/history-time-to-live) changes only the latest version.
   */
  async updateHistoryTimeToLive(id: string, days: number | null): Promise<void> {
    await this.http.request({ method: 'PUT', path: processTimeToLivePath(id), body: { historyTimeToLive: days }, noContentOnly: true });
  }

  /** The BPMN 2.0 XML the definition was deployed with (GET /process-definition/{id}/xml). */
  async bpmnXml(id: string): Promise<string> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/process-definition/${id}/xml`,
      schema: diagramSchema(),
      expects: 'the BPMN XML of a process definition',
    });
    return response.data.bpmn20Xml ?? '';
  }
}

/** The path of one version's time-to-live, for the request and for a dry run's lines. */
export function processTimeToLivePath(id: string): EnginePath {
  return enginePath`/process-definition/${id}/history-time-to-live`;
}

function statisticsQuery(options: StatisticsOptions): Query {
  return {
    ...(options.failedJobs ? { failedJobs: true } : {}),
    ...(options.incidents ? { incidents: true } : {}),
  };
}
