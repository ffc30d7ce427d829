/** Authorizations as tables: types and resource types by name, owners spelled out. */
import { authorizationTypeName, describeResourceType, type ResourceType, resourceTypeByCode } from '../catalogue/authorization.js';
import type { FieldDiff } from '../authorizations/change.js';
import type { Authorization, AuthorizationCheck, AuthorizationUpdate } from '../engine/authorizations.js';
import type { View } from './output.js';
import { renderFields, renderTable } from './table.js';

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

export const authorizationListView: View<Authorization[]> = {
  table(rows, style) {
    if (rows.length === 0) return 'no authorizations';
    return renderTable(
      ['Id', 'Type', 'Owner', 'Resource type', 'Resource id', 'Permissions'],
      rows.map((a) => [a.id, authorizationTypeName(a.type), describeOwner(a), describeResourceType(a.resourceType), a.resourceId, describePermissions(a.permissions)]),
      style,
    );
  },
};

/** One line for confirmations: `grant authorization X (READ, UPDATE on process-definition 'invoice' for user john)`. */
export function describeAuthorization(a: Authorization): string {
  const type = resourceTypeByCode(a.resourceType)?.name ?? `resource type ${a.resourceType}`;
  return `${authorizationTypeName(a.type)} authorization ${a.id} (${describePermissions(a.permissions)} on ${type} '${a.resourceId ?? ''}' for ${describeOwner(a)})`;
}

export interface AuthorizationDiff {
  id: string;
  changed: boolean;
  dryRun: boolean;
  diff: FieldDiff[];
  /** What is (or would be) sent; null when nothing changes. */
  request: { method: string; url: string; body: AuthorizationUpdate } | null;
}

export const authorizationDiffView: View<AuthorizationDiff> = {
  table(result, style) {
    const rows = result.diff.map((field) => {
      const before = field.field === 'resourceType' && typeof field.before === 'number' ? describeResourceType(field.before) : field.before;
      const after = field.field === 'resourceType' && typeof field.after === 'number' ? describeResourceType(field.after) : field.after;
      return [field.changed ? style.yellow(`* ${field.field}`) : `  ${field.field}`, before, field.changed ? style.bold(String(after ?? '-')) : after];
    });
    const table = renderTable(['Field', 'Before', 'After'], rows, style);
    if (result.dryRun && result.request) {
      return `${table}\n${result.request.method} ${result.request.url}\n${JSON.stringify(result.request.body, null, 2)}`;
    }
    return table;
  },
};

export const checkView: View<AuthorizationCheck> = {
  table(result, style) {
    const answer = result.authorized ? style.green('yes') : style.red('no');
    return `${answer}: ${result.permissionName ?? '?'} on ${result.resourceName ?? '?'}${result.resourceId ? ` '${result.resourceId}'` : ''}`;
  },
};

export const catalogueView: View<(ResourceType & { permissions: readonly string[] })[]> = {
  table(rows, style) {
    return renderTable(
      ['Code', 'Name', 'Engine name', 'Permissions'],
      rows.map((type) => [type.code, `${type.name}${type.deprecated ? ' (deprecated)' : ''}${type.since ? ` (${type.since}+)` : ''}`, type.resourceName, wrapList(type.permissions, 60)]),
      style,
    );
  },
};

/** Comma-separated, broken into lines of at most `width` characters, so wide sets stay readable. */
function wrapList(items: readonly string[], width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line}, ${item}` : item;
    if (next.length > width && line) {
      lines.push(`${line},`);
      line = item;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
