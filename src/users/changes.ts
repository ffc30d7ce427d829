/**
 * The changes of `user`: create, profile update (read-merge-write), password, unlock, delete. The
 * engine's refusals that mean something else than their status are said in words: a read-only
 * identity provider (LDAP), the password policy, the caller's own password, unlocking without admin
 * rights (docs/engine-notes.md#users). Passwords are taken as arguments and sent, never kept or shown.
 */
import { EngineHttpError } from '../engine/errors.js';
import type { EngineClient } from '../engine/client.js';
import { enginePath } from '../engine/paths.js';
import type { ProfileBody, UserApi, UserProfile } from '../engine/users.js';
import { changeEngineObject, type ObjectChange } from '../engine-objects/change.js';
import { withNearUserIds } from '../engine-objects/near-ids.js';
import type { ObjectUpdate, UpdatePolicy } from '../engine-objects/update.js';
import { sendChange } from '../exit.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { isPolicyRefusal, policyRefusal } from './policy.js';

/**
 * AbstractIdentityResource.ensureNotReadOnly / UserRestServiceImpl.createUser: 403 "Identity service
 * implementation is read-only."; a write that gets past the REST layer meets the engine's own
 * AbstractWritableIdentityServiceCmd: "This identity service implementation is read-only." (500).
 */
const READ_ONLY = /^(This i|I)dentity service implementation is read-only\.$/;
/** UserResourceImpl.updateCredentials: 400 when the caller's own password is wrong (or missing). */
const WRONG_OWN_PASSWORD = 'The given authenticated user password is not valid.';
/** AuthorizationManager.checkCamundaAdmin (unlock): ENGINE-03029. */
const ADMIN_ONLY = /ENGINE-03029|Required admin authenticated group or user/;

const READ_ONLY_MESSAGE = "the engine's identity provider is read-only (LDAP?): users are managed there";

function engineMessage(error: unknown): string | undefined {
  return error instanceof EngineHttpError ? error.body?.message : undefined;
}

/** A change sent to the engine, with the refusals every user change may meet said in words. */
async function send(check: readonly string[], request: () => Promise<void>): Promise<void> {
  try {
    await sendChange(check, request);
  } catch (error) {
    if (error instanceof EngineHttpError && READ_ONLY.test(engineMessage(error) ?? '')) throw new CliError(READ_ONLY_MESSAGE, ExitCode.EngineRejected);
    throw error;
  }
}

export interface NewUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** POST /user/create; a password the policy refuses is answered with the policy's rules. */
export async function createUser(client: EngineClient, user: NewUser, password: string): Promise<void> {
  const profile: ProfileBody = { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
  try {
    await send(['user', 'get', user.id], () => client.users.create(profile, password));
  } catch (error) {
    if (isPolicyRefusal(error)) throw await policyRefusal(client.users, password, profile);
    throw error;
  }
}

/** A field left out (undefined) keeps the engine's value; null clears it. */
export interface ProfileChange {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'email'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

export function mergeProfile(current: UserProfile, change: ProfileChange): ProfileBody {
  const field = (name: ProfileField): string | null => (change[name] === undefined ? (current[name] ?? null) : change[name]);
  return { id: current.id, firstName: field('firstName'), lastName: field('lastName'), email: field('email') };
}

function show(value: string | null | undefined): string {
  return value === null || value === undefined ? 'null' : `'${value}'`;
}

/** The engine's PUT replaces the whole profile: the fields this run leaves alone come from the engine, read right before each write. */
export function profileUpdate(api: UserApi, id: string, change: ProfileChange): ObjectUpdate<UserProfile, ProfileBody> {
  return {
    name: `user ${id}`,
    read: () => api.get(id),
    merge: (current) => mergeProfile(current, change),
    differences: (current, body) =>
      PROFILE_FIELDS.filter((field) => (current[field] ?? null) !== body[field]).map(
        (field) => `${field} is ${show(current[field])}, not ${show(body[field])}`,
      ),
    write: (body) => send(['user', 'get', id], () => api.updateProfile(id, body)),
  };
}

export type ProfileDiff = ObjectChange<ProfileField, ProfileBody, string | null>;

export async function updateProfile(
  client: EngineClient,
  id: string,
  change: ProfileChange,
  options: { dryRun: boolean; policy: UpdatePolicy },
): Promise<ProfileDiff> {
  // A missing user is the read's 404, with the ids near the one given.
  return withNearUserIds(client, id, () =>
    changeEngineObject(profileUpdate(client.users, id, change), {
      id,
      url: client.http.url(enginePath`/user/${id}/profile`),
      diff: (current, body) =>
        PROFILE_FIELDS.map((field) => ({ field, before: current[field] ?? null, after: body[field], changed: (current[field] ?? null) !== body[field] })),
      dryRun: options.dryRun,
      policy: options.policy,
    }),
  );
}

/**
 * PUT /user/{id}/credentials. `ownPassword` is the caller's (authenticatedUserPassword): the engine
 * checks it when someone is authenticated, and refuses the change when it is wrong or missing. Not
 * read back: a caller who changed their own password would not be let in with the old one.
 */
export async function changePassword(client: EngineClient, id: string, password: string, ownPassword: string | undefined): Promise<void> {
  // The engine answers a missing user only after it checked the caller's password: read first, so a typo is a 404.
  const user = await client.users.get(id);
  try {
    await send(['user', 'get', id], () => client.users.updateCredentials(id, { password, authenticatedUserPassword: ownPassword }));
  } catch (error) {
    if (engineMessage(error) === WRONG_OWN_PASSWORD)
      throw new CliError(
        ownPassword === undefined
          ? 'the engine wants your own password to change a password (authenticatedUserPassword)'
          : 'the engine refused your own password (authenticatedUserPassword): the password was not changed',
        ExitCode.AuthRefused,
        'give it with --own-password-file FILE, or on a terminal when asked; with Basic credentials their password is sent',
      );
    if (isPolicyRefusal(error))
      throw await policyRefusal(client.users, password, {
        id: user.id,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
        email: user.email ?? null,
      });
    throw error;
  }
}

/**
 * POST /user/{id}/unlock. The engine answers 204 for any id, so the user is read after it: a typo is
 * a 404 then (nothing was unlocked), and one who may not unlock hears so before anything else.
 */
export async function unlockUser(client: EngineClient, id: string): Promise<void> {
  try {
    await send(['user', 'get', id], () => client.users.unlock(id));
  } catch (error) {
    if (error instanceof EngineHttpError && error.status === 403 && ADMIN_ONLY.test(engineMessage(error) ?? ''))
      throw new CliError(
        `${error.message}`,
        ExitCode.AuthRefused,
        "only an administrator may unlock users: a member of the engine's admin group (camunda-admin; operaton-admin on Operaton) or an admin user of its configuration",
      );
    throw error;
  }
  await client.users.get(id);
}

/** DELETE /user/{id}: 204 for an unknown id too, so the caller reads the user first (`client.users.get`). */
export async function deleteUser(client: EngineClient, id: string): Promise<void> {
  await send(['user', 'get', id], () => client.users.delete(id));
}
