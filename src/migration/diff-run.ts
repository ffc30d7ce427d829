/**
 * `migration diff SOURCE TARGET`, as a use case: both references resolved, both models read with the
 * source's running instances, and compared (./model-diff.ts). Terminal-free.
 */
import type { EngineClient } from '../engine/client.js';
import type { DefinitionReference, ResolvedDefinition } from '../plans/references.js';
import { resolveReference } from '../plans/references.js';
import { diffModels } from './model-diff.js';
import { readProcessModel } from './models.js';

export type DefinitionDiff = { source: ResolvedDefinition; target: ResolvedDefinition } & ReturnType<typeof diffModels>;

export async function diffDefinitionPair(
  client: EngineClient,
  request: { source: DefinitionReference; target: DefinitionReference; tenant: string | undefined },
): Promise<DefinitionDiff> {
  const [source, target] = await Promise.all([
    resolveReference(client.processDefinitions, request.source, { tenant: request.tenant, where: 'source definition' }),
    resolveReference(client.processDefinitions, request.target, { tenant: request.tenant, where: 'target definition' }),
  ]);
  const [sourceModel, targetModel, statistics] = await Promise.all([
    readProcessModel(client.processDefinitions, source),
    readProcessModel(client.processDefinitions, target),
    client.processDefinitions.activityStatistics(source.id),
  ]);
  return { source, target, ...diffModels(sourceModel, targetModel, statistics) };
}
