/**
 * The well-formed part of an object that its strict schema refused, so that the checks made after the
 * schema still run on the rest of a file and every problem is reported at once: an unknown property
 * or a field of the wrong type does not hide the checks of the fields beside it.
 */
import * as z from 'zod';
import { closest } from '../util/suggest.js';

export interface WellFormedFields<Shape extends z.ZodRawShape> {
  /** The fields that pass their own schema; one unknown to the shape, or of the wrong type, is left out. */
  fields: Partial<{ [Key in keyof Shape]: z.output<Shape[Key]> }>;
  /**
   * Every field of the shape that the object has, left out or not: one of the wrong type is not a
   * missing one. So is one that an unknown property probably misspells (its closest name): `usr` names
   * `user`, and the problem with it is the unknown property, not a missing user.
   */
  named: ReadonlySet<string>;
}

/** Each field of `value` checked against its own schema in `shape`; undefined when `value` is not an object. */
export function wellFormedFields<Shape extends z.ZodRawShape>(shape: Shape, value: unknown): WellFormedFields<Shape> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const fields: Record<string, unknown> = {};
  const named = new Set<string>();
  for (const [key, item] of Object.entries(value)) {
    if (!Object.hasOwn(shape, key)) {
      const meant = closest(key, Object.keys(shape))[0];
      if (meant !== undefined) named.add(meant);
      continue;
    }
    named.add(key);
    const parsed = z.safeParse(shape[key]!, item);
    if (parsed.success) fields[key] = parsed.data;
  }
  return { fields: fields as WellFormedFields<Shape>['fields'], named };
}
