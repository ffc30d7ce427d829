/**
 * What the engine holds of groups, members and authorizations, read with list queries in big pages
 * (src/engine/paging.ts). Members are the one thing no list answers for many groups at once: they
 * are read per group (GET /user?memberOfGroup=), a few groups at a time.
 */
import type { Authorization } from '../engine/authorizations.js';
import type { EngineClient } from '../engine/client.js';
import type { Group } from '../engine/groups.js';
import { collectPages } from '../engine/paging.js';
import { compareText } from '../util/text.js';

/** Member lists read at the same time. */
const MEMBER_READS_IN_FLIGHT = 4;

/**
 * The engine's groups that `wanted` accepts. When the wanted ids are all known (`ids`), only they are
 * asked for (idIn); otherwise every group is listed and filtered here.
 */
export async function readGroups(client: EngineClient, wanted: { ids?: readonly string[] | undefined; accepts: (id: string) => boolean }): Promise<Group[]> {
  if (wanted.ids?.length === 0) return [];
  const idIn = wanted.ids === undefined ? {} : { idIn: wanted.ids };
  const groups = await collectPages((first, max) => client.groups.list({ ...idIn, sortBy: 'id', sortOrder: 'asc' }, first, max), {
    limit: client.http.queryLimit,
  });
  return groups.filter((group) => wanted.accepts(group.id));
}

/** Each group's member ids, sorted. */
export async function readMembers(client: EngineClient, groupIds: readonly string[]): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < groupIds.length) {
      const id = groupIds[next++]!;
      const users = await collectPages((first, max) => client.groups.members(id, first, max), { limit: client.http.queryLimit });
      members.set(id, users.map((user) => user.id).sort(compareText));
    }
  };
  await Promise.all(Array.from({ length: Math.min(MEMBER_READS_IN_FLIGHT, groupIds.length) }, worker));
  return members;
}

/** Up to this many resource types are asked for one by one; more are one listing of everything. */
const TYPES_ASKED_ONE_BY_ONE = 4;

/** The engine's authorizations on these resource types (all of them for 'all'), in id order. */
export async function readAuthorizations(client: EngineClient, resourceTypes: 'all' | ReadonlySet<number>): Promise<Authorization[]> {
  const limit = client.http.queryLimit;
  if (resourceTypes === 'all' || resourceTypes.size > TYPES_ASKED_ONE_BY_ONE) {
    const rows = await collectPages((firstResult, maxResults) => client.authorizations.list({ firstResult, maxResults }), { limit });
    return resourceTypes === 'all' ? rows : rows.filter((row) => resourceTypes.has(row.resourceType));
  }
  const rows: Authorization[] = [];
  for (const resourceType of [...resourceTypes].sort((a, b) => a - b)) {
    for (const row of await collectPages((firstResult, maxResults) => client.authorizations.list({ resourceType, firstResult, maxResults }), { limit }))
      rows.push(row);
  }
  return rows.sort((a, b) => compareText(a.id, b.id));
}

/** Which of these user ids are users of the engine (as far as the caller may read users). */
export async function existingUsers(client: EngineClient, userIds: readonly string[]): Promise<Set<string>> {
  return client.groups.usersAmong({}, userIds);
}
