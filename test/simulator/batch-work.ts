// Batches of other types than instance-migration (suspension today; retries, deletion and variables
// next): created like MigrateProcessInstanceBatchCmd creates its own (BatchBuilder: the batch, its
// job definitions, the historic batch, the seed job), and worked off by the same simulated job
// executor (batch.ts), each job doing `work` for its objects, all or nothing.
import { DEFAULT_JOB_RETRIES, logJob } from './job-log.js';
import { formatUtcDate } from './state.js';
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
