/**
 * `/history/cleanup`: the history clean-up's configuration, its jobs, and a run now
 * (docs/engine-notes.md#history-clean-up).
 *
 * - GET /history/cleanup/configuration: the current or next batch window (null without one) and
 *   whether this node takes part (`enabled`). The strategy, batch size and degree of parallelism are
 *   not exposed; the number of jobs is the degree of parallelism.
 * - GET /history/cleanup/jobs: the clean-up jobs (JobDto), or 404 "History cleanup jobs are empty"
 *   when there is none, which is no error here: an empty list.
 * - POST /history/cleanup?immediatelyDue=true: creates the jobs, or reschedules them (which gives
 *   them their retries back), due now; only an admin may (403 ENGINE-03029 otherwise, whatever the
 *   user's authorizations), and 400 "History cleanup is disabled for this engine" on a node without.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { EngineNotFoundError } from './errors.js';
import type { EngineHttp } from './http.js';
import { enginePath } from './paths.js';

const configurationSchema = lazy(() =>
  z.looseObject({
    batchWindowStartTime: z.optional(z.nullable(z.string())),
    batchWindowEndTime: z.optional(z.nullable(z.string())),
    enabled: z.optional(z.nullable(z.boolean())),
  }),
);

const cleanupJobSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    dueDate: z.optional(z.nullable(z.string())),
    retries: z.optional(z.nullable(z.int())),
    exceptionMessage: z.optional(z.nullable(z.string())),
    suspended: z.optional(z.nullable(z.boolean())),
    createTime: z.optional(z.nullable(z.string())),
  }),
);

export type HistoryCleanupConfiguration = z.infer<ReturnType<typeof configurationSchema>>;
export type HistoryCleanupJob = z.infer<ReturnType<typeof cleanupJobSchema>>;

export class HistoryCleanupApi {
  constructor(private readonly http: EngineHttp) {}

  async configuration(): Promise<HistoryCleanupConfiguration> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/history/cleanup/configuration`,
      schema: configurationSchema(),
      expects: 'the history clean-up configuration',
    });
    return response.data;
  }

  /** The clean-up jobs; none (the engine's 404 "History cleanup jobs are empty") is an empty list. */
  async jobs(): Promise<HistoryCleanupJob[]> {
    try {
      const response = await this.http.request({
        method: 'GET',
        path: enginePath`/history/cleanup/jobs`,
        schema: z.array(cleanupJobSchema()),
        expects: 'the history clean-up jobs',
      });
      return response.data;
    } catch (error) {
      // A wrong REST root is a 404 too, but without the engine's RestException body: that one stays an error.
      if (error instanceof EngineNotFoundError && error.body?.type === 'RestException') return [];
      throw error;
    }
  }

  /** POST /history/cleanup?immediatelyDue=true: the first clean-up job, due now. */
  async runNow(): Promise<HistoryCleanupJob> {
    const response = await this.http.request({
      method: 'POST',
      path: enginePath`/history/cleanup`,
      query: { immediatelyDue: true },
      schema: cleanupJobSchema(),
      expects: 'a history clean-up job',
      // Sent twice it reschedules the same jobs twice: no harm in asking again after a lost answer.
      idempotent: true,
    });
    return response.data;
  }
}
