// Public API of the engine simulator used by the unit, e2e and contract tests (and `npm run demo`).
export { startSimulator } from './server.js';
export type { Fault, RecordedRequest, Simulator, SimulatorOptions } from './server.js';
export {
  applyPaging,
  compareNullable,
  compareStrings,
  createHandlers,
  DEFAULT_REST_ROOT,
  EngineRouter,
  exceptionBody,
  invalidJsonBody,
  invalidRequest,
  isJsonObject,
  json,
  JsonFields,
  likeMatches,
  normalizeRestRoot,
  parsePaging,
  parseQuery,
  readJsonBody,
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
  SEEDED_PROCESS_INSTANCE_IDS,
} from './state.js';
export type {
  AuthorizationRecord,
  AuthorizationTypeValue,
  GroupRecord,
  MembershipRecord,
  ProcessDefinitionRecord,
  ProcessInstanceRecord,
  UserRecord,
} from './state.js';
export { ACTIVITY_TYPES, canGenerateFor, sameBehavior, UNSUPPORTED_ACTIVITY_INSTANCE_FAILURE } from './bpmn.js';
export type { ActivityRecord, ActivityType, ActivityTypeInfo } from './bpmn.js';
export { parseEngineDate, processDefinitionDto, registerProcessDefinitionRoutes } from './repository.js';
export type { ProcessDefinitionDto } from './repository.js';
export { processInstanceDto, queryFromBody, registerProcessInstanceRoutes, runProcessInstanceQuery } from './runtime.js';
export type { ProcessInstanceDto, ProcessInstanceQuery } from './runtime.js';
export {
  bindMigrationPlanDto,
  generateInstructions,
  hasReports,
  migrationInstructionDto,
  migrationInstructionToString,
  migrationPlanDto,
  migrationPlanReportDto,
  planValidationMessage,
  readMigrationPlanDto,
  registerMigrationRoutes,
  resolvePlanDefinitions,
  validateMigrationPlan,
} from './migration.js';
export type { MigrationInstruction, MigrationPlan, MigrationPlanBody, MigrationPlanReport } from './migration.js';
export {
  asJavaHashMap,
  convertVariables,
  isJavaSerializationProhibited,
  JAVA_SERIALIZATION_FORMAT,
  javaHashMapOrder,
  javaSerializationProhibitedMessage,
  variableValueDto,
} from './variables.js';
export type { TypedVariable, VariablesResult } from './variables.js';
