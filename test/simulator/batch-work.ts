// Batches of other types than instance-migration (suspension today; retries, deletion and variables
// next): created like MigrateProcessInstanceBatchCmd creates its own (BatchBuilder: the batch, its
// job definitions, the historic batch, the seed job), and worked off by the same simulated job
// executor (batch.ts), each job doing `work` for its objects, all or nothing.
//
// Rights: the job executor runs batch jobs without an authenticated user (ExecuteJobsCmd sets only
// the job's tenant), so the engine checks no right on the objects then, whoever created the batch.
// A batch job run by hand (POST /job/{id}/execute) runs its handler as the user who runs it, and each
// object's command checks that user's rights: `batchObjectDenied` is that check, with the engine's
// AuthorizationException message (state.batchSettings.jobsRunBy makes the simulated jobs run so).
import { findExternalTaskRow } from './external-task.js';
import { allJobRows } from './job.js';
import { DEFAULT_JOB_RETRIES, logJob } from './job-log.js';
import { authenticationOf, authorizationExceptionBody, isAuthorized, missingAuthorization, permissionOf, type PermissionCheck } from './permissions.js';
import { formatUtcDate, ResourceType } from './state.js';
import type { BatchJobRecord, BatchRecord, BatchWork, EngineState } from './state.js';

export interface WorkBatchOptions {
  type: string;
  /** The objects, in the order the jobs take them. */
  ids: readonly string[];
  /** What each object of a job does; a migration batch has `migration` instead. */
  work?: BatchWork | undefined;
  migration?: BatchRecord['migration'];
  tenantId?: string | null;
  createUserId?: string | null;
}

/** A new pending batch of `type`: no job created yet; totalJobs = ceil(objects / invocationsPerBatchJob). */
export function createWorkBatch(state: EngineState, options: WorkBatchOptions): BatchRecord {
  const settings = state.batchSettings;
  const perJob = Math.max(1, Math.floor(settings.invocationsPerBatchJob ?? 1));
  const jobs: BatchJobRecord[] = [];
  for (let index = 0; index < options.ids.length; index += perJob) {
    jobs.push({ processInstanceIds: options.ids.slice(index, index + perJob), status: 'pending', exceptionMessage: null });
  }
  const batch: BatchRecord = {
    id: state.nextId(),
    type: options.type,
    totalJobs: jobs.length,
    jobsCreated: 0,
    batchJobsPerSeed: Math.max(1, Math.floor(settings.batchJobsPerSeed ?? 100)),
    invocationsPerBatchJob: perJob,
    seedJobDefinitionId: state.nextId(),
    monitorJobDefinitionId: state.nextId(),
    batchJobDefinitionId: state.nextId(),
    suspended: false,
    tenantId: options.tenantId ?? null,
    createUserId: options.createUserId ?? null,
    startTime: formatUtcDate(state.clock()),
    executionStartTime: null,
    endTime: null,
    removalTime: null,
    jobs,
    migration: options.migration ?? null,
    work: options.work,
    inRuntime: true,
    inHistory: true,
  };
  state.batches.push(batch);
  // BatchBuilder.build: the job definitions, the historic batch, then the seed job.
  batch.controlJob = { kind: 'seed', id: state.nextId() };
  logJob(state, batch, { kind: 'seed', id: batch.controlJob.id, retries: DEFAULT_JOB_RETRIES }, 'created', state.clock());
  return batch;
}

/** PermissionCheckBuilder.atomicCheckForResourceId: one permission of `resourceType` by name, on one resource. */
function check(name: string, resourceType: number, resourceId: string | null): PermissionCheck {
  return { permission: permissionOf(name, resourceType), resourceType, resourceId };
}

/**
 * The disjunctive checks the command of a batch job runs on one object (AuthorizationCommandChecker,
 * 7.24): an object the engine no longer has is checked by nobody (its command skips it or fails for it).
 */
function objectChecks(state: EngineState, type: string, id: string): PermissionCheck[] {
  const { PROCESS_INSTANCE: instanceType, PROCESS_DEFINITION: definitionType } = ResourceType;
  const onInstance = (instanceId: string, key: string | null, instancePermissions: string[], definitionPermissions: string[]) => [
    ...instancePermissions.map((name) => check(name, instanceType, instanceId)),
    ...definitionPermissions.map((name) => check(name, definitionType, key)),
  ];
  const keyOf = (definitionId: string) => state.findProcessDefinition(definitionId)?.key ?? null;
  const running = () => state.findProcessInstance(id);
  switch (type) {
    case 'instance-update-suspension-state': {
      // checkUpdateProcessInstanceSuspensionState: SUSPEND, SUSPEND_INSTANCE, UPDATE, UPDATE_INSTANCE, in that order.
      const instance = running();
      if (!instance) return [];
      const key = keyOf(instance.definitionId);
      return [
        check('SUSPEND', instanceType, id),
        check('SUSPEND_INSTANCE', definitionType, key),
        check('UPDATE', instanceType, id),
        check('UPDATE_INSTANCE', definitionType, key),
      ];
    }
    case 'instance-deletion': {
      const instance = running();
      return instance ? onInstance(id, keyOf(instance.definitionId), ['DELETE'], ['DELETE_INSTANCE']) : [];
    }
    case 'set-variables': {
      // checkUpdateProcessInstanceVariables: UPDATE_VARIABLE, UPDATE_INSTANCE_VARIABLE, UPDATE, UPDATE_INSTANCE.
      const instance = running();
      if (!instance) return [];
      const key = keyOf(instance.definitionId);
      return [
        check('UPDATE_VARIABLE', instanceType, id),
        check('UPDATE_INSTANCE_VARIABLE', definitionType, key),
        check('UPDATE', instanceType, id),
        check('UPDATE_INSTANCE', definitionType, key),
      ];
    }
    case 'historic-instance-deletion': {
      // checkDeleteHistoricProcessInstance: DELETE_HISTORY on the definition alone.
      const ended = state.endedProcessInstances.find((candidate) => candidate.id === id);
      return ended ? [check('DELETE_HISTORY', definitionType, keyOf(ended.definitionId))] : [];
    }
    case 'set-job-retries': {
      // checkUpdateRetriesJob: RETRY_JOB on the instance and the definition, then UPDATE, UPDATE_INSTANCE.
      const row = allJobRows(state).find((candidate) => candidate.dto.id === id);
      if (!row || row.dto.processDefinitionKey === null) return [];
      const instanceId = row.instance.id;
      const key = row.dto.processDefinitionKey;
      return [
        check('RETRY_JOB', instanceType, instanceId),
        check('RETRY_JOB', definitionType, key),
        check('UPDATE', instanceType, instanceId),
        check('UPDATE_INSTANCE', definitionType, key),
      ];
    }
    case 'set-external-task-retries': {
      const row = findExternalTaskRow(state, id);
      return row ? onInstance(row.instance.id, row.dto.processDefinitionKey, ['UPDATE'], ['UPDATE_INSTANCE']) : [];
    }
    default:
      return [];
  }
}

/**
 * The AuthorizationException message with which a batch job run by `userId` fails at object `id`, or
 * undefined when the user may change it (or the batch type checks nothing the simulator models).
 */
export function batchObjectDenied(state: EngineState, batch: BatchRecord, id: string, userId: string): string | undefined {
  const authentication = authenticationOf(state, userId);
  const checks = objectChecks(state, batch.type, id);
  if (authentication === null || checks.length === 0) return undefined;
  if (checks.some((one) => isAuthorized(state, authentication, one))) return undefined;
  return authorizationExceptionBody(
    userId,
    checks.map((one) => missingAuthorization(one.permission.name, one.resourceType, one.resourceId)),
  ).message;
}
