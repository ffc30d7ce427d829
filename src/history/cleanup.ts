/**
 * `history cleanup status` and `history cleanup run` (docs/history.md#is-the-clean-up-running):
 * the clean-up's window, whether this node takes part, its jobs, and what stands in its way, in
 * words; a run now (POST /history/cleanup?immediatelyDue=true), optionally followed until the job ran.
 */
import { sleep } from '../batches/watch.js';
import type { EngineClient } from '../engine/client.js';
import { parseEngineDate } from '../engine/dates.js';
import { EngineAuthorizationError, EngineHttpError } from '../engine/errors.js';
import { HistoryCleanupApi, type HistoryCleanupConfiguration, type HistoryCleanupJob } from '../engine/history-cleanup.js';
import { CliError, ExitCode } from '../exit-codes.js';

type CleanupProblemKind = 'disabled' | 'no-window' | 'no-job' | 'dead-job' | 'failing-job' | 'suspended-job' | 'overdue-job';

export interface CleanupProblem {
  kind: CleanupProblemKind;
  /** The clean-up job it is about, if any. */
  jobId: string | null;
  /** What is wrong and what it means, in a sentence. */
  message: string;
  /** What to do about it. */
  fix: string | null;
}

export interface CleanupStatus {
  configuration: HistoryCleanupConfiguration;
  jobs: HistoryCleanupJob[];
  problems: CleanupProblem[];
}

/** A due date this far behind the clock, on an active job with retries, says no job executor picks it up. */
const OVERDUE_MS = 15 * 60 * 1000;

const RUN = 'camunda-admin history cleanup run';

/** Epoch millis of an engine date; NaN for none. */
const time = (date: string | null | undefined): number => (date ? (parseEngineDate(date)?.getTime() ?? Number.NaN) : Number.NaN);

function jobProblems(job: HistoryCleanupJob, windowConfigured: boolean, now: number): CleanupProblem[] {
  const problems: CleanupProblem[] = [];
  const error = job.exceptionMessage ? ` (last error: ${job.exceptionMessage})` : '';
  if (job.retries === 0) {
    problems.push({
      kind: 'dead-job',
      jobId: job.id,
      message: `job ${job.id} has no retries left${error}: dead until retried, the clean-up does not run`,
      fix: `${RUN} (rescheduling gives the job its retries back), or PUT /job/${job.id}/retries`,
    });
    return problems;
  }
  if (job.exceptionMessage) {
    problems.push({
      kind: 'failing-job',
      jobId: job.id,
      message: `job ${job.id} failed (${job.exceptionMessage}); ${job.retries ?? '?'} retries left`,
      fix: null,
    });
  }
  if (job.suspended === true && windowConfigured) {
    problems.push({
      kind: 'suspended-job',
      jobId: job.id,
      message: `job ${job.id} is suspended although a window is configured: it does not run`,
      fix: RUN,
    });
  }
  const due = time(job.dueDate);
  if (job.suspended !== true && Number.isFinite(due) && now - due > OVERDUE_MS) {
    problems.push({
      kind: 'overdue-job',
      jobId: job.id,
      message: `job ${job.id} was due at ${job.dueDate} and has not run: no job executor picks it up (is it running, on a node with clean-up enabled?)`,
      fix: null,
    });
  }
  return problems;
}

/** The problems of a clean-up configuration and its jobs, most fundamental first. */
export function cleanupProblems(configuration: HistoryCleanupConfiguration, jobs: readonly HistoryCleanupJob[], now: number): CleanupProblem[] {
  const problems: CleanupProblem[] = [];
  if (configuration.enabled === false) {
    problems.push({
      kind: 'disabled',
      jobId: null,
      message: 'disabled: this node takes no part in history clean-up (historyCleanupEnabled=false), and refuses to start it',
      fix: 'enable it in the engine configuration, or run `history cleanup status` against a node that has it',
    });
  }
  const windowConfigured = Boolean(configuration.batchWindowStartTime);
  if (!windowConfigured) {
    problems.push({
      kind: 'no-window',
      jobId: null,
      message: 'no window: history clean-up never runs on its own',
      fix: `configure historyCleanupBatchWindowStartTime/EndTime on the engine, or run it by hand: ${RUN}`,
    });
  } else if (jobs.length === 0) {
    problems.push({
      kind: 'no-job',
      jobId: null,
      message: 'a window but no clean-up job: nothing will run in it (the engine schedules the job at start-up)',
      fix: RUN,
    });
  }
  for (const job of jobs) problems.push(...jobProblems(job, windowConfigured, now));
  return problems;
}

export async function cleanupStatus(client: EngineClient, now: number = Date.now()): Promise<CleanupStatus> {
  const api = new HistoryCleanupApi(client.http);
  const [configuration, jobs] = await Promise.all([api.configuration(), api.jobs()]);
  return { configuration, jobs, problems: cleanupProblems(configuration, jobs, now) };
}

/** HistoryCleanupJobHandlerConfiguration.START_DELAY: a job rescheduled at least this much later has finished its run. */
const RESCHEDULE_DELAY_MS = 10_000;

export interface CleanupRunResult {
  /** The first clean-up job as the POST answered it. */
  job: HistoryCleanupJob;
  /** With --wait: the jobs after they ran (or when the wait stopped); how the wait ended. */
  waited?: { outcome: 'ran' | 'failed' | 'timed-out' | 'interrupted'; jobs: HistoryCleanupJob[] };
}

export interface CleanupRunOptions {
  wait: boolean;
  intervalMs: number;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Whether a job has run since the POST made it due at `dueAfterPost`: it failed, or was suspended
 * (no window), or rescheduled at least START_DELAY later (inside a window, or its next start). A job
 * that deleted a full batch is due again at once and keeps running: not done yet.
 */
function hasRun(job: HistoryCleanupJob, dueAfterPost: number): 'ran' | 'failed' | undefined {
  if (job.exceptionMessage) return 'failed';
  if (job.suspended === true) return 'ran';
  const due = time(job.dueDate);
  return Number.isFinite(due) && Number.isFinite(dueAfterPost) && due - dueAfterPost >= RESCHEDULE_DELAY_MS ? 'ran' : undefined;
}

export async function runCleanup(client: EngineClient, options: CleanupRunOptions): Promise<CleanupRunResult> {
  const api = new HistoryCleanupApi(client.http);
  let job: HistoryCleanupJob;
  try {
    job = await api.runNow();
  } catch (error) {
    if (error instanceof EngineAuthorizationError) {
      throw new CliError(
        `history clean-up may be started by an admin only (a member of the admin group, camunda-admin; operaton-admin on Operaton; or one of adminUsers): no authorization grants it: ${error.message}`,
        ExitCode.AuthRefused,
      );
    }
    if (error instanceof EngineHttpError && error.status === 400 && /disabled/i.test(error.body?.message ?? '')) {
      throw new CliError(
        `${error.body?.message ?? 'history clean-up is disabled'}: this node takes no part in clean-up; ask a node that does`,
        ExitCode.EngineRejected,
      );
    }
    throw error;
  }
  if (!options.wait) return { job };
  const dueAfterPost = time(job.dueDate);
  const started = Date.now();
  let jobs: HistoryCleanupJob[] = [job];
  for (;;) {
    if (options.signal?.aborted) return { job, waited: { outcome: 'interrupted', jobs } };
    jobs = await api.jobs();
    const outcomes = jobs.map((candidate) => hasRun(candidate, dueAfterPost));
    if (outcomes.includes('failed')) return { job, waited: { outcome: 'failed', jobs } };
    if (jobs.length > 0 && outcomes.every((outcome) => outcome === 'ran')) return { job, waited: { outcome: 'ran', jobs } };
    const left = options.timeoutMs === undefined ? Number.POSITIVE_INFINITY : started + options.timeoutMs - Date.now();
    if (left <= 0) return { job, waited: { outcome: 'timed-out', jobs } };
    await sleep(Math.min(options.intervalMs, left), options.signal);
  }
}
