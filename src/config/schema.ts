/** The config file's shape (CLI.md "Config file"), strict so that a misspelt key is an error, not ignored. */
import * as z from 'zod';

const basicAuthSchema = z.strictObject({
  type: z.literal('basic'),
  username: z.string().min(1),
  password: z.string().optional(),
});

const bearerAuthSchema = z.strictObject({
  type: z.literal('bearer'),
  token: z.string().min(1),
});

export const profileSchema = z.strictObject({
  url: z.string().min(1).optional(),
  engine: z.string().min(1).optional(),
  auth: z.discriminatedUnion('type', [basicAuthSchema, bearerAuthSchema]).optional(),
  /** Seconds per request. */
  timeout: z.number().positive().optional(),
  retries: z.number().int().nonnegative().optional(),
  caFile: z.string().min(1).optional(),
  insecure: z.boolean().optional(),
});

export const configFileSchema = z.strictObject({
  $schema: z.string().optional(),
  defaultProfile: z.string().min(1).optional(),
  profiles: z.record(z.string(), profileSchema).default({}),
});

export type Profile = z.infer<typeof profileSchema>;
export type ConfigFile = z.infer<typeof configFileSchema>;
