/** The users and tenants of `access export` (./export.ts): profiles (never passwords), tenants and their members, sorted by id. */
import type { EngineClient } from '../engine/client.js';
import { collectPages } from '../engine/paging.js';
import { compareText } from '../util/text.js';
import { exactIdsOf, globMatcher } from './globs.js';

/** The profiles of the users the patterns match; a field the engine has no value for is left out. */
export async function exportUsers(
  client: EngineClient,
  patterns: readonly string[],
): Promise<Record<string, { firstName?: string; lastName?: string; email?: string }>> {
  const limit = client.http.queryLimit;
  const exact = exactIdsOf(patterns);
  const accepts = globMatcher(patterns);
  const found = [];
  if (exact === undefined) {
    found.push(...(await collectPages((first, max) => client.users.list({ sortBy: 'userId', sortOrder: 'asc' }, first, max), { limit })));
  } else {
    for (let start = 0; start < exact.length; start += 50) {
      const idIn = exact.slice(start, start + 50);
      found.push(...(await collectPages((first, max) => client.users.list({ idIn, sortBy: 'userId', sortOrder: 'asc' }, first, max), { limit })));
    }
  }
  return Object.fromEntries(
    found
      .filter((user) => accepts(user.id))
      .sort((a, b) => compareText(a.id, b.id))
      .map((user) => [
        user.id,
        {
          ...(typeof user.firstName === 'string' ? { firstName: user.firstName } : {}),
          ...(typeof user.lastName === 'string' ? { lastName: user.lastName } : {}),
          ...(typeof user.email === 'string' ? { email: user.email } : {}),
        },
      ]),
  );
}

/** The tenants the patterns match, each with its user and group members. */
export async function exportTenants(
  client: EngineClient,
  patterns: readonly string[],
): Promise<Record<string, { name?: string; users: string[]; groups: string[] }>> {
  const limit = client.http.queryLimit;
  const accepts = globMatcher(patterns);
  const tenants = (await collectPages((first, max) => client.tenants.list({ sortBy: 'id', sortOrder: 'asc' }, first, max), { limit }))
    .filter((tenant) => accepts(tenant.id))
    .sort((a, b) => compareText(a.id, b.id));
  const result: Record<string, { name?: string; users: string[]; groups: string[] }> = {};
  for (const tenant of tenants) {
    const users = await collectPages((first, max) => client.users.list({ memberOfTenant: tenant.id }, first, max), { limit });
    const groups = await collectPages((first, max) => client.groups.list({ memberOfTenant: tenant.id }, first, max), { limit });
    result[tenant.id] = {
      ...(tenant.name !== null ? { name: tenant.name } : {}),
      users: users.map((user) => user.id).sort(compareText),
      groups: groups.map((group) => group.id).sort(compareText),
    };
  }
  return result;
}
