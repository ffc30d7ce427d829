// PUT /process-definition/{id}/history-time-to-live and PUT /decision-definition/{id}/history-time-to-live,
// like UpdateProcessDefinitionHistoryTimeToLiveCmd and UpdateDecisionDefinitionHistoryTimeToLiveCmd
// (7.24), in their order: the UPDATE check (only for a definition that exists), a negative value
// (BadUserRequestException, 400), a null while the engine enforces a time-to-live (`state.enforceHistoryTimeToLive`,
// HistoryTimeToLiveParser.validate: NotAllowedException, 400), then the definition: an unknown id is a
// NullPointerException (500) on the real engines (logUserOperation reads the missing entity). 204 when set.
// The per-key paths (/key/{key}/history-time-to-live) are not simulated: camunda-admin never uses them.
import { exceptionBody, isJsonObject, json, noContent, readJsonBody } from './handlers.js';
import type { EngineRouter } from './handlers.js';
import { authenticationOf, checkAuthorization, genericPermission } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState } from './state.js';

interface TtlHolder {
  key: string;
  historyTimeToLive: number | null;
}

export function registerDefinitionTtlRoutes(router: EngineRouter, state: EngineState): void {
  const route = (resource: 'process-definition' | 'decision-definition') =>
    router.add('put', `/${resource}/:id/history-time-to-live`, async ({ params, request, authenticatedUserId }) => {
      const id = params.id ?? '';
      const definition: TtlHolder | undefined =
        resource === 'process-definition' ? state.findProcessDefinition(id) : state.decisionDefinitions.find((candidate) => candidate.id === id);
      const body = await readJsonBody(request);
      if (!body.ok) return body.response;
      const raw = isJsonObject(body.body) ? body.body.historyTimeToLive : undefined;
      // HistoryTimeToLiveDto.historyTimeToLive is an Integer: Jackson refuses what is not one (the engine's empty 400).
      if (raw !== undefined && raw !== null && !(typeof raw === 'number' && Number.isInteger(raw) && Math.abs(raw) <= 2_147_483_647))
        return json(exceptionBody('InvalidRequestException', '', null), 400);
      const days = raw ?? null;
      if (definition !== undefined) {
        const denied = checkAuthorization(state, authenticationOf(state, authenticatedUserId), [
          {
            permission: genericPermission('UPDATE'),
            resourceType: resource === 'process-definition' ? ResourceType.PROCESS_DEFINITION : ResourceType.DECISION_DEFINITION,
            resourceId: definition.key,
          },
        ]);
        if (denied) return denied;
      }
      if (days !== null && days < 0) return json(exceptionBody('BadUserRequestException', 'historyTimeToLive is not greater than or equal to 0', 0), 400);
      if (days === null && state.enforceHistoryTimeToLive)
        return json(exceptionBody('NotAllowedException', 'Null historyTimeToLive values are not allowed', 0), 400);
      if (definition === undefined) {
        const entity =
          resource === 'process-definition'
            ? state.javaClass('engine.impl.persistence.entity.ProcessDefinitionEntity')
            : state.javaClass('engine.impl.dmn.entity.repository.DecisionDefinitionEntity');
        return json(exceptionBody('NullPointerException', `Cannot invoke "${entity}.getHistoryTimeToLive()" because "<parameter2>" is null`, null), 500);
      }
      definition.historyTimeToLive = days;
      return noContent();
    });
  route('process-definition');
  route('decision-definition');
}
