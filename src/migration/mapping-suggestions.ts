/**
 * Mappings suggested between the activities only in the source and those only in the target of a
 * migration (`migration diff`, `migration generate --suggest`): scored by type, name, neighbours and
 * scope, with their reasons and a confidence; and the activities that follow a suggested one.
 */
import type { ModelActivity, ProcessModel } from '../bpmn/model.js';
import { editDistance } from '../util/suggest.js';
import { behaviourKey, describeType, scopeName, triggerText } from './activity-kinds.js';

type ConfidenceLevel = 'high' | 'medium' | 'low';

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

/** Below this a pair is not suggested: the same type alone proves nothing. */
const SUGGESTION_THRESHOLD = 0.35;

function confidenceLevel(confidence: number): ConfidenceLevel {
  return confidence >= 0.7 ? 'high' : confidence >= 0.5 ? 'medium' : 'low';
}

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

function score(
  source: ProcessModel,
  target: ProcessModel,
  from: ModelActivity,
  to: ModelActivity,
  mapped: ReadonlyMap<string, string>,
): { score: number; reasons: string[] } {
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
function followingSuggestions(
  source: ProcessModel,
  target: ProcessModel,
  suggestions: readonly SuggestedMapping[],
  instances: ReadonlyMap<string, number>,
): SuggestedMapping[] {
  const targetById = new Map(target.activities.map((activity) => [activity.id, activity]));
  const suggestedTarget = new Map(suggestions.map((suggestion) => [suggestion.sourceActivityId, suggestion.targetActivityId]));
  const following: SuggestedMapping[] = [];
  // Until nothing is added: an activity in a sub-process inside a renamed sub-process follows twice.
  for (let added = true; added;) {
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
function renamedMappings(source: ProcessModel, target: ProcessModel, instances: ReadonlyMap<string, number>): SuggestedMapping[] {
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
        if (value >= SUGGESTION_THRESHOLD)
          candidates.push({ source: from, target: to, score: value, reasons, order: sourceIndex * targetOnly.length + targetIndex });
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

/** The suggested mappings: renamed activities first (best first), then those that follow them. */
export function suggestMappings(source: ProcessModel, target: ProcessModel, instances: ReadonlyMap<string, number>): SuggestedMapping[] {
  const renamed = renamedMappings(source, target, instances);
  return [...renamed, ...followingSuggestions(source, target, renamed, instances)];
}
