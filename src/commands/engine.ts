/** `engine info`: which engines answer at the URL, their version, and whether the credentials work. What runs: ./engine-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './engine-actions.js';

export function declareEngineCommands(program: Command, action: ActionOf<typeof actions>): void {
  const engine = program.command('engine').description('the engine behind the URL');
  engine
    .command('info')
    .description('list engines, show the version and check the credentials')
    .addHelpText(
      'after',
      `
-o json/yaml print a summary of several calls (GET /engine, GET /version, an anonymous GET /version),
an object of this tool's: {url, engine (the --engine name or null), engines, engineFound (always true),
version, authentication: {method (basic, bearer, none), username, status (accepted, not-required)}}.

Examples:
  $ camunda-admin engine info
  $ camunda-admin engine info --profile prod -o json`,
    )
    .action(action('engineInfo'));
}
