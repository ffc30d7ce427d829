/**
 * Access files (docs/access.md): groups, their members and authorizations as JSON or YAML. Read as
 * strictly as plan files, with the same machinery (src/input/): every problem is a line
 * `FILE:LINE:COLUMN: path: message`, all of them at once, exit 2, and nothing is sent. Names are the
 * catalogue's (src/catalogue/authorization.ts); `${VAR}` in values expands from the environment as
 * in config files (src/input/environment.ts).
 */
import * as z from 'zod';
import { GLOBAL, GRANT, REVOKE } from '../catalogue/authorization.js';
import { expandEnvironment } from '../input/environment.js';
import { type WellFormedFields, wellFormedFields } from '../input/well-formed.js';
import { byPosition, InputError, type InputProblem } from '../input/problems.js';
import { readInputFile } from '../input/read.js';
import { parseStructured } from '../input/structured.js';
import * as places from '../input/places.js';
import { compareText } from '../util/text.js';
import { type At, authorizationType, checkedPermissions, ownerOf, resourceTypeOf } from './authorization-fields.js';
import { exactIdsOf, globMatcher } from './globs.js';
import { emptyIdMessage, type IdKind, idPatternWarnings } from './ids.js';
import { type DesiredTenant, type DesiredUser, desiredTenants, desiredUsers, type IdentityScope, identityScope } from './identity-file.js';

export { exactIdsOf, globMatcher } from './globs.js';

const name = z.string().min(1);

const groupFields = {
  name: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  members: z.array(name).optional(),
};
const groupSchema = z.nullable(z.strictObject(groupFields));

const userFields = {
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
};
const userSchema = z.nullable(z.strictObject(userFields));

const tenantFields = {
  name: z.string().nullable().optional(),
  users: z.array(name).optional(),
  groups: z.array(name).optional(),
};
const tenantSchema = z.nullable(z.strictObject(tenantFields));

const authorizationFields = {
  type: name,
  user: name.optional(),
  group: name.optional(),
  resource: z.union([name, z.number().int()]),
  resourceId: name.optional(),
  permissions: z.array(name),
};
const authorizationSchema = z.strictObject(authorizationFields);

const scopeFields = {
  groups: z.array(name).optional(),
  users: z.array(name).optional(),
  tenants: z.array(name).optional(),
  global: z.boolean().optional(),
  resourceTypes: z.array(z.union([name, z.number().int()])).optional(),
};

/** A section of objects by id: `users:`, `groups:`, `tenants:`. */
const idRecord = <Value extends z.ZodType>(kind: IdKind, value: Value) => z.optional(z.nullable(z.record(name, value, { error: emptyIdMessage(kind) })));

const fileSchema = z.strictObject({
  scope: z.strictObject(scopeFields).optional(),
  users: idRecord('user', userSchema),
  groups: idRecord('group', groupSchema),
  tenants: idRecord('tenant', tenantSchema),
  authorizations: z.array(authorizationSchema).nullable().optional(),
});

type ScopeFields = WellFormedFields<typeof scopeFields>['fields'];
type GroupFields = WellFormedFields<typeof groupFields>['fields'];
type UserFields = WellFormedFields<typeof userFields>['fields'];
type TenantFields = WellFormedFields<typeof tenantFields>['fields'];
type AuthorizationEntry = WellFormedFields<typeof authorizationFields>;

/**
 * What the checks after the schema read: every group and authorization of the file, each with the
 * fields that are well formed (all of them in a file that passed the schema). A field of the wrong
 * type or an unknown one has its schema problem and is left out, so that it hides nothing else; an
 * authorization that is not an object is a hole, so that the others keep their index.
 */
interface AccessContent {
  scope: ScopeFields | undefined;
  groups: [id: string, group: GroupFields][];
  /** undefined: the file has no `users:` (user accounts are not managed). */
  users: [id: string, user: UserFields][] | undefined;
  tenants: [id: string, tenant: TenantFields][];
  authorizations: (AuthorizationEntry | undefined)[];
}

/** The entries of a map section whose ids and fields are well formed (null: no field). */
function wellFormedMap<F extends z.ZodRawShape>(fields: F, section: unknown): [string, WellFormedFields<F>['fields']][] {
  const entries = section !== null && typeof section === 'object' && !Array.isArray(section) ? Object.entries(section) : [];
  return entries.flatMap(([id, entry]): [string, WellFormedFields<F>['fields']][] => {
    if (!name.safeParse(id).success) return [];
    if (entry === null) return [[id, {} as WellFormedFields<F>['fields']]];
    const found = wellFormedFields(fields, entry)?.fields;
    return found ? [[id, found]] : [];
  });
}

function wellFormedContent(data: Record<string, unknown>): AccessContent {
  return {
    scope: wellFormedFields(scopeFields, data.scope)?.fields,
    groups: wellFormedMap(groupFields, data.groups),
    users: data.users === undefined ? undefined : wellFormedMap(userFields, data.users),
    tenants: wellFormedMap(tenantFields, data.tenants),
    authorizations: Array.isArray(data.authorizations) ? data.authorizations.map((entry: unknown) => wellFormedFields(authorizationFields, entry)) : [],
  };
}

/** The content of a file that passed the schema: every field well formed. */
function contentOf(file: z.infer<typeof fileSchema>): AccessContent {
  return {
    scope: file.scope,
    groups: Object.entries(file.groups ?? {}).map(([id, group]): [string, GroupFields] => [id, group ?? {}]),
    users: file.users === undefined ? undefined : Object.entries(file.users ?? {}).map(([id, user]): [string, UserFields] => [id, user ?? {}]),
    tenants: Object.entries(file.tenants ?? {}).map(([id, tenant]): [string, TenantFields] => [id, tenant ?? {}]),
    authorizations: (file.authorizations ?? []).map((fields) => ({ fields, named: new Set(Object.keys(fields)) })),
  };
}

const TOP_KEYS = ['scope', 'users', 'groups', 'tenants', 'authorizations'];
const SCOPE_KEYS = ['groups', 'users', 'tenants', 'global', 'resourceTypes'];
const USER_KEYS = ['firstName', 'lastName', 'email'];
const TENANT_KEYS = ['name', 'users', 'groups'];
const GROUP_KEYS = ['name', 'type', 'members'];
const AUTHORIZATION_KEYS = ['type', 'user', 'group', 'resource', 'resourceId', 'permissions'];

function allowedKeys(path: readonly (string | number)[]): string[] {
  if (path.length === 0) return TOP_KEYS;
  if (path.length === 1 && path[0] === 'scope') return SCOPE_KEYS;
  if (path.length === 2 && path[0] === 'groups') return GROUP_KEYS;
  if (path.length === 2 && path[0] === 'authorizations') return AUTHORIZATION_KEYS;
  if (path.length === 2 && path[0] === 'users') return USER_KEYS;
  if (path.length === 2 && path[0] === 'tenants') return TENANT_KEYS;
  return [];
}

/** A group as the file wants it; a field left out (undefined) is not managed. */
interface DesiredGroup {
  id: string;
  name?: string | null | undefined;
  type?: string | null | undefined;
  /** In the file's order; undefined: the members are not managed. */
  members?: string[] | undefined;
}

/** An authorization as the file wants it: identified by type, owner, resource type and resource id. */
export interface DesiredAuthorization {
  type: number;
  /** '*' for a global one. */
  userId: string | null;
  groupId: string | null;
  resourceType: number;
  resourceId: string;
  /** In the engine's spelling, sorted; ['ALL'] for all; [] for none. */
  permissions: string[];
  /** Its place in the file's list, for messages. */
  index: number;
}

/**
 * What the file speaks for (docs/access.md#scope-and-prune). Engine objects outside it are never changed; those
 * inside that the file does not name are "not in file": kept, or deleted with --prune.
 */
export interface AccessScope extends IdentityScope {
  /** Engine groups whose existence, name, type and members the file decides. */
  group(id: string): boolean;
  /** Engine authorizations whose existence and permissions the file decides (owner and resource type). */
  authorization(row: { type: number; userId: string | null; groupId: string | null; resourceType: number }): boolean;
  /** The resource types it covers: every one, or these codes. */
  readonly resourceTypes: 'all' | ReadonlySet<number>;
  /** The group ids in scope when they are known without listing every group (no globs); undefined otherwise. */
  readonly exactGroups: readonly string[] | undefined;
}

export interface AccessFile {
  file: string;
  format: 'json' | 'yaml';
  groups: DesiredGroup[];
  /** undefined: the file has no `users:`, and manages no user account. */
  users: DesiredUser[] | undefined;
  tenants: DesiredTenant[];
  authorizations: DesiredAuthorization[];
  scope: AccessScope;
  /** What does not stop the file: ids outside the default id pattern (./ids.ts), by position. */
  warnings: InputProblem[];
  /** A problem at a place in the file (a path of keys and indexes), for checks against the engine. */
  problem(path: readonly (string | number)[], message: string): InputProblem;
}

/** Reads an access file (or standard input for `-`) and checks it. */
export async function readAccessFile(file: string, stdin: NodeJS.ReadableStream & { isTTY?: boolean }, env: NodeJS.ProcessEnv): Promise<AccessFile> {
  const input = await readInputFile(file, stdin, 'access file');
  return parseAccessFile(input.text, input.name, env);
}

export function parseAccessFile(text: string, file: string, env: NodeJS.ProcessEnv): AccessFile {
  const parsedText = parseStructured(text, file, 'access file', { allowed: allowedKeys, unknownNote: '', places });
  const { offsetOf, problem } = parsedText;
  const at = (path: readonly (string | number)[], message: string, place: 'key' | 'value' = 'value'): InputProblem =>
    problem(offsetOf(path, place), path, message);
  if (parsedText.data === null || typeof parsedText.data !== 'object' || Array.isArray(parsedText.data)) {
    throw new InputError([at([], 'an access file must be an object with scope, groups and authorizations')]);
  }
  const unexpanded: InputProblem[] = [];
  // Without a `$` there is nothing to expand, and no copy of a large file to make.
  const data = (
    text.includes('$') ? expandEnvironment(parsedText.data, env, (path, message) => unexpanded.push(at(path, message))) : parsedText.data
  ) as Record<string, unknown>;
  const problems: InputProblem[] = [];
  const parsed = fileSchema.safeParse(data, { reportInput: true });
  // Every problem at once: the checks below also run on the parts of a refused file that are well
  // formed. A file the schema took is used as it took it (checking each field again cost 30 MB more
  // for 10,000 authorizations).
  let content: AccessContent;
  if (parsed.success) {
    content = contentOf(parsed.data);
  } else {
    problems.push(...parsedText.issues(parsed.error));
    content = wellFormedContent(data);
  }

  const groups: DesiredGroup[] = [];
  for (const [id, group] of content.groups) {
    const desired: DesiredGroup = { id };
    if (group.name !== undefined) desired.name = group.name;
    if (group.type !== undefined) desired.type = group.type;
    if (group.members !== undefined) {
      desired.members = [...group.members];
      listedTwice(group.members, ['groups', id, 'members'], problems, at, (member) => `member ${member}`);
    }
    groups.push(desired);
  }
  groups.sort((a, b) => compareText(a.id, b.id));

  const authorizations: DesiredAuthorization[] = [];
  const byKey = new Map<string, number>();
  content.authorizations.forEach((entry, index) => {
    if (entry === undefined) return;
    const { fields, named } = entry;
    const path = ['authorizations', index];
    const type = fields.type === undefined ? undefined : authorizationType(fields.type, [...path, 'type'], problems, at);
    const resourceType = fields.resource === undefined ? undefined : resourceTypeOf(fields.resource, [...path, 'resource'], problems, at);
    const owner = ownerOf(fields, named, type, path, problems, at);
    const permissions =
      resourceType && fields.permissions ? checkedPermissions(fields.permissions, resourceType, [...path, 'permissions'], problems, at) : undefined;
    if (type === undefined || resourceType === undefined || owner === undefined || permissions === undefined) return;
    if (named.has('resourceId') && fields.resourceId === undefined) return;
    const desired: DesiredAuthorization = { type, ...owner, resourceType: resourceType.code, resourceId: fields.resourceId ?? '*', permissions, index };
    const key = authorizationKey(desired);
    const first = byKey.get(key);
    if (first !== undefined) {
      const { line } = at(['authorizations', first], '');
      problems.push(
        at(
          path,
          `the same authorization as authorizations[${first}] (line ${line}): the engine keeps one per type, owner, resource type and resource id; merge their permissions`,
        ),
      );
      return;
    }
    byKey.set(key, index);
    authorizations.push(desired);
  });

  const users = desiredUsers(content.users);
  const tenants = desiredTenants(content.tenants, problems, at);
  const namedElsewhere = new Set([
    ...groups.flatMap((group) => group.members ?? []),
    ...tenants.flatMap((tenant) => tenant.users ?? []),
    ...authorizations.flatMap((row) => (row.userId !== null && row.type !== GLOBAL ? [row.userId] : [])),
  ]);
  const scope: AccessScope = {
    ...scopeOf(content.scope, groups, authorizations, problems, at),
    ...identityScope(content.scope, users, tenants, namedElsewhere),
  };
  // A value whose variable is not set stays `${NAME}`: its own checks would only repeat that.
  const unexpandedPaths = new Set(unexpanded.map((found) => found.path));
  const all = [...unexpanded, ...problems.filter((found) => !unexpandedPaths.has(found.path))];
  if (all.length > 0) throw new InputError(byPosition(all));
  const warnings = byPosition(idPatternWarnings({ users, groups, tenants }, (path, message) => at(path, message, 'key')));
  return { file, format: parsedText.format, groups, users, tenants, authorizations, scope, warnings, problem: (path, message) => at(path, message) };
}

/** The identity of an authorization: type, owner, resource type and resource id (the engine's unique constraints). */
export function authorizationKey(row: {
  type: number;
  userId: string | null;
  groupId: string | null;
  resourceType: number;
  resourceId: string | null;
}): string {
  const owner = row.groupId !== null ? `group:${row.groupId}` : `user:${row.userId ?? ''}`;
  return JSON.stringify([row.type, owner, row.resourceType, row.resourceId]);
}

function listedTwice(items: readonly string[], path: readonly (string | number)[], problems: InputProblem[], at: At, what: (item: string) => string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item)) problems.push(at([...path, index], `${what(item)} is listed twice`));
    seen.add(item);
  });
}

function scopeOf(
  given:
    { groups?: string[] | undefined; users?: string[] | undefined; global?: boolean | undefined; resourceTypes?: (string | number)[] | undefined } | undefined,
  groups: readonly DesiredGroup[],
  authorizations: readonly DesiredAuthorization[],
  problems: InputProblem[],
  at: At,
): Omit<AccessScope, keyof IdentityScope> {
  const groupPatterns = given?.groups ?? groups.map((group) => group.id);
  const group = globMatcher(groupPatterns);
  const ownerGroups = new Set(authorizations.flatMap((row) => (row.groupId !== null ? [row.groupId] : [])));
  const user = globMatcher(given?.users ?? [...new Set(authorizations.flatMap((row) => (row.userId !== null && row.type !== GLOBAL ? [row.userId] : [])))]);
  const global = given?.global ?? authorizations.some((row) => row.type === GLOBAL);
  let resourceTypes: 'all' | Set<number>;
  if (given?.resourceTypes === undefined) {
    resourceTypes = new Set(authorizations.map((row) => row.resourceType));
  } else if (given.resourceTypes.some((entry) => entry === '*')) {
    resourceTypes = 'all';
  } else {
    resourceTypes = new Set();
    given.resourceTypes.forEach((entry, index) => {
      const type = resourceTypeOf(entry, ['scope', 'resourceTypes', index], problems, at);
      if (type) (resourceTypes as Set<number>).add(type.code);
    });
  }
  const coversType = (code: number) => resourceTypes === 'all' || resourceTypes.has(code);
  return {
    group,
    authorization: (row) => {
      if (!coversType(row.resourceType)) return false;
      if (row.type === GLOBAL) return global;
      if (row.groupId !== null) return group(row.groupId) || ownerGroups.has(row.groupId);
      return row.userId !== null && (row.type === GRANT || row.type === REVOKE) && user(row.userId);
    },
    resourceTypes,
    exactGroups: exactIdsOf(groupPatterns),
  };
}
