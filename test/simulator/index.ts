// Public API of the engine simulator used by the unit, e2e and contract tests (and `npm run demo`).
export { startSimulator } from './server.js';
export type { Fault, RecordedRequest, Simulator, SimulatorOptions } from './server.js';
export {
  applyPaging,
  createHandlers,
  DEFAULT_REST_ROOT,
  EngineRouter,
  exceptionBody,
  invalidRequest,
  json,
  normalizeRestRoot,
  parsePaging,
  parseQuery,
  resolveRequest,
  resourceNotFound,
  sortPairError,
  unknownEngine,
} from './handlers.js';
export type {
  ExceptionBody,
  HandlerOptions,
  Paging,
  ParsedQuery,
  QueryParamKind,
  QueryValue,
  RouteContext,
  RouteMethod,
  RouteOptions,
  RouteResolver,
} from './handlers.js';
export {
  ADMIN_GROUP_ID,
  adminGrantId,
  AuthorizationType,
  createEngineState,
  DEFAULT_ENGINE_NAME,
  ENGINE_VERSION,
  EngineState,
  engineUuid,
  ResourceType,
  SEEDED_AUTHORIZATION_IDS,
  SEEDED_PROCESS_DEFINITION_IDS,
} from './state.js';
export type {
  AuthorizationRecord,
  AuthorizationTypeValue,
  GroupRecord,
  MembershipRecord,
  ProcessDefinitionRecord,
  UserRecord,
} from './state.js';
