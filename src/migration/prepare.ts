/**
 * The first steps of a migration run: the pre-flight (unless skipped), then the ids: the selection
 * resolved and checked, or what a resumed journal still has on the source. Nothing is sent here.
 */
import { ChangeFailedError, inputError } from '../change/errors.js';
import type { ActivityStatistics } from '../engine/process-definitions.js';
import { buildValidationResult } from '../plans/validation.js';
import { describeDefinition } from './describe-definition.js';
import { type ExecutionContext, pendingAfterResume } from './execute.js';
import type { IdList } from '../input/id-set.js';
import { refusePendingBatches } from './pending-batches.js';
import { preflightInstances } from './preflight.js';
import type { MigrationHost, PlanToRun, PreparedMigration, PrepareOptions, SelectionToRun } from './run-types.js';
import { resolveSelection, type ResolvedSelection } from './selection.js';

/** What the steps of a run share: the engine, the resolved plan, the options. */
export function executionContext(host: Pick<MigrationHost, 'client'>, plan: PlanToRun, options: PrepareOptions): ExecutionContext {
  const { resolved, loaded } = plan;
  return {
    client: host.client,
    plan: plan.name,
    source: resolved.source,
    target: resolved.target,
    migrationPlan: resolved.request,
    skipCustomListeners: Boolean(options.skipCustomListeners ?? loaded.plan.skipCustomListeners),
    skipIoMappings: Boolean(options.skipIoMappings ?? loaded.plan.skipIoMappings),
  };
}

/**
 * The pre-flight (unless skipped), then the ids: the selection resolved and checked (every instance on
 * the source, at least one), or what a resumed journal has still on the source.
 */
export async function prepareMigration(host: MigrationHost, plan: PlanToRun, selection: SelectionToRun, options: PrepareOptions): Promise<PreparedMigration> {
  const { resolved } = plan;
  const direction = `${describeDefinition(resolved.source)} -> ${describeDefinition(resolved.target)}`;
  const statistics = options.skipValidation ? undefined : await preflight(host, plan);
  // What the engine will do with exactly the instances to send, once they are known.
  const checkInstances = async (ids: IdList): Promise<void> => {
    if (statistics !== undefined && ids.length > 0) await preflightOfInstances(host, plan, ids, statistics);
  };

  const context = executionContext(host, plan, options);
  const canaryWaitMs = options.canaryWaitMs ?? 0;

  if (selection.kind === 'resume') {
    const { state, journalFile } = selection;
    if (state.start.sourceProcessDefinitionId !== resolved.source.id || state.start.targetProcessDefinitionId !== resolved.target.id) {
      throw inputError(
        `journal ${journalFile} is for ${state.start.sourceProcessDefinitionId} -> ${state.start.targetProcessDefinitionId}, not for this plan (${resolved.source.id} -> ${resolved.target.id})`,
      );
    }
    const { pending, settled } = await pendingAfterResume(context, state);
    host.emit({
      type: 'resumed',
      journal: journalFile,
      confirmed: state.confirmed.size,
      total: state.start.ids.length,
      settled,
      pending: pending.length,
      scope: direction,
    });
    if (pending.length > 0) await refusePendingBatches(host.client, resolved.source, options.allowPendingBatch === true);
    await checkInstances(pending);
    return { plan, context, direction, ids: pending, parts: [], resumed: { journalFile, state }, nothingSelected: false, alreadyChanged: 0, canaryWaitMs };
  }

  const { request } = selection;
  const found = await resolveSelection(host.client.processInstances, request, resolved.source.id);
  // Selected instances on the target already are a repeated run's, whose goal holds for them: not sent
  // again. Any other stray refuses the whole selection, as the engine would.
  const onTarget = found.elsewhere.filter((stray) => stray.definitionId === resolved.target.id).length;
  if (onTarget > 0 && onTarget === found.elsewhere.length && found.notFound.length === 0) {
    host.emit({
      type: 'already-changed',
      count: onTarget,
      all: found.ids.length === 0,
      where: describeDefinition(resolved.source),
      scope: describeDefinition(resolved.target),
    });
  } else {
    refuseStrays(found, describeDefinition(resolved.source));
  }
  const ids = found.ids;
  if (ids.length === 0) {
    if (selection.idsGiven && onTarget === 0)
      throw inputError(
        `the selection (${request.parts.join(', ')}) holds no instance of ${describeDefinition(resolved.source)}: nothing to migrate, nothing was sent`,
      );
    return { plan, context, direction, ids, parts: request.parts, resumed: undefined, nothingSelected: true, alreadyChanged: onTarget, canaryWaitMs };
  }
  host.emit({ type: 'selection-resolved', count: ids.length, scope: direction });
  await refusePendingBatches(host.client, resolved.source, options.allowPendingBatch === true);
  await checkInstances(ids);
  return { plan, context, direction, ids, parts: request.parts, resumed: undefined, nothingSelected: false, alreadyChanged: onTarget, canaryWaitMs };
}

function refuseStrays(found: ResolvedSelection, source: string): void {
  const strays = [...found.notFound.map((id) => `${id} (not found)`), ...found.elsewhere.map(({ id, definitionId }) => `${id} (on ${definitionId})`)];
  if (strays.length === 0) return;
  const shown = strays.slice(0, 10).join(', ') + (strays.length > 10 ? `, … ${strays.length - 10} more` : '');
  throw inputError(
    `${strays.length} selected instance${strays.length === 1 ? ' is' : 's are'} not running on ${source}: ${shown}; the engine would refuse the whole request, nothing was sent`,
  );
}

/**
 * The engine's validation of the plan, as `migration validate` asks for it; failures stop the run
 * (exit 3) before the selection is resolved. Returns the source's statistics for the instances' pre-flight.
 */
async function preflight(host: MigrationHost, plan: PlanToRun): Promise<ActivityStatistics[]> {
  const { client } = host;
  const { loaded, resolved } = plan;
  const [report, statistics] = await Promise.all([
    client.migration.validate(resolved.request),
    client.processDefinitions.activityStatistics(resolved.source.id, { incidents: true }),
  ]);
  const result = buildValidationResult({
    plan: loaded.file,
    planFile: loaded.plan,
    strict: false,
    source: resolved.source,
    target: resolved.target,
    report,
    statistics,
    warnings: [],
  });
  if (!result.valid) {
    host.showValidation(result);
    throw new ChangeFailedError('pre-flight validation failed: nothing was executed (fix the plan, or send it anyway with --skip-validation)', 'refused');
  }
  return statistics;
}

/**
 * What the engine will do with the instances to send (./preflight.ts): the findings are shown; one
 * that makes the execute fail stops the run (exit 3) before anything is sent.
 */
async function preflightOfInstances(host: MigrationHost, plan: PlanToRun, ids: IdList, statistics: readonly ActivityStatistics[]): Promise<void> {
  const { resolved } = plan;
  const report = await preflightInstances(host.client, {
    source: resolved.source,
    target: resolved.target,
    instructions: resolved.request.instructions,
    statistics,
    selection: ids,
  });
  if (report.findings.length > 0) host.showPreflight(report);
  if (report.summary.failures > 0) {
    const refused = report.summary.refusedInstances;
    throw new ChangeFailedError(
      `pre-flight: the engine would refuse ${refused} of the ${ids.length} selected instance${ids.length === 1 ? '' : 's'} (table above): nothing was executed (fix the plan or the instances, or send it anyway with --skip-validation)`,
      'refused',
    );
  }
}
