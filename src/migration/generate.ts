/**
 * `migration generate`: the engine's plan for two definitions, as a plan document with the references
 * it was made from, and what the engine left out of it: the source's activities that no instruction
 * maps (with their running instances) and, when asked, suggested mappings for them from the two models.
 */
import type { ProcessModel } from '../bpmn/model.js';
import type { EngineClient } from '../engine/client.js';
import type { ActivityStatistics } from '../engine/process-definitions.js';
import type { VariableValueDto } from '../engine/migration.js';
import { type DefinitionReference, type ResolvedDefinition, resolveReference } from '../plans/references.js';
import type { MigrationInstruction } from '../plans/schema.js';
import { type PlanDocument, type PlanSuggestions, planDocument } from '../plans/write.js';
import { type LeftOutActivity, leftOutOfPlan } from './model-diff.js';
import { readProcessModel } from './models.js';

export interface GenerateRequest {
  sourceReference: DefinitionReference;
  targetReference: DefinitionReference;
  tenant: string | undefined;
  updateEventTriggers: boolean;
  variables: Record<string, VariableValueDto> | undefined;
  /** Read the target's model too and suggest mappings for what is left out. */
  suggest: boolean;
  /**
   * Without `suggest`, the list of what was left out is a help, not the plan: when the source's model
   * or statistics cannot be read, this hears why and the plan is made all the same.
   */
  unlisted: (error: unknown) => void;
}

export interface GeneratedPlan {
  source: ResolvedDefinition;
  target: ResolvedDefinition;
  document: PlanDocument;
  /** The source's activities that no instruction maps. */
  unmapped: LeftOutActivity[];
  /** With `suggest`: the suggestions, and the unmapped activities that have none. */
  suggestions: PlanSuggestions | undefined;
}

export async function generatePlan(client: EngineClient, request: GenerateRequest): Promise<GeneratedPlan> {
  const [source, target] = await Promise.all([
    resolveReference(client.processDefinitions, request.sourceReference, { tenant: request.tenant, where: '--source' }),
    resolveReference(client.processDefinitions, request.targetReference, { tenant: request.tenant, where: '--target' }),
  ]);
  const sourceSide = Promise.all([readProcessModel(client.processDefinitions, source), client.processDefinitions.activityStatistics(source.id)]);
  const [generated, sourceInsight, targetModel] = await Promise.all([
    client.migration.generate({
      sourceProcessDefinitionId: source.id,
      targetProcessDefinitionId: target.id,
      updateEventTriggers: request.updateEventTriggers,
      ...(request.variables ? { variables: request.variables } : {}),
    }),
    request.suggest
      ? sourceSide
      : sourceSide.catch((error: unknown) => {
          request.unlisted(error);
          return undefined;
        }),
    request.suggest ? readProcessModel(client.processDefinitions, target) : undefined,
  ]);
  const document = planDocument({
    source,
    target,
    sourceReference: request.sourceReference,
    targetReference: request.targetReference,
    generated,
    variables: request.variables,
  });
  const [sourceModel, statistics] = sourceInsight ?? [undefined, []];
  if (!sourceModel) return { source, target, document, unmapped: [], suggestions: undefined };
  return { source, target, document, ...planSuggestions(sourceModel, statistics, document.instructions, targetModel) };
}

/**
 * What a plan leaves out of the source, and with the target's model the mappings suggested for it:
 * the one path of `migration generate --suggest` and `migration sweep --suggest`, so that both write
 * the same comments for the same pair.
 */
export function planSuggestions(
  sourceModel: ProcessModel,
  statistics: readonly ActivityStatistics[],
  instructions: readonly MigrationInstruction[],
  targetModel: ProcessModel | undefined,
): { unmapped: LeftOutActivity[]; suggestions: PlanSuggestions | undefined } {
  const { leftOut: unmapped, suggestions } = leftOutOfPlan(sourceModel, statistics, instructions, targetModel);
  if (!suggestions) return { unmapped, suggestions: undefined };
  const suggested = new Set(suggestions.map((suggestion) => suggestion.sourceActivityId));
  return { unmapped, suggestions: { suggestions, unmapped: unmapped.filter((activity) => !suggested.has(activity.activityId)) } };
}
