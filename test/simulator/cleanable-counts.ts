// GET /history/process-definition/cleanable-process-instance-report (+/count) and
// GET /history/decision-definition/cleanable-decision-instance-report (+/count), like
// CleanableHistoricProcessInstanceReportImpl and its decision twin (7.24): a row per definition the
// caller may read (READ and READ_HISTORY on its key), every definition unless `compact` (then only
// those with finished instances), in id order or by `sortBy=finished`.
// Finished counts: the ended process instances of each definition (state.endedProcessInstances) and a
// decision definition's `evaluations`. Cleanable counts follow the removal-time strategy: the finished
// instances whose `removalTime` (when the history model gives them one) has passed.
// NOTE for the merge: helper "clean" owns the cleanable reports of the simulator; when its routes are
// merged, they replace this file (see /work/notes/ttl-note-for-clean.md).
import type { DecisionDefinitionRecord } from './decision-seed.js';
import { compareStrings, json, pagedJson, parsePaging, parseQuery, sortPairError } from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf, genericPermission, queryVisibility } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState, ProcessDefinitionRecord } from './state.js';
import { parseEngineDate } from './repository.js';

const REPORT_PARAMS = (kind: 'process' | 'decision'): Record<string, QueryParamKind> => ({
  [`${kind}DefinitionIdIn`]: 'stringArray',
  [`${kind}DefinitionKeyIn`]: 'stringArray',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
  compact: 'boolean',
});

interface ReportRow {
  id: string;
  key: string;
  tenantId: string | null;
  finished: number;
  dto: Record<string, unknown>;
}

function selected(row: ReportRow, query: ParsedQuery, kind: 'process' | 'decision'): boolean {
  const v = query.values;
  const list = (name: string) => (Array.isArray(v[name]) && (v[name] as string[]).length > 0 ? (v[name] as string[]) : undefined);
  const ids = list(`${kind}DefinitionIdIn`);
  if (ids && !ids.includes(row.id)) return false;
  const keys = list(`${kind}DefinitionKeyIn`);
  if (keys && !keys.includes(row.key)) return false;
  const tenants = list('tenantIdIn');
  if (tenants && (row.tenantId === null || !tenants.includes(row.tenantId))) return false;
  if (v.withoutTenantId === true && row.tenantId !== null) return false;
  if (v.compact === true && row.finished === 0) return false;
  return true;
}

function readableKeys(state: EngineState, context: RouteContext, resourceType: number): (key: string) => boolean {
  const authentication = authenticationOf(state, context.authenticatedUserId);
  if (authentication === null) return () => true;
  const read = queryVisibility(state, authentication, genericPermission('READ'), resourceType);
  const readHistory = queryVisibility(state, authentication, genericPermission('READ_HISTORY'), resourceType);
  return (key) => read(key) && readHistory(key);
}

function processRows(state: EngineState): ReportRow[] {
  const now = state.clock();
  return state.processDefinitions.map((definition: ProcessDefinitionRecord) => {
    const ended = state.endedProcessInstances.filter((instance) => instance.definitionId === definition.id);
    const cleanable = ended.filter((instance) => {
      const removal = (instance as { removalTime?: string | null }).removalTime;
      return typeof removal === 'string' && (parseEngineDate(removal) ?? Number.POSITIVE_INFINITY) <= now;
    }).length;
    return {
      id: definition.id,
      key: definition.key,
      tenantId: definition.tenantId,
      finished: ended.length,
      dto: {
        processDefinitionId: definition.id,
        processDefinitionKey: definition.key,
        processDefinitionName: definition.name,
        processDefinitionVersion: definition.version,
        historyTimeToLive: definition.historyTimeToLive,
        finishedProcessInstanceCount: ended.length,
        cleanableProcessInstanceCount: cleanable,
        tenantId: definition.tenantId,
      },
    };
  });
}

function decisionRows(state: EngineState): ReportRow[] {
  return state.decisionDefinitions.map((definition: DecisionDefinitionRecord) => ({
    id: definition.id,
    key: definition.key,
    tenantId: definition.tenantId,
    finished: definition.evaluations,
    dto: {
      decisionDefinitionId: definition.id,
      decisionDefinitionKey: definition.key,
      decisionDefinitionName: definition.name,
      decisionDefinitionVersion: definition.version,
      historyTimeToLive: definition.historyTimeToLive,
      finishedDecisionInstanceCount: definition.evaluations,
      cleanableDecisionInstanceCount: 0,
      tenantId: definition.tenantId,
    },
  }));
}

export function registerCleanableCountRoutes(router: EngineRouter, state: EngineState): void {
  const report = (kind: 'process' | 'decision') => {
    const rowsOf = kind === 'process' ? processRows : decisionRows;
    const resourceType = kind === 'process' ? ResourceType.PROCESS_DEFINITION : ResourceType.DECISION_DEFINITION;
    const filtered = (context: RouteContext): { ok: true; rows: ReportRow[] } | { ok: false; response: Response } => {
      const parsed = parseQuery(context.url.searchParams, REPORT_PARAMS(kind), ['finished']);
      if (!parsed.ok) return parsed;
      const sortError = sortPairError(parsed.query);
      if (sortError) return { ok: false, response: sortError };
      const readable = readableKeys(state, context, resourceType);
      const rows = rowsOf(state)
        .filter((row) => readable(row.key) && selected(row, parsed.query, kind))
        .sort((a, b) => compareStrings(a.id, b.id));
      if (parsed.query.sortBy === 'finished') {
        const direction = parsed.query.sortOrder === 'desc' ? -1 : 1;
        rows.sort((a, b) => (a.finished - b.finished) * direction || compareStrings(a.id, b.id));
      }
      return { ok: true, rows };
    };
    const path =
      kind === 'process' ? '/history/process-definition/cleanable-process-instance-report' : '/history/decision-definition/cleanable-decision-instance-report';
    router.add('get', `${path}/count`, (context) => {
      const result = filtered(context);
      return result.ok ? json({ count: result.rows.length }) : result.response;
    });
    router.add('get', path, (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = filtered(context);
      if (!result.ok) return result.response;
      return pagedJson(state, context, result.rows, paging.paging, (row) => row.dto);
    });
  };
  report('process');
  report('decision');
}
