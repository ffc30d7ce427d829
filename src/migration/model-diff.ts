/**
 * Two BPMN models side by side, for writing a migration plan (`migration diff`, `migration generate
 * --suggest`): the activities of equal id and whether they changed in a way migration cares about,
 * those only in one model, mappings suggested for the activities only in one of them (with their
 * reasons and a confidence), and the source's activities with running instances that nothing maps.
 * Pure: models and statistics in, data out.
 */
import type { ModelActivity, ProcessModel } from '../bpmn/model.js';
import type { ActivityStatistics } from '../engine/process-definitions.js';
import { editDistance } from '../util/suggest.js';

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

export type ConfidenceLevel = 'high' | 'medium' | 'low';

export interface SuggestedMapping {
  sourceActivityId: string;
  targetActivityId: string;
  /** 0 to 1: how sure the reasons make it. */
  confidence: number;
  level: ConfidenceLevel;
  reasons: string[];
  /** Running instances on the source activity. */
  instances: number;
  /** Both are multi-instance: the bodies (`ID#multiInstanceBody`) need an instruction of their own too. */
  multiInstanceBody: boolean;
}

export interface UnmappedActivity {
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

/** Statistics name a multi-instance activity's body `ID#multiInstanceBody`. */
export const MULTI_INSTANCE_BODY = '#multiInstanceBody';

/**
 * Running instances per activity id. A multi-instance activity counts the larger of its body and its
 * inner instances, not their sum: one process instance waiting in three parallel tasks is three.
 */
function runningInstances(statistics: readonly ActivityStatistics[]): Map<string, number> {
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
function behaviourKey(activity: ModelActivity): string {
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
  'userTask', 'receiveTask', 'callActivity', 'subProcess', 'adHocSubProcess', 'transaction',
  'intermediateCatchEvent', 'boundaryEvent', 'eventBasedGateway', 'parallelGateway', 'inclusiveGateway', 'complexGateway',
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

/** Below this a pair is not suggested: the same type alone proves nothing. */
const SUGGESTION_THRESHOLD = 0.35;

function confidenceLevel(confidence: number): ConfidenceLevel {
  return confidence >= 0.7 ? 'high' : confidence >= 0.5 ? 'medium' : 'low';
}

export function diffModels(source: ProcessModel, target: ProcessModel, statistics: readonly ActivityStatistics[]): ModelDiff {
  const instances = runningInstances(statistics);
  const targetById = new Map(target.activities.map((activity) => [activity.id, activity]));
  const sourceIds = new Set(source.activities.map((activity) => activity.id));
  const renamed = suggestMappings(source, target, instances);
  const suggestions = [...renamed, ...followingSuggestions(source, target, renamed, instances)];
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
    if (!sourceIds.has(activity.id)) activities.push({ id: activity.id, status: 'only-in-target', source: null, target: activity, instances: 0, notes: addedNotes(activity) });
  }

  const suggested = new Set(suggestions.map((suggestion) => suggestion.sourceActivityId));
  const unmappedWithInstances: UnmappedActivity[] = [];
  for (const row of activities) {
    if (row.instances === 0 || suggested.has(row.id)) continue;
    if (row.status === 'only-in-source') unmappedWithInstances.push({ activityId: row.id, instances: row.instances, reason: 'not in the target, and no activity there is like it' });
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

function scopeName(parentId: string | null): string {
  return parentId === null ? 'the process' : `sub-process ${parentId}`;
}

function triggerText(activity: ModelActivity): string {
  const trigger = activity.trigger;
  if (!trigger) return 'none';
  return trigger.detail === null ? trigger.kind : `${trigger.kind} ${trigger.detail}`;
}

/** A trigger the engine keeps as a job or an event subscription while an instance waits. */
function persistentTrigger(activity: ModelActivity): boolean {
  return ['timer', 'message', 'signal', 'conditional'].includes(activity.trigger?.kind ?? '') && (activity.type !== 'startEvent' || activity.parentId !== null);
}

function changeNotes(source: ModelActivity, target: ModelActivity, suggestedTarget: ReadonlyMap<string, string>): string[] {
  const notes: string[] = [];
  if (source.trigger && target.trigger && (source.trigger.detail ?? '') !== (target.trigger.detail ?? '')) {
    const kept = source.trigger.kind === 'timer' ? 'their timer' : 'their subscription';
    notes.push(`trigger changed from ${triggerText(source)} to ${triggerText(target)}: migrated instances keep ${kept} unless the instruction sets updateEventTrigger (generate --update-event-triggers)`);
  }
  if (source.interrupting !== null && target.interrupting !== null && source.interrupting !== target.interrupting) {
    notes.push(`${source.interrupting ? 'interrupting' : 'non-interrupting'} became ${target.interrupting ? 'interrupting' : 'non-interrupting'}`);
  }
  if (source.attachedTo !== null && target.attachedTo !== null && source.attachedTo !== target.attachedTo) {
    const suggested = suggestedTarget.get(source.attachedTo) === target.attachedTo ? ' (suggested)' : '';
    notes.push(`attached to ${source.attachedTo} in the source, to ${target.attachedTo} in the target: it migrates only with an instruction ${source.attachedTo} -> ${target.attachedTo}${suggested}`);
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
    const flags = (activity: ModelActivity) => [activity.asyncBefore ? 'asyncBefore' : null, activity.asyncAfter ? 'asyncAfter' : null].filter(Boolean).join(', ') || 'none';
    notes.push(`asynchronous continuations changed from ${flags(source)} to ${flags(target)}`);
  }
  return notes;
}

function removedNotes(activity: ModelActivity): string[] {
  if (!persistentTrigger(activity)) return [];
  return [`its ${activity.trigger?.kind} ${activity.trigger?.kind === 'timer' ? 'job' : 'subscription'} is removed from migrated instances unless an instruction maps it`];
}

function addedNotes(activity: ModelActivity): string[] {
  if (!persistentTrigger(activity)) return [];
  return [`new ${activity.trigger?.kind} trigger: created for instances migrated into its scope${activity.trigger?.kind === 'timer' ? ' (the timer starts at the migration)' : ''}`];
}

// ---------------------------------------------------------------------------------------------
// Suggestions

function words(text: string): string[] {
  return text
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * 0 to 1: the better of the edit distance (as a share of the longer text) and the share of words in
 * common, so `approve` is near `approveInvoice` and `Approve invoice` near `Approve the invoice`.
 */
export function similarity(a: string, b: string): number {
  const wordsA = words(a);
  const wordsB = words(b);
  const joinedA = wordsA.join('');
  const joinedB = wordsB.join('');
  if (joinedA === '' || joinedB === '') return 0;
  if (joinedA === joinedB) return 1;
  const byEdits = 1 - editDistance(joinedA, joinedB) / Math.max(joinedA.length, joinedB.length);
  const setB = new Set(wordsB);
  const shared = new Set(wordsA.filter((word) => setB.has(word))).size;
  const byWords = (2 * shared) / (new Set(wordsA).size + setB.size);
  return Math.max(byEdits, byWords);
}

interface Candidate {
  source: ModelActivity;
  target: ModelActivity;
  score: number;
  reasons: string[];
  order: number;
}

function neighbours(model: ProcessModel, activity: ModelActivity, direction: 'before' | 'after'): string[] {
  const flows = new Set(direction === 'before' ? activity.incoming : activity.outgoing);
  return [...new Set(model.flows.filter((flow) => flows.has(flow.id)).map((flow) => (direction === 'before' ? flow.sourceId : flow.targetId)))].sort();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && a.length === b.length && a.every((item, index) => item === b[index]);
}

function quoted(list: readonly string[]): string {
  return list.join(', ');
}

function score(source: ProcessModel, target: ProcessModel, from: ModelActivity, to: ModelActivity, mapped: ReadonlyMap<string, string>): { score: number; reasons: string[] } {
  const reasons = [`same type (${describeType(from)})`];
  let total = 0.1;
  if (from.name !== null && to.name !== null) {
    const names = similarity(from.name, to.name);
    if (names === 1) {
      total += 0.35;
      reasons.push(`same name '${from.name}'`);
    } else if (names >= 0.6) {
      total += 0.35 * names;
      reasons.push(`similar name ('${from.name}', '${to.name}')`);
    }
  }
  const ids = similarity(from.id, to.id);
  if (ids >= 0.5) {
    total += 0.25 * ids;
    reasons.push(`similar id (${from.id}, ${to.id})`);
  }
  const before = [neighbours(source, from, 'before'), neighbours(target, to, 'before')] as const;
  const after = [neighbours(source, from, 'after'), neighbours(target, to, 'after')] as const;
  const sameBefore = sameList(...before);
  const sameAfter = sameList(...after);
  if (sameBefore && sameAfter) {
    total += 0.25;
    reasons.push(`same position: after ${quoted(before[0])}, before ${quoted(after[0])}`);
  } else if (sameBefore) {
    total += 0.12;
    reasons.push(`same predecessor ${quoted(before[0])}`);
  } else if (sameAfter) {
    total += 0.12;
    reasons.push(`same successor ${quoted(after[0])}`);
  }
  const sharedIn = from.incoming.filter((id) => to.incoming.includes(id));
  const sharedOut = from.outgoing.filter((id) => to.outgoing.includes(id));
  if (sharedIn.length > 0 && sharedOut.length > 0) {
    total += 0.15;
    reasons.push(`same sequence flows (${quoted(sharedIn)} in, ${quoted(sharedOut)} out)`);
  } else if (sharedIn.length > 0 || sharedOut.length > 0) {
    total += 0.08;
    reasons.push(`same sequence flow ${quoted([...sharedIn, ...sharedOut])}`);
  }
  if (from.attachedTo !== null && to.attachedTo !== null) {
    if (mapped.get(from.attachedTo) === to.attachedTo) {
      total += 0.25;
      reasons.push(`attached to ${from.attachedTo} and ${to.attachedTo}, which map`);
    } else {
      total *= 0.5;
      reasons.push(`attached to activities that do not map (${from.attachedTo}, ${to.attachedTo})`);
    }
  }
  if (from.parentId !== to.parentId && mapped.get(from.parentId ?? '') !== to.parentId) {
    total *= 0.7;
    reasons.push(`in another scope (${scopeName(from.parentId)}, ${scopeName(to.parentId)})`);
  }
  return { score: Math.min(1, Math.round(total * 100) / 100), reasons };
}

/**
 * Activities of equal id and type that hang on an activity with a suggested mapping (a boundary
 * event on the renamed task, an activity in a renamed sub-process): the engine maps them only with
 * what they hang on, so its generator left them out, and they are suggested to map to themselves.
 */
function followingSuggestions(source: ProcessModel, target: ProcessModel, suggestions: readonly SuggestedMapping[], instances: ReadonlyMap<string, number>): SuggestedMapping[] {
  const targetById = new Map(target.activities.map((activity) => [activity.id, activity]));
  const suggestedTarget = new Map(suggestions.map((suggestion) => [suggestion.sourceActivityId, suggestion.targetActivityId]));
  const following: SuggestedMapping[] = [];
  // Until nothing is added: an activity in a sub-process inside a renamed sub-process follows twice.
  for (let added = true; added; ) {
    added = false;
    for (const activity of source.activities) {
      const counterpart = targetById.get(activity.id);
      if (!counterpart || suggestedTarget.has(activity.id) || behaviourKey(activity) !== behaviourKey(counterpart)) continue;
      const container = activity.attachedTo ?? activity.parentId;
      const targetContainer = counterpart.attachedTo ?? counterpart.parentId;
      if (container === null || container === targetContainer || suggestedTarget.get(container) !== targetContainer) continue;
      const reasons = [
        `same id and type (${describeType(activity)})`,
        `${activity.attachedTo ? 'attached to' : 'inside'} ${container} -> ${targetContainer ?? '-'}, suggested: it maps only together with that`,
      ];
      if ((activity.trigger?.detail ?? null) !== (counterpart.trigger?.detail ?? null)) {
        reasons.push(`its trigger changed (${triggerText(activity)} -> ${triggerText(counterpart)}): add updateEventTrigger: true for the new one`);
      }
      following.push({
        sourceActivityId: activity.id,
        targetActivityId: counterpart.id,
        confidence: 0.9,
        level: confidenceLevel(0.9),
        reasons,
        instances: instances.get(activity.id) ?? 0,
        multiInstanceBody: activity.multiInstance !== null && activity.multiInstance === counterpart.multiInstance,
      });
      suggestedTarget.set(activity.id, counterpart.id);
      added = true;
    }
  }
  return following;
}

/**
 * One suggestion at most per activity on either side: the best-scoring pairs first, each activity
 * taken by its best pair. Boundary events come second, once the activities they are attached to are
 * mapped (by equal ids or a suggestion).
 */
function suggestMappings(source: ProcessModel, target: ProcessModel, instances: ReadonlyMap<string, number>): SuggestedMapping[] {
  const targetIds = new Set(target.activities.map((activity) => activity.id));
  const sourceIds = new Set(source.activities.map((activity) => activity.id));
  const sourceOnly = source.activities.filter((activity) => !targetIds.has(activity.id));
  const targetOnly = target.activities.filter((activity) => !sourceIds.has(activity.id));
  // Equal ids of equal behaviour map themselves; suggestions join them as they are picked.
  const mapped = new Map<string, string>();
  for (const activity of source.activities) if (targetIds.has(activity.id)) mapped.set(activity.id, activity.id);
  const usedTargets = new Set<string>();
  const picked: Candidate[] = [];

  const round = (sources: readonly ModelActivity[]): void => {
    const candidates: Candidate[] = [];
    sources.forEach((from, sourceIndex) => {
      targetOnly.forEach((to, targetIndex) => {
        if (usedTargets.has(to.id) || behaviourKey(from) !== behaviourKey(to)) return;
        const { score: value, reasons } = score(source, target, from, to, mapped);
        if (value >= SUGGESTION_THRESHOLD) candidates.push({ source: from, target: to, score: value, reasons, order: sourceIndex * targetOnly.length + targetIndex });
      });
    });
    candidates.sort((a, b) => b.score - a.score || a.order - b.order);
    for (const candidate of candidates) {
      if (mapped.has(candidate.source.id) || usedTargets.has(candidate.target.id)) continue;
      mapped.set(candidate.source.id, candidate.target.id);
      usedTargets.add(candidate.target.id);
      picked.push(candidate);
    }
  };
  round(sourceOnly.filter((activity) => activity.attachedTo === null));
  round(sourceOnly.filter((activity) => activity.attachedTo !== null));

  return picked
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((candidate) => ({
      sourceActivityId: candidate.source.id,
      targetActivityId: candidate.target.id,
      confidence: candidate.score,
      level: confidenceLevel(candidate.score),
      reasons: candidate.reasons,
      instances: instances.get(candidate.source.id) ?? 0,
      multiInstanceBody: candidate.source.multiInstance !== null && candidate.source.multiInstance === candidate.target.multiInstance,
    }));
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
