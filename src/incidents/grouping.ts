/**
 * The counting behind `incident list --summary` and `job list --summary`: rows in groups of equal
 * keys, each group with its count and its oldest and newest row. Rows are counted as they come and
 * not kept, so a summary of 100,000 incidents holds one entry per group.
 */
import { parseEngineDate } from '../engine/dates.js';
import { compareText } from '../util/text.js';

/** One row of a group, as the summary names it: which object, since when, of which instance. */
export interface Occurrence {
  id: string;
  /** The engine's timestamp (incidentTimestamp, a job's createTime); null when the engine gave none. */
  at: string | null;
  processInstanceId: string | null;
}

export interface Group<K> {
  key: K;
  count: number;
  /** The occurrence with the earliest timestamp (the first counted when none has one). */
  oldest: Occurrence;
  newest: Occurrence;
}

/** The first line of a message, trimmed: what tells one failure from another in a summary. Null stays null. */
export function firstLine(message: string | null | undefined): string | null {
  if (message === null || message === undefined) return null;
  const end = message.search(/\r?\n/);
  return (end < 0 ? message : message.slice(0, end)).trim();
}

/** Milliseconds of an engine timestamp, for ordering; timestamps of other offsets compare as instants. */
function instant(at: string | null): number | undefined {
  return at === null ? undefined : parseEngineDate(at)?.getTime();
}

export class Groups<K> {
  private readonly groups = new Map<string, Group<K>>();
  private counted = 0;

  /** `identity` is the group's key as text (its fields joined): equal keys, one group. */
  add(identity: string, key: K, occurrence: Occurrence): void {
    this.counted++;
    const group = this.groups.get(identity);
    if (group === undefined) {
      this.groups.set(identity, { key, count: 1, oldest: occurrence, newest: occurrence });
      return;
    }
    group.count++;
    const at = instant(occurrence.at);
    if (at === undefined) return;
    const oldest = instant(group.oldest.at);
    const newest = instant(group.newest.at);
    if (oldest === undefined || at < oldest) group.oldest = occurrence;
    if (newest === undefined || at > newest) group.newest = occurrence;
  }

  /** How many rows were counted. */
  get total(): number {
    return this.counted;
  }

  /** The groups, most rows first (equal counts by identity: the same order every time). */
  sorted(): Group<K>[] {
    return [...this.groups.entries()].sort(([idA, a], [idB, b]) => b.count - a.count || compareText(idA, idB)).map(([, group]) => group);
  }
}

/** Orders nullable texts and numbers, nulls last. */
export function compareNullable(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b));
}

/** The definition columns of a summary's group: key, version and tenant of the definition id it was counted under. */
export interface DefinitionColumns {
  processDefinitionKey: string | null;
  processDefinitionVersion: number | null;
  processDefinitionId: string | null;
  tenantId: string | null;
}

export function definitionColumns(
  definitions: ReadonlyMap<string, { key: string; version: number; tenantId?: string | null | undefined }>,
  processDefinitionId: string | null,
): DefinitionColumns {
  const definition = processDefinitionId === null ? undefined : definitions.get(processDefinitionId);
  return {
    processDefinitionKey: definition?.key ?? null,
    processDefinitionVersion: definition?.version ?? null,
    processDefinitionId,
    tenantId: definition?.tenantId ?? null,
  };
}

/** The order of a summary's groups: the biggest first, then by definition (key, version, tenant) and activity. */
export function compareGroups(
  a: DefinitionColumns & { count: number; activityId: string | null },
  b: DefinitionColumns & { count: number; activityId: string | null },
): number {
  return (
    b.count - a.count ||
    compareNullable(a.processDefinitionKey, b.processDefinitionKey) ||
    compareNullable(a.processDefinitionVersion, b.processDefinitionVersion) ||
    compareNullable(a.tenantId, b.tenantId) ||
    compareNullable(a.activityId, b.activityId)
  );
}
