// /authorization: query, count, get, create, update, delete, check and OPTIONS, like
// AuthorizationRestServiceImpl and AuthorizationResourceImpl (7.24) with the engine behind them
// (AuthorizationCreateDto/AuthorizationDto.update, PermissionConverter, AuthorizationEntity,
// SaveAuthorizationCmd, AuthorizationManager). Permission tables and the check itself: permissions.ts.
//
// With the Basic auth filter on, the caller is the engine's current authentication, and like the engine
// (authorization checks enabled) the simulator then:
//   * filters GET /authorization, /count and the lookup behind GET/PUT/DELETE /authorization/{id} by
//     READ on the authorization (an unreadable one is a 404, not a 403);
//   * wants CREATE on AUTHORIZATION for POST /create, UPDATE on the id for PUT and DELETE on the id for
//     DELETE (403 AuthorizationException);
//   * shows the OPTIONS links 'create', 'delete' and 'update' only when the caller has that permission.
// Without the filter nobody is authenticated and nothing is checked, as on the engine.
//
// POST /authorization/create, in the engine's order:
//   1. Jackson binds AuthorizationCreateDto (a wrong JSON type: 400 with an empty message);
//   2. dto.getType() unboxes: no `type` is a NullPointerException (500); JSON null binds as 0 (int setter);
//   3. createNewAuthorization: CREATE on AUTHORIZATION (403), then the type: ENGINE-03025 (500);
//   4. AuthorizationCreateDto.update: groupId (GLOBAL: ENGINE-03027, 500), userId (GLOBAL and not '*':
//      ENGINE-03028, 500), resourceType (missing: NullPointerException), permissions (missing:
//      NullPointerException; a name the type's enum lacks: 400 BadUserRequestException);
//   5. SaveAuthorizationCmd: exactly one of userId/groupId (500 NullValueException), then each permission
//      must apply to the resource type (ENGINE-03087, 400); on HISTORIC_PROCESS_INSTANCE the removal time
//      and root process instance id come from the historic instance;
//   6. the insert meets the unique constraints ACT_UNIQ_AUTH_USER / ACT_UNIQ_AUTH_GROUP (type, owner,
//      resource type and id) when the command flushes: a duplicate is a 500 whose body does not say so;
//   7. the new authorization is read back through the filtered query: 200, or 404 for a caller without
//      READ on it (it is created all the same; docs/engine-notes.md#authorization-rules, inferred).
// PUT /authorization/{id}: Jackson binds AuthorizationDto (400), the filtered lookup (404),
// AuthorizationDto.update replaces groupId, userId and resourceId (absent: null), resourceType only when
// given, permissions only when given and then resolved against the BODY's resourceType (missing:
// NullPointerException); type, id, removalTime and rootProcessInstanceId are ignored. Then step 5, then
// UPDATE on the id (403), then the unique constraints at the flush (step 6), then 204.
import type { EngineRouter, QueryParamKind, ParsedQuery, QueryValue, RouteContext, AtomLink } from './handlers.js';
import {
  compareNullable,
  compareStrings,
  engineQuery,
  exceptionBody,
  invalidJsonBody,
  invalidRequest,
  isInIdOrder,
  isJsonObject,
  json,
  JsonFields,
  noContent,
  pagedJson,
  parsePaging,
  readJsonBody,
  tieBreaker,
  uriBuilderPath,
} from './handlers.js';
import { nullPointer } from './migration.js';
import {
  ALL_PERMISSIONS,
  authenticationOf,
  authorizationDenied,
  genericPermission,
  invalidResourceForAuthorizationMessage,
  invalidResourceForPermissionMessage,
  isAuthorized,
  isVisibleInQuery,
  missingAuthorization,
  permissionAppliesTo,
  permissionBits,
  permissionForName,
  permissionNames,
  queryVisibility,
  storedBits,
} from './permissions.js';
import type { Authentication, PermissionDefinition } from './permissions.js';
import { historicProcessInstanceDto, historicProcessInstanceRows } from './history.js';
import { parseEngineDate } from './repository.js';
import { AuthorizationType, ResourceType } from './state.js';
import type { AuthorizationRecord, AuthorizationTypeValue, EngineState } from './state.js';

const AUTHORIZATION_QUERY_PARAMS: Record<string, QueryParamKind> = {
  id: 'string',
  type: 'integer',
  userIdIn: 'stringArray',
  groupIdIn: 'stringArray',
  resourceType: 'integer',
  resourceId: 'string',
};
const AUTHORIZATION_SORT_BY = ['resourceType', 'resourceId'] as const;

/** The package of the authorization DTOs below the flavour's (state.javaClass). */
const REST_DTO = 'engine.rest.dto.authorization';

function authorizationNotFound(id: string): Response {
  return invalidRequest(404, `Authorization with id ${id} does not exist.`);
}

/** A ProcessEngineException (or subclass) the engine maps by its type: `code` 0, the default. */
function engineException(type: string, message: string, status: number): Response {
  return json(exceptionBody(type, message, 0), status);
}

/** The AuthorizationDto the engine would serialize: every field, nulls included, in engine order. */
export function authorizationDto(auth: AuthorizationRecord): AuthorizationRecord {
  return {
    id: auth.id,
    type: auth.type,
    permissions: [...auth.permissions],
    userId: auth.userId,
    groupId: auth.groupId,
    resourceType: auth.resourceType,
    resourceId: auth.resourceId,
    removalTime: auth.removalTime,
    rootProcessInstanceId: auth.rootProcessInstanceId,
  };
}

function matchesAuthorizationFilters(auth: AuthorizationRecord, values: Record<string, QueryValue>): boolean {
  const { id, type, userIdIn, groupIdIn, resourceType, resourceId } = values;
  if (id !== undefined && auth.id !== id) return false;
  if (type !== undefined && auth.type !== type) return false;
  // Empty arrays do not filter (the mapping tests `length > 0`); user and group filters are ANDed.
  if (Array.isArray(userIdIn) && userIdIn.length > 0 && (auth.userId === null || !userIdIn.includes(auth.userId))) return false;
  if (Array.isArray(groupIdIn) && groupIdIn.length > 0 && (auth.groupId === null || !groupIdIn.includes(auth.groupId))) return false;
  if (resourceType !== undefined && auth.resourceType !== resourceType) return false;
  if (resourceId !== undefined && auth.resourceId !== resourceId) return false;
  return true;
}

function sortAuthorizations(items: AuthorizationRecord[], query: ParsedQuery, tie: (a: string, b: string) => number = compareStrings): AuthorizationRecord[] {
  const direction = query.sortOrder === 'desc' ? -1 : 1;
  const byKey = (a: AuthorizationRecord, b: AuthorizationRecord): number => {
    if (query.sortBy === 'resourceType') return (a.resourceType - b.resourceType) * direction;
    if (query.sortBy === 'resourceId') return compareNullable(a.resourceId, b.resourceId) * direction;
    return 0;
  };
  // Unsorted queries come back by id (the engine's default ORDER BY RES.ID_ asc); ties under an
  // explicit sort are left to the database there (state.tieOrder).
  if (query.sortBy === undefined && isInIdOrder(items)) return items;
  return [...items].sort((a, b) => byKey(a, b) || tie(a.id, b.id));
}

/** READ on the authorization, as the query behind list, count and the lookup by id adds it. */
function isReadable(state: EngineState, authentication: Authentication | null, auth: AuthorizationRecord): boolean {
  if (authentication === null) return true;
  return isVisibleInQuery(state, authentication, { permission: genericPermission('READ'), resourceType: ResourceType.AUTHORIZATION, resourceId: auth.id });
}

/** AuthorizationManager.checkAuthorization(permission, AUTHORIZATION, resourceId): a 403 or nothing. */
function checkAuthorizationPermission(
  state: EngineState,
  authentication: Authentication | null,
  name: string,
  resourceId: string | null,
): Response | undefined {
  if (authentication === null) return undefined;
  const permission = genericPermission(name);
  if (isAuthorized(state, authentication, { permission, resourceType: ResourceType.AUTHORIZATION, resourceId })) return undefined;
  return authorizationDenied(authentication.userId, [missingAuthorization(name, ResourceType.AUTHORIZATION, resourceId)]);
}

/** AbstractAuthorizedRestResource.isAuthorized: true without an authenticated user. */
function linkAllowed(state: EngineState, authentication: Authentication | null, name: string, resourceId: string): boolean {
  if (authentication === null) return true;
  return isAuthorized(state, authentication, { permission: genericPermission(name), resourceType: ResourceType.AUTHORIZATION, resourceId });
}

// ---------------------------------------------------------------------------------------------
// Request bodies as Jackson binds them

/** AuthorizationCreateDto. `type` has an int setter (null binds as 0); absent fields stay undefined. */
export interface AuthorizationCreateBody {
  type?: number;
  permissions?: (string | null)[];
  userId?: string;
  groupId?: string;
  resourceType?: number;
  resourceId?: string;
}

/** The AuthorizationDto fields PUT uses (the others are bound, so their JSON types count, then ignored). */
export interface AuthorizationUpdateBody {
  permissions?: (string | null)[];
  userId?: string;
  groupId?: string;
  resourceType?: number;
  resourceId?: string;
}

type Bound<T> = { ok: true; dto: T | null } | { ok: false; response: Response };

/** A java.util.Date property: null, epoch milliseconds, or a string in the engine's date format ('' is null). */
function bindDate(fields: JsonFields, source: Record<string, unknown>, name: string): void {
  const value = source[name];
  if (value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value))) return;
  if (typeof value === 'string' && (value === '' || parseEngineDate(value.slice(0, 28)) !== undefined)) return;
  fields.failed = true;
}

export function bindAuthorizationCreateDto(body: unknown): Bound<AuthorizationCreateBody> {
  if (body === null) return { ok: true, dto: null };
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const dto: AuthorizationCreateBody = {
    type: fields.integer('type', { primitive: true }),
    permissions: fields.stringArray('permissions'),
    userId: fields.string('userId'),
    groupId: fields.string('groupId'),
    resourceType: fields.integer('resourceType'),
    resourceId: fields.string('resourceId'),
  };
  return fields.failed ? { ok: false, response: invalidJsonBody() } : { ok: true, dto };
}

export function bindAuthorizationUpdateDto(body: unknown): Bound<AuthorizationUpdateBody> {
  if (body === null) return { ok: true, dto: null };
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const dto: AuthorizationUpdateBody = {
    permissions: fields.stringArray('permissions'),
    userId: fields.string('userId'),
    groupId: fields.string('groupId'),
    resourceType: fields.integer('resourceType'),
    resourceId: fields.string('resourceId'),
  };
  // Bound and then ignored by AuthorizationDto.update.
  fields.string('id');
  fields.integer('type', { primitive: true });
  fields.string('rootProcessInstanceId');
  bindDate(fields, body, 'removalTime');
  return fields.failed ? { ok: false, response: invalidJsonBody() } : { ok: true, dto };
}

// ---------------------------------------------------------------------------------------------
// The entity: AuthorizationEntity's setters and SaveAuthorizationCmd

interface Draft {
  type: AuthorizationTypeValue;
  bits: number;
  userId: string | null;
  groupId: string | null;
  resourceType: number;
  resourceId: string | null;
  /** AuthorizationEntity.getCachedPermissions: the permissions set by this request, checked on save. */
  cached: PermissionDefinition[];
  removalTime: string | null;
  rootProcessInstanceId: string | null;
}

type Step = Response | undefined;

/** setGroupId, then setUserId, with the GLOBAL rules (ENGINE-03027, ENGINE-03028). */
function setOwner(draft: Draft, groupId: string | null, userId: string | null): Step {
  if (groupId !== null && draft.type === AuthorizationType.GLOBAL) {
    return engineException('ProcessEngineException', "ENGINE-03027 Cannot use 'groupId' for GLOBAL authorization", 500);
  }
  draft.groupId = groupId;
  if (userId !== null && draft.type === AuthorizationType.GLOBAL && userId !== '*') {
    return engineException('ProcessEngineException', `ENGINE-03028 Illegal value '${userId}' for userId for GLOBAL authorization. Must be '*'`, 500);
  }
  draft.userId = userId;
  return undefined;
}

/** PermissionConverter.getPermissionsForNames, then AuthorizationEntity.setPermissions. */
function setPermissions(draft: Draft, names: readonly (string | null)[], resourceType: number): Step {
  const permissions: PermissionDefinition[] = [];
  for (const name of names) {
    const lookup = permissionForName(name, resourceType);
    if (!lookup.ok) return engineException('BadUserRequestException', lookup.message, 400);
    permissions.push(lookup.permission);
  }
  draft.bits = permissionBits(draft.type, permissions);
  draft.cached = permissions;
  return undefined;
}

/** SaveAuthorizationCmd: validate() and AuthorizationManager.validateResourceCompatibility. */
function validateForSave(draft: Draft): Step {
  if ((draft.userId === null) === (draft.groupId === null)) {
    return engineException('NullValueException', "Authorization must either have a 'userId' or a 'groupId'.", 500);
  }
  const incompatible = draft.cached.find((permission) => !permissionAppliesTo(permission, draft.resourceType));
  if (incompatible) return engineException('BadUserRequestException', invalidResourceForAuthorizationMessage(draft.resourceType, incompatible.name), 400);
  return undefined;
}

/**
 * SaveAuthorizationCmd.provideRemovalTime: an authorization on a HISTORIC_PROCESS_INSTANCE (or
 * HISTORIC_TASK) takes the root process instance id and removal time of that historic instance; both
 * are reset to null when there is none ('*', unknown id; the simulator has no historic tasks).
 * Other resource types keep what they had.
 */
function provideRemovalTime(state: EngineState, draft: Draft): void {
  if (draft.resourceType !== ResourceType.HISTORIC_PROCESS_INSTANCE && draft.resourceType !== ResourceType.HISTORIC_TASK) return;
  const row =
    draft.resourceType === ResourceType.HISTORIC_PROCESS_INSTANCE && draft.resourceId !== null && draft.resourceId !== '*'
      ? historicProcessInstanceRows(state).find((candidate) => candidate.instance.id === draft.resourceId)
      : undefined;
  const historic = row === undefined ? undefined : historicProcessInstanceDto(row);
  draft.rootProcessInstanceId = historic?.rootProcessInstanceId ?? null;
  draft.removalTime = historic?.removalTime ?? null;
}

/** What the engine stores, as the record (the DTO) shows it. */
function writeDraft(target: AuthorizationRecord, draft: Draft): void {
  target.permissions = permissionNames(draft.type, draft.resourceType, draft.bits);
  target.userId = draft.userId;
  target.groupId = draft.groupId;
  target.resourceType = draft.resourceType;
  target.resourceId = draft.resourceId;
  target.removalTime = draft.removalTime;
  target.rootProcessInstanceId = draft.rootProcessInstanceId;
}

/**
 * The engine's answer when the flush breaks a unique constraint (docs/engine-notes.md#authorization-rules, measured on 7.24:
 * test/fixtures/samples/authorization-create-duplicate.json). It does not name the constraint.
 */
const PERSISTENCE_FAILURE =
  'An exception occurred in the persistence layer. Please check the server logs for a detailed message and the entire exception stack trace.';

/**
 * The other authorization that ACT_UNIQ_AUTH_USER (TYPE_, USER_ID_, RESOURCE_TYPE_, RESOURCE_ID_) or
 * ACT_UNIQ_AUTH_GROUP (the same with GROUP_ID_) would refuse the draft for. A NULL column never equals
 * another in SQL, so an authorization without a resource id (or without that owner) never collides.
 */
function uniqueConstraintViolation(state: EngineState, draft: Draft, self: AuthorizationRecord | undefined): Step {
  if (draft.resourceId === null) return undefined;
  const clash = state.authorizations.find(
    (other) =>
      other !== self &&
      other.type === draft.type &&
      other.resourceType === draft.resourceType &&
      other.resourceId === draft.resourceId &&
      ((draft.userId !== null && other.userId === draft.userId) || (draft.groupId !== null && other.groupId === draft.groupId)),
  );
  return clash === undefined ? undefined : engineException('ProcessEnginePersistenceException', PERSISTENCE_FAILURE, 500);
}

function isAuthorizationType(type: number): type is AuthorizationTypeValue {
  return type === AuthorizationType.GLOBAL || type === AuthorizationType.GRANT || type === AuthorizationType.REVOKE;
}

// ---------------------------------------------------------------------------------------------
// Routes

/** @QueryParam Integer: RESTEasy converts it before the method runs, a failure is its 404 (like parsePaging). */
function integerQueryParam(params: URLSearchParams, name: string): { ok: true; value: number | null } | { ok: false; response: Response } {
  const raw = params.get(name);
  if (raw === null) return { ok: true, value: null };
  if (/^[+-]?\d+$/.test(raw)) {
    const value = Number(raw);
    if (value >= -2147483648 && value <= 2147483647) return { ok: true, value };
  }
  const message = `RESTEASY003870: Unable to extract parameter from http request: jakarta.ws.rs.QueryParam("${name}") value is '${raw}'`;
  return { ok: false, response: json(exceptionBody('NotFoundException', message), 404) };
}

export function registerAuthorizationRoutes(router: EngineRouter, state: EngineState): void {
  const authenticationFor = (context: RouteContext): Authentication | null => authenticationOf(state, context.authenticatedUserId);

  /** The engine's AuthorizationQuery: filters, the caller's READ, sorting. */
  const filtered = (context: RouteContext): { ok: true; items: AuthorizationRecord[] } | { ok: false; response: Response } => {
    const parsed = engineQuery(context, AUTHORIZATION_QUERY_PARAMS, AUTHORIZATION_SORT_BY);
    if (!parsed.ok) return parsed;
    const authentication = authenticationFor(context);
    // One pass over the caller's authorizations, not one per row: 100,000 rows stay cheap.
    const readable = authentication === null ? () => true : queryVisibility(state, authentication, genericPermission('READ'), ResourceType.AUTHORIZATION);
    const matching = state.authorizations.filter((auth) => matchesAuthorizationFilters(auth, parsed.query.values) && readable(auth.id));
    return { ok: true, items: sortAuthorizations(matching, parsed.query, tieBreaker(state, context.url.searchParams)) };
  };

  /** AuthorizationResourceImpl.getDbAuthorization: the filtered query by id, or the 404. */
  const lookup = (context: RouteContext): { ok: true; auth: AuthorizationRecord } | { ok: false; response: Response } => {
    const id = context.params.id ?? '';
    const auth = state.findAuthorization(id);
    if (auth === undefined || !isReadable(state, authenticationFor(context), auth)) return { ok: false, response: authorizationNotFound(id) };
    return { ok: true, auth };
  };

  router.add(
    'get',
    '/authorization',
    (context) => {
      // JAX-RS converts @QueryParam firstResult/maxResults before the method body builds the DTO.
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = filtered(context);
      if (!result.ok) return result.response;
      return pagedJson(state, context, result.items, paging.paging, authorizationDto);
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/authorization/count',
    (context) => {
      const result = filtered(context);
      if (!result.ok) return result.response;
      return json({ count: result.items.length });
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/authorization/check',
    (context) => {
      const params = context.url.searchParams;
      const resourceType = integerQueryParam(params, 'resourceType');
      if (!resourceType.ok) return resourceType.response;
      const permissionName = params.get('permissionName');
      const resourceName = params.get('resourceName');
      const resourceId = params.get('resourceId');
      const userId = params.get('userId');
      if (permissionName === null) return invalidRequest(400, "Query parameter 'permissionName' cannot be null");
      if (resourceName === null) return invalidRequest(400, "Query parameter 'resourceName' cannot be null");
      if (resourceType.value === null) return invalidRequest(400, "Query parameter 'resourceType' cannot be null");
      const engineError = context.engineError();
      if (engineError) return engineError;
      const current = authenticationFor(context);
      if (current === null) return invalidRequest(401, 'You must be authenticated in order to use this resource.');
      const lookedUp = permissionForName(permissionName, resourceType.value);
      if (!lookedUp.ok) return engineException('BadUserRequestException', lookedUp.message, 400);

      let subject: Authentication = current;
      if (userId !== null && userId !== current.userId) {
        const read = genericPermission('READ');
        if (!isAuthorized(state, current, { permission: read, resourceType: ResourceType.AUTHORIZATION, resourceId: null })) {
          return invalidRequest(403, 'You must have READ permission for Authorization resource.');
        }
        // getUserGroups: a group query, so filtered by the caller's READ on each group.
        const groupIds = state
          .groupIdsOf(userId)
          .filter((groupId) => isVisibleInQuery(state, current, { permission: read, resourceType: ResourceType.GROUP, resourceId: groupId }));
        subject = { userId, groupIds };
      }
      // AuthorizationManager.isAuthorized: the resource is the request's ResourceUtil, so the message names resourceName.
      if (!permissionAppliesTo(lookedUp.permission, resourceType.value)) {
        return engineException('BadUserRequestException', invalidResourceForPermissionMessage(resourceName, permissionName), 400);
      }
      const authorized = isAuthorized(state, subject, { permission: lookedUp.permission, resourceType: resourceType.value, resourceId });
      return json({ permissionName, resourceName, resourceId, authorized });
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/authorization/create',
    async (context) => {
      const read = await readJsonBody(context.request);
      if (!read.ok) return read.response;
      const bound = bindAuthorizationCreateDto(read.body);
      if (!bound.ok) return bound.response;
      const engineError = context.engineError();
      if (engineError) return engineError;
      const dto = bound.dto;
      if (dto === null) return nullPointer(`Cannot invoke "${state.javaClass(REST_DTO)}.AuthorizationCreateDto.getType()" because "dto" is null`);
      if (dto.type === undefined) return nullPointer('Cannot invoke "java.lang.Integer.intValue()" because "this.type" is null');

      const authentication = authenticationFor(context);
      const denied = checkAuthorizationPermission(state, authentication, 'CREATE', null);
      if (denied) return denied;
      const type = dto.type;
      if (!isAuthorizationType(type)) {
        return engineException('ProcessEngineException', `ENGINE-03025 Unrecognized authorization type '${type}'. Must be one of ['0', '1', '2']`, 500);
      }
      // new AuthorizationEntity(type): GLOBAL starts with userId '*'; GRANT/GLOBAL with NONE, REVOKE with ALL.
      const draft: Draft = {
        type,
        bits: type === AuthorizationType.REVOKE ? ALL_PERMISSIONS : 0,
        userId: type === AuthorizationType.GLOBAL ? '*' : null,
        groupId: null,
        resourceType: 0,
        resourceId: null,
        cached: [],
        removalTime: null,
        rootProcessInstanceId: null,
      };
      const ownerError = setOwner(draft, dto.groupId ?? null, dto.userId ?? null);
      if (ownerError) return ownerError;
      if (dto.resourceType === undefined) {
        return nullPointer(
          `Cannot invoke "java.lang.Integer.intValue()" because the return value of "${state.javaClass(REST_DTO)}.AuthorizationCreateDto.getResourceType()" is null`,
        );
      }
      draft.resourceType = dto.resourceType;
      draft.resourceId = dto.resourceId ?? null;
      if (dto.permissions === undefined) return nullPointer('Cannot read the array length because "names" is null');
      const permissionError = setPermissions(draft, dto.permissions, dto.resourceType);
      if (permissionError) return permissionError;
      const saveError = validateForSave(draft);
      if (saveError) return saveError;
      provideRemovalTime(state, draft);
      const duplicate = uniqueConstraintViolation(state, draft, undefined);
      if (duplicate) return duplicate;

      const created: AuthorizationRecord = {
        id: state.nextId(),
        type,
        permissions: [],
        userId: null,
        groupId: null,
        resourceType: draft.resourceType,
        resourceId: null,
        removalTime: null,
        rootProcessInstanceId: null,
      };
      writeDraft(created, draft);
      state.authorizations.push(created);
      // Read back through the (filtered) query, like getAuthorization(id).getAuthorization(context).
      if (!isReadable(state, authentication, created)) return authorizationNotFound(created.id);
      return json(authorizationDto(created));
    },
    { engineCheck: 'manual' },
  );

  router.add('options', '/authorization', ({ engineBaseUrl, authenticatedUserId }) => {
    const base = `${engineBaseUrl}/authorization`;
    const links: AtomLink[] = [
      { method: 'GET', href: base, rel: 'list' },
      { method: 'GET', href: `${base}/count`, rel: 'count' },
    ];
    if (linkAllowed(state, authenticationOf(state, authenticatedUserId), 'CREATE', '*')) {
      links.push({ method: 'POST', href: `${base}/create`, rel: 'create' });
    }
    return json({ links });
  });

  router.add('get', '/authorization/:id', (context) => {
    const found = lookup(context);
    return found.ok ? json(authorizationDto(found.auth)) : found.response;
  });

  router.add('put', '/authorization/:id', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    const bound = bindAuthorizationUpdateDto(read.body);
    if (!bound.ok) return bound.response;
    const found = lookup(context);
    if (!found.ok) return found.response;
    const { auth } = found;
    const dto = bound.dto;
    if (dto === null) return nullPointer(`Cannot invoke "${state.javaClass(REST_DTO)}.AuthorizationDto.getGroupId()" because "dto" is null`);

    const draft: Draft = {
      type: auth.type,
      bits: storedBits(auth),
      userId: auth.userId,
      groupId: auth.groupId,
      resourceType: auth.resourceType,
      resourceId: auth.resourceId,
      cached: [],
      removalTime: auth.removalTime,
      rootProcessInstanceId: auth.rootProcessInstanceId,
    };
    const ownerError = setOwner(draft, dto.groupId ?? null, dto.userId ?? null);
    if (ownerError) return ownerError;
    draft.resourceId = dto.resourceId ?? null;
    if (dto.resourceType !== undefined) draft.resourceType = dto.resourceType;
    if (dto.permissions !== undefined) {
      if (dto.resourceType === undefined) {
        return nullPointer(
          `Cannot invoke "java.lang.Integer.intValue()" because the return value of "${state.javaClass(REST_DTO)}.AuthorizationDto.getResourceType()" is null`,
        );
      }
      const permissionError = setPermissions(draft, dto.permissions, dto.resourceType);
      if (permissionError) return permissionError;
    }
    const saveError = validateForSave(draft);
    if (saveError) return saveError;
    provideRemovalTime(state, draft);
    const denied = checkAuthorizationPermission(state, authenticationFor(context), 'UPDATE', auth.id);
    if (denied) return denied;
    const duplicate = uniqueConstraintViolation(state, draft, auth);
    if (duplicate) return duplicate;
    writeDraft(auth, draft);
    return noContent();
  });

  router.add('delete', '/authorization/:id', (context) => {
    const found = lookup(context);
    if (!found.ok) return found.response;
    const { id } = found.auth;
    const denied = checkAuthorizationPermission(state, authenticationFor(context), 'DELETE', id);
    if (denied) return denied;
    // AuthorizationManager.delete also drops the authorizations ON this authorization (resource type 4, its id).
    // In place: tests may hold on to the array.
    for (let index = state.authorizations.length - 1; index >= 0; index -= 1) {
      const auth = state.authorizations[index];
      if (auth !== undefined && (auth.id === id || (auth.resourceType === ResourceType.AUTHORIZATION && auth.resourceId === id))) {
        state.authorizations.splice(index, 1);
      }
    }
    return noContent();
  });

  router.add('options', '/authorization/:id', ({ params, engineBaseUrl, authenticatedUserId }) => {
    // Like the engine, this does not check that the authorization exists.
    const id = params.id ?? '';
    const href = `${engineBaseUrl}/authorization/${uriBuilderPath(id)}`;
    const authentication = authenticationOf(state, authenticatedUserId);
    const links: AtomLink[] = [{ method: 'GET', href, rel: 'self' }];
    if (linkAllowed(state, authentication, 'DELETE', id)) links.push({ method: 'DELETE', href, rel: 'delete' });
    if (linkAllowed(state, authentication, 'UPDATE', id)) links.push({ method: 'PUT', href, rel: 'update' });
    return json({ links });
  });
}
