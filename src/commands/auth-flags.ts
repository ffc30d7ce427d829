/** The options of the `auth` commands (./auth.ts declares them, ./auth-actions.ts takes their types). */
import { pagingFlags, sortingFlags } from './options.js';
import { flagSpec } from './spec.js';

const RESOURCE_TYPE = {
  flags: '--resource-type <type>',
  description: 'resource type name (process-definition) or code (6)',
  completes: 'resource-types',
} as const;
const REQUIRED_RESOURCE_TYPE = { ...RESOURCE_TYPE, required: true } as const;

/** The filters of auth list and auth count. */
export const AUTH_FILTER_FLAGS = flagSpec(
  { flags: '--id <id>', description: 'authorization id' },
  { flags: '--type <type>', description: 'global, grant or revoke', completes: 'authorization-types' },
  { flags: '--user <ids>', description: 'comma-separated user ids (userIdIn)' },
  { flags: '--group <ids>', description: 'comma-separated group ids (groupIdIn)' },
  RESOURCE_TYPE,
  { flags: '--resource-id <id>', description: 'resource id' },
);

export const AUTH_LIST_FLAGS = [
  ...AUTH_FILTER_FLAGS,
  ...sortingFlags('resourceType or resourceId'),
  ...pagingFlags('every authorization, page by page'),
] as const;

export const AUTH_CREATE_FLAGS = flagSpec(
  { flags: '--type <type>', description: 'global, grant or revoke', required: true, completes: 'authorization-types' },
  { flags: '--user <id>', description: 'the user it applies to (a global authorization applies to all users: *)' },
  { flags: '--group <id>', description: 'the group it applies to' },
  REQUIRED_RESOURCE_TYPE,
  { flags: '--resource-id <id>', description: 'resource id (default: * for every resource of the type)', default: '*' },
  { flags: '--permissions <list>', description: 'comma-separated permissions, e.g. READ,UPDATE (ALL, NONE)', required: true },
);

export const AUTH_UPDATE_FLAGS = flagSpec(
  { flags: '--permissions <list>', description: 'replace the permissions' },
  { flags: '--add-permissions <list>', description: 'add these permissions' },
  { flags: '--remove-permissions <list>', description: 'remove these permissions' },
  { flags: '--user <id>', description: 'make a user the owner (the group is cleared)' },
  { flags: '--group <id>', description: 'make a group the owner (the user is cleared)' },
  { ...RESOURCE_TYPE, description: 'change the resource type (the permissions must exist for it)' },
  { flags: '--resource-id <id>', description: 'change the resource id' },
  { flags: '--file <file>', description: 'a desired state (JSON or YAML; auth get -o yaml prints one); flags apply on top' },
  { flags: '--dry-run', description: 'print the change and the request body, send nothing' },
);

export const AUTH_CHECK_FLAGS = flagSpec(
  { flags: '--permission <name>', description: 'permission, e.g. READ', required: true },
  REQUIRED_RESOURCE_TYPE,
  { flags: '--resource-id <id>', description: 'resource id (default: the type as a whole)' },
  { flags: '--user <id>', description: 'check for this user (needs READ on authorizations)' },
);

export const AUTH_EXPLAIN_FLAGS = flagSpec(
  { flags: '--user <id>', description: "a user: their own, their groups' and the global authorizations count" },
  { flags: '--group <id>', description: 'a group: its own and the global authorizations count' },
  REQUIRED_RESOURCE_TYPE,
  { flags: '--resource-id <id>', description: 'a resource id (default: the type as a whole, *)' },
  { flags: '--permission <name>', description: 'answer yes or no for this permission only' },
);
