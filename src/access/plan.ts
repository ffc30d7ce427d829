/**
 * `access plan`: what it takes to make the engine look like an access file, inside the file's scope
 * (./file.ts). Authorizations are matched by their identity (type, owner, resource type, resource id)
 * and compared as permission sets; groups by id, on the fields the file names. What the engine has
 * in scope and the file does not name is kept, or deleted with --prune.
 *
 * The changes come in the order apply makes them (./apply.ts): groups, members, authorizations,
 * then the deletions in reverse (authorizations, members, groups).
 */
import { samePermissions } from '../authorizations/change.js';
import { authorizationTypeName, GLOBAL, resourceTypeByCode } from '../catalogue/authorization.js';
import type { Authorization } from '../engine/authorizations.js';
import type { EngineClient } from '../engine/client.js';
import type { Group } from '../engine/groups.js';
import { byPosition, InputError } from '../input/problems.js';
import { compareText } from '../util/text.js';
import { existingUsers, readAuthorizations, readGroups, readMembers } from './engine.js';
import { type AccessFile, authorizationKey, type DesiredAuthorization } from './file.js';
import { computeIdentityPlan, type EngineIdentity, type IdentityChange, readEngineIdentity, tenantGroupProblems, tenantUsersToAdd } from './plan-identity.js';

export type { IdentityChange, TenantChange, TenantMemberChange, UserChange, UserFields } from './plan-identity.js';

export interface GroupFields {
  name: string | null;
  type: string | null;
}

export interface GroupChange {
  action: 'create' | 'update' | 'delete' | 'keep';
  object: 'group';
  group: string;
  before: GroupFields | null;
  after: GroupFields | null;
}

export interface MemberChange {
  action: 'add' | 'remove' | 'keep';
  object: 'member';
  group: string;
  user: string;
}

export interface AuthorizationChange {
  action: 'create' | 'update' | 'delete' | 'keep';
  object: 'authorization';
  /** The engine's id; null for one to create. */
  id: string | null;
  type: string;
  user: string | null;
  group: string | null;
  /** The catalogue's name, or `unknown (CODE)`. */
  resource: string;
  resourceType: number;
  resourceId: string | null;
  /** Permissions on the engine; null for one to create. */
  before: string[] | null;
  /** Permissions after the change; null for one to delete. */
  after: string[] | null;
}

export type AccessChange = GroupChange | MemberChange | AuthorizationChange | IdentityChange;

export interface AccessPlan {
  /** What apply changes, in apply's order. */
  changes: AccessChange[];
  /** In scope on the engine, not named by the file, left alone (without --prune). */
  kept: AccessChange[];
  prune: boolean;
}

/** What the plan is computed from: the engine's side of the file's scope. */
export interface EngineAccess {
  groups: Map<string, Group>;
  /** Members of the groups whose members the file names (and that exist). */
  members: Map<string, string[]>;
  authorizations: Authorization[];
  /** Users and tenants, when the file names them. */
  identity: EngineIdentity;
}

/** Reads what the file's scope covers, then checks what only the engine can tell (members are users). */
export async function readEngineAccess(client: EngineClient, file: AccessFile): Promise<EngineAccess> {
  const named = new Set(file.groups.map((group) => group.id));
  const exact = file.scope.exactGroups;
  const groups = await readGroups(client, {
    ids: exact === undefined ? undefined : [...new Set([...named, ...exact])],
    accepts: (id) => named.has(id) || file.scope.group(id),
  });
  const byId = new Map(groups.map((group) => [group.id, group]));
  const managed = file.groups.filter((group) => group.members !== undefined && byId.has(group.id)).map((group) => group.id);
  const members = await readMembers(client, managed);
  const resourceTypes =
    file.scope.resourceTypes === 'all' ? 'all' : new Set([...file.scope.resourceTypes, ...file.authorizations.map((row) => row.resourceType)]);
  const authorizations = await readAuthorizations(client, resourceTypes);
  const identity = await readEngineIdentity(client, file);
  await checkMembers(client, file, members, identity, byId);
  return { groups: byId, members, authorizations, identity };
}

/**
 * Members the file adds (to groups and tenants) must be users of the engine or users the file
 * creates, and tenant groups groups of the engine or the file: the engine would answer a 500 for each.
 */
async function checkMembers(
  client: EngineClient,
  file: AccessFile,
  members: Map<string, string[]>,
  identity: EngineIdentity,
  groups: Map<string, Group>,
): Promise<void> {
  const created = new Set((file.users ?? []).map((user) => user.id));
  const toAdd: { user: string; path: (string | number)[] }[] = [];
  for (const group of file.groups) {
    const current = new Set(members.get(group.id) ?? []);
    (group.members ?? []).forEach((user, index) => {
      if (!current.has(user)) toAdd.push({ user, path: ['groups', group.id, 'members', index] });
    });
  }
  toAdd.push(...tenantUsersToAdd(file, identity));
  const asked = [...new Set(toAdd.map((entry) => entry.user).filter((user) => !created.has(user)))].sort(compareText);
  const found = asked.length === 0 ? new Set<string>() : await existingUsers(client, asked);
  const problems = [
    ...toAdd.flatMap(({ user, path }) =>
      created.has(user) || found.has(user) ? [] : [file.problem(path, `${user} is not a user of the engine (or one these credentials may not read)`)],
    ),
    ...(await tenantGroupProblems(client, file, identity, groups)),
  ];
  if (problems.length > 0) throw new InputError(byPosition(problems));
}

/** The identity of an authorization as a change shows it. */
export function describeRow(row: {
  type: number;
  userId: string | null;
  groupId: string | null;
  resourceType: number;
  resourceId: string | null;
}): Pick<AuthorizationChange, 'type' | 'user' | 'group' | 'resource' | 'resourceType' | 'resourceId'> {
  return {
    type: authorizationTypeName(row.type),
    user: row.type === GLOBAL ? null : row.userId,
    group: row.groupId,
    resource: resourceTypeByCode(row.resourceType)?.name ?? `unknown (${row.resourceType})`,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
  };
}

export function computePlan(file: AccessFile, engine: EngineAccess, prune: boolean): AccessPlan {
  const groupChanges: GroupChange[] = [];
  const memberAdds: MemberChange[] = [];
  const memberRemovals: MemberChange[] = [];
  const groupDeletions: GroupChange[] = [];
  const kept: AccessChange[] = [];

  for (const desired of file.groups) {
    const current = engine.groups.get(desired.id);
    if (current === undefined) {
      groupChanges.push({
        action: 'create',
        object: 'group',
        group: desired.id,
        before: null,
        after: { name: desired.name ?? null, type: desired.type ?? null },
      });
    } else {
      const after = { name: desired.name === undefined ? current.name : desired.name, type: desired.type === undefined ? current.type : desired.type };
      if (after.name !== current.name || after.type !== current.type) {
        groupChanges.push({ action: 'update', object: 'group', group: desired.id, before: { name: current.name, type: current.type }, after });
      }
    }
    if (desired.members === undefined) continue;
    const now = new Set(current === undefined ? [] : (engine.members.get(desired.id) ?? []));
    const wanted = new Set(desired.members);
    for (const user of [...wanted].sort(compareText)) if (!now.has(user)) memberAdds.push({ action: 'add', object: 'member', group: desired.id, user });
    for (const user of [...now].sort(compareText)) {
      if (wanted.has(user)) continue;
      const change: MemberChange = { action: prune ? 'remove' : 'keep', object: 'member', group: desired.id, user };
      (prune ? memberRemovals : kept).push(change);
    }
  }

  const named = new Set(file.groups.map((group) => group.id));
  const owners = new Set(file.authorizations.flatMap((row) => (row.groupId !== null ? [row.groupId] : [])));
  for (const group of [...engine.groups.values()].sort((a, b) => compareText(a.id, b.id))) {
    // A group the file's authorizations name as their owner is the file's too, if not its members.
    if (named.has(group.id) || owners.has(group.id) || !file.scope.group(group.id)) continue;
    const change: GroupChange = {
      action: prune ? 'delete' : 'keep',
      object: 'group',
      group: group.id,
      before: { name: group.name, type: group.type },
      after: null,
    };
    (prune ? groupDeletions : kept).push(change);
  }

  const onEngine = new Map<string, Authorization>();
  for (const row of engine.authorizations) onEngine.set(authorizationKey(row), row);
  const authorizationChanges: AuthorizationChange[] = [];
  const wantedKeys = new Set<string>();
  for (const desired of sortedRows(file.authorizations)) {
    const key = authorizationKey(desired);
    wantedKeys.add(key);
    const current = onEngine.get(key);
    if (current === undefined) {
      authorizationChanges.push({ action: 'create', object: 'authorization', id: null, ...describeRow(desired), before: null, after: desired.permissions });
    } else if (!samePermissions(current.permissions, desired.permissions, desired.resourceType)) {
      authorizationChanges.push({
        action: 'update',
        object: 'authorization',
        id: current.id,
        ...describeRow(desired),
        before: [...current.permissions],
        after: desired.permissions,
      });
    }
  }
  const authorizationDeletions: AuthorizationChange[] = [];
  for (const row of sortedRows(engine.authorizations)) {
    if (wantedKeys.has(authorizationKey(row)) || !file.scope.authorization(row)) continue;
    const change: AuthorizationChange = {
      action: prune ? 'delete' : 'keep',
      object: 'authorization',
      id: row.id,
      ...describeRow(row),
      before: [...row.permissions],
      after: null,
    };
    (prune ? authorizationDeletions : kept).push(change);
  }

  const identity = computeIdentityPlan(file, engine.identity, prune);
  return {
    changes: [
      ...groupChanges,
      ...identity.users,
      ...identity.tenants,
      ...memberAdds,
      ...identity.tenantMemberAdds,
      ...authorizationChanges,
      ...authorizationDeletions,
      ...identity.tenantMemberRemovals,
      ...memberRemovals,
      ...identity.tenantDeletions,
      ...groupDeletions,
      ...identity.userDeletions,
    ],
    kept: [...kept, ...identity.kept],
    prune,
  };
}

/** By resource type name, resource id, type, owner: as export writes them. */
function sortedRows<R extends Pick<DesiredAuthorization, 'type' | 'userId' | 'groupId' | 'resourceType'> & { resourceId: string | null }>(
  rows: readonly R[],
): R[] {
  const key = (row: R): string =>
    [
      resourceTypeByCode(row.resourceType)?.name ?? `~${row.resourceType}`,
      row.resourceId === '*' ? '' : `\u0001${row.resourceId ?? ''}`,
      row.type,
      row.groupId !== null ? `g${row.groupId}` : `u${row.userId ?? ''}`,
    ].join('\u0000');
  return [...rows].sort((a, b) => compareText(key(a), key(b)));
}

/** What a pruned file without groups deletes: the finding that apply refuses without --allow-empty. */
export interface EmptyFilePrune {
  /** Whether the file holds nothing at all: no group, authorization, user or tenant. */
  holdsNothing: boolean;
  /** The users and tenants the file speaks for (by `users:`, by its scope) though it holds none: named with holdsNothing. */
  emptySections: ('user' | 'tenant')[];
  groups: number;
  deletions: number;
}

/**
 * A file without groups that deletes groups, or that holds nothing and deletes anything: most often an
 * export by a user who may read nothing (the engine leaves out what a user may not read), not an intent.
 * Users and tenants are content: a file of users only that deletes a user of its scope is an intent.
 */
export function prunedByEmptyFile(file: AccessFile, plan: AccessPlan): EmptyFilePrune | undefined {
  if (file.groups.length > 0) return undefined;
  const deletes = plan.changes.filter((change) => change.action === 'delete' || change.action === 'remove');
  const groups = deletes.filter((change) => change.object === 'group').length;
  const users = file.users ?? [];
  const holdsNothing = file.authorizations.length === 0 && users.length === 0 && file.tenants.length === 0;
  // A file without groups that deletes none is about authorizations, users or tenants, unless it holds none of them either.
  if (groups === 0 && (!holdsNothing || deletes.length === 0 || deletes.length < plan.changes.length)) return undefined;
  const { managesUsers, exactTenants } = file.scope;
  const speaksForTenants = exactTenants === undefined || exactTenants.length > 0;
  const emptySections = holdsNothing ? [...(managesUsers ? ['user' as const] : []), ...(speaksForTenants ? ['tenant' as const] : [])] : [];
  return { holdsNothing, emptySections, groups, deletions: deletes.length };
}
