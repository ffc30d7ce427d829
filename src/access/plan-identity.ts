/**
 * The users and tenants of `access plan` (docs/access.md#users-and-tenants): what the engine holds
 * of them within the file's scope, and the changes that make it match the file. Profiles are
 * compared on the fields the file names; passwords are never read nor written.
 */
import type { EngineClient } from '../engine/client.js';
import type { Group } from '../engine/groups.js';
import { collectPages } from '../engine/paging.js';
import type { Tenant } from '../engine/tenants.js';
import type { UserProfile } from '../engine/users.js';
import type { InputProblem } from '../input/problems.js';
import { compareText } from '../util/text.js';
import type { AccessFile } from './file.js';

export interface UserFields {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface UserChange {
  action: 'create' | 'update' | 'delete' | 'keep';
  object: 'user';
  user: string;
  before: UserFields | null;
  after: UserFields | null;
}

export interface TenantChange {
  action: 'create' | 'update' | 'delete' | 'keep';
  object: 'tenant';
  tenant: string;
  before: { name: string | null } | null;
  after: { name: string | null } | null;
}

/** A user's or a group's membership of a tenant: exactly one of user and group. */
export interface TenantMemberChange {
  action: 'add' | 'remove' | 'keep';
  object: 'tenant-member';
  tenant: string;
  user: string | null;
  group: string | null;
}

export type IdentityChange = UserChange | TenantChange | TenantMemberChange;

/** The engine's side of the file's users and tenants. */
export interface EngineIdentity {
  users: Map<string, UserFields>;
  tenants: Map<string, Tenant>;
  /** Members of the tenants whose members the file names (and that exist). */
  tenantUsers: Map<string, string[]>;
  tenantGroups: Map<string, string[]>;
}

const profileOf = (user: UserProfile): UserFields => ({ firstName: user.firstName ?? null, lastName: user.lastName ?? null, email: user.email ?? null });

export async function readEngineIdentity(client: EngineClient, file: AccessFile): Promise<EngineIdentity> {
  const limit = client.http.queryLimit;
  const users = new Map<string, UserFields>();
  if (file.users !== undefined) {
    const named = new Set(file.users.map((user) => user.id));
    const exact = file.scope.exactUsers;
    const ids = exact === undefined ? undefined : [...new Set([...named, ...exact])].sort(compareText);
    let found: UserProfile[] = [];
    if (ids === undefined) {
      found = await collectPages((first, max) => client.users.list({ sortBy: 'userId', sortOrder: 'asc' }, first, max), { limit });
    } else {
      // idIn goes in the URL: a few ids a request.
      for (let start = 0; start < ids.length; start += 50) {
        const idIn = ids.slice(start, start + 50);
        found.push(...(await collectPages((first, max) => client.users.list({ idIn, sortBy: 'userId', sortOrder: 'asc' }, first, max), { limit })));
      }
    }
    for (const user of found) if (named.has(user.id) || file.scope.userAccount(user.id)) users.set(user.id, profileOf(user));
  }
  const tenants = new Map<string, Tenant>();
  const namedTenants = new Set(file.tenants.map((tenant) => tenant.id));
  if (namedTenants.size > 0 || file.scope.exactTenants === undefined || file.scope.exactTenants.length > 0) {
    // The engine has no idIn for tenants; they are few.
    for (const tenant of await collectPages((first, max) => client.tenants.list({ sortBy: 'id', sortOrder: 'asc' }, first, max), { limit }))
      if (namedTenants.has(tenant.id) || file.scope.tenant(tenant.id)) tenants.set(tenant.id, tenant);
  }
  const tenantUsers = new Map<string, string[]>();
  const tenantGroups = new Map<string, string[]>();
  for (const tenant of file.tenants) {
    if (!tenants.has(tenant.id)) continue;
    if (tenant.users !== undefined) {
      const rows = await collectPages((first, max) => client.users.list({ memberOfTenant: tenant.id }, first, max), { limit });
      tenantUsers.set(tenant.id, rows.map((row) => row.id).sort(compareText));
    }
    if (tenant.groups !== undefined) {
      const rows: Group[] = await collectPages((first, max) => client.groups.list({ memberOfTenant: tenant.id }, first, max), { limit });
      tenantGroups.set(tenant.id, rows.map((row) => row.id).sort(compareText));
    }
  }
  return { users, tenants, tenantUsers, tenantGroups };
}

/** Tenant groups the file adds must be groups of the engine or of the file (the engine answers 500). */
export async function tenantGroupProblems(
  client: EngineClient,
  file: AccessFile,
  engine: EngineIdentity,
  known: ReadonlyMap<string, unknown>,
): Promise<InputProblem[]> {
  const ofFile = new Set(file.groups.map((group) => group.id));
  const toAdd = file.tenants.flatMap((tenant) =>
    (tenant.groups ?? []).flatMap((group, index) =>
      (engine.tenantGroups.get(tenant.id) ?? []).includes(group) || known.has(group) || ofFile.has(group)
        ? []
        : [{ group, path: ['tenants', tenant.id, 'groups', index] as (string | number)[] }],
    ),
  );
  if (toAdd.length === 0) return [];
  const ids = [...new Set(toAdd.map((entry) => entry.group))].sort(compareText);
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 50) {
    const idIn = ids.slice(start, start + 50);
    for (const group of await collectPages((first, max) => client.groups.list({ idIn }, first, max), { limit: client.http.queryLimit })) found.add(group.id);
  }
  return toAdd.flatMap(({ group, path }) =>
    found.has(group) ? [] : [file.problem(path, `${group} is not a group of the engine or of the file (or one these credentials may not read)`)],
  );
}

/** Members (of groups and tenants) the plan adds: each with its place in the file. */
export function tenantUsersToAdd(file: AccessFile, engine: EngineIdentity): { user: string; path: (string | number)[] }[] {
  return file.tenants.flatMap((tenant) => {
    const current = new Set(engine.tenantUsers.get(tenant.id) ?? []);
    return (tenant.users ?? []).flatMap((user, index) => (current.has(user) ? [] : [{ user, path: ['tenants', tenant.id, 'users', index] }]));
  });
}

export interface IdentityPlan {
  users: UserChange[];
  tenants: TenantChange[];
  tenantMemberAdds: TenantMemberChange[];
  tenantMemberRemovals: TenantMemberChange[];
  tenantDeletions: TenantChange[];
  userDeletions: UserChange[];
  kept: IdentityChange[];
}

export function computeIdentityPlan(file: AccessFile, engine: EngineIdentity, prune: boolean): IdentityPlan {
  const plan: IdentityPlan = { users: [], tenants: [], tenantMemberAdds: [], tenantMemberRemovals: [], tenantDeletions: [], userDeletions: [], kept: [] };
  const fields = ['firstName', 'lastName', 'email'] as const;
  for (const desired of file.users ?? []) {
    const current = engine.users.get(desired.id);
    const after = { ...(current ?? { firstName: null, lastName: null, email: null }) };
    for (const field of fields) if (desired[field] !== undefined) after[field] = desired[field] ?? null;
    if (current === undefined) plan.users.push({ action: 'create', object: 'user', user: desired.id, before: null, after });
    else if (fields.some((field) => after[field] !== current[field]))
      plan.users.push({ action: 'update', object: 'user', user: desired.id, before: current, after });
  }
  const namedUsers = new Set((file.users ?? []).map((user) => user.id));
  for (const [id, current] of [...engine.users].sort(([a], [b]) => compareText(a, b))) {
    if (namedUsers.has(id) || !file.scope.userAccount(id)) continue;
    const change: UserChange = { action: prune ? 'delete' : 'keep', object: 'user', user: id, before: current, after: null };
    (prune ? plan.userDeletions : plan.kept).push(change);
  }

  for (const desired of file.tenants) {
    const current = engine.tenants.get(desired.id);
    if (current === undefined) {
      plan.tenants.push({ action: 'create', object: 'tenant', tenant: desired.id, before: null, after: { name: desired.name ?? null } });
    } else if (desired.name !== undefined && desired.name !== current.name) {
      plan.tenants.push({ action: 'update', object: 'tenant', tenant: desired.id, before: { name: current.name }, after: { name: desired.name } });
    }
    for (const kind of ['users', 'groups'] as const) {
      const wanted = desired[kind];
      if (wanted === undefined) continue;
      const now = new Set(current === undefined ? [] : ((kind === 'users' ? engine.tenantUsers : engine.tenantGroups).get(desired.id) ?? []));
      const member = (id: string) => (kind === 'users' ? { user: id, group: null } : { user: null, group: id });
      for (const id of [...new Set(wanted)].sort(compareText))
        if (!now.has(id)) plan.tenantMemberAdds.push({ action: 'add', object: 'tenant-member', tenant: desired.id, ...member(id) });
      for (const id of [...now].sort(compareText)) {
        if (wanted.includes(id)) continue;
        const change: TenantMemberChange = { action: prune ? 'remove' : 'keep', object: 'tenant-member', tenant: desired.id, ...member(id) };
        (prune ? plan.tenantMemberRemovals : plan.kept).push(change);
      }
    }
  }
  const namedTenants = new Set(file.tenants.map((tenant) => tenant.id));
  for (const [id, tenant] of [...engine.tenants].sort(([a], [b]) => compareText(a, b))) {
    if (namedTenants.has(id) || !file.scope.tenant(id)) continue;
    const change: TenantChange = { action: prune ? 'delete' : 'keep', object: 'tenant', tenant: id, before: { name: tenant.name }, after: null };
    (prune ? plan.tenantDeletions : plan.kept).push(change);
  }
  return plan;
}
