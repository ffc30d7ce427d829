/** `definition`: what a migration plan needs to know (docs/commands.md, docs/migration.md). What runs: ./definition-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import { DEFINITION_LIST_FLAGS, DEFINITION_SHOW_FLAGS } from './definition-flags.js';
import { declareFlags } from './spec.js';
import type * as actions from './definition-actions.js';

export function declareDefinitionCommands(program: Command, action: ActionOf<typeof actions>): void {
  const definition = program.command('definition').description('process definitions: keys, versions, ids and their activities');

  declareFlags(definition.command('list'), DEFINITION_LIST_FLAGS)
    .description('list process definitions with their running instances and incidents')
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

  declareFlags(definition.command('show'), DEFINITION_SHOW_FLAGS)
    .description("a definition's activities (id, type, name) with running instances, incidents and failed jobs")
    .argument('<ref>', 'a definition id, KEY:VERSION or KEY:latest')
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
