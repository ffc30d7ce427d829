/**
 * `/incident`: the open incidents of a process instance (the canary's check), of a definition (the
 * pre-flight), and pages of a filtered query (`incident list`); docs/engine-notes.md#incidents.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { collectPages } from './paging.js';

const incidentSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    processDefinitionId: z.optional(z.nullable(z.string())),
    processInstanceId: z.optional(z.nullable(z.string())),
    incidentType: z.optional(z.nullable(z.string())),
    activityId: z.optional(z.nullable(z.string())),
    failedActivityId: z.optional(z.nullable(z.string())),
    configuration: z.optional(z.nullable(z.string())),
    incidentMessage: z.optional(z.nullable(z.string())),
    incidentTimestamp: z.optional(z.nullable(z.string())),
  }),
);

export type Incident = z.infer<ReturnType<typeof incidentSchema>>;

/**
 * The filters of GET /incident that `incident list` uses (IncidentQueryDto). The query has one
 * `processDefinitionId`, no list of them; `incidentMessageLike` is SQL LIKE with a backslash as the escape
 * character; `incidentTimestampAfter`/`Before` compare strictly (> and <).
 */
export interface IncidentQuery extends Query {
  processDefinitionId?: string;
  processDefinitionKeyIn?: readonly string[];
  activityId?: string;
  incidentType?: string;
  incidentMessageLike?: string;
  incidentTimestampAfter?: Date;
  incidentTimestampBefore?: Date;
}

export class IncidentApi {
  constructor(private readonly http: EngineHttp) {}

  /**
   * The open incidents of one process instance. The engine's query has no list of instance ids
   * (`processInstanceIdIn` is no parameter of GET /incident) and ignores a parameter it does not
   * know, answering every incident: so one instance per request.
   */
  async ofInstance(processInstanceId: string): Promise<Incident[]> {
    return this.list({ processInstanceId });
  }

  /** Every open incident of the instances of a definition, in pages within the engine's limit. */
  async ofDefinition(processDefinitionId: string): Promise<Incident[]> {
    return this.list({ processDefinitionId });
  }

  /** One page of a filtered query, in id order (a unique key: pages neither skip nor repeat rows). */
  async page(query: IncidentQuery, firstResult: number, maxResults: number): Promise<Incident[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/incident`,
      query: { ...query, sortBy: 'incidentId', sortOrder: 'asc', firstResult, maxResults },
      schema: z.array(incidentSchema()),
      expects: 'a list of incidents',
    });
    return response.data;
  }

  /**
   * The newest open incident of a type (`failedJob`, `failedExternalTask`), by the engine's clock:
   * what a retry run compares later failures with (src/bulk/operations/failure-mark.ts).
   */
  async newestOfType(incidentType: string): Promise<Incident | undefined> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/incident`,
      query: { incidentType, sortBy: 'incidentTimestamp', sortOrder: 'desc', firstResult: 0, maxResults: 1 },
      schema: z.array(incidentSchema()),
      expects: 'a list of incidents',
    });
    return response.data[0];
  }

  /** The open incidents of a type created after `after` (an engine date, as the engine wrote it; 7.14+). */
  async ofTypeAfter(incidentType: string, after: string): Promise<Incident[]> {
    return this.list({ incidentType, incidentTimestampAfter: after });
  }

  /** Every open incident of a type. */
  async ofType(incidentType: string): Promise<Incident[]> {
    return this.list({ incidentType });
  }

  private list(
    filter: { processInstanceId: string } | { processDefinitionId: string } | { incidentType: string; incidentTimestampAfter?: string },
  ): Promise<Incident[]> {
    return collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/incident`,
            query: { ...filter, sortBy: 'incidentId', sortOrder: 'asc', firstResult, maxResults },
            schema: z.array(incidentSchema()),
            expects: 'a list of incidents',
          })
        ).data,
      { limit: this.http.queryLimit, pageSize: 1000 },
    );
  }
}
