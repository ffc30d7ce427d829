// Batches: the simulated job executor and the /batch and /history/batch resources, like
// BatchRestServiceImpl, BatchResourceImpl, BatchQueryDto, BatchStatisticsQueryDto,
// HistoricBatchRestServiceImpl and HistoricBatchResourceImpl (7.24).
//
// The job executor model. A batch's work is a sequence of executor steps:
//   * seed steps: while jobsCreated < totalJobs, one step creates up to batchJobsPerSeed jobs;
//   * then the batch jobs, in order, one step each: a migration job migrates its instances (all or
//     none) or FAILS, with no retries left, when one of them cannot be migrated (ENGINE-23002/23003/
//     23004/23010) or is listed in state.batchSettings.failInstanceIds. The first job that runs sets
//     executionStartTime.
// After the last job succeeds the monitor job completes the batch at once: it leaves the runtime
// (GET /batch/{id} 404, statistics []) and the history gets its endTime. A batch with a failed job
// never completes (failedJobs > 0, remainingJobs counts the failed job), like the engine. Suspended
// batches do not move. Batches take turns in creation order: the oldest batch with work gets the step.
//
// Every job created, run, failed or deleted is written to the historic job log (job-log.ts).
//
// Time. `state.batchSettings.jobsPerSecond` steps per second of `state.clock` time are worked off
// lazily, before each request the simulator answers (runDueBatchJobs); nothing runs in between, so
// tests that look at `state` directly call runDueBatchJobs(state) first. Steps get the time they would
// have run at. jobsPerSecond 0 stops automatic progress: runBatchJobs(state, n) (or sim.advanceBatches(n))
// then moves batches step by step, which is what deterministic tests want.
import { batchObjectDenied, createWorkBatch } from './batch-work.js';
import { checkProcessInstanceMigration } from './execution.js';
import type { InstanceMigrationCheck } from './execution.js';
import {
  compareNullable,
  compareStrings,
  engineQuery,
  exceptionBody,
  invalidJsonBody,
  invalidRequest,
  isJsonObject,
  json,
  JsonFields,
  noContent,
  pagedJson,
  parsePaging,
  parseQuery,
  readJsonBody,
  sortPairError,
} from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, QueryValue, RouteContext } from './handlers.js';
import { DEFAULT_JOB_RETRIES, logJob, removeJobLogOf } from './job-log.js';
import type { MigrationPlan } from './migration.js';
import { nullPointer } from './migration.js';
import { authenticationOf, checkAuthorization, genericPermission, queryVisibility } from './permissions.js';
import { parseEngineDate } from './repository.js';
import { formatUtcDate, ResourceType } from './state.js';
import type { BatchJobRecord, BatchRecord, EngineState } from './state.js';

export const MIGRATION_BATCH_TYPE = 'instance-migration';

// ---------------------------------------------------------------------------------------------
// DTOs

/** BatchDto in engine order (migration-execute-async.json, batch-get-pending.json). */
export interface BatchDto {
  id: string;
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
  startTime: string;
  executionStartTime: string | null;
}

/** BatchStatisticsDto: BatchDto plus the job counts (batch-statistics.json). */
export interface BatchStatisticsDto extends BatchDto {
  remainingJobs: number;
  completedJobs: number;
  failedJobs: number;
}

/** HistoricBatchDto in engine order (history-batch-get.json). */
export interface HistoricBatchDto {
  id: string;
  type: string;
  totalJobs: number;
  batchJobsPerSeed: number;
  invocationsPerBatchJob: number;
  seedJobDefinitionId: string;
  monitorJobDefinitionId: string;
  batchJobDefinitionId: string;
  tenantId: string | null;
  createUserId: string | null;
  startTime: string;
  endTime: string | null;
  removalTime: string | null;
  executionStartTime: string | null;
}

export function batchDto(batch: BatchRecord): BatchDto {
  return {
    id: batch.id,
    type: batch.type,
    totalJobs: batch.totalJobs,
    jobsCreated: batch.jobsCreated,
    batchJobsPerSeed: batch.batchJobsPerSeed,
    invocationsPerBatchJob: batch.invocationsPerBatchJob,
    seedJobDefinitionId: batch.seedJobDefinitionId,
    monitorJobDefinitionId: batch.monitorJobDefinitionId,
    batchJobDefinitionId: batch.batchJobDefinitionId,
    suspended: batch.suspended,
    tenantId: batch.tenantId,
    createUserId: batch.createUserId,
    startTime: batch.startTime,
    executionStartTime: batch.executionStartTime,
  };
}

/** Jobs with no retries left. */
export function failedJobsOf(batch: BatchRecord): number {
  return batch.jobs.slice(0, batch.jobsCreated).filter((job) => job.status === 'failed').length;
}

/** BatchStatisticsEntity: remaining = not yet created + existing (pending or failed) jobs. */
export function batchStatisticsDto(batch: BatchRecord): BatchStatisticsDto {
  const existing = batch.jobs.slice(0, batch.jobsCreated).filter((job) => job.status !== 'succeeded').length;
  const remainingJobs = batch.totalJobs - batch.jobsCreated + existing;
  return { ...batchDto(batch), remainingJobs, completedJobs: batch.totalJobs - remainingJobs, failedJobs: failedJobsOf(batch) };
}

export function historicBatchDto(batch: BatchRecord): HistoricBatchDto {
  return {
    id: batch.id,
    type: batch.type,
    totalJobs: batch.totalJobs,
    batchJobsPerSeed: batch.batchJobsPerSeed,
    invocationsPerBatchJob: batch.invocationsPerBatchJob,
    seedJobDefinitionId: batch.seedJobDefinitionId,
    monitorJobDefinitionId: batch.monitorJobDefinitionId,
    batchJobDefinitionId: batch.batchJobDefinitionId,
    tenantId: batch.tenantId,
    createUserId: batch.createUserId,
    startTime: batch.startTime,
    endTime: batch.endTime,
    removalTime: batch.removalTime,
    executionStartTime: batch.executionStartTime,
  };
}

// ---------------------------------------------------------------------------------------------
// Creation (MigrateProcessInstanceBatchCmd.createBatch)

export interface MigrationBatchOptions {
  plan: MigrationPlan;
  /** In the order the jobs take them (the engine's HashSet order; see execution.ts). */
  processInstanceIds: readonly string[];
  skipCustomListeners?: boolean;
  skipIoMappings?: boolean;
  createUserId?: string | null;
}

/**
 * A new instance-migration batch, pending: no job created yet. Ids: the batch first, then its seed,
 * monitor and batch job definitions (the engine's insert order). totalJobs = ceil(instances /
 * invocationsPerBatchJob); the tenant is the source definition's.
 */
export function createMigrationBatch(state: EngineState, options: MigrationBatchOptions): BatchRecord {
  return createWorkBatch(state, {
    type: MIGRATION_BATCH_TYPE,
    ids: options.processInstanceIds,
    tenantId: options.plan.source.tenantId,
    createUserId: options.createUserId ?? null,
    migration: { plan: options.plan, skipCustomListeners: options.skipCustomListeners ?? false, skipIoMappings: options.skipIoMappings ?? false },
  });
}

// ---------------------------------------------------------------------------------------------
// The job executor

/** The batch has a step to take: it runs, and a seed or a created pending job is left. */
export function batchHasWork(batch: BatchRecord): boolean {
  if (!batch.inRuntime || batch.suspended) return false;
  return batch.jobsCreated < batch.totalJobs || batch.jobs.slice(0, batch.jobsCreated).some((job) => job.status === 'pending');
}

/** Runs one job's command in one transaction; returns the exception message of a failure, else null. */
function executeJob(state: EngineState, batch: BatchRecord, job: BatchJobRecord): string | null {
  const checks: (InstanceMigrationCheck & { ok: true })[] = [];
  const applies: (() => void)[] = [];
  for (const id of job.processInstanceIds) {
    if (state.batchSettings.failInstanceIds?.has(id) === true) return `Simulated failure for process instance '${id}' (batchSettings.failInstanceIds)`;
    const runBy = state.batchSettings.jobsRunBy;
    const denied = runBy === undefined ? undefined : batchObjectDenied(state, batch, id, runBy);
    if (denied !== undefined) return denied;
    if (batch.work) {
      const check = batch.work.check(state, id);
      if (!check.ok) return check.message;
      applies.push(check.apply);
      continue;
    }
    if (batch.migration === null) continue;
    const check = checkProcessInstanceMigration(state, batch.migration.plan, id);
    if (!check.ok) return check.message;
    checks.push(check);
  }
  for (const check of checks) check.migrate();
  for (const apply of applies) apply();
  return null;
}

function step(state: EngineState, batch: BatchRecord, at: number): void {
  if (batch.jobsCreated < batch.totalJobs) {
    // BatchSeedJobHandler: creates the next jobs, then the next seed job, or the monitor job when done.
    const created = Math.min(batch.totalJobs, batch.jobsCreated + batch.batchJobsPerSeed);
    for (const job of batch.jobs.slice(batch.jobsCreated, created)) {
      job.jobId = state.nextId();
      logJob(state, batch, { kind: 'batch', id: job.jobId, retries: DEFAULT_JOB_RETRIES }, 'created', at);
    }
    batch.jobsCreated = created;
    // The handler creates the next job; the seed job's success is logged after the handler returns.
    const seedJob = batch.controlJob;
    batch.controlJob = { kind: created < batch.totalJobs ? 'seed' : 'monitor', id: state.nextId() };
    logJob(state, batch, { ...batch.controlJob, retries: DEFAULT_JOB_RETRIES }, 'created', at);
    if (seedJob) logJob(state, batch, { ...seedJob, retries: DEFAULT_JOB_RETRIES }, 'succeeded', at);
  } else {
    const job = batch.jobs.slice(0, batch.jobsCreated).find((candidate) => candidate.status === 'pending');
    if (job === undefined) return;
    // AbstractBatchJobHandler.execute: the first execution job stamps the batch, whatever its outcome.
    batch.executionStartTime ??= formatUtcDate(at);
    const failure = executeJob(state, batch, job);
    job.status = failure === null ? 'succeeded' : 'failed';
    job.exceptionMessage = failure;
    const jobId = job.jobId ?? state.nextId();
    if (failure === null) {
      logJob(state, batch, { kind: 'batch', id: jobId, retries: DEFAULT_JOB_RETRIES }, 'succeeded', at);
    } else {
      // Failed for good: every attempt failed, each logged before its retry was taken away.
      for (let retries = DEFAULT_JOB_RETRIES; retries > 0; retries--) logJob(state, batch, { kind: 'batch', id: jobId, retries }, 'failed', at, failure);
    }
  }
  // The monitor job: all jobs created and done, none failed. It deletes the batch while it executes
  // itself, so it leaves a success log, no deletion log.
  if (batch.jobsCreated === batch.totalJobs && batch.jobs.every((job) => job.status === 'succeeded') && state.batchSettings.monitorWaits !== true) {
    if (batch.controlJob) logJob(state, batch, { ...batch.controlJob, retries: DEFAULT_JOB_RETRIES }, 'succeeded', at);
    batch.controlJob = undefined;
    batch.inRuntime = false;
    batch.endTime = formatUtcDate(at);
  }
}

/**
 * BatchEntity.delete from DELETE /batch/{id}: the seed or monitor job that exists and every batch job
 * not done are deleted, each with a deletion log; with cascade the log of the batch goes as well.
 */
function deleteBatchJobs(state: EngineState, batch: BatchRecord, cascade: boolean): void {
  const at = state.clock();
  if (batch.controlJob) logJob(state, batch, { ...batch.controlJob, retries: DEFAULT_JOB_RETRIES }, 'deleted', at);
  batch.controlJob = undefined;
  for (const job of batch.jobs.slice(0, batch.jobsCreated)) {
    if (job.status === 'succeeded' || job.jobId === undefined) continue;
    logJob(state, batch, { kind: 'batch', id: job.jobId, retries: job.status === 'failed' ? 0 : DEFAULT_JOB_RETRIES }, 'deleted', at);
  }
  if (cascade) removeJobLogOf(state, batch);
}

/**
 * Runs up to `steps` executor steps now, whatever jobsPerSecond says: each step goes to the oldest
 * batch with work. `timeOf(k)` gives the epoch millis of step k (default: state.clock()). Returns how
 * many steps ran; fewer than asked when no batch has work left.
 */
export function runBatchJobs(state: EngineState, steps = 1, timeOf?: (step: number) => number): number {
  let done = 0;
  while (done < steps) {
    const batch = state.batches.find(batchHasWork);
    if (batch === undefined) break;
    const at = Math.max(timeOf?.(done) ?? state.clock(), parseEngineDate(batch.startTime) ?? 0);
    step(state, batch, at);
    done += 1;
  }
  return done;
}

/**
 * Works off the steps due since the executor last caught up, at jobsPerSecond. Idle time is not
 * banked: without work (or with jobsPerSecond 0) the executor just notes the time. The simulator
 * calls this before answering each request.
 */
export function runDueBatchJobs(state: EngineState): number {
  const now = state.clock();
  const executor = state.jobExecutor;
  const perSecond = state.batchSettings.jobsPerSecond;
  if (executor.lastTick === null || !(perSecond > 0) || !state.batches.some(batchHasWork)) {
    executor.lastTick = now;
    executor.credit = 0;
    return 0;
  }
  const start = executor.lastTick;
  const credit = executor.credit;
  const total = credit + (Math.max(0, now - start) * perSecond) / 1000;
  const due = Math.floor(total);
  const ran = runBatchJobs(state, due, (k) => Math.min(now, Math.round(start + ((k + 1 - credit) * 1000) / perSecond)));
  executor.lastTick = now;
  executor.credit = ran < due ? 0 : total - due;
  return ran;
}

// ---------------------------------------------------------------------------------------------
// Queries

const BATCH_QUERY_PARAMS: Record<string, QueryParamKind> = {
  batchId: 'string',
  type: 'string',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
  suspended: 'boolean',
};
const BATCH_SORT_BY = ['batchId', 'tenantId'] as const;

/** BatchStatisticsQueryDto (7.18+ adds createdBy, the start dates, the failure filters and sortBy startTime). */
const STATISTICS_QUERY_PARAMS: Record<string, QueryParamKind> = {
  ...BATCH_QUERY_PARAMS,
  createdBy: 'string',
  startedBefore: 'string',
  startedAfter: 'string',
  withFailures: 'boolean',
  withoutFailures: 'boolean',
};
const STATISTICS_SORT_BY = ['batchId', 'tenantId', 'startTime'] as const;

const HISTORIC_BATCH_QUERY_PARAMS: Record<string, QueryParamKind> = {
  batchId: 'string',
  type: 'string',
  completed: 'boolean',
  tenantIdIn: 'stringArray',
  withoutTenantId: 'boolean',
};
const HISTORIC_BATCH_SORT_BY = ['batchId', 'startTime', 'endTime', 'tenantId'] as const;

type Filtered = { ok: true; items: BatchRecord[] } | { ok: false; response: Response };

/** DateConverter, as for the process definition dates. */
function dateParam(values: Record<string, QueryValue>, name: string): { ok: true; value?: number } | { ok: false; response: Response } {
  const raw = values[name];
  if (typeof raw !== 'string') return { ok: true };
  const parsed = parseEngineDate(raw);
  if (parsed === undefined) {
    return {
      ok: false,
      response: invalidRequest(400, `Cannot set query parameter '${name}' to value '${raw}': Cannot convert value "${raw}" to java type java.util.Date`),
    };
  }
  return { ok: true, value: parsed };
}

/**
 * withoutTenantId() then tenantIdIn(...) as the DTOs call them: both set the same field, so a
 * non-empty tenantIdIn wins (unlike process queries).
 */
function matchesTenant(tenantId: string | null, values: Record<string, QueryValue>): boolean {
  const tenants = values.tenantIdIn;
  if (Array.isArray(tenants) && tenants.length > 0) return tenantId !== null && tenants.includes(tenantId);
  if (values.withoutTenantId === true) return tenantId === null;
  return true;
}

function sortBatches(items: BatchRecord[], query: ParsedQuery): BatchRecord[] {
  const direction = query.sortOrder === 'desc' ? -1 : 1;
  const key = (batch: BatchRecord): string | number | null => {
    switch (query.sortBy) {
      case 'batchId':
        return batch.id;
      case 'tenantId':
        return batch.tenantId;
      case 'startTime':
        return parseEngineDate(batch.startTime) ?? null;
      case 'endTime':
        return batch.endTime === null ? null : (parseEngineDate(batch.endTime) ?? null);
      default:
        return null;
    }
  };
  // Unsorted: by id (the default ORDER BY RES.ID_ asc); explicit sorts break ties by id too.
  return [...items].sort((a, b) => (query.sortBy === undefined ? 0 : compareNullable(key(a), key(b)) * direction) || compareStrings(a.id, b.id));
}

/**
 * The authorization check of batch queries, per row: READ on BATCH with the batch id for the runtime
 * batch and statistics queries (AuthorizationManager.configureBatchQuery, configureBatchStatisticsQuery),
 * READ_HISTORY for the historic batch query (configureHistoricBatchQuery). Without an authenticated
 * user everything is visible. GET /batch/{id} and /history/batch/{id} are such queries too, so a batch
 * the caller may not read is a 404, not a 403 (batch-get-without-read-permission.json).
 */
function batchVisibility(context: RouteContext, state: EngineState, permission: 'READ' | 'READ_HISTORY'): (batch: BatchRecord) => boolean {
  const authentication = authenticationOf(state, context.authenticatedUserId);
  if (authentication === null) return () => true;
  const visible = queryVisibility(state, authentication, genericPermission(permission), ResourceType.BATCH);
  return (batch) => visible(batch.id);
}

/** A single check on one batch (AuthorizationCommandChecker.checkSuspendBatch/checkActivateBatch: UPDATE, checkDeleteBatch: DELETE). */
function checkBatchPermission(context: RouteContext, state: EngineState, permission: 'UPDATE' | 'DELETE', batch: BatchRecord): Response | undefined {
  return checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: genericPermission(permission), resourceType: ResourceType.BATCH, resourceId: batch.id },
  ]);
}

function queryBatches(context: RouteContext, state: EngineState, statistics: boolean): Filtered {
  const parsed = parseQuery(
    context.url.searchParams,
    statistics ? STATISTICS_QUERY_PARAMS : BATCH_QUERY_PARAMS,
    statistics ? STATISTICS_SORT_BY : BATCH_SORT_BY,
  );
  if (!parsed.ok) return parsed;
  const values = parsed.query.values;
  const before = dateParam(values, 'startedBefore');
  if (!before.ok) return before;
  const after = dateParam(values, 'startedAfter');
  if (!after.ok) return after;
  const engineError = context.engineError();
  if (engineError) return { ok: false, response: engineError };
  const sortError = sortPairError(parsed.query);
  if (sortError) return { ok: false, response: sortError };
  const readable = batchVisibility(context, state, 'READ');
  const items = state.batches.filter((batch) => {
    if (!batch.inRuntime || !readable(batch)) return false;
    if (values.batchId !== undefined && batch.id !== values.batchId) return false;
    if (values.type !== undefined && batch.type !== values.type) return false;
    if (!matchesTenant(batch.tenantId, values)) return false;
    if (values.suspended !== undefined && batch.suspended !== values.suspended) return false;
    if (!statistics) return true;
    if (values.createdBy !== undefined && batch.createUserId !== values.createdBy) return false;
    const started = parseEngineDate(batch.startTime) ?? 0;
    if (before.value !== undefined && started > before.value) return false;
    if (after.value !== undefined && started < after.value) return false;
    if (values.withFailures === true && failedJobsOf(batch) === 0) return false;
    if (values.withoutFailures === true && failedJobsOf(batch) > 0) return false;
    return true;
  });
  return { ok: true, items: sortBatches(items, parsed.query) };
}

function queryHistoricBatches(context: RouteContext, state: EngineState): Filtered {
  const parsed = engineQuery(context, HISTORIC_BATCH_QUERY_PARAMS, HISTORIC_BATCH_SORT_BY);
  if (!parsed.ok) return parsed;
  const values = parsed.query.values;
  const readable = batchVisibility(context, state, 'READ_HISTORY');
  const items = state.batches.filter((batch) => {
    if (!batch.inHistory || !readable(batch)) return false;
    if (values.batchId !== undefined && batch.id !== values.batchId) return false;
    if (values.type !== undefined && batch.type !== values.type) return false;
    if (values.completed !== undefined && (batch.endTime !== null) !== values.completed) return false;
    return matchesTenant(batch.tenantId, values);
  });
  return { ok: true, items: sortBatches(items, parsed.query) };
}

// ---------------------------------------------------------------------------------------------
// Routes

function withPaging(
  state: EngineState,
  context: RouteContext,
  filtered: (context: RouteContext) => Filtered,
  toDto: (batch: BatchRecord) => unknown,
): Response {
  // JAX-RS converts @QueryParam firstResult/maxResults before the method body builds the DTO.
  const paging = parsePaging(context.url.searchParams);
  if (!paging.ok) return paging.response;
  const result = filtered(context);
  if (!result.ok) return result.response;
  return pagedJson(state, context, result.items, paging.paging, toDto);
}

function counted(context: RouteContext, filtered: (context: RouteContext) => Filtered): Response {
  const result = filtered(context);
  return result.ok ? json({ count: result.items.length }) : result.response;
}

/** A wrapped BadUserRequestException: 400, and `code` 0 from the cause. */
function unableTo(action: string, id: string): Response {
  return json(exceptionBody('InvalidRequestException', `Unable to ${action} batch with id '${id}'`, 0), 400);
}

export function registerBatchRoutes(router: EngineRouter, state: EngineState): void {
  const runtime = (context: RouteContext): Filtered => queryBatches(context, state, false);
  const statistics = (context: RouteContext): Filtered => queryBatches(context, state, true);
  const history = (context: RouteContext): Filtered => queryHistoricBatches(context, state);

  router.add('get', '/batch', (context) => withPaging(state, context, runtime, batchDto), { engineCheck: 'manual' });
  router.add('get', '/batch/count', (context) => counted(context, runtime), { engineCheck: 'manual' });
  router.add('get', '/batch/statistics', (context) => withPaging(state, context, statistics, batchStatisticsDto), { engineCheck: 'manual' });
  router.add('get', '/batch/statistics/count', (context) => counted(context, statistics), { engineCheck: 'manual' });

  router.add('get', '/batch/:id', (context) => {
    const id = context.params.id ?? '';
    // BatchResourceImpl.getBatch: createBatchQuery().batchId(id).singleResult(), a READ-filtered query.
    const batch = state.findBatch(id);
    return batch && batchVisibility(context, state, 'READ')(batch) ? json(batchDto(batch)) : invalidRequest(404, `Batch with id '${id}' does not exist`);
  });

  router.add('put', '/batch/:id/suspended', async (context) => {
    const { params, request } = context;
    const id = params.id ?? '';
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    if (body.body === null) {
      return nullPointer(`Cannot invoke "${state.javaClass('engine.rest.dto.SuspensionStateDto')}.getSuspended()" because "suspensionState" is null`);
    }
    if (!isJsonObject(body.body)) return invalidJsonBody();
    const fields = new JsonFields(body.body);
    // SuspensionStateDto.suspended is a primitive boolean: omitted (or null) means false, i.e. activate.
    const suspended = fields.boolean('suspended') === true;
    if (fields.failed) return invalidJsonBody();
    const batch = state.findBatch(id);
    if (batch === undefined) return unableTo(suspended ? 'suspend' : 'activate', id);
    // UpdateBatchSuspensionStateCmd finds the batch unfiltered, then checks UPDATE on it; the
    // AuthorizationException is no BadUserRequestException, so it stays a 403.
    const denied = checkBatchPermission(context, state, 'UPDATE', batch);
    if (denied) return denied;
    batch.suspended = suspended;
    return noContent();
  });

  router.add('delete', '/batch/:id', (context) => {
    const { params, url } = context;
    const id = params.id ?? '';
    // `@QueryParam("cascade") boolean`: Boolean.valueOf, so anything but "true" (any case) is false.
    const cascade = (url.searchParams.get('cascade') ?? '').toLowerCase() === 'true';
    const batch = state.findBatch(id);
    if (batch === undefined) return unableTo('delete', id);
    // DeleteBatchCmd: found unfiltered, then DELETE on the batch (checkDeleteBatch), a 403 when missing.
    const denied = checkBatchPermission(context, state, 'DELETE', batch);
    if (denied) return denied;
    // BatchEntity.delete: the historic batch ends; cascade removes it (and the job log) as well.
    deleteBatchJobs(state, batch, cascade);
    batch.inRuntime = false;
    batch.endTime ??= formatUtcDate(state.clock());
    if (cascade) batch.inHistory = false;
    return noContent();
  });

  router.add('get', '/history/batch', (context) => withPaging(state, context, history, historicBatchDto), { engineCheck: 'manual' });
  router.add('get', '/history/batch/count', (context) => counted(context, history), { engineCheck: 'manual' });
  router.add('get', '/history/batch/:id', (context) => {
    const id = context.params.id ?? '';
    // HistoricBatchResourceImpl: createHistoricBatchQuery().batchId(id).singleResult(), filtered by READ_HISTORY.
    const batch = state.findHistoricBatch(id);
    return batch && batchVisibility(context, state, 'READ_HISTORY')(batch)
      ? json(historicBatchDto(batch))
      : invalidRequest(404, `Historic batch with id '${id}' does not exist`);
  });
}
