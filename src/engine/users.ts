/**
 * `/user` (query, count, profile, create, credentials, unlock, delete) and `/identity/password-policy`
 * (docs/engine-notes.md#users). Passwords go out in request bodies only, and are never kept.
 */
import * as z from 'zod/mini';
import { lazy } from '../util/lazy.js';
import { EngineHttpError } from './errors.js';
import type { EngineHttp } from './http.js';
import { enginePath, type Query } from './paths.js';
import { countSchema, linksSchema, looseRecord, type Link } from './schemas.js';

const userProfileSchema = lazy(() =>
  looseRecord({
    id: z.string(),
    firstName: z.optional(z.nullable(z.string())),
    lastName: z.optional(z.nullable(z.string())),
    email: z.optional(z.nullable(z.string())),
  }),
);

/** UserProfileDto: what the engine shows of a user (never the password). */
export type UserProfile = z.infer<ReturnType<typeof userProfileSchema>>;

/** PasswordPolicyRuleDto: a placeholder such as PASSWORD_POLICY_LENGTH and its parameters (null for some rules). */
const policyRuleSchema = lazy(() =>
  z.looseObject({ placeholder: z.string(), parameter: z.optional(z.nullable(z.record(z.string(), z.nullable(z.string())))) }),
);
const policySchema = lazy(() => z.looseObject({ rules: z.array(policyRuleSchema()) }));
/** CheckPasswordPolicyResultDto: each rule with whether the candidate password keeps it. */
const policyCheckSchema = lazy(() =>
  z.looseObject({
    rules: z.array(
      z.looseObject({ placeholder: z.string(), parameter: z.optional(z.nullable(z.record(z.string(), z.nullable(z.string())))), valid: z.boolean() }),
    ),
    valid: z.boolean(),
  }),
);

export type PasswordPolicy = z.infer<ReturnType<typeof policySchema>>;
export type PasswordPolicyRule = z.infer<ReturnType<typeof policyRuleSchema>>;
export type PasswordPolicyCheck = z.infer<ReturnType<typeof policyCheckSchema>>;

type UserSortBy = 'userId' | 'firstName' | 'lastName' | 'email';

/** UserQueryDto's filters (GET only: the engine has no POST user query). */
export interface UserQuery {
  id?: string | undefined;
  idIn?: readonly string[] | undefined;
  firstName?: string | undefined;
  firstNameLike?: string | undefined;
  lastName?: string | undefined;
  lastNameLike?: string | undefined;
  email?: string | undefined;
  emailLike?: string | undefined;
  memberOfGroup?: string | undefined;
  memberOfTenant?: string | undefined;
  sortBy?: UserSortBy | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** The profile fields of a write (PUT /user/{id}/profile replaces all four: absent is null). */
export interface ProfileBody {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** Past this many ids, a user query is split: there is no POST user query, and URLs have a length limit. */
const MAX_IDS_IN_URL = 50;

export class UserApi {
  constructor(private readonly http: EngineHttp) {}

  async list(query: UserQuery, firstResult: number, maxResults: number): Promise<UserProfile[]> {
    const response = await this.http.request({
      method: 'GET',
      path: enginePath`/user`,
      query: { ...(query as Query), firstResult, maxResults },
      schema: z.array(userProfileSchema()),
      expects: 'a list of users',
    });
    return response.data;
  }

  async count(query: UserQuery): Promise<number> {
    return (await this.http.request({ method: 'GET', path: enginePath`/user/count`, query: query as Query, schema: countSchema(), expects: 'a count' })).data
      .count;
  }

  /** GET /user/{id}/profile: 404 "User with id x does not exist" for a user the caller may not read, too. */
  async get(id: string): Promise<UserProfile> {
    return (await this.http.request({ method: 'GET', path: enginePath`/user/${id}/profile`, schema: userProfileSchema(), expects: 'a user profile' })).data;
  }

  /** POST /user/create: the profile, and the password as credentials (null: none; the engine creates a user who cannot log in yet). */
  async create(profile: ProfileBody, password: string | null): Promise<void> {
    const credentials = password === null ? {} : { credentials: { password } };
    await this.http.request({ method: 'POST', path: enginePath`/user/create`, body: { profile, ...credentials }, secretBody: true });
  }

  /** The engine replaces id and the three fields: always send all four, the id equal to the path's. */
  async updateProfile(id: string, profile: ProfileBody): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/user/${id}/profile`, body: profile });
  }

  /**
   * PUT /user/{id}/credentials. `authenticatedUserPassword` is the caller's own password, checked by
   * the engine when a user is authenticated. Not repeated on a lost answer: a caller who changed their
   * own password cannot log in with the old one the retry would send.
   */
  async updateCredentials(id: string, credentials: { password: string; authenticatedUserPassword?: string | undefined }): Promise<void> {
    await this.http.request({ method: 'PUT', path: enginePath`/user/${id}/credentials`, body: credentials, idempotent: false, secretBody: true });
  }

  /** POST /user/{id}/unlock: admins only (403 ENGINE-03029 otherwise); 204 for an unknown id too. */
  async unlock(id: string): Promise<void> {
    await this.http.request({ method: 'POST', path: enginePath`/user/${id}/unlock`, idempotent: true });
  }

  async delete(id: string): Promise<void> {
    await this.http.request({ method: 'DELETE', path: enginePath`/user/${id}` });
  }

  async options(id: string | undefined): Promise<Link[]> {
    const path = id === undefined ? enginePath`/user` : enginePath`/user/${id}`;
    return (await this.http.request({ method: 'OPTIONS', path, schema: linksSchema(), expects: 'resource options' })).data.links;
  }

  /** GET /identity/password-policy; null when the engine does not enforce one (its 404). */
  async passwordPolicy(): Promise<PasswordPolicy | null> {
    try {
      return (await this.http.request({ method: 'GET', path: enginePath`/identity/password-policy`, schema: policySchema(), expects: 'a password policy' }))
        .data;
    } catch (error) {
      if (error instanceof EngineHttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** POST /identity/password-policy: which rules `password` keeps, for this profile; null without a policy. */
  async checkPassword(password: string, profile: ProfileBody): Promise<PasswordPolicyCheck | null> {
    try {
      return (
        await this.http.request({
          method: 'POST',
          path: enginePath`/identity/password-policy`,
          body: { password, profile },
          schema: policyCheckSchema(),
          expects: 'a password policy check',
          idempotent: true,
          secretBody: true,
        })
      ).data;
    } catch (error) {
      if (error instanceof EngineHttpError && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * Which of `userIds` the user query finds with `filter` (`{}`: which are users at all, as far as
   * the caller may READ them), at most MAX_IDS_IN_URL ids a request.
   */
  async usersAmong(filter: Query, userIds: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(userIds)];
    // idIn is comma-separated: an id holding a comma (possible with a custom id pattern) is asked for alone.
    const queries: [Query, number][] = unique.filter((userId) => userId.includes(',')).map((userId) => [{ id: userId }, 1]);
    const plain = unique.filter((userId) => !userId.includes(','));
    for (let start = 0; start < plain.length; start += MAX_IDS_IN_URL) {
      const idIn = plain.slice(start, start + MAX_IDS_IN_URL);
      queries.push([{ idIn }, idIn.length]);
    }
    const found = new Set<string>();
    for (const [ids, maxResults] of queries) {
      const response = await this.http.request({
        method: 'GET',
        path: enginePath`/user`,
        query: { ...filter, ...ids, firstResult: 0, maxResults },
        schema: z.array(userProfileSchema()),
        expects: 'a list of users',
      });
      for (const user of response.data) found.add(user.id);
    }
    return found;
  }
}
