// GET /telemetry/data, like TelemetryRestServiceImpl and GetTelemetryDataCmd (Camunda 7.17 and later,
// Operaton, CIB seven): the product's name and version and what the engine collected, in the
// flavour's shape (forks/*-telemetry-data.json; field order as captured). With an authenticated user
// the command wants an admin (the flavour's admin group) or READ on SYSTEM
// (checkCamundaAdminOrPermission(checkReadDiagnosticsData)); otherwise 403 ENGINE-03110, built from
// the message alone (forks/*-telemetry-data-403.json, the same on all three products).
import type { EngineRouter } from './handlers.js';
import { json } from './handlers.js';
import { authenticationOf, isAuthorized, isCamundaAdmin, missingAuthorization, permissionOf, requiredAdminBody } from './permissions.js';
import { engineUuid, formatUtcDate, ResourceType } from './state.js';
import type { EngineState } from './state.js';

/** The captured engines ran on H2 in Jetty with Debian's JDK 17; the simulator says the same. */
const PLATFORM = {
  database: { vendor: 'H2', version: '2.1.214 (2022-06-13)' },
  jdk: { version: '17.0.15', vendor: 'Debian' },
  applicationServer: { vendor: 'jetty', version: 'jetty/9.4.57.v20241219' },
};

/** The engine's telemetry data (TelemetryDataDto) as this state's flavour sends it. */
export function telemetryDataDto(state: EngineState): Record<string, unknown> {
  const flavour = state.flavour;
  const internals: Record<string, unknown> = {
    database: PLATFORM.database,
    // The command and metric counts since start-up: only their shape matters to anyone.
    commands: { IsTelemetryEnabledCmd: { count: 1 }, GetTelemetryDataCmd: { count: 1 } },
    metrics: {
      'executed-decision-elements': { count: 0 },
      'flow-node-instances': { count: state.processInstances.length * 2 },
      'decision-instances': { count: 0 },
      'process-instances': { count: state.processInstances.length },
    },
    webapps: [],
    jdk: PLATFORM.jdk,
    'application-server': PLATFORM.applicationServer,
    ...(flavour.hasLicenseKey ? { 'license-key': null } : {}),
    [flavour.integrationKey]: [],
    'data-collection-start-date': formatUtcDate(state.startedAt),
  };
  return {
    installation: engineUuid(0x18baacc6),
    product: { name: flavour.productName, version: state.version, edition: 'community', internals },
  };
}

export function registerTelemetryRoutes(router: EngineRouter, state: EngineState): void {
  router.add('get', '/telemetry/data', ({ authenticatedUserId }) => {
    const authentication = authenticationOf(state, authenticatedUserId);
    if (authentication !== null && !isCamundaAdmin(state, authentication)) {
      const read = { permission: permissionOf('READ', ResourceType.SYSTEM), resourceType: ResourceType.SYSTEM, resourceId: null };
      if (!isAuthorized(state, authentication, read)) return json({ ...requiredAdminBody([missingAuthorization('READ', ResourceType.SYSTEM, null)]) }, 403);
    }
    return json(telemetryDataDto(state));
  });
}
