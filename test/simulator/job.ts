// Jobs and job definitions: GET /job, /job/count, /job-definition and /job-definition/count, like
// JobRestServiceImpl, JobQueryDto, JobDefinitionRestServiceImpl and JobDefinitionQueryDto (7.24).
//
// Only the jobs of asynchronous continuations are modelled, derived from the state rather than stored:
// every `async` activity of a definition has a job definition (jobType async-continuation,
// jobConfiguration async-before), and every running instance at such an activity waits in a transition
// instance with a job of that definition. A job fails as the state says: a failedJob incident of the
// instance at that activity is the job without retries left (the incident's configuration is the job's
// id), `state.failingJobs` holds jobs that failed and are still retried. A migrated instance's job
// follows it (its definition and job definition are the instance's and activity's of now), as
// MigratingAsyncJobInstance moves it. The jobs of timer events are `state.timerJobs` (job-executor.ts);
// GET /job-definition also answers the three job definitions of a runtime batch (BatchEntity: jobType
// batch-seed-job, batch-monitor-job and the batch's type, jobConfiguration the batch id; the seed job
// definition's deploymentId is the migration's source deployment, as BatchBuilder sets it), which an
// authenticated user sees only with READ on every process definition ('*': they have no key).
// External tasks are not jobs here, and batch jobs only for GET /job?jobDefinitionId= their batch's.
//
// Like every query DTO, the engine ignores parameters it does not know, and so does the simulator.
import {
  addListAndCount,
  compareNullable,
  compareStrings,
  engineQuery,
  exceptionBody,
  json,
  pagedJson,
  parsePaging,
  queryFromJsonBody,
  queryReaders,
  readJsonBody,
} from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf, genericPermission, queryVisibility } from './permissions.js';
import { processInstanceVisibility } from './runtime.js';
import { engineUuid, formatUtcDate, ResourceType } from './state.js';
import type { EngineState, ProcessDefinitionRecord, ProcessInstanceRecord, TimerJobRecord } from './state.js';

/** The engine's message for an exception of its persistence layer (here: SQL it wrote wrongly). */
const PERSISTENCE_FAILURE =
  'An exception occurred in the persistence layer. Please check the server logs for a detailed message and the entire exception stack trace.';

/** JobDto, field for field and in engine order. */
export interface JobDto {
  id: string;
  jobDefinitionId: string | null;
  dueDate: string | null;
  processInstanceId: string | null;
  executionId: string | null;
  processDefinitionId: string | null;
  processDefinitionKey: string | null;
  retries: number;
  exceptionMessage: string | null;
  failedActivityId: string | null;
  suspended: boolean;
  priority: number;
  tenantId: string | null;
  createTime: string;
  batchId: string | null;
}

/** JobDefinitionDto, field for field and in engine order. */
export interface JobDefinitionDto {
  id: string;
  processDefinitionId: string | null;
  processDefinitionKey: string | null;
  activityId: string | null;
  jobType: string;
  jobConfiguration: string;
  overridingJobPriority: number | null;
  suspended: boolean;
  tenantId: string | null;
  deploymentId: string | null;
}

/** AsyncContinuationJobHandler.TYPE and MessageJobDeclaration.ASYNC_BEFORE. */
export const ASYNC_CONTINUATION = 'async-continuation';
export const ASYNC_BEFORE = 'async-before';
/** How often the engine tries a job before it gives up (the default retry count). */
const DEFAULT_RETRIES = 3;

/** A stable id for something named by text: engine-style, in a range of its own. */
function derivedId(base: number, text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return engineUuid(base + (hash % 0x0fffffff));
}

/** The id of the job of an asynchronous continuation, unless an incident or a retry kept another (see jobsOf). */
export function asyncJobId(processInstanceId: string, activityId: string): string {
  return derivedId(0xb0000000, `${processInstanceId}\u0000${activityId}`);
}

export function jobDefinitionIdOf(definitionId: string, activityId: string): string {
  return derivedId(0xa0000000, `${definitionId}\u0000${activityId}`);
}

export function jobDefinitionsOf(definition: ProcessDefinitionRecord): JobDefinitionDto[] {
  return definition.activities
    .filter((activity) => activity.async === true)
    .map((activity) => ({
      id: jobDefinitionIdOf(definition.id, activity.id),
      processDefinitionId: definition.id,
      processDefinitionKey: definition.key,
      activityId: activity.id,
      jobType: ASYNC_CONTINUATION,
      jobConfiguration: ASYNC_BEFORE,
      overridingJobPriority: null,
      suspended: false,
      tenantId: definition.tenantId,
      deploymentId: definition.deploymentId,
    }));
}

/** A job and what the queries look at besides its DTO. */
export interface JobRow {
  dto: JobDto;
  instance: ProcessInstanceRecord;
  activityId: string;
}

/** The jobs of a running instance: one per async activity it waits at. */
function jobsOf(state: EngineState, instance: ProcessInstanceRecord): JobRow[] {
  const definition = state.findProcessDefinition(instance.definitionId);
  if (definition === undefined) return [];
  const rows: JobRow[] = [];
  for (const activityId of new Set(instance.activityIds)) {
    if (definition.activities.find((activity) => activity.id === activityId)?.async !== true) continue;
    const incident = state.incidents.find(
      (candidate) => candidate.incidentType === 'failedJob' && candidate.processInstanceId === instance.id && candidate.activityId === activityId,
    );
    const failing = state.failingJobs.find((candidate) => candidate.processInstanceId === instance.id && candidate.activityId === activityId);
    const failed = incident !== undefined || failing !== undefined;
    const id = incident?.configuration ?? failing?.jobId ?? asyncJobId(instance.id, activityId);
    const setting = state.jobSettings.find((candidate) => candidate.jobId === id);
    rows.push({
      instance,
      activityId,
      dto: {
        id,
        jobDefinitionId: jobDefinitionIdOf(definition.id, activityId),
        dueDate: setting?.dueDate == null ? null : formatUtcDate(setting.dueDate),
        processInstanceId: instance.id,
        executionId: instance.id,
        processDefinitionId: definition.id,
        processDefinitionKey: definition.key,
        retries: incident !== undefined ? 0 : (failing?.retries ?? setting?.retries ?? DEFAULT_RETRIES),
        exceptionMessage: incident?.incidentMessage ?? failing?.exceptionMessage ?? null,
        failedActivityId: failed ? activityId : null,
        suspended: instance.suspended,
        priority: 0,
        tenantId: instance.tenantId,
        createTime: state.startTimeOf(instance),
        batchId: null,
      },
    });
  }
  return rows;
}

/** The timer jobs of a running instance (job-executor.ts). */
function timerJobsOf(state: EngineState, instance: ProcessInstanceRecord): JobRow[] {
  const definition = state.findProcessDefinition(instance.definitionId);
  if (definition === undefined) return [];
  return state.timerJobs
    .filter((job) => job.processInstanceId === instance.id)
    .map((job) => ({
      instance,
      activityId: job.activityId,
      dto: {
        id: job.id,
        jobDefinitionId: jobDefinitionIdOf(definition.id, job.activityId),
        dueDate: formatUtcDate(job.dueDate),
        processInstanceId: instance.id,
        executionId: instance.id,
        processDefinitionId: definition.id,
        processDefinitionKey: definition.key,
        retries: state.jobSettings.find((setting) => setting.jobId === job.id)?.retries ?? DEFAULT_RETRIES,
        exceptionMessage: null,
        failedActivityId: null,
        suspended: instance.suspended,
        priority: 0,
        tenantId: instance.tenantId,
        createTime: state.startTimeOf(instance),
        batchId: null,
      },
    }));
}

/**
 * A job by id, whoever may see it (ExecuteJobsCmd selects it by id, not through a query's
 * authorization), with its timer record when it is a timer's job (job-execute.ts).
 */
export function findJob(state: EngineState, id: string): (JobRow & { timer: TimerJobRecord | undefined }) | undefined {
  for (const instance of state.processInstances) {
    const row = [...jobsOf(state, instance), ...timerJobsOf(state, instance)].find((candidate) => candidate.dto.id === id);
    if (row !== undefined) return { ...row, timer: state.timerJobs.find((job) => job.id === id) };
  }
  return undefined;
}

/**
 * The execution jobs of a runtime batch, asked for by its batch job definition (GET /job?jobDefinitionId=):
 * those created and not done, a failed one with no retries left and its exception (batch.ts runs them).
 * Only this query shows them: elsewhere batch jobs are not modelled as jobs.
 */
function batchJobsOf(state: EngineState, jobDefinitionId: string | undefined): JobDto[] {
  if (jobDefinitionId === undefined) return [];
  const batch = state.batches.find((candidate) => candidate.inRuntime && candidate.batchJobDefinitionId === jobDefinitionId);
  if (batch === undefined) return [];
  return batch.jobs.slice(0, batch.jobsCreated).flatMap((job): JobDto[] =>
    job.status === 'succeeded' || job.jobId === undefined
      ? []
      : [
          {
            id: job.jobId,
            jobDefinitionId,
            dueDate: null,
            processInstanceId: null,
            executionId: null,
            processDefinitionId: null,
            processDefinitionKey: null,
            retries: job.status === 'failed' ? 0 : 3,
            exceptionMessage: job.exceptionMessage,
            failedActivityId: null,
            suspended: batch.suspended,
            priority: 0,
            tenantId: batch.tenantId,
            createTime: batch.startTime,
            batchId: batch.id,
          },
        ],
  );
}

/** The job definitions of the runtime batches (see the head of this file). */
function batchJobDefinitions(state: EngineState): JobDefinitionDto[] {
  return state.batches
    .filter((batch) => batch.inRuntime)
    .flatMap((batch) =>
      (
        [
          [batch.seedJobDefinitionId, 'batch-seed-job', batch.migration?.plan.source.deploymentId ?? null],
          [batch.monitorJobDefinitionId, 'batch-monitor-job', null],
          [batch.batchJobDefinitionId, batch.type, null],
        ] as const
      ).map(([id, jobType, deploymentId]) => ({
        id,
        processDefinitionId: null,
        processDefinitionKey: null,
        activityId: null,
        jobType,
        jobConfiguration: batch.id,
        overridingJobPriority: null,
        suspended: batch.suspended,
        tenantId: batch.tenantId,
        deploymentId,
      })),
    );
}

const JOB_PARAMS: Record<string, QueryParamKind> = {
  jobId: 'string',
  jobIds: 'stringArray',
  jobDefinitionId: 'string',
  processInstanceId: 'string',
  processInstanceIds: 'stringArray',
  executionId: 'string',
  processDefinitionId: 'string',
  processDefinitionKey: 'string',
  activityId: 'string',
  withRetriesLeft: 'boolean',
  executable: 'boolean',
  timers: 'boolean',
  messages: 'boolean',
  withException: 'boolean',
  exceptionMessage: 'string',
  failedActivityId: 'string',
  noRetriesLeft: 'boolean',
  active: 'boolean',
  suspended: 'boolean',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
};
const JOB_SORT_BY = [
  'jobId',
  'executionId',
  'processInstanceId',
  'processDefinitionId',
  'processDefinitionKey',
  'jobPriority',
  'jobRetries',
  'jobDueDate',
  'tenantId',
] as const;

function jobSortValue(job: JobDto, sortBy: (typeof JOB_SORT_BY)[number]): string | number | null {
  switch (sortBy) {
    case 'jobId':
      return job.id;
    case 'jobPriority':
      return job.priority;
    case 'jobRetries':
      return job.retries;
    case 'jobDueDate':
      return job.dueDate;
    default:
      return job[sortBy];
  }
}

/** The jobs a JobQueryDto given as JSON selects (POST /job, the jobQuery of POST /job/retries), as the caller may see them. */
export function jobsOfQueryBody(state: EngineState, context: RouteContext, body: unknown): { ok: true; items: JobDto[] } | { ok: false; response: Response } {
  const query = queryFromJsonBody(body, JOB_PARAMS, JOB_SORT_BY);
  return query.ok ? findJobs(state, context, query.query) : query;
}

/** Every job of the running instances, whoever may see it (job-retries.ts finds jobs by id in it). */
export function allJobRows(state: EngineState): JobRow[] {
  return state.processInstances.flatMap((instance) => [...jobsOf(state, instance), ...timerJobsOf(state, instance)]);
}

function findJobs(state: EngineState, context: RouteContext, query?: ParsedQuery): { ok: true; items: JobDto[] } | { ok: false; response: Response } {
  const parsed = query === undefined ? engineQuery(context, JOB_PARAMS, JOB_SORT_BY) : { ok: true as const, query };
  if (!parsed.ok) return parsed;
  const values = parsed.query.values;
  const { text, flag, list } = queryReaders(values);
  if (flag('timers') && flag('messages')) {
    // JobQueryImpl.timers() after messages() (or the other way round): a ProcessEngineException.
    return { ok: false, response: json(exceptionBody('ProcessEngineException', 'Cannot combine onlyTimers() with onlyMessages() in the same query', 0), 500) };
  }
  const equal: [keyof JobDto, string][] = [
    ['id', 'jobId'],
    ['jobDefinitionId', 'jobDefinitionId'],
    ['processInstanceId', 'processInstanceId'],
    ['executionId', 'executionId'],
    ['processDefinitionId', 'processDefinitionId'],
    ['processDefinitionKey', 'processDefinitionKey'],
    ['exceptionMessage', 'exceptionMessage'],
    ['failedActivityId', 'failedActivityId'],
  ];
  const jobIds = list('jobIds');
  const instanceIds = list('processInstanceIds');
  const tenants = list('tenantIdIn');
  // Job.xml (7.24, Operaton 2.1.4, CIB seven 2.2.0) writes these five criteria without a leading `and`:
  // two of them make invalid SQL, answered as a persistence failure (measured on all three). An empty
  // list is no criterion (`ids != null and !ids.isEmpty()`).
  const unjoined = [
    text('jobId'),
    jobIds?.length ? jobIds : undefined,
    text('jobDefinitionId'),
    text('activityId'),
    instanceIds?.length ? instanceIds : undefined,
  ];
  if (unjoined.filter((criterion) => criterion !== undefined).length > 1)
    return { ok: false, response: json(exceptionBody('ProcessEnginePersistenceException', PERSISTENCE_FAILURE, 0), 500) };
  const visible = processInstanceVisibility(state, authenticationOf(state, context.authenticatedUserId));
  const rows: { dto: JobDto; activityId: string }[] = [
    ...state.processInstances.filter(visible).flatMap((instance) => [...jobsOf(state, instance), ...timerJobsOf(state, instance)]),
    ...batchJobsOf(state, text('jobDefinitionId')).map((dto) => ({ dto, activityId: '' })),
  ];
  const items = rows
    .filter(({ dto, activityId }) => {
      for (const [field, parameter] of equal) {
        const wanted = text(parameter);
        if (wanted !== undefined && dto[field] !== wanted) return false;
      }
      if (text('activityId') !== undefined && activityId !== text('activityId')) return false;
      if (jobIds !== undefined && jobIds.length > 0 && !jobIds.includes(dto.id)) return false;
      if (instanceIds !== undefined && instanceIds.length > 0 && !instanceIds.includes(dto.processInstanceId ?? '')) return false;
      if (flag('withRetriesLeft') && dto.retries <= 0) return false;
      if (flag('noRetriesLeft') && dto.retries > 0) return false;
      if (flag('executable') && dto.retries <= 0) return false;
      const timer = state.timerJobs.some((job) => job.id === dto.id);
      if (flag('timers') && !timer) return false;
      if (flag('messages') && timer) return false;
      if (flag('withException') && dto.exceptionMessage === null) return false;
      if (flag('active') && dto.suspended) return false;
      if (flag('suspended') && !dto.suspended) return false;
      if (flag('withoutTenantId') && dto.tenantId !== null) return false;
      if (!flag('withoutTenantId') && tenants !== undefined && !tenants.includes(dto.tenantId ?? '')) return false;
      return true;
    })
    .map(({ dto }) => dto);
  const { sortBy, sortOrder } = parsed.query;
  if (sortBy !== undefined) {
    const direction = sortOrder === 'desc' ? -1 : 1;
    const key = sortBy as (typeof JOB_SORT_BY)[number];
    items.sort((a, b) => compareNullable(jobSortValue(a, key), jobSortValue(b, key)) * direction || compareStrings(a.id, b.id));
  } else {
    items.sort((a, b) => compareStrings(a.id, b.id));
  }
  return { ok: true, items };
}

const JOB_DEFINITION_PARAMS: Record<string, QueryParamKind> = {
  jobDefinitionId: 'string',
  activityIdIn: 'stringArray',
  processDefinitionId: 'string',
  processDefinitionKey: 'string',
  jobType: 'string',
  jobConfiguration: 'string',
  active: 'boolean',
  suspended: 'boolean',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
};
const JOB_DEFINITION_SORT_BY = [
  'jobDefinitionId',
  'activityId',
  'processDefinitionId',
  'processDefinitionKey',
  'jobType',
  'jobConfiguration',
  'tenantId',
] as const;

function findJobDefinitions(state: EngineState, context: RouteContext): { ok: true; items: JobDefinitionDto[] } | { ok: false; response: Response } {
  const parsed = engineQuery(context, JOB_DEFINITION_PARAMS, JOB_DEFINITION_SORT_BY);
  if (!parsed.ok) return parsed;
  const values = parsed.query.values;
  const { text, flag, list } = queryReaders(values);
  // AuthorizationManager.configureJobDefinitionQuery: READ on PROCESS_DEFINITION with the key.
  const authentication = authenticationOf(state, context.authenticatedUserId);
  const readable = authentication === null ? () => true : queryVisibility(state, authentication, genericPermission('READ'), ResourceType.PROCESS_DEFINITION);
  const activities = list('activityIdIn');
  const tenants = list('tenantIdIn');
  const items = [
    ...state.processDefinitions.filter((definition) => readable(definition.key)).flatMap(jobDefinitionsOf),
    ...(readable('*') ? batchJobDefinitions(state) : []),
  ].filter((dto) => {
    const fields: [keyof JobDefinitionDto, string][] = [
      ['id', 'jobDefinitionId'],
      ['processDefinitionId', 'processDefinitionId'],
      ['processDefinitionKey', 'processDefinitionKey'],
      ['jobType', 'jobType'],
      ['jobConfiguration', 'jobConfiguration'],
    ];
    for (const [field, parameter] of fields) {
      const wanted = text(parameter);
      if (wanted !== undefined && dto[field] !== wanted) return false;
    }
    if (activities !== undefined && !activities.includes(dto.activityId ?? '')) return false;
    if (flag('suspended')) return false;
    if (flag('withoutTenantId') && dto.tenantId !== null) return false;
    if (!flag('withoutTenantId') && tenants !== undefined && !tenants.includes(dto.tenantId ?? '')) return false;
    return true;
  });
  const { sortBy, sortOrder } = parsed.query;
  const key = (dto: JobDefinitionDto): string | null => {
    switch (sortBy as (typeof JOB_DEFINITION_SORT_BY)[number] | undefined) {
      case 'activityId':
        return dto.activityId;
      case 'processDefinitionId':
        return dto.processDefinitionId;
      case 'processDefinitionKey':
        return dto.processDefinitionKey;
      case 'jobType':
        return dto.jobType;
      case 'jobConfiguration':
        return dto.jobConfiguration;
      case 'tenantId':
        return dto.tenantId;
      default:
        return dto.id;
    }
  };
  const direction = sortOrder === 'desc' ? -1 : 1;
  items.sort((a, b) => compareNullable(key(a), key(b)) * direction || compareStrings(a.id, b.id));
  return { ok: true, items };
}

export function registerJobRoutes(router: EngineRouter, state: EngineState): void {
  addListAndCount(router, state, '/job', (context) => findJobs(state, context));
  // JobRestService.queryJobs / queryJobsCount: the JobQueryDto as the body, paging in the URL.
  const fromBody = async (context: RouteContext) => {
    const body = await readJsonBody(context.request);
    return body.ok ? jobsOfQueryBody(state, context, body.body) : body;
  };
  router.add('post', '/job', async (context) => {
    const paging = parsePaging(context.url.searchParams);
    if (!paging.ok) return paging.response;
    const result = await fromBody(context);
    return result.ok ? pagedJson(state, context, result.items, paging.paging, (item) => item) : result.response;
  });
  router.add('post', '/job/count', async (context) => {
    const result = await fromBody(context);
    return result.ok ? json({ count: result.items.length }) : result.response;
  });
  addListAndCount(router, state, '/job-definition', (context) => findJobDefinitions(state, context));
}
