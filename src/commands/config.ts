/** `config show`: the resolved target and where each value came from, secrets redacted. */
import type { Command } from 'commander';
import type { App } from '../app.js';

export function registerConfigCommands(program: Command, app: App): void {
  const config = program.command('config').description('the configuration in effect');
  config
    .command('show')
    .description('print the resolved target and the source of each value (secrets redacted)')
    .addHelpText(
      'after',
      `
-o json/yaml print an object of this tool's: {configFile, profile, profileSource, endpoint, settings:
{NAME: {value, source}}}; secrets are <redacted>.

Examples:
  $ camunda-admin config show
  $ camunda-admin --profile prod config show -o yaml`,
    )
    .action(async () => {
      const target = await app.target();
      const { describeTarget, configView } = await import('../runtime.js');
      await (await app.output()).data(describeTarget(target), configView);
    });
}
