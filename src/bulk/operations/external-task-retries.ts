/**
 * `external-task retry` as a bulk operation: new retries for external tasks whose workers gave up,
 * which resolves their failedExternalTask incidents and lets workers fetch them again.
 *
 * A chunk is one PUT /external-task/retries (SetExternalTasksRetriesCmd: ONE transaction; the engine
 * logs it as one SetExternalTaskRetries entry of entity type ExternalTask, property nrOfInstances). A
 * task that is gone (completed meanwhile, its instance ended) refuses the whole chunk with a 404
 * "Cannot find external task with id …": the chunk is then sent again without the tasks the engine no
 * longer has, a few times at most. A batch is one POST /external-task/retries-async (type
 * set-external-task-retries, permission CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES).
 *
 * Where a task is after the run: ./retry-common.ts (retried, failed again, not retried, ended).
 */
import type { CanaryObserver, ChangeWords, ObjectFound } from '../../change/operation.js';
import type { EngineClient } from '../../engine/client.js';
import { EngineHttpError } from '../../engine/errors.js';
import type { ExternalTask } from '../../engine/external-tasks.js';
import type { BulkOperation } from '../operation.js';
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

const EXTERNAL_TASK_RETRY_WORDS: ChangeWords = {
  verb: 'retry',
  done: 'retried',
  one: 'external task',
  many: 'external tasks',
  changed: 'retried',
  unchanged: 'without retries',
  run: 'the retry',
  changedInFull: 'left with retries (failed again, or not retried)',
  canaryCheck: 'retried without failing again',
  request: 'the retries request',
};

/** Sends of one chunk after the engine found tasks of it gone, at most. */
const GONE_RESENDS = 3;

export interface ExternalTaskRetriesContext {
  client: EngineClient;
  retries: number;
  /** The newest open failedExternalTask incident when the ids were frozen (./retry-common.ts), as for jobs. */
  failedBefore?: string | null | undefined;
}

export type ExternalTaskRetriesOperation = BulkOperation<ExternalTask, RetryOutcome, RetryDetail> & { watchCanary(ids: readonly string[]): CanaryObserver };

export function externalTaskRetriesOperation(context: ExternalTaskRetriesContext): ExternalTaskRetriesOperation {
  const { client } = context;
  let { retries } = context;
  const tasks = client.externalTasks;
  const body = (ids: string[]) => ({ externalTaskIds: ids, retries });
  const mark = new FailureMark(client.incidents, 'failedExternalTask', context.failedBefore);
  const statesOf = async (ids: readonly string[]): Promise<ObjectFound<RetryDetail>[]> => {
    const found = await tasksByIds(client, ids);
    const anyFailed = [...found.values()].some((task) => task.retries === 0);
    const again = anyFailed ? await failedAfter(client.incidents, 'failedExternalTask', await mark.get()) : new Map<string, string | null>();
    return ids.map((id) => {
      const task = found.get(id);
      return retryStateOf({ id, row: task === undefined ? undefined : rowOf(task), failedAgain: again.has(id), refusal: undefined });
    });
  };
  return {
    name: 'external-task-retry',
    // The journal keeps the mark and the retries asked, so that a resume sends the same.
    journalScope: async () => ({ ...(await mark.scope()), retries }),
    resumeScope: (start) => {
      mark.resume(start);
      if (typeof start.retries === 'number') retries = start.retries;
    },
    pending: (task) => task.retries === 0,
    sendChunk: async (ids, signal) => {
      await mark.get();
      let rest = ids;
      for (let resend = 0; ; resend++) {
        try {
          await tasks.setRetries(rest, retries, signal);
          return;
        } catch (error) {
          if (resend >= GONE_RESENDS || !taskGone(error)) throw error;
          const there = await tasksByIds(client, rest);
          rest = rest.filter((id) => there.has(id));
          if (rest.length === 0) return;
        }
      }
    },
    createBatch: async (ids) => {
      await mark.get();
      return tasks.setRetriesAsync(ids, retries);
    },
    chunkRequest: (ids) => ({ method: 'PUT', path: '/external-task/retries', body: body(ids) }),
    batchRequest: (ids) => ({ method: 'POST', path: '/external-task/retries-async', body: body(ids) }),
    batchCheck: ['batch', 'list', '--type', 'set-external-task-retries'],
    statesOf,
    // Two transactions on the same tasks at once: another run, or a worker locking or reporting one.
    overlapsAnotherRun: (error) => error instanceof EngineHttpError && error.status === 500 && error.engineType === 'OptimisticLockingException',
    outcomeNames: RETRY_OUTCOMES,
    explainRefusal: (error) => error,
    words: EXTERNAL_TASK_RETRY_WORDS,
    opLog: { operationType: 'SetExternalTaskRetries', entityType: 'ExternalTask', property: 'nrOfInstances' },
    batchPermission: 'CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES',
    watchCanary: (ids) => ({
      look: async () => {
        const states = await statesOf(ids);
        const problems = states
          .filter((found) => found.state === 'other')
          .map(({ id, detail }) => `${id}: failed again${detail.activityId ? ` at ${detail.activityId}` : ''}: ${detail.message ?? 'no message'}`);
        // A task with retries is waiting for a worker to fetch it: due now.
        return { problems, dueNow: states.filter((found) => found.state === 'changed').length };
      },
    }),
    noDetail: NO_RETRY_DETAIL,
    report: { id: 'externalTaskId', columns: RETRY_REPORT_COLUMNS },
  };
}

function rowOf(task: ExternalTask) {
  return {
    retries: task.retries ?? null,
    processInstanceId: task.processInstanceId ?? null,
    definitionId: task.processDefinitionId ?? null,
    activityId: task.activityId ?? null,
    message: task.errorMessage ?? null,
  };
}

/** The external tasks of `ids` the engine has (POST /external-task). */
function tasksByIds(client: EngineClient, ids: readonly string[]): Promise<Map<string, ExternalTask>> {
  return objectsByIds(ids, client.http.queryLimit, (chunk, first, max) => client.externalTasks.byIds(chunk, first, max));
}

/** The 404 of PUT /external-task/retries for a task the engine does not have. */
function taskGone(error: unknown): boolean {
  return error instanceof EngineHttpError && error.status === 404 && /^Cannot find external task with id /.test(error.body?.message ?? '');
}
