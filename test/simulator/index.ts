// Public API of the engine simulator used by the unit, e2e and contract tests (and `npm run demo`).
//
// Batches (POST /migration/executeAsync) are worked off by a simulated job executor (batch.ts):
//   * speed: `startSimulator({ batchJobsPerSecond })` or `state.batchSettings.jobsPerSecond`
//     (default 20 steps per second of `state.clock` time, caught up lazily before each request);
//     0 = only `sim.advanceBatches(n)` / `runBatchJobs(state, n)` move batches, one step each
//     (a seed-job run, or one batch job in order);
//   * failures: `state.batchSettings.failInstanceIds` (jobs of those instances fail without retries);
//     real reasons fail jobs too (instance ended or gone, other definition, unmapped activity);
//   * time: `state.clock = () => epochMillis` for exact start/end times;
//   * their job log (job-log.ts): GET /history/job-log(/count), written as jobs are created, run, fail
//     and are deleted (`state.jobLog`);
//   * "ended meanwhile": `state.endProcessInstance(id, 'COMPLETED' | 'EXTERNALLY_TERMINATED' | ...)`.
//
// Versions and incidents (state.ts `deployVersions`, incident.ts): `state.deployVersions(key, [{ activities,
// instances: { approve: 3 } }, ...])` deploys more versions of a key with running instances where named,
// for sweeps; /migration/generate between any two answers as the engine's generator does (equal ids of
// compatible types). GET /incident(/count) reads `state.incidents` (one seeded; `raiseIncident(state,
// instance)` adds one); a migrated instance keeps its incidents, and `state.incidentsOnMigration.push({
// targetDefinitionId, processInstanceIds?, activityId? })` makes one appear on every instance so migrated.
//
// Jobs and call hierarchies (job.ts, runtime.ts): GET /job(/count) and /job-definition(/count) answer the
// jobs of asynchronous continuations, derived from the instances at `async` activities (a failedJob
// incident there is the job without retries; `state.failingJobs` adds jobs that failed and are retried).
// An instance's `superProcessInstanceId` makes it the child of another (its parent waits in a call
// activity): the superProcessInstance, subProcessInstance, rootProcessInstances, leafProcessInstances and
// rootProcessInstanceId filters of /process-instance and the history answer by it. Seeded: ia-4
// (invoice-approval:1 at the call activity archive) with its child on archive-invoice:1, and ia-5 at
// approve and sendReminder with a failedExternalTask incident.
//
// The jobs of timers (job-executor.ts): a boundary timer with `timerDueMs` that a target adds gets its job
// on migration (`state.timerJobs`, listed by GET /job with its dueDate); `runDueJobs(state)` is one pass
// of the job executor, as the test calls it: due timers fire (to the timer's `next` activity), and an
// `async` activity that `fails` fails for good (a failedJob incident). A source timer or a boundary
// event's incident that no instruction maps is removed with the migration. POST /job/{id}/execute
// (job-execute.ts) runs one job as the engine does: a timer fires, a continuation fails (retries
// counted down, at 0 an incident; 404 or, after `failWithRuntimeException`, 500) or takes its
// instance past the activity.
//
// Authorizations (authorization.ts, permissions.ts): POST /authorization/create, PUT/DELETE
// /authorization/{id} and GET /authorization/check validate and answer like the engine. With
// `startSimulator({ basicAuth: true })` the authenticated user's authorizations are evaluated like the
// engine's (user > group > GLOBAL, a specific id before '*', GRANT before REVOKE on the same line):
// queries are filtered by READ (unreadable ids are 404s), create/update/delete want CREATE/UPDATE/DELETE
// (403 AuthorizationException), OPTIONS links follow the permissions. Seeded users (password = id):
// demo (camunda-admin: ALL on every resource type), john (sales; READ, UPDATE on PROCESS_DEFINITION
// 'refengine-demo' and READ on that one authorization), mary (accounting; nothing of her own). Add
// authorizations by pushing records onto `state.authorizations` (`permissions` as the engine returns them).
//
// Groups and users (identity.ts): GET/POST /group(/count), GET/PUT/DELETE /group/{id}, POST /group/create,
// PUT/DELETE /group/{id}/members/{userId}, OPTIONS on /group, /group/{id}, /group/{id}/members and /user,
// GET /user(/count). Seeded groups: camunda-admin (demo), sales (john, lena, max), accounting (mary and
// 11 more: 12 members), management (max, nora); 17 users, password = id (state.ts). Bulk data for
// benchmarks: `startSimulator({ extraGroups: n, extraAuthorizations: m })` or `state.seedGroups(n)` /
// `state.seedAuthorizations(m)` (main.ts: --extra-groups, --extra-authorizations); 100,000 of each page fast.
//
// Metrics (metrics.ts): GET /metrics, GET /metrics/{name}/sum, DELETE /metrics/task-worker over
// `state.meterLog` / `state.taskMeterLog`, seeded on first use relative to `state.clock` (metrics-seed.ts:
// 14 calendar months of daily entries; e.g. process-instances 15 a day, task-users 5 + month number).
// Set the clock before the first metrics request, or call `state.reseedMeterLogs()`; assign `[]` for an
// engine without meter data.
//
// Login throttling (state.ts `checkPassword`, as the engine's DbIdentityServiceProvider): with Basic auth on,
// a failed login locks the user for loginDelayBase * 2^(n-1) seconds (3, 6, 12, ... at most 60; n = failures
// in a row), during which even the right password is a plain 401; 10 failures in a row lock the user until
// `state.unlockUser(id)`, a successful login resets the count. Times follow `state.clock`; change the base with
// `startSimulator({ loginDelayBaseSeconds })` (main.ts: --login-delay) or `state.loginSettings`; 0 = no delays.
//
// Flavours (flavour.ts): `startSimulator({ flavour: 'operaton' | 'cibseven' })` (main.ts: --flavour)
// answers as that fork instead of Camunda 7.24: its version, GET /telemetry/data (telemetry.ts; 403
// ENGINE-03110 for a user who is neither admin nor holds READ on SYSTEM), the Java package of class
// names (`@class`, NullPointerException messages), the admin group (`state.flavour.adminGroup`:
// operaton-admin on Operaton, seeded with demo and the ALL grants) and the id whitelist (Operaton
// refuses camunda-admin). Everything else answers the same, as on the real engines.
//
// Deleting and variables (instance-deletion.ts, history-deletion.ts, instance-variables.ts): DELETE
// /process-instance/{id} (the instances it called go too unless skipSubprocesses; the history shows it
// EXTERNALLY_TERMINATED), DELETE /history/process-instance/{id} (a running one is the engine's 404),
// POST /process-instance/{id}/variables (`ProcessInstanceRecord.variables`, none seeded) and POST
// /variable-instance(/count) to read them; the batches of POST /process-instance/delete,
// /history/process-instance/delete and /process-instance/variables-async (types instance-deletion,
// historic-instance-deletion, set-variables) run like a migration's (batch-work.ts `createWorkBatch`).
export { FLAVOUR_NAMES, FLAVOURS, isFlavourName } from './flavour.js';
export type { Flavour, FlavourName } from './flavour.js';
export { registerTelemetryRoutes, telemetryDataDto } from './telemetry.js';
export { requestObservers, responseObservers, startSimulator } from './server.js';
export type { Fault, RecordedRequest, Simulator, SimulatorOptions } from './server.js';
export {
  AUTHENTICATED_USER_HEADER,
  applyPaging,
  maxResultsLimitError,
  pagedJson,
  compareNullable,
  compareStrings,
  createHandlers,
  DEFAULT_REST_ROOT,
  EngineRouter,
  exceptionBody,
  invalidJsonBody,
  invalidRequest,
  isInIdOrder,
  isJsonObject,
  json,
  JsonFields,
  likeMatches,
  noContent,
  normalizeRestRoot,
  parsePaging,
  parseQuery,
  readJsonBody,
  resolveRequest,
  resourceNotFound,
  sortPairError,
  unknownEngine,
  uriBuilderPath,
} from './handlers.js';
export type {
  AtomLink,
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
  DEFAULT_BATCH_JOBS_PER_SECOND,
  DEFAULT_ENGINE_NAME,
  defaultBatchSettings,
  defaultLoginSettings,
  ENGINE_VERSION,
  EngineState,
  engineUuid,
  extraAuthorizationId,
  extraGroupId,
  formatUtcDate,
  ResourceType,
  SEEDED_AUTHORIZATION_IDS,
  SEEDED_INCIDENT_IDS,
  SEEDED_PROCESS_DEFINITION_IDS,
  SEEDED_PROCESS_INSTANCE_IDS,
} from './state.js';
export type {
  AuthorizationRecord,
  AuthorizationTypeValue,
  BatchJobRecord,
  BatchRecord,
  BatchSettings,
  EndedProcessInstanceRecord,
  InstanceVariableRecord,
  FailingJobRecord,
  JobSettingRecord,
  ExternalTaskRecord,
  GroupRecord,
  IncidentRecord,
  LoginSettings,
  MembershipRecord,
  ProcessDefinitionRecord,
  ProcessInstanceEndState,
  ProcessInstanceRecord,
  UserRecord,
  VersionSeed,
} from './state.js';
export { incidentsAfterMigration, raiseIncident, registerIncidentRoutes } from './incident.js';
export { ASYNC_BEFORE, ASYNC_CONTINUATION, asyncJobId, findJob, jobDefinitionIdOf, jobDefinitionsOf, registerJobRoutes } from './job.js';
export { fireTimerJob, jobsAfterMigration, runDueJobs } from './job-executor.js';
export {
  applyRemovalTimeAtEnd,
  calculatedRemovalTime,
  configureHistoryCleanup,
  decisionDefinitionsOf,
  defaultHistoryCleanupSettings,
  determineRemovalTime,
  historyCleanupOf,
  recordDecisionEvaluation,
  removalTimeOfBatch,
  removalTimeOfInstance,
  rootOf,
  setRemovalTime,
} from './history-removal-time.js';
export type {
  DecisionDefinitionLike,
  HistoricDecisionInstanceRecord,
  HistoryCleanupJobRecord,
  HistoryCleanupSettings,
  HistoryCleanupState,
  HistoryCleanupStrategy,
  RemovalTimeStrategy,
} from './history-removal-time.js';
export { registerCleanableReportRoutes } from './history-cleanable.js';
export { registerHistoricDecisionInstanceRoutes } from './history-decision-instance.js';
export { currentOrNextWindow, historyCleanupJobDto, registerHistoryCleanupRoutes, runDueHistoryCleanupJobs, runHistoryCleanupJob } from './history-cleanup.js';
export { failWithRuntimeException, registerJobExecuteRoutes } from './job-execute.js';
export { applyJobRetries, findJobRow, registerJobRetriesRoutes, SET_JOB_RETRIES_BATCH_TYPE } from './job-retries.js';
export {
  allExternalTaskRows,
  externalTaskIdOf,
  registerExternalTaskRoutes,
  runExternalTaskWorkers,
  SET_EXTERNAL_TASK_RETRIES_BATCH_TYPE,
} from './external-task.js';
export type { ExternalTaskDto } from './external-task.js';
export type { JobDefinitionDto, JobDto } from './job.js';
export type { IncidentDto, IncidentOnMigration } from './incident.js';
export { authorizationDto, bindAuthorizationCreateDto, bindAuthorizationUpdateDto, registerAuthorizationRoutes } from './authorization.js';
export type { AuthorizationCreateBody, AuthorizationUpdateBody } from './authorization.js';
export {
  ALL_PERMISSIONS,
  authenticationOf,
  authorizationDenied,
  authorizationExceptionBody,
  checkAuthorization,
  genericPermission,
  invalidResourceForAuthorizationMessage,
  invalidResourceForPermissionMessage,
  isAuthorized,
  isCamundaAdmin,
  isVisibleInQuery,
  missingAuthorization,
  permissionAppliesTo,
  permissionBits,
  permissionForName,
  permissionNames,
  permissionOf,
  permissionsOf,
  queryVisibility,
  requiredAdminBody,
  RESOURCE_CONSTANTS,
  RESOURCE_NAMES,
  revokeChecksEnabled,
  storedBits,
} from './permissions.js';
export type {
  Authentication,
  AuthorizationExceptionBody,
  MissingAuthorization,
  PermissionCheck,
  PermissionDefinition,
  PermissionLookup,
} from './permissions.js';
export { ACTIVITY_TYPES, canGenerateFor, sameBehavior, UNSUPPORTED_ACTIVITY_INSTANCE_FAILURE } from './bpmn.js';
export type { ActivityRecord, ActivityType, ActivityTypeInfo } from './bpmn.js';
export { bpmnXmlOf, parseEngineDate, processDefinitionDto, registerProcessDefinitionRoutes } from './repository.js';
export type { ProcessDefinitionDto } from './repository.js';
export { processInstanceDto, processInstanceVisibility, queryFromBody, registerProcessInstanceRoutes, runProcessInstanceQuery } from './runtime.js';
export type { ProcessInstanceDto, ProcessInstanceQuery } from './runtime.js';
export {
  bindMigrationPlanDto,
  checkCreateMigrationPlan,
  generateInstructions,
  hasReports,
  migrationInstructionDto,
  migrationInstructionToString,
  migrationPlanDto,
  migrationPlanReportDto,
  nullPointer,
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
export {
  activityInstanceIdsOf,
  bindMigrationExecutionDto,
  checkCreateMigrationBatch,
  checkMigrateProcessInstances,
  checkProcessInstanceMigration,
  migrateProcessInstances,
  prepareMigration,
  registerMigrationExecutionRoutes,
} from './execution.js';
export type { InstanceMigrationCheck, MigrationExecutionBody, PreparedMigration } from './execution.js';
export {
  batchDto,
  batchHasWork,
  batchStatisticsDto,
  createMigrationBatch,
  failedJobsOf,
  historicBatchDto,
  MIGRATION_BATCH_TYPE,
  registerBatchRoutes,
  runBatchJobs,
  runDueBatchJobs,
} from './batch.js';
export type { BatchDto, BatchStatisticsDto, HistoricBatchDto, MigrationBatchOptions } from './batch.js';
export { deleteRunningInstance, INSTANCE_DELETION_BATCH_TYPE, registerInstanceDeletionRoutes } from './instance-deletion.js';
export { deleteHistoricInstance, HISTORIC_INSTANCE_DELETION_BATCH_TYPE, registerHistoryDeletionRoutes } from './history-deletion.js';
export { registerInstanceVariableRoutes, SET_VARIABLES_BATCH_TYPE, setInstanceVariables } from './instance-variables.js';
export { DEFAULT_JOB_RETRIES, MONITOR_JOB_TYPE, registerJobLogRoutes, SEED_JOB_TYPE } from './job-log.js';
export type { HistoricJobLogDto } from './job-log.js';
export {
  historicProcessInstanceDto,
  historicProcessInstanceRows,
  historicQueryFromBody,
  registerHistoricProcessInstanceRoutes,
  runHistoricProcessInstanceQuery,
} from './history.js';
export type { HistoricProcessInstanceDto, HistoricProcessInstanceQuery, HistoricProcessInstanceRow, HistoricProcessInstanceState } from './history.js';
export {
  groupDto,
  groupQueryFromBody,
  PERSISTENCE_EXCEPTION_MESSAGE,
  registerIdentityRoutes,
  RESOURCE_ID_WHITELIST,
  runGroupQuery,
  runUserQuery,
  userProfileDto,
} from './identity.js';
export type { GroupDto, GroupQuery, UserProfileDto, UserQuery } from './identity.js';
export {
  DEFAULT_METRICS_INTERVAL,
  meterSum,
  METRICS_MAX_RESULTS,
  metricsIntervalRows,
  OWN_REPORTER,
  registerMetricsRoutes,
  resolveInternalName,
  resolvePublicName,
  uniqueTaskWorkers,
} from './metrics.js';
export type { MetricsIntervalQuery, MetricsIntervalResultDto, UnloggedMeters } from './metrics.js';
export {
  DAILY_METER_VALUES,
  METER_REPORTERS,
  SEEDED_METER_MONTHS,
  seededMeterDays,
  seedMeterLog,
  seedTaskMeterLog,
  TASK_ASSIGNEES,
  taskWorkersInMonth,
} from './metrics-seed.js';
export type { MeterLogEntry, TaskMeterLogEntry } from './metrics-seed.js';
// History time-to-live (decision-definition.ts, definition-ttl.ts): GET
// /decision-definition(/count, /{id}) over `state.decisionDefinitions` (decision-seed.ts: invoice-classification:1
// and invoice-assign-approver:1 without a time-to-live, invoice-classification:2 and tenant-a's copy with one),
// PUT /process-definition/{id}/history-time-to-live and /decision-definition/{id}/history-time-to-live (a null
// refused while `state.enforceHistoryTimeToLive`, the default); the cleanable reports: history-cleanable.ts.
export { SEEDED_DECISION_DEFINITION_IDS, seedDecisionDefinitions } from './decision-seed.js';
export type { DecisionDefinitionRecord } from './decision-seed.js';
export { decisionDefinitionDto, registerDecisionDefinitionRoutes } from './decision-definition.js';
export { registerDefinitionTtlRoutes } from './definition-ttl.js';
