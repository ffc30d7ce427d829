/** `access`: groups, members and authorizations as code (docs/access.md). What runs: ./access-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './access-actions.js';

export function declareAccessCommands(program: Command, action: ActionOf<typeof actions>): void {
  const access = program.command('access').description('groups, members and authorizations as code: export, plan and apply an access file');

  access
    .command('export')
    .description("write the engine's groups, members and authorizations as an access file (YAML; JSON for a .json --out or -o json)")
    .option('--groups <ids>', 'comma-separated group ids or globs (sales,invoice-*): those groups and only their authorizations')
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
}
