/** Authorizations as tables: types and resource types by name, owners spelled out. */
import { authorizationTypeName, describeResourceType } from '../catalogue/authorization.js';
import type { Authorization } from '../engine/authorizations.js';
import type { View } from './output.js';
import { renderFields } from './table.js';

/** `user john`, `group sales`, or `all users (*)` for the `*` of global authorizations. */
export function describeOwner(authorization: Pick<Authorization, 'userId' | 'groupId'>): string {
  if (authorization.userId === '*') return 'all users (*)';
  if (authorization.userId) return `user ${authorization.userId}`;
  if (authorization.groupId) return `group ${authorization.groupId}`;
  return '-';
}

export function describePermissions(permissions: readonly string[]): string {
  return permissions.length > 0 ? permissions.join(', ') : '(none)';
}

export const authorizationView: View<Authorization> = {
  table(authorization, style) {
    return renderFields(
      [
        ['Id', authorization.id],
        ['Type', authorizationTypeName(authorization.type)],
        ['Owner', describeOwner(authorization)],
        ['Resource type', describeResourceType(authorization.resourceType)],
        ['Resource id', authorization.resourceId === '*' ? '* (all)' : authorization.resourceId],
        ['Permissions', describePermissions(authorization.permissions)],
        ['Removal time', authorization.removalTime],
        ['Root process instance', authorization.rootProcessInstanceId],
      ],
      style,
    );
  },
};
