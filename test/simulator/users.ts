// The writes and single reads of /user and the password policy, like UserRestServiceImpl,
// UserResourceImpl, IdentityRestServiceImpl (7.24) with the engine behind them: SaveUserCmd,
// DbIdentityServiceProvider (saveUser, deleteUser, unlockUser, checkPassword), UnlockUserCmd,
// DefaultAuthorizationProvider.newUser and DefaultPasswordPolicyImpl. The queries (GET /user,
// /user/count) are identity.ts's.
//
//   * A read-only identity provider (`state.identityReadOnly`, LDAP): create, profile PUT, credentials,
//     unlock and delete answer 403 InvalidRequestException "Identity service implementation is read-only."
//     before anything else; OPTIONS leave out create, update and delete.
//   * GET /user/{id}/profile and the lookups of PUT profile / credentials: the user query by id, which
//     an authenticated caller only sees with READ on the user: else 404 "User with id x does not exist".
//   * POST /user/create: no profile or no id is 400 "request object must provide profile information
//     with valid id."; SaveUserCmd then checks the id whitelist ("User has an invalid id: ...", 500), the
//     password policy when enabled (`state.passwordPolicyEnabled`, off as on the engine) and a password
//     is given (500 ProcessEngineException "Password does not match policy"), CREATE on USER (403) and
//     a duplicate id (400 BadUserRequestException "The user already exists"); the new user gets
//     GRANT ALL on USER <id> (DefaultAuthorizationProvider.newUser).
//   * PUT /user/{id}/credentials: with an authenticated caller, authenticatedUserPassword is checked
//     like a login (`state.checkPassword`: a wrong one counts a failed attempt and delays the caller's
//     next login); 400 "The given authenticated user password is not valid."; then the user (404), the
//     policy, UPDATE on USER <id>.
//   * PUT /user/{id}/profile: UserProfileDto.update replaces id and the three fields (absent: null);
//     whitelist, UPDATE on the body's id. Inferred, not captured: a body id other than the path's
//     updates no row (the group PUT's OptimisticLockingException, see identity.ts).
//   * POST /user/{id}/unlock: admins only (403 ENGINE-03029, `requiredAdminBody`); 204 for any id.
//   * DELETE /user/{id}: DELETE on USER <id> (403), then READ (findUserById); removes the user's group
//     and tenant memberships and the authorizations on USER <id> (not those granted to the user); 204
//     for an unknown id.
//   * GET /identity/password-policy: 404 without a body when the policy is off, else the default
//     policy's rules; POST checks a password against it (CheckPasswordPolicyResultDto).
import type { AtomLink, EngineRouter, RouteContext } from './handlers.js';
import { exceptionBody, invalidJsonBody, invalidRequest, isJsonObject, json, JsonFields, noContent, readJsonBody, uriBuilderPath } from './handlers.js';
import { runUserQuery, userProfileDto } from './identity.js';
import { nullPointer } from './migration.js';
import type { Authentication } from './permissions.js';
import {
  authenticationOf,
  authorizationDenied,
  genericPermission,
  isAuthorized,
  isCamundaAdmin,
  missingAuthorization,
  requiredAdminBody,
} from './permissions.js';
import { AuthorizationType, ResourceType } from './state.js';
import type { EngineState, UserRecord } from './state.js';

const REST_DTO = 'engine.rest.dto.identity';

export const READ_ONLY_MESSAGE = 'Identity service implementation is read-only.';
export const POLICY_REFUSAL_MESSAGE = 'Password does not match policy';
export const WRONG_OWN_PASSWORD_MESSAGE = 'The given authenticated user password is not valid.';

/** PasswordPolicySpecialCharacterRuleImpl.SPECIALCHARACTERS. */
const SPECIAL_CHARACTERS = ` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;

interface PolicyRule {
  placeholder: string;
  parameter: Record<string, string> | null;
  keeps(password: string, user: ProfileFields | null): boolean;
}

type ProfileFields = { id: string | null; firstName: string | null; lastName: string | null; email: string | null };

function count(password: string, test: (character: string) => boolean): number {
  return [...password].filter(test).length;
}

/** DefaultPasswordPolicyImpl: its rules in its order (Java's Character.isLowerCase and friends, for ASCII and beyond alike). */
export const DEFAULT_POLICY: readonly PolicyRule[] = [
  {
    placeholder: 'PASSWORD_POLICY_USER_DATA',
    parameter: null,
    keeps: (password, user) => {
      if (password === '' || user === null) return true;
      const candidate = password.toUpperCase();
      return ![user.id, user.firstName, user.lastName, user.email].some((value) => value !== null && value !== '' && candidate.includes(value.toUpperCase()));
    },
  },
  { placeholder: 'PASSWORD_POLICY_LENGTH', parameter: { minLength: '10' }, keeps: (password) => password.length >= 10 },
  {
    placeholder: 'PASSWORD_POLICY_LOWERCASE',
    parameter: { minLowerCase: '1' },
    keeps: (password) => count(password, (c) => c !== c.toUpperCase() && c === c.toLowerCase()) >= 1,
  },
  {
    placeholder: 'PASSWORD_POLICY_UPPERCASE',
    parameter: { minUpperCase: '1' },
    keeps: (password) => count(password, (c) => c !== c.toLowerCase() && c === c.toUpperCase()) >= 1,
  },
  { placeholder: 'PASSWORD_POLICY_DIGIT', parameter: { minDigit: '1' }, keeps: (password) => count(password, (c) => /\p{Nd}/u.test(c)) >= 1 },
  { placeholder: 'PASSWORD_POLICY_SPECIAL', parameter: { minSpecial: '1' }, keeps: (password) => count(password, (c) => SPECIAL_CHARACTERS.includes(c)) >= 1 },
];

function keepsPolicy(password: string, user: ProfileFields): boolean {
  return DEFAULT_POLICY.every((rule) => rule.keeps(password, user));
}

function engineException(type: string, message: string, status: number, code = 0): Response {
  return json(exceptionBody(type, message, code), status);
}

/** Operaton throws a subclass of its own, UserNotFoundException, whose name is the body's type. */
function userNotFound(state: EngineState, id: string): Response {
  const message = `User with id ${id} does not exist`;
  return state.flavour.name === 'operaton' ? json(exceptionBody('UserNotFoundException', message), 404) : invalidRequest(404, message);
}

/** UserProfileDto as Jackson binds it; null for a JSON `null`. */
function bindProfile(body: unknown): { ok: true; value: ProfileFields | null } | { ok: false; response: Response } {
  if (body === null) return { ok: true, value: null };
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const value = {
    id: fields.string('id') ?? null,
    firstName: fields.string('firstName') ?? null,
    lastName: fields.string('lastName') ?? null,
    email: fields.string('email') ?? null,
  };
  return fields.failed ? { ok: false, response: invalidJsonBody() } : { ok: true, value };
}

/** The `password` and `authenticatedUserPassword` of UserCredentialsDto. */
function bindCredentials(body: unknown): { ok: true; value: { password: string | null; own: string | null } | null } | { ok: false; response: Response } {
  if (body === null) return { ok: true, value: null };
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const value = { password: fields.string('password') ?? null, own: fields.string('authenticatedUserPassword') ?? null };
  return fields.failed ? { ok: false, response: invalidJsonBody() } : { ok: true, value };
}

/** EnsureUtil.ensureWhitelistedResourceId(commandContext, "User", id). */
function whitelistError(state: EngineState, id: string | null): Response | undefined {
  if (id === null) return nullPointer('Cannot invoke "java.lang.CharSequence.length()" because "this.text" is null');
  if (state.flavour.resourceIdWhitelist.test(id)) return undefined;
  return engineException('ProcessEngineException', `User has an invalid id: '${id}' is not a valid resource identifier.`, 500);
}

function denied(state: EngineState, authentication: Authentication | null, name: string, resourceId: string | null): Response | undefined {
  if (authentication === null) return undefined;
  if (isAuthorized(state, authentication, { permission: genericPermission(name), resourceType: ResourceType.USER, resourceId })) return undefined;
  return authorizationDenied(authentication.userId, [missingAuthorization(name, ResourceType.USER, resourceId)]);
}

function removeWhere<T>(items: T[], predicate: (item: T) => boolean): void {
  const kept = items.filter((item) => !predicate(item));
  items.splice(0, items.length, ...kept);
}

export function registerUserRoutes(router: EngineRouter, state: EngineState): void {
  const authenticationFor = (context: RouteContext): Authentication | null => authenticationOf(state, context.authenticatedUserId);
  /** UserResourceImpl.findUserObject: the (READ-filtered) user query by id. */
  const lookup = (context: RouteContext, id: string): UserRecord | undefined => {
    const found = runUserQuery(state, { id, sorting: [] }, authenticationFor(context));
    return found.ok ? found.value[0] : undefined;
  };
  const readOnly = (): Response | undefined => (state.identityReadOnly ? invalidRequest(403, READ_ONLY_MESSAGE) : undefined);
  const policyRefusal = (): Response => engineException('ProcessEngineException', POLICY_REFUSAL_MESSAGE, 500);

  router.add('post', '/user/create', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    if (!isJsonObject(read.body)) return invalidJsonBody();
    const profile = bindProfile(read.body.profile ?? null);
    if (!profile.ok) return profile.response;
    const credentials = bindCredentials(read.body.credentials ?? null);
    if (!credentials.ok) return credentials.response;
    const refusal = readOnly();
    if (refusal) return refusal;
    const dto = profile.value;
    if (dto === null || dto.id === null) return invalidRequest(400, 'request object must provide profile information with valid id.');
    const whitelist = whitelistError(state, dto.id);
    if (whitelist) return whitelist;
    const password = credentials.value?.password ?? null;
    if (state.passwordPolicyEnabled && password !== null && !keepsPolicy(password, dto)) return policyRefusal();
    const forbidden = denied(state, authenticationFor(context), 'CREATE', null);
    if (forbidden) return forbidden;
    if (state.findUser(dto.id) !== undefined) return engineException('BadUserRequestException', 'The user already exists', 400);
    // A user without a password cannot log in: the simulator keeps '' (checkPassword never matches it).
    state.users.push({ id: dto.id, firstName: dto.firstName, lastName: dto.lastName, email: dto.email, password: password ?? '' });
    state.authorizations.push({
      id: state.nextId(),
      type: AuthorizationType.GRANT,
      permissions: ['ALL'],
      userId: dto.id,
      groupId: null,
      resourceType: ResourceType.USER,
      resourceId: dto.id,
      removalTime: null,
      rootProcessInstanceId: null,
    });
    return noContent();
  });

  router.add('get', '/user/:id/profile', (context) => {
    const id = context.params.id ?? '';
    const user = lookup(context, id);
    return user === undefined ? userNotFound(state, id) : json(userProfileDto(user));
  });

  router.add('put', '/user/:id/profile', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    const bound = bindProfile(read.body);
    if (!bound.ok) return bound.response;
    const refusal = readOnly();
    if (refusal) return refusal;
    const id = context.params.id ?? '';
    const user = lookup(context, id);
    if (user === undefined) return userNotFound(state, id);
    const dto = bound.value;
    if (dto === null)
      return nullPointer(
        `Cannot invoke "${state.javaClass(REST_DTO)}.UserProfileDto.update(${state.javaClass('engine.identity.User')})" because "profile" is null`,
      );
    const whitelist = whitelistError(state, dto.id);
    if (whitelist) return whitelist;
    const forbidden = denied(state, authenticationFor(context), 'UPDATE', dto.id);
    if (forbidden) return forbidden;
    if (dto.id !== user.id)
      return engineException(
        'OptimisticLockingException',
        `ENGINE-03005 Execution of 'UPDATE UserEntity[${String(dto.id)}]' failed. Entity was updated by another transaction concurrently.`,
        500,
        1,
      );
    user.firstName = dto.firstName;
    user.lastName = dto.lastName;
    user.email = dto.email;
    return noContent();
  });

  router.add('put', '/user/:id/credentials', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    const bound = bindCredentials(read.body);
    if (!bound.ok) return bound.response;
    const refusal = readOnly();
    if (refusal) return refusal;
    const id = context.params.id ?? '';
    const credentials = bound.value;
    const caller = context.authenticatedUserId;
    if (caller !== null) {
      if (credentials === null)
        return nullPointer(`Cannot invoke "${state.javaClass(REST_DTO)}.UserCredentialsDto.getAuthenticatedUserPassword()" because "account" is null`);
      if (!state.checkPassword(caller, credentials.own as string)) return invalidRequest(400, WRONG_OWN_PASSWORD_MESSAGE);
    }
    const user = lookup(context, id);
    if (user === undefined) return userNotFound(state, id);
    if (credentials === null) return nullPointer(`Cannot invoke "${state.javaClass(REST_DTO)}.UserCredentialsDto.getPassword()" because "account" is null`);
    const password = credentials.password;
    if (state.passwordPolicyEnabled && password !== null && !keepsPolicy(password, user)) return policyRefusal();
    const forbidden = denied(state, authenticationFor(context), 'UPDATE', id);
    if (forbidden) return forbidden;
    // A null password leaves the stored one (UserEntity.encryptPassword only hashes a new one).
    if (password !== null) user.password = password;
    return noContent();
  });

  router.add('post', '/user/:id/unlock', (context) => {
    const refusal = readOnly();
    if (refusal) return refusal;
    const authentication = authenticationFor(context);
    if (authentication !== null && !isCamundaAdmin(state, authentication)) return json({ ...requiredAdminBody() }, 403);
    state.unlockUser(context.params.id ?? '');
    return noContent();
  });

  router.add('delete', '/user/:id', (context) => {
    const refusal = readOnly();
    if (refusal) return refusal;
    const id = context.params.id ?? '';
    const authentication = authenticationFor(context);
    const forbidden = denied(state, authentication, 'DELETE', id) ?? denied(state, authentication, 'READ', id);
    if (forbidden) return forbidden;
    if (state.findUser(id) !== undefined) {
      removeWhere(state.memberships, (membership) => membership.userId === id);
      removeWhere(state.tenantMemberships, (membership) => membership.userId === id);
      removeWhere(state.authorizations, (auth) => auth.resourceType === ResourceType.USER && auth.resourceId === id);
      removeWhere(state.users, (user) => user.id === id);
    }
    return noContent();
  });

  router.add('options', '/user/:id', (context) => {
    const id = context.params.id ?? '';
    const base = `${context.engineBaseUrl}/user/${uriBuilderPath(id)}`;
    const allowed = (name: string): boolean => {
      const authentication = authenticationFor(context);
      return !state.identityReadOnly && (authentication === null || denied(state, authentication, name, id) === undefined);
    };
    const links: AtomLink[] = [{ method: 'GET', href: `${base}/profile`, rel: 'self' }];
    if (allowed('DELETE')) links.push({ method: 'DELETE', href: base, rel: 'delete' });
    if (allowed('UPDATE')) links.push({ method: 'PUT', href: `${base}/profile`, rel: 'update' });
    return json({ links });
  });

  router.add('get', '/identity/password-policy', () => {
    if (!state.passwordPolicyEnabled) return new Response(null, { status: 404 });
    return json({ rules: DEFAULT_POLICY.map((rule) => ({ placeholder: rule.placeholder, parameter: rule.parameter })) });
  });

  router.add('post', '/identity/password-policy', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    if (!isJsonObject(read.body)) return invalidJsonBody();
    const profile = bindProfile(read.body.profile ?? null);
    if (!profile.ok) return profile.response;
    const password = new JsonFields(read.body).string('password');
    if (!state.passwordPolicyEnabled) return new Response(null, { status: 404 });
    // ensureNotNull("password", candidatePassword).
    if (password === undefined) return engineException('NullValueException', 'password is null', 500);
    const user = profile.value === null ? null : { ...profile.value, id: profile.value.id ?? '' };
    const rules = DEFAULT_POLICY.map((rule) => ({ placeholder: rule.placeholder, parameter: rule.parameter, valid: rule.keeps(password, user) }));
    return json({ rules, valid: rules.every((rule) => rule.valid) });
  });
}
