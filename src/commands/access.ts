/** `access`: groups, members and authorizations as code (docs/access.md). What runs: ./access-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import { ACCESS_APPLY_FLAGS, ACCESS_EXPORT_FLAGS, ACCESS_PLAN_FLAGS } from './access-flags.js';
import { declareFlags } from './spec.js';
import type * as actions from './access-actions.js';

export function declareAccessCommands(program: Command, action: ActionOf<typeof actions>): void {
  const access = program.command('access').description('groups, members and authorizations as code: export, plan and apply an access file');

  declareFlags(access.command('export'), ACCESS_EXPORT_FLAGS)
    .description("write the engine's groups, members and authorizations as an access file (YAML; JSON for a .json --out or -o json)")
    .addHelpText(
      'after',
      `
Names are the catalogue's (auth resources), everything is sorted, and there is no date in it:
exporting the same engine twice gives the same bytes. The file's scope says what it covers, so that
access plan and apply --prune change nothing outside it (docs/access.md). --users and --tenants add
users (profiles, never passwords) and tenants with their members.

Examples:
  $ camunda-admin --profile test access export --out access.yaml
  $ camunda-admin access export --groups 'sales,invoice*' --resource-type process-definition process-instance
  $ camunda-admin access export --users 'acc*' --tenants 'acc*' --out identity.yaml`,
    )
    .action(action('exportAccessFile'));

  declareFlags(access.command('plan'), ACCESS_PLAN_FLAGS)
    .description("what apply would change to make the engine match an access file, inside the file's scope")
    .argument('<file>', 'access file (JSON or YAML; - for standard input)')
    .addHelpText(
      'after',
      `
Authorizations are matched by type, owner, resource type and resource id, and their permissions
compared as sets; groups by id, on the fields the file names. -o json and -o yaml print the list
of changes. Nothing is changed.

Examples:
  $ camunda-admin --profile prod access plan access.yaml
  $ camunda-admin --profile prod access plan access.yaml --prune --detailed-exitcode -o json`,
    )
    .action(action('planAccess'));

  declareFlags(access.command('apply'), ACCESS_APPLY_FLAGS)
    .description('make the engine match an access file: prints the plan, asks, then applies it in a safe order')
    .argument('<file>', 'access file (JSON or YAML; - for standard input, then with --yes)')
    .addHelpText(
      'after',
      `
Order: groups, users, tenants, members, authorizations; deletions in reverse. Users the file
creates have no password (an access file holds none) until 'user password' sets one.
Updates keep the engine's ids (read, merge, write). The first failure stops the run: it prints what
was done and what was not, and exits 8 (or the failure's own code when nothing was done); applying
the file again makes the rest. A plan that would lock the credentials' user out of authorizations or
groups is refused (exit 2) unless --allow-lockout (docs/access.md#the-lock-out-guard).

Examples:
  $ camunda-admin --profile prod access apply access.yaml --dry-run
  $ camunda-admin --profile prod access apply access.yaml --prune --yes`,
    )
    .action(action('applyAccess'));
}
