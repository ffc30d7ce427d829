/**
 * The lock-out guard of `access apply`: a plan must not take from the user of the current
 * credentials what they need to read and change authorizations and groups, nor their membership of
 * the admin group. Their effective permissions before and after the plan are computed by the engine's
 * rules (src/authorizations/effective.ts) from what the engine holds for them and what the plan
 * changes; each loss is named with the change (or changes) behind it.
 */
import { type AuthorizationRow, decide, type Subject } from '../authorizations/effective.js';
import { groupIdsOf, subjectAuthorizations } from '../authorizations/subject-rows.js';
import type { EngineClient } from '../engine/client.js';
import { parseResourceType } from '../catalogue/authorization.js';
import { knownAdminGroups } from '../engine/product.js';
import { createBody } from './apply.js';
import { readMembers } from './engine.js';
import type { AccessChange, AccessPlan } from './plan.js';

/** A resource type of the catalogue and the permissions on it the guard keeps, in the order messages name them. */
function guarded(name: string, permissions: readonly string[]): { resourceType: number; name: string; permissions: readonly string[] } {
  return { resourceType: parseResourceType(name).code, name, permissions };
}

/** What reading and changing authorizations and groups needs, on each type as a whole. */
const GUARDED = [
  guarded('authorization', ['READ', 'CREATE', 'UPDATE', 'DELETE']),
  guarded('group', ['READ', 'CREATE', 'UPDATE', 'DELETE']),
  guarded('group-membership', ['CREATE', 'DELETE']),
];

export interface Loss {
  /** `UPDATE on authorization`, `membership of the admin group camunda-admin`. */
  what: string;
  /** The changes that take it away: each alone, or together when none does alone. */
  changes: AccessChange[];
}

interface Row extends AuthorizationRow {
  readonly id: string;
}

/** The subject's side of the engine after some of the plan's changes. */
function after(rows: readonly Row[], groups: readonly string[], userId: string, changes: readonly AccessChange[]): { rows: Row[]; groups: string[] } {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const memberOf = new Set(groups);
  let created = 0;
  for (const change of changes) {
    if (change.object === 'member' && change.user === userId) {
      if (change.action === 'add') memberOf.add(change.group);
      if (change.action === 'remove') memberOf.delete(change.group);
    } else if (change.object === 'group' && change.action === 'delete') {
      memberOf.delete(change.group);
    } else if (change.object === 'authorization') {
      if (change.action === 'create') {
        const id = `planned-${created++}`;
        byId.set(id, { ...createBody(change), id, resourceId: change.resourceId });
      } else if (change.action === 'update' && change.id !== null && byId.has(change.id))
        byId.set(change.id, { ...byId.get(change.id)!, permissions: change.after ?? [] });
      else if (change.action === 'delete' && change.id !== null) byId.delete(change.id);
    }
  }
  return { rows: [...byId.values()], groups: [...memberOf] };
}

/** What the subject has: each guarded permission, and membership of an admin group. */
function holdings(rows: readonly Row[], subject: Subject): Map<string, boolean> {
  const held = new Map<string, boolean>();
  for (const guarded of GUARDED) {
    for (const permission of guarded.permissions) {
      held.set(`${permission} on ${guarded.name}`, decide(rows, subject, { resourceType: guarded.resourceType, permission }).granted);
    }
  }
  // Every product's admin group (src/engine/product.ts): the guard does not ask the engine which
  // product it is, and keeping a group of another product's name is only more careful.
  for (const group of knownAdminGroups()) held.set(`membership of the admin group ${group}`, subject.groupIds.includes(group));
  return held;
}

/** The plan's changes that can touch the user's holdings. */
function relevant(plan: AccessPlan, userId: string, groups: ReadonlySet<string>): AccessChange[] {
  return plan.changes.filter((change) => {
    if (change.object === 'member') return change.user === userId;
    if (change.object === 'group') return change.action === 'delete' && groups.has(change.group);
    if (change.object !== 'authorization') return false;
    const owner = change.type === 'global' || change.user === userId || (change.group !== null && groups.has(change.group));
    return owner && (GUARDED.some((guarded) => guarded.resourceType === change.resourceType) || change.type === 'revoke');
  });
}

/** What the plan would take from `userId`; empty when nothing. */
export async function lockoutLosses(client: EngineClient, plan: AccessPlan, userId: string): Promise<Loss[]> {
  const ownAccount = plan.changes.filter((change) => change.object === 'user' && change.action === 'delete' && change.user === userId);
  return [
    ...(ownAccount.length > 0 ? [{ what: `the user ${userId} itself`, changes: ownAccount }] : []),
    ...(await lastAdmins(client, plan)),
    ...(await permissionLosses(client, plan, userId)),
  ];
}

/** An admin group that has members and would have none: the engine's admin-only operations need one. */
async function lastAdmins(client: EngineClient, plan: AccessPlan): Promise<Loss[]> {
  const deletedUsers = plan.changes.filter((change) => change.object === 'user' && change.action === 'delete');
  const adminChanges = (group: string) =>
    plan.changes.filter(
      (change) =>
        (change.object === 'member' && change.action === 'remove' && change.group === group) ||
        (change.object === 'group' && change.action === 'delete' && change.group === group),
    );
  // Only user deletions are new to this check: member removals and group deletions alone are the caller's concern above.
  if (deletedUsers.length === 0) return [];
  const losses: Loss[] = [];
  for (const group of knownAdminGroups()) {
    const own = adminChanges(group);
    const members = (await readMembers(client, [group])).get(group) ?? [];
    if (members.length === 0) continue;
    const gone = new Set([
      ...deletedUsers.map((change) => (change.object === 'user' ? change.user : '')),
      ...own.map((change) => (change.object === 'member' ? change.user : '')),
    ]);
    const deletesGroup = own.some((change) => change.object === 'group');
    if (!deletesGroup && members.some((member) => !gone.has(member))) continue;
    const behind = [...own, ...deletedUsers.filter((change) => change.object === 'user' && members.includes(change.user))];
    losses.push({ what: `the last member of the admin group ${group}`, changes: behind });
  }
  return losses;
}

async function permissionLosses(client: EngineClient, plan: AccessPlan, userId: string): Promise<Loss[]> {
  const before = await groupIdsOf(client, userId);
  const joined = plan.changes.flatMap((change) => (change.object === 'member' && change.action === 'add' && change.user === userId ? [change.group] : []));
  const everyGroup = new Set([...before, ...joined]);
  const candidates = relevant(plan, userId, everyGroup);
  if (candidates.length === 0) return [];
  const rows = (await subjectAuthorizations(
    client,
    { userId, groupIds: [...everyGroup] },
    GUARDED.map((guarded) => guarded.resourceType),
  )) as Row[];
  const held = holdings(rows, { userId, groupIds: before });
  const heldAfter = (changes: readonly AccessChange[]) => {
    const next = after(rows, before, userId, changes);
    return holdings(next.rows, { userId, groupIds: next.groups });
  };
  const all = heldAfter(candidates);
  const losses: Loss[] = [];
  for (const [what, had] of held) {
    if (!had || all.get(what)) continue;
    const alone = candidates.filter((change) => !heldAfter([change]).get(what));
    losses.push({ what, changes: alone.length > 0 ? alone : candidates });
  }
  return losses;
}

/** A plan whose effect on a bearer token's user cannot be told: anything that may take permissions away. */
export function mayTakeAway(plan: AccessPlan): AccessChange[] {
  return plan.changes.filter(
    (change) =>
      change.action === 'remove' ||
      (change.object === 'user' && change.action === 'delete') ||
      (change.object === 'group' && change.action === 'delete') ||
      (change.object === 'authorization' &&
        ((change.action !== 'create' && GUARDED.some((guarded) => guarded.resourceType === change.resourceType)) ||
          (change.action === 'create' && change.type === 'revoke') ||
          (change.type === 'global' && change.action !== 'create'))),
  );
}
