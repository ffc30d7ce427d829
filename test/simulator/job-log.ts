// The historic job log of batch jobs: GET /history/job-log and /history/job-log/count, like
// HistoricJobLogRestServiceImpl, HistoricJobLogQueryDto, HistoricJobLogDto and the job log events of
// DefaultHistoryEventProducer (7.24). Written at history level FULL, the level at which historic
// batches exist at all (HistoryLevelFull is the only level producing BATCH_START/BATCH_END).
//
// What writes it (batch.ts calls these):
//   * a job is created: a creation log (the seed job at batch creation; per seed run the batch jobs it
//     creates, then the next seed job or, once all are created, the monitor job, both before the seed
//     job's own success);
//   * a job succeeds: a success log (the seed job per run, each batch job that migrated its instances,
//     the monitor job when it completes the batch);
//   * a job fails: a failure log per attempt, written before the retries are decremented
//     (FailedJobListener): a batch job that fails for good has failed three times, with jobRetries 3,
//     2 and 1 (the default retries), and keeps the exception message;
//   * a job is deleted without having run (JobEntity.delete of a job that is not the one executing):
//     a deletion log. DELETE /batch/{id} (BatchEntity.delete) deletes the seed or monitor job that
//     exists and every batch job not yet done; its retries are what they were (0 for a failed one),
//     without an exception message. The monitor job that completes a batch deletes the batch as well,
//     but is itself the executing job: no deletion log, so a completed batch has none.
//   * DELETE /batch/{id}?cascade=true removes the entries of the batch's three job definitions
//     (HistoricJobLogManager.deleteHistoricJobLogsByJobDefinitionId).
// Every job definition of a batch has the batch id as its configuration, so jobDefinitionConfiguration
// = batch id finds the entries of all three.
//
// Not simulated: the monitor job's runs before the one that completes the batch (the simulator
// completes a batch right after its last job), job logs of anything but batches, stack traces.
//
// Queries: the filters of HistoricJobLogQueryDto (a boolean log filter applies only when true; false
// is ignored, as the DTO does), sortBy/sortOrder, firstResult/maxResults. Permissions
// (AuthorizationManager.configureHistoricJobLogQuery without historic instance permissions): READ_HISTORY
// on PROCESS_DEFINITION with the row's processDefinitionKey; batch jobs have none, so only a grant on
// '*' shows them to an authenticated user who is not in camunda-admin.
import { addListAndCount, compareNullable, compareStrings, engineQuery } from './handlers.js';
import type { EngineRouter, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf, genericPermission, queryVisibility } from './permissions.js';
import { parseEngineDate } from './repository.js';
import { formatUtcDate, ResourceType } from './state.js';
import type { BatchRecord, EngineState } from './state.js';

/** HistoricJobLogDto in engine order (the DTO's field order). */
export interface HistoricJobLogDto {
  id: string;
  timestamp: string;
  removalTime: string | null;
  jobId: string;
  jobDueDate: string | null;
  jobRetries: number;
  jobPriority: number;
  jobExceptionMessage: string | null;
  jobDefinitionId: string;
  jobDefinitionType: string;
  jobDefinitionConfiguration: string;
  activityId: string | null;
  failedActivityId: string | null;
  executionId: string | null;
  processInstanceId: string | null;
  processDefinitionId: string | null;
  processDefinitionKey: string | null;
  deploymentId: string | null;
  tenantId: string | null;
  hostname: string;
  rootProcessInstanceId: string | null;
  batchId: string;
  creationLog: boolean;
  failureLog: boolean;
  successLog: boolean;
  deletionLog: boolean;
}

/** BatchSeedJobHandler.TYPE, BatchMonitorJobHandler.TYPE; batch jobs have the batch type. */
export const SEED_JOB_TYPE = 'batch-seed-job';
export const MONITOR_JOB_TYPE = 'batch-monitor-job';

/** ProcessEngineConfiguration's default hostname: the host address and the engine name. */
const HOSTNAME = '127.0.0.1$default';
/** The retries a new job has (DefaultJobRetryCmd without a retry time cycle). */
export const DEFAULT_JOB_RETRIES = 3;

export type JobKind = 'seed' | 'monitor' | 'batch';
export type JobLogEvent = 'created' | 'failed' | 'succeeded' | 'deleted';

export interface JobLogJob {
  kind: JobKind;
  id: string;
  retries: number;
}

/** Appends one entry for `job` of `batch`; `at` in epoch milliseconds. */
export function logJob(state: EngineState, batch: BatchRecord, job: JobLogJob, event: JobLogEvent, at: number, exceptionMessage: string | null = null): void {
  const definitionId = job.kind === 'seed' ? batch.seedJobDefinitionId : job.kind === 'monitor' ? batch.monitorJobDefinitionId : batch.batchJobDefinitionId;
  const type = job.kind === 'seed' ? SEED_JOB_TYPE : job.kind === 'monitor' ? MONITOR_JOB_TYPE : batch.type;
  // Jobs of a migration batch belong to the source definition's deployment (the seed job and the
  // batch jobs); the monitor job to none.
  const deploymentId = job.kind === 'monitor' ? null : (batch.migration?.plan.source.deploymentId ?? null);
  state.jobLog.push({
    id: state.nextId(),
    timestamp: formatUtcDate(at),
    removalTime: null,
    jobId: job.id,
    jobDueDate: null,
    jobRetries: job.retries,
    jobPriority: 0,
    jobExceptionMessage: event === 'failed' ? exceptionMessage : null,
    jobDefinitionId: definitionId,
    jobDefinitionType: type,
    jobDefinitionConfiguration: batch.id,
    activityId: null,
    failedActivityId: null,
    executionId: null,
    processInstanceId: null,
    processDefinitionId: null,
    processDefinitionKey: null,
    deploymentId,
    tenantId: batch.tenantId,
    hostname: HOSTNAME,
    rootProcessInstanceId: null,
    batchId: batch.id,
    creationLog: event === 'created',
    failureLog: event === 'failed',
    successLog: event === 'succeeded',
    deletionLog: event === 'deleted',
  });
}

/** The cascade of DELETE /batch/{id}?cascade=true: the entries of the batch's job definitions go. */
export function removeJobLogOf(state: EngineState, batch: BatchRecord): void {
  const definitions = new Set([batch.seedJobDefinitionId, batch.monitorJobDefinitionId, batch.batchJobDefinitionId]);
  state.jobLog = state.jobLog.filter((entry) => !definitions.has(entry.jobDefinitionId));
}

// ---------------------------------------------------------------------------------------------
// Queries

const JOB_LOG_QUERY_PARAMS: Record<string, QueryParamKind> = {
  logId: 'string',
  jobId: 'string',
  jobExceptionMessage: 'string',
  jobDefinitionId: 'string',
  jobDefinitionType: 'string',
  jobDefinitionConfiguration: 'string',
  activityIdIn: 'stringArray',
  failedActivityIdIn: 'stringArray',
  executionIdIn: 'stringArray',
  processInstanceId: 'string',
  processDefinitionId: 'string',
  processDefinitionKey: 'string',
  deploymentId: 'string',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
  hostname: 'string',
  jobPriorityLowerThanOrEquals: 'integer',
  jobPriorityHigherThanOrEquals: 'integer',
  creationLog: 'boolean',
  failureLog: 'boolean',
  successLog: 'boolean',
  deletionLog: 'boolean',
};

const JOB_LOG_SORT_BY = [
  'timestamp',
  'jobId',
  'jobDueDate',
  'jobRetries',
  'jobPriority',
  'jobDefinitionId',
  'activityId',
  'executionId',
  'processInstanceId',
  'processDefinitionId',
  'processDefinitionKey',
  'deploymentId',
  'occurrence',
  'tenantId',
  'hostname',
] as const;

/** No authorization names this: only '*' grants match a row without a process definition key. */
const NO_KEY = '\u0000no process definition key';

type Filtered = { ok: true; items: HistoricJobLogDto[] } | { ok: false; response: Response };

function queryJobLog(context: RouteContext, state: EngineState): Filtered {
  const parsed = engineQuery(context, JOB_LOG_QUERY_PARAMS, JOB_LOG_SORT_BY);
  if (!parsed.ok) return parsed;
  const values = parsed.query.values;
  const authentication = authenticationOf(state, context.authenticatedUserId);
  const readable =
    authentication === null ? () => true : queryVisibility(state, authentication, genericPermission('READ_HISTORY'), ResourceType.PROCESS_DEFINITION);
  const equals: [keyof HistoricJobLogDto, string][] = [
    ['id', 'logId'],
    ['jobId', 'jobId'],
    ['jobExceptionMessage', 'jobExceptionMessage'],
    ['jobDefinitionId', 'jobDefinitionId'],
    ['jobDefinitionType', 'jobDefinitionType'],
    ['jobDefinitionConfiguration', 'jobDefinitionConfiguration'],
    ['processInstanceId', 'processInstanceId'],
    ['processDefinitionId', 'processDefinitionId'],
    ['processDefinitionKey', 'processDefinitionKey'],
    ['deploymentId', 'deploymentId'],
  ];
  const within: [keyof HistoricJobLogDto, string][] = [
    ['activityId', 'activityIdIn'],
    ['failedActivityId', 'failedActivityIdIn'],
    ['executionId', 'executionIdIn'],
  ];
  const items = state.jobLog.filter((entry) => {
    if (!readable(entry.processDefinitionKey ?? NO_KEY)) return false;
    for (const [field, param] of equals) if (values[param] !== undefined && entry[field] !== values[param]) return false;
    for (const [field, param] of within) {
      const wanted = values[param];
      if (Array.isArray(wanted) && wanted.length > 0 && !wanted.includes(String(entry[field]))) return false;
    }
    const tenants = values.tenantIdIn;
    if (Array.isArray(tenants) && tenants.length > 0 && (entry.tenantId === null || !tenants.includes(entry.tenantId))) return false;
    if (values.withoutTenantId === true && entry.tenantId !== null) return false;
    if (typeof values.hostname === 'string' && values.hostname !== '' && entry.hostname !== values.hostname) return false;
    if (typeof values.jobPriorityLowerThanOrEquals === 'number' && entry.jobPriority > values.jobPriorityLowerThanOrEquals) return false;
    if (typeof values.jobPriorityHigherThanOrEquals === 'number' && entry.jobPriority < values.jobPriorityHigherThanOrEquals) return false;
    for (const flag of ['creationLog', 'failureLog', 'successLog', 'deletionLog'] as const) if (values[flag] === true && !entry[flag]) return false;
    return true;
  });
  const direction = parsed.query.sortOrder === 'desc' ? -1 : 1;
  const sortBy = parsed.query.sortBy;
  const key = (entry: HistoricJobLogDto): string | number | null => {
    switch (sortBy) {
      case undefined:
        return null;
      case 'timestamp':
      case 'occurrence':
        // The timestamp, and for ties the sequence counter: the order the entries were written.
        return parseEngineDate(entry.timestamp) ?? null;
      case 'jobDueDate':
        return entry.jobDueDate === null ? null : (parseEngineDate(entry.jobDueDate) ?? null);
      default:
        return entry[sortBy as keyof HistoricJobLogDto] as string | number | null;
    }
  };
  // Unsorted: ORDER BY RES.ID_ asc; a sort breaks ties by the order of writing (the sequence counter).
  const sorted =
    sortBy === undefined
      ? [...items].sort((a, b) => compareStrings(a.id, b.id))
      : items
          .map((entry, index) => ({ entry, index }))
          .sort((a, b) => compareNullable(key(a.entry), key(b.entry)) * direction || (a.index - b.index) * direction)
          .map(({ entry }) => entry);
  return { ok: true, items: sorted };
}

export function registerJobLogRoutes(router: EngineRouter, state: EngineState): void {
  addListAndCount(router, state, '/history/job-log', (context) => queryJobLog(context, state));
}
