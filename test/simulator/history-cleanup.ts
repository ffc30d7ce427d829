// History clean-up (7.24): POST /history/cleanup, GET /history/cleanup/jobs, /history/cleanup/job
// (deprecated) and /history/cleanup/configuration, like HistoryCleanupRestServiceImpl,
// HistoryCleanupCmd, HistoryCleanupJobHandler, HistoryCleanupRemovalTime and HistoryCleanupSchedulerCmd.
//
// POST: disabled on this node -> 400 "History cleanup is disabled for this engine"; an authenticated
// user who is no admin -> 403 ENGINE-03029 (checkCamundaAdmin: no permission opens it). The jobs
// "will be scheduled" when immediatelyDue (the default) or a batch window is configured: then the
// jobs are created (one per degree of parallelism, each a chunk of the removal time's minutes, due now
// or at the window's start) or, if they exist, rescheduled, which gives them their retries back,
// clears their exception and activates them (JobManager.reschedule of an EverLivingJobEntity).
// Otherwise existing jobs are suspended without a due date, and without jobs the engine's answer is a
// NullPointerException (JobDto.fromJob(null)). The first job is the answer.
//
// A run (the job executor: before each request when settings.executor is 'auto', else runDueJobs):
// a due, active job with retries runs; when immediatelyDue or inside the window it deletes, per table,
// at most batchSize rows whose removal time is <= now (and whose minute is in the job's chunk):
// ended process instances, decision instances, historic batches (under endTimeBased: rows whose end
// time + TTL has passed). Then it is rescheduled as HistoryCleanupSchedulerCmd does: now again when a
// table gave a full batch; inside the window after a delay (10 s doubling per empty run, at most an
// hour); else at the next window's start, or suspended when there is no window. A failing run
// (settings.failure) costs a retry and leaves its message; at 0 retries the job is dead until a POST.
// Running instances are not deleted from the history here (the simulator derives their rows).
import { exceptionBody, json } from './handlers.js';
import type { EngineRouter, RouteContext } from './handlers.js';
import { decisionDefinitionsOf, formatUtcDate, historyCleanupOf, parseEngineDate, removalTimeOfBatch } from './history-removal-time.js';
import type { HistoryCleanupJobRecord, HistoryCleanupSettings } from './history-removal-time.js';
import { authenticationOf, isCamundaAdmin, requiredAdminBody } from './permissions.js';
import type { EngineState } from './state.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** HistoryCleanupJobHandlerConfiguration.START_DELAY and MAX_DELAY, in milliseconds. */
const START_DELAY_MS = 10_000;
const MAX_DELAY_MS = 60 * 60 * 1000;

interface Window {
  start: number;
  end: number;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** DefaultBatchWindowManager.getBatchWindowForDate: the day's window, its end the next day when not after its start. */
function windowOfDay(settings: HistoryCleanupSettings, day: number): Window | undefined {
  if (settings.batchWindow === null) return undefined;
  const midnight = Math.floor(day / DAY_MS) * DAY_MS;
  const start = midnight + minutesOf(settings.batchWindow.start) * 60_000;
  let end = midnight + minutesOf(settings.batchWindow.end) * 60_000;
  if (end <= start) end += DAY_MS;
  return { start, end };
}

const within = (window: Window | undefined, at: number): boolean => window !== undefined && at >= window.start && at < window.end;

/** getCurrentOrNextBatchWindow: yesterday's if still open, today's if open or ahead, else tomorrow's. */
export function currentOrNextWindow(settings: HistoryCleanupSettings, now: number): Window | undefined {
  const yesterday = windowOfDay(settings, now - DAY_MS);
  if (within(yesterday, now)) return yesterday;
  const today = windowOfDay(settings, now);
  if (today !== undefined && (within(today, now) || now < today.start)) return today;
  return windowOfDay(settings, now + DAY_MS);
}

/** getNextBatchWindow: today's if it has not started, else tomorrow's. */
function nextWindow(settings: HistoryCleanupSettings, now: number): Window | undefined {
  const today = windowOfDay(settings, now);
  if (today !== undefined && now < today.start) return today;
  return windowOfDay(settings, now + DAY_MS);
}

function isWithinWindow(settings: HistoryCleanupSettings, at: number): boolean {
  const window = currentOrNextWindow(settings, at);
  return within(window, at);
}

/** The clean-up job as JobDto (job.ts's field order). */
export function historyCleanupJobDto(job: HistoryCleanupJobRecord): Record<string, unknown> {
  return {
    id: job.id,
    jobDefinitionId: null,
    dueDate: job.dueDate === null ? null : formatUtcDate(job.dueDate),
    processInstanceId: null,
    executionId: null,
    processDefinitionId: null,
    processDefinitionKey: null,
    retries: job.retries,
    exceptionMessage: job.exceptionMessage,
    failedActivityId: null,
    suspended: job.suspended,
    priority: 0,
    tenantId: null,
    createTime: formatUtcDate(job.createTime),
    batchId: null,
  };
}

/** HistoryCleanupHelper.listMinuteChunks. */
function minuteChunks(count: number): [number, number][] {
  const length = Math.floor(60 / count);
  const chunks: [number, number][] = [];
  for (let index = 0; index < count; index++) chunks.push([length * index, length * (index + 1) - 1]);
  const last = chunks[count - 1];
  if (last) last[1] = 59;
  return chunks;
}

/** JobManager.reschedule of an EverLivingJobEntity: retries back, exception gone, active, due then. */
function reschedule(state: EngineState, job: HistoryCleanupJobRecord, dueDate: number | null): void {
  job.retries = historyCleanupOf(state).settings.retries;
  job.exceptionMessage = null;
  job.suspended = false;
  job.dueDate = dueDate;
}

/** HistoryCleanupCmd.execute after its checks. */
function scheduleCleanup(state: EngineState, immediatelyDue: boolean): HistoryCleanupJobRecord | undefined {
  const cleanup = historyCleanupOf(state);
  const { settings } = cleanup;
  const now = state.clock();
  const willBeScheduled = immediatelyDue || settings.batchWindow !== null;
  const dueDate = immediatelyDue ? now : (currentOrNextWindow(settings, now)?.start ?? null);
  const chunks = minuteChunks(Math.max(1, settings.degreeOfParallelism));
  const configure = (job: HistoryCleanupJobRecord, chunk: [number, number]) => {
    job.immediatelyDue = immediatelyDue;
    job.minuteFrom = chunk[0];
    job.minuteTo = chunk[1];
    job.countEmptyRuns = 0;
  };
  if (willBeScheduled) {
    cleanup.jobs = cleanup.jobs.slice(0, chunks.length);
    chunks.forEach((chunk, index) => {
      let job = cleanup.jobs[index];
      if (job === undefined) {
        job = {
          id: state.nextId(),
          dueDate,
          retries: settings.retries,
          suspended: false,
          exceptionMessage: null,
          createTime: now,
          immediatelyDue,
          minuteFrom: chunk[0],
          minuteTo: chunk[1],
          countEmptyRuns: 0,
        };
        cleanup.jobs.push(job);
      }
      configure(job, chunk);
      reschedule(state, job, dueDate);
    });
  } else {
    for (const job of cleanup.jobs) {
      job.suspended = true;
      job.dueDate = null;
    }
  }
  return cleanup.jobs[0];
}

function minuteInChunk(time: string | null, job: HistoryCleanupJobRecord): boolean {
  if (job.minuteTo - job.minuteFrom + 1 >= 60) return true;
  const at = time === null ? undefined : parseEngineDate(time);
  if (at === undefined) return false;
  const minute = new Date(at).getUTCMinutes();
  return minute >= job.minuteFrom && minute <= job.minuteTo;
}

/** Whether a row is due for deletion now: removal time (or, endTimeBased, end + TTL) passed, in the job's minutes. */
function isDue(state: EngineState, job: HistoryCleanupJobRecord, removalTime: string | null, endTime: string | null, ttl: number | null): boolean {
  const now = state.clock();
  if (historyCleanupOf(state).settings.cleanupStrategy === 'removalTimeBased') {
    const at = removalTime === null ? undefined : parseEngineDate(removalTime);
    return at !== undefined && at <= now && minuteInChunk(removalTime, job);
  }
  const ended = endTime === null ? undefined : parseEngineDate(endTime);
  return ttl !== null && ended !== undefined && (ttl === 0 || ended + ttl * DAY_MS <= now) && minuteInChunk(endTime, job);
}

/** HistoryCleanupRemovalTime.performCleanup: up to batchSize rows per table; the counts per table. */
function performCleanup(state: EngineState, job: HistoryCleanupJobRecord): number[] {
  const cleanup = historyCleanupOf(state);
  const { batchSize } = cleanup.settings;
  const definitionTtl = (id: string) => state.findProcessDefinition(id)?.historyTimeToLive ?? null;
  const instances = state.endedProcessInstances
    .filter((instance) => isDue(state, job, instance.removalTime ?? null, instance.endTime, definitionTtl(instance.definitionId)))
    .slice(0, batchSize);
  const instanceIds = new Set(instances.map((instance) => instance.id));
  state.endedProcessInstances = state.endedProcessInstances.filter((instance) => !instanceIds.has(instance.id));
  cleanup.deleted.processInstances.push(...instanceIds);

  const decisionTtl = (id: string) => decisionDefinitionsOf(state).find((definition) => definition.id === id)?.historyTimeToLive ?? null;
  const decisions = cleanup.historicDecisionInstances
    .filter((decision) => isDue(state, job, decision.removalTime, decision.evaluationTime, decisionTtl(decision.decisionDefinitionId)))
    .slice(0, batchSize);
  const decisionIds = new Set(decisions.map((decision) => decision.id));
  cleanup.historicDecisionInstances = cleanup.historicDecisionInstances.filter((decision) => !decisionIds.has(decision.id));
  cleanup.deleted.decisionInstances.push(...decisionIds);

  const ttls = cleanup.settings.batchOperationTimeToLive;
  const batches = state.batches
    .filter((batch) => batch.inHistory && !batch.inRuntime && isDue(state, job, removalTimeOfBatch(state, batch), batch.endTime, ttls[batch.type] ?? null))
    .slice(0, batchSize);
  for (const batch of batches) batch.inHistory = false;
  state.batches = state.batches.filter((batch) => batch.inHistory || batch.inRuntime);
  cleanup.deleted.batches.push(...batches.map((batch) => batch.id));
  return [instances.length, decisions.length, batches.length];
}

/** One run of a clean-up job (HistoryCleanupJobHandler, then HistoryCleanupSchedulerCmd). */
export function runHistoryCleanupJob(state: EngineState, job: HistoryCleanupJobRecord): void {
  const { settings } = historyCleanupOf(state);
  const now = state.clock();
  if (settings.failure !== null) {
    // The default failed-job handling without a retry cycle: a retry less, due as it was.
    job.retries = Math.max(0, job.retries - 1);
    job.exceptionMessage = settings.failure;
    return;
  }
  const counts = job.immediatelyDue || isWithinWindow(settings, now) ? performCleanup(state, job) : [];
  if (counts.some((count) => count === settings.batchSize)) {
    job.dueDate = now;
    job.countEmptyRuns = 0;
    return;
  }
  if (isWithinWindow(settings, now)) {
    const next = now + Math.min(2 ** job.countEmptyRuns * START_DELAY_MS, MAX_DELAY_MS);
    if (isWithinWindow(settings, next)) {
      job.dueDate = next;
      job.countEmptyRuns += 1;
      return;
    }
  }
  job.countEmptyRuns = 0;
  const window = settings.batchWindow === null ? undefined : nextWindow(settings, now);
  if (window === undefined) job.suspended = true;
  else job.dueDate = window.start;
}

/** The executor's pass over the clean-up jobs: every due, active job with retries runs (a job due again at once, again; at most 1,000 runs). */
export function runDueHistoryCleanupJobs(state: EngineState): number {
  let ran = 0;
  for (;;) {
    const now = state.clock();
    const job = historyCleanupOf(state).jobs.find(
      (candidate) => !candidate.suspended && candidate.retries > 0 && candidate.dueDate !== null && candidate.dueDate <= now,
    );
    if (job === undefined || ran >= 1000) return ran;
    runHistoryCleanupJob(state, job);
    ran += 1;
  }
}

/** Before each request when the executor is 'auto' (handlers.ts). */
export function runDueHistoryCleanupJobsIfAuto(state: EngineState): void {
  const cleanup = historyCleanupOf(state);
  if (cleanup.settings.executor === 'auto' && cleanup.jobs.length > 0) runDueHistoryCleanupJobs(state);
}

function jobsEmpty(): Response {
  return json(exceptionBody('RestException', 'History cleanup jobs are empty'), 404);
}

function postCleanup(state: EngineState, context: RouteContext): Response {
  const { settings } = historyCleanupOf(state);
  if (!settings.enabled) return json(exceptionBody('BadUserRequestException', 'History cleanup is disabled for this engine'), 400);
  const authentication = authenticationOf(state, context.authenticatedUserId);
  if (authentication !== null && !isCamundaAdmin(state, authentication)) return json({ ...requiredAdminBody() }, 403);
  // @QueryParam("immediatelyDue") @DefaultValue("true") boolean: anything but "true" is false.
  const raw = context.url.searchParams.get('immediatelyDue');
  const immediatelyDue = raw === null || raw.toLowerCase() === 'true';
  const job = scheduleCleanup(state, immediatelyDue);
  if (job === undefined) {
    // As the reference engine answers it (compiled without parameter names: "<parameter1>").
    const message = `Cannot invoke "${state.javaClass('engine.runtime.Job')}.getId()" because "<parameter1>" is null`;
    return json(exceptionBody('NullPointerException', message), 500);
  }
  return json(historyCleanupJobDto(job));
}

export function registerHistoryCleanupRoutes(router: EngineRouter, state: EngineState): void {
  router.add('post', '/history/cleanup', (context) => postCleanup(state, context));
  router.add('get', '/history/cleanup/jobs', () => {
    const jobs = historyCleanupOf(state).jobs;
    return jobs.length === 0 ? jobsEmpty() : json(jobs.map(historyCleanupJobDto));
  });
  router.add('get', '/history/cleanup/job', () => {
    const job = historyCleanupOf(state).jobs[0];
    if (job !== undefined) return json(historyCleanupJobDto(job));
    // Operaton answers the deprecated endpoint with the list's message.
    const message = state.flavour.name === 'operaton' ? 'History cleanup jobs are empty' : 'History cleanup job does not exist';
    return json(exceptionBody('RestException', message), 404);
  });
  router.add('get', '/history/cleanup/configuration', () => {
    const { settings } = historyCleanupOf(state);
    const window = currentOrNextWindow(settings, state.clock());
    return json({
      batchWindowStartTime: window === undefined ? null : formatUtcDate(window.start),
      batchWindowEndTime: window === undefined ? null : formatUtcDate(window.end),
      enabled: settings.enabled,
    });
  });
}
