/**
 * The cleanable reports of the history (docs/engine-notes.md#history-clean-up): per process or
 * decision definition version, and per batch type, how many finished rows there are and how many the
 * clean-up would delete now; and the removal times of finished rows, which no report counts.
 *
 * - GET /history/process-definition/cleanable-process-instance-report (+/count),
 *   /history/decision-definition/cleanable-decision-instance-report (+/count): one row per version,
 *   also versions without history; filters by ids, keys, tenants, `compact`; sortBy `finished`.
 * - GET /history/batch/cleanable-batch-report (+/count): one row per batch type with history; no
 *   filters; needs READ_HISTORY on batches.
 * - "Cleanable" is the engine's clean-up strategy's: removalTimeBased (the default) counts rows whose
 *   removal time is set and passed; endTimeBased, rows whose end + TTL has passed.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { allPages, collectPages } from './paging.js';
import { enginePath, type Query } from './paths.js';
import { countSchema, looseRecord } from './schemas.js';

const count = z.optional(z.nullable(z.number()));
const text = z.optional(z.nullable(z.string()));

const processRowSchema = lazy(() =>
  z.looseObject({
    processDefinitionId: z.string(),
    processDefinitionKey: text,
    processDefinitionName: text,
    processDefinitionVersion: z.optional(z.nullable(z.int())),
    historyTimeToLive: z.optional(z.nullable(z.int())),
    finishedProcessInstanceCount: count,
    cleanableProcessInstanceCount: count,
    tenantId: text,
  }),
);

const decisionRowSchema = lazy(() =>
  z.looseObject({
    decisionDefinitionId: z.string(),
    decisionDefinitionKey: text,
    decisionDefinitionName: text,
    decisionDefinitionVersion: z.optional(z.nullable(z.int())),
    historyTimeToLive: z.optional(z.nullable(z.int())),
    finishedDecisionInstanceCount: count,
    cleanableDecisionInstanceCount: count,
    tenantId: text,
  }),
);

const batchRowSchema = lazy(() =>
  z.looseObject({
    batchType: text,
    historyTimeToLive: z.optional(z.nullable(z.int())),
    finishedBatchesCount: count,
    cleanableBatchesCount: count,
  }),
);

/** Just what the scan for rows without a removal time reads of each historic row (the rest is kept). */
const removalTimeRowSchema = lazy(() => looseRecord({ id: z.string(), removalTime: text }));

export type CleanableProcessRow = z.infer<ReturnType<typeof processRowSchema>>;
export type CleanableDecisionRow = z.infer<ReturnType<typeof decisionRowSchema>>;
export type CleanableBatchRow = z.infer<ReturnType<typeof batchRowSchema>>;
export type RemovalTimeRow = z.infer<ReturnType<typeof removalTimeRowSchema>>;

/** The filters of the definition reports (the process report's names; the decision report's are `decisionDefinition…`). */
export interface CleanableReportFilter {
  keys?: readonly string[] | undefined;
  tenantIds?: readonly string[] | undefined;
  withoutTenantId?: boolean | undefined;
}

export type DefinitionKind = 'process' | 'decision';

const REPORT_PATHS = {
  process: {
    list: () => enginePath`/history/process-definition/cleanable-process-instance-report`,
    count: () => enginePath`/history/process-definition/cleanable-process-instance-report/count`,
  },
  decision: {
    list: () => enginePath`/history/decision-definition/cleanable-decision-instance-report`,
    count: () => enginePath`/history/decision-definition/cleanable-decision-instance-report/count`,
  },
};

function reportQuery(kind: DefinitionKind, filter: CleanableReportFilter): Query {
  const query: Query = {};
  // Comma lists (encodeQuery joins them): keys and tenant ids hold no comma the engine would accept.
  if (filter.keys !== undefined && filter.keys.length > 0) query[`${kind}DefinitionKeyIn`] = filter.keys;
  if (filter.tenantIds !== undefined && filter.tenantIds.length > 0) query.tenantIdIn = filter.tenantIds;
  if (filter.withoutTenantId) query.withoutTenantId = true;
  return query;
}

export class CleanableReportApi {
  constructor(private readonly http: EngineHttp) {}

  /** Every row of a definition report, in pages within the engine's query limit (the engine's order: definition id). */
  async processRows(filter: CleanableReportFilter): Promise<CleanableProcessRow[]> {
    const query = reportQuery('process', filter);
    return collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: REPORT_PATHS.process.list(),
            query: { ...query, firstResult, maxResults },
            schema: z.array(processRowSchema()),
            expects: 'a cleanable process instance report',
          })
        ).data,
      { limit: this.http.queryLimit },
    );
  }

  async decisionRows(filter: CleanableReportFilter): Promise<CleanableDecisionRow[]> {
    const query = reportQuery('decision', filter);
    return collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: REPORT_PATHS.decision.list(),
            query: { ...query, firstResult, maxResults },
            schema: z.array(decisionRowSchema()),
            expects: 'a cleanable decision instance report',
          })
        ).data,
      { limit: this.http.queryLimit },
    );
  }

  async count(kind: DefinitionKind, filter: CleanableReportFilter): Promise<number> {
    const response = await this.http.request({
      method: 'GET',
      path: REPORT_PATHS[kind].count(),
      query: reportQuery(kind, filter),
      schema: countSchema(),
      expects: 'a count',
    });
    return response.data.count;
  }

  /** Every row of the batch report: one per batch type with history. */
  async batchRows(): Promise<CleanableBatchRow[]> {
    return collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/history/batch/cleanable-batch-report`,
            query: { firstResult, maxResults },
            schema: z.array(batchRowSchema()),
            expects: 'a cleanable batch report',
          })
        ).data,
      { limit: this.http.queryLimit },
    );
  }

  /**
   * The finished historic process instances of one definition version, page by page, in id order
   * (a unique key: pages neither skip nor repeat rows), for their `removalTime`: no query of the
   * engine filters on it, so rows without one can only be counted by reading them.
   */
  finishedProcessInstances(processDefinitionId: string): AsyncGenerator<RemovalTimeRow[]> {
    const body = { processDefinitionId, finished: true, sorting: [{ sortBy: 'instanceId', sortOrder: 'asc' }] };
    return allPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'POST',
            path: enginePath`/history/process-instance`,
            query: { firstResult, maxResults },
            body,
            schema: z.array(removalTimeRowSchema()),
            expects: 'a list of historic process instances',
            idempotent: true,
          })
        ).data,
      { limit: this.http.queryLimit, growTo: 40_000 },
    );
  }

  /**
   * The historic decision instances of one decision definition version, page by page; without a
   * sortBy the engine orders them by id (a unique key).
   */
  decisionInstances(decisionDefinitionId: string): AsyncGenerator<RemovalTimeRow[]> {
    return allPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/history/decision-instance`,
            query: { decisionDefinitionId, firstResult, maxResults },
            schema: z.array(removalTimeRowSchema()),
            expects: 'a list of historic decision instances',
          })
        ).data,
      { limit: this.http.queryLimit, growTo: 40_000 },
    );
  }

  /** The finished historic batches, page by page in id order, for their type and removal time. */
  finishedBatches(): AsyncGenerator<(RemovalTimeRow & { type?: string | null | undefined })[]> {
    return allPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/history/batch`,
            query: { completed: true, sortBy: 'batchId', sortOrder: 'asc', firstResult, maxResults },
            schema: z.array(looseRecord({ id: z.string(), type: text, removalTime: text })),
            expects: 'a list of historic batches',
          })
        ).data,
      { limit: this.http.queryLimit, growTo: 40_000 },
    );
  }
}
