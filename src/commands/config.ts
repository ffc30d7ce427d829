/** `config show`: the resolved target and where each value came from, secrets redacted. What runs: ./config-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './config-actions.js';

export function declareConfigCommands(program: Command, action: ActionOf<typeof actions>): void {
  const config = program.command('config').description('the configuration in effect');
  config
    .command('show')
    .description('print the resolved target and the source of each value (secrets redacted)')
    .addHelpText(
      'after',
      `
-o json/yaml print an object of this tool's: {configFile, profile, profileSource, endpoint, settings:
{NAME: {value, source}}}; secrets are <redacted>.

A setting every command would refuse is refused here too, with the same error line and exit 2: an
unknown profile, an unset \${VAR}, a CA or client certificate file that is missing or holds no PEM.
Nothing is sent to the engine.

Examples:
  $ camunda-admin config show
  $ camunda-admin --profile prod config show -o yaml`,
    )
    .action(action('showConfig'));
}
