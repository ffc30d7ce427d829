/**
 * `job retry` as a bulk operation: new retries (and optionally a due date) for failed jobs, which
 * resolves their failedJob incidents and lets the job executor run them again.
 *
 * The engine has no synchronous request for many jobs (POST /job/retries always creates a batch of
 * type set-job-retries, permission CREATE_BATCH_SET_JOB_RETRIES), so a chunk is one PUT
 * /job/{id}/retries per job, at most `concurrency` at once, each a transaction of its own. A job the
 * engine no longer has (ENGINE-13053: it ran, or its instance ended) is no failure: its state says
 * `ended`. A job whose request is refused is recorded with the refusal and the chunk goes on; the
 * outcome check tells retried from not retried, and a resume sends only the jobs still without
 * retries. Only when every request of a chunk is refused does the chunk fail (and the run stop) with
 * the first refusal: then nothing of it was done, as with a chunk that is one transaction.
 *
 * Where a job is after the run: ./retry-common.ts (retried, failed again, not retried, ended). Each
 * PUT writes one SetJobRetries entry (entity type Job, property retries) to the user operation log.
 */
import type { CanaryLook, CanaryObserver, ChangeWords, ObjectFound } from '../../change/operation.js';
import type { EngineClient } from '../../engine/client.js';
import { parseEngineDate } from '../../engine/dates.js';
import { EngineHttpError } from '../../engine/errors.js';
import { RequestAbandonedError } from '../../engine/http.js';
import { type Job, jobRetriesBody, type JobRetries } from '../../engine/jobs.js';
import type { BulkOperation } from '../operation.js';
import { inParallel } from '../../util/parallel.js';
import {
  objectsByIds,
  failedAfter,
  FailureMark,
  NO_RETRY_DETAIL,
  RETRY_OUTCOMES,
  RETRY_REPORT_COLUMNS,
  type RetryDetail,
  type RetryOutcome,
  retryStateOf,
} from './retry-common.js';

const JOB_RETRY_WORDS: ChangeWords = {
  verb: 'retry',
  done: 'retried',
  one: 'job',
  many: 'jobs',
  changed: 'retried',
  unchanged: 'without retries',
  run: 'the retry',
  changedInFull: 'left with retries (failed again, or not retried)',
  canaryCheck: 'retried without failing again',
  request: 'the retries',
};

/** Requests of one chunk in flight at once: the engine runs each in a transaction of its own. */
const JOB_RETRY_CONCURRENCY = 8;

export interface JobRetriesContext {
  client: EngineClient;
  retries: number;
  /** Absent: the jobs' due dates stay; null: cleared (due at once); a date: due then (7.19+). */
  dueDate?: Date | null | undefined;
  /**
   * The newest open failedJob incident when the ids were frozen (./retry-common.ts): taken by
   * `journalScope` before the selection, or given back by `resumeScope` from the journal; a test may give it.
   */
  failedBefore?: string | null | undefined;
  concurrency?: number;
}

export type JobRetriesOperation = BulkOperation<Job, RetryOutcome, RetryDetail> & { watchCanary(ids: readonly string[]): CanaryObserver };

export function jobRetriesOperation(context: JobRetriesContext): JobRetriesOperation {
  const { client } = context;
  const change: JobRetries = { retries: context.retries, dueDate: context.dueDate };
  /** Why the engine refused this run's request for a job (a 403, say), for the report; cleared when a later one succeeds. */
  const refusals = new Map<string, string>();
  const found = (ids: readonly string[]) => jobsByIds(client, ids);
  const mark = new FailureMark(client.incidents, 'failedJob', context.failedBefore);
  const statesOf = async (ids: readonly string[]): Promise<ObjectFound<RetryDetail>[]> => {
    const jobs = await found(ids);
    const anyFailed = [...jobs.values()].some((job) => (job.retries ?? 0) <= 0);
    const again = anyFailed ? await failedAfter(client.incidents, 'failedJob', await mark.get()) : new Map<string, string | null>();
    return ids.map((id) => {
      const job = jobs.get(id);
      return retryStateOf({ id, row: job === undefined ? undefined : rowOf(job), failedAgain: again.has(id), refusal: refusals.get(id) });
    });
  };
  return {
    name: 'job-retry',
    // The journal keeps the mark and what was asked, so that a resume sends the same.
    journalScope: async () => ({
      ...(await mark.scope()),
      retries: change.retries,
      ...(change.dueDate === undefined ? {} : { dueDate: change.dueDate === null ? null : change.dueDate.toISOString() }),
    }),
    resumeScope: (start) => {
      mark.resume(start);
      if (typeof start.retries === 'number') change.retries = start.retries;
      if (start.dueDate === null) change.dueDate = null;
      else if (typeof start.dueDate === 'string') change.dueDate = new Date(start.dueDate);
      else change.dueDate = undefined;
    },
    pending: (job) => (job.retries ?? 0) <= 0,
    sendChunk: async (ids, signal) => {
      await mark.get();
      await sendEach(client, ids, change, { signal, refusals, concurrency: context.concurrency ?? JOB_RETRY_CONCURRENCY });
    },
    createBatch: async (ids) => {
      await mark.get();
      return client.jobs.setRetriesAsync(ids, change);
    },
    // The chunk is one PUT per job: the dry run shows the request with the id as a placeholder.
    chunkRequest: () => ({ method: 'PUT', path: '/job/{id}/retries', body: jobRetriesBody(change) }),
    batchRequest: (ids) => ({ method: 'POST', path: '/job/retries', body: { jobIds: ids, ...jobRetriesBody(change) } }),
    batchCheck: ['batch', 'list', '--type', 'set-job-retries'],
    statesOf,
    // Each job is a request of its own: no chunk is refused for another run's change.
    overlapsAnotherRun: () => false,
    outcomeNames: RETRY_OUTCOMES,
    explainRefusal: (error) => error,
    words: JOB_RETRY_WORDS,
    opLog: { operationType: 'SetJobRetries', entityType: 'Job', property: 'retries', perObject: true },
    batchPermission: 'CREATE_BATCH_SET_JOB_RETRIES',
    watchCanary: (ids) => ({
      look: async () => {
        const states = await statesOf(ids);
        const jobs = await found(ids);
        return canaryLook(states, (id) => jobs.get(id));
      },
    }),
    noDetail: NO_RETRY_DETAIL,
    report: { id: 'jobId', columns: RETRY_REPORT_COLUMNS },
  };
}

function rowOf(job: Job) {
  return {
    retries: job.retries ?? 0,
    processInstanceId: job.processInstanceId ?? null,
    definitionId: job.processDefinitionId ?? null,
    activityId: job.failedActivityId ?? null,
    message: job.exceptionMessage ?? null,
  };
}

/** The jobs of `ids` the engine has (POST /job). */
function jobsByIds(client: EngineClient, ids: readonly string[]): Promise<Map<string, Job>> {
  return objectsByIds(ids, client.http.queryLimit, (chunk, first, max) => client.jobs.byIds(chunk, first, max));
}

/**
 * A canary's look after a retry: a job that failed again is a problem; a job with retries whose due
 * date has come (or that has none) is due now, not run yet.
 */
function canaryLook(states: readonly ObjectFound<RetryDetail>[], jobOf: (id: string) => Job | undefined): CanaryLook {
  const problems: string[] = [];
  let dueNow = 0;
  const now = Date.now();
  for (const { id, state, detail } of states) {
    if (state === 'other') problems.push(`${id}: failed again${detail.activityId ? ` at ${detail.activityId}` : ''}: ${detail.message ?? 'no message'}`);
    if (state !== 'changed') continue;
    const dueDate = jobOf(id)?.dueDate;
    const due = dueDate ? parseEngineDate(dueDate) : undefined;
    if (due === undefined || due.getTime() <= now) dueNow++;
  }
  return { problems, dueNow };
}

/** ENGINE-13053: the engine has no such job (it ran meanwhile, or its instance ended). */
function jobGone(error: unknown): boolean {
  return error instanceof EngineHttpError && error.status === 500 && /^ENGINE-13053 /.test(error.body?.message ?? '');
}

/** Two transactions changed the job at once (the job executor picked it up): the PUT is sent once more. */
function lockedMeanwhile(error: unknown): boolean {
  return error instanceof EngineHttpError && error.status === 500 && error.engineType === 'OptimisticLockingException';
}

/** One PUT per job, `concurrency` at once (see the head of this file). */
async function sendEach(
  client: EngineClient,
  ids: readonly string[],
  change: JobRetries,
  options: { signal: AbortSignal | undefined; refusals: Map<string, string>; concurrency: number },
): Promise<void> {
  const { signal, refusals } = options;
  let abandoned: RequestAbandonedError | undefined;
  let done = 0;
  const refused: unknown[] = [];
  await inParallel(ids, options.concurrency, async (id) => {
    // After a second Ctrl-C nothing more is sent; what is in flight ends as it ends.
    if (abandoned !== undefined) return;
    try {
      try {
        await client.jobs.setRetries(id, change, signal);
      } catch (error) {
        if (!lockedMeanwhile(error)) throw error;
        await client.jobs.setRetries(id, change, signal);
      }
      refusals.delete(id);
      done++;
    } catch (error) {
      if (error instanceof RequestAbandonedError) abandoned = error;
      else if (jobGone(error)) {
        refusals.delete(id);
        done++;
      } else {
        refusals.set(id, error instanceof Error ? error.message : String(error));
        refused.push(error);
      }
    }
  });
  if (abandoned !== undefined) throw abandoned;
  if (refused.length > 0 && done === 0) throw refused[0];
}
