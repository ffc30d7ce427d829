/** Authorizations as tables: types and resource types by name, owners spelled out. */
import {
  AUTHORIZATION_TYPES,
  authorizationTypeName,
  describeResourceType,
  RESOURCE_TYPES,
  type ResourceType,
  resourceTypeByCode,
} from '../catalogue/authorization.js';
import type { FieldDiff } from '../authorizations/change.js';
import type { Authorization, AuthorizationCheck, AuthorizationUpdate } from '../engine/authorizations.js';
import { sinceLabel } from '../engine/product.js';
import type { View } from './output.js';
import { type ChangeResult, renderChange } from './diff.js';
import { type Cell, listView, renderFields, renderTable } from './table.js';

/** `user john`, `group sales`, or `all users (*)` for the `*` of global authorizations. */
export function describeOwner(authorization: Pick<Authorization, 'userId' | 'groupId'>): string {
  if (authorization.userId === '*') return 'all users (*)';
  if (authorization.userId) return `user ${authorization.userId}`;
  if (authorization.groupId) return `group ${authorization.groupId}`;
  return '-';
}

function describePermissions(permissions: readonly string[]): string {
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

/** The longest of a fixed vocabulary, as the widest a streamed table's column needs to be. */
const longest = (names: readonly string[]): number => Math.max(...names.map((name) => name.length));

export const authorizationListView = listView<Authorization>(
  [
    { name: 'Id', value: (a) => a.id, whole: true },
    { name: 'Type', value: (a) => authorizationTypeName(a.type), keepWords: true, widest: longest(AUTHORIZATION_TYPES.map((type) => type.name)) },
    { name: 'Owner', value: (a) => describeOwner(a), keepWords: true },
    // Free text: a long name breaks after a hyphen (decision-requirements-definition).
    {
      name: 'Resource type',
      value: (a) => describeResourceType(a.resourceType),
      widest: longest(RESOURCE_TYPES.map((type) => describeResourceType(type.code))),
    },
    { name: 'Resource id', value: (a) => a.resourceId, whole: true },
    // Permission names are copied into --permissions: wrapped between them, inside one only where nothing else fits.
    { name: 'Permissions', value: (a) => describePermissions(a.permissions), keepWords: true },
  ],
  'no authorizations',
);

/** One line for confirmations: `grant authorization X (READ, UPDATE on process-definition 'invoice' for user john)`. */
export function describeAuthorization(a: Authorization): string {
  const type = resourceTypeByCode(a.resourceType)?.name ?? `resource type ${a.resourceType}`;
  return `${authorizationTypeName(a.type)} authorization ${a.id} (${describePermissions(a.permissions)} on ${type} '${a.resourceId ?? ''}' for ${describeOwner(a)})`;
}

export type AuthorizationDiff = ChangeResult<FieldDiff['field'], AuthorizationUpdate, FieldDiff['before']>;

export const authorizationDiffView: View<AuthorizationDiff> = {
  table: (result, style) =>
    renderChange(result, style, (field, value) => {
      if (Array.isArray(value)) return describePermissions(value);
      return field === 'resourceType' && typeof value === 'number' ? describeResourceType(value) : (value as Cell);
    }),
};

/** `yes: user john has READ on ProcessDefinition 'invoice'`; `who` is the user checked (the engine's answer does not say). */
export function checkView(who: string): View<AuthorizationCheck> {
  return {
    table(result, style) {
      const answer = result.authorized ? style.green('yes') : style.red('no');
      return `${answer}: ${who} ${result.authorized ? 'has' : 'lacks'} ${result.permissionName ?? '?'} on ${result.resourceName ?? '?'}${result.resourceId ? ` '${result.resourceId}'` : ''}`;
    },
  };
}

export const catalogueView: View<(ResourceType & { permissions: readonly string[] })[]> = {
  table(rows, style) {
    return renderTable(
      [
        { name: 'Code', whole: true },
        { name: 'Name', keepWords: true },
        { name: 'Engine name', keepWords: true },
        // Wrapped to the terminal between permission names, inside one only where nothing else fits.
        { name: 'Permissions', keepWords: true },
      ],
      rows.map((type) => [
        type.code,
        `${type.name}${type.deprecated ? ' (deprecated)' : ''}${type.since ? ` (${sinceLabel(type.since)})` : ''}`,
        type.resourceName,
        type.permissions.join(', '),
      ]),
      style,
    );
  },
};
