/**
 * `engine info`, as a use case: the engines at the URL, the selected one's version (which proves the
 * credentials), the product, and whether the REST API requires authentication at all. A refused login
 * or a missing engine is a typed failure (./errors.ts), never a summary a script could read as
 * success. Terminal-free.
 */
import type { EngineClient } from '../engine/client.js';
import { EngineAuthenticationError } from '../engine/errors.js';
import { type EngineInfo, SystemApi } from '../engine/system.js';
import { EngineCheckFailedError } from './errors.js';

export interface EngineInfoRequest {
  /** The engine's REST root, as resolved. */
  url: string;
  /** --engine, or null for the default engine. */
  engine: string | null;
  credentials: { method: 'basic' | 'bearer' | 'none'; username: string | null };
  /** A client of the same target without credentials (to ask whether they are required at all). */
  withoutCredentials: () => EngineClient;
}

export async function inspectEngine(client: EngineClient, request: EngineInfoRequest): Promise<EngineInfo> {
  const { url, engine: selected, credentials } = request;
  const { method } = credentials;
  const engines = await client.system.engines();
  let version: string;
  try {
    version = await client.system.version();
  } catch (error) {
    if (!(error instanceof EngineAuthenticationError)) throw error;
    throw new EngineCheckFailedError(
      method === 'none' ? `the engine at ${url} requires authentication; no credentials were given` : `the engine at ${url} refused the credentials (401)`,
      'credentials-refused',
      method,
    );
  }
  if (selected !== null && !engines.includes(selected)) {
    throw new EngineCheckFailedError(`engine '${selected}' not found at ${url} (engines: ${engines.join(', ') || 'none'})`, 'no-such-engine', method);
  }
  // The product is asked of the selected engine, once the credentials are known to work: a 401 or a
  // missing engine is never mistaken for a product that may not be read.
  const [status, product] = await Promise.all([
    method === 'none'
      ? ('not-required' as const)
      : SystemApi.requiresAuthentication(request.withoutCredentials().system).then((required) =>
          required ? ('accepted' as const) : ('not-required' as const),
        ),
    client.system.product(),
  ]);
  return {
    url,
    engine: selected,
    engines,
    engineFound: true,
    version,
    product: product.known ? product.name : null,
    productUnknownReason: product.known ? null : product.reason,
    authentication: { method, username: credentials.username, status },
  };
}
