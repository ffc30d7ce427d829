// /tenant (query, count, get, create, update, delete, user and group members, OPTIONS), like
// TenantRestServiceImpl, TenantResourceImpl, TenantUserMembersResourceImpl and
// TenantGroupMembersResourceImpl (7.24) with the engine behind them: TenantQueryDto (GET only: no
// POST query, no idIn; sortBy id or name), TenantDto.update (sets id AND name from the body),
// SaveTenantCmd (EnsureUtil.ensureWhitelistedResourceId "Tenant"), IdentityServiceImpl.saveTenant,
// DbIdentityServiceProvider, DbReadOnlyIdentityServiceProvider and DefaultAuthorizationProvider.
//
// With the Basic auth filter on, the caller is the engine's current authentication and, like the
// engine with authorization checks enabled:
//   * the tenant query (list, count, and the lookups behind GET/PUT /tenant/{id}) only sees tenants the
//     caller may READ (TENANT 11); an unreadable tenant is a 404 "Tenant with id X does not exist";
//   * POST /tenant/create wants CREATE on TENANT (resource id null), PUT UPDATE on the (new) id,
//     DELETE DELETE on the id (deleteTenant checks it, then findTenantById READ);
//   * memberships want CREATE/DELETE on TENANT_MEMBERSHIP (12) with the tenant id as resource id;
//     adding also READ on the TENANT (findTenantById), then READ on the USER or GROUP.
//
// POST /tenant/create, in the engine's order: Jackson binds TenantDto (400, empty message); a null
// body: NullPointerException (500); no id: NullValueException "tenantId is null" (500);
// an id outside the whitelist: ProcessEngineException "Tenant has an invalid id: 'x' is not a valid
// resource identifier." (500); CREATE on TENANT (403); an existing id: the insert's constraint
// violation, BadUserRequestException "The tenant already exists" (400, IdentityServiceImpl.saveTenant).
// DefaultAuthorizationProvider.newTenant adds no authorization.
//
// PUT /tenant/{id}: as PUT /group/{id} (identity.ts): a body without id is a NullPointerException, a
// body with another id an OptimisticLockingException unless that tenant exists at the same revision.
// Adding a membership: NullValueException "No tenant found with id 'x'.: tenant is null" or "No user
// found ..." / "No group found ..." (500); an existing membership, user or group: the primary key's
// generic ProcessEnginePersistenceException (500, code 0; checked on Camunda 7.24); then
// DefaultAuthorizationProvider.tenantMembershipCreated adds GRANT READ on TENANT <tenant> for the user
// or group; should that user or group already hold a GRANT on TENANT <tenant>, the unique constraint
// of ACT_RU_AUTHORIZATION fails the request the same way (500). That last case is inferred from the
// source; the other answers were checked on Camunda 7.24 (docs/engine-notes.md#tenants).
// Removing a membership (204, also for none): when it exists, the member's authorizations on TENANT
// <tenant> go, and (an engine quirk) every authorization on TENANT_MEMBERSHIP whose resource id is the
// user's or group's id. DELETE /tenant/{id} is 204 even for an unknown id; it removes the tenant's
// memberships and the authorizations on TENANT <id>.
import type { AtomLink, EngineRouter, RouteContext } from './handlers.js';
import {
  addListAndCount,
  compareNullable,
  compareStrings,
  engineQuery,
  exceptionBody,
  invalidJsonBody,
  invalidRequest,
  isJsonObject,
  json,
  JsonFields,
  likeMatches,
  noContent,
  queryReaders,
  readJsonBody,
  uriBuilderPath,
} from './handlers.js';
import { PERSISTENCE_EXCEPTION_MESSAGE } from './identity.js';
import { nullPointer } from './migration.js';
import { authenticationOf, checkAuthorization, genericPermission, isAuthorized, queryVisibility } from './permissions.js';
import type { Authentication } from './permissions.js';
import { AuthorizationType, ResourceType } from './state.js';
import type { EngineState, TenantRecord } from './state.js';

const REST_DTO = 'engine.rest.dto.identity';

export interface TenantDto {
  id: string;
  name: string | null;
}

export function tenantDto(tenant: TenantRecord): TenantDto {
  return { id: tenant.id, name: tenant.name };
}

function engineException(type: string, message: string, status: number, code = 0): Response {
  return json(exceptionBody(type, message, code), status);
}

function tenantNotFound(id: string): Response {
  return invalidRequest(404, `Tenant with id ${id} does not exist`);
}

// ---------------------------------------------------------------------------------------------
// The query

const TENANT_SORT_BY = ['id', 'name'] as const;

const TENANT_QUERY_PARAMS = {
  id: 'string',
  name: 'string',
  nameLike: 'string',
  userMember: 'string',
  groupMember: 'string',
  includingGroupsOfUser: 'boolean',
} as const;

/** The filters of TenantQueryDto. */
export interface TenantQuery {
  id?: string | undefined;
  name?: string | undefined;
  nameLike?: string | undefined;
  userMember?: string | undefined;
  groupMember?: string | undefined;
  includingGroupsOfUser?: boolean | undefined;
  sortBy?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/**
 * The engine's tenant query (Tenant.xml selectTenantByQueryCriteriaSql): filters, READ on TENANT for
 * an authenticated caller, ordering (by id unless sorted; ties by id). userMember matches the user's
 * own memberships, and with includingGroupsOfUser those of the user's groups too.
 */
export function runTenantQuery(state: EngineState, query: TenantQuery, authentication: Authentication | null): TenantRecord[] {
  const ofUser =
    query.userMember === undefined
      ? undefined
      : new Set(
          state.tenantMemberships
            .filter(
              (membership) =>
                membership.userId === query.userMember ||
                (query.includingGroupsOfUser === true && membership.groupId !== undefined && state.hasMembership(query.userMember!, membership.groupId)),
            )
            .map((membership) => membership.tenantId),
        );
  const ofGroup =
    query.groupMember === undefined
      ? undefined
      : new Set(state.tenantMemberships.filter((membership) => membership.groupId === query.groupMember).map((membership) => membership.tenantId));
  const readable = authentication === null ? undefined : queryVisibility(state, authentication, genericPermission('READ'), ResourceType.TENANT);
  const rows = state.tenants.filter(
    (tenant) =>
      (query.id === undefined || tenant.id === query.id) &&
      (query.name === undefined || tenant.name === query.name) &&
      (query.nameLike === undefined || likeMatches(tenant.name, query.nameLike)) &&
      (ofUser === undefined || ofUser.has(tenant.id)) &&
      (ofGroup === undefined || ofGroup.has(tenant.id)) &&
      (readable === undefined || readable(tenant.id)),
  );
  const direction = query.sortOrder === 'desc' ? -1 : 1;
  return rows.sort((a, b) => {
    if (query.sortBy === 'name') {
      const byName = compareNullable(a.name, b.name) * direction;
      if (byName !== 0) return byName;
      return compareStrings(a.id, b.id);
    }
    return compareStrings(a.id, b.id) * (query.sortBy === 'id' ? direction : 1);
  });
}

// ---------------------------------------------------------------------------------------------
// Writes

/** TenantDto as Jackson binds it; null for a JSON `null` body. */
function bindTenantDto(body: unknown): { ok: true; value: { id?: string; name?: string } | null } | { ok: false; response: Response } {
  if (body === null) return { ok: true, value: null };
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const dto = { id: fields.string('id'), name: fields.string('name') };
  return fields.failed ? { ok: false, response: invalidJsonBody() } : { ok: true, value: dto };
}

/** EnsureUtil.ensureWhitelistedResourceId(commandContext, "Tenant", id). */
function whitelistError(state: EngineState, id: string | null): Response | undefined {
  if (id === null) return nullPointer('Cannot invoke "java.lang.CharSequence.length()" because "this.text" is null');
  if (state.flavour.resourceIdWhitelist.test(id)) return undefined;
  return engineException('ProcessEngineException', `Tenant has an invalid id: '${id}' is not a valid resource identifier.`, 500);
}

function permission(state: EngineState, authentication: Authentication | null, name: string, resourceType: number, resourceId: string | null) {
  return checkAuthorization(state, authentication, [{ permission: genericPermission(name), resourceType, resourceId }]);
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

/**
 * What DbIdentityServiceProvider.deleteGroup does to tenants: the group's tenant memberships go, and
 * its authorizations on TENANT of those tenants. identity.ts calls it when a group is deleted.
 */
export function forgetGroupInTenants(state: EngineState, groupId: string): void {
  const tenantIds = new Set(state.tenantMemberships.filter((membership) => membership.groupId === groupId).map((membership) => membership.tenantId));
  removeWhere(state.tenantMemberships, (membership) => membership.groupId === groupId);
  removeWhere(
    state.authorizations,
    (auth) => auth.resourceType === ResourceType.TENANT && auth.groupId === groupId && auth.resourceId !== null && tenantIds.has(auth.resourceId),
  );
}

type MemberKind = 'user' | 'group';

// ---------------------------------------------------------------------------------------------
// Routes

export function registerTenantRoutes(router: EngineRouter, state: EngineState): void {
  const authenticationFor = (context: RouteContext): Authentication | null => authenticationOf(state, context.authenticatedUserId);
  const linkAllowed = (context: RouteContext, name: string, resourceType: number, resourceId: string): boolean => {
    const authentication = authenticationFor(context);
    return authentication === null || isAuthorized(state, authentication, { permission: genericPermission(name), resourceType, resourceId });
  };
  /** TenantResourceImpl.findTenantObject: the (READ-filtered) tenant query by id. */
  const lookupTenant = (context: RouteContext, id: string): TenantRecord | undefined => runTenantQuery(state, { id }, authenticationFor(context))[0];

  addListAndCount(router, state, '/tenant', (context) => {
    const parsed = engineQuery(context, TENANT_QUERY_PARAMS, TENANT_SORT_BY);
    if (!parsed.ok) return parsed;
    const { text, flag } = queryReaders(parsed.query.values);
    const query: TenantQuery = {
      id: text('id'),
      name: text('name'),
      nameLike: text('nameLike'),
      userMember: text('userMember'),
      groupMember: text('groupMember'),
      includingGroupsOfUser: flag('includingGroupsOfUser'),
      sortBy: parsed.query.sortBy,
      sortOrder: parsed.query.sortOrder,
    };
    return { ok: true, items: runTenantQuery(state, query, authenticationFor(context)).map(tenantDto) };
  });

  router.add(
    'post',
    '/tenant/create',
    async (context) => {
      const read = await readJsonBody(context.request);
      if (!read.ok) return read.response;
      const bound = bindTenantDto(read.body);
      if (!bound.ok) return bound.response;
      const engineError = context.engineError();
      if (engineError) return engineError;
      const dto = bound.value;
      // The captured 7.24 names the parameter <parameter1> (compiled without parameter names).
      if (dto === null) return nullPointer(`Cannot invoke "${state.javaClass(REST_DTO)}.TenantDto.getId()" because "<parameter1>" is null`);
      // CreateTenantCmd: ensureNotNull("tenantId", tenantId).
      if (dto.id === undefined) return engineException('NullValueException', 'tenantId is null', 500);
      const id = dto.id;
      const whitelist = whitelistError(state, id);
      if (whitelist) return whitelist;
      const denied = permission(state, authenticationFor(context), 'CREATE', ResourceType.TENANT, null);
      if (denied) return denied;
      if (state.tenants.some((tenant) => tenant.id === id)) return engineException('BadUserRequestException', 'The tenant already exists', 400);
      state.tenants.push({ id, name: dto.name ?? null, revision: 1 });
      return noContent();
    },
    { engineCheck: 'manual' },
  );

  router.add('options', '/tenant', (context) => {
    const base = `${context.engineBaseUrl}/tenant`;
    const links: AtomLink[] = [
      { method: 'GET', href: base, rel: 'list' },
      { method: 'GET', href: `${base}/count`, rel: 'count' },
    ];
    if (linkAllowed(context, 'CREATE', ResourceType.TENANT, '*')) links.push({ method: 'POST', href: `${base}/create`, rel: 'create' });
    return json({ links });
  });

  router.add('get', '/tenant/:id', (context) => {
    const id = context.params.id ?? '';
    const tenant = lookupTenant(context, id);
    return tenant === undefined ? tenantNotFound(id) : json(tenantDto(tenant));
  });

  router.add('put', '/tenant/:id', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    const bound = bindTenantDto(read.body);
    if (!bound.ok) return bound.response;
    const id = context.params.id ?? '';
    const tenant = lookupTenant(context, id);
    if (tenant === undefined) return tenantNotFound(id);
    const dto = bound.value;
    if (dto === null)
      return nullPointer(
        `Cannot invoke "${state.javaClass(REST_DTO)}.TenantDto.update(${state.javaClass('engine.identity.Tenant')})" because "<parameter1>" is null`,
      );
    const newId = dto.id ?? null;
    const whitelist = whitelistError(state, newId);
    if (whitelist) return whitelist;
    const denied = permission(state, authenticationFor(context), 'UPDATE', ResourceType.TENANT, newId);
    if (denied) return denied;
    const revision = tenant.revision ?? 1;
    const target = newId === tenant.id ? tenant : state.tenants.find((other) => other.id === newId);
    if (target === undefined || (target.revision ?? 1) !== revision) {
      return engineException(
        'OptimisticLockingException',
        `ENGINE-03005 Execution of 'UPDATE TenantEntity[${String(newId)}]' failed. Entity was updated by another transaction concurrently.`,
        500,
        1,
      );
    }
    target.name = dto.name ?? null;
    target.revision = revision + 1;
    return noContent();
  });

  router.add('delete', '/tenant/:id', (context) => {
    const id = context.params.id ?? '';
    const authentication = authenticationFor(context);
    const denied =
      permission(state, authentication, 'DELETE', ResourceType.TENANT, id) ??
      // findTenantById checks READ before it looks.
      permission(state, authentication, 'READ', ResourceType.TENANT, id);
    if (denied) return denied;
    if (state.tenants.some((tenant) => tenant.id === id)) {
      removeWhere(state.tenantMemberships, (membership) => membership.tenantId === id);
      removeWhere(state.authorizations, (auth) => auth.resourceType === ResourceType.TENANT && auth.resourceId === id);
      removeWhere(state.tenants, (tenant) => tenant.id === id);
    }
    return noContent();
  });

  router.add('options', '/tenant/:id', (context) => {
    // Like the engine, this does not check that the tenant exists.
    const id = context.params.id ?? '';
    const href = `${context.engineBaseUrl}/tenant/${uriBuilderPath(id)}`;
    const links: AtomLink[] = [{ method: 'GET', href, rel: 'self' }];
    if (linkAllowed(context, 'DELETE', ResourceType.TENANT, id)) links.push({ method: 'DELETE', href, rel: 'delete' });
    if (linkAllowed(context, 'UPDATE', ResourceType.TENANT, id)) links.push({ method: 'PUT', href, rel: 'update' });
    return json({ links });
  });

  for (const kind of ['user', 'group'] as const) registerMemberRoutes(router, state, kind, authenticationFor, linkAllowed);
}

function registerMemberRoutes(
  router: EngineRouter,
  state: EngineState,
  kind: MemberKind,
  authenticationFor: (context: RouteContext) => Authentication | null,
  linkAllowed: (context: RouteContext, name: string, resourceType: number, resourceId: string) => boolean,
): void {
  const path = `/tenant/:id/${kind}-members`;
  const isMember = (tenantId: string, memberId: string) =>
    state.tenantMemberships.some((membership) => membership.tenantId === tenantId && (kind === 'user' ? membership.userId : membership.groupId) === memberId);

  router.add('options', path, (context) => {
    const id = context.params.id ?? '';
    const href = `${context.engineBaseUrl}/tenant/${uriBuilderPath(id)}/${kind}-members`;
    const links: AtomLink[] = [];
    if (linkAllowed(context, 'DELETE', ResourceType.TENANT_MEMBERSHIP, id)) links.push({ method: 'DELETE', href, rel: 'delete' });
    if (linkAllowed(context, 'CREATE', ResourceType.TENANT_MEMBERSHIP, id)) links.push({ method: 'PUT', href, rel: 'create' });
    return json({ links });
  });

  router.add('put', `${path}/:memberId`, (context) => {
    const tenantId = context.params.id ?? '';
    const memberId = context.params.memberId ?? '';
    const authentication = authenticationFor(context);
    // DbIdentityServiceProvider.createTenantUserMembership / createTenantGroupMembership.
    const denied =
      permission(state, authentication, 'CREATE', ResourceType.TENANT_MEMBERSHIP, tenantId) ??
      permission(state, authentication, 'READ', ResourceType.TENANT, tenantId) ??
      permission(state, authentication, 'READ', kind === 'user' ? ResourceType.USER : ResourceType.GROUP, memberId);
    if (denied) return denied;
    if (!state.tenants.some((tenant) => tenant.id === tenantId))
      return engineException('NullValueException', `No tenant found with id '${tenantId}'.: tenant is null`, 500);
    const exists = kind === 'user' ? state.findUser(memberId) !== undefined : state.findGroup(memberId) !== undefined;
    if (!exists) return engineException('NullValueException', `No ${kind} found with id '${memberId}'.: ${kind} is null`, 500);
    const owner = kind === 'user' ? { userId: memberId, groupId: null } : { userId: null, groupId: memberId };
    const grantExists = state.authorizations.some(
      (auth) =>
        auth.type === AuthorizationType.GRANT &&
        auth.resourceType === ResourceType.TENANT &&
        auth.resourceId === tenantId &&
        auth.userId === owner.userId &&
        auth.groupId === owner.groupId,
    );
    if (isMember(tenantId, memberId) || grantExists) return engineException('ProcessEnginePersistenceException', PERSISTENCE_EXCEPTION_MESSAGE, 500);
    state.tenantMemberships.push(kind === 'user' ? { tenantId, userId: memberId } : { tenantId, groupId: memberId });
    // DefaultAuthorizationProvider.tenantMembershipCreated: the member may READ the tenant.
    state.authorizations.push({
      id: state.nextId(),
      type: AuthorizationType.GRANT,
      permissions: ['READ'],
      ...owner,
      resourceType: ResourceType.TENANT,
      resourceId: tenantId,
      removalTime: null,
      rootProcessInstanceId: null,
    });
    return noContent();
  });

  router.add('delete', `${path}/:memberId`, (context) => {
    const tenantId = context.params.id ?? '';
    const memberId = context.params.memberId ?? '';
    const denied = permission(state, authenticationFor(context), 'DELETE', ResourceType.TENANT_MEMBERSHIP, tenantId);
    if (denied) return denied;
    if (isMember(tenantId, memberId)) {
      const owned = (auth: { userId: string | null; groupId: string | null }) => (kind === 'user' ? auth.userId : auth.groupId) === memberId;
      removeWhere(state.authorizations, (auth) => auth.resourceType === ResourceType.TENANT_MEMBERSHIP && auth.resourceId === memberId);
      removeWhere(state.authorizations, (auth) => auth.resourceType === ResourceType.TENANT && auth.resourceId === tenantId && owned(auth));
      removeWhere(
        state.tenantMemberships,
        (membership) => membership.tenantId === tenantId && (kind === 'user' ? membership.userId : membership.groupId) === memberId,
      );
    }
    return noContent();
  });
}
