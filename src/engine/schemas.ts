/**
 * zod schemas of the engine's shared response shapes. Objects are loose: unknown fields are kept,
 * because newer engines add fields and `-o json` prints the engine's object unchanged.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';

export const countSchema = lazy(() => z.looseObject({ count: z.int().check(z.nonnegative()) }));

export const engineListSchema = lazy(() => z.array(z.looseObject({ name: z.string() })));

export const versionSchema = lazy(() => z.looseObject({ version: z.string() }));

export const linkSchema = lazy(() => z.looseObject({ method: z.string(), href: z.string(), rel: z.string() }));

export const linksSchema = lazy(() => z.looseObject({ links: z.array(linkSchema()) }));

export type Link = z.infer<ReturnType<typeof linkSchema>>;
