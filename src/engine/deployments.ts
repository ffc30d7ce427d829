/**
 * `/deployment`: create (a multipart form, DeploymentRestServiceImpl), list, count, get, its
 * resources, delete (docs/engine-notes.md#deployments).
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { type EngineHttp, TypedBody } from './http.js';
import { enginePath, type Query } from './paths.js';
import { countSchema, looseRecord } from './schemas.js';

const deploymentSchema = lazy(() =>
  looseRecord({
    id: z.string(),
    name: z.optional(z.nullable(z.string())),
    source: z.optional(z.nullable(z.string())),
    deploymentTime: z.optional(z.nullable(z.string())),
    tenantId: z.optional(z.nullable(z.string())),
  }),
);

const deployedDefinitionSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    key: z.string(),
    version: z.optional(z.nullable(z.number())),
    resource: z.optional(z.nullable(z.string())),
    name: z.optional(z.nullable(z.string())),
  }),
);

/** Each map is null when the deployment deployed nothing of its kind (or is an older one the duplicate filter answered with). */
const definitionMap = () => z.optional(z.nullable(z.record(z.string(), deployedDefinitionSchema())));

const deploymentWithDefinitionsSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.optional(z.nullable(z.string())),
    source: z.optional(z.nullable(z.string())),
    deploymentTime: z.optional(z.nullable(z.string())),
    tenantId: z.optional(z.nullable(z.string())),
    deployedProcessDefinitions: definitionMap(),
    deployedCaseDefinitions: definitionMap(),
    deployedDecisionDefinitions: definitionMap(),
    deployedDecisionRequirementsDefinitions: definitionMap(),
  }),
);

const resourceSchema = lazy(() => looseRecord({ id: z.string(), name: z.string(), deploymentId: z.optional(z.nullable(z.string())) }));

export type Deployment = z.infer<ReturnType<typeof deploymentSchema>>;
export type DeploymentWithDefinitions = z.infer<ReturnType<typeof deploymentWithDefinitionsSchema>>;
export type DeployedDefinition = z.infer<ReturnType<typeof deployedDefinitionSchema>>;
export type DeploymentResource = z.infer<ReturnType<typeof resourceSchema>>;

export interface DeploymentQuery {
  name?: string | undefined;
  nameLike?: string | undefined;
  source?: string | undefined;
  tenantIdIn?: string | undefined;
  sortBy?: 'id' | 'name' | 'deploymentTime' | 'tenantId' | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

export interface DeploymentDeletion {
  cascade: boolean;
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
}

export class DeploymentApi {
  constructor(private readonly http: EngineHttp) {}

  /** POST /deployment/create with the form (./multipart.ts); never repeated: a lost answer may have deployed. */
  async create(form: { bytes: readonly Uint8Array[]; contentType: string }): Promise<DeploymentWithDefinitions> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/deployment/create`,
      body: new TypedBody(form.bytes, form.contentType),
      schema: deploymentWithDefinitionsSchema(),
      expects: 'a deployment',
    });
    return response.data;
  }

  async list(query: DeploymentQuery, firstResult: number, maxResults: number): Promise<Deployment[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/deployment`,
      query: { ...(query as Query), firstResult, maxResults },
      schema: z.array(deploymentSchema()),
      expects: 'a list of deployments',
    });
    return response.data;
  }

  async count(query: DeploymentQuery): Promise<number> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/deployment/count`,
      query: query as Query,
      schema: countSchema(),
      expects: 'a count',
    });
    return response.data.count;
  }

  async get(id: string): Promise<Deployment> {
    return (await this.http.request({ method: 'GET', path: enginePath`/deployment/${id}`, schema: deploymentSchema(), expects: 'a deployment' })).data;
  }

  async resources(id: string): Promise<DeploymentResource[]> {
    return (
      await this.http.request({
        method: 'GET',
        path: enginePath`/deployment/${id}/resources`,
        schema: z.array(resourceSchema()),
        expects: 'a list of resources',
      })
    ).data;
  }

  /** A resource's content as text (a script, a form): GET /deployment/{id}/resources/{resourceId}/data. */
  async resourceText(id: string, resourceId: string): Promise<string> {
    return (
      await this.http.request<string>({
        method: 'GET',
        path: enginePath`/deployment/${id}/resources/${resourceId}/data`,
        text: true,
        expects: 'the resource',
      })
    ).data;
  }

  /** The engine reads each option as present and not "false" (isQueryPropertyEnabled): only true ones are sent. */
  async delete(id: string, options: DeploymentDeletion): Promise<void> {
    const query: Query = {};
    if (options.cascade) query.cascade = true;
    if (options.skipCustomListeners) query.skipCustomListeners = true;
    if (options.skipIoMappings) query.skipIoMappings = true;
    await this.http.request({ method: 'DELETE', path: enginePath`/deployment/${id}`, query });
  }
}
