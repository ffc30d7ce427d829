// The engine's authorization model in one place: the permission enums per resource type, how an
// authorization stores its permissions (one int, PERMS_), and how a permission check is decided.
//
// Sources (camunda-bpm-platform 7.24): ENG/authorization/{Permissions,ProcessDefinitionPermissions,
// TaskPermissions,ProcessInstancePermissions,BatchPermissions,UserOperationLogCategoryPermissions,
// OptimizePermissions,HistoricTaskPermissions,HistoricProcessInstancePermissions,SystemPermissions}.java,
// ENG/impl/util/{ResourceTypeUtil,PermissionConverter}.java, ENG/impl/persistence/entity/
// {AuthorizationEntity,AuthorizationManager}.java, the `authCheck` SQL of mapping/entity/Authorization.xml,
// ENG/AuthorizationException.java and ENG/impl/db/EnginePersistenceLogger.java.
//
// How a check is decided (Authorization.xml#authCheck, the first matching line wins):
//   1. the user's own GRANT on the resource id, then the user's own REVOKE on it,
//   2. the user's own GRANT on '*', then the user's own REVOKE on '*',
//   3. the same four for the GRANTs/REVOKEs of the user's groups,
//   4. the same four for the GLOBAL authorizations (type 0, userId '*'),
//   5. nothing matched: not authorized.
// So the user level beats the group level beats the global level, a specific resource id beats '*'
// within a level, and on the same line a GRANT beats a REVOKE ("A Group GRANT authorization precedes
// over a Group REVOKE authorization", docs: user-guide/process-engine/authorization-service.md).
// A GRANT matches when it has every bit of the permission, a REVOKE when it lacks one. REVOKE lines
// only run when revoke checks are on (authorizationCheckRevokes "auto": some REVOKE exists for the
// user, '*' or one of the groups). Members of the admin group get no shortcut here: they are
// authorized by the seeded ALL grants, as on a real engine (the admin group only matters for the
// admin-only operations: `isCamundaAdmin`, `requiredAdminBody`).
import { json } from './handlers.js';
import type { AuthorizationRecord, EngineState } from './state.js';
import { AuthorizationType, ResourceType } from './state.js';

export interface PermissionDefinition {
  name: string;
  /** The bit (Permission.getValue()); ALL is Integer.MAX_VALUE, NONE 0. */
  value: number;
  /** Resource types the permission applies to (Permission.getTypes()). */
  resourceTypes: readonly number[];
}

/** Permissions.ALL.getValue(): Integer.MAX_VALUE. */
export const ALL_PERMISSIONS = 0x7fffffff;

const KNOWN_RESOURCE_TYPES: readonly number[] = Object.values(ResourceType);

/** Resources enum constant per type, as ResourceTypeUtil prints it in the 400 message. */
export const RESOURCE_CONSTANTS: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(ResourceType).map(([constant, type]) => [type, constant]),
);

/** Resource.resourceName() per type (EntityTypes), as 403 bodies name resources; 17 keeps the upstream typo. */
export const RESOURCE_NAMES: Readonly<Record<number, string>> = {
  0: 'Application',
  1: 'User',
  2: 'Group',
  3: 'Group membership',
  4: 'Authorization',
  5: 'Filter',
  6: 'ProcessDefinition',
  7: 'Task',
  8: 'ProcessInstance',
  9: 'Deployment',
  10: 'DecisionDefinition',
  11: 'Tenant',
  12: 'TenantMembership',
  13: 'Batch',
  14: 'DecisionRequirementsDefinition',
  15: 'Report',
  16: 'Dashboard',
  17: 'OperationLogCatgeory',
  18: 'Optimize',
  19: 'HistoricTask',
  20: 'HistoricProcessInstance',
  21: 'System',
};

const T = ResourceType;

/** The generic Permissions enum in declaration order, each with its resource set. */
const GENERIC_PERMISSIONS: readonly PermissionDefinition[] = [
  { name: 'NONE', value: 0, resourceTypes: KNOWN_RESOURCE_TYPES },
  { name: 'ALL', value: ALL_PERMISSIONS, resourceTypes: KNOWN_RESOURCE_TYPES },
  {
    name: 'READ',
    value: 2,
    resourceTypes: [
      T.AUTHORIZATION,
      T.BATCH,
      T.DASHBOARD,
      T.DECISION_DEFINITION,
      T.DECISION_REQUIREMENTS_DEFINITION,
      T.DEPLOYMENT,
      T.FILTER,
      T.GROUP,
      T.PROCESS_DEFINITION,
      T.PROCESS_INSTANCE,
      T.REPORT,
      T.TASK,
      T.TENANT,
      T.USER,
    ],
  },
  {
    name: 'UPDATE',
    value: 4,
    resourceTypes: [
      T.AUTHORIZATION,
      T.BATCH,
      T.DASHBOARD,
      T.DECISION_DEFINITION,
      T.FILTER,
      T.GROUP,
      T.PROCESS_DEFINITION,
      T.PROCESS_INSTANCE,
      T.REPORT,
      T.TASK,
      T.TENANT,
      T.USER,
    ],
  },
  {
    name: 'CREATE',
    value: 8,
    resourceTypes: [
      T.AUTHORIZATION,
      T.BATCH,
      T.DASHBOARD,
      T.DEPLOYMENT,
      T.FILTER,
      T.GROUP,
      T.GROUP_MEMBERSHIP,
      T.PROCESS_INSTANCE,
      T.REPORT,
      T.TASK,
      T.TENANT,
      T.TENANT_MEMBERSHIP,
      T.USER,
    ],
  },
  {
    name: 'DELETE',
    value: 16,
    resourceTypes: [
      T.AUTHORIZATION,
      T.BATCH,
      T.DASHBOARD,
      T.DEPLOYMENT,
      T.FILTER,
      T.GROUP,
      T.GROUP_MEMBERSHIP,
      T.PROCESS_DEFINITION,
      T.PROCESS_INSTANCE,
      T.REPORT,
      T.TASK,
      T.TENANT,
      T.TENANT_MEMBERSHIP,
      T.USER,
    ],
  },
  { name: 'ACCESS', value: 32, resourceTypes: [T.APPLICATION] },
  { name: 'READ_TASK', value: 64, resourceTypes: [T.PROCESS_DEFINITION] },
  { name: 'UPDATE_TASK', value: 128, resourceTypes: [T.PROCESS_DEFINITION] },
  { name: 'CREATE_INSTANCE', value: 256, resourceTypes: [T.DECISION_DEFINITION, T.PROCESS_DEFINITION] },
  { name: 'READ_INSTANCE', value: 512, resourceTypes: [T.PROCESS_DEFINITION] },
  { name: 'UPDATE_INSTANCE', value: 1024, resourceTypes: [T.PROCESS_DEFINITION] },
  { name: 'DELETE_INSTANCE', value: 2048, resourceTypes: [T.PROCESS_DEFINITION] },
  { name: 'READ_HISTORY', value: 4096, resourceTypes: [T.BATCH, T.DECISION_DEFINITION, T.PROCESS_DEFINITION, T.TASK] },
  { name: 'DELETE_HISTORY', value: 8192, resourceTypes: [T.BATCH, T.DECISION_DEFINITION, T.PROCESS_DEFINITION] },
  { name: 'TASK_WORK', value: 16384, resourceTypes: [T.PROCESS_DEFINITION, T.TASK] },
  { name: 'TASK_ASSIGN', value: 32768, resourceTypes: [T.PROCESS_DEFINITION, T.TASK] },
  { name: 'MIGRATE_INSTANCE', value: 65536, resourceTypes: [T.PROCESS_DEFINITION] },
];

/** A resource-specific enum: NONE, ALL, then `entries` in declaration order, all for that one type. */
function specificEnum(resourceType: number, entries: readonly [string, number][]): readonly PermissionDefinition[] {
  return [['NONE', 0] as const, ['ALL', ALL_PERMISSIONS] as const, ...entries].map(([name, value]) => ({ name, value, resourceTypes: [resourceType] }));
}

/** ResourceTypeUtil.PERMISSION_ENUMS: the types with their own enum; every other type uses Permissions. */
const SPECIFIC_PERMISSIONS: Readonly<Record<number, readonly PermissionDefinition[]>> = {
  [T.PROCESS_DEFINITION]: specificEnum(T.PROCESS_DEFINITION, [
    ['READ', 2],
    ['UPDATE', 4],
    ['DELETE', 16],
    ['READ_TASK', 64],
    ['UPDATE_TASK', 128],
    ['CREATE_INSTANCE', 256],
    ['READ_INSTANCE', 512],
    ['UPDATE_INSTANCE', 1024],
    ['DELETE_INSTANCE', 2048],
    ['READ_HISTORY', 4096],
    ['DELETE_HISTORY', 8192],
    ['TASK_WORK', 16384],
    ['TASK_ASSIGN', 32768],
    ['MIGRATE_INSTANCE', 65536],
    ['RETRY_JOB', 32],
    ['SUSPEND', 1048576],
    ['SUSPEND_INSTANCE', 131072],
    ['UPDATE_INSTANCE_VARIABLE', 262144],
    ['UPDATE_TASK_VARIABLE', 524288],
    ['READ_INSTANCE_VARIABLE', 2097152],
    ['READ_HISTORY_VARIABLE', 4194304],
    ['READ_TASK_VARIABLE', 8388608],
    ['UPDATE_HISTORY', 16777216],
  ]),
  [T.TASK]: specificEnum(T.TASK, [
    ['READ', 2],
    ['UPDATE', 4],
    ['CREATE', 8],
    ['DELETE', 16],
    ['READ_HISTORY', 4096],
    ['TASK_WORK', 16384],
    ['TASK_ASSIGN', 32768],
    ['UPDATE_VARIABLE', 32],
    ['READ_VARIABLE', 64],
  ]),
  [T.PROCESS_INSTANCE]: specificEnum(T.PROCESS_INSTANCE, [
    ['READ', 2],
    ['UPDATE', 4],
    ['CREATE', 8],
    ['DELETE', 16],
    ['RETRY_JOB', 32],
    ['SUSPEND', 64],
    ['UPDATE_VARIABLE', 128],
  ]),
  [T.BATCH]: specificEnum(T.BATCH, [
    ['READ', 2],
    ['UPDATE', 4],
    ['CREATE', 8],
    ['DELETE', 16],
    ['READ_HISTORY', 4096],
    ['DELETE_HISTORY', 8192],
    ['CREATE_BATCH_MIGRATE_PROCESS_INSTANCES', 32],
    ['CREATE_BATCH_MODIFY_PROCESS_INSTANCES', 64],
    ['CREATE_BATCH_RESTART_PROCESS_INSTANCES', 128],
    ['CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES', 256],
    ['CREATE_BATCH_DELETE_FINISHED_PROCESS_INSTANCES', 512],
    ['CREATE_BATCH_DELETE_DECISION_INSTANCES', 1024],
    ['CREATE_BATCH_SET_JOB_RETRIES', 2048],
    ['CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES', 16384],
    ['CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND', 32768],
    ['CREATE_BATCH_SET_REMOVAL_TIME', 65536],
    ['CREATE_BATCH_SET_VARIABLES', 131072],
    ['CREATE_BATCH_CORRELATE_MESSAGE', 262144],
  ]),
  [T.OPERATION_LOG_CATEGORY]: specificEnum(T.OPERATION_LOG_CATEGORY, [
    ['READ', 2],
    ['UPDATE', 4],
    ['DELETE', 16],
  ]),
  [T.OPTIMIZE]: specificEnum(T.OPTIMIZE, [
    ['EDIT', 2],
    ['SHARE', 4],
  ]),
  [T.HISTORIC_TASK]: specificEnum(T.HISTORIC_TASK, [
    ['READ', 2],
    ['READ_VARIABLE', 64],
  ]),
  [T.HISTORIC_PROCESS_INSTANCE]: specificEnum(T.HISTORIC_PROCESS_INSTANCE, [['READ', 2]]),
  [T.SYSTEM]: specificEnum(T.SYSTEM, [
    ['READ', 2],
    ['SET', 4],
    ['DELETE', 8],
  ]),
};

/** ResourceTypeUtil.getPermissionsByResourceType: the type's own enum, else (unknown types too) Permissions. */
export function permissionsOf(resourceType: number): readonly PermissionDefinition[] {
  return SPECIFIC_PERMISSIONS[resourceType] ?? GENERIC_PERMISSIONS;
}

/** A permission of the generic Permissions enum (READ on AUTHORIZATION and the like). */
export function genericPermission(name: string): PermissionDefinition {
  const permission = GENERIC_PERMISSIONS.find((candidate) => candidate.name === name);
  if (permission === undefined) throw new Error(`no generic permission ${name}`);
  return permission;
}

export type PermissionLookup = { ok: true; permission: PermissionDefinition } | { ok: false; message: string };

/**
 * ResourceTypeUtil.getPermissionByNameAndResourceType (the REST layer's name check): exact, case-sensitive
 * names of the type's enum; a failure is a BadUserRequestException (400) naming the Resources constant,
 * or 'null' for a type no Resources constant has.
 */
export function permissionForName(name: string | null, resourceType: number): PermissionLookup {
  const permission = permissionsOf(resourceType).find((candidate) => candidate.name === name);
  if (permission !== undefined) return { ok: true, permission };
  return { ok: false, message: `The permission '${String(name)}' is not valid for '${RESOURCE_CONSTANTS[resourceType] ?? 'null'}' resource type.` };
}

/** ResourceTypeUtil.resourceIsContainedInArray(resourceType, permission.getTypes()). */
export function permissionAppliesTo(permission: PermissionDefinition, resourceType: number): boolean {
  return permission.resourceTypes.includes(resourceType);
}

/** ENGINE-03087 (AuthorizationManager.validateResourceCompatibility on save): a 400 BadUserRequestException. */
export function invalidResourceForAuthorizationMessage(resourceType: number, permissionName: string): string {
  return `ENGINE-03087 The resource type with id:'${resourceType}' is not valid for '${permissionName}' permission.`;
}

/** ENGINE-03086 (AuthorizationManager.isAuthorized): the check's permission does not apply to the resource. */
export function invalidResourceForPermissionMessage(resourceName: string, permissionName: string): string {
  return `ENGINE-03086 The resource type '${resourceName}' is not valid for '${permissionName}' permission.`;
}

// ---------------------------------------------------------------------------------------------
// Stored permissions: AuthorizationEntity.permissions (one int) and the names the DTO shows

/**
 * AuthorizationEntity.setPermissions: reset to NONE (GLOBAL, GRANT) or ALL (REVOKE), then add
 * (GLOBAL, GRANT) or remove (REVOKE) each permission.
 */
export function permissionBits(type: number, permissions: readonly PermissionDefinition[]): number {
  let bits = type === AuthorizationType.REVOKE ? ALL_PERMISSIONS : 0;
  for (const permission of permissions) {
    bits = type === AuthorizationType.REVOKE ? bits & ~permission.value : bits | permission.value;
  }
  return bits;
}

/**
 * PermissionConverter.getNamesForPermissions over AuthorizationEntity.getPermissions(the type's enum):
 * ['ALL'] when every bit is granted (GLOBAL, GRANT) or every bit revoked (REVOKE); otherwise the
 * granted (or revoked) permissions in enum order, NONE and ALL left out.
 */
export function permissionNames(type: number, resourceType: number, bits: number): string[] {
  if (type !== AuthorizationType.REVOKE && bits === ALL_PERMISSIONS) return ['ALL'];
  if (type === AuthorizationType.REVOKE && bits === 0) return ['ALL'];
  return permissionsOf(resourceType)
    .filter((permission) => permission.name !== 'NONE' && permission.name !== 'ALL')
    .filter((permission) => {
      const granted = (bits & permission.value) === permission.value;
      return type === AuthorizationType.REVOKE ? !granted : granted;
    })
    .map((permission) => permission.name);
}

/**
 * The PERMS_ column behind a record: its `permissions` names resolved against the enum of its resource
 * type (names the enum does not know are ignored), the inverse of `permissionNames`.
 */
export function storedBits(auth: Pick<AuthorizationRecord, 'type' | 'resourceType' | 'permissions'>): number {
  const known = permissionsOf(auth.resourceType);
  if (auth.permissions.includes('ALL')) return auth.type === AuthorizationType.REVOKE ? 0 : ALL_PERMISSIONS;
  const permissions = auth.permissions.flatMap((name) => known.filter((permission) => permission.name === name));
  return permissionBits(auth.type, permissions);
}

// ---------------------------------------------------------------------------------------------
// Checks

/** Identity.getCurrentAuthentication(): the user and its groups (the Basic auth filter loads them). */
export interface Authentication {
  userId: string;
  groupIds: string[];
}

/** The authentication of the user the Basic auth filter let in; null without one (no checks run then). */
export function authenticationOf(state: EngineState, userId: string | null): Authentication | null {
  return userId === null ? null : { userId, groupIds: state.groupIdsOf(userId) };
}

/** One atomic permission check: resourceId null or '*' checks the type as a whole. */
export interface PermissionCheck {
  permission: PermissionDefinition;
  resourceType: number;
  resourceId: string | null;
}

/** authorizationCheckRevokes "auto" (selectRevokeAuthorization): some REVOKE names the user, '*' or one of the groups. */
export function revokeChecksEnabled(state: EngineState, authentication: Authentication): boolean {
  return state.authorizations.some(
    (auth) =>
      auth.type === AuthorizationType.REVOKE &&
      ((auth.userId !== null && (auth.userId === authentication.userId || auth.userId === '*')) ||
        (auth.groupId !== null && authentication.groupIds.includes(auth.groupId))),
  );
}

/** Authorization.xml#authCheck for one level; undefined when no line of that level matches. */
function decideLevel(candidates: readonly AuthorizationRecord[], grantType: number, check: PermissionCheck, revokes: boolean): boolean | undefined {
  const value = check.permission.value;
  const specific = check.resourceId !== null && check.resourceId !== '*';
  const has = (auth: AuthorizationRecord): boolean => (storedBits(auth) & value) === value;
  // GLOBAL authorizations are their own "revokes": a type 0 row without the bit denies.
  const revokeType = grantType === AuthorizationType.GLOBAL ? AuthorizationType.GLOBAL : AuthorizationType.REVOKE;
  for (const resourceId of specific ? [check.resourceId, '*'] : ['*']) {
    const rows = candidates.filter((auth) => auth.resourceType === check.resourceType && auth.resourceId === resourceId);
    if (rows.some((auth) => auth.type === grantType && has(auth))) return true;
    if (revokes && rows.some((auth) => auth.type === revokeType && !has(auth))) return false;
  }
  return undefined;
}

/**
 * AuthorizationManager.isAuthorized(userId, groupIds, permissionCheck): AuthorizationService.isUserAuthorized,
 * the checks behind commands (checkAuthorization) and the OPTIONS links. Throws nothing: callers check
 * `permissionAppliesTo` first where the engine does (ENGINE-03086).
 */
export function isAuthorized(state: EngineState, authentication: Authentication, check: PermissionCheck): boolean {
  return decide(state.authorizations, authentication, check, revokeChecksEnabled(state, authentication));
}

/** The authCheck over `authorizations` (all of them, or a superset of the caller's rows on the checked type). */
function decide(authorizations: readonly AuthorizationRecord[], authentication: Authentication, check: PermissionCheck, revokes: boolean): boolean {
  const { userId, groupIds } = authentication;
  const userRows = authorizations.filter((auth) => auth.userId === userId);
  const groupRows = authorizations.filter((auth) => auth.groupId !== null && groupIds.includes(auth.groupId));
  const globalRows = authorizations.filter((auth) => auth.type === AuthorizationType.GLOBAL && auth.userId === '*');
  return (
    decideLevel(userRows, AuthorizationType.GRANT, check, revokes) ??
    (groupIds.length > 0 ? decideLevel(groupRows, AuthorizationType.GRANT, check, revokes) : undefined) ??
    decideLevel(globalRows, AuthorizationType.GLOBAL, check, revokes) ??
    false
  );
}

/**
 * `isVisibleInQuery` for every row of one query at once: the caller's authorizations on the resource
 * type are picked out once, so filtering n rows costs O(n + authorizations) instead of
 * O(n * authorizations) (100,000 groups or authorizations stay cheap). Same answers as
 * `isVisibleInQuery(state, authentication, { permission, resourceType, resourceId })` per row.
 */
export function queryVisibility(
  state: EngineState,
  authentication: Authentication,
  permission: PermissionDefinition,
  resourceType: number,
): (resourceId: string) => boolean {
  const { userId, groupIds } = authentication;
  const candidates = state.authorizations.filter(
    (auth) =>
      auth.resourceType === resourceType &&
      ((auth.userId !== null && (auth.userId === userId || auth.userId === '*')) || (auth.groupId !== null && groupIds.includes(auth.groupId))),
  );
  if (revokeChecksEnabled(state, authentication)) {
    return (resourceId) => decide(candidates, authentication, { permission, resourceType, resourceId }, true);
  }
  const value = permission.value;
  const granting = candidates.filter((auth) => auth.type !== AuthorizationType.REVOKE && (storedBits(auth) & value) === value);
  if (granting.some((auth) => auth.resourceId === '*')) return () => true;
  const ids = new Set(granting.map((auth) => auth.resourceId));
  return (resourceId) => ids.has(resourceId);
}

/**
 * The authorization check a query adds per row (AuthorizationManager.configureQuery: READ on the
 * row's id). With revoke checks on it is `isAuthorized`; without, the engine LEFT JOINs any
 * GLOBAL/GRANT row of the user, of '*' or of a group that has the bit on the row's id or '*'
 * (Authorization.xml#authCheckJoinWithoutOnClause), which also counts GRANTs to userId '*'.
 */
export function isVisibleInQuery(state: EngineState, authentication: Authentication, check: PermissionCheck): boolean {
  if (revokeChecksEnabled(state, authentication)) return isAuthorized(state, authentication, check);
  const value = check.permission.value;
  return state.authorizations.some(
    (auth) =>
      auth.type !== AuthorizationType.REVOKE &&
      ((auth.userId !== null && (auth.userId === authentication.userId || auth.userId === '*')) ||
        (auth.groupId !== null && authentication.groupIds.includes(auth.groupId))) &&
      auth.resourceType === check.resourceType &&
      (storedBits(auth) & value) === value &&
      (auth.resourceId === check.resourceId || auth.resourceId === '*'),
  );
}

/**
 * AuthorizationManager.isCamundaAdmin (Operaton: isOperatonAdmin) with the default adminGroups, the
 * flavour's admin group (camunda-admin; operaton-admin on Operaton), and no adminUsers.
 */
export function isCamundaAdmin(state: EngineState, authentication: Authentication): boolean {
  return authentication.groupIds.includes(state.flavour.adminGroup);
}

// ---------------------------------------------------------------------------------------------
// 403 bodies

/** MissingAuthorization(permissionName, resourceName(), resourceId). */
export interface MissingAuthorization {
  permissionName: string;
  resourceName: string;
  resourceId: string | null;
}

/** A missing authorization on one of the built-in resource types. */
export function missingAuthorization(permissionName: string, resourceType: number, resourceId: string | null): MissingAuthorization {
  return { permissionName, resourceName: RESOURCE_NAMES[resourceType] ?? String(resourceType), resourceId };
}

/** AuthorizationException.generateMissingAuthorizationMessage. */
function describeMissing({ permissionName, resourceName, resourceId }: MissingAuthorization): string {
  return `'${permissionName}' permission on resource '${resourceId !== null ? `${resourceId}' of type '` : ''}${resourceName}'`;
}

/** The AuthorizationExceptionDto of a body the engine serializes for an AuthorizationException. */
export interface AuthorizationExceptionBody {
  type: 'AuthorizationException';
  message: string;
  code: number;
  userId: string | null;
  resourceName: string | null;
  resourceId: string | null;
  permissionName: string | null;
  missingAuthorizations: MissingAuthorization[];
}

function exceptionDto(message: string, userId: string | null, missing: readonly MissingAuthorization[]): AuthorizationExceptionBody {
  // The deprecated top-level fields are only filled for exactly one missing authorization.
  const single = missing.length === 1 ? missing[0] : undefined;
  return {
    type: 'AuthorizationException',
    message,
    code: 0,
    userId,
    resourceName: single?.resourceName ?? null,
    resourceId: single?.resourceId ?? null,
    permissionName: single?.permissionName ?? null,
    missingAuthorizations: missing.map((entry) => ({ ...entry })),
  };
}

/**
 * AuthorizationException(userId, missingAuthorizations) as AuthorizationExceptionDto (auth-denied-group-create.json):
 * one missing authorization reads "The user with id 'u' does not have 'P' permission on resource 'R'."
 * (or "... on resource 'id' of type 'R'."), several "... does not have one of the following permissions:
 * 'P1' permission on resource ... or ..." without a final full stop.
 */
export function authorizationExceptionBody(userId: string, missing: readonly MissingAuthorization[]): AuthorizationExceptionBody {
  const [first] = missing;
  const message =
    missing.length === 1 && first !== undefined
      ? `The user with id '${userId}' does not have ${describeMissing(first)}.`
      : `The user with id '${userId}' does not have one of the following permissions: ${missing.map(describeMissing).join(' or ')}`;
  return exceptionDto(message, userId, missing);
}

/** 403 with the AuthorizationException body. */
export function authorizationDenied(userId: string, missing: readonly MissingAuthorization[]): Response {
  return json({ ...authorizationExceptionBody(userId, missing) }, 403);
}

/**
 * AuthorizationManager.checkAuthorization, for one check (checkAuthorization(permission, resource, id))
 * or a CompositePermissionCheck: nothing runs without an authenticated user (undefined). A disjunctive
 * composite (the PermissionCheckBuilder default) passes when one of its checks does, a conjunctive one
 * when all do. Otherwise the 403 AuthorizationException lists EVERY check of the composite, the granted
 * ones included (getAllPermissionChecks), so a failing composite of two reads "one of the following
 * permissions: ... or ...". Members of camunda-admin get no shortcut (they pass by their ALL grants).
 * The permissions must apply to their resource types (ENGINE-03086 is not modelled here).
 */
export function checkAuthorization(
  state: EngineState,
  authentication: Authentication | null,
  checks: readonly PermissionCheck[],
  mode: 'disjunctive' | 'conjunctive' = 'disjunctive',
): Response | undefined {
  if (authentication === null) return undefined;
  const passes = (check: PermissionCheck): boolean => isAuthorized(state, authentication, check);
  if (mode === 'conjunctive' ? checks.every(passes) : checks.some(passes)) return undefined;
  const missing = checks.map((check) => missingAuthorization(check.permission.name, check.resourceType, check.resourceId));
  return authorizationDenied(authentication.userId, missing);
}

/**
 * A permission of a resource type's own enum by name (BatchPermissions.CREATE_BATCH_MIGRATE_PROCESS_INSTANCES
 * and the like); throws for a name the enum does not have (a programming error, not a request error).
 */
export function permissionOf(name: string, resourceType: number): PermissionDefinition {
  const lookup = permissionForName(name, resourceType);
  if (!lookup.ok) throw new Error(lookup.message);
  return lookup.permission;
}

/**
 * ENGINE-03029 / ENGINE-03110 (EnginePersistenceLogger.requiredCamundaAdminOrPermissionException): an
 * admin-only operation. The exception is built from the message alone, so `userId` is null and
 * `missingAuthorizations` empty even when the message lists the permissions that would also do.
 */
export function requiredAdminBody(missing: readonly MissingAuthorization[] = []): AuthorizationExceptionBody {
  const message =
    missing.length === 0
      ? 'ENGINE-03029 Required admin authenticated group or user.'
      : `ENGINE-03110 Required admin authenticated group or user or any of the following permissions: ${missing.map(describeMissing).join(' or ')}.`;
  return exceptionDto(message, null, []);
}
