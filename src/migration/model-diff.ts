/**
 * Two BPMN models side by side, for writing a migration plan (`migration diff`, `migration generate
 * --suggest`): the activities of equal id and whether they changed in a way migration cares about,
 * those only in one model, mappings suggested for the activities only in one of them (with their
 * reasons and a confidence: ./mapping-suggestions.ts), and the source's activities with running
 * instances that nothing maps. Pure: models and statistics in, data out.
 */
import type { ModelActivity, ProcessModel } from '../bpmn/model.js';
import type { ActivityStatistics } from '../engine/process-definitions.js';
import { behaviourKey, describeType, MULTI_INSTANCE_BODY, runningInstances, scopeName, triggerText, worthMapping } from './activity-kinds.js';
import { type SuggestedMapping, suggestMappings } from './mapping-suggestions.js';

export type ActivityStatus = 'same' | 'changed' | 'type-changed' | 'only-in-source' | 'only-in-target';

export interface ActivityComparison {
  /** The activity's id (in source and target alike when both have it). */
  id: string;
  status: ActivityStatus;
  source: ModelActivity | null;
  target: ModelActivity | null;
  /** Running activity instances on the source activity (statistics); 0 for target-only rows. */
  instances: number;
  /** What changed, or what happens to this activity's instances and triggers, one sentence each. */
  notes: string[];
}

interface UnmappedActivity {
  activityId: string;
  instances: number;
  reason: string;
}

export interface ModelDiff {
  activities: ActivityComparison[];
  suggestions: SuggestedMapping[];
  /** Source activities with running instances that neither an equal id nor a suggestion maps. */
  unmappedWithInstances: UnmappedActivity[];
  summary: {
    same: number;
    changed: number;
    typeChanged: number;
    onlyInSource: number;
    onlyInTarget: number;
    suggestions: number;
    unmappedWithInstances: number;
  };
}

export function diffModels(source: ProcessModel, target: ProcessModel, statistics: readonly ActivityStatistics[]): ModelDiff {
  const instances = runningInstances(statistics);
  const targetById = new Map(target.activities.map((activity) => [activity.id, activity]));
  const sourceIds = new Set(source.activities.map((activity) => activity.id));
  const suggestions = suggestMappings(source, target, instances);
  const suggestedTarget = new Map(suggestions.map((suggestion) => [suggestion.sourceActivityId, suggestion.targetActivityId]));

  const activities: ActivityComparison[] = [];
  for (const activity of source.activities) {
    const counterpart = targetById.get(activity.id) ?? null;
    const count = instances.get(activity.id) ?? 0;
    if (counterpart === null) {
      activities.push({ id: activity.id, status: 'only-in-source', source: activity, target: null, instances: count, notes: removedNotes(activity) });
      continue;
    }
    if (behaviourKey(activity) !== behaviourKey(counterpart)) {
      activities.push({
        id: activity.id,
        status: 'type-changed',
        source: activity,
        target: counterpart,
        instances: count,
        notes: [`type changed from ${describeType(activity)} to ${describeType(counterpart)}: the engine cannot map one to the other`],
      });
      continue;
    }
    const notes = changeNotes(activity, counterpart, suggestedTarget);
    activities.push({ id: activity.id, status: notes.length > 0 ? 'changed' : 'same', source: activity, target: counterpart, instances: count, notes });
  }
  for (const activity of target.activities) {
    if (!sourceIds.has(activity.id))
      activities.push({ id: activity.id, status: 'only-in-target', source: null, target: activity, instances: 0, notes: addedNotes(activity) });
  }

  const suggested = new Set(suggestions.map((suggestion) => suggestion.sourceActivityId));
  const unmappedWithInstances: UnmappedActivity[] = [];
  for (const row of activities) {
    if (row.instances === 0 || suggested.has(row.id)) continue;
    if (row.status === 'only-in-source')
      unmappedWithInstances.push({ activityId: row.id, instances: row.instances, reason: 'not in the target, and no activity there is like it' });
    if (row.status === 'type-changed') unmappedWithInstances.push({ activityId: row.id, instances: row.instances, reason: 'its type changed' });
  }
  const count = (status: ActivityStatus) => activities.filter((row) => row.status === status).length;
  return {
    activities,
    suggestions,
    unmappedWithInstances,
    summary: {
      same: count('same'),
      changed: count('changed'),
      typeChanged: count('type-changed'),
      onlyInSource: count('only-in-source'),
      onlyInTarget: count('only-in-target'),
      suggestions: suggestions.length,
      unmappedWithInstances: unmappedWithInstances.length,
    },
  };
}

/** A trigger the engine keeps as a job or an event subscription while an instance waits. */
function persistentTrigger(activity: ModelActivity): boolean {
  return ['timer', 'message', 'signal', 'conditional'].includes(activity.trigger?.kind ?? '') && (activity.type !== 'startEvent' || activity.parentId !== null);
}

function changeNotes(source: ModelActivity, target: ModelActivity, suggestedTarget: ReadonlyMap<string, string>): string[] {
  const notes: string[] = [];
  if (source.trigger && target.trigger && (source.trigger.detail ?? '') !== (target.trigger.detail ?? '')) {
    const kept = source.trigger.kind === 'timer' ? 'their timer' : 'their subscription';
    notes.push(
      `trigger changed from ${triggerText(source)} to ${triggerText(target)}: migrated instances keep ${kept} unless the instruction sets updateEventTrigger (generate --update-event-triggers)`,
    );
  }
  if (source.interrupting !== null && target.interrupting !== null && source.interrupting !== target.interrupting) {
    notes.push(`${source.interrupting ? 'interrupting' : 'non-interrupting'} became ${target.interrupting ? 'interrupting' : 'non-interrupting'}`);
  }
  if (source.attachedTo !== null && target.attachedTo !== null && source.attachedTo !== target.attachedTo) {
    const suggested = suggestedTarget.get(source.attachedTo) === target.attachedTo ? ' (suggested)' : '';
    notes.push(
      `attached to ${source.attachedTo} in the source, to ${target.attachedTo} in the target: it migrates only with an instruction ${source.attachedTo} -> ${target.attachedTo}${suggested}`,
    );
  } else if (source.attachedTo !== target.attachedTo) {
    notes.push(`attached to ${source.attachedTo ?? '-'} in the source, to ${target.attachedTo ?? '-'} in the target`);
  }
  if (source.parentId !== target.parentId) notes.push(`moved from ${scopeName(source.parentId)} to ${scopeName(target.parentId)}`);
  if (source.multiInstance !== target.multiInstance) {
    notes.push(
      `multi-instance changed from ${source.multiInstance ?? 'none'} to ${target.multiInstance ?? 'none'}: the body (${source.id}${MULTI_INSTANCE_BODY}) is an activity of its own, mapped by its own instruction`,
    );
  }
  if (source.calledElement !== target.calledElement) {
    notes.push(`calls ${target.calledElement ?? '-'} instead of ${source.calledElement ?? '-'}: child instances already running stay as they are`);
  }
  if (source.asyncBefore !== target.asyncBefore || source.asyncAfter !== target.asyncAfter) {
    const flags = (activity: ModelActivity) =>
      [activity.asyncBefore ? 'asyncBefore' : null, activity.asyncAfter ? 'asyncAfter' : null].filter(Boolean).join(', ') || 'none';
    notes.push(`asynchronous continuations changed from ${flags(source)} to ${flags(target)}`);
  }
  return notes;
}

function removedNotes(activity: ModelActivity): string[] {
  if (!persistentTrigger(activity)) return [];
  return [
    `its ${activity.trigger?.kind} ${activity.trigger?.kind === 'timer' ? 'job' : 'subscription'} is removed from migrated instances unless an instruction maps it`,
  ];
}

function addedNotes(activity: ModelActivity): string[] {
  if (!persistentTrigger(activity)) return [];
  return [
    `new ${activity.trigger?.kind} trigger: created for instances migrated into its scope${activity.trigger?.kind === 'timer' ? ' (the timer starts at the migration)' : ''}`,
  ];
}

/** A source activity that no instruction maps, with its running instances. */
export interface LeftOutActivity {
  activityId: string;
  /** As `describeType` words it. */
  type: string;
  instances: number;
}

/**
 * What `migration generate` adds to the engine's plan: the source's activities that no instruction
 * maps (where instances can be found, zero instances included), and, given the target's model, the
 * suggested mappings for them (none whose source or target an instruction has already).
 */
export function leftOutOfPlan(
  source: ProcessModel,
  statistics: readonly ActivityStatistics[],
  instructions: readonly { sourceActivityIds: readonly string[]; targetActivityIds: readonly string[] }[],
  target?: ProcessModel,
): { leftOut: LeftOutActivity[]; suggestions: SuggestedMapping[] | undefined } {
  const mappedSources = new Set(instructions.map((instruction) => instruction.sourceActivityIds[0]));
  const mappedTargets = new Set(instructions.map((instruction) => instruction.targetActivityIds[0]));
  const counts = runningInstances(statistics);
  const leftOut = source.activities
    .filter((activity) => worthMapping(activity) && !mappedSources.has(activity.id))
    .map((activity) => ({ activityId: activity.id, type: describeType(activity), instances: counts.get(activity.id) ?? 0 }));
  const suggestions = target
    ? diffModels(source, target, statistics).suggestions.filter(
        (suggestion) => !mappedSources.has(suggestion.sourceActivityId) && !mappedTargets.has(suggestion.targetActivityId),
      )
    : undefined;
  return { leftOut, suggestions };
}
