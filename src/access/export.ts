/**
 * `access export`: the engine's groups, members and authorizations as an access file, with the
 * catalogue's names, everything sorted, so that exporting twice gives the same bytes and two
 * engines' exports can be compared with diff.
 */
import { authorizationTypeName, GLOBAL, GRANT, REVOKE, type ResourceType, resourceTypeByCode } from '../catalogue/authorization.js';
import type { Authorization } from '../engine/authorizations.js';
import type { EngineClient } from '../engine/client.js';
import { compareText, visibleControls } from '../util/text.js';
import { readAuthorizations, readGroups, readMembers } from './engine.js';
import { exportTenants, exportUsers } from './export-identity.js';
import { exactIdsOf, globMatcher } from './file.js';

export interface ExportOptions {
  /** Group ids or globs; the groups, and only their authorizations. */
  groups?: readonly string[] | undefined;
  /** User ids or globs: these users' profiles, and (with `groups`, only) their authorizations. */
  users?: readonly string[] | undefined;
  /** Tenant ids or globs: these tenants and their members. */
  tenants?: readonly string[] | undefined;
  /** Only authorizations on these types. */
  resourceTypes?: readonly ResourceType[] | undefined;
}

/** An access file's content, in the order it is written. */
export interface AccessDocument {
  scope: { groups: string[]; users: string[]; tenants?: string[]; global: boolean; resourceTypes: string[] };
  /** Only with `--users`. */
  users?: Record<string, { firstName?: string; lastName?: string; email?: string }>;
  groups: Record<string, { name?: string; type?: string; members: string[] }>;
  /** Only with `--tenants`. */
  tenants?: Record<string, { name?: string; users: string[]; groups: string[] }>;
  authorizations: FileAuthorization[];
}

interface FileAuthorization {
  type: string;
  user?: string;
  group?: string;
  resource: string;
  resourceId?: string;
  permissions: string[];
}

export interface ExportResult {
  document: AccessDocument;
  /** Engine rows a file cannot hold, one line each. */
  skipped: string[];
}

export async function exportAccess(client: EngineClient, options: ExportOptions): Promise<ExportResult> {
  const groupPatterns = options.groups;
  const accepts = groupPatterns === undefined ? () => true : globMatcher(groupPatterns);
  const exactIds = exactIdsOf(groupPatterns);
  const groups = await readGroups(client, { ids: exactIds, accepts });
  const members = await readMembers(
    client,
    groups.map((group) => group.id),
  );
  const resourceTypes = options.resourceTypes === undefined ? 'all' : new Set(options.resourceTypes.map((type) => type.code));
  const rows = await readAuthorizations(client, resourceTypes);

  const userPatterns = options.users ?? (groupPatterns === undefined ? ['*'] : []);
  const acceptsUser = globMatcher(userPatterns);
  const skipped: string[] = [];
  const authorizations: (FileAuthorization & { sortKey: string })[] = [];
  for (const row of rows) {
    const owned =
      row.groupId !== null ? accepts(row.groupId) : row.type !== GLOBAL && row.userId !== null ? acceptsUser(row.userId) : groupPatterns === undefined;
    if (!owned) continue;
    const entry = fileAuthorization(row, skipped);
    if (entry) authorizations.push(entry);
  }
  authorizations.sort((a, b) => compareText(a.sortKey, b.sortKey));

  const document: AccessDocument = {
    scope: {
      groups: groupPatterns === undefined ? ['*'] : [...groupPatterns],
      users: [...userPatterns],
      ...(options.tenants === undefined ? {} : { tenants: [...options.tenants] }),
      global: groupPatterns === undefined,
      resourceTypes: options.resourceTypes === undefined ? ['*'] : options.resourceTypes.map((type) => type.name),
    },
    ...(options.users === undefined ? {} : { users: await exportUsers(client, options.users) }),
    groups: Object.fromEntries(
      [...groups]
        .sort((a, b) => compareText(a.id, b.id))
        .map((group) => [
          group.id,
          { ...(group.name !== null ? { name: group.name } : {}), ...(group.type !== null ? { type: group.type } : {}), members: members.get(group.id) ?? [] },
        ]),
    ),
    ...(options.tenants === undefined ? {} : { tenants: await exportTenants(client, options.tenants) }),
    authorizations: authorizations.map(({ sortKey: _key, ...entry }) => entry),
  };
  return { document, skipped };
}

/** Global first, then grants, then revokes, as `auth resources` lists types; ids as text. */
const TYPE_ORDER: Record<number, number> = { [GLOBAL]: 0, [GRANT]: 1, [REVOKE]: 2 };

function fileAuthorization(row: Authorization, skipped: string[]): (FileAuthorization & { sortKey: string }) | undefined {
  const type = resourceTypeByCode(row.resourceType);
  const why =
    TYPE_ORDER[row.type] === undefined
      ? `type ${row.type} is none of global, grant, revoke`
      : type === undefined
        ? `resource type ${row.resourceType} is not one of the catalogue (camunda-admin auth resources)`
        : row.resourceId === null
          ? 'it has no resource id'
          : row.type !== GLOBAL && (row.userId === null) === (row.groupId === null)
            ? 'it has no single owner'
            : undefined;
  if (why !== undefined || type === undefined || row.resourceId === null) {
    skipped.push(`authorization ${row.id} left out: ${why ?? 'not expressible'}`);
    return undefined;
  }
  const permissions = row.permissions.includes('ALL') ? ['ALL'] : row.permissions.length === 0 ? ['NONE'] : [...row.permissions].sort(compareText);
  const owner = row.type === GLOBAL ? {} : row.groupId !== null ? { group: row.groupId } : { user: row.userId! };
  const ownerKey = row.type === GLOBAL ? '' : row.groupId !== null ? `g\u0000${row.groupId}` : `u\u0000${row.userId}`;
  return {
    type: authorizationTypeName(row.type),
    ...owner,
    resource: type.name,
    ...(row.resourceId === '*' ? {} : { resourceId: row.resourceId }),
    permissions,
    sortKey: [type.name, row.resourceId === '*' ? '' : `\u0001${row.resourceId}`, TYPE_ORDER[row.type], ownerKey].join('\u0000'),
  };
}

/** The first lines of an exported file: where it came from; no time, so that exports compare. */
export function exportHeader(source: { url: string; engine: string | undefined; version: string | null }, command: string): string {
  const engine = source.engine !== undefined ? `, engine ${source.engine}` : '';
  return [
    `# Access of ${visibleControls(source.url)}${visibleControls(engine)} (version ${visibleControls(source.version ?? 'unknown')})`,
    `# Written by: ${visibleControls(command)}`,
    '# Compare with the engine: camunda-admin access plan <this file>',
    '',
  ].join('\n');
}

export async function serializeAccess(document: AccessDocument, format: 'json' | 'yaml', header: string): Promise<string> {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  const { toYaml } = await import('../render/yaml.js');
  return `${header}${toYaml(document, { flowValuesOf: ['scope'], flowItemsOf: 'authorizations', compactFlow: true })}`;
}
