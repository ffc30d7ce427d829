/** `/authorization`: schemas and calls (docs/engine-notes.md#authorizations). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { countSchema, looseRecord } from './schemas.js';

const authorizationSchema = lazy(() =>
  looseRecord({
    id: z.string(),
    type: z.int(),
    permissions: z.array(z.string()),
    userId: z.nullable(z.string()),
    groupId: z.nullable(z.string()),
    resourceType: z.int(),
    resourceId: z.nullable(z.string()),
    removalTime: z.optional(z.nullable(z.string())),
    rootProcessInstanceId: z.optional(z.nullable(z.string())),
  }),
);

const authorizationCheckSchema = lazy(() =>
  z.looseObject({
    permissionName: z.nullable(z.string()),
    resourceName: z.nullable(z.string()),
    resourceId: z.nullable(z.string()),
    authorized: z.boolean(),
  }),
);

export type Authorization = z.infer<ReturnType<typeof authorizationSchema>>;
export type AuthorizationCheck = z.infer<ReturnType<typeof authorizationCheckSchema>>;

/** What PUT takes: the whole object, because the engine replaces userId, groupId and resourceId (docs/engine-notes.md#authorization-update). */
export interface AuthorizationUpdate {
  permissions: string[];
  userId: string | null;
  groupId: string | null;
  resourceType: number;
  resourceId: string | null;
}

export interface AuthorizationCreate extends AuthorizationUpdate {
  type: number;
}

export interface AuthorizationQuery extends Query {
  id?: string;
  type?: number;
  userIdIn?: readonly string[];
  groupIdIn?: readonly string[];
  resourceType?: number;
  resourceId?: string;
  sortBy?: 'resourceType' | 'resourceId';
  sortOrder?: 'asc' | 'desc';
  firstResult?: number;
  maxResults?: number;
}

export interface AuthorizationCheckQuery extends Query {
  permissionName: string;
  resourceName: string;
  resourceType: number;
  resourceId?: string;
  userId?: string;
}

export class AuthorizationApi {
  constructor(private readonly http: EngineHttp) {}

  async get(id: string): Promise<Authorization> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/authorization/${id}`,
      schema: authorizationSchema(),
      expects: 'an authorization',
    });
    return response.data;
  }

  async list(query: AuthorizationQuery): Promise<Authorization[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/authorization`,
      query,
      schema: z.array(authorizationSchema()),
      expects: 'a list of authorizations',
    });
    return response.data;
  }

  async count(query: AuthorizationQuery): Promise<number> {
    const response = await this.http.request({ method: 'GET', path: enginePath`/authorization/count`, query, schema: countSchema(), expects: 'a count' });
    return response.data.count;
  }

  async create(body: AuthorizationCreate): Promise<Authorization> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/authorization/create`,
      body,
      schema: authorizationSchema(),
      expects: 'the created authorization',
    });
    return response.data;
  }

  async update(id: string, body: AuthorizationUpdate): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/authorization/${id}`, body });
  }

  async delete(id: string): Promise<void> {
    await this.http.request({ method: 'DELETE', path: enginePath`/authorization/${id}` });
  }

  async check(query: AuthorizationCheckQuery): Promise<AuthorizationCheck> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/authorization/check`,
      query,
      schema: authorizationCheckSchema(),
      expects: 'an authorization check result',
    });
    return response.data;
  }
}
