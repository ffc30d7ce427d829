/**
 * The alias policy (src/input/limits.ts MAX_ALIAS_VALUES): no recursive alias, at most so many
 * values added by aliases, no nesting past MAX_DEPTH through them. Checked twice: here, on the data
 * js-yaml built (shared objects, a cycle for a recursive alias), cheaply and without places; and,
 * when that finds something, on the yaml Document, which says where (./document-aliases.ts, loaded
 * only then: this file must not import the yaml library).
 */
import { MAX_ALIAS_VALUES, MAX_DEPTH } from './limits.js';

/**
 * True when `data` (from js-yaml) may break the policy: a cycle, more than `limit` values in the
 * copies that aliases of collections stand for (an object met again), nesting past MAX_DEPTH, or
 * more than `budget` values in all. Values are counted as aliasPolicyProblem counts them. Stops as
 * soon as it knows, so its work is bounded by `budget`; the Document then says what and where.
 */
export function exceedsAliasPolicy(data: unknown, budget: number, limit = MAX_ALIAS_VALUES): boolean {
  if (data === null || typeof data !== 'object') return false;
  const open = new Set<object>();
  const seen = new Set<object>();
  // An entry is a value to enter, or (exit) a collection whose children are done. `copy`: inside
  // what an alias stands for, an object met before in document order.
  const stack: { value: object; depth: number; copy: boolean; exit: boolean }[] = [{ value: data, depth: 1, copy: false, exit: false }];
  let total = 0;
  let added = 0;
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value, depth } = entry;
    if (entry.exit) {
      open.delete(value);
      continue;
    }
    if (open.has(value) || depth > MAX_DEPTH) return true;
    const copy = entry.copy || seen.has(value);
    seen.add(value);
    open.add(value);
    stack.push({ value, depth, copy, exit: true });
    const isList = Array.isArray(value);
    const items: unknown[] = isList ? value : Object.values(value);
    // The collection, its keys, and its values that are not collections.
    let values = 1 + (isList ? 0 : items.length);
    const children: object[] = [];
    for (const item of items) {
      if (item !== null && typeof item === 'object') children.push(item as object);
      else values++;
    }
    total += values;
    if (copy) added += values;
    if (total > budget || added > limit) return true;
    for (let index = children.length - 1; index >= 0; index--) stack.push({ value: children[index]!, depth: depth + 1, copy, exit: false });
  }
  return false;
}
