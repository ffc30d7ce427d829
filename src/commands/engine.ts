/** `engine info`: which engines answer at the URL, the product and version, and whether the credentials work. What runs: ./engine-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './engine-actions.js';
import { declareSwitchCheck } from './engine-switch.js';

export function declareEngineCommands(program: Command, action: ActionOf<typeof actions>): void {
  const engine = program.command('engine').description('the engine behind the URL');
  engine
    .command('info')
    .description('list engines, show the product and version, check the credentials')
    .addHelpText(
      'after',
      `
The product is Camunda 7 or one of its forks, Operaton and CIB seven, as the engine names itself in
GET /telemetry/data (Camunda BPM Runtime, Operaton BPM Runtime, CIB seven). Reading it needs an
admin or READ on System; without, the product is unknown and the command still exits 0. Each product
numbers its own releases: Operaton 2.x and CIB seven 2.x are not older than Camunda 7.x.

-o json/yaml print a summary of several calls (GET /engine, GET /version, an anonymous GET /version,
GET /telemetry/data), an object of this tool's: {url, engine (the --engine name or null), engines,
engineFound (always true), version, product (the engine's product.name, or null),
productUnknownReason (forbidden: no admin or READ on System; unavailable: no such endpoint or no
product in the answer; null when product is known), authentication: {method (basic, bearer, none),
username, status (accepted, not-required)}}.

Examples:
  $ camunda-admin engine info
  $ camunda-admin engine info --profile prod -o json`,
    )
    .action(action('engineInfo'));
  declareSwitchCheck(engine, action);
}
