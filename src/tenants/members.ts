/**
 * `tenant members add|remove`: which users and groups to change, the changes one at a time, and what
 * became of each. The command prints the outcome and decides the exit code.
 */
import type { EngineClient } from '../engine/client.js';
import { EngineNotFoundError } from '../engine/errors.js';
import type { TenantMemberKind } from '../engine/tenants.js';
import { sendChange } from '../exit.js';

export type TenantMembershipAction = 'add' | 'remove';

/** A user or a group, as named on the command line. */
export interface TenantMember {
  kind: TenantMemberKind;
  id: string;
}

/** One member's outcome: unchanged (already as wanted), changed, or the failure of its request. */
export type TenantMembershipOutcome = TenantMember & ({ status: 'unchanged' } | { status: 'changed' } | { status: 'failed'; error: unknown });

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
  const outcomes: TenantMembershipOutcome[] = [];
  for (const member of members) {
    const key = memberKey(member);
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
