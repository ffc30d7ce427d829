// The job executor of the jobs of process instances (timers and asynchronous continuations), as far as
// a canary needs it (issue 31): what happens in the seconds after a migration.
//
// Timers: a timer event with `timerDueMs` (bpmn.ts ActivityRecord) has a job (`state.timerJobs`). A
// boundary timer the target adds to an activity an instance is migrated into gets its job at the
// migration, due `timerDueMs` later (the engine creates the jobs of emerging timer declarations,
// MigratingActivityInstance / EmergingJobInstance); a timer of the source that no instruction maps is
// removed with the migration, and so is a boundary event's incident (its job is deleted, and the
// job's incident with it).
//
// Running: nothing runs by itself. `runDueJobs(state)` is one pass of the executor, as a test calls it
// (from a request observer, say: "time passed between two polls"): every timer job due by
// `state.clock()` fires (an interrupting boundary timer: the instance leaves the task it is attached to
// for the timer's `next` activity), then every asynchronous continuation whose activity `fails` fails
// for good: without a retry time cycle the engine runs a failed job again at once, so its three
// retries are spent in one pass, and a failedJob incident opens (job.ts shows the job with retries 0).
// Asynchronous continuations that succeed are not run (the simulator does not know where they lead),
// except a job that failed before and was given retries again (job-retries.ts): once its activity no
// longer `fails` (the outage is over), it runs well, and the instance leaves the activity for the
// activity's `next`, or ends when nothing is left. A job whose due date (PUT /job/{id}/duedate, or a
// retry with a dueDate) lies ahead waits for it.
import { runDueHistoryCleanupJobs } from './history-cleanup.js';
import { raiseIncident } from './incident.js';
import { asyncJobId } from './job.js';
import type { ActivityRecord } from './bpmn.js';
import type { MigrationPlan } from './migration.js';
import type { EngineState, ProcessInstanceRecord, TimerJobRecord } from './state.js';

/** After `instance` moved from `plan.source` (its activities were `sourceActivityIds`): its timers and its boundary events' incidents follow the plan. */
export function jobsAfterMigration(state: EngineState, instance: ProcessInstanceRecord, plan: MigrationPlan, sourceActivityIds: readonly string[]): void {
  const targetOf = (activityId: string) => plan.instructions.find((instruction) => instruction.sourceActivityId === activityId)?.targetActivityId ?? undefined;
  // Incidents of events attached to where the instance waits (not the activities themselves: incident.ts moves those).
  state.incidents = state.incidents.filter((incident) => {
    if (incident.processInstanceId !== instance.id || sourceActivityIds.includes(incident.activityId)) return true;
    const attached = plan.source.activities.find((activity) => activity.id === incident.activityId)?.attachedTo;
    if (attached === undefined) return true;
    const target = targetOf(incident.activityId);
    if (target === undefined) return false;
    incident.activityId = target;
    return true;
  });
  state.timerJobs = state.timerJobs.filter((job) => {
    if (job.processInstanceId !== instance.id) return true;
    const target = targetOf(job.activityId);
    if (target === undefined) return false;
    job.activityId = target;
    return true;
  });
  const migratedTimers = new Set(plan.instructions.map((instruction) => instruction.targetActivityId));
  for (const activity of plan.target.activities) {
    if (
      activity.timerDueMs === undefined ||
      activity.attachedTo === undefined ||
      !instance.activityIds.includes(activity.attachedTo) ||
      migratedTimers.has(activity.id)
    )
      continue;
    state.timerJobs.push({ id: state.nextId(), processInstanceId: instance.id, activityId: activity.id, dueDate: state.clock() + activity.timerDueMs });
  }
}

/** A timer job runs (the executor's when it is due, `job execute`'s at once): its timer fires and the job is gone. */
export function fireTimerJob(state: EngineState, job: TimerJobRecord): void {
  state.timerJobs = state.timerJobs.filter((candidate) => candidate !== job);
  const instance = state.findProcessInstance(job.processInstanceId);
  const timer =
    instance === undefined ? undefined : state.findProcessDefinition(instance.definitionId)?.activities.find((activity) => activity.id === job.activityId);
  if (instance === undefined || timer === undefined) return;
  const from = timer.attachedTo === undefined ? instance.activityIds.indexOf(timer.id) : instance.activityIds.indexOf(timer.attachedTo);
  if (from < 0) return;
  instance.activityIds = instance.activityIds.flatMap((activityId, index) => (index !== from ? [activityId] : timer.next === undefined ? [] : [timer.next]));
  delete instance.activityInstanceIds;
}

/** One pass of the job executor (see above); returns how many jobs ran. */
export function runDueJobs(state: EngineState): number {
  let ran = 0;
  const now = state.clock();
  for (const job of state.timerJobs.filter((candidate) => candidate.dueDate <= now)) {
    fireTimerJob(state, job);
    ran += 1;
  }
  for (const instance of [...state.processInstances]) {
    const definition = state.findProcessDefinition(instance.definitionId);
    for (const activityId of new Set(instance.activityIds)) {
      const activity = definition?.activities.find((candidate) => candidate.id === activityId);
      if (activity?.async !== true) continue;
      if (
        state.incidents.some(
          (incident) => incident.incidentType === 'failedJob' && incident.processInstanceId === instance.id && incident.activityId === activityId,
        )
      )
        continue;
      const failing = state.failingJobs.find((job) => job.processInstanceId === instance.id && job.activityId === activityId);
      if (activity.fails === undefined && failing === undefined) continue;
      const jobId = failing?.jobId ?? asyncJobId(instance.id, activityId);
      const dueDate = state.jobSettings.find((setting) => setting.jobId === jobId)?.dueDate;
      if (dueDate != null && dueDate > now) continue;
      state.failingJobs = state.failingJobs.filter((job) => job !== failing);
      if (activity.fails !== undefined) {
        raiseIncident(state, instance, { activityId, incidentType: 'failedJob', incidentMessage: activity.fails, configuration: jobId });
      } else {
        state.jobSettings = state.jobSettings.filter((setting) => setting.jobId !== jobId);
        leaveActivity(state, instance, activity);
      }
      ran += 1;
    }
  }
  ran += runDueHistoryCleanupJobs(state);
  return ran;
}

/**
 * The instance's work at `activity` is done (a job or an external task ran well): it goes on to the
 * activity's `next`, or that path ends; an instance with nothing left completes.
 */
export function leaveActivity(state: EngineState, instance: ProcessInstanceRecord, activity: ActivityRecord): void {
  const index = instance.activityIds.indexOf(activity.id);
  if (index < 0) return;
  instance.activityIds = instance.activityIds.flatMap((activityId, at) => (at !== index ? [activityId] : activity.next === undefined ? [] : [activity.next]));
  delete instance.activityInstanceIds;
  if (instance.activityIds.length === 0) state.endProcessInstance(instance.id, 'COMPLETED');
}
