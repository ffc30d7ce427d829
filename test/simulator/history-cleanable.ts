// The cleanable reports (7.24): GET /history/process-definition/cleanable-process-instance-report,
// /history/decision-definition/cleanable-decision-instance-report and /history/batch/cleanable-batch-report,
// each with /count, like Cleanable*ReportDto and the mappings selectFinished*ReportEntities:
//
// - One row per definition (every version, also those without a finished instance; batches: per type
//   with a historic batch): finished = instances with an end time (decisions: with an evaluation
//   time, i.e. all of them), cleanable = under the removalTimeBased clean-up (the default) rows whose
//   removal time is set and <= now; under endTimeBased, rows of a definition with a TTL whose end
//   time + TTL days <= now (or TTL 0). Finished instances without a removal time are in neither
//   count's difference by name: the report cannot tell them from those due later.
// - Filters: definition ids and keys (comma lists), tenantIdIn / withoutTenantId, compact (processes:
//   only rows with a finished or cleanable instance; decisions: with a finished one); sortBy=finished
//   (with sortOrder) or the definition id's order; paging.
// - An authenticated user sees the definitions with READ_HISTORY on their key (or '*'); the batch
//   report wants READ_HISTORY on batches (checkReadHistoricBatch: 403 without).
import { decisionDefinitionsOf, historyCleanupOf, parseEngineDate, removalTimeOfBatch, removalTimeOfInstance } from './history-removal-time.js';
import type { DecisionDefinitionLike } from './history-removal-time.js';
import { applyPaging, compareNullable, compareStrings, engineQuery, json, parsePaging, queryReaders } from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf, authorizationDenied, isAuthorized, isCamundaAdmin, missingAuthorization, permissionOf, queryVisibility } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState } from './state.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function params(kind: 'process' | 'decision'): Record<string, QueryParamKind> {
  return {
    [`${kind}DefinitionIdIn`]: 'stringArray',
    [`${kind}DefinitionKeyIn`]: 'stringArray',
    tenantIdIn: 'stringArray',
    withoutTenantId: 'boolean',
    compact: 'boolean',
  };
}

interface DefinitionRow {
  id: string;
  key: string;
  name: string | null;
  version: number;
  historyTimeToLive: number | null;
  tenantId: string | null;
  finished: number;
  cleanable: number;
}

/** Whether one finished row is cleanable now under the engine's clean-up strategy. */
function isCleanable(state: EngineState, removalTime: string | null, endTime: string | null, ttl: number | null): boolean {
  const now = state.clock();
  if (historyCleanupOf(state).settings.cleanupStrategy === 'removalTimeBased') {
    const at = removalTime === null ? undefined : parseEngineDate(removalTime);
    return at !== undefined && at <= now;
  }
  if (ttl === null || endTime === null) return false;
  const ended = parseEngineDate(endTime);
  return ttl === 0 || (ended !== undefined && ended + ttl * DAY_MS <= now);
}

function processRows(state: EngineState): DefinitionRow[] {
  const ended = state.endedProcessInstances;
  return state.processDefinitions.map((definition) => {
    const own = ended.filter((instance) => instance.definitionId === definition.id);
    // CLEANABLE_ sums over every historic row of the definition (a running one under strategy start too).
    const rows = [
      ...own.map((instance) => ({ removalTime: removalTimeOfInstance(state, instance), endTime: instance.endTime })),
      ...state.processInstances
        .filter((instance) => instance.definitionId === definition.id)
        .map((instance) => ({ removalTime: removalTimeOfInstance(state, instance), endTime: null })),
    ];
    return {
      id: definition.id,
      key: definition.key,
      name: definition.name,
      version: definition.version,
      historyTimeToLive: definition.historyTimeToLive,
      tenantId: definition.tenantId,
      finished: own.length,
      cleanable: rows.filter((row) => isCleanable(state, row.removalTime, row.endTime, definition.historyTimeToLive)).length,
    };
  });
}

function decisionRows(state: EngineState): DefinitionRow[] {
  const instances = historyCleanupOf(state).historicDecisionInstances;
  return decisionDefinitionsOf(state).map((definition: DecisionDefinitionLike) => {
    const own = instances.filter((instance) => instance.decisionDefinitionId === definition.id);
    return {
      id: definition.id,
      key: definition.key,
      name: definition.name,
      version: definition.version,
      historyTimeToLive: definition.historyTimeToLive,
      tenantId: definition.tenantId,
      finished: own.length,
      cleanable: own.filter((instance) => isCleanable(state, instance.removalTime, instance.evaluationTime, definition.historyTimeToLive)).length,
    };
  });
}

function selectDefinitionRows(state: EngineState, context: RouteContext, kind: 'process' | 'decision', query: ParsedQuery): DefinitionRow[] {
  const { flag, list } = queryReaders(query.values);
  const ids = list(`${kind}DefinitionIdIn`);
  const keys = list(`${kind}DefinitionKeyIn`);
  const tenants = list('tenantIdIn');
  const compact = flag('compact');
  let rows = (kind === 'process' ? processRows(state) : decisionRows(state)).filter(
    (row) =>
      (ids === undefined || ids.includes(row.id)) &&
      (keys === undefined || keys.includes(row.key)) &&
      // withoutTenantId then tenantIdIn, as the DTO applies them: tenantIdIn wins when both are given.
      (tenants !== undefined ? row.tenantId !== null && tenants.includes(row.tenantId) : !flag('withoutTenantId') || row.tenantId === null) &&
      (!compact || row.finished > 0 || (kind === 'process' && historyCleanupOf(state).settings.cleanupStrategy === 'removalTimeBased' && row.cleanable > 0)),
  );
  const authentication = authenticationOf(state, context.authenticatedUserId);
  if (authentication !== null && !isCamundaAdmin(state, authentication)) {
    const resourceType = kind === 'process' ? ResourceType.PROCESS_DEFINITION : ResourceType.DECISION_DEFINITION;
    const visible = queryVisibility(state, authentication, permissionOf('READ_HISTORY', resourceType), resourceType);
    rows = rows.filter((row) => visible(row.key));
  }
  const descending = query.sortOrder === 'desc' ? -1 : 1;
  return rows.sort((a, b) => (query.sortBy === 'finished' ? (a.finished - b.finished) * descending || compareStrings(a.id, b.id) : compareStrings(a.id, b.id)));
}

function processDto(row: DefinitionRow): Record<string, unknown> {
  return {
    processDefinitionId: row.id,
    processDefinitionKey: row.key,
    processDefinitionName: row.name,
    processDefinitionVersion: row.version,
    historyTimeToLive: row.historyTimeToLive,
    finishedProcessInstanceCount: row.finished,
    cleanableProcessInstanceCount: row.cleanable,
    tenantId: row.tenantId,
  };
}

function decisionDto(row: DefinitionRow): Record<string, unknown> {
  return {
    decisionDefinitionId: row.id,
    decisionDefinitionKey: row.key,
    decisionDefinitionName: row.name,
    decisionDefinitionVersion: row.version,
    historyTimeToLive: row.historyTimeToLive,
    finishedDecisionInstanceCount: row.finished,
    cleanableDecisionInstanceCount: row.cleanable,
    tenantId: row.tenantId,
  };
}

interface BatchRow {
  batchType: string;
  historyTimeToLive: number | null;
  finishedBatchesCount: number;
  cleanableBatchesCount: number;
}

function batchRows(state: EngineState, query: ParsedQuery): BatchRow[] {
  const ttls = historyCleanupOf(state).settings.batchOperationTimeToLive;
  const historic = state.batches.filter((batch) => batch.inHistory);
  const types = [...new Set(historic.map((batch) => batch.type))];
  const rows = types.map((type) => {
    const ofType = historic.filter((batch) => batch.type === type);
    const ttl = ttls[type] ?? null;
    return {
      batchType: type,
      historyTimeToLive: ttl,
      finishedBatchesCount: ofType.filter((batch) => batch.endTime !== null).length,
      cleanableBatchesCount: ofType.filter((batch) => isCleanable(state, removalTimeOfBatch(state, batch), batch.endTime, ttl)).length,
    };
  });
  const descending = query.sortOrder === 'desc' ? -1 : 1;
  return rows.sort((a, b) =>
    query.sortBy === 'finished'
      ? (a.finishedBatchesCount - b.finishedBatchesCount) * descending || compareStrings(a.batchType, b.batchType)
      : compareNullable(a.batchType, b.batchType),
  );
}

/** checkReadHistoricBatch: READ_HISTORY on any batch (resource '*'), unless an admin. */
function batchReportRefusal(state: EngineState, context: RouteContext): Response | undefined {
  const authentication = authenticationOf(state, context.authenticatedUserId);
  if (authentication === null || isCamundaAdmin(state, authentication)) return undefined;
  const check = { permission: permissionOf('READ_HISTORY', ResourceType.BATCH), resourceType: ResourceType.BATCH, resourceId: '*' };
  if (isAuthorized(state, authentication, check)) return undefined;
  return authorizationDenied(authentication.userId, [missingAuthorization('READ_HISTORY', ResourceType.BATCH, null)]);
}

export function registerCleanableReportRoutes(router: EngineRouter, state: EngineState): void {
  for (const kind of ['process', 'decision'] as const) {
    const base =
      kind === 'process' ? '/history/process-definition/cleanable-process-instance-report' : '/history/decision-definition/cleanable-decision-instance-report';
    const toDto = kind === 'process' ? processDto : decisionDto;
    router.add(
      'get',
      base,
      (context) => {
        const paging = parsePaging(context.url.searchParams);
        if (!paging.ok) return paging.response;
        const query = engineQuery(context, params(kind), ['finished']);
        if (!query.ok) return query.response;
        return json(applyPaging(selectDefinitionRows(state, context, kind, query.query), paging.paging).map(toDto));
      },
      { engineCheck: 'manual' },
    );
    router.add(
      'get',
      `${base}/count`,
      (context) => {
        const query = engineQuery(context, params(kind));
        if (!query.ok) return query.response;
        return json({ count: selectDefinitionRows(state, context, kind, query.query).length });
      },
      { engineCheck: 'manual' },
    );
  }
  router.add(
    'get',
    '/history/batch/cleanable-batch-report',
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const query = engineQuery(context, {}, ['finished']);
      if (!query.ok) return query.response;
      return batchReportRefusal(state, context) ?? json(applyPaging(batchRows(state, query.query), paging.paging));
    },
    { engineCheck: 'manual' },
  );
  router.add(
    'get',
    '/history/batch/cleanable-batch-report/count',
    (context) => {
      const query = engineQuery(context, {});
      if (!query.ok) return query.response;
      return batchReportRefusal(state, context) ?? json({ count: batchRows(state, query.query).length });
    },
    { engineCheck: 'manual' },
  );
}
