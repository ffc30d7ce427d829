// GET /history/decision-instance (and /count), as far as the history clean-up needs it: the
// historic decision instances of history-removal-time.ts (recordDecisionEvaluation), filtered by
// decisionDefinitionId / decisionDefinitionKey / processInstanceId, in id order (the engine's order
// without a sortBy), paged. Inputs and outputs are not recorded: null, as the engine's DTO has them
// without includeInputs/includeOutputs. Other filters are accepted and ignored.
import { applyPaging, engineQuery, json, parsePaging, queryReaders } from './handlers.js';
import type { EngineRouter, QueryParamKind, RouteContext } from './handlers.js';
import { decisionDefinitionsOf, historyCleanupOf } from './history-removal-time.js';
import type { HistoricDecisionInstanceRecord } from './history-removal-time.js';
import type { EngineState } from './state.js';

const PARAMS: Record<string, QueryParamKind> = {
  decisionDefinitionId: 'string',
  decisionDefinitionKey: 'string',
  processInstanceId: 'string',
};

/** HistoricDecisionInstanceDto in engine order. */
function decisionInstanceDto(state: EngineState, record: HistoricDecisionInstanceRecord): Record<string, unknown> {
  const definition = decisionDefinitionsOf(state).find((candidate) => candidate.id === record.decisionDefinitionId);
  const instance =
    record.processInstanceId === null
      ? undefined
      : (state.findProcessInstance(record.processInstanceId) ?? state.endedProcessInstances.find((ended) => ended.id === record.processInstanceId));
  const processDefinition = instance === undefined ? undefined : state.findProcessDefinition(instance.definitionId);
  return {
    id: record.id,
    decisionDefinitionId: record.decisionDefinitionId,
    decisionDefinitionKey: definition?.key ?? null,
    decisionDefinitionName: definition?.name ?? null,
    evaluationTime: record.evaluationTime,
    removalTime: record.removalTime,
    processDefinitionId: processDefinition?.id ?? null,
    processDefinitionKey: processDefinition?.key ?? null,
    processInstanceId: record.processInstanceId,
    caseDefinitionId: null,
    caseDefinitionKey: null,
    caseInstanceId: null,
    activityId: null,
    activityInstanceId: null,
    tenantId: definition?.tenantId ?? null,
    userId: null,
    inputs: null,
    outputs: null,
    collectResultValue: null,
    rootDecisionInstanceId: null,
    rootProcessInstanceId: record.rootProcessInstanceId,
    decisionRequirementsDefinitionId: null,
    decisionRequirementsDefinitionKey: null,
  };
}

function select(state: EngineState, context: RouteContext): { ok: true; items: HistoricDecisionInstanceRecord[] } | { ok: false; response: Response } {
  const query = engineQuery(context, PARAMS);
  if (!query.ok) return query;
  const { text } = queryReaders(query.query.values);
  const definitionId = text('decisionDefinitionId');
  const key = text('decisionDefinitionKey');
  const processInstanceId = text('processInstanceId');
  const keyOf = (id: string) => decisionDefinitionsOf(state).find((definition) => definition.id === id)?.key;
  const items = historyCleanupOf(state)
    .historicDecisionInstances.filter(
      (record) =>
        (definitionId === undefined || record.decisionDefinitionId === definitionId) &&
        (key === undefined || keyOf(record.decisionDefinitionId) === key) &&
        (processInstanceId === undefined || record.processInstanceId === processInstanceId),
    )
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { ok: true, items };
}

export function registerHistoricDecisionInstanceRoutes(router: EngineRouter, state: EngineState): void {
  router.add(
    'get',
    '/history/decision-instance',
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = select(state, context);
      if (!result.ok) return result.response;
      return json(applyPaging(result.items, paging.paging).map((record) => decisionInstanceDto(state, record)));
    },
    { engineCheck: 'manual' },
  );
  router.add(
    'get',
    '/history/decision-instance/count',
    (context) => {
      const result = select(state, context);
      return result.ok ? json({ count: result.items.length }) : result.response;
    },
    { engineCheck: 'manual' },
  );
}
