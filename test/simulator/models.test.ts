// The BPMN models in ./models/ are what the simulated engine's activities say: every flow node of the
// XML is an activity of its definition, of the same type, scope and attachment, in the same order.
import { describe, expect, it } from 'vitest';
import { type ModelActivity, parseProcessModel } from '../../src/bpmn/model.js';
import type { ActivityRecord, ActivityType } from './bpmn.js';
import { bpmnXmlOf } from './repository.js';
import { createEngineState } from './state.js';

/** The simulator's name for what the model shows. */
function activityType(activity: ModelActivity): string {
  const trigger = activity.trigger?.kind;
  if (activity.implementation === 'external') return 'externalTask';
  if (activity.type === 'startEvent' && trigger) return `${trigger}StartEvent`;
  if (activity.type === 'boundaryEvent') return `boundary${capitalized(trigger ?? 'none')}Event`;
  if (activity.type === 'intermediateCatchEvent') return `intermediate${capitalized(trigger ?? 'none')}CatchEvent`;
  if (activity.type === 'endEvent' && trigger) return `${trigger}EndEvent`;
  return activity.type;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function asRecord(activity: ModelActivity): ActivityRecord {
  return {
    id: activity.id,
    type: activityType(activity) as ActivityType,
    ...(activity.parentId ? { parentId: activity.parentId } : {}),
    ...(activity.attachedTo ? { attachedTo: activity.attachedTo } : {}),
    ...(activity.asyncBefore || activity.asyncAfter ? { async: true } : {}),
  };
}

describe('the seeded definitions and their BPMN models', () => {
  const state = createEngineState();

  it.each(state.processDefinitions.map((definition) => [definition.id, definition] as const))(
    '%s: the model has exactly its activities',
    async (_id, definition) => {
      const model = await parseProcessModel(bpmnXmlOf(definition), definition.key);
      expect(model.processId).toBe(definition.key);
      expect(model.activities.map(asRecord)).toEqual(definition.activities.map((activity) => ({ ...activity })));
    },
  );

  it('has the renamed user task, the type change, the call activity and the timer boundary event of invoice-approval', async () => {
    const [v1, v2] = await Promise.all(
      state.processDefinitions
        .filter((definition) => definition.key === 'invoice-approval')
        .map((definition) => parseProcessModel(bpmnXmlOf(definition), definition.key)),
    );
    const find = (model: typeof v1, id: string) => model?.activities.find((activity) => activity.id === id);
    expect([find(v1, 'approve')?.name, find(v2, 'approveInvoice')?.name]).toEqual(['Approve invoice', 'Approve invoice']);
    expect([find(v1, 'checkBudget')?.type, find(v2, 'checkBudget')?.type]).toEqual(['serviceTask', 'userTask']);
    expect(find(v2, 'archive')).toMatchObject({ type: 'callActivity', calledElement: 'archive-invoice' });
    expect([find(v1, 'reminder')?.trigger, find(v2, 'reminder')?.trigger]).toEqual([
      { kind: 'timer', detail: 'timeDuration PT1H' },
      { kind: 'timer', detail: 'timeDuration PT2H' },
    ]);
  });
});
