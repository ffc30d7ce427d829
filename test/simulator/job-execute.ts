// Running a job by hand: POST /job/{id}/execute, like JobResourceImpl.executeJob over
// ManagementService.executeJob (ExecuteJobHelper, ExecuteJobsCmd, 7.24).
//
// The engine's answers: 204 when the job ran. No such job: ENGINE-14026 as a 404
// InvalidRequestException. A job that fails: the job's own exception, rethrown after the failure was
// recorded (its retries counted down, at 0 a failedJob incident; JobEntity.setRetries): a
// ProcessEngineException (an expression that cannot be resolved, a missing delegate class: most
// failures) becomes a 404 InvalidRequestException with the job's message, any other RuntimeException
// (a Java delegate's own) a 500 RestException with it; neither carries a code. Without UPDATE on the
// instance or UPDATE_INSTANCE on the definition (checkUpdateJob): 403.
//
// The simulator's jobs (job.ts): a timer's job fires its timer (job-executor.ts). An asynchronous
// continuation fails when its activity `fails` (with that message), or else when a test arranged a
// failing job (`state.failingJobs`, its message); `failWithRuntimeException(state, activityId)` makes
// the failures at an activity answer 500. A continuation that runs takes the instance past the
// activity (the simulator does not know where it leads): it leaves the activity, and ends when it is
// nowhere else; the job is gone and so is its failedJob incident.
import { exceptionBody, invalidRequest, json, noContent } from './handlers.js';
import type { EngineRouter, RouteContext } from './handlers.js';
import { raiseIncident } from './incident.js';
import { fireTimerJob } from './job-executor.js';
import { findJob, type JobRow } from './job.js';
import { authenticationOf, checkAuthorization, genericPermission, permissionOf } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState } from './state.js';

const RUNTIME_FAILURES = new WeakMap<EngineState, Set<string>>();

/** The jobs of `activityId` fail with a plain RuntimeException (a Java delegate's): the engine answers 500. */
export function failWithRuntimeException(state: EngineState, activityId: string): void {
  const activities = RUNTIME_FAILURES.get(state) ?? new Set<string>();
  activities.add(activityId);
  RUNTIME_FAILURES.set(state, activities);
}

/** The message a continuation fails with now, or undefined when it runs. */
function failureOf(state: EngineState, job: JobRow): string | undefined {
  const definition = state.findProcessDefinition(job.instance.definitionId);
  const fails = definition?.activities.find((activity) => activity.id === job.activityId)?.fails;
  if (fails !== undefined) return fails;
  return state.failingJobs.find((failing) => failing.processInstanceId === job.instance.id && failing.activityId === job.activityId)?.exceptionMessage;
}

/** DefaultJobRetryCmd: one retry less (never below 0), the message kept; at 0 the incident (once). */
function recordFailure(state: EngineState, job: JobRow, message: string): void {
  const { instance, activityId } = job;
  const retries = Math.max(0, job.dto.retries - 1);
  state.failingJobs = state.failingJobs.filter((failing) => !(failing.processInstanceId === instance.id && failing.activityId === activityId));
  if (retries > 0) {
    state.failingJobs.push({ processInstanceId: instance.id, activityId, retries, exceptionMessage: message });
    return;
  }
  const incident = state.incidents.find(
    (candidate) => candidate.incidentType === 'failedJob' && candidate.processInstanceId === instance.id && candidate.activityId === activityId,
  );
  // The incident's configuration is the job's id (job.ts shows a failed job by it): the job keeps its id.
  if (incident === undefined) raiseIncident(state, instance, { activityId, incidentType: 'failedJob', incidentMessage: message }).configuration = job.dto.id;
  else incident.incidentMessage = message;
}

/** The continuation ran: the instance is past the activity, the job and its incident are gone. */
function continuePast(state: EngineState, job: JobRow): void {
  const { instance, activityId } = job;
  state.failingJobs = state.failingJobs.filter((failing) => !(failing.processInstanceId === instance.id && failing.activityId === activityId));
  state.incidents = state.incidents.filter(
    (incident) => !(incident.incidentType === 'failedJob' && incident.processInstanceId === instance.id && incident.activityId === activityId),
  );
  const index = instance.activityIds.indexOf(activityId);
  if (index >= 0) instance.activityIds = instance.activityIds.filter((_, at) => at !== index);
  delete instance.activityInstanceIds;
  if (instance.activityIds.length === 0) state.endProcessInstance(instance.id, 'COMPLETED');
}

function executeJob(state: EngineState, context: RouteContext): Response {
  const id = context.params.id ?? '';
  const job = findJob(state, id);
  if (job === undefined) return invalidRequest(404, `ENGINE-14026 No job found with id '${id}'`);
  const denied = checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
    { permission: genericPermission('UPDATE'), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: job.instance.id },
    {
      permission: permissionOf('UPDATE_INSTANCE', ResourceType.PROCESS_DEFINITION),
      resourceType: ResourceType.PROCESS_DEFINITION,
      resourceId: job.dto.processDefinitionKey,
    },
  ]);
  if (denied) return denied;
  if (job.timer !== undefined) {
    fireTimerJob(state, job.timer);
    return noContent();
  }
  const failure = failureOf(state, job);
  if (failure === undefined) {
    continuePast(state, job);
    return noContent();
  }
  recordFailure(state, job, failure);
  if (RUNTIME_FAILURES.get(state)?.has(job.activityId)) return json(exceptionBody('RestException', failure), 500);
  return invalidRequest(404, failure);
}

export function registerJobExecuteRoutes(router: EngineRouter, state: EngineState): void {
  router.add('post', '/job/:id/execute', (context) => executeJob(state, context));
}
