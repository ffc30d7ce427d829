/**
 * Pending migration batches that may be migrating the instances of a run: a second migration of
 * them would race the batch (its jobs fail with ENGINE-23002 for every instance the run moved first,
 * or the run's chunks fail for those the batch moved). Checked before anything is sent; refused with
 * exit 11 (another run is changing these instances: the batch) unless --allow-pending-batch.
 *
 * What the engine's REST API tells of a migration batch (read in Camunda 7.24): BatchDto has no
 * configuration, so neither its instances nor its plan. What it has: the batch's tenant (the source
 * definition's), and its seed job definition, whose deploymentId BatchBuilder sets to the deployment
 * of the plan's source definition (MigrateProcessInstanceBatchCmd's DeploymentMappings). A runtime
 * batch of the source's deployment, or one whose deployment cannot be read (its job definition not
 * visible to the caller), is taken as migrating the run's instances. docs/migration.md says so.
 */
import { ChangeFailedError } from '../change/errors.js';
import type { Batch } from '../engine/batches.js';
import type { EngineClient } from '../engine/client.js';
import { collectPages } from '../engine/paging.js';
import type { ResolvedDefinition } from '../plans/references.js';
import { describeDefinition } from './describe-definition.js';

const MIGRATION_BATCH = 'instance-migration';

interface PendingBatch {
  batch: Batch;
  /** `source`: the batch works on the source's deployment; `unknown`: its deployment cannot be read. */
  deployment: 'source' | 'unknown';
}

/** The runtime migration batches that may be migrating instances of `source`. */
async function pendingMigrationBatches(client: EngineClient, source: Pick<ResolvedDefinition, 'id' | 'tenantId'>): Promise<PendingBatch[]> {
  const batches = (
    await collectPages(
      (firstResult, maxResults) => client.batches.list({ type: MIGRATION_BATCH, sortBy: 'batchId', sortOrder: 'asc', firstResult, maxResults }),
      { limit: client.http.queryLimit },
    )
  ).filter((batch) => (batch.tenantId ?? null) === source.tenantId);
  if (batches.length === 0) return [];
  const [definition] = await client.processDefinitions.listAll({ processDefinitionIdIn: [source.id] });
  const sourceDeployment = definition?.deploymentId ?? null;
  const found: PendingBatch[] = [];
  for (const batch of batches) {
    const seed = batch.seedJobDefinitionId ? await client.jobs.definition(batch.seedJobDefinitionId) : undefined;
    const deployment = seed?.deploymentId ?? null;
    if (deployment === null) found.push({ batch, deployment: 'unknown' });
    else if (deployment === sourceDeployment) found.push({ batch, deployment: 'source' });
  }
  return found;
}

/** `B (started …, 60 jobs of 1 instance each)` */
function describeBatch({ batch, deployment }: PendingBatch): string {
  const started = batch.startTime ? `started ${batch.startTime}, ` : '';
  const of = deployment === 'unknown' ? '; its deployment cannot be read' : '';
  const perJob = `${batch.invocationsPerBatchJob} instance${batch.invocationsPerBatchJob === 1 ? '' : 's'}`;
  return `${batch.id} (${started}${batch.totalJobs} job${batch.totalJobs === 1 ? '' : 's'} of ${perJob} each${of})`;
}

/** Refuses the run (exit 11, nothing sent) while a pending migration batch may hold its instances, unless `allowed`. */
export async function refusePendingBatches(client: EngineClient, source: ResolvedDefinition, allowed: boolean): Promise<void> {
  if (allowed) return;
  const pending = await pendingMigrationBatches(client, source);
  if (pending.length === 0) return;
  const first = pending[0]!.batch.id;
  const batches = pending.length === 1 ? `batch ${describeBatch(pending[0]!)} is` : `batches ${pending.map(describeBatch).join(', ')} are`;
  throw new ChangeFailedError(
    `a pending migration ${batches} migrating instances of ${describeDefinition(source)}'s deployment: a second migration of them would race it; nothing was sent`,
    'locked',
    {
      hint: `follow it with camunda-admin batch watch ${first}, then run again (what it migrated is no longer selected); if it migrates other instances, run with --allow-pending-batch`,
    },
  );
}
