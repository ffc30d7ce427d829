/** `definition`: what a migration plan needs to know (docs/commands.md, docs/migration.md). What runs: ./definition-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './definition-actions.js';

export function declareDefinitionCommands(program: Command, action: ActionOf<typeof actions>): void {
  const definition = program.command('definition').description('process definitions: keys, versions, ids and their activities');

  definition
    .command('list')
    .description('list process definitions with their running instances and incidents')
    .option('--key <key>', 'only the versions of this key')
    .option('--latest', 'only the latest version of each key (per tenant)')
    .option('--first <n>', 'skip this many (firstResult)')
    .option('--max <n>', 'at most this many (default 100)')
    .option('--all', 'every definition, page by page')
    .addHelpText(
      'after',
      `
Rows come in the engine's order of ids (key:version:uuid, so grouped by key). Instances, incidents
and failed jobs come from GET /process-definition/statistics; -o json prints each engine object with
them under "statistics".

Examples:
  $ camunda-admin definition list --latest
  $ camunda-admin definition list --key invoice -o json`,
    )
    .action(action('listDefinitions'));

  definition
    .command('show')
    .description("a definition's activities (id, type, name) with running instances, incidents and failed jobs")
    .argument('<ref>', 'a definition id, KEY:VERSION or KEY:latest')
    .option('--tenant <id>', 'resolve KEY:VERSION and KEY:latest within this tenant')
    .addHelpText(
      'after',
      `
The activities are read from the definition's BPMN model (GET /process-definition/{id}/xml), in
document order; a multi-instance activity is followed by its body (ID#multiInstanceBody), which a
migration plan maps with an instruction of its own.

Examples:
  $ camunda-admin definition show invoice:latest
  $ camunda-admin definition show invoice:1 -o json`,
    )
    .action(action('showDefinition'));
}
