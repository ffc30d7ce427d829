/**
 * What migration cares about in a model's activity: how the engine tells whether two activities may
 * map to each other, how a person reads its type, and where instances can wait.
 */
import type { ModelActivity } from '../bpmn/model.js';
import type { ActivityStatistics } from '../engine/process-definitions.js';

/** Statistics name a multi-instance activity's body `ID#multiInstanceBody`. */
export const MULTI_INSTANCE_BODY = '#multiInstanceBody';

/**
 * Running instances per activity id. A multi-instance activity counts the larger of its body and its
 * inner instances, not their sum: one process instance waiting in three parallel tasks is three.
 */
export function runningInstances(statistics: readonly ActivityStatistics[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of statistics) {
    const id = row.id.endsWith(MULTI_INSTANCE_BODY) ? row.id.slice(0, -MULTI_INSTANCE_BODY.length) : row.id;
    counts.set(id, Math.max(counts.get(id) ?? 0, row.instances));
  }
  return counts;
}

/**
 * What the engine compares when it maps one activity to another (SameBehaviorInstructionValidator,
 * SameEventTypeValidator), as far as the model shows it: the element, how a service-like task is
 * implemented, and an event's trigger. Sub-processes and event sub-processes are equivalent to it.
 */
export function behaviourKey(activity: ModelActivity): string {
  if (activity.implementation === 'external') return 'externalTask';
  if (activity.type === 'subProcess') return 'subProcess';
  const serviceLike = activity.implementation !== null && activity.implementation !== 'decision';
  const parts = [serviceLike ? 'serviceTask' : activity.type];
  if (activity.implementation) parts.push(activity.implementation);
  if (activity.trigger) parts.push(activity.trigger.kind);
  return parts.join(':');
}

/** The activity's type as a person reads it: `boundaryEvent (timer)`, `serviceTask (external)`, `userTask (parallel multi-instance)`. */
export function describeType(activity: ModelActivity): string {
  const details = [
    activity.eventSubProcess ? 'event' : null,
    activity.trigger?.kind ?? null,
    activity.implementation,
    activity.interrupting === false ? 'non-interrupting' : null,
    activity.multiInstance ? `${activity.multiInstance} multi-instance` : null,
  ].filter((detail): detail is string => detail !== null);
  return details.length > 0 ? `${activity.type} (${details.join(', ')})` : activity.type;
}

/** Elements where an instance waits (or that are scopes instances run inside). */
const WAIT_STATES = new Set([
  'userTask',
  'receiveTask',
  'callActivity',
  'subProcess',
  'adHocSubProcess',
  'transaction',
  'intermediateCatchEvent',
  'boundaryEvent',
  'eventBasedGateway',
  'parallelGateway',
  'inclusiveGateway',
  'complexGateway',
]);

/**
 * Whether an activity matters to a plan: one where instances can be found when a migration runs
 * (user and receive tasks, external tasks, call activities, sub-processes, catching events, joining
 * gateways, any asynchronous continuation) or a boundary event, whose trigger goes with its
 * instruction. Everything else (start and end events, synchronous service, script and rule tasks,
 * exclusive gateways) is passed at once, inside one transaction: no instance is ever found there.
 */
export function worthMapping(activity: ModelActivity): boolean {
  return activity.asyncBefore || activity.asyncAfter || activity.implementation === 'external' || WAIT_STATES.has(activity.type);
}

export function scopeName(parentId: string | null): string {
  return parentId === null ? 'the process' : `sub-process ${parentId}`;
}

export function triggerText(activity: ModelActivity): string {
  const trigger = activity.trigger;
  if (!trigger) return 'none';
  return trigger.detail === null ? trigger.kind : `${trigger.kind} ${trigger.detail}`;
}
