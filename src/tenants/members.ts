/**
 * `tenant members add|remove`: which users and groups to change, the changes one at a time, and what
 * became of each. The command prints the outcome and decides the exit code.
 */
import type { EngineClient } from '../engine/client.js';
import { EngineNotFoundError } from '../engine/errors.js';
import type { TenantMemberKind } from '../engine/tenants.js';
import { meantSuffix, nearIds } from '../engine-objects/near-ids.js';
import { sendChange } from '../exit.js';
import { CliError, ExitCode } from '../exit-codes.js';

export type TenantMembershipAction = 'add' | 'remove';

/** A user or a group, as named on the command line. */
export interface TenantMember {
  kind: TenantMemberKind;
  id: string;
}

/**
 * One member's outcome: unchanged (already as wanted), changed, the failure of its request, or (to
 * remove) no user or group of the engine, with the ids near it.
 */
export type TenantMembershipOutcome = TenantMember &
  ({ status: 'unchanged' } | { status: 'changed' } | { status: 'failed'; error: unknown } | { status: 'unknown'; near: string[] });

/**
 * Adds the members to the tenant, or removes them. With one member its failure is thrown; with
 * several, each failure the caller can report (`reportable`: not a bug) is that member's outcome and
 * the others go on.
 */
export async function changeTenantMembership(
  client: EngineClient,
  action: TenantMembershipAction,
  tenantId: string,
  members: readonly TenantMember[],
  reportable: (error: unknown) => boolean,
): Promise<TenantMembershipOutcome[]> {
  // The engine answers DELETE with 204 for a missing tenant or membership, and PUT for a missing one
  // with an opaque 500 (NullValueException): look first. Adding needs READ on the tenant (the
  // engine's findTenantById checks it), so there its 404 is the answer; removing does not.
  const unreadable = action === 'add' ? await client.tenants.get(tenantId).then(() => undefined) : await tenantNotFound(client, tenantId);
  const current = await membersAmong(client, tenantId, members, action === 'remove');
  if (unreadable && action === 'remove' && current.size === 0) throw unreadable;
  // The engine answers a PUT for a user or group it does not have with a 500 (NullValueException),
  // a DELETE with 204: those who are not members are looked up first. To remove, one the credentials
  // may not READ looks missing to the query but is no member all the same: with credentials, those
  // stay "not a member" (as group members remove says).
  const missing =
    action === 'remove' && client.http.sendsCredentials
      ? []
      : await unknownMembers(
          client,
          members.filter((member) => !current.has(memberKey(member))),
        );
  if (action === 'add' && missing.length > 0) throw notInEngine(client, tenantId, missing);
  const unknown = new Map(missing.map((member) => [memberKey(member), member.near]));
  const outcomes: TenantMembershipOutcome[] = [];
  for (const member of members) {
    const key = memberKey(member);
    const near = unknown.get(key);
    if (near !== undefined) {
      outcomes.push({ ...member, status: 'unknown', near });
      continue;
    }
    if (current.has(key) === (action === 'add')) {
      outcomes.push({ ...member, status: 'unchanged' });
      continue;
    }
    try {
      await sendChange(['tenant', 'list', `--${member.kind}`, member.id], () =>
        action === 'add' ? client.tenants.addMember(tenantId, member.kind, member.id) : client.tenants.removeMember(tenantId, member.kind, member.id),
      );
      // A member named twice is in the desired state the second time.
      if (action === 'add') current.add(key);
      else current.delete(key);
      outcomes.push({ ...member, status: 'changed' });
    } catch (error) {
      if (members.length === 1 || !reportable(error)) throw error;
      outcomes.push({ ...member, status: 'failed', error });
    }
  }
  return outcomes;
}

function memberKey(member: TenantMember): string {
  return `${member.kind}:${member.id}`;
}

/** A member the engine has no user or group for, with the ids near its id. */
export type UnknownMember = TenantMember & { near: string[] };

/**
 * Which of the members the engine has no user or group for, each once, in the order given: one user
 * query and one group query for all of them. The queries leave out what the caller may not READ;
 * adding needs that READ all the same.
 */
async function unknownMembers(client: EngineClient, members: readonly TenantMember[]): Promise<UnknownMember[]> {
  const idsOf = (kind: TenantMember['kind']) => [...new Set(members.filter((member) => member.kind === kind).map((member) => member.id))];
  const userIds = idsOf('user');
  const groupIds = idsOf('group');
  const users = userIds.length === 0 ? new Set<string>() : await client.groups.usersAmong({}, userIds);
  const groups = groupIds.length === 0 ? [] : await client.groups.list({ idIn: groupIds }, 0, groupIds.length);
  const found = new Set([...[...users].map((id) => memberKey({ kind: 'user', id })), ...groups.map((group) => memberKey({ kind: 'group', id: group.id }))]);
  const missing = [...new Map(members.filter((member) => !found.has(memberKey(member))).map((member) => [memberKey(member), member])).values()];
  const nearUsers = await nearIds(
    client,
    'user',
    missing.filter((member) => member.kind === 'user').map((member) => member.id),
  );
  const nearGroups = await nearIds(
    client,
    'group',
    missing.filter((member) => member.kind === 'group').map((member) => member.id),
  );
  return missing.map((member) => ({ ...member, near: (member.kind === 'user' ? nearUsers : nearGroups).get(member.id) ?? [] }));
}

/** "no user 'nobody' (did you mean 'nora'?), no group 'nogroup'": each once. */
export function describeUnknown(unknown: readonly UnknownMember[]): string {
  return [...new Map(unknown.map((member) => [memberKey(member), member])).values()]
    .map((member) => `no ${member.kind} '${member.id}'${meantSuffix(member.near)}`)
    .join(', ');
}

/**
 * The refusal of an add that names users or groups the engine does not have (exit 5, nothing sent);
 * `group members add` refuses its unknown users with it too.
 */
export function notInEngine(client: EngineClient, tenantId: string, unknown: readonly UnknownMember[]): CliError {
  return new CliError(
    `${describeUnknown(unknown)}: nothing was added to ${tenantId}`,
    ExitCode.NotFound,
    client.http.sendsCredentials ? 'or one these credentials may not read: the engine leaves those out of its queries' : undefined,
  );
}

/**
 * Which of the members belong to the tenant (keys `user:ID`, `group:ID`): one user query and one
 * group query with memberOfTenant. Those queries leave out users and groups the caller may not READ;
 * with `includeUnreadable`, each member they do not show is asked of the tenant query instead
 * (`id` with userMember/groupMember), which is filtered by READ on the tenant.
 */
async function membersAmong(client: EngineClient, tenantId: string, members: readonly TenantMember[], includeUnreadable: boolean): Promise<Set<string>> {
  const userIds = [...new Set(members.filter((member) => member.kind === 'user').map((member) => member.id))];
  const groupIds = [...new Set(members.filter((member) => member.kind === 'group').map((member) => member.id))];
  const found = new Set<string>();
  if (userIds.length > 0) for (const id of await client.groups.usersAmong({ memberOfTenant: tenantId }, userIds)) found.add(`user:${id}`);
  if (groupIds.length > 0) {
    const groups = await client.groups.list({ idIn: groupIds, memberOfTenant: tenantId }, 0, groupIds.length);
    for (const group of groups) found.add(`group:${group.id}`);
  }
  if (!includeUnreadable) return found;
  for (const member of members) {
    const key = memberKey(member);
    if (found.has(key)) continue;
    const filter = member.kind === 'user' ? { userMember: member.id } : { groupMember: member.id };
    if ((await client.tenants.count({ id: tenantId, ...filter })) > 0) found.add(key);
  }
  return found;
}

/**
 * The engine's 404 for a tenant the caller cannot see (it does not exist, or READ on it is missing),
 * or undefined when the tenant can be read.
 */
async function tenantNotFound(client: EngineClient, id: string): Promise<Error | undefined> {
  try {
    await client.tenants.get(id);
    return undefined;
  } catch (error) {
    if (error instanceof EngineNotFoundError) return error;
    throw error;
  }
}
