/** The options of the `group` commands (./group.ts declares them, ./group-actions.ts takes their types). */
import { pagingFlags, sortingFlags } from './options.js';
import { flagSpec } from './spec.js';

/** The filters of group list and group count. */
export const GROUP_FILTER_FLAGS = flagSpec(
  { flags: '--id <id>', description: 'group id' },
  { flags: '--id-in <ids>', description: 'comma-separated group ids (sent in a POST body when there are many)' },
  { flags: '--name <name>', description: 'exact name' },
  { flags: '--name-like <pattern>', description: 'name pattern, % as wildcard' },
  { flags: '--type <type>', description: 'group type, e.g. WORKFLOW or SYSTEM' },
  { flags: '--member <user>', description: 'groups this user belongs to' },
  { flags: '--member-of-tenant <tenant>', description: 'groups of this tenant' },
);

export const GROUP_LIST_FLAGS = [...GROUP_FILTER_FLAGS, ...sortingFlags('id, name or type'), ...pagingFlags('every group, page by page')] as const;

export const GROUP_CREATE_FLAGS = flagSpec(
  { flags: '--id <id>', description: 'group id (the engine accepts [a-zA-Z0-9]+ by default)', required: true },
  { flags: '--name <name>', description: 'display name', required: true },
  { flags: '--type <type>', description: 'group type, e.g. WORKFLOW' },
);

export const GROUP_UPDATE_FLAGS = flagSpec(
  { flags: '--name <name>', description: 'new name' },
  { flags: '--type <type>', description: 'new type' },
  { flags: '--dry-run', description: 'print the change and the request body, send nothing' },
);

export const MEMBER_LIST_FLAGS = pagingFlags('every member, page by page');
