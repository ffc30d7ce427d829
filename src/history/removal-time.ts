/**
 * `history removal-time set`: what a removal time is asked to become, the body the engine's batch
 * takes for it, and what each finished instance's removal time should be afterwards. The engine's
 * behaviour (ProcessSetRemovalTimeJobHandler, DefaultHistoryRemovalTimeProvider, 7.24):
 *
 * - absolute: the given date on each instance (with `hierarchical`, on every instance of its call
 *   hierarchy); cleared: null, likewise.
 * - calculated: the root instance's base time plus its definition's time-to-live in days (strategy
 *   "end", the default: its end time; strategy "start": its start time). A definition without
 *   time-to-live, or (strategy "end") a root that still runs, gives null: the instance is left
 *   without removal time, or has the one it had CLEARED. Hence the refusal up front of definitions
 *   without time-to-live (`history ttl set` first).
 * - hierarchical: the root's removal time on every instance with the same root (the root and every
 *   instance it called, selected or not); without it each instance gets its own, its callees none.
 *   Every instance written since 7.10 has a root id (a root's is its own id).
 */
import type { SetRemovalTimeBody } from '../engine/historic-process-instances.js';
import { formatEngineDate, parseEngineDate } from '../engine/dates.js';

export type RemovalTimeMode = { kind: 'absolute'; at: Date } | { kind: 'calculated' } | { kind: 'cleared' };

export interface RemovalTimeChange {
  mode: RemovalTimeMode;
  hierarchical: boolean;
  /**
   * 7.20+ (and every Operaton and CIB seven): one batch job per instance, which updates its history
   * rows `chunkSize` at a time (1 to 500; absent: the engine's removalTimeUpdateChunkSize, 500) in
   * transactions of their own, the job repeating itself until all are done: for instances with so
   * much history that one transaction would hold its locks too long.
   */
  updateInChunks?: { chunkSize: number | undefined } | undefined;
}

/** The most history rows one transaction of a chunked update changes (ProcessSetRemovalTimeJobHandler.MAX_CHUNK_SIZE). */
export const MAX_UPDATE_CHUNK_SIZE = 500;

/** The body of the batch for `ids`. */
export function setRemovalTimeBody(change: RemovalTimeChange, ids: string[]): SetRemovalTimeBody {
  const { mode } = change;
  return {
    historicProcessInstanceIds: ids,
    ...(mode.kind === 'absolute' ? { absoluteRemovalTime: formatEngineDate(mode.at) } : {}),
    ...(mode.kind === 'calculated' ? { calculatedRemovalTime: true as const } : {}),
    ...(mode.kind === 'cleared' ? { clearedRemovalTime: true as const } : {}),
    hierarchical: change.hierarchical,
    ...(change.updateInChunks
      ? { updateInChunks: true as const, ...(change.updateInChunks.chunkSize !== undefined ? { updateChunkSize: change.updateInChunks.chunkSize } : {}) }
      : {}),
  };
}

/** What the journal records of the change: a resume with another one is refused. */
export function changeParameters(change: RemovalTimeChange): Record<string, unknown> {
  const { mode } = change;
  return {
    mode: mode.kind,
    ...(mode.kind === 'absolute' ? { removalTime: mode.at.toISOString() } : {}),
    hierarchical: change.hierarchical,
    ...(change.updateInChunks ? { updateInChunks: true, updateChunkSize: change.updateInChunks.chunkSize ?? null } : {}),
  };
}

const DAY_MS = 86_400_000;
/** A day in the engine's time zone may be 23 or 25 hours long (Calendar.add(DATE) keeps the wall clock across a DST change). */
const DST_SHIFT_MS = 3_600_000;

/** The fields of a historic instance that decide its calculated removal time. */
export interface RemovalBase {
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
}

/**
 * Whether `actual` is the removal time the engine calculates for `base` (the root instance) with
 * `ttlDays`: its end (strategy "end") or its start (strategy "start", which the REST API does not
 * reveal) plus the days. Undefined: nothing can be calculated (no time-to-live, or a root that still
 * runs under strategy "end").
 */
export function isCalculatedRemovalTime(actual: string | null | undefined, base: RemovalBase, ttlDays: number | null | undefined): boolean | undefined {
  if (ttlDays === null || ttlDays === undefined) return undefined;
  const end = base.endTime ? parseEngineDate(base.endTime) : undefined;
  if (!end) return undefined;
  const at = actual ? parseEngineDate(actual) : undefined;
  if (!at) return false;
  const start = base.startTime ? parseEngineDate(base.startTime) : undefined;
  return [end, start].some((from) => from !== undefined && Math.abs(at.getTime() - (from.getTime() + ttlDays * DAY_MS)) <= (ttlDays > 0 ? DST_SHIFT_MS : 0));
}

/** Whether the removal time `actual` is `at` (to the millisecond, as the engine keeps it), or null for `at` null. */
export function isRemovalTime(actual: string | null | undefined, at: Date | null): boolean {
  if (at === null) return actual === null || actual === undefined;
  const parsed = actual ? parseEngineDate(actual) : undefined;
  return parsed !== undefined && parsed.getTime() === at.getTime();
}
