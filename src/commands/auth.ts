/** `auth`: authorizations (CLI.md "auth"; engine-rest.md §1). */
import type { Command } from 'commander';
import type { App } from '../app.js';

export function registerAuthCommands(program: Command, app: App): void {
  const auth = program
    .command('auth')
    .description('authorizations: who may do what on which resource');

  auth
    .command('get')
    .description('show one authorization')
    .argument('<id>', 'authorization id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin auth get c68e62eb-e5fe-11f1-a2ca-02fc00000001\n  $ camunda-admin auth get c68e62eb-e5fe-11f1-a2ca-02fc00000001 -o json')
    .action(async (id: string) => {
      const client = await app.client();
      const authorization = await client.authorizations.get(id);
      const { authorizationView } = await import('../render/authorization.js');
      await (await app.output()).data(authorization, authorizationView);
    });
}
