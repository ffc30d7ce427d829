/**
 * `user list` and `user count`: the engine's user query, plus `--name`, which the engine cannot ask in
 * one query. It has firstNameLike and lastNameLike but no OR between them, so a name is looked for in
 * both, by two queries whose rows are merged by id (and counted as |first| + |last| - |both|).
 */
import type { QueryLimit } from '../engine/limits.js';
import { allPages, collectRows, type PagingOptions } from '../engine/paging.js';
import type { UserApi, UserProfile, UserQuery } from '../engine/users.js';

export interface UserFilter {
  query: UserQuery;
  /** First or last name: contains this (a pattern as it is when it holds %). */
  name?: string | undefined;
}

/** Rows are ordered by id: pages of a query ordered by a unique key neither skip nor repeat rows. */
const BY_ID = { sortBy: 'userId', sortOrder: 'asc' } as const;

/** The LIKE pattern of `--name`: `%TEXT%`, or TEXT itself when it holds a wildcard. */
export function namePattern(text: string): string {
  return text.includes('%') ? text : `%${text}%`;
}

function nameQueries(filter: UserFilter): { first: UserQuery; last: UserQuery; both: UserQuery } | undefined {
  if (filter.name === undefined) return undefined;
  const pattern = namePattern(filter.name);
  return {
    first: { ...filter.query, firstNameLike: pattern },
    last: { ...filter.query, lastNameLike: pattern },
    both: { ...filter.query, firstNameLike: pattern, lastNameLike: pattern },
  };
}

export async function countUsers(api: UserApi, filter: UserFilter): Promise<number> {
  const queries = nameQueries(filter);
  if (!queries) return api.count(filter.query);
  const [first, last, both] = await Promise.all([api.count(queries.first), api.count(queries.last), api.count(queries.both)]);
  return first + last - both;
}

/** Page by page, as `listWithLimit` reads a listing: the user query by id, or the merge of the two name queries. */
export function userPages(api: UserApi, filter: UserFilter): (options: PagingOptions) => AsyncIterable<UserProfile[]> {
  const queries = nameQueries(filter);
  if (!queries) return (options) => allPages((first, max) => api.list({ ...filter.query, ...BY_ID }, first, max), options);
  return (options) => mergedPages(api, [queries.first, queries.last], options);
}

/**
 * The first `first + max` rows of each query hold the union's first `first + max` rows (both are
 * ordered by id), so each is read that far, then merged, and the page cut out of the union.
 */
async function* mergedPages(api: UserApi, queries: UserQuery[], options: PagingOptions): AsyncGenerator<UserProfile[]> {
  const skip = options.first ?? 0;
  const upTo = options.max === undefined ? undefined : skip + options.max;
  const byId = new Map<string, UserProfile>();
  for (const query of queries) {
    const rows = await collectRows(allPages((first, max) => api.list({ ...query, ...BY_ID }, first, max), pagingOf(options.limit, upTo)));
    for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);
  }
  const merged = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  yield merged.slice(skip, upTo);
}

function pagingOf(limit: QueryLimit, max: number | undefined): PagingOptions {
  return { limit, first: 0, ...(max === undefined ? {} : { max, pageSize: max }) };
}
