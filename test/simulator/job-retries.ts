// The retries and due dates of jobs: PUT /job/{id}/retries, POST /job/retries (a set-job-retries
// batch) and PUT /job/{id}/duedate, like JobResourceImpl, JobRestServiceImpl.setRetries,
// SetJobRetriesCmd, SetJobsRetriesBatchCmd and SetJobDuedateCmd (7.24).
//
// A job's retries live where job.ts reads them: a failedJob incident is the job without retries;
// retries above 0 resolve it (JobEntity.setRetries: removeFailedJobIncident) and the job is one that
// failed and is retried again (`state.failingJobs`, keeping its id and exception); retries 0 on a job
// with retries open the incident (createFailedJobIncident), with the job's exception. A job that
// never failed keeps new retries in `state.jobSettings`, as does every job's due date. The job
// executor (job-executor.ts) then runs a retried job: it fails again while its activity `fails`, and
// runs well once it does not.
//
// The engine has no synchronous request for many jobs: POST /job/retries always creates a batch,
// whose jobs run SetJobRetriesCmd over their ids in one transaction each (a job that is gone by then
// fails the batch job: ENGINE-13053). The due date of the request is applied only when it was sent
// (RetriesDto.dueDateSet, 7.19+); `null` clears it.
import { batchDto } from './batch.js';
import { createWorkBatch } from './batch-work.js';
import { exceptionBody, invalidJsonBody, invalidRequest, isJsonObject, json, JsonFields, noContent, readJsonBody } from './handlers.js';
import type { EngineRouter, RouteContext } from './handlers.js';
import { raiseIncident } from './incident.js';
import { logOperation } from './op-log.js';
import { allJobRows, jobsOfQueryBody, type JobRow } from './job.js';
import { nullPointer } from './migration.js';
import { authenticationOf, checkAuthorization, genericPermission, permissionOf } from './permissions.js';
import { parseEngineDate } from './repository.js';
import { ResourceType } from './state.js';
import type { BatchWork, EngineState } from './state.js';

export const SET_JOB_RETRIES_BATCH_TYPE = 'set-job-retries';

/** A due date as the request gave it: absent (leave it), null (clear it) or a time. */
export type DueDateChange = { set: false } | { set: true; date: number | null };

/** CommandLogger.exceptionNoJobFoundForId (ENGINE-13053), its stray quote included. */
export function noJobFound(jobId: string): string {
  return `ENGINE-13053 No job found with id '${jobId}'.'`;
}

export function findJobRow(state: EngineState, jobId: string): JobRow | undefined {
  return allJobRows(state).find((row) => row.dto.id === jobId);
}

function failedJobIncidentOf(state: EngineState, row: JobRow) {
  return state.incidents.find(
    (incident) => incident.incidentType === 'failedJob' && incident.processInstanceId === row.instance.id && incident.activityId === row.activityId,
  );
}

function settingOf(state: EngineState, jobId: string) {
  let setting = state.jobSettings.find((candidate) => candidate.jobId === jobId);
  if (setting === undefined) {
    setting = { jobId };
    state.jobSettings.push(setting);
  }
  return setting;
}

/** SetJobRetriesCmd.setJobRetriesByJobId once the job is found and allowed: JobEntity.setRetries, then the due date. */
export function applyJobRetries(state: EngineState, row: JobRow, retries: number, dueDate: DueDateChange): void {
  const jobId = row.dto.id;
  const timer = state.timerJobs.find((job) => job.id === jobId);
  if (timer !== undefined) {
    settingOf(state, jobId).retries = retries;
  } else {
    const incident = failedJobIncidentOf(state, row);
    const failing = state.failingJobs.find((job) => job.processInstanceId === row.instance.id && job.activityId === row.activityId);
    if (incident !== undefined) {
      if (retries > 0) {
        state.incidents = state.incidents.filter((candidate) => candidate !== incident);
        state.failingJobs.push({
          processInstanceId: row.instance.id,
          activityId: row.activityId,
          retries,
          exceptionMessage: incident.incidentMessage ?? '',
          jobId,
        });
      }
    } else if (failing !== undefined) {
      if (retries > 0) failing.retries = retries;
      else {
        state.failingJobs = state.failingJobs.filter((job) => job !== failing);
        raiseIncident(state, row.instance, {
          activityId: row.activityId,
          incidentType: 'failedJob',
          incidentMessage: failing.exceptionMessage,
          configuration: jobId,
        });
      }
    } else if (retries > 0) {
      settingOf(state, jobId).retries = retries;
    } else {
      raiseIncident(state, row.instance, { activityId: row.activityId, incidentType: 'failedJob', incidentMessage: null, configuration: jobId });
    }
  }
  if (dueDate.set) {
    if (timer !== undefined) timer.dueDate = dueDate.date ?? state.clock();
    else settingOf(state, jobId).dueDate = dueDate.date;
  }
}

/**
 * AuthorizationCommandChecker.checkUpdateRetriesJob: RETRY_JOB or UPDATE on the instance, or RETRY_JOB
 * or UPDATE_INSTANCE on its definition's key (one of them).
 */
function checkRetryJob(state: EngineState, context: RouteContext, row: JobRow): Response | undefined {
  const key = row.dto.processDefinitionKey;
  if (key === null) return undefined;
  return checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: permissionOf('RETRY_JOB', ResourceType.PROCESS_INSTANCE), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: row.instance.id },
    { permission: permissionOf('RETRY_JOB', ResourceType.PROCESS_DEFINITION), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: key },
    { permission: genericPermission('UPDATE'), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: row.instance.id },
    { permission: genericPermission('UPDATE_INSTANCE'), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: key },
  ]);
}

/** AuthorizationCommandChecker.checkUpdateJob: UPDATE on the instance or UPDATE_INSTANCE on the definition. */
function checkUpdateJob(state: EngineState, context: RouteContext, row: JobRow): Response | undefined {
  const key = row.dto.processDefinitionKey;
  if (key === null) return undefined;
  return checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: genericPermission('UPDATE'), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: row.instance.id },
    { permission: genericPermission('UPDATE_INSTANCE'), resourceType: ResourceType.PROCESS_DEFINITION, resourceId: key },
  ]);
}

/** RetriesDto's dueDate as Jackson binds it: absent, null, or the engine's date format; anything else fails the body. */
export function readDueDate(body: Record<string, unknown>, name: string): DueDateChange | undefined {
  if (!(name in body)) return { set: false };
  const value = body[name];
  if (value === null) return { set: true, date: null };
  if (typeof value !== 'string') return typeof value === 'number' ? { set: true, date: value } : undefined;
  const parsed = parseEngineDate(value);
  return parsed === undefined ? undefined : { set: true, date: parsed };
}

/** The ids of a batch as BatchElementConfiguration orders them: by deployment (none last), each once. */
function byDeployment(state: EngineState, ids: readonly string[]): string[] {
  const deploymentOf = (id: string): string | null => {
    const row = findJobRow(state, id);
    return row === undefined ? null : (state.findProcessDefinition(row.instance.definitionId)?.deploymentId ?? null);
  };
  const unique = [...new Set(ids)];
  const keyed = unique.map((id, index) => ({ id, index, deployment: deploymentOf(id) }));
  keyed.sort((a, b) => {
    if (a.deployment !== b.deployment) {
      if (a.deployment === null) return 1;
      if (b.deployment === null) return -1;
      return a.deployment.toLowerCase() < b.deployment.toLowerCase() ? -1 : 1;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.id);
}

/** SetJobRetriesJobHandler: SetJobRetriesCmd over the job's ids, all or none (a job gone fails it). */
function setJobRetriesWork(retries: number, dueDate: DueDateChange): BatchWork {
  return {
    check: (state, id) => {
      const row = findJobRow(state, id);
      return row === undefined ? { ok: false, message: noJobFound(id) } : { ok: true, apply: () => applyJobRetries(state, row, retries, dueDate) };
    },
  };
}

export function registerJobRetriesRoutes(router: EngineRouter, state: EngineState): void {
  router.add('put', '/job/:id/retries', async (context) => {
    const id = context.params.id ?? '';
    const body = await readJsonBody(context.request);
    if (!body.ok) return body.response;
    if (!isJsonObject(body.body)) return invalidJsonBody();
    const fields = new JsonFields(body.body);
    const retries = fields.integer('retries');
    const dueDate = readDueDate(body.body, 'dueDate');
    if (fields.failed || dueDate === undefined) return invalidJsonBody();
    // managementService.setJobRetries(int): a missing retries is unboxed before anything runs.
    if (retries === undefined) {
      return nullPointer(
        `Cannot invoke "java.lang.Integer.intValue()" because the return value of "${state.javaClass('engine.rest.dto.runtime.RetriesDto')}.getRetries()" is null`,
      );
    }
    // SetJobRetriesBuilderImpl.validateParameters, then the command: both ProcessEngineExceptions the resource turns into a 500.
    if (retries < 0) {
      return invalidRequest(500, `ENGINE-13054 The number of job retries must be a non-negative Integer, but '${retries}' has been provided.`);
    }
    const row = findJobRow(state, id);
    if (row === undefined) return invalidRequest(500, noJobFound(id));
    const denied = checkRetryJob(state, context, row);
    if (denied) return denied;
    const before = { retries: row.dto.retries, dueDate: row.dto.dueDate };
    applyJobRetries(state, row, retries, dueDate);
    // SetJobRetriesCmd: one SetJobRetries entry of the job, its retries (and due date) as changed.
    const after = findJobRow(state, id)?.dto;
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: 'SetJobRetries',
        entityType: 'Job',
        jobId: id,
        processInstanceId: row.instance.id,
        processDefinitionId: row.dto.processDefinitionId,
        processDefinitionKey: row.dto.processDefinitionKey,
        properties: [
          { property: 'retries', orgValue: String(before.retries), newValue: String(retries) },
          ...(dueDate.set ? [{ property: 'dueDate', orgValue: before.dueDate, newValue: after?.dueDate ?? null }] : []),
        ],
      },
    ]);
    return noContent();
  });

  router.add('post', '/job/retries', async (context) => {
    const body = await readJsonBody(context.request);
    if (!body.ok) return body.response;
    if (body.body === null) return invalidRequest(400, 'setJobRetriesDto is null');
    if (!isJsonObject(body.body)) return invalidJsonBody();
    const fields = new JsonFields(body.body);
    const retries = fields.integer('retries');
    const jobIds = fields.stringArray('jobIds');
    const jobQuery = fields.object('jobQuery');
    const dueDate = readDueDate(body.body, 'dueDate');
    if (fields.failed || dueDate === undefined) return invalidJsonBody();
    if (retries === undefined) return invalidRequest(400, 'retries is null');
    let queried: string[] = [];
    if (jobQuery !== undefined) {
      // JobQueryImpl.listDeploymentIdMappings: what the caller may see of the query.
      const found = jobsOfQueryBody(state, context, jobQuery);
      if (!found.ok) return found.response;
      queried = found.items.map((job) => job.id);
    }
    // SetJobRetriesByJobsAsyncBuilderImpl.validateParameters: a ProcessEngineException, not caught by the resource.
    if ((jobIds === undefined || jobIds.length === 0) && jobQuery === undefined) {
      return json(exceptionBody('ProcessEngineException', 'ENGINE-13050 You must specify at least one of jobIds or jobQuery.', 0), 500);
    }
    const ids = byDeployment(state, [...(jobIds ?? []).map((id) => id ?? 'null'), ...queried]);
    if (ids.length === 0) return invalidRequest(400, 'jobIds is empty');
    if (retries < 0) return json(exceptionBody('ProcessEngineException', 'Retries count is not greater than or equal to 0', 0), 500);
    // BatchBuilder: CREATE or CREATE_BATCH_SET_JOB_RETRIES on BATCH.
    const denied = checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
      { permission: genericPermission('CREATE'), resourceType: ResourceType.BATCH, resourceId: null },
      { permission: permissionOf('CREATE_BATCH_SET_JOB_RETRIES', ResourceType.BATCH), resourceType: ResourceType.BATCH, resourceId: null },
    ]);
    if (denied) return denied;
    const work = setJobRetriesWork(retries, dueDate);
    const batch = createWorkBatch(state, { type: SET_JOB_RETRIES_BATCH_TYPE, ids, work, createUserId: context.authenticatedUserId });
    // AbstractSetJobsRetriesBatchCmd.writeUserOperationLog: one entry for the batch.
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: 'SetJobRetries',
        entityType: 'Job',
        properties: [
          { property: 'nrOfInstances', newValue: String(ids.length) },
          { property: 'async', newValue: 'true' },
          { property: 'retries', newValue: String(retries) },
        ],
      },
    ]);
    return json(batchDto(batch));
  });

  router.add('put', '/job/:id/duedate', async (context) => {
    const id = context.params.id ?? '';
    const body = await readJsonBody(context.request);
    if (!body.ok) return body.response;
    if (!isJsonObject(body.body)) return invalidJsonBody();
    const dueDate = readDueDate(body.body, 'duedate');
    const fields = new JsonFields(body.body);
    fields.boolean('cascade');
    if (fields.failed || dueDate === undefined) return invalidJsonBody();
    const row = findJobRow(state, id);
    if (row === undefined) return invalidRequest(500, `No job found with id '${id}'.`);
    const denied = checkUpdateJob(state, context, row);
    if (denied) return denied;
    applyJobDueDate(state, row, dueDate.set ? dueDate.date : null);
    return noContent();
  });
}

/** SetJobDuedateCmd: the job's due date (null: none). */
function applyJobDueDate(state: EngineState, row: JobRow, date: number | null): void {
  const timer = state.timerJobs.find((job) => job.id === row.dto.id);
  if (timer !== undefined) timer.dueDate = date ?? state.clock();
  else settingOf(state, row.dto.id).dueDate = date;
}
