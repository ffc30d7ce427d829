/** The options of the `tenant` commands (./tenant.ts declares them, ./tenant-actions.ts takes their types). */
import { pagingFlags, sortingFlags } from './options.js';
import { flagSpec } from './spec.js';

/** The filters of tenant list and tenant count (TenantQueryDto: no idIn). */
export const TENANT_FILTER_FLAGS = flagSpec(
  { flags: '--id <id>', description: 'tenant id' },
  { flags: '--name <name>', description: 'exact name' },
  { flags: '--name-like <pattern>', description: 'name pattern, % as wildcard' },
  { flags: '--user <id>', description: 'tenants this user is a member of (userMember)' },
  { flags: '--including-groups-of-user', description: "with --user: also the tenants of the user's groups" },
  { flags: '--group <id>', description: 'tenants this group is a member of (groupMember)' },
);

export const TENANT_LIST_FLAGS = [...TENANT_FILTER_FLAGS, ...sortingFlags('id or name', 'id'), ...pagingFlags('every tenant, page by page')] as const;

export const TENANT_CREATE_FLAGS = flagSpec(
  { flags: '--id <id>', description: 'tenant id (the engine accepts [a-zA-Z0-9]+ by default)', required: true },
  { flags: '--name <name>', description: 'display name', required: true },
);

export const TENANT_UPDATE_FLAGS = flagSpec(
  { flags: '--name <name>', description: 'new name' },
  { flags: '--dry-run', description: 'print the change and the request body, send nothing' },
);

/** `--user a --user b --group g` or `--user a b`: each a list, in the order given per kind. */
export const TENANT_MEMBER_FLAGS = flagSpec(
  { flags: '--user <ids...>', description: 'user ids (repeatable)' },
  { flags: '--group <ids...>', description: 'group ids (repeatable)' },
);
