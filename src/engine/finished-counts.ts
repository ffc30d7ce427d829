/**
 * Finished process instances and decision evaluations per definition, read off the cleanable reports
 * (GET /history/process-definition/cleanable-process-instance-report, GET
 * /history/decision-definition/cleanable-decision-instance-report): the one aggregate of the REST API
 * that counts history per definition id. One paged query for every definition instead of a count per
 * version (docs/engine-notes.md#time-to-live). Only the id and the finished count are read here.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import type { EngineHttp } from './http.js';
import { collectPages } from './paging.js';
import { enginePath, type Query } from './paths.js';

const processReportRowSchema = lazy(() =>
  z.looseObject({
    processDefinitionId: z.string(),
    finishedProcessInstanceCount: z.optional(z.nullable(z.number())),
  }),
);

const decisionReportRowSchema = lazy(() =>
  z.looseObject({
    decisionDefinitionId: z.string(),
    finishedDecisionInstanceCount: z.optional(z.nullable(z.number())),
  }),
);

/** Which definitions to count: by key (the report's `...KeyIn`) and tenant (`tenantIdIn`); every readable one when empty. */
export interface FinishedCountsQuery {
  keys?: readonly string[] | undefined;
  tenantIds?: readonly string[] | undefined;
}

export class FinishedCountsApi {
  constructor(private readonly http: EngineHttp) {}

  /** Finished process instances (END_TIME_ set) by process definition id. */
  async processInstances(query: FinishedCountsQuery): Promise<Map<string, number>> {
    const filters: Query = { processDefinitionKeyIn: query.keys, tenantIdIn: query.tenantIds };
    const rows = await collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/history/process-definition/cleanable-process-instance-report`,
            query: { ...filters, firstResult, maxResults },
            schema: z.array(processReportRowSchema()),
            expects: 'a cleanable process instance report',
          })
        ).data,
      { limit: this.http.queryLimit },
    );
    return new Map(rows.map((row) => [row.processDefinitionId, row.finishedProcessInstanceCount ?? 0]));
  }

  /** Historic decision instances (each evaluation is one) by decision definition id. */
  async decisionInstances(query: FinishedCountsQuery): Promise<Map<string, number>> {
    const filters: Query = { decisionDefinitionKeyIn: query.keys, tenantIdIn: query.tenantIds };
    const rows = await collectPages(
      async (firstResult, maxResults) =>
        (
          await this.http.request({
            method: 'GET',
            path: enginePath`/history/decision-definition/cleanable-decision-instance-report`,
            query: { ...filters, firstResult, maxResults },
            schema: z.array(decisionReportRowSchema()),
            expects: 'a cleanable decision instance report',
          })
        ).data,
      { limit: this.http.queryLimit },
    );
    return new Map(rows.map((row) => [row.decisionDefinitionId, row.finishedDecisionInstanceCount ?? 0]));
  }
}
