/** What `engine info` does (declared in ./engine.ts). */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import { EngineAuthenticationError } from '../engine/errors.js';
import { type EngineInfo, SystemApi } from '../engine/system.js';
import { credentialsHint } from '../exit.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { engineInfoView } from '../render/engine.js';

export async function engineInfo(app: App): Promise<void> {
  const [client, target] = await Promise.all([engineClient(app), engineTarget(app)]);

  const engines = await client.system.engines();
  const selected = target.engine?.value ?? null;
  const method = target.credentials?.type ?? 'none';
  let version: string;
  try {
    version = await client.system.version();
  } catch (error) {
    if (!(error instanceof EngineAuthenticationError)) throw error;
    // A refused login or a missing engine is the answer's failing part: it is the error line, and
    // stdout stays empty, so that a script never reads a summary of a failed check as success.
    throw method === 'none'
      ? new CliError(`the engine at ${target.url.value} requires authentication; no credentials were given`, ExitCode.AuthRefused, credentialsHint(method))
      : new CliError(`the engine at ${target.url.value} refused the credentials (401)`, ExitCode.AuthRefused, credentialsHint(method));
  }
  if (selected !== null && !engines.includes(selected)) {
    throw new CliError(`engine '${selected}' not found at ${target.url.value} (engines: ${engines.join(', ') || 'none'})`, ExitCode.NotFound);
  }
  // The product is asked of the selected engine, once the credentials are known to work: a 401 or a
  // missing engine is never mistaken for a product that may not be read.
  const [status, product] = await Promise.all([
    method === 'none'
      ? ('not-required' as const)
      : SystemApi.requiresAuthentication(app.track(client.withoutCredentials()).system).then((required) => (required ? ('accepted' as const) : ('not-required' as const))),
    client.system.product(),
  ]);

  const info: EngineInfo = {
    url: target.url.value,
    engine: selected,
    engines,
    engineFound: true,
    version,
    product: product.known ? product.name : null,
    productUnknownReason: product.known ? null : product.reason,
    authentication: {
      method,
      username: target.credentials?.type === 'basic' ? target.credentials.username.value : null,
      status,
    },
  };
  const output = await app.output();
  await output.data(info, engineInfoView);
}
