/**
 * `/decision-definition`: the deployed DMN decisions, their versions and the history time-to-live of
 * one version (docs/engine-notes.md#time-to-live). A decision's key is its own name space: a process
 * and a decision may share a key.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { collectPages } from './paging.js';
import { enginePath, type EnginePath, type Query } from './paths.js';

/** The engine's DecisionDefinitionDto; loose, so `-o json` prints what the engine sent. */
const decisionDefinitionSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    key: z.string(),
    name: z.optional(z.nullable(z.string())),
    version: z.int(),
    tenantId: z.optional(z.nullable(z.string())),
    versionTag: z.optional(z.nullable(z.string())),
    deploymentId: z.optional(z.nullable(z.string())),
    decisionRequirementsDefinitionKey: z.optional(z.nullable(z.string())),
    /** Days; null: no time-to-live, the history of its evaluations is never cleaned up. */
    historyTimeToLive: z.optional(z.nullable(z.int())),
  }),
);

const diagramSchema = lazy(() => z.looseObject({ id: z.optional(z.nullable(z.string())), dmnXml: z.optional(z.nullable(z.string())) }));

export type DecisionDefinition = z.infer<ReturnType<typeof decisionDefinitionSchema>>;

export interface DecisionDefinitionQuery extends Query {
  decisionDefinitionIdIn?: readonly string[];
  key?: string;
  version?: number;
  latestVersion?: boolean;
  tenantIdIn?: readonly string[];
  withoutTenantId?: boolean;
  sortBy?: 'id' | 'key' | 'version' | 'tenantId';
  sortOrder?: 'asc' | 'desc';
  firstResult?: number;
  maxResults?: number;
}

export class DecisionDefinitionApi {
  constructor(private readonly http: EngineHttp) {}

  async list(query: DecisionDefinitionQuery): Promise<DecisionDefinition[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/decision-definition`,
      query,
      schema: z.array(decisionDefinitionSchema()),
      expects: 'a list of decision definitions',
    });
    return response.data;
  }

  /** Every definition the query matches, in pages within the engine's limit, in id order (pages cut by a unique key). */
  async listAll(query: Omit<DecisionDefinitionQuery, 'firstResult' | 'maxResults' | 'sortBy' | 'sortOrder'>): Promise<DecisionDefinition[]> {
    return collectPages((firstResult, maxResults) => this.list({ ...query, sortBy: 'id', sortOrder: 'asc', firstResult, maxResults }), {
      limit: this.http.queryLimit,
    });
  }

  /** One definition by id (GET /decision-definition/{id}); 404 for an unknown id and for one the caller may not read. */
  async get(id: string): Promise<DecisionDefinition> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/decision-definition/${id}`,
      schema: decisionDefinitionSchema(),
      expects: 'a decision definition',
    });
    return response.data;
  }

  /**
   * Sets the history time-to-live of this one version (PUT /decision-definition/{id}/history-time-to-live,
   * 204); `null` clears it, refused with a 400 by an engine enforcing time-to-live. The per-key path
   * changes only the latest version.
   */
  async updateHistoryTimeToLive(id: string, days: number | null): Promise<void> {
    await this.http.request({ method: 'PUT', path: decisionTimeToLivePath(id), body: { historyTimeToLive: days }, noContentOnly: true });
  }

  /** The DMN XML the decision was deployed with (GET /decision-definition/{id}/xml): the whole resource, every decision of its DRD. */
  async dmnXml(id: string): Promise<string> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/decision-definition/${id}/xml`,
      schema: diagramSchema(),
      expects: 'the DMN XML of a decision definition',
    });
    return response.data.dmnXml ?? '';
  }
}

/** The path of one version's time-to-live, for the request and for a dry run's lines. */
export function decisionTimeToLivePath(id: string): EnginePath {
  return enginePath`/decision-definition/${id}/history-time-to-live`;
}
