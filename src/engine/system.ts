/** `GET /engine` and `GET /version`: both live at the REST root, not under a named engine. */
import { EngineAuthenticationError } from './errors.js';
import { rootPath, type EngineHttp } from './http.js';
import { engineListSchema, versionSchema } from './schemas.js';

/** What `engine info` reports: a summary of several calls. */
export interface EngineInfo {
  url: string;
  engine: string | null;
  engines: string[];
  /** Always true: an engine that is not there is exit 5. Kept for scripts that read it. */
  engineFound: true;
  version: string | null;
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
