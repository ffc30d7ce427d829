/**
 * `migration validate PLAN`, as a use case: the plan read and resolved, the engine's validation, the
 * plan's own selection checked, the nearest activities of unknown ones, and the pre-flight of the
 * instances, as one ValidationResult. Terminal-free: warnings and debug lines go to the environment.
 */
import { parsePlan } from '../plans/load.js';
import { formatProblem } from '../input/problems.js';
import { withPlaces } from '../input/place-loader.js';
import { readInputFile } from '../input/read.js';
import { resolvePlan } from '../plans/resolve.js';
import { buildValidationResult, unknownActivities, type ValidationResult } from '../plans/validation.js';
import type { RunEnvironment } from './execute-run.js';
import { nearestActivities } from './models.js';
import { preflightInstances, selectedByPlan } from './preflight.js';

export interface ValidateRequest {
  /** The plan file, or - for standard input. */
  planFile: string;
  tenant: string | undefined;
  /** The pre-flight's warnings fail too. */
  strict: boolean;
}

export interface ValidateEnvironment extends Pick<RunEnvironment, 'stdin' | 'client' | 'warn'> {
  /** A line for --verbose (why the nearest activities could not be listed). */
  debug(message: string): void;
}

export async function validatePlanFile(env: ValidateEnvironment, request: ValidateRequest): Promise<ValidationResult> {
  const { name, text } = await readInputFile(request.planFile, env.stdin);
  const loaded = await withPlaces((places) => parsePlan(text, name, places));
  const warnings = loaded.warnings.map(formatProblem);
  for (const warning of warnings) env.warn(warning);

  const client = await env.client({ bulk: false });
  const resolved = await resolvePlan(loaded, client.processDefinitions, request.tenant);
  const [report, statistics] = await Promise.all([
    client.migration.validate(resolved.request),
    client.processDefinitions.activityStatistics(resolved.source.id, { incidents: true }),
  ]);
  const selection = await selectedByPlan(client, loaded.plan, resolved.source.id);
  for (const id of selection?.notFound ?? []) env.warn(`the plan selects ${id}, which is not running: execute would refuse the selection (exit 2)`);
  for (const { id, definitionId } of selection?.elsewhere ?? []) {
    env.warn(`the plan selects ${id}, which runs on ${definitionId}, not on the source: execute would refuse the selection (exit 2)`);
  }
  const [unknown, preflight] = await Promise.all([
    nearestActivities(client.processDefinitions, resolved, unknownActivities(report), (message) => env.debug(message)),
    preflightInstances(client, {
      source: resolved.source,
      target: resolved.target,
      instructions: resolved.request.instructions,
      statistics,
      selection: selection?.ids,
      planReport: report,
    }),
  ]);
  return buildValidationResult({
    plan: name,
    planFile: loaded.plan,
    strict: request.strict,
    source: resolved.source,
    target: resolved.target,
    report,
    statistics,
    warnings,
    unknownActivities: unknown,
    preflight,
  });
}
