/**
 * zod schemas of the engine's shared response shapes. Objects are loose: unknown fields are kept,
 * because newer engines add fields and `-o json` prints the engine's object unchanged.
 */
import * as z from 'zod/mini';
import * as core from 'zod/v4/core';
import { lazy } from '../util/lazy.js';

export const countSchema = lazy(() => z.looseObject({ count: z.int().check(z.nonnegative()) }));

export const engineListSchema = lazy(() => z.array(z.looseObject({ name: z.string() })));

export const versionSchema = lazy(() => z.looseObject({ version: z.string() }));

const linkSchema = lazy(() => z.looseObject({ method: z.string(), href: z.string(), rel: z.string() }));

export const linksSchema = lazy(() => z.looseObject({ links: z.array(linkSchema()) }));

export type Link = z.infer<ReturnType<typeof linkSchema>>;

/**
 * `z.looseObject`, parsed by zod's compiled object parser ($ZodObjectJIT, which the chained API uses).
 * zod/mini's own parser walks every field through generic code: for the 100,000 records of a
 * `list --all` that was three times the time (docs/performance.md). For the records that lists page
 * through; the output is the same object, known fields first, unknown ones kept.
 */
export function looseRecord<const T extends core.$ZodLooseShape>(shape: T): core.$ZodObject<T, core.$loose> {
  return new core.$ZodObjectJIT({ type: 'object', shape, catchall: z.unknown() }) as core.$ZodObject<T, core.$loose>;
}
