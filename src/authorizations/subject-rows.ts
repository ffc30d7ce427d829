/**
 * What the engine holds for one subject (a user with their groups, or a group): the rows the
 * precedence rules of ./effective.ts read. A few list queries, paged, never one request per row.
 */
import type { Authorization, AuthorizationQuery } from '../engine/authorizations.js';
import type { EngineClient } from '../engine/client.js';
import { collectPages } from '../engine/paging.js';
import { GLOBAL, REVOKE } from '../catalogue/authorization.js';
import type { Subject } from './effective.js';

/** Group ids per authorization query: they go in the URL (the query has no POST form). */
const GROUP_IDS_PER_QUERY = 50;

/**
 * The groups of a user, as the engine's group query shows them to the caller (it leaves out groups
 * the caller may not READ; the engine's own check then knows more than this).
 */
export async function groupIdsOf(client: EngineClient, userId: string): Promise<string[]> {
  const groups = await collectPages(
    (firstResult, maxResults) => client.groups.list({ member: userId, sortBy: 'id', sortOrder: 'asc' }, firstResult, maxResults),
    {
      limit: client.http.queryLimit,
    },
  );
  return groups.map((group) => group.id);
}

/**
 * The subject's authorizations on these resource types (its user's, its groups' and the global
 * ones), and every REVOKE of the subject on any resource, which turns the engine's revoke checks on.
 * Unreadable rows (the query is filtered by READ on each authorization) are missing.
 */
export async function subjectAuthorizations(client: EngineClient, subject: Subject, resourceTypes: readonly number[]): Promise<Authorization[]> {
  const groupChunks: string[][] = [];
  for (let start = 0; start < subject.groupIds.length; start += GROUP_IDS_PER_QUERY)
    groupChunks.push(subject.groupIds.slice(start, start + GROUP_IDS_PER_QUERY));
  const queries: AuthorizationQuery[] = [];
  for (const resourceType of resourceTypes) {
    if (subject.userId !== null) queries.push({ userIdIn: [subject.userId], resourceType });
    for (const groupIdIn of groupChunks) queries.push({ groupIdIn, resourceType });
    queries.push({ type: GLOBAL, resourceType });
  }
  queries.push({ type: REVOKE, userIdIn: subject.userId !== null ? [subject.userId, '*'] : ['*'] });
  for (const groupIdIn of groupChunks) queries.push({ type: REVOKE, groupIdIn });
  const byId = new Map<string, Authorization>();
  for (const query of queries) {
    const rows = await collectPages((firstResult, maxResults) => client.authorizations.list({ ...query, firstResult, maxResults }), {
      limit: client.http.queryLimit,
    });
    for (const row of rows) byId.set(row.id, row);
  }
  return [...byId.values()];
}
