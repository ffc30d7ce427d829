/** `engine info`: which engines answer at the URL, their version, and whether the credentials work. */
import type { Command } from 'commander';
import type { App } from '../app.js';
import type { EngineInfo } from '../engine/system.js';
import { CliError, ExitCode } from '../exit-codes.js';

export function registerEngineCommands(program: Command, app: App): void {
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
    .action(async () => {
      const [client, target] = await Promise.all([app.client(), app.target()]);
      const { EngineAuthenticationError, SystemApi } = await import('../runtime.js');

      const engines = await client.system.engines();
      const selected = target.engine?.value ?? null;
      const method = target.credentials?.type ?? 'none';
      let version: string | null = null;
      let status: EngineInfo['authentication']['status'];
      try {
        version = await client.system.version();
        status =
          method === 'none' ||
          !(await SystemApi.requiresAuthentication(app.track(client.withoutCredentials()).system))
            ? 'not-required'
            : 'accepted';
      } catch (error) {
        if (!(error instanceof EngineAuthenticationError)) throw error;
        // A refused login or a missing engine is the answer's failing part: it is the error line, and
        // stdout stays empty, so that a script never reads a summary of a failed check as success.
        throw method === 'none'
          ? new CliError(
              `the engine at ${target.url.value} requires authentication; no credentials were given`,
              ExitCode.AuthRefused,
              'set credentials with --username and --password-stdin, CAMUNDA_USERNAME/CAMUNDA_PASSWORD or a profile',
            )
          : new CliError(`the engine at ${target.url.value} refused the credentials (401)`, ExitCode.AuthRefused);
      }
      if (selected !== null && !engines.includes(selected)) {
        throw new CliError(`engine '${selected}' not found at ${target.url.value} (engines: ${engines.join(', ') || 'none'})`, ExitCode.NotFound);
      }

      const info: EngineInfo = {
        url: target.url.value,
        engine: selected,
        engines,
        engineFound: true,
        version,
        authentication: {
          method,
          username: target.credentials?.type === 'basic' ? target.credentials.username.value : null,
          status,
        },
      };
      const output = await app.output();
      const { engineInfoView } = await import('../runtime.js');
      await output.data(info, engineInfoView);
    });
}
