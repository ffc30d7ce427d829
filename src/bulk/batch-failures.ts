/**
 * Why a batch did not change an object: the failed jobs of the run's batches (GET /job?jobDefinitionId=
 * the batch's execution job definition), mapped to the objects their exception messages name.
 *
 * A batch job is one transaction over `invocationsPerBatchJob` ids, and the engine does not say which
 * ids a job holds; its exception names at most the object it failed at: an AuthorizationException
 * the resource ('... permission on resource '<instance id>' of type 'ProcessInstance' ...'; for jobs
 * and external tasks their instance's id), a missing job or task its id (`No job found with id
 * '<id>'`, `Cannot find external task with id <id>`), a historic instance still running its id. So an
 * object not changed is given the message of the job that names it (or its instance); one that no
 * message names, but whose batch has failed jobs, is said to be presumably in one of them.
 *
 * On an engine with a job executor the batch jobs run without an authenticated user, so the engine
 * checks no right on the objects then: a missing right fails a batch job only when a user runs the
 * job by hand (POST /job/{id}/execute, `job execute`), as on an engine without a job executor.
 */
import type { OutcomeKind } from '../change/operation.js';
import type { ChangeResult, CreatedBatch, ObjectOutcome } from '../change/result.js';
import type { EngineClient } from '../engine/client.js';

/** One failed batch job: its batch, its id, the first line of its exception, and the objects its message names. */
interface BatchJobFailure {
  batchId: string;
  jobId: string;
  message: string;
  objects: string[];
}

/** Per batch with failed jobs: how many failed, and why each object of it that was not changed was not. */
export interface BatchFailures {
  batchId: string;
  failedJobs: number;
  /** Objects not changed, each with its reason, in the order of the result. */
  objects: { id: string; reason: string }[];
  jobs: BatchJobFailure[];
}

/** A result whose objects not changed by a failed batch job say why (`batchJobFailure`), with the failed jobs. */
export type ExplainedResult<O extends string, D extends object> = Omit<ChangeResult<O, D>, 'objects'> & {
  objects: (ObjectOutcome<O, D> & { batchJobFailure?: string })[];
  batchJobFailures?: BatchJobFailure[];
};

/** Characters around an id in an engine message: quotes, brackets, separators, blanks. */
const ID_DELIMITERS = /[\s'"`,;()[\]{}<>=]+/;

/** The ids named in `message`, as tokens (a trailing full stop or colon is not part of an id). */
export function tokensOf(message: string): Set<string> {
  const tokens = new Set<string>();
  for (const raw of message.split(ID_DELIMITERS)) {
    if (raw === '') continue;
    tokens.add(raw);
    const trimmed = raw.replace(/[.:]+$/, '');
    if (trimmed !== '') tokens.add(trimmed);
  }
  return tokens;
}

function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/**
 * The failed jobs of `result`'s batches, and the reason of every object not changed that one of them
 * explains. `batchObjects` (the ids each batch was created for) limits the "presumably" reason to
 * the objects of the batch; without it every object not changed may be in any batch.
 */
export async function explainBatchFailures<O extends string, D extends object>(
  client: EngineClient,
  names: Readonly<Record<OutcomeKind, O>>,
  result: ChangeResult<O, D>,
  batchObjects: ReadonlyMap<string, readonly string[]> | undefined,
): Promise<{ result: ExplainedResult<O, D>; failures: BatchFailures[] }> {
  const failures: BatchFailures[] = [];
  if (result.batches.length === 0) return { result, failures };
  const notChanged = new Set<O>([names.unchanged, names.other]);
  const open = result.objects.filter((object) => notChanged.has(object.outcome));
  // An object is named by its id, or (a job, an external task) by its process instance's.
  const byName = new Map<string, string[]>();
  const index = (name: unknown, id: string) => {
    if (typeof name !== 'string' || name === '') return;
    const ids = byName.get(name) ?? [];
    if (!ids.includes(id)) ids.push(id);
    byName.set(name, ids);
  };
  for (const object of open) {
    index(object.id, object.id);
    index((object as { processInstanceId?: unknown }).processInstanceId, object.id);
  }
  const reasons = new Map<string, string>();
  const allJobs: BatchJobFailure[] = [];
  for (const batch of result.batches) {
    const jobs = await failedJobsOf(client, batch);
    if (jobs.length === 0) continue;
    const named: BatchJobFailure[] = jobs.map((job) => {
      const objects = [...tokensOf(job.message)].flatMap((token) => byName.get(token) ?? []);
      const unique = [...new Set(objects)];
      for (const id of unique) if (!reasons.has(id)) reasons.set(id, `batch job ${job.jobId} failed: ${firstLine(job.message)}`);
      return { batchId: batch.id, jobId: job.jobId, message: firstLine(job.message), objects: unique };
    });
    allJobs.push(...named);
    const members = batchObjects?.get(batch.id);
    const inBatch = members ? new Set(members) : undefined;
    const presumably = presumedReason(named);
    for (const object of open) {
      if (reasons.has(object.id) || (inBatch && !inBatch.has(object.id))) continue;
      reasons.set(object.id, presumably);
    }
    const objects = open.filter((object) => reasons.has(object.id) && (!inBatch || inBatch.has(object.id)));
    failures.push({
      batchId: batch.id,
      failedJobs: jobs.length,
      objects: objects.map((object) => ({ id: object.id, reason: reasons.get(object.id)! })),
      jobs: named,
    });
  }
  if (allJobs.length === 0) return { result, failures };
  const objects = result.objects.map((object) => {
    const reason = reasons.get(object.id);
    return reason === undefined ? object : { ...object, batchJobFailure: reason };
  });
  return { result: { ...result, objects, batchJobFailures: allJobs }, failures };
}

/** The reason of an object not changed that no failed job's message names, though its batch has failed jobs. */
function presumedReason(jobs: readonly BatchJobFailure[]): string {
  const messages = [...new Set(jobs.map((job) => job.message))];
  const which = messages.length === 1 ? messages[0] : `${messages.length} different messages, the first: ${messages[0]}`;
  const where = jobs.length === 1 ? "the batch's failed job" : `one of the batch's ${jobs.length} failed jobs`;
  return `presumably in ${where} (no message names it): ${which}`;
}

/** The batch's execution jobs that failed (an exception recorded), as the engine lists them; none when it cannot say. */
async function failedJobsOf(client: EngineClient, batch: CreatedBatch): Promise<{ jobId: string; message: string }[]> {
  const definition = (batch as { batchJobDefinitionId?: string | null }).batchJobDefinitionId;
  if (!definition) return [];
  const jobs = await client.jobs.ofDefinition(definition).catch(() => []);
  return jobs.filter((job) => (job.exceptionMessage ?? null) !== null).map((job) => ({ jobId: job.id, message: job.exceptionMessage! }));
}
