// GET /schema/log, like SchemaLogRestServiceImpl (Camunda 7.11 and later; the forks keep it): the
// schema's creation as one entry, id "0", the version without a -SNAPSHOT suffix, at the engine's
// start. A fresh Camunda 7.24 Run and Operaton 2.1.4 both answer version 7.24.0 (measured).
// SchemaLogManager answers a caller who is neither admin nor holds READ on System with no entries
// (and a count of 0), not a 403: measured on Camunda 7.24 with Basic auth (`[]`, 200).
import type { EngineRouter } from './handlers.js';
import { pagedJson, parsePaging } from './handlers.js';
import { authenticationOf, isAuthorized, isCamundaAdmin, permissionOf } from './permissions.js';
import { formatUtcDate, ResourceType } from './state.js';
import type { EngineState } from './state.js';

function seededSchemaLog(state: EngineState): NonNullable<EngineState['schemaLog']> {
  return [{ id: '0', version: '7.24.0', timestamp: formatUtcDate(state.startedAt) }];
}

export function registerSchemaLogRoutes(router: EngineRouter, state: EngineState): void {
  router.add('get', '/schema/log', (context) => {
    const paging = parsePaging(context.url.searchParams);
    if (!paging.ok) return paging.response;
    const params = context.url.searchParams;
    const version = params.get('version');
    const readable = mayReadSchemaLog(state, context.authenticatedUserId);
    let entries = (state.schemaLog ??= seededSchemaLog(state)).filter((entry) => readable && (version === null || entry.version === version));
    if (params.get('sortBy') === 'timestamp') {
      const order = params.get('sortOrder') === 'desc' ? -1 : 1;
      entries = [...entries].sort((a, b) => order * a.timestamp.localeCompare(b.timestamp));
    }
    return pagedJson(state, context, entries, paging.paging, (entry) => entry);
  });
}

/** AuthorizationCommandChecker.checkReadSchemaLog via checkCamundaAdminOrPermission: admin, or READ on System. */
function mayReadSchemaLog(state: EngineState, authenticatedUserId: string | null): boolean {
  const authentication = authenticationOf(state, authenticatedUserId);
  if (authentication === null || isCamundaAdmin(state, authentication)) return true;
  return isAuthorized(state, authentication, { permission: permissionOf('READ', ResourceType.SYSTEM), resourceType: ResourceType.SYSTEM, resourceId: null });
}
