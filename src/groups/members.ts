/**
 * `group members add|remove`: which of the users to change, the changes one user at a time, and
 * what became of each. The command prints the outcome and decides the exit code.
 */
import type { EngineClient } from '../engine/client.js';
import { EngineNotFoundError } from '../engine/errors.js';
import { nearIds } from '../engine-objects/near-ids.js';
import { sendChange } from '../exit.js';
import { notInEngine } from '../tenants/members.js';

export type MembershipAction = 'add' | 'remove';

/**
 * One user's outcome: unchanged (already as wanted), changed, the failure of its request, or (to
 * remove) no user of the engine, with the ids near it.
 */
export type MembershipOutcome =
  | { userId: string; status: 'unchanged' }
  | { userId: string; status: 'changed' }
  | { userId: string; status: 'failed'; error: unknown }
  | { userId: string; status: 'unknown'; near: string[] };

/**
 * Adds the users to the group, or removes them. With one user its failure is thrown; with several,
 * each failure the caller can report (`reportable`: not a bug) is its user's outcome and the
 * others go on.
 */
export async function changeMembership(
  client: EngineClient,
  action: MembershipAction,
  id: string,
  users: readonly string[],
  reportable: (error: unknown) => boolean,
): Promise<MembershipOutcome[]> {
  // The engine answers DELETE with 204 for a missing group or membership, and PUT with opaque
  // 500s: look first. Changing members needs no READ on the group, whose query hides it from a
  // caller without: a group that cannot be read is missing only if the engine says so too.
  // Adding needs READ on the group as well (the engine's createMembership reads it): there the
  // 404 is the answer.
  const unreadable = action === 'add' ? await client.groups.get(id).then(() => undefined) : await groupNotFound(client, id);
  // Removing needs no READ on the user, adding does (the engine's 403 then says so): only remove
  // must find the members the caller cannot read.
  const memberIds = await client.groups.membersAmong(id, users, { includeUnreadable: action === 'remove' });
  // Nothing to remove from a group nobody can see: most likely it does not exist.
  if (unreadable && action === 'remove' && memberIds.size === 0) throw unreadable;
  // The engine answers a PUT for a user it does not have with a 500 (NullValueException), a DELETE
  // with 204: those who are not members are looked up first. To remove, a user the credentials may
  // not READ looks missing to the query but is no member all the same (membersAmong asked the
  // group's side): with credentials, those stay "not a member".
  const unknown =
    action === 'remove' && client.http.sendsCredentials
      ? new Map<string, string[]>()
      : await unknownUsers(
          client,
          users.filter((userId) => !memberIds.has(userId)),
        );
  if (action === 'add' && unknown.size > 0)
    throw notInEngine(
      client,
      id,
      [...unknown].map(([userId, near]) => ({ kind: 'user', id: userId, near })),
    );
  const outcomes: MembershipOutcome[] = [];
  for (const userId of users) {
    const near = unknown.get(userId);
    if (near !== undefined) {
      outcomes.push({ userId, status: 'unknown', near });
      continue;
    }
    if (memberIds.has(userId) === (action === 'add')) {
      outcomes.push({ userId, status: 'unchanged' });
      continue;
    }
    try {
      await sendChange(['group', 'members', 'list', id], () =>
        action === 'add' ? client.groups.addMember(id, userId) : client.groups.removeMember(id, userId),
      );
      // A user named twice is in the desired state the second time.
      if (action === 'add') memberIds.add(userId);
      else memberIds.delete(userId);
      outcomes.push({ userId, status: 'changed' });
    } catch (error) {
      if (users.length === 1 || !reportable(error)) throw error;
      outcomes.push({ userId, status: 'failed', error });
    }
  }
  return outcomes;
}

/**
 * Which of the users the engine has none for, each once in the order given, with the ids near each:
 * one user query for all of them. The query leaves out users the caller may not READ; adding needs
 * that READ all the same.
 */
async function unknownUsers(client: EngineClient, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const found = await client.groups.usersAmong({}, ids);
  const missing = ids.filter((userId) => !found.has(userId));
  const near = await nearIds(client, 'user', missing);
  return new Map(missing.map((userId) => [userId, near.get(userId) ?? []]));
}

/**
 * The engine's 404 for a group that the caller cannot see (it does not exist, or READ on it is
 * missing), or undefined when the group can be read.
 */
export async function groupNotFound(client: EngineClient, id: string): Promise<Error | undefined> {
  try {
    await client.groups.get(id);
    return undefined;
  } catch (error) {
    if (error instanceof EngineNotFoundError) return error;
    throw error;
  }
}
