/**
 * `GET /schema/log` (Camunda 7.11+): the database schema's versions, one row per creation or
 * upgrade (ACT_GE_SCHEMA_LOG). The forks keep the table and Camunda's numbering: Operaton 2.1 and
 * CIB seven 2.2 both answer 7.24.0 (measured).
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { EngineAuthorizationError, EngineHttpError } from './errors.js';
import type { EngineHttp } from './http.js';
import { enginePath } from './paths.js';

const schemaLogEntrySchema = lazy(() =>
  z.looseObject({
    id: z.optional(z.nullable(z.string())),
    version: z.optional(z.nullable(z.string())),
    timestamp: z.optional(z.nullable(z.string())),
  }),
);

type SchemaLogEntry = z.infer<ReturnType<typeof schemaLogEntrySchema>>;

/** The newest entry, or why there is none to read: 'forbidden' (403), 'unavailable' (404: before 7.11), 'empty'. */
export type SchemaVersionAnswer = { known: true; entry: SchemaLogEntry } | { known: false; reason: 'forbidden' | 'unavailable' | 'empty' };

export class SchemaLogApi {
  constructor(private readonly http: EngineHttp) {}

  async latest(): Promise<SchemaVersionAnswer> {
    try {
      const response = await this.http.request({
        method: 'GET',
        path: enginePath`/schema/log`,
        query: { sortBy: 'timestamp', sortOrder: 'desc', firstResult: 0, maxResults: 1 },
        schema: z.array(schemaLogEntrySchema()),
        expects: 'the schema log',
      });
      const entry = response.data[0];
      return entry === undefined ? { known: false, reason: 'empty' } : { known: true, entry };
    } catch (error) {
      if (error instanceof EngineAuthorizationError) return { known: false, reason: 'forbidden' };
      if (error instanceof EngineHttpError && error.status === 404) return { known: false, reason: 'unavailable' };
      throw error;
    }
  }
}
