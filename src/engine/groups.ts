/** `/group` and its members; the users of a group through ./users.ts (docs/engine-notes.md#groups). */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { countSchema, linksSchema, looseRecord, type Link } from './schemas.js';
import { UserApi, type UserProfile } from './users.js';

export type { UserProfile } from './users.js';

const groupSchema = lazy(() => looseRecord({ id: z.string(), name: z.nullable(z.string()), type: z.nullable(z.string()) }));

export type Group = z.infer<ReturnType<typeof groupSchema>>;

export interface GroupQuery {
  id?: string | undefined;
  idIn?: readonly string[] | undefined;
  name?: string | undefined;
  nameLike?: string | undefined;
  type?: string | undefined;
  member?: string | undefined;
  memberOfTenant?: string | undefined;
  sortBy?: 'id' | 'name' | 'type' | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** Past this many ids, the query goes in a POST body: a GET URL has a length limit on most servers. */
const MAX_IDS_IN_URL = 50;

export class GroupApi {
  private readonly users: UserApi;

  constructor(private readonly http: EngineHttp) {
    this.users = new UserApi(http);
  }

  /**
   * Long id lists, and sorting by a name or type (not unique): the GET query sorts by one key and
   * leaves rows of equal keys in the database's order, which may differ from page to page, so pages
   * could skip or repeat them; the POST query's sorting list ends with the id.
   */
  private usesBody(query: GroupQuery): boolean {
    return (query.idIn?.length ?? 0) > MAX_IDS_IN_URL || (query.sortBy !== undefined && query.sortBy !== 'id');
  }

  /** POST /group takes the same names as a body (idIn as an array, sorting as a list); paging stays in the URL. */
  private body(query: GroupQuery): Record<string, unknown> {
    const { sortBy, sortOrder, ...filters } = query;
    if (sortBy === undefined) return filters;
    const sorting = [{ sortBy, sortOrder: sortOrder ?? 'asc' }];
    if (sortBy !== 'id') sorting.push({ sortBy: 'id', sortOrder: 'asc' });
    return { ...filters, sorting };
  }

  async list(query: GroupQuery, firstResult: number, maxResults: number): Promise<Group[]> {
    const paging = { firstResult, maxResults };
    const response = this.usesBody(query)
      ? await this.http.request({
          method: 'POST',
          path: enginePath`/group`,
          query: paging,
          body: this.body(query),
          schema: z.array(groupSchema()),
          expects: 'a list of groups',
          idempotent: true,
        })
      : await this.http.request({
          method: 'GET',
          path: enginePath`/group`,
          query: { ...(query as Query), ...paging },
          schema: z.array(groupSchema()),
          expects: 'a list of groups',
        });
    return response.data;
  }

  async count(query: GroupQuery): Promise<number> {
    const response = this.usesBody(query)
      ? await this.http.request({
          method: 'POST',
          path: enginePath`/group/count`,
          body: this.body(query),
          schema: countSchema(),
          expects: 'a count',
          idempotent: true,
        })
      : await this.http.request({ method: 'GET', path: enginePath`/group/count`, query: query as Query, schema: countSchema(), expects: 'a count' });
    return response.data.count;
  }

  async get(id: string): Promise<Group> {
    return (await this.http.request({ method: 'GET', path: enginePath`/group/${id}`, schema: groupSchema(), expects: 'a group' })).data;
  }

  async create(group: { id: string; name: string | null; type: string | null }): Promise<void> {
    await this.http.request({ method: 'POST', path: enginePath`/group/create`, body: group });
  }

  /** The engine replaces id, name and type: always send all three, the id equal to the path's. */
  async update(id: string, group: { id: string; name: string | null; type: string | null }): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/group/${id}`, body: group });
  }

  async delete(id: string): Promise<void> {
    await this.http.request({ method: 'DELETE', path: enginePath`/group/${id}` });
  }

  async options(id: string | undefined): Promise<Link[]> {
    const path = id === undefined ? enginePath`/group` : enginePath`/group/${id}`;
    return (await this.http.request({ method: 'OPTIONS', path, schema: linksSchema(), expects: 'resource options' })).data.links;
  }

  async memberOptions(id: string): Promise<Link[]> {
    return (await this.http.request({ method: 'OPTIONS', path: enginePath`/group/${id}/members`, schema: linksSchema(), expects: 'resource options' })).data
      .links;
  }

  async members(id: string, firstResult: number, maxResults: number): Promise<UserProfile[]> {
    return this.users.list({ memberOfGroup: id, sortBy: 'userId', sortOrder: 'asc' }, firstResult, maxResults);
  }

  /**
   * Which of `userIds` belong to the group: one user query (memberOfGroup with idIn) for them all.
   * The engine filters user queries by READ on each user, so a member the caller may not read is
   * missing from it; `includeUnreadable` finds those too: one query for which users are visible at
   * all, then, for each one that is not, a group query (filtered by READ on the group instead).
   */
  async membersAmong(id: string, userIds: readonly string[], options: { includeUnreadable?: boolean } = {}): Promise<Set<string>> {
    const members = await this.usersAmong({ memberOfGroup: id }, userIds);
    const unseen = userIds.filter((userId) => !members.has(userId));
    if (!options.includeUnreadable || unseen.length === 0) return members;
    const visible = await this.usersAmong({}, unseen);
    for (const userId of new Set(unseen.filter((userId) => !visible.has(userId)))) {
      if ((await this.count({ id, member: userId })) > 0) members.add(userId);
    }
    return members;
  }

  /** Which of `userIds` the user query finds with `filter` (UserApi.usersAmong). */
  async usersAmong(filter: Query, userIds: readonly string[]): Promise<Set<string>> {
    return this.users.usersAmong(filter, userIds);
  }

  async addMember(id: string, userId: string): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/group/${id}/members/${userId}` });
  }

  async removeMember(id: string, userId: string): Promise<void> {
    await this.http.request({ method: 'DELETE', path: enginePath`/group/${id}/members/${userId}` });
  }
}
