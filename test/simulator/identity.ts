// /group (query, count, get, create, update, delete, members, OPTIONS) and /user (query, count,
// OPTIONS), like GroupRestServiceImpl, GroupResourceImpl, GroupMembersResourceImpl and
// UserRestServiceImpl (7.24) with the engine behind them: GroupQueryDto/UserQueryDto, GroupDto.update,
// CreateGroupCmd, SaveGroupCmd (EnsureUtil.ensureWhitelistedResourceId), IdentityServiceImpl.saveGroup,
// DbIdentityServiceProvider and DefaultAuthorizationProvider.
//
// With the Basic auth filter on, the caller is the engine's current authentication and, like the
// engine with authorization checks enabled:
//   * group and user queries (list, count, and the lookups behind GET/PUT /group/{id}) only see rows the
//     caller may READ (GROUP 2 / USER 1); an unreadable group is a 404;
//   * POST /group/create wants CREATE on GROUP (auth-denied-group-create.json), PUT UPDATE on the
//     (new) id, DELETE DELETE and then READ on the id (findGroupById checks it), memberships
//     CREATE/DELETE on GROUP_MEMBERSHIP (3) with the group id as resource id, and adding a member
//     also READ on the USER and the GROUP (findUserById / findGroupById);
//   * OPTIONS links 'create', 'update', 'delete' follow the same permissions.
//
// POST /group/create, in the engine's order: Jackson binds GroupDto (400, empty message); no id:
// NullValueException "groupId is null" (CreateGroupCmd, 500); an id outside the whitelist
// `[a-zA-Z0-9]+|camunda-admin`: ProcessEngineException "Group has an invalid id: 'x' is not a valid
// resource identifier." (500); CREATE on GROUP (403); an existing id: the insert's constraint violation,
// turned into BadUserRequestException "The group already exists" by IdentityServiceImpl.saveGroup
// (400, group-create-duplicate.json). Then, authorization checks being enabled on the captured engine,
// DefaultAuthorizationProvider.newGroup adds GRANT READ on GROUP <id> for group <id> (a new
// authorization, id from state.nextId()).
//
// PUT /group/{id}: GroupDto.update replaces id, name and type (absent: null). Inferred, not captured:
//   * no `id` in the body: SaveGroupCmd matches the whitelist pattern against null, a
//     NullPointerException inside java.util.regex.Matcher (500);
//   * another `id` (valid): UPDATE on that id is checked, then the engine's UPDATE ... WHERE ID_ = <new id>
//     AND REV_ = <revision of the path's group> matches no row: OptimisticLockingException ENGINE-03005
//     (500, code 1). Should a group with the new id exist at the same revision, that row is overwritten
//     instead (204) and the path's group stays as it was: what the SQL does.
// Adding an existing membership: the insert fails on the primary key and the engine answers the generic
// persistence error (ExceptionUtil.wrapPersistenceException; 500 ProcessEnginePersistenceException "An
// exception occurred in the persistence layer. ...", code 0). Checked on Camunda 7.24 (H2): the body
// is exactly that, whatever the database says in the server log.
// DELETE /group/{id} is 204 even for an unknown id; it removes the group's memberships and the
// authorizations on GROUP <id> (not those granted to the group). Removing a member removes, when the
// membership exists, that user's authorizations on GROUP_MEMBERSHIP <group id> too (deleteMembership:
// deleteAuthorizationsForUser; the SQL deleteAuthorizationsForResourceIdAndUserId).
import type { AtomLink, EngineRouter, Paging, ParsedQuery, QueryParamKind, RouteContext } from './handlers.js';
import {
  pagedJson,
  compareNullable,
  compareStrings,
  exceptionBody,
  invalidJsonBody,
  invalidRequest,
  isInIdOrder,
  isJsonObject,
  json,
  JsonFields,
  likeMatches,
  noContent,
  parsePaging,
  parseQuery,
  readJsonBody,
  sortPairError,
  tieBreaker,
  uriBuilderPath,
} from './handlers.js';
import { nullPointer } from './migration.js';
import { forgetGroupInTenants } from './tenants.js';
import { authenticationOf, authorizationDenied, genericPermission, isAuthorized, missingAuthorization, queryVisibility } from './permissions.js';
import type { Authentication } from './permissions.js';
import { FLAVOURS } from './flavour.js';
import { AuthorizationType, ResourceType } from './state.js';
import type { EngineState, GroupRecord, UserRecord } from './state.js';

/** The package of the identity DTOs below the flavour's (state.javaClass). */
const REST_DTO = 'engine.rest.dto.identity';

/** generalResourceWhitelistPattern's default on Camunda 7 (groupResourceWhitelistPattern unset); `state.flavour.resourceIdWhitelist` is the engine's. */
export const RESOURCE_ID_WHITELIST = FLAVOURS.camunda.resourceIdWhitelist;

/** The generic persistence error of ExceptionUtil.wrapPersistenceException. */
export const PERSISTENCE_EXCEPTION_MESSAGE =
  'An exception occurred in the persistence layer. Please check the server logs for a detailed message and the entire exception stack trace.';

/** A ProcessEngineException (or subclass) the engine maps by its type: `code` 0 unless given. */
function engineException(type: string, message: string, status: number, code = 0): Response {
  return json(exceptionBody(type, message, code), status);
}

function groupNotFound(id: string): Response {
  return invalidRequest(404, `Group with id ${id} does not exist`);
}

// ---------------------------------------------------------------------------------------------
// DTOs

export interface GroupDto {
  id: string;
  name: string | null;
  type: string | null;
}

export interface UserProfileDto {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export function groupDto(group: GroupRecord): GroupDto {
  return { id: group.id, name: group.name, type: group.type };
}

export function userProfileDto(user: UserRecord): UserProfileDto {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
}

// ---------------------------------------------------------------------------------------------
// Queries

type Ordering<S extends string> = { sortBy: S; sortOrder: 'asc' | 'desc' };

/** Top-level sortBy/sortOrder (checked as a pair) and the `sorting` entries of a JSON body. */
interface Sorting {
  sortBy?: string;
  sortOrder?: string;
  /** SortingDto entries as bound: applied after the top-level pair, in order. */
  sorting: { sortBy: unknown; sortOrder: unknown }[];
}

type Result<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * AbstractQueryDto.applySortingOptions: the top-level pair, then each `sorting` entry (an unknown
 * sortBy adds no ordering; a sortOrder other than asc/desc is ignored). AbstractQuery.direction and
 * checkQueryOk reject a direction without an orderBy, a second direction, and an orderBy without a
 * direction (NotValidException, 400).
 */
function orderings<S extends string>(sorting: Sorting, valid: readonly S[]): Result<Ordering<S>[]> {
  const sortError = sortPairError({ values: {}, sortBy: sorting.sortBy, sortOrder: sorting.sortOrder as ParsedQuery['sortOrder'] });
  if (sortError) return { ok: false, response: sortError };
  const properties: { sortBy: S; sortOrder?: 'asc' | 'desc' }[] = [];
  const steps: { sortBy: unknown; sortOrder: unknown }[] = [];
  if (sorting.sortBy !== undefined) steps.push({ sortBy: sorting.sortBy, sortOrder: sorting.sortOrder });
  steps.push(...sorting.sorting);
  for (const step of steps) {
    if (typeof step.sortBy === 'string' && valid.includes(step.sortBy as S)) properties.push({ sortBy: step.sortBy as S });
    if (step.sortOrder === 'asc' || step.sortOrder === 'desc') {
      const current = properties.at(-1);
      if (current === undefined) {
        return notValid('You should call any of the orderBy methods first before specifying a direction: currentOrderingProperty is null');
      }
      if (current.sortOrder !== undefined) {
        return notValid('Invalid query: can specify only one direction desc() or asc() for an ordering constraint: direction must be null');
      }
      current.sortOrder = step.sortOrder;
    }
  }
  const result: Ordering<S>[] = [];
  for (const property of properties) {
    if (property.sortOrder === undefined) return notValid('Invalid query: call asc() or desc() after using orderByXX(): direction is null');
    result.push({ sortBy: property.sortBy, sortOrder: property.sortOrder });
  }
  return { ok: true, value: result };
}

function notValid(message: string): { ok: false; response: Response } {
  return { ok: false, response: engineException('NotValidException', message, 400) };
}

/** Orders by the given properties, then by id (the engine's default ORDER BY RES.ID_ asc; ties by id here). */
function sortRows<T extends { id: string }, S extends string>(
  rows: T[],
  order: readonly Ordering<S>[],
  key: (row: T, sortBy: S) => string | null,
  tie: (a: string, b: string) => number = compareStrings,
): T[] {
  if (order.length === 0 && isInIdOrder(rows)) return rows;
  return rows.sort((a, b) => {
    for (const { sortBy, sortOrder } of order) {
      const compared = compareNullable(key(a, sortBy), key(b, sortBy)) * (sortOrder === 'desc' ? -1 : 1);
      if (compared !== 0) return compared;
    }
    return tie(a.id, b.id);
  });
}

/** Reads the JSON body of a POST query: Jackson's binding errors (and a bad top-level sortBy/sortOrder) are 400 with an empty message. */
function bodyFields(body: unknown, validSortBy: readonly string[]): Result<{ fields: JsonFields; sorting: Sorting }> {
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const sorting: Sorting = { sorting: [] };
  for (const entry of fields.objectArray('sorting') ?? []) {
    const entryFields = new JsonFields(entry ?? {});
    sorting.sorting.push({ sortBy: entryFields.string('sortBy'), sortOrder: entryFields.string('sortOrder') });
    if (entryFields.failed) fields.failed = true;
  }
  sorting.sortBy = fields.string('sortBy');
  sorting.sortOrder = fields.string('sortOrder');
  if (fields.failed) return { ok: false, response: invalidJsonBody() };
  // The setters of AbstractQueryDto reject these; Jackson wraps the exception as a mapping error.
  if (sorting.sortBy !== undefined && !validSortBy.includes(sorting.sortBy)) return { ok: false, response: invalidJsonBody() };
  if (sorting.sortOrder !== undefined && sorting.sortOrder !== 'asc' && sorting.sortOrder !== 'desc') return { ok: false, response: invalidJsonBody() };
  return { ok: true, value: { fields, sorting } };
}

// --- groups

const GROUP_SORT_BY = ['id', 'name', 'type'] as const;
type GroupSortBy = (typeof GROUP_SORT_BY)[number];

const GROUP_QUERY_PARAMS: Record<string, QueryParamKind> = {
  id: 'string',
  idIn: 'stringArray',
  name: 'string',
  nameLike: 'string',
  type: 'string',
  member: 'string',
  memberOfTenant: 'string',
};

/** The filters of GroupQueryDto (null JSON values are absent, like the DTO's `!= null` checks). */
export interface GroupQuery extends Sorting {
  id?: string;
  idIn?: (string | null)[];
  name?: string;
  nameLike?: string;
  type?: string;
  member?: string;
  memberOfTenant?: string;
}

function groupQueryFromUrl(params: URLSearchParams): Result<GroupQuery> {
  const parsed = parseQuery(params, GROUP_QUERY_PARAMS, GROUP_SORT_BY);
  if (!parsed.ok) return parsed;
  const v = parsed.query.values;
  const str = (name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  return {
    ok: true,
    value: {
      id: str('id'),
      idIn: Array.isArray(v.idIn) ? v.idIn : undefined,
      name: str('name'),
      nameLike: str('nameLike'),
      type: str('type'),
      member: str('member'),
      memberOfTenant: str('memberOfTenant'),
      sortBy: parsed.query.sortBy,
      sortOrder: parsed.query.sortOrder,
      sorting: [],
    },
  };
}

export function groupQueryFromBody(body: unknown): Result<GroupQuery> {
  const read = bodyFields(body, GROUP_SORT_BY);
  if (!read.ok) return read;
  const { fields, sorting } = read.value;
  const query: GroupQuery = {
    ...sorting,
    id: fields.string('id'),
    idIn: fields.stringArray('idIn'),
    name: fields.string('name'),
    nameLike: fields.string('nameLike'),
    type: fields.string('type'),
    member: fields.string('member'),
    memberOfTenant: fields.string('memberOfTenant'),
  };
  return fields.failed ? { ok: false, response: invalidJsonBody() } : { ok: true, value: query };
}

function groupSortKey(group: GroupRecord, sortBy: GroupSortBy): string | null {
  return sortBy === 'id' ? group.id : sortBy === 'name' ? group.name : group.type;
}

/**
 * The engine's group query: filters, READ on GROUP for an authenticated caller, ordering. Unsorted
 * rows come by id; `state.groups` is kept in id order by `seedGroups`, so sorting 100,000 of them is
 * one linear pass.
 */
export function runGroupQuery(
  state: EngineState,
  query: GroupQuery,
  authentication: Authentication | null,
  tie?: (a: string, b: string) => number,
): Result<GroupRecord[]> {
  const order = orderings(query, GROUP_SORT_BY);
  if (!order.ok) return order;
  // Empty idIn does not filter (the mapping tests its length), like the other *In lists.
  const ids = query.idIn !== undefined && query.idIn.length > 0 ? new Set(query.idIn) : undefined;
  const members = query.member !== undefined ? new Set(state.memberships.filter((m) => m.userId === query.member).map((m) => m.groupId)) : undefined;
  const ofTenant =
    query.memberOfTenant !== undefined
      ? new Set(state.tenantMemberships.filter((membership) => membership.tenantId === query.memberOfTenant).map((membership) => membership.groupId))
      : undefined;
  const readable = authentication === null ? undefined : queryVisibility(state, authentication, genericPermission('READ'), ResourceType.GROUP);
  const rows = state.groups.filter(
    (group) =>
      (query.id === undefined || group.id === query.id) &&
      (ids === undefined || ids.has(group.id)) &&
      (query.name === undefined || group.name === query.name) &&
      (query.nameLike === undefined || likeMatches(group.name, query.nameLike)) &&
      (query.type === undefined || group.type === query.type) &&
      (members === undefined || members.has(group.id)) &&
      (ofTenant === undefined || ofTenant.has(group.id)) &&
      (readable === undefined || readable(group.id)),
  );
  return { ok: true, value: sortRows(rows, order.value, groupSortKey, tie) };
}

// --- users

const USER_SORT_BY = ['userId', 'firstName', 'lastName', 'email'] as const;
type UserSortBy = (typeof USER_SORT_BY)[number];

const USER_QUERY_PARAMS: Record<string, QueryParamKind> = {
  id: 'string',
  idIn: 'stringArray',
  firstName: 'string',
  firstNameLike: 'string',
  lastName: 'string',
  lastNameLike: 'string',
  email: 'string',
  emailLike: 'string',
  memberOfGroup: 'string',
  memberOfTenant: 'string',
  potentialStarter: 'string',
};

const USER_STRING_FILTERS = [
  'id',
  'firstName',
  'firstNameLike',
  'lastName',
  'lastNameLike',
  'email',
  'emailLike',
  'memberOfGroup',
  'memberOfTenant',
  'potentialStarter',
] as const;

/** The filters of UserQueryDto (GET only: the engine has no POST user query). */
export interface UserQuery extends Sorting, Partial<Record<(typeof USER_STRING_FILTERS)[number], string>> {
  idIn?: string[];
}

function userSortKey(user: UserRecord, sortBy: UserSortBy): string | null {
  return sortBy === 'userId' ? user.id : user[sortBy];
}

/** The engine's user query: filters, READ on USER for an authenticated caller, ordering (by id unless sorted). */
export function runUserQuery(state: EngineState, query: UserQuery, authentication: Authentication | null): Result<UserRecord[]> {
  const order = orderings(query, USER_SORT_BY);
  if (!order.ok) return order;
  const ids = query.idIn !== undefined && query.idIn.length > 0 ? new Set(query.idIn) : undefined;
  const members = query.memberOfGroup !== undefined ? new Set(state.memberIdsOf(query.memberOfGroup)) : undefined;
  const tenantMembers =
    query.memberOfTenant !== undefined
      ? new Set(state.tenantMemberships.filter((membership) => membership.tenantId === query.memberOfTenant).map((membership) => membership.userId))
      : undefined;
  const readable = authentication === null ? undefined : queryVisibility(state, authentication, genericPermission('READ'), ResourceType.USER);
  const rows = state.users.filter(
    (user) =>
      (query.id === undefined || user.id === query.id) &&
      (ids === undefined || ids.has(user.id)) &&
      (query.firstName === undefined || user.firstName === query.firstName) &&
      (query.firstNameLike === undefined || likeMatches(user.firstName, query.firstNameLike)) &&
      (query.lastName === undefined || user.lastName === query.lastName) &&
      (query.lastNameLike === undefined || likeMatches(user.lastName, query.lastNameLike)) &&
      (query.email === undefined || user.email === query.email) &&
      (query.emailLike === undefined || likeMatches(user.email, query.emailLike)) &&
      (members === undefined || members.has(user.id)) &&
      (tenantMembers === undefined || tenantMembers.has(user.id)) &&
      // Candidate starters (identity links) are not simulated.
      query.potentialStarter === undefined &&
      (readable === undefined || readable(user.id)),
  );
  return { ok: true, value: sortRows(rows, order.value, userSortKey) };
}

function userQueryFromUrl(params: URLSearchParams): Result<UserQuery> {
  const parsed = parseQuery(params, USER_QUERY_PARAMS, USER_SORT_BY);
  if (!parsed.ok) return parsed;
  const values = parsed.query.values;
  const query: UserQuery = { sortBy: parsed.query.sortBy, sortOrder: parsed.query.sortOrder, sorting: [] };
  if (Array.isArray(values.idIn)) query.idIn = values.idIn;
  for (const name of USER_STRING_FILTERS) {
    const value = values[name];
    if (typeof value === 'string') query[name] = value;
  }
  return { ok: true, value: query };
}

// ---------------------------------------------------------------------------------------------
// Writes

/** GroupDto as Jackson binds it; null for a JSON `null` body. */
function bindGroupDto(body: unknown): Result<{ id?: string; name?: string; type?: string } | null> {
  if (body === null) return { ok: true, value: null };
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const dto = { id: fields.string('id'), name: fields.string('name'), type: fields.string('type') };
  return fields.failed ? { ok: false, response: invalidJsonBody() } : { ok: true, value: dto };
}

/** EnsureUtil.ensureWhitelistedResourceId(commandContext, "Group", id). */
function whitelistError(state: EngineState, id: string | null): Response | undefined {
  if (id === null) return nullPointer('Cannot invoke "java.lang.CharSequence.length()" because "this.text" is null');
  if (state.flavour.resourceIdWhitelist.test(id)) return undefined;
  return engineException('ProcessEngineException', `Group has an invalid id: '${id}' is not a valid resource identifier.`, 500);
}

/** AuthorizationManager.checkAuthorization: a 403 naming the one missing permission, or nothing. */
function checkPermission(
  state: EngineState,
  authentication: Authentication | null,
  name: string,
  resourceType: number,
  resourceId: string | null,
): Response | undefined {
  if (authentication === null) return undefined;
  if (isAuthorized(state, authentication, { permission: genericPermission(name), resourceType, resourceId })) return undefined;
  return authorizationDenied(authentication.userId, [missingAuthorization(name, resourceType, resourceId)]);
}

/** Removes, in place (tests may hold the arrays), every element the predicate picks. */
function removeWhere<T>(items: T[], predicate: (item: T) => boolean): void {
  let kept = 0;
  for (const item of items) {
    if (!predicate(item)) {
      items[kept] = item;
      kept += 1;
    }
  }
  items.length = kept;
}

// ---------------------------------------------------------------------------------------------
// Routes

export function registerIdentityRoutes(router: EngineRouter, state: EngineState): void {
  const authenticationFor = (context: RouteContext): Authentication | null => authenticationOf(state, context.authenticatedUserId);
  /** AbstractAuthorizedRestResource.isAuthorized: true without an authenticated user. */
  const linkAllowed = (context: RouteContext, name: string, resourceType: number, resourceId: string): boolean => {
    const authentication = authenticationFor(context);
    return authentication === null || isAuthorized(state, authentication, { permission: genericPermission(name), resourceType, resourceId });
  };
  /** GroupResourceImpl.findGroupObject: the (READ-filtered) group query by id. */
  const lookupGroup = (context: RouteContext, id: string): GroupRecord | undefined => {
    const found = runGroupQuery(state, { id, sorting: [] }, authenticationFor(context));
    return found.ok ? found.value[0] : undefined;
  };

  // --- /group queries

  const groupsFromUrl = (context: RouteContext): Result<GroupRecord[]> => {
    const parsed = groupQueryFromUrl(context.url.searchParams);
    if (!parsed.ok) return parsed;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    return runGroupQuery(state, parsed.value, authenticationFor(context), tieBreaker(state, context.url.searchParams));
  };

  /** POST /group(/count): the body, then (list only) the paging parameters, then the engine, then the query. */
  const groupsFromBody = async (context: RouteContext, paged: boolean): Promise<Result<{ groups: GroupRecord[]; paging: Paging }>> => {
    const body = await readJsonBody(context.request);
    if (!body.ok) return body;
    const parsed = groupQueryFromBody(body.body);
    if (!parsed.ok) return parsed;
    const paging = paged ? parsePaging(context.url.searchParams) : { ok: true as const, paging: {} };
    if (!paging.ok) return paging;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    const groups = runGroupQuery(state, parsed.value, authenticationFor(context), tieBreaker(state, context.url.searchParams));
    return groups.ok ? { ok: true, value: { groups: groups.value, paging: paging.paging } } : groups;
  };

  router.add(
    'get',
    '/group',
    (context) => {
      // JAX-RS converts @QueryParam firstResult/maxResults before the method builds the DTO.
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = groupsFromUrl(context);
      return result.ok ? pagedJson(state, context, result.value, paging.paging, groupDto) : result.response;
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/group',
    async (context) => {
      // The body parameter comes first in the method signature, the paging parameters after it.
      const result = await groupsFromBody(context, true);
      return result.ok ? pagedJson(state, context, result.value.groups, result.value.paging, groupDto) : result.response;
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/group/count',
    (context) => {
      const result = groupsFromUrl(context);
      return result.ok ? json({ count: result.value.length }) : result.response;
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/group/count',
    async (context) => {
      const result = await groupsFromBody(context, false);
      return result.ok ? json({ count: result.value.groups.length }) : result.response;
    },
    { engineCheck: 'manual' },
  );

  // --- /group/create

  router.add(
    'post',
    '/group/create',
    async (context) => {
      const read = await readJsonBody(context.request);
      if (!read.ok) return read.response;
      const bound = bindGroupDto(read.body);
      if (!bound.ok) return bound.response;
      const engineError = context.engineError();
      if (engineError) return engineError;
      const dto = bound.value;
      if (dto === null) return nullPointer(`Cannot invoke "${state.javaClass(REST_DTO)}.GroupDto.getId()" because "groupDto" is null`);
      // CreateGroupCmd: ensureNotNull("groupId", groupId).
      if (dto.id === undefined) return engineException('NullValueException', 'groupId is null', 500);
      const whitelist = whitelistError(state, dto.id);
      if (whitelist) return whitelist;
      const denied = checkPermission(state, authenticationFor(context), 'CREATE', ResourceType.GROUP, null);
      if (denied) return denied;
      if (state.findGroup(dto.id) !== undefined) return engineException('BadUserRequestException', 'The group already exists', 400);
      state.groups.push({ id: dto.id, name: dto.name ?? null, type: dto.type ?? null, revision: 1 });
      // DefaultAuthorizationProvider.newGroup: the members may READ their group.
      state.authorizations.push({
        id: state.nextId(),
        type: AuthorizationType.GRANT,
        permissions: ['READ'],
        userId: null,
        groupId: dto.id,
        resourceType: ResourceType.GROUP,
        resourceId: dto.id,
        removalTime: null,
        rootProcessInstanceId: null,
      });
      return noContent();
    },
    { engineCheck: 'manual' },
  );

  router.add('options', '/group', (context) => {
    const base = `${context.engineBaseUrl}/group`;
    const links: AtomLink[] = [
      { method: 'GET', href: base, rel: 'list' },
      { method: 'GET', href: `${base}/count`, rel: 'count' },
    ];
    if (linkAllowed(context, 'CREATE', ResourceType.GROUP, '*')) links.push({ method: 'POST', href: `${base}/create`, rel: 'create' });
    return json({ links });
  });

  // --- /group/{id}

  router.add('get', '/group/:id', (context) => {
    const id = context.params.id ?? '';
    const group = lookupGroup(context, id);
    return group === undefined ? groupNotFound(id) : json(groupDto(group));
  });

  router.add('put', '/group/:id', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    const bound = bindGroupDto(read.body);
    if (!bound.ok) return bound.response;
    const id = context.params.id ?? '';
    const group = lookupGroup(context, id);
    if (group === undefined) return groupNotFound(id);
    const dto = bound.value;
    if (dto === null)
      return nullPointer(`Cannot invoke "${state.javaClass(REST_DTO)}.GroupDto.update(${state.javaClass('engine.identity.Group')})" because "group" is null`);
    // GroupDto.update: every field replaced, absent ones with null.
    const newId = dto.id ?? null;
    const whitelist = whitelistError(state, newId);
    if (whitelist) return whitelist;
    const denied = checkPermission(state, authenticationFor(context), 'UPDATE', ResourceType.GROUP, newId);
    if (denied) return denied;
    const revision = group.revision ?? 1;
    // UPDATE ACT_ID_GROUP ... WHERE ID_ = <new id> AND REV_ = <revision read>.
    const target = newId === group.id ? group : state.findGroup(newId ?? '');
    if (target === undefined || (target.revision ?? 1) !== revision) {
      return engineException(
        'OptimisticLockingException',
        `ENGINE-03005 Execution of 'UPDATE GroupEntity[${String(newId)}]' failed. Entity was updated by another transaction concurrently.`,
        500,
        1,
      );
    }
    target.name = dto.name ?? null;
    target.type = dto.type ?? null;
    target.revision = revision + 1;
    return noContent();
  });

  router.add('delete', '/group/:id', (context) => {
    const id = context.params.id ?? '';
    const authentication = authenticationFor(context);
    const denied =
      checkPermission(state, authentication, 'DELETE', ResourceType.GROUP, id) ??
      // findGroupById checks READ before it looks.
      checkPermission(state, authentication, 'READ', ResourceType.GROUP, id);
    if (denied) return denied;
    if (state.findGroup(id) !== undefined) {
      removeWhere(state.memberships, (membership) => membership.groupId === id);
      forgetGroupInTenants(state, id);
      removeWhere(state.authorizations, (auth) => auth.resourceType === ResourceType.GROUP && auth.resourceId === id);
      removeWhere(state.groups, (group) => group.id === id);
    }
    return noContent();
  });

  router.add('options', '/group/:id', (context) => {
    // Like the engine, this does not check that the group exists.
    const id = context.params.id ?? '';
    const href = `${context.engineBaseUrl}/group/${uriBuilderPath(id)}`;
    const links: AtomLink[] = [{ method: 'GET', href, rel: 'self' }];
    if (linkAllowed(context, 'DELETE', ResourceType.GROUP, id)) links.push({ method: 'DELETE', href, rel: 'delete' });
    if (linkAllowed(context, 'UPDATE', ResourceType.GROUP, id)) links.push({ method: 'PUT', href, rel: 'update' });
    return json({ links });
  });

  // --- /group/{id}/members

  router.add('options', '/group/:id/members', (context) => {
    const id = context.params.id ?? '';
    const href = `${context.engineBaseUrl}/group/${uriBuilderPath(id)}/members`;
    const links: AtomLink[] = [];
    if (linkAllowed(context, 'DELETE', ResourceType.GROUP_MEMBERSHIP, id)) links.push({ method: 'DELETE', href, rel: 'delete' });
    if (linkAllowed(context, 'CREATE', ResourceType.GROUP_MEMBERSHIP, id)) links.push({ method: 'PUT', href, rel: 'create' });
    return json({ links });
  });

  router.add('put', '/group/:id/members/:userId', (context) => {
    const groupId = context.params.id ?? '';
    const userId = context.params.userId ?? '';
    const authentication = authenticationFor(context);
    // DbIdentityServiceProvider.createMembership.
    const denied =
      checkPermission(state, authentication, 'CREATE', ResourceType.GROUP_MEMBERSHIP, groupId) ??
      checkPermission(state, authentication, 'READ', ResourceType.USER, userId);
    if (denied) return denied;
    if (state.findUser(userId) === undefined) return engineException('NullValueException', `No user found with id '${userId}'.: user is null`, 500);
    const readGroup = checkPermission(state, authentication, 'READ', ResourceType.GROUP, groupId);
    if (readGroup) return readGroup;
    if (state.findGroup(groupId) === undefined) return engineException('NullValueException', `No group found with id '${groupId}'.: group is null`, 500);
    if (state.hasMembership(userId, groupId)) return engineException('ProcessEnginePersistenceException', PERSISTENCE_EXCEPTION_MESSAGE, 500);
    state.memberships.push({ userId, groupId });
    return noContent();
  });

  router.add('delete', '/group/:id/members/:userId', (context) => {
    const groupId = context.params.id ?? '';
    const userId = context.params.userId ?? '';
    const denied = checkPermission(state, authenticationFor(context), 'DELETE', ResourceType.GROUP_MEMBERSHIP, groupId);
    if (denied) return denied;
    if (state.hasMembership(userId, groupId)) {
      // deleteAuthorizationsForUser(GROUP_MEMBERSHIP, groupId, userId): the removed user's only.
      removeWhere(state.authorizations, (auth) => auth.resourceType === ResourceType.GROUP_MEMBERSHIP && auth.resourceId === groupId && auth.userId === userId);
      removeWhere(state.memberships, (membership) => membership.userId === userId && membership.groupId === groupId);
    }
    return noContent();
  });

  // --- /user

  const usersFromUrl = (context: RouteContext): Result<UserRecord[]> => {
    const parsed = userQueryFromUrl(context.url.searchParams);
    if (!parsed.ok) return parsed;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    return runUserQuery(state, parsed.value, authenticationFor(context));
  };

  router.add(
    'get',
    '/user',
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = usersFromUrl(context);
      return result.ok ? pagedJson(state, context, result.value, paging.paging, userProfileDto) : result.response;
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'get',
    '/user/count',
    (context) => {
      const result = usersFromUrl(context);
      return result.ok ? json({ count: result.value.length }) : result.response;
    },
    { engineCheck: 'manual' },
  );

  router.add('options', '/user', (context) => {
    const base = `${context.engineBaseUrl}/user`;
    const links: AtomLink[] = [
      { method: 'GET', href: base, rel: 'list' },
      { method: 'GET', href: `${base}/count`, rel: 'count' },
    ];
    // UserRestServiceImpl.availableOperations: no create link from a read-only provider (users.ts).
    if (!state.identityReadOnly && linkAllowed(context, 'CREATE', ResourceType.USER, '*'))
      links.push({ method: 'POST', href: `${base}/create`, rel: 'create' });
    return json({ links });
  });
}
