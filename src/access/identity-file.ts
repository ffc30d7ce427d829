/**
 * The users and tenants of an access file (docs/access.md#users-and-tenants): profiles (never
 * passwords), tenants and their user and group memberships, and the part of the scope that covers
 * them. Read by ./file.ts, whose schema has checked their types.
 */
import type { InputProblem } from '../input/problems.js';
import { compareText } from '../util/text.js';
import { exactIdsOf, globMatcher } from './globs.js';

type At = (path: readonly (string | number)[], message: string, place?: 'key' | 'value') => InputProblem;

/** A user as the file wants it; a field left out (undefined) is not managed. */
export interface DesiredUser {
  id: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
}

/** A tenant as the file wants it; a field left out is not managed. */
export interface DesiredTenant {
  id: string;
  name?: string | null | undefined;
  /** In the file's order; undefined: not managed. */
  users?: string[] | undefined;
  groups?: string[] | undefined;
}

export interface IdentityScope {
  /** Whether the file speaks for user accounts at all: it has `users:`. */
  readonly managesUsers: boolean;
  /** Engine users whose existence and profile the file decides (none when it has no `users:`). */
  userAccount(id: string): boolean;
  /** Engine tenants whose existence, name and memberships the file decides. */
  tenant(id: string): boolean;
  /** The ids in scope when known without listing everything (no globs); undefined otherwise. */
  readonly exactUsers: readonly string[] | undefined;
  readonly exactTenants: readonly string[] | undefined;
}

type UserEntry = { firstName?: string | null | undefined; lastName?: string | null | undefined; email?: string | null | undefined };
type TenantEntry = { name?: string | null | undefined; users?: string[] | undefined; groups?: string[] | undefined };

export function desiredUsers(entries: readonly [string, UserEntry][] | undefined): DesiredUser[] | undefined {
  if (entries === undefined) return undefined;
  return entries
    .map(([id, entry]) => {
      const user: DesiredUser = { id };
      for (const field of ['firstName', 'lastName', 'email'] as const) if (entry[field] !== undefined) user[field] = entry[field];
      return user;
    })
    .sort((a, b) => compareText(a.id, b.id));
}

export function desiredTenants(entries: readonly [string, TenantEntry][], problems: InputProblem[], at: At): DesiredTenant[] {
  return entries
    .map(([id, entry]) => {
      const tenant: DesiredTenant = { id };
      if (entry.name !== undefined) tenant.name = entry.name;
      for (const kind of ['users', 'groups'] as const) {
        const list = entry[kind];
        if (list === undefined) continue;
        tenant[kind] = [...list];
        const seen = new Set<string>();
        list.forEach((member, index) => {
          if (seen.has(member)) problems.push(at(['tenants', id, kind, index], `${kind === 'users' ? 'user' : 'group'} ${member} is listed twice`));
          seen.add(member);
        });
      }
      return tenant;
    })
    .sort((a, b) => compareText(a.id, b.id));
}

/**
 * Users are in scope only in a file with `users:` (a file without it, as every export before
 * users were managed, speaks for none: its `scope.users` covers their authorizations only). A user
 * the file names anywhere else (an owner, a member) is never in scope for deletion.
 */
export function identityScope(
  given: { users?: string[] | undefined; tenants?: string[] | undefined } | undefined,
  users: readonly DesiredUser[] | undefined,
  tenants: readonly DesiredTenant[],
  namedElsewhere: ReadonlySet<string>,
): IdentityScope {
  const userPatterns = users === undefined ? [] : (given?.users ?? users.map((user) => user.id));
  const userMatches = globMatcher(userPatterns);
  const tenantPatterns = given?.tenants ?? tenants.map((tenant) => tenant.id);
  return {
    managesUsers: users !== undefined,
    userAccount: (id) => userMatches(id) && !namedElsewhere.has(id),
    tenant: globMatcher(tenantPatterns),
    exactUsers: exactIdsOf(userPatterns),
    exactTenants: exactIdsOf(tenantPatterns),
  };
}
