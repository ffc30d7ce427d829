/** The config file's shape (CLI.md "Config file"), strict so that a misspelt key is an error, not ignored. */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';

const basicAuthSchema = lazy(() => z.strictObject({
  type: z.literal('basic'),
  username: z.string().check(z.minLength(1)),
  password: z.optional(z.string()),
}));

const bearerAuthSchema = lazy(() => z.strictObject({
  type: z.literal('bearer'),
  token: z.string().check(z.minLength(1)),
}));

export const profileSchema = lazy(() => z.strictObject({
  url: z.optional(z.string().check(z.minLength(1))),
  engine: z.optional(z.string().check(z.minLength(1))),
  auth: z.optional(z.discriminatedUnion('type', [basicAuthSchema(), bearerAuthSchema()])),
  /** Seconds per request. */
  timeout: z.optional(z.number().check(z.positive())),
  retries: z.optional(z.int().check(z.nonnegative())),
  caFile: z.optional(z.string().check(z.minLength(1))),
  insecure: z.optional(z.boolean()),
}));

export const configFileSchema = lazy(() => z.strictObject({
  $schema: z.optional(z.string()),
  defaultProfile: z.optional(z.string().check(z.minLength(1))),
  profiles: z._default(z.record(z.string(), profileSchema()), {}),
}));

export type Profile = z.infer<ReturnType<typeof profileSchema>>;
export type ConfigFile = z.infer<ReturnType<typeof configFileSchema>>;
