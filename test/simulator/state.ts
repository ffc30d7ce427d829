// In-memory state of the simulated Camunda 7 engine.
//
// Everything is plain data (arrays of plain objects) so tests can read it, tweak it before a run, and
// later handlers (groups, metrics, migration, batches) can add their own collections without touching
// the existing ones. The seed is deterministic: the same ids every run, so tests can name them.
import { type DecisionDefinitionRecord, seedDecisionDefinitions } from './decision-seed.js';
import type { HistoricJobLogDto } from './job-log.js';
import type { ActivityRecord } from './bpmn.js';
import { type Flavour, FLAVOURS } from './flavour.js';
import { applyRemovalTimeAtEnd } from './history-removal-time.js';
import type { IncidentOnMigration } from './incident.js';
import type { MigrationPlan } from './migration.js';
import { seedMeterLog, seedTaskMeterLog } from './metrics-seed.js';
import type { MeterLogEntry, TaskMeterLogEntry } from './metrics-seed.js';

/** The version of the default flavour, Camunda 7.24 (flavour.ts for the forks'). */
export const ENGINE_VERSION = FLAVOURS.camunda.version;
export const DEFAULT_ENGINE_NAME = 'default';
/** The admin group of the default flavour (and of CIB seven); Operaton's is operaton-admin (`state.flavour.adminGroup`). */
export const ADMIN_GROUP_ID = FLAVOURS.camunda.adminGroup;

/** Resource type integers (ENG/authorization/Resources.java); 21 (SYSTEM) exists since 7.17. */
export const ResourceType = {
  APPLICATION: 0,
  USER: 1,
  GROUP: 2,
  GROUP_MEMBERSHIP: 3,
  AUTHORIZATION: 4,
  FILTER: 5,
  PROCESS_DEFINITION: 6,
  TASK: 7,
  PROCESS_INSTANCE: 8,
  DEPLOYMENT: 9,
  DECISION_DEFINITION: 10,
  TENANT: 11,
  TENANT_MEMBERSHIP: 12,
  BATCH: 13,
  DECISION_REQUIREMENTS_DEFINITION: 14,
  REPORT: 15,
  DASHBOARD: 16,
  OPERATION_LOG_CATEGORY: 17,
  OPTIMIZE: 18,
  HISTORIC_TASK: 19,
  HISTORIC_PROCESS_INSTANCE: 20,
  SYSTEM: 21,
} as const;

/** Authorization types (ENG/authorization/Authorization.java). */
export const AuthorizationType = { GLOBAL: 0, GRANT: 1, REVOKE: 2 } as const;
export type AuthorizationTypeValue = (typeof AuthorizationType)[keyof typeof AuthorizationType];

/** Field for field the engine's AuthorizationDto, so handlers can serialize a copy as it is. */
export interface AuthorizationRecord {
  id: string;
  type: AuthorizationTypeValue;
  permissions: string[];
  userId: string | null;
  groupId: string | null;
  resourceType: number;
  /** Null only when a create or PUT left it out (the engine stores what it gets). */
  resourceId: string | null;
  removalTime: string | null;
  rootProcessInstanceId: string | null;
}

export interface UserRecord {
  id: string;
  /** The profile (UserProfileDto); the engine allows nulls. */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** Plain text: the simulator only needs `checkPassword`, not the engine's salted hash. */
  password: string;
  /** ACT_ID_USER.ATTEMPTS_: failed logins since the last successful one (absent: 0). See `checkPassword`. */
  attempts?: number;
  /** ACT_ID_USER.LOCK_EXP_TIME_ in epoch milliseconds of `state.clock`: no login before then (absent: null). */
  lockExpirationTime?: number | null;
}

/**
 * The engine's login throttling settings (ProcessEngineConfigurationImpl, same names and units; see
 * `EngineState.checkPassword`). After the n-th failed login in a row a user cannot log in, not even
 * with the right password, for min(loginDelayBase * loginDelayFactor^(n-1), loginDelayMaxTime)
 * seconds; after loginMaxAttempts failures not at all until `unlockUser` (an admin's unlock).
 */
export interface LoginSettings {
  /** Seconds of the first delay; engine default 3. 0 turns the delays off (the lock after loginMaxAttempts stays). */
  loginDelayBase: number;
  /** Engine default 2. */
  loginDelayFactor: number;
  /** Longest delay in seconds; engine default 60. */
  loginDelayMaxTime: number;
  /** Failed logins in a row that lock the user for good; engine default 10. */
  loginMaxAttempts: number;
}

export function defaultLoginSettings(): LoginSettings {
  return { loginDelayBase: 3, loginDelayFactor: 2, loginDelayMaxTime: 60, loginMaxAttempts: 10 };
}

export interface GroupRecord {
  id: string;
  /** Null after a PUT without it (GroupDto.update replaces every field). */
  name: string | null;
  type: string | null;
  /** REV_ of ACT_ID_GROUP (absent: 1); a PUT bumps it. Only a PUT that renames the group looks at it. */
  revision?: number;
}

export interface MembershipRecord {
  userId: string;
  groupId: string;
}

/** ACT_ID_TENANT (tenants.ts). */
export interface TenantRecord {
  id: string;
  /** Null after a PUT without it (TenantDto.update sets every field). */
  name: string | null;
  /** REV_ (absent: 1); a PUT bumps it. */
  revision?: number;
}

/** ACT_ID_TENANT_MEMBER: a user's or a group's membership of a tenant (one of userId, groupId). */
export interface TenantMembershipRecord {
  tenantId: string;
  userId?: string;
  groupId?: string;
}

/**
 * A deployed process definition: the fields of the engine's ProcessDefinitionDto (see
 * process-definition-list.json; `processDefinitionDto` in repository.ts serializes exactly those),
 * plus what the simulator needs besides: the deployment time and the activities in document order.
 */
export interface ProcessDefinitionRecord {
  id: string;
  key: string;
  category: string;
  description: string | null;
  name: string;
  version: number;
  resource: string;
  deploymentId: string;
  diagram: string | null;
  suspended: boolean;
  tenantId: string | null;
  versionTag: string | null;
  historyTimeToLive: number | null;
  startableInTasklist: boolean;
  /** Deployment time in the engine's date format; orders `sortBy=deployTime`. */
  deployTime: string;
  activities: ActivityRecord[];
  /**
   * The BPMN 2.0 XML GET /process-definition/{id}/xml answers with. Absent: the file named `resource`
   * in test/simulator/models/ (real XML as the Camunda Modeler saves it; models.test.ts checks that
   * each file's flow nodes are `activities`).
   */
  bpmnXml?: string;
}

/**
 * An open incident (the engine's IncidentDto, the fields the simulator uses). Every failed job (no
 * retries left) opens a `failedJob` incident, so the statistics count failed jobs as the incidents of
 * that type.
 */
export interface IncidentRecord {
  id: string;
  incidentType: string;
  processInstanceId: string;
  activityId: string;
  incidentMessage: string | null;
  /** Engine date format. */
  incidentTimestamp: string;
  /** The failed job's id for a failedJob incident. */
  configuration: string | null;
}

/**
 * A running process instance. `activityIds` are the activities with an activity (or transition)
 * instance, one entry per instance (an activity may appear twice). The DTO's `definitionKey` comes
 * from the definition; `tenantId` should equal the definition's (the engine copies it).
 */
export interface ProcessInstanceRecord {
  id: string;
  definitionId: string;
  businessKey: string | null;
  tenantId: string | null;
  suspended: boolean;
  activityIds: string[];
  /**
   * Ids of the activity (or transition) instances, parallel to `activityIds`: `activityId:uuid` for
   * an activity instance, a bare uuid (the execution's id) for a transition instance, i.e. an
   * activity marked `async`. Optional: missing entries are filled in with fresh ids when a migration
   * report first needs them.
   */
  activityInstanceIds?: string[];
  /** Start time in the engine's date format (the historic row); default: the definition's deploy time. */
  startTime?: string;
  /** The user who started the instance (HistoricProcessInstanceDto.startUserId); default null. */
  startUserId?: string | null;
  /**
   * The instance whose call activity started this one (the engine's super execution belongs to it);
   * absent or null for a root instance. The parent waits at its first `callActivity` activity.
   */
  superProcessInstanceId?: string | null;
  /** The instance's own variables by name, as set through the REST API (instance-variables.ts); none seeded. */
  variables?: Record<string, InstanceVariableRecord>;
  /**
   * ACT_HI_PROCINST.REMOVAL_TIME_ (engine date format; absent: null): set when the root instance ends,
   * or by a set-removal-time batch (history-removal-time.ts).
   */
  removalTime?: string | null;
}

/** A variable of a process instance's own scope (ACT_RU_VARIABLE): its id and its typed value as the REST API reads it. */
export interface InstanceVariableRecord {
  id: string;
  type: string;
  value: unknown;
  valueInfo: Record<string, unknown>;
}

/**
 * A job that failed and that the engine still retries (retries left, no incident yet). The simulator
 * models the jobs of asynchronous continuations only (job.ts): this one is the job of the instance at
 * `activityId`, which must be an `async` activity the instance is at.
 */
export interface FailingJobRecord {
  processInstanceId: string;
  activityId: string;
  retries: number;
  exceptionMessage: string;
  /** The job's id when it is not the derived one (job.ts asyncJobId): kept from the incident a retry resolved. */
  jobId?: string;
}

/**
 * What PUT /job/{id}/retries, PUT /job/{id}/duedate and the set-job-retries batch changed on a job
 * beyond what the incidents and `failingJobs` say (job-retries.ts): the retries of a job that never
 * failed, and any job's due date (epoch milliseconds; null: none).
 */
export interface JobSettingRecord {
  jobId: string;
  retries?: number;
  dueDate?: number | null;
}

/**
 * An external task's state beyond what its instance says (external-task.ts): the task of a running
 * instance at an `externalTask` activity. A failedExternalTask incident there is the task without
 * retries (its configuration is the task's id); this record holds the retries and error a worker or
 * a retry left, and the id when it is not the derived one.
 */
export interface ExternalTaskRecord {
  id: string;
  processInstanceId: string;
  activityId: string;
  /** Null until a worker reports a failure. */
  retries: number | null;
  errorMessage: string | null;
}

/** The job of a timer event of a running instance (job-executor.ts): due at `dueDate` (epoch milliseconds). */
export interface TimerJobRecord {
  id: string;
  processInstanceId: string;
  /** The timer event. */
  activityId: string;
  dueDate: number;
}

/** One version for `EngineState.deployVersions`: its activities, and how many instances wait where. */
export interface VersionSeed {
  activities: ActivityRecord[];
  instances?: Record<string, number>;
}

/** How a process instance ended (HistoricProcessInstance.state of a finished instance). */
export type ProcessInstanceEndState = 'COMPLETED' | 'EXTERNALLY_TERMINATED' | 'INTERNALLY_TERMINATED';

/**
 * A process instance that has ended: gone from the runtime (GET /process-instance no longer finds it,
 * migrating it is ENGINE-23003), still in the history (GET/POST /history/process-instance).
 */
export interface EndedProcessInstanceRecord extends ProcessInstanceRecord {
  startTime: string;
  endTime: string;
  state: ProcessInstanceEndState;
  deleteReason: string | null;
}

/** One batch execution job (BatchDto.totalJobs counts them). */
export interface BatchJobRecord {
  /** The process instances the job works on (the jobs or external tasks of a retries batch): `invocationsPerBatchJob` of them at most. */
  processInstanceIds: string[];
  /** 'failed' means no retries left: the job stays and counts in failedJobs and remainingJobs. */
  status: 'pending' | 'succeeded' | 'failed';
  /** The engine's exception message of a failed job; null otherwise. */
  exceptionMessage: string | null;
  /** The job's id, once the seed job has created it (job-log.ts). */
  jobId?: string | undefined;
}

/**
 * A batch, runtime and history in one record: the BatchDto/HistoricBatchDto fields, the jobs, and
 * where the batch is visible. The first `jobsCreated` entries of `jobs` have been created by the seed
 * job; the rest are still to come.
 */
/** The per-object work of a batch job (batch-work.ts). */
export interface BatchWork {
  check(state: EngineState, id: string): { ok: true; apply: () => void } | { ok: false; message: string };
}

export interface BatchRecord {
  id: string;
  /** 'instance-migration' for the batches POST /migration/executeAsync creates. */
  type: string;
  totalJobs: number;
  jobsCreated: number;
  batchJobsPerSeed: number;
  invocationsPerBatchJob: number;
  seedJobDefinitionId: string;
  monitorJobDefinitionId: string;
  batchJobDefinitionId: string;
  suspended: boolean;
  tenantId: string | null;
  createUserId: string | null;
  /** Engine date format. */
  startTime: string;
  /** Set when the first batch execution job runs (successfully or not). */
  executionStartTime: string | null;
  /** Set when the batch completes or is deleted (the historic batch's end). */
  endTime: string | null;
  removalTime: string | null;
  jobs: BatchJobRecord[];
  /** What the jobs of an instance-migration batch do; null: every job simply succeeds (unless told to fail). */
  migration: { plan: MigrationPlan; skipCustomListeners: boolean; skipIoMappings: boolean } | null;
  /**
   * What each object of a job of another batch type does (batch-work.ts): checked for all of a job's
   * objects first (a failure fails the job, nothing done), then applied. Absent: the job succeeds.
   */
  work?: BatchWork | undefined;
  /** In the runtime batch table (GET /batch...): false once completed or deleted. */
  inRuntime: boolean;
  /** In the history (GET /history/batch...): false after DELETE /batch/{id}?cascade=true. */
  inHistory: boolean;
  /** The seed or the monitor job that exists now (at most one of them does), for the job log (job-log.ts). */
  controlJob?: { kind: 'seed' | 'monitor'; id: string } | undefined;
}

/**
 * How the simulated job executor works off batches. Tests set these on `state.batchSettings`; see
 * batch.ts for the model (each executor step is one seed-job run or one batch job).
 */
export interface BatchSettings {
  /**
   * Executor steps per second of `state.clock` time, worked off lazily before each request. 0 stops
   * automatic progress: only `runBatchJobs(state, n)` / `sim.advanceBatches(n)` move batches then.
   */
  jobsPerSecond: number;
  /** Process instances whose batch job fails (no retries left), as if their migration had thrown. */
  failInstanceIds?: Set<string>;
  /** ProcessEngineConfiguration.invocationsPerBatchJob for new batches (absent: the engine default 1). */
  invocationsPerBatchJob?: number;
  /** ProcessEngineConfiguration.batchJobsPerSeed for new batches (absent: the engine default 100). */
  batchJobsPerSeed?: number;
  /**
   * The monitor job has not run yet (the engine runs it every batchPollTime, 30 s by default): every
   * job is done, yet the batch stays in the runtime with remainingJobs 0. Its later run is not simulated.
   */
  monitorWaits?: boolean;
  /**
   * The batch jobs are run by hand by this authenticated user (POST /job/{id}/execute, as on an engine
   * without a job executor): each object's command then checks the user's rights, and a job fails at
   * the first object the user may not change (batch-work.ts batchObjectDenied). Absent: the job
   * executor runs them, without an authenticated user, and no right is checked.
   */
  jobsRunBy?: string;
}

export const DEFAULT_BATCH_JOBS_PER_SECOND = 20;

export function defaultBatchSettings(): BatchSettings {
  return { jobsPerSecond: DEFAULT_BATCH_JOBS_PER_SECOND, failInstanceIds: new Set(), invocationsPerBatchJob: 1, batchJobsPerSeed: 100 };
}

/**
 * Engine-style ids: the real engine hands out time-based UUIDs whose last three groups stay the same
 * within one run (see the samples), so only the first group varies here.
 */
const UUID_SUFFIX = 'e5fe-11f1-a2ca-02fc00000001';

export function engineUuid(timeLow: number): string {
  return `${timeLow.toString(16).padStart(8, '0')}-${UUID_SUFFIX}`;
}

/** The first group of the camunda-admin grant on APPLICATION, as captured (authorization-get.json). */
const ADMIN_GRANT_TIME_LOW = 0xc68e62eb;
/** Ids of authorizations created at run time start here, well away from the seeded ones. */
const CREATED_ID_TIME_LOW = 0xd0000000;
/** Ids of the bulk authorizations of `seedAuthorizations(n)` (benchmarks): after every other id. */
const EXTRA_AUTHORIZATION_TIME_LOW = 0xe0000000;

/** Id of the n-th (1-based) bulk group of `seedGroups`: group00001, group00002, ... (5 digits, more from 100000). */
export function extraGroupId(index: number): string {
  return `group${String(index).padStart(5, '0')}`;
}

/** Id of the n-th (1-based) bulk authorization of `seedAuthorizations`. */
export function extraAuthorizationId(index: number): string {
  return engineUuid(EXTRA_AUTHORIZATION_TIME_LOW + index);
}

/** Id of the seeded camunda-admin grant (type 1, ALL, resourceId '*') on the given resource type. */
export function adminGrantId(resourceType: number): string {
  return engineUuid(ADMIN_GRANT_TIME_LOW + resourceType);
}

export const SEEDED_AUTHORIZATION_IDS = {
  /** camunda-admin on APPLICATION: the object of authorization-get.json, byte for byte. */
  adminApplication: adminGrantId(ResourceType.APPLICATION),
  /** User john: GRANT READ, UPDATE on PROCESS_DEFINITION 'refengine-demo' (the id of authorization-create.json). */
  johnProcessDefinitionGrant: 'c950b77a-e5fe-11f1-a2ca-02fc00000001',
  /** Group sales: REVOKE DELETE on PROCESS_DEFINITION '*'. */
  salesProcessDefinitionRevoke: 'c950b77b-e5fe-11f1-a2ca-02fc00000001',
  /** Everybody (GLOBAL, userId '*'): READ on FILTER '*'. */
  globalFilterRead: 'c950b77c-e5fe-11f1-a2ca-02fc00000001',
  /**
   * User john: GRANT READ on AUTHORIZATION johnProcessDefinitionGrant. With Basic auth on, john (no
   * admin) sees only that authorization, and PUT/DELETE of it are 403s (no UPDATE/DELETE).
   */
  johnReadsOwnGrant: 'c950b77d-e5fe-11f1-a2ca-02fc00000001',
} as const;

/**
 * Seeded process definitions. The refengine-demo ids are those of process-definition-list.json; the
 * others follow the engine's `key:version:uuid` pattern with made-up uuids.
 */
export const SEEDED_PROCESS_DEFINITION_IDS = {
  /** refengine-demo v1 (start, approve, end), exactly as in process-definition-list.json. */
  v1: 'refengine-demo:1:c8d78fb4-e5fe-11f1-a2ca-02fc00000001',
  /** refengine-demo v2 (start, approve, review, end), exactly as in process-definition-list.json. */
  v2: 'refengine-demo:2:c90ecc6d-e5fe-11f1-a2ca-02fc00000001',
  /** invoice v1: approveInvoice is a user task. */
  invoiceV1: `invoice:1:${engineUuid(0xc7a3b5e4)}`,
  /** invoice v2: approveInvoice renamed approveInvoiceV2, with a timer boundary event reminderTimer. */
  invoiceV2: `invoice:2:${engineUuid(0xc7b8f0a9)}`,
  /** shared-process v1 deployed for tenant-a. */
  sharedTenantA: `shared-process:1:${engineUuid(0xc7c2d1b6)}`,
  /** shared-process v1 deployed for tenant-b (same key and version: ambiguous without a tenant). */
  sharedTenantB: `shared-process:1:${engineUuid(0xc7c2d1bf)}`,
  /**
   * invoice-approval v1 (models/invoice-approval.v1.bpmn): the user task `approve` with a timer
   * boundary event `reminder` (PT1H), the external task `sendReminder`, the asynchronous service task
   * `checkBudget`, the parallel multi-instance user task `signOff`, the call activity `archive` and
   * the event sub-process `cancellation` (message start).
   */
  invoiceApprovalV1: `invoice-approval:1:${engineUuid(0xc7d4e1a1)}`,
  /**
   * invoice-approval v2: `approve` renamed `approveInvoice` (same name, same flows), the reminder timer
   * PT2H, `sendReminder` renamed `notifyApprover`, `checkBudget` a user task now (a type change), a new
   * user task `reviewInvoice`, `signOff` sequential.
   */
  invoiceApprovalV2: `invoice-approval:2:${engineUuid(0xc7d4e1b2)}`,
  /** archive-invoice v1 (models/archive-invoice.bpmn): what invoice-approval's call activity `archive` calls. */
  archiveInvoiceV1: `archive-invoice:1:${engineUuid(0xc7d4e1c3)}`,
} as const;

/**
 * Seeded process instances. The refengine-demo v1 ones are those of process-instance-list.json
 * (business keys v1-1, v1-2, v1-3, all waiting at `approve`); v2-1 and extra are the instances the
 * capture started on v2 (process-definition-start-by-key-1.json, -unknown-json-property.json).
 */
export const SEEDED_PROCESS_INSTANCE_IDS = {
  demoV1First: 'c8f9e4c9-e5fe-11f1-a2ca-02fc00000001',
  demoV1Second: 'c904450f-e5fe-11f1-a2ca-02fc00000001',
  demoV1Third: 'c90815a5-e5fe-11f1-a2ca-02fc00000001',
  demoV2First: 'c92365de-e5fe-11f1-a2ca-02fc00000001',
  demoV2Extra: 'c9320be6-e5fe-11f1-a2ca-02fc00000001',
  demoV2Third: engineUuid(0xc93b5a17),
  /** invoice v1 at approveInvoice (invoice-1 .. invoice-3). */
  invoiceApprove1: engineUuid(0xc7e10a01),
  invoiceApprove2: engineUuid(0xc7e10a02),
  invoiceApprove3: engineUuid(0xc7e10a03),
  /** invoice v1 at prepareBankTransfer (invoice-4; invoice-5 is suspended). */
  invoicePrepare1: engineUuid(0xc7e10a04),
  invoicePrepare2: engineUuid(0xc7e10a05),
  /** invoice v1 at archiveInvoice (an asyncBefore service task: a transition instance). */
  invoiceArchive: engineUuid(0xc7e10a06),
  sharedTenantA: engineUuid(0xc7f2b001),
  sharedTenantB: engineUuid(0xc7f2b002),
  /** invoice-approval v1 at approve (ia-1, ia-2). */
  approvalApprove1: engineUuid(0xc7e20b01),
  approvalApprove2: engineUuid(0xc7e20b02),
  /** invoice-approval v1 at checkBudget (asyncBefore: a transition instance), its job failed: an incident. */
  approvalCheckBudget: engineUuid(0xc7e20b03),
  /** invoice-approval v1 at archive (ia-4), the call activity: the parent of archiveChild. */
  approvalArchive: engineUuid(0xc7e20b04),
  /** archive-invoice v1 at storeInvoice, called by approvalArchive's call activity `archive`. */
  archiveChild: engineUuid(0xc7e20b05),
  /**
   * invoice-approval v1 at approve and at sendReminder (ia-5: the non-interrupting reminder fired), the
   * external task's worker failed without retries left: a failedExternalTask incident.
   */
  approvalReminder: engineUuid(0xc7e20b06),
} as const;

/** Seeded incidents: the failed job of the invoice-approval instance at checkBudget, the failed external task at sendReminder. */
export const SEEDED_INCIDENT_IDS = {
  checkBudgetFailedJob: engineUuid(0xc7e30c01),
  sendReminderFailedExternalTask: engineUuid(0xc7e30c03),
} as const;

function authorization(
  fields: Pick<AuthorizationRecord, 'id' | 'type' | 'permissions' | 'resourceType' | 'resourceId'> & Partial<Pick<AuthorizationRecord, 'userId' | 'groupId'>>,
): AuthorizationRecord {
  return {
    userId: null,
    groupId: null,
    removalTime: null,
    rootProcessInstanceId: null,
    ...fields,
  };
}

/** The seeded users besides demo, john and mary: [id, firstName, lastName, email]; password = id. */
const MORE_USERS: readonly [string, string | null, string | null, string | null][] = [
  ['anna', 'Anna', 'Schmidt', 'anna.schmidt@example.org'],
  ['ben', 'Ben', 'Miller', 'ben.miller@example.org'],
  ['clara', 'Clara', 'Weber', 'clara.weber@example.org'],
  ['david', 'David', 'Brown', 'david.brown@example.org'],
  ['emma', 'Emma', 'Fischer', 'emma.fischer@example.org'],
  ['felix', 'Felix', 'Wagner', 'felix.wagner@example.org'],
  ['greta', 'Greta', 'Becker', 'greta.becker@example.org'],
  ['henry', 'Henry', 'Wilson', 'henry.wilson@example.org'],
  ['ida', 'Ida', 'Hoffmann', 'ida.hoffmann@example.org'],
  ['jonas', 'Jonas', 'Koch', 'jonas.koch@example.org'],
  ['karla', 'Karla', 'Richter', null],
  ['lena', 'Lena', 'Wolf', 'lena.wolf@example.org'],
  ['max', 'Max', 'Mustermann', 'max.mustermann@example.org'],
  ['nora', 'Nora', null, 'nora@example.org'],
];

/** accounting: mary and these eleven (12 members); sales: john, lena, max; management: max, nora. */
const ACCOUNTING_MEMBERS = ['anna', 'ben', 'clara', 'david', 'emma', 'felix', 'greta', 'henry', 'ida', 'jonas', 'karla'];

function initialUsers(): UserRecord[] {
  return [
    { id: 'demo', firstName: 'Demo', lastName: 'Demo', email: 'demo@camunda.org', password: 'demo' },
    { id: 'john', firstName: 'John', lastName: 'Doe', email: 'john@camunda.org', password: 'john' },
    { id: 'mary', firstName: 'Mary', lastName: 'Anne', email: 'mary@camunda.org', password: 'mary' },
    ...MORE_USERS.map(([id, firstName, lastName, email]) => ({ id, firstName, lastName, email, password: id })),
  ];
}

function initialGroups(flavour: Flavour): GroupRecord[] {
  return [
    { id: flavour.adminGroup, name: flavour.adminGroupName, type: 'SYSTEM' },
    { id: 'sales', name: 'Sales', type: 'WORKFLOW' },
    { id: 'accounting', name: 'Accounting', type: 'WORKFLOW' },
    { id: 'management', name: 'Management', type: 'WORKFLOW' },
  ];
}

function initialMemberships(flavour: Flavour): MembershipRecord[] {
  return [
    { userId: 'demo', groupId: flavour.adminGroup },
    { userId: 'john', groupId: 'sales' },
    { userId: 'mary', groupId: 'accounting' },
    ...ACCOUNTING_MEMBERS.map((userId) => ({ userId, groupId: 'accounting' })),
    { userId: 'lena', groupId: 'sales' },
    { userId: 'max', groupId: 'sales' },
    { userId: 'max', groupId: 'management' },
    { userId: 'nora', groupId: 'management' },
  ];
}

function initialAuthorizations(flavour: Flavour): AuthorizationRecord[] {
  // Like the real admin-user setup (Spring Boot starter / Camunda Run): one GRANT of ALL on '*' for
  // the admin group per resource type. Type 1 (grant), not 0: global authorizations cannot name a group.
  const adminGrants = Object.values(ResourceType).map((resourceType) =>
    authorization({
      id: adminGrantId(resourceType),
      type: AuthorizationType.GRANT,
      permissions: ['ALL'],
      groupId: flavour.adminGroup,
      resourceType,
      resourceId: '*',
    }),
  );
  return [
    ...adminGrants,
    authorization({
      id: SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant,
      type: AuthorizationType.GRANT,
      permissions: ['READ', 'UPDATE'],
      userId: 'john',
      resourceType: ResourceType.PROCESS_DEFINITION,
      resourceId: 'refengine-demo',
    }),
    authorization({
      id: SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke,
      type: AuthorizationType.REVOKE,
      permissions: ['DELETE'],
      groupId: 'sales',
      resourceType: ResourceType.PROCESS_DEFINITION,
      resourceId: '*',
    }),
    authorization({
      id: SEEDED_AUTHORIZATION_IDS.globalFilterRead,
      type: AuthorizationType.GLOBAL,
      permissions: ['READ'],
      userId: '*',
      resourceType: ResourceType.FILTER,
      resourceId: '*',
    }),
    authorization({
      id: SEEDED_AUTHORIZATION_IDS.johnReadsOwnGrant,
      type: AuthorizationType.GRANT,
      permissions: ['READ'],
      userId: 'john',
      resourceType: ResourceType.AUTHORIZATION,
      resourceId: SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant,
    }),
  ];
}

function seedProcessDefinitions(): ProcessDefinitionRecord[] {
  const demo = {
    key: 'refengine-demo',
    category: 'http://bpmn.io/schema/bpmn',
    description: null,
    name: 'RefEngine Demo',
    diagram: null,
    suspended: false,
    tenantId: null,
    versionTag: null,
    historyTimeToLive: 180,
    startableInTasklist: true,
  };
  const invoice = {
    key: 'invoice',
    category: 'http://camunda.org/examples',
    description: null,
    name: 'Invoice Receipt',
    diagram: null,
    suspended: false,
    tenantId: null,
    historyTimeToLive: 45,
    startableInTasklist: true,
  };
  // archiveInvoice is asyncBefore, as in the invoice example: instances wait there as transition instances.
  const invoiceHead: ActivityRecord[] = [
    { id: 'StartEvent_1', type: 'startEvent' },
    { id: 'assignApprover', type: 'businessRuleTask' },
  ];
  const invoiceTail: ActivityRecord[] = [
    { id: 'invoice_approved', type: 'exclusiveGateway' },
    { id: 'prepareBankTransfer', type: 'userTask' },
    { id: 'reviewInvoice', type: 'callActivity' },
    { id: 'archiveInvoice', type: 'serviceTask', async: true },
    { id: 'invoiceProcessed', type: 'endEvent' },
    { id: 'invoiceNotProcessed', type: 'endEvent' },
  ];
  const shared = {
    key: 'shared-process',
    category: 'http://bpmn.io/schema/bpmn',
    description: null,
    name: 'Shared Process',
    version: 1,
    resource: 'shared-process.bpmn',
    diagram: null,
    suspended: false,
    versionTag: null,
    historyTimeToLive: 30,
    startableInTasklist: true,
    activities: [
      { id: 'start', type: 'startEvent' },
      { id: 'task', type: 'userTask' },
      { id: 'end', type: 'endEvent' },
    ] satisfies ActivityRecord[],
  };
  return [
    {
      ...demo,
      id: SEEDED_PROCESS_DEFINITION_IDS.v1,
      version: 1,
      resource: 'refengine-demo-v1.bpmn',
      deploymentId: 'c8cbcfe2-e5fe-11f1-a2ca-02fc00000001',
      deployTime: '2026-11-21T22:56:26.311+0000',
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'approve', type: 'userTask' },
        { id: 'end', type: 'endEvent' },
      ],
    },
    {
      ...demo,
      id: SEEDED_PROCESS_DEFINITION_IDS.v2,
      version: 2,
      resource: 'refengine-demo-v2.bpmn',
      deploymentId: 'c90b49fb-e5fe-11f1-a2ca-02fc00000001',
      deployTime: '2026-11-21T22:56:26.702+0000',
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'approve', type: 'userTask' },
        { id: 'review', type: 'userTask' },
        { id: 'end', type: 'endEvent' },
      ],
    },
    {
      ...invoice,
      id: SEEDED_PROCESS_DEFINITION_IDS.invoiceV1,
      version: 1,
      resource: 'invoice.v1.bpmn',
      deploymentId: engineUuid(0xc7a3b5e0),
      versionTag: 'V1.0',
      deployTime: '2026-11-21T22:55:58.104+0000',
      activities: [...invoiceHead, { id: 'approveInvoice', type: 'userTask' }, ...invoiceTail],
    },
    {
      ...invoice,
      id: SEEDED_PROCESS_DEFINITION_IDS.invoiceV2,
      version: 2,
      resource: 'invoice.v2.bpmn',
      deploymentId: engineUuid(0xc7b8f0a5),
      versionTag: 'V2.0',
      deployTime: '2026-11-21T22:56:00.512+0000',
      activities: [
        ...invoiceHead,
        { id: 'approveInvoiceV2', type: 'userTask' },
        { id: 'reminderTimer', type: 'boundaryTimerEvent', attachedTo: 'approveInvoiceV2' },
        ...invoiceTail,
      ],
    },
    ...invoiceApprovalDefinitions(),
    {
      ...shared,
      id: SEEDED_PROCESS_DEFINITION_IDS.sharedTenantA,
      deploymentId: engineUuid(0xc7c2d1b2),
      tenantId: 'tenant-a',
      deployTime: '2026-11-21T22:56:05.020+0000',
      activities: shared.activities.map((activity) => ({ ...activity })),
    },
    {
      ...shared,
      id: SEEDED_PROCESS_DEFINITION_IDS.sharedTenantB,
      deploymentId: engineUuid(0xc7c2d1bb),
      tenantId: 'tenant-b',
      deployTime: '2026-11-21T22:56:05.338+0000',
      activities: shared.activities.map((activity) => ({ ...activity })),
    },
  ];
}

function invoiceApprovalDefinitions(): ProcessDefinitionRecord[] {
  const common = {
    key: 'invoice-approval',
    category: 'http://camunda.org/examples',
    description: null,
    name: 'Invoice Approval',
    diagram: null,
    suspended: false,
    tenantId: null,
    versionTag: null,
    historyTimeToLive: 30,
    startableInTasklist: true,
  };
  // The multi-instance body of signOff is not modelled (nor is the event sub-process's start in migrations).
  const eventSubProcess: ActivityRecord[] = [
    { id: 'cancellation', type: 'subProcess' },
    { id: 'cancelRequested', type: 'messageStartEvent', parentId: 'cancellation' },
    { id: 'cancelled', type: 'endEvent', parentId: 'cancellation' },
  ];
  return [
    {
      ...common,
      id: SEEDED_PROCESS_DEFINITION_IDS.invoiceApprovalV1,
      version: 1,
      resource: 'invoice-approval.v1.bpmn',
      deploymentId: engineUuid(0xc7d4e1a0),
      deployTime: '2026-11-21T22:56:02.210+0000',
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'approve', type: 'userTask' },
        { id: 'reminder', type: 'boundaryTimerEvent', attachedTo: 'approve' },
        { id: 'sendReminder', type: 'externalTask' },
        { id: 'reminderSent', type: 'endEvent' },
        { id: 'checkBudget', type: 'serviceTask', async: true },
        { id: 'signOff', type: 'userTask' },
        { id: 'archive', type: 'callActivity' },
        { id: 'end', type: 'endEvent' },
        ...eventSubProcess,
      ],
    },
    {
      ...common,
      id: SEEDED_PROCESS_DEFINITION_IDS.invoiceApprovalV2,
      version: 2,
      resource: 'invoice-approval.v2.bpmn',
      deploymentId: engineUuid(0xc7d4e1b0),
      deployTime: '2026-11-21T22:56:03.480+0000',
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'approveInvoice', type: 'userTask' },
        { id: 'reminder', type: 'boundaryTimerEvent', attachedTo: 'approveInvoice' },
        { id: 'notifyApprover', type: 'externalTask' },
        { id: 'reminderSent', type: 'endEvent' },
        { id: 'checkBudget', type: 'userTask' },
        { id: 'reviewInvoice', type: 'userTask' },
        { id: 'signOff', type: 'userTask' },
        { id: 'archive', type: 'callActivity' },
        { id: 'end', type: 'endEvent' },
        ...eventSubProcess.map((activity) => ({ ...activity })),
      ],
    },
    {
      ...common,
      key: 'archive-invoice',
      name: 'Archive Invoice',
      id: SEEDED_PROCESS_DEFINITION_IDS.archiveInvoiceV1,
      version: 1,
      resource: 'archive-invoice.bpmn',
      deploymentId: engineUuid(0xc7d4e1c0),
      deployTime: '2026-11-21T22:56:01.905+0000',
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'storeInvoice', type: 'userTask' },
        { id: 'end', type: 'endEvent' },
      ],
    },
  ];
}

/**
 * Seeded activity instance ids: the first group is the instance's plus 0x61a84, which gives the id of
 * migration-execute-instance-validation.json for demoV1First ('approve:c8ffff4d-...'). A transition
 * instance (archiveInvoice is asyncBefore) is identified by its execution: here the process instance.
 */
function seededActivityInstanceId(instanceId: string, activityId: string, transition: boolean): string {
  if (transition) return instanceId;
  return `${activityId}:${engineUuid(Number.parseInt(instanceId.slice(0, 8), 16) + 0x61a84)}`;
}

function seedProcessInstances(): ProcessInstanceRecord[] {
  const ids = SEEDED_PROCESS_INSTANCE_IDS;
  const defs = SEEDED_PROCESS_DEFINITION_IDS;
  const instance = (
    id: string,
    definitionId: string,
    businessKey: string | null,
    activityId: string,
    startTime: string,
    extra: Partial<ProcessInstanceRecord> = {},
  ): ProcessInstanceRecord => ({
    id,
    definitionId,
    businessKey,
    tenantId: null,
    suspended: false,
    activityIds: [activityId],
    activityInstanceIds: [seededActivityInstanceId(id, activityId, activityId === 'archiveInvoice')],
    startTime,
    startUserId: null,
    ...extra,
  });
  return [
    instance(ids.demoV1First, defs.v1, 'v1-1', 'approve', '2026-11-21T22:56:26.402+0000'),
    instance(ids.demoV1Second, defs.v1, 'v1-2', 'approve', '2026-11-21T22:56:26.469+0000'),
    instance(ids.demoV1Third, defs.v1, 'v1-3', 'approve', '2026-11-21T22:56:26.494+0000'),
    instance(ids.demoV2First, defs.v2, 'v2-1', 'approve', '2026-11-21T22:56:26.671+0000', { startUserId: 'demo' }),
    instance(ids.demoV2Extra, defs.v2, 'extra', 'approve', '2026-11-21T22:56:26.770+0000'),
    instance(ids.demoV2Third, defs.v2, 'v2-2', 'review', '2026-11-21T22:56:26.831+0000'),
    instance(ids.invoiceApprove1, defs.invoiceV1, 'invoice-1', 'approveInvoice', '2026-11-21T22:55:59.118+0000'),
    instance(ids.invoiceApprove2, defs.invoiceV1, 'invoice-2', 'approveInvoice', '2026-11-21T22:55:59.240+0000'),
    instance(ids.invoiceApprove3, defs.invoiceV1, 'invoice-3', 'approveInvoice', '2026-11-21T22:55:59.377+0000'),
    instance(ids.invoicePrepare1, defs.invoiceV1, 'invoice-4', 'prepareBankTransfer', '2026-11-21T22:55:59.512+0000'),
    instance(ids.invoicePrepare2, defs.invoiceV1, 'invoice-5', 'prepareBankTransfer', '2026-11-21T22:55:59.650+0000', { suspended: true }),
    instance(ids.invoiceArchive, defs.invoiceV1, 'invoice-6', 'archiveInvoice', '2026-11-21T22:55:59.803+0000'),
    instance(ids.sharedTenantA, defs.sharedTenantA, 'shared-a', 'task', '2026-11-21T22:56:05.140+0000', { tenantId: 'tenant-a' }),
    instance(ids.sharedTenantB, defs.sharedTenantB, 'shared-b', 'task', '2026-11-21T22:56:05.421+0000', { tenantId: 'tenant-b' }),
    instance(ids.approvalApprove1, defs.invoiceApprovalV1, 'ia-1', 'approve', '2026-11-21T22:56:02.530+0000'),
    instance(ids.approvalApprove2, defs.invoiceApprovalV1, 'ia-2', 'approve', '2026-11-21T22:56:02.688+0000'),
    instance(ids.approvalCheckBudget, defs.invoiceApprovalV1, 'ia-3', 'checkBudget', '2026-11-21T22:56:02.841+0000', {
      activityInstanceIds: [seededActivityInstanceId(ids.approvalCheckBudget, 'checkBudget', true)],
    }),
    instance(ids.approvalArchive, defs.invoiceApprovalV1, 'ia-4', 'archive', '2026-11-21T22:56:02.997+0000'),
    instance(ids.archiveChild, defs.archiveInvoiceV1, null, 'storeInvoice', '2026-11-21T22:56:03.012+0000', { superProcessInstanceId: ids.approvalArchive }),
    instance(ids.approvalReminder, defs.invoiceApprovalV1, 'ia-5', 'approve', '2026-11-21T22:56:03.160+0000', {
      activityIds: ['approve', 'sendReminder'],
      activityInstanceIds: [seededActivityInstanceId(ids.approvalReminder, 'approve', false), `sendReminder:${engineUuid(0xc7e86b8b)}`],
    }),
  ];
}

function seedIncidents(): IncidentRecord[] {
  return [
    {
      id: SEEDED_INCIDENT_IDS.checkBudgetFailedJob,
      incidentType: 'failedJob',
      processInstanceId: SEEDED_PROCESS_INSTANCE_IDS.approvalCheckBudget,
      activityId: 'checkBudget',
      incidentMessage: 'Budget service unavailable',
      incidentTimestamp: '2026-11-21T22:56:04.102+0000',
      configuration: engineUuid(0xc7e30c02),
    },
    {
      id: SEEDED_INCIDENT_IDS.sendReminderFailedExternalTask,
      incidentType: 'failedExternalTask',
      processInstanceId: SEEDED_PROCESS_INSTANCE_IDS.approvalReminder,
      activityId: 'sendReminder',
      incidentMessage: 'Mail server refused the connection',
      incidentTimestamp: '2026-11-21T22:56:04.377+0000',
      // The external task's id.
      configuration: engineUuid(0xc7e30c04),
    },
  ];
}

export class EngineState {
  /** Which product the engine answers as (flavour.ts): version, telemetry, class names, admin group, id whitelist. */
  readonly flavour: Flavour;
  engines: string[] = [DEFAULT_ENGINE_NAME];
  version: string;
  users: UserRecord[] = initialUsers();
  groups: GroupRecord[];
  memberships: MembershipRecord[];
  authorizations: AuthorizationRecord[];
  processDefinitions: ProcessDefinitionRecord[] = seedProcessDefinitions();
  processInstances: ProcessInstanceRecord[] = seedProcessInstances();
  /** Open incidents (see IncidentRecord); the statistics count them and the failed jobs. */
  incidents: IncidentRecord[] = seedIncidents();
  /** Jobs that failed and are still retried (see FailingJobRecord and job.ts); none seeded. */
  failingJobs: FailingJobRecord[] = [];
  /** The jobs of timer events (job-executor.ts): created on migration into an activity with a new boundary timer; none seeded. */
  timerJobs: TimerJobRecord[] = [];
  /** Retries and due dates set on jobs (see JobSettingRecord and job-retries.ts); none seeded. */
  jobSettings: JobSettingRecord[] = [];
  /** External tasks a worker or a retry changed (see ExternalTaskRecord and external-task.ts); none seeded. */
  externalTasks: ExternalTaskRecord[] = [];
  /** Process instances that have ended (see `endProcessInstance`); the history shows them, the runtime not. */
  endedProcessInstances: EndedProcessInstanceRecord[] = [];
  /** Deployed DMN decisions (decision-seed.ts; decision-definition.ts answers for them). */
  decisionDefinitions: DecisionDefinitionRecord[] = seedDecisionDefinitions();
  /**
   * The engine setting enforceHistoryTimeToLive (on by default since 7.20): a PUT of a null
   * time-to-live is refused while it is on (definition-ttl.ts).
   */
  enforceHistoryTimeToLive = true;
  /** Incidents that appear when an instance is migrated, as a test arranges them (incident.ts). */
  incidentsOnMigration: IncidentOnMigration[] = [];
  /** Every batch, runtime and historic (see BatchRecord.inRuntime / inHistory), in creation order. */
  batches: BatchRecord[] = [];
  /** ACT_HI_JOB_LOG: what the jobs of the batches did (job-log.ts), in the order it was written. */
  jobLog: HistoricJobLogDto[] = [];
  batchSettings: BatchSettings = defaultBatchSettings();
  /** Login throttling (see `checkPassword`); tests may change it, e.g. `loginDelayBase = 0`. */
  loginSettings: LoginSettings = defaultLoginSettings();
  /** A read-only identity provider (LDAP): user writes answer 403 "Identity service implementation is read-only." (users.ts). */
  identityReadOnly = false;
  /** enablePasswordPolicy, off by default as on the engine (Camunda Run's production.yml turns it on): see users.ts. */
  passwordPolicyEnabled = false;
  /** Tenants (tenants.ts); none is seeded, though seeded definitions carry tenant ids tenant-a and tenant-b. */
  tenants: TenantRecord[] = [];
  /** Users' and groups' tenant memberships: the tenant query's userMember/groupMember, the user and group queries' memberOfTenant. */
  tenantMemberships: TenantMembershipRecord[] = [];
  /**
   * The process engine setting queryMaxResultsLimit (default Integer.MAX_VALUE: no limit). With a user
   * authenticated, list queries must send maxResults, at most this (handlers.ts `pagedJson`).
   */
  queryMaxResultsLimit: number = 2147483647;
  /**
   * How an answer orders rows whose sort keys are equal, which the engine leaves to the database:
   * 'id' (the default here), or 'per-page': an order that changes with the page asked for
   * (firstResult, maxResults), as a database's top-N sort may give it (PostgreSQL's does), so that
   * pages cut by position can skip or repeat such rows (handlers.ts `tieBreaker`).
   */
  tieOrder: 'id' | 'per-page' = 'id';
  /** Where the job executor stopped (batch.ts): the last time it caught up, and unused fractional steps. */
  jobExecutor: { lastTick: number | null; credit: number } = { lastTick: null, credit: 0 };
  /** When the engine started (epoch milliseconds): telemetry's data-collection-start-date. */
  startedAt: number = Date.now();
  /** GET /schema/log's entries (schema-log.ts); seeded on first read: the schema's creation at start. */
  schemaLog?: { id: string; version: string; timestamp: string }[];
  /** Epoch milliseconds the engine sees: start and end times, batch progress. Tests may replace it. */
  clock: () => number = () => Date.now();

  /**
   * The metrics registry's counts not yet flushed to the meter log (internal name -> count; absent: 0).
   * Like MeterLogManager, sums add them when the range reaches into the last 15 minutes, and the
   * interval query adds them to the newest row. Empty in the seed: everything is logged.
   */
  unloggedMeters: Record<string, number> = {};

  private createdIds = 0;
  private extraGroupCount = 0;
  private extraAuthorizationCount = 0;
  private meterLogEntries: MeterLogEntry[] | undefined;
  private taskMeterLogEntries: TaskMeterLogEntry[] | undefined;

  constructor(flavour: Flavour = FLAVOURS.camunda) {
    this.flavour = flavour;
    this.version = flavour.version;
    this.groups = initialGroups(flavour);
    this.memberships = initialMemberships(flavour);
    this.authorizations = initialAuthorizations(flavour);
  }

  /** `${package}.${name}` in the flavour's Java package: javaClass('engine.rest.dto.VariableValueDto'). */
  javaClass(name: string): string {
    return `${this.flavour.javaPackage}.${name}`;
  }

  /**
   * ACT_RU_METER_LOG (see metrics-seed.ts for the seed): built from `clock()` on first use, so a test
   * that sets the clock first gets data relative to it. Assign to replace it (e.g. `[]` for a fresh
   * engine, as the captured metrics samples were); `reseedMeterLogs()` rebuilds both logs from the clock.
   */
  get meterLog(): MeterLogEntry[] {
    this.meterLogEntries ??= seedMeterLog(this.clock());
    return this.meterLogEntries;
  }

  set meterLog(entries: MeterLogEntry[]) {
    this.meterLogEntries = entries;
  }

  /** ACT_RU_TASK_METER_LOG, built like `meterLog` on first use. */
  get taskMeterLog(): TaskMeterLogEntry[] {
    this.taskMeterLogEntries ??= seedTaskMeterLog(this.clock());
    return this.taskMeterLogEntries;
  }

  set taskMeterLog(entries: TaskMeterLogEntry[]) {
    this.taskMeterLogEntries = entries;
  }

  /** Rebuilds both meter logs from the current `clock()`. */
  reseedMeterLogs(): void {
    this.meterLogEntries = seedMeterLog(this.clock());
    this.taskMeterLogEntries = seedTaskMeterLog(this.clock());
  }

  /**
   * Bulk data for benchmarks: `count` more groups, `group00001`, `group00002`, ... (continuing after
   * earlier calls; 5 digits, 6 from group100000), named 'Group 00001', ..., type WORKFLOW, without
   * members. `groups` is kept in id order, so list queries only slice it. Returns the new groups.
   */
  seedGroups(count: number): GroupRecord[] {
    const added: GroupRecord[] = [];
    for (let index = this.extraGroupCount + 1; index <= this.extraGroupCount + count; index += 1) {
      const id = extraGroupId(index);
      added.push({ id, name: `Group ${id.slice('group'.length)}`, type: 'WORKFLOW' });
    }
    this.extraGroupCount += added.length;
    for (const group of added) this.groups.push(group);
    this.groups.sort((a, b) => (a.id === b.id ? 0 : a.id < b.id ? -1 : 1));
    return added;
  }

  /**
   * Bulk data for benchmarks: `count` more authorizations (ids `extraAuthorizationId(n)`, after every
   * other id), each what the engine creates for a new group: GRANT READ on GROUP `group0000n` to group
   * `group0000n` (extraGroupId(n), whether or not that group exists). Nobody seeded is in those groups,
   * so no permission check changes. Returns the new authorizations.
   */
  seedAuthorizations(count: number): AuthorizationRecord[] {
    const added: AuthorizationRecord[] = [];
    for (let index = this.extraAuthorizationCount + 1; index <= this.extraAuthorizationCount + count; index += 1) {
      const groupId = extraGroupId(index);
      added.push(
        authorization({
          id: extraAuthorizationId(index),
          type: AuthorizationType.GRANT,
          permissions: ['READ'],
          groupId,
          resourceType: ResourceType.GROUP,
          resourceId: groupId,
        }),
      );
    }
    this.extraAuthorizationCount += added.length;
    for (const auth of added) this.authorizations.push(auth);
    return added;
  }

  /**
   * Deploys more versions of `key` (numbered after those of the key within the tenant), each with
   * running instances at the activities named (`instances: { approve: 3 }`), for sweeps over many
   * versions. Returns, per version, the definition and its new instances' ids.
   */
  deployVersions(
    key: string,
    versions: readonly VersionSeed[],
    options: { tenantId?: string | null; name?: string } = {},
  ): { definition: ProcessDefinitionRecord; instanceIds: string[] }[] {
    const tenantId = options.tenantId ?? null;
    let version = Math.max(
      0,
      ...this.processDefinitions.filter((definition) => definition.key === key && definition.tenantId === tenantId).map((definition) => definition.version),
    );
    return versions.map((seed) => {
      version += 1;
      const deployedAt = this.clock();
      const definition: ProcessDefinitionRecord = {
        id: `${key}:${version}:${this.nextId()}`,
        key,
        category: 'http://bpmn.io/schema/bpmn',
        description: null,
        name: options.name ?? key,
        version,
        resource: `${key}.bpmn`,
        deploymentId: this.nextId(),
        diagram: null,
        suspended: false,
        tenantId,
        versionTag: null,
        historyTimeToLive: 180,
        startableInTasklist: true,
        deployTime: formatUtcDate(deployedAt),
        activities: seed.activities.map((activity) => ({ ...activity })),
      };
      this.processDefinitions.push(definition);
      const instanceIds: string[] = [];
      for (const [activityId, count] of Object.entries(seed.instances ?? {})) {
        if (!definition.activities.some((activity) => activity.id === activityId))
          throw new Error(`deployVersions: ${key} v${version} has no activity '${activityId}'`);
        for (let index = 0; index < count; index += 1) {
          const id = this.nextId();
          this.processInstances.push({
            id,
            definitionId: definition.id,
            businessKey: `${key}-v${version}-${instanceIds.length + 1}`,
            tenantId,
            suspended: false,
            activityIds: [activityId],
            startTime: formatUtcDate(deployedAt),
            startUserId: null,
          });
          instanceIds.push(id);
        }
      }
      return { definition, instanceIds };
    });
  }

  hasEngine(name: string): boolean {
    return this.engines.includes(name);
  }

  findUser(id: string): UserRecord | undefined {
    return this.users.find((user) => user.id === id);
  }

  findGroup(id: string): GroupRecord | undefined {
    return this.groups.find((group) => group.id === id);
  }

  hasMembership(userId: string, groupId: string): boolean {
    return this.memberships.some((membership) => membership.userId === userId && membership.groupId === groupId);
  }

  /** User ids of a group's members. */
  memberIdsOf(groupId: string): string[] {
    return this.memberships.filter((m) => m.groupId === groupId).map((m) => m.userId);
  }

  findAuthorization(id: string): AuthorizationRecord | undefined {
    return this.authorizations.find((auth) => auth.id === id);
  }

  findProcessDefinition(id: string): ProcessDefinitionRecord | undefined {
    return this.processDefinitions.find((definition) => definition.id === id);
  }

  findProcessInstance(id: string): ProcessInstanceRecord | undefined {
    return this.processInstances.find((instance) => instance.id === id);
  }

  /** A batch in the runtime table (completed and deleted batches are not). */
  findBatch(id: string): BatchRecord | undefined {
    return this.batches.find((batch) => batch.id === id && batch.inRuntime);
  }

  /** A batch in the history (running ones included; gone after a cascading delete). */
  findHistoricBatch(id: string): BatchRecord | undefined {
    return this.batches.find((batch) => batch.id === id && batch.inHistory);
  }

  /**
   * Ends a running process instance, as if it had completed or been cancelled meanwhile: it leaves
   * the runtime and stays in the history with this end state. Throws when no such instance runs.
   */
  endProcessInstance(
    id: string,
    state: ProcessInstanceEndState = 'COMPLETED',
    options: { endTime?: string; deleteReason?: string | null } = {},
  ): EndedProcessInstanceRecord {
    const index = this.processInstances.findIndex((instance) => instance.id === id);
    const instance = this.processInstances[index];
    if (instance === undefined) throw new Error(`no running process instance '${id}'`);
    this.processInstances.splice(index, 1);
    const ended: EndedProcessInstanceRecord = {
      ...instance,
      startTime: this.startTimeOf(instance),
      endTime: options.endTime ?? formatUtcDate(this.clock()),
      state,
      deleteReason: options.deleteReason ?? null,
    };
    this.endedProcessInstances.push(ended);
    applyRemovalTimeAtEnd(this, ended);
    return ended;
  }

  /** The start time the history shows: the record's, else the definition's deploy time. */
  startTimeOf(instance: ProcessInstanceRecord): string {
    return instance.startTime ?? this.findProcessDefinition(instance.definitionId)?.deployTime ?? formatUtcDate(0);
  }

  /**
   * IdentityService.checkPassword as DbIdentityServiceProvider does it: unknown users simply fail; a
   * locked user fails whatever the password, and nothing changes; the right password clears the lock,
   * a wrong one counts an attempt and locks the user for the next delay (`lockUser`).
   */
  checkPassword(userId: string, password: string): boolean {
    const user = this.findUser(userId);
    // A missing password (authenticatedUserPassword left out) fails without counting an attempt.
    if (!user || (password as string | null | undefined) == null) return false;
    if (this.isUserLocked(user)) return false;
    if (user.password === password) {
      this.unlockUser(userId);
      return true;
    }
    this.lockUser(user);
    return false;
  }

  /** DbIdentityServiceProvider.isUserLocked: for good after loginMaxAttempts failures, else until the lock expires. */
  isUserLocked(user: UserRecord): boolean {
    if ((user.attempts ?? 0) >= this.loginSettings.loginMaxAttempts) return true;
    const expiration = user.lockExpirationTime ?? null;
    return expiration !== null && expiration > this.clock();
  }

  /**
   * IdentityService.unlockUser (what an admin does for a user locked for good): attempts back to 0,
   * no lock. Also what a successful login does. Unknown users are ignored.
   */
  unlockUser(userId: string): void {
    const user = this.findUser(userId);
    if (!user) return;
    user.attempts = 0;
    user.lockExpirationTime = null;
  }

  /**
   * DbIdentityServiceProvider.lockUser: one more failed attempt, and no login for
   * (long) (loginDelayBase * loginDelayFactor^(attempts - 1)) seconds, at most loginDelayMaxTime.
   */
  private lockUser(user: UserRecord): void {
    const { loginDelayBase, loginDelayFactor, loginDelayMaxTime } = this.loginSettings;
    const attempts = (user.attempts ?? 0) + 1;
    const delaySeconds = Math.min(Math.trunc(loginDelayBase * loginDelayFactor ** (attempts - 1)), loginDelayMaxTime);
    user.attempts = attempts;
    user.lockExpirationTime = this.clock() + delaySeconds * 1000;
  }

  groupIdsOf(userId: string): string[] {
    return this.memberships.filter((m) => m.userId === userId).map((m) => m.groupId);
  }

  /** A fresh engine-style id for objects created at run time; deterministic per state. */
  nextId(): string {
    this.createdIds += 1;
    return engineUuid(CREATED_ID_TIME_LOW + this.createdIds);
  }
}

/** The engine's date format yyyy-MM-dd'T'HH:mm:ss.SSSZ, in UTC (the capture's JVM ran in UTC: +0000). */
export function formatUtcDate(epochMillis: number): string {
  return `${new Date(epochMillis).toISOString().slice(0, 23)}+0000`;
}

/** A freshly seeded state; every call returns an independent copy. */
export function createEngineState(flavour?: Flavour): EngineState {
  return new EngineState(flavour);
}
