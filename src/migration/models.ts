/**
 * Reading a definition's BPMN model, for the commands that need one (`definition show`, `migration
 * diff`, `migration generate`, hints of `migration validate`). The parser and bpmn-moddle are loaded
 * here, when a model is read, so that no other command pays for them.
 */
import type { ProcessModel } from '../bpmn/model.js';
import type { ProcessDefinitionApi } from '../engine/process-definitions.js';
import { CliError, ExitCode } from '../exit-codes.js';
import type { ResolvedDefinition } from '../plans/references.js';
import { nearestIds, type UnknownActivity } from '../plans/validation.js';
import { describeDefinition } from './describe-definition.js';
import { MULTI_INSTANCE_BODY } from './activity-kinds.js';

export async function readProcessModel(definitions: ProcessDefinitionApi, definition: ResolvedDefinition): Promise<ProcessModel> {
  const [xml, { ModelError, parseProcessModel }] = await Promise.all([definitions.bpmnXml(definition.id), import('../bpmn/model.js')]);
  try {
    return await parseProcessModel(xml, definition.key);
  } catch (error) {
    // The engine parsed this model when it was deployed: one we cannot read is an answer we did not
    // expect, like a body that does not match the engine's schema (exit 7, docs/exit-codes.md).
    if (error instanceof ModelError)
      throw new CliError(`the BPMN model of ${describeDefinition(definition)} cannot be read: ${error.message}`, ExitCode.Unreachable);
    throw error;
  }
}

/**
 * The nearest ids of the model an unknown activity was looked for in. Hints only: a model that
 * cannot be read leaves them out (said with --verbose), and the validation goes on.
 */
export async function nearestActivities(
  definitions: ProcessDefinitionApi,
  sides: { source: ResolvedDefinition; target: ResolvedDefinition },
  unknown: readonly { side: 'source' | 'target'; activityId: string }[],
  debug: (message: string) => void,
): Promise<UnknownActivity[]> {
  if (unknown.length === 0) return [];
  const wanted = [...new Set(unknown.map((activity) => activity.side))];
  const ids = new Map<'source' | 'target', string[]>();
  await Promise.all(
    wanted.map(async (side) => {
      try {
        const model = await readProcessModel(definitions, sides[side]);
        ids.set(
          side,
          model.activities.flatMap((activity) => (activity.multiInstance ? [activity.id, `${activity.id}${MULTI_INSTANCE_BODY}`] : [activity.id])),
        );
      } catch (error) {
        debug(`no hints for unknown ${side} activities: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  return unknown.map(({ side, activityId }) => ({ side, activityId, ...nearestIds(activityId, ids.get(side) ?? []) }));
}
