/** `access`: groups, members and authorizations as code (docs/access.md). What runs: ./access-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './access-actions.js';

export function declareAccessCommands(program: Command, action: ActionOf<typeof actions>): void {
  const access = program.command('access').description('groups, members and authorizations as code: export, plan and apply an access file');

  access
    .command('export')
    .description("write the engine's groups, members and authorizations as an access file (YAML; JSON for a .json --out or -o json)")
    .option('--groups <ids>', 'comma-separated group ids or globs (sales,invoice*): those groups and only their authorizations')
    .option('--resource-type <types...>', 'only authorizations on these resource types (names or codes; several, or comma-separated)')
    .option('--out <file>', 'write the file here (checked before anything is read) instead of to standard output')
    .option('--force', 'replace an existing --out file')
    .addHelpText(
      'after',
      `
Names are the catalogue's (auth resources), everything is sorted, and there is no date in it:
exporting the same engine twice gives the same bytes. The file's scope says what it covers, so that
access plan and apply --prune change nothing outside it (docs/access.md).

Examples:
  $ camunda-admin --profile test access export --out access.yaml
  $ camunda-admin access export --groups 'sales,invoice-*' --resource-type process-definition process-instance`,
    )
    .action(action('exportAccessFile'));

  access
    .command('plan')
    .description('what apply would change to make the engine match an access file, inside the file\'s scope')
    .argument('<file>', 'access file (JSON or YAML; - for standard input)')
    .option('--prune', 'delete what is in scope on the engine but not in the file (otherwise listed as kept)')
    .option('--detailed-exitcode', 'exit 10 when there are changes, 0 when there are none')
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

  access
    .command('apply')
    .description('make the engine match an access file: prints the plan, asks, then applies it in a safe order')
    .argument('<file>', 'access file (JSON or YAML; - for standard input, then with --yes)')
    .option('--prune', 'also delete what is in scope on the engine but not in the file')
    .option('--dry-run', 'print the plan and the requests it would send; send nothing')
    .option('--allow-lockout', 'apply even a plan that takes from the credentials\' user what they need to read and change authorizations and groups')
    .option('--allow-empty', 'with --prune: apply a file that holds no group and no authorization, deleting everything in its scope')
    .addHelpText(
      'after',
      `
Order: groups, members, authorizations; deletions in reverse (authorizations, members, groups).
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
