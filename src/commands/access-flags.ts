/** The options of the `access` commands (./access.ts declares them, ./access-actions.ts takes their types). */
import { flagSpec } from './spec.js';

export const ACCESS_EXPORT_FLAGS = flagSpec(
  { flags: '--groups <ids>', description: 'comma-separated group ids or globs (sales,invoice*): those groups and only their authorizations' },
  {
    flags: '--users <ids>',
    description: 'comma-separated user ids or globs: also these users (profiles, never passwords); their authorizations only, with --groups',
  },
  { flags: '--tenants <ids>', description: 'comma-separated tenant ids or globs: also these tenants and their user and group members' },
  {
    flags: '--resource-type <types...>',
    description: 'only authorizations on these resource types (names or codes; several, or comma-separated)',
    completes: 'resource-types',
  },
  { flags: '--out <file>', description: 'write the file here (checked before anything is read) instead of to standard output' },
  { flags: '--force', description: 'replace an existing --out file' },
);

export const ACCESS_PLAN_FLAGS = flagSpec(
  { flags: '--prune', description: 'delete what is in scope on the engine but not in the file (otherwise listed as kept)' },
  { flags: '--detailed-exitcode', description: 'exit 10 when there are changes, 0 when there are none' },
);

export const ACCESS_APPLY_FLAGS = flagSpec(
  { flags: '--prune', description: 'also delete what is in scope on the engine but not in the file' },
  { flags: '--dry-run', description: 'print the plan and the requests it would send; send nothing' },
  {
    flags: '--allow-lockout',
    description: "apply even a plan that takes from the credentials' user what they need to read and change authorizations and groups",
  },
  { flags: '--allow-empty', description: 'with --prune: apply a file that holds nothing, or no group while the plan deletes groups' },
);
