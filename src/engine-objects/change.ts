/**
 * `auth update` and `group update`: one engine object read, this run's change merged in and compared
 * field by field; then, unless nothing would change or it is a dry run, written and confirmed by
 * read-merge-write (./update.ts). The result is what the command prints, once, after the work.
 */
import { type ObjectUpdate, updateObject, type UpdatePolicy } from './update.js';

/** One field of the object before and after the change. */
export interface FieldChange<F extends string, V> {
  field: F;
  before: V;
  after: V;
  changed: boolean;
}

export interface ObjectChange<F extends string, B, V> {
  id: string;
  /** Whether the object differs from the change: false means nothing was (or would be) sent. */
  changed: boolean;
  dryRun: boolean;
  diff: FieldChange<F, V>[];
  /** The PUT this run sends (or would send with dryRun); null when nothing changes. */
  request: { method: string; url: string; body: B } | null;
}

export async function changeEngineObject<T, B, F extends string, V>(
  update: ObjectUpdate<T, B>,
  options: { id: string; url: string; diff: (current: T, body: B) => FieldChange<F, V>[]; dryRun: boolean; policy: UpdatePolicy },
): Promise<ObjectChange<F, B, V>> {
  const current = await update.read();
  const body = update.merge(current);
  const diff = options.diff(current, body);
  const changed = diff.some((field) => field.changed);
  if (changed && !options.dryRun) {
    // Read again, written, and read back until the change holds (docs/concurrency.md).
    await updateObject(update, current, options.policy);
  }
  return { id: options.id, changed, dryRun: options.dryRun, diff, request: changed ? { method: 'PUT', url: options.url, body } : null };
}
