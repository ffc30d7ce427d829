/**
 * `job execute ID...`: each job run now, one request after the other, and what the engine answered
 * for each. The engine answers 404 both for "no such job" and for a job that failed with a
 * ProcessEngineException (JobResourceImpl.executeJob): the job is then looked up to tell the two apart.
 */
import type { JobApi } from '../engine/jobs.js';
import { EngineAuthorizationError, EngineHttpError } from '../engine/errors.js';

type JobExecutionOutcome = 'executed' | 'failed' | 'not-found' | 'refused';

/** One job's result: its -o json|yaml shape (docs/operations.md). */
export interface JobExecution {
  id: string;
  outcome: JobExecutionOutcome;
  /** The engine's HTTP status when the job did not run. */
  status?: number;
  /** The engine's exception type (InvalidRequestException, RestException, AuthorizationException). */
  type?: string;
  /** The engine's message: the job's exception when it failed. */
  message?: string;
}

/** Runs the jobs in order; a failure of one job is its outcome, anything else (unreachable, 401) ends the run. */
export async function executeJobs(jobs: JobApi, ids: readonly string[], onResult?: (result: JobExecution) => void): Promise<JobExecution[]> {
  const results: JobExecution[] = [];
  for (const id of ids) {
    const result = await executeOne(jobs, id);
    results.push(result);
    onResult?.(result);
  }
  return results;
}

async function executeOne(jobs: JobApi, id: string): Promise<JobExecution> {
  try {
    await jobs.execute(id);
    return { id, outcome: 'executed' };
  } catch (error) {
    // Without the engine's error body the answer is not the engine's about this job (a proxy, a wrong URL).
    if (!(error instanceof EngineHttpError) || error.body === undefined || ![403, 404, 500].includes(error.status)) throw error;
    const answer = { status: error.status, type: error.body.type, message: error.body.message };
    if (error instanceof EngineAuthorizationError) return { id, outcome: 'refused', ...answer };
    if (error.status === 404 && (await jobs.find(id)) === undefined) return { id, outcome: 'not-found', ...answer };
    return { id, outcome: 'failed', ...answer };
  }
}
