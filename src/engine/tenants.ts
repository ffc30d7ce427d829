/** `/tenant`, its user and group members (docs/engine-notes.md#tenants). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { countSchema, looseRecord } from './schemas.js';

const tenantSchema = lazy(() => looseRecord({ id: z.string(), name: z.nullable(z.string()) }));

export type Tenant = z.infer<ReturnType<typeof tenantSchema>>;

/** The filters of TenantQueryDto (GET only: the engine has no POST tenant query, and no idIn). */
export interface TenantQuery {
  id?: string | undefined;
  name?: string | undefined;
  nameLike?: string | undefined;
  userMember?: string | undefined;
  groupMember?: string | undefined;
  /** With userMember: also the tenants of the user's groups. */
  includingGroupsOfUser?: boolean | undefined;
  sortBy?: 'id' | 'name' | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** Which kind of member: the engine's paths /tenant/{id}/user-members and /group-members. */
export type TenantMemberKind = 'user' | 'group';

export class TenantApi {
  constructor(private readonly http: EngineHttp) {}

  async list(query: TenantQuery, firstResult: number, maxResults: number): Promise<Tenant[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/tenant`,
      query: { ...(query as Query), firstResult, maxResults },
      schema: z.array(tenantSchema()),
      expects: 'a list of tenants',
    });
    return response.data;
  }

  async count(query: TenantQuery): Promise<number> {
    return (await this.http.request({ method: 'GET', path: enginePath`/tenant/count`, query: query as Query, schema: countSchema(), expects: 'a count' })).data
      .count;
  }

  /** 404 "Tenant with id X does not exist" also when the caller may not READ it. */
  async get(id: string): Promise<Tenant> {
    return (await this.http.request({ method: 'GET', path: enginePath`/tenant/${id}`, schema: tenantSchema(), expects: 'a tenant' })).data;
  }

  async create(tenant: { id: string; name: string | null }): Promise<void> {
    await this.http.request({ method: 'POST', path: enginePath`/tenant/create`, body: tenant });
  }

  /** TenantDto.update sets id and name from the body: always send both, the id equal to the path's. */
  async update(id: string, tenant: { id: string; name: string | null }): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/tenant/${id}`, body: tenant });
  }

  /** 204 also for a tenant that does not exist. */
  async delete(id: string): Promise<void> {
    await this.http.request({ method: 'DELETE', path: enginePath`/tenant/${id}` });
  }

  /** How many users (that the caller may READ) are members: GET /user/count?memberOfTenant=. */
  async userMemberCount(id: string): Promise<number> {
    return (await this.http.request({ method: 'GET', path: enginePath`/user/count`, query: { memberOfTenant: id }, schema: countSchema(), expects: 'a count' }))
      .data.count;
  }

  async addMember(id: string, kind: TenantMemberKind, memberId: string): Promise<void> {
    const path = kind === 'user' ? enginePath`/tenant/${id}/user-members/${memberId}` : enginePath`/tenant/${id}/group-members/${memberId}`;
    await this.http.request({ method: 'PUT', path });
  }

  /** 204 also when the membership (or the tenant) does not exist. */
  async removeMember(id: string, kind: TenantMemberKind, memberId: string): Promise<void> {
    const path = kind === 'user' ? enginePath`/tenant/${id}/user-members/${memberId}` : enginePath`/tenant/${id}/group-members/${memberId}`;
    await this.http.request({ method: 'DELETE', path });
  }
}
