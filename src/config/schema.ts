/** The config file's shape (docs/configuration.md), strict so that a misspelt key is an error, not ignored. */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { MAX_RESULTS_LIMIT, MAX_RETRIES, MAX_TIMEOUT_SECONDS, RESULTS_LIMIT_EXPECTED, RETRIES_EXPECTED, SECONDS_EXPECTED } from './values.js';

/** The same limits as the flags (./values.ts), and a message in the same words. */
const expected = (what: string) => ({
  error: (issue: { input?: unknown }) => `${typeof issue.input === 'string' ? `'${issue.input}'` : String(issue.input)} is not ${what}`,
});

const basicAuthSchema = lazy(() =>
  z.strictObject({
    type: z.literal('basic'),
    username: z.string().check(z.minLength(1)),
    password: z.optional(z.string()),
  }),
);

const bearerAuthSchema = lazy(() =>
  z.strictObject({
    type: z.literal('bearer'),
    token: z.string().check(z.minLength(1)),
  }),
);

const AUTH_TYPES = 'the auth types are basic (with username and password) and bearer (with token)';

/** In the user's words rather than zod's ("Invalid discriminator value"): which types there are. */
function describeAuthIssue(issue: { code?: string; input?: unknown }): string | undefined {
  if (issue.code === 'invalid_type') return 'expected an object: { type: basic, username: U, password: P } or { type: bearer, token: T }';
  if (issue.code !== 'invalid_union') return undefined;
  const type = issue.input !== null && typeof issue.input === 'object' ? (issue.input as { type?: unknown }).type : undefined;
  return type === undefined ? `required: ${AUTH_TYPES}` : `${typeof type === 'string' ? `'${type}'` : String(type)} is not an auth type: ${AUTH_TYPES}`;
}

const seconds = expected(`a number of seconds (${SECONDS_EXPECTED})`);
const retries = expected(RETRIES_EXPECTED);
const resultsLimit = expected(RESULTS_LIMIT_EXPECTED);

export const profileSchema = lazy(() =>
  z.strictObject({
    url: z.optional(z.string().check(z.minLength(1))),
    engine: z.optional(z.string().check(z.minLength(1))),
    auth: z.optional(z.discriminatedUnion('type', [basicAuthSchema(), bearerAuthSchema()], { error: describeAuthIssue })),
    /** Seconds per request. */
    timeout: z.optional(z.number(seconds).check(z.positive(seconds), z.lte(MAX_TIMEOUT_SECONDS, seconds))),
    retries: z.optional(z.int(retries).check(z.gte(0, retries), z.lte(MAX_RETRIES, retries))),
    caFile: z.optional(z.string().check(z.minLength(1))),
    insecure: z.optional(z.boolean()),
    /** A client certificate (PEM) for mutual TLS, and its key. */
    certFile: z.optional(z.string().check(z.minLength(1))),
    keyFile: z.optional(z.string().check(z.minLength(1))),
    /**
     * The engine's queryMaxResultsLimit, when known: no list request asks for more rows. Without it the
     * limit is learned from the engine's first refusal (docs/configuration.md).
     */
    maxResultsLimit: z.optional(z.int(resultsLimit).check(z.gte(1, resultsLimit), z.lte(MAX_RESULTS_LIMIT, resultsLimit))),
  }),
);

export const configFileSchema = lazy(() =>
  z.strictObject({
    $schema: z.optional(z.string()),
    defaultProfile: z.optional(z.string().check(z.minLength(1))),
    profiles: z._default(z.record(z.string(), profileSchema()), {}),
  }),
);

export type Profile = z.infer<ReturnType<typeof profileSchema>>;
