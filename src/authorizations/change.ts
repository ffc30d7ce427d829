/**
 * `auth update` without data loss. The engine's PUT overwrites userId, groupId and resourceId with
 * whatever the body holds (an omitted one becomes null) and needs resourceType whenever permissions
 * are sent (docs/engine-notes.md#authorization-update). So the change is applied to the authorization as it is now, and the
 * whole object is written back.
 */
import type { Authorization, AuthorizationUpdate } from '../engine/authorizations.js';
import { GLOBAL, parsePermissions, parseResourceType, type ResourceType, resourceTypeByCode, UNIVERSAL_PERMISSIONS } from '../catalogue/authorization.js';
import { UsageError } from '../exit-codes.js';

export interface AuthorizationChange {
  /** Replaces the whole set. */
  permissions?: string[] | undefined;
  addPermissions?: string[] | undefined;
  removePermissions?: string[] | undefined;
  user?: string | undefined;
  group?: string | undefined;
  resourceType?: string | undefined;
  resourceId?: string | undefined;
}

/** A desired state from --file: any subset of the writable fields (an `auth get -o yaml` works too). */
export interface DesiredState {
  id?: string | undefined;
  type?: number | undefined;
  permissions?: string[] | undefined;
  userId?: string | null | undefined;
  groupId?: string | null | undefined;
  resourceType?: number | string | undefined;
  resourceId?: string | null | undefined;
}

/** The permission set as a set of names, ALL expanded, NONE empty, for comparing and editing. */
function expand(permissions: readonly string[], type: ResourceType | undefined): Set<string> {
  if (permissions.includes('ALL')) return new Set(type?.permissions ?? ['ALL']);
  return new Set(permissions.filter((permission) => permission !== 'NONE'));
}

/** Two permission lists grant (or revoke) the same: as sets, ALL as every permission of the type, NONE as none. */
export function samePermissions(a: readonly string[], b: readonly string[], resourceType: number): boolean {
  const type = resourceTypeByCode(resourceType);
  const left = expand(a, type);
  const right = expand(b, type);
  return left.size === right.size && [...left].every((permission) => right.has(permission));
}

export function toUpdate(authorization: Authorization): AuthorizationUpdate {
  return {
    permissions: [...authorization.permissions],
    userId: authorization.userId,
    groupId: authorization.groupId,
    resourceType: authorization.resourceType,
    resourceId: authorization.resourceId,
  };
}

export function applyChange(current: Authorization, change: AuthorizationChange, desired?: DesiredState): AuthorizationUpdate {
  const next = toUpdate(current);

  if (desired) {
    if (desired.id !== undefined && desired.id !== current.id) {
      throw new UsageError(`--file: id '${desired.id}' is not the authorization being updated (${current.id})`);
    }
    if (desired.type !== undefined && desired.type !== current.type) {
      throw new UsageError(
        `--file: type ${desired.type} differs from the authorization's type ${current.type}; the engine cannot change the type of an authorization (delete it and create a new one)`,
      );
    }
    if (desired.resourceType !== undefined) next.resourceType = parseResourceType(String(desired.resourceType), '--file resourceType').code;
    if (desired.userId !== undefined) next.userId = desired.userId;
    if (desired.groupId !== undefined) next.groupId = desired.groupId;
    if (desired.resourceId !== undefined) next.resourceId = desired.resourceId;
    if (desired.permissions !== undefined) {
      next.permissions = parsePermissions(desired.permissions, requireType(next.resourceType), '--file permissions');
    }
  }

  if (change.resourceType !== undefined) next.resourceType = parseResourceType(change.resourceType).code;
  if (change.resourceId !== undefined) {
    if (change.resourceId.trim() === '') throw new UsageError('--resource-id must not be empty (use * for every resource)');
    next.resourceId = change.resourceId;
  }
  if (change.user !== undefined) {
    next.userId = change.user;
    next.groupId = null;
  }
  if (change.group !== undefined) {
    next.groupId = change.group;
    next.userId = null;
  }

  const type = requireType(next.resourceType);
  if (change.permissions !== undefined) {
    next.permissions = parsePermissions(change.permissions, type);
  } else if (next.resourceType !== current.resourceType && desired?.permissions === undefined) {
    // The kept permissions must exist for the new resource type too.
    parsePermissions(
      next.permissions.filter((p) => !(UNIVERSAL_PERMISSIONS as readonly string[]).includes(p)),
      type,
      'the current permissions',
    );
  }
  if (change.addPermissions !== undefined || change.removePermissions !== undefined) {
    const add = parsePermissions(change.addPermissions ?? [], type, '--add-permissions');
    const remove = parsePermissions(change.removePermissions ?? [], type, '--remove-permissions');
    if (add.includes('NONE') || remove.includes('NONE') || remove.includes('ALL')) {
      throw new UsageError(
        '--add-permissions/--remove-permissions take permission names; to grant nothing or everything use --permissions NONE or --permissions ALL',
      );
    }
    if (add.includes('ALL') || next.permissions.includes('ALL')) {
      const all = add.includes('ALL') || next.permissions.includes('ALL');
      const set = all ? new Set(type.permissions) : expand(next.permissions, type);
      for (const permission of remove) set.delete(permission);
      next.permissions = remove.length === 0 ? ['ALL'] : [...set];
    } else {
      const set = expand(next.permissions, type);
      for (const permission of add) set.add(permission);
      for (const permission of remove) set.delete(permission);
      next.permissions = [...set];
    }
  }

  checkOwner(current.type, next);
  return next;
}

function requireType(code: number): ResourceType {
  const type = resourceTypeByCode(code);
  if (!type) throw new UsageError(`resource type ${code} is not one this tool knows (0-21); give --resource-type`);
  return type;
}

/** The engine's save rules (docs/engine-notes.md#authorization-rules), checked before sending: they come back as 500s otherwise. */
export function checkOwner(authorizationType: number, update: Pick<AuthorizationUpdate, 'userId' | 'groupId'>): void {
  if (authorizationType === GLOBAL) {
    if (update.groupId) throw new UsageError('a global authorization applies to all users: it cannot have a group (the engine answers ENGINE-03027)');
    if (update.userId !== '*')
      throw new UsageError(
        `a global authorization applies to all users: its user must stay '*' (the engine answers ENGINE-03028), not '${update.userId ?? 'none'}'`,
      );
    return;
  }
  const owners = [update.userId, update.groupId].filter((owner) => owner !== null && owner !== undefined && owner !== '');
  if (owners.length !== 1) {
    throw new UsageError('an authorization needs exactly one owner: a user or a group (--user ID or --group ID)');
  }
}

/** One field before and after; permissions as the engine's lists (`-o json` shows them so). */
export interface FieldDiff {
  field: keyof AuthorizationUpdate;
  before: string | number | readonly string[] | null;
  after: string | number | readonly string[] | null;
  changed: boolean;
}

export function diffAuthorization(before: AuthorizationUpdate, after: AuthorizationUpdate): FieldDiff[] {
  return [
    { field: 'userId', before: before.userId, after: after.userId, changed: before.userId !== after.userId },
    { field: 'groupId', before: before.groupId, after: after.groupId, changed: before.groupId !== after.groupId },
    { field: 'resourceType', before: before.resourceType, after: after.resourceType, changed: before.resourceType !== after.resourceType },
    { field: 'resourceId', before: before.resourceId, after: after.resourceId, changed: before.resourceId !== after.resourceId },
    {
      field: 'permissions',
      before: [...before.permissions],
      after: [...after.permissions],
      changed: before.resourceType !== after.resourceType || !samePermissions(before.permissions, after.permissions, after.resourceType),
    },
  ];
}
