/**
 * `GET /engine` and `GET /version`, which live at the REST root, not under a named engine, and
 * `GET /telemetry/data` for the product's name (./product.ts).
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { EngineAuthenticationError, EngineAuthorizationError, EngineHttpError, EngineResponseError } from './errors.js';
import type { EngineHttp } from './http.js';
import { enginePath, rootPath } from './paths.js';
import { engineListSchema, versionSchema } from './schemas.js';

/**
 * The part of the telemetry answer the tool reads. Loose: the rest (commands, metrics, the
 * integration list, whose key differs between the products) is the engine's business.
 */
const telemetrySchema = lazy(() =>
  z.looseObject({
    product: z.looseObject({ name: z.string().check(z.minLength(1)), version: z.optional(z.nullable(z.string())) }),
  }),
);

/**
 * What GET /telemetry/data says about the product: its own `product.name` and `product.version`, or
 * why the product is not known. 'forbidden': the user is neither admin nor holds READ on System
 * (403); 'unavailable': the engine has no such endpoint (404; Camunda before 7.17) or answered
 * something else than its telemetry JSON.
 */
export type ProductAnswer = { known: true; name: string; version: string | null } | { known: false; reason: 'forbidden' | 'unavailable' };

/** What `engine info` reports: a summary of several calls. */
export interface EngineInfo {
  url: string;
  engine: string | null;
  engines: string[];
  /** Always true: an engine that is not there is exit 5. Kept for scripts that read it. */
  engineFound: true;
  version: string | null;
  /** `product.name` of GET /telemetry/data as the engine sends it; null when it could not be read. */
  product: string | null;
  /** Why `product` is null (ProductAnswer); null when it is known. */
  productUnknownReason: 'forbidden' | 'unavailable' | null;
  authentication: {
    method: 'basic' | 'bearer' | 'none';
    username: string | null;
    /** accepted: credentials work; not-required: the REST API has no auth filter (a 401 is exit 4). */
    status: 'accepted' | 'not-required';
  };
}

export class SystemApi {
  constructor(private readonly http: EngineHttp) {}

  /** Never protected by the engine's auth filter. */
  async engines(): Promise<string[]> {
    const response = await this.http.request({
      method: 'GET',
      path: rootPath('/engine'),
      schema: engineListSchema(),
      expects: 'a list of engines',
    });
    return response.data.map((engine) => engine.name);
  }

  async version(): Promise<string> {
    const response = await this.http.request({
      method: 'GET',
      path: rootPath('/version'),
      schema: versionSchema(),
      expects: 'the engine version',
    });
    return response.data.version;
  }

  /**
   * The product behind the engine, from GET /telemetry/data. An answer of the engine's never makes
   * this fail: a refusal or a missing endpoint is a ProductAnswer saying so. What never reached the
   * engine (the network) still throws.
   */
  async product(): Promise<ProductAnswer> {
    try {
      const response = await this.http.request({
        method: 'GET',
        path: enginePath`/telemetry/data`,
        schema: telemetrySchema(),
        expects: 'the telemetry data',
      });
      const { name, version } = response.data.product;
      return { known: true, name, version: version ?? null };
    } catch (error) {
      if (error instanceof EngineAuthorizationError) return { known: false, reason: 'forbidden' };
      if (error instanceof EngineHttpError || error instanceof EngineResponseError) return { known: false, reason: 'unavailable' };
      throw error;
    }
  }

  /**
   * Whether the REST API requires authentication at all: asks for the version without credentials.
   * Needs a second client without credentials, passed in by the caller.
   */
  static async requiresAuthentication(anonymous: SystemApi): Promise<boolean> {
    try {
      await anonymous.version();
      return false;
    } catch (error) {
      if (error instanceof EngineAuthenticationError) return true;
      throw error;
    }
  }
}
