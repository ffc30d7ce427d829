/**
 * `/case-definition` and `/case-instance`: the deployed CMMN cases, their versions and the case
 * instances in the runtime. Operaton and CIB seven still run CMMN, so their listeners' classes,
 * scripts and expressions matter when the engine switches (docs/switching.md). A case's key is its
 * own name space: a process, a decision and a case may share a key.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { allPages, collectPages } from './paging.js';
import { enginePath, type Query } from './paths.js';
import { countSchema } from './schemas.js';

/** The engine's CaseDefinitionDto; loose, so `-o json` prints what the engine sent. */
const caseDefinitionSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    key: z.string(),
    name: z.optional(z.nullable(z.string())),
    version: z.int(),
    resource: z.optional(z.nullable(z.string())),
    deploymentId: z.optional(z.nullable(z.string())),
    tenantId: z.optional(z.nullable(z.string())),
    historyTimeToLive: z.optional(z.nullable(z.int())),
  }),
);

/** CaseDefinitionDiagramDto: the id and the deployed resource as one string. */
const diagramSchema = lazy(() => z.looseObject({ id: z.optional(z.nullable(z.string())), cmmnXml: z.optional(z.nullable(z.string())) }));

/** The engine's CaseInstanceDto: a case instance still in the runtime (active, completed or terminated; a closed one is gone). */
const caseInstanceSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    caseDefinitionId: z.string(),
    businessKey: z.optional(z.nullable(z.string())),
    tenantId: z.optional(z.nullable(z.string())),
    active: z.optional(z.boolean()),
    completed: z.optional(z.boolean()),
    terminated: z.optional(z.boolean()),
  }),
);

export type CaseDefinition = z.infer<ReturnType<typeof caseDefinitionSchema>>;
type CaseInstance = z.infer<ReturnType<typeof caseInstanceSchema>>;

interface CaseDefinitionQuery extends Query {
  caseDefinitionIdIn?: readonly string[];
  key?: string;
  latestVersion?: boolean;
  tenantIdIn?: readonly string[];
  withoutTenantId?: boolean;
  sortBy?: 'id' | 'key' | 'version' | 'tenantId';
  sortOrder?: 'asc' | 'desc';
  firstResult?: number;
  maxResults?: number;
}

interface CaseInstanceQuery extends Query {
  caseDefinitionId?: string;
  caseDefinitionKey?: string;
  active?: boolean;
  sortBy?: 'caseInstanceId' | 'caseDefinitionKey' | 'caseDefinitionId' | 'tenantId';
  sortOrder?: 'asc' | 'desc';
  firstResult?: number;
  maxResults?: number;
}

type Unpaged<Q> = Omit<Q, 'firstResult' | 'maxResults' | 'sortBy' | 'sortOrder'>;

export class CaseDefinitionApi {
  constructor(private readonly http: EngineHttp) {}

  async list(query: CaseDefinitionQuery): Promise<CaseDefinition[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/case-definition`,
      query,
      schema: z.array(caseDefinitionSchema()),
      expects: 'a list of case definitions',
    });
    return response.data;
  }

  /** Every definition the query matches, in pages within the engine's limit, in id order (pages cut by a unique key). */
  async listAll(query: Unpaged<CaseDefinitionQuery>): Promise<CaseDefinition[]> {
    return collectPages((firstResult, maxResults) => this.list({ ...query, sortBy: 'id', sortOrder: 'asc', firstResult, maxResults }), {
      limit: this.http.queryLimit,
    });
  }

  async count(query: Unpaged<CaseDefinitionQuery>): Promise<number> {
    const response = await this.http.request({ method: 'GET', path: enginePath`/case-definition/count`, query, schema: countSchema(), expects: 'a count' });
    return response.data.count;
  }

  /** The CMMN XML the case was deployed with (GET /case-definition/{id}/xml): the whole resource. */
  async cmmnXml(id: string): Promise<string> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/case-definition/${id}/xml`,
      schema: diagramSchema(),
      expects: 'the CMMN XML of a case definition',
    });
    return response.data.cmmnXml ?? '';
  }

  async listInstances(query: CaseInstanceQuery): Promise<CaseInstance[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/case-instance`,
      query,
      schema: z.array(caseInstanceSchema()),
      expects: 'a list of case instances',
    });
    return response.data;
  }

  /** The case instances the query matches, page by page within the engine's limit, in id order: a caller keeps only what it needs. */
  instancePages(query: Unpaged<CaseInstanceQuery>): AsyncGenerator<CaseInstance[]> {
    return allPages((firstResult, maxResults) => this.listInstances({ ...query, sortBy: 'caseInstanceId', sortOrder: 'asc', firstResult, maxResults }), {
      limit: this.http.queryLimit,
    });
  }
}
