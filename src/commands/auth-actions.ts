/** What the `auth` commands do (declared in ./auth.ts). */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import { checkOwner, diffAuthorization, toUpdate } from '../authorizations/change.js';
import { authorizationUpdate } from '../authorizations/update.js';
import { changeEngineObject } from '../engine-objects/change.js';
import { updatePolicyFrom } from '../engine-objects/update.js';
import { listCommand, refusingDuplicates } from '../authorizations/duplicate.js';
import { parseAuthorizationType, parsePermissions, parseResourceType, RESOURCE_TYPES, UNIVERSAL_PERMISSIONS } from '../catalogue/authorization.js';
import type { AuthorizationQuery } from '../engine/authorizations.js';
import { enginePath } from '../engine/paths.js';
import { sendChange } from '../exit.js';
import { UsageError } from '../exit-codes.js';
import {
  authorizationDiffView,
  authorizationListView,
  authorizationView,
  catalogueView,
  checkView,
  describeAuthorization,
  describeOwner,
} from '../render/authorization.js';
import { countView } from '../render/common.js';
import { listWithLimit } from './listing.js';
import { pagesBySharedKey } from '../engine/paging.js';
import type { AUTH_CHECK_FLAGS, AUTH_FILTER_FLAGS, AUTH_CREATE_FLAGS, AUTH_EXPLAIN_FLAGS, AUTH_LIST_FLAGS, AUTH_UPDATE_FLAGS } from './auth-flags.js';
import { commaList, paging, sorting } from './options.js';
import type { FlagsOf } from './spec.js';
import { updateSentence } from '../render/diff.js';

type CreateFlags = FlagsOf<typeof AUTH_CREATE_FLAGS>;
type UpdateFlags = FlagsOf<typeof AUTH_UPDATE_FLAGS>;
type CheckFlags = FlagsOf<typeof AUTH_CHECK_FLAGS>;
type ExplainFlags = FlagsOf<typeof AUTH_EXPLAIN_FLAGS>;

/** count takes the filters alone; list adds sorting and paging. */
function toQuery(flags: FlagsOf<typeof AUTH_FILTER_FLAGS> & Partial<FlagsOf<typeof AUTH_LIST_FLAGS>>): AuthorizationQuery {
  return {
    id: flags.id,
    type: flags.type === undefined ? undefined : parseAuthorizationType(flags.type).code,
    userIdIn: flags.user === undefined ? undefined : commaList(flags.user, '--user'),
    groupIdIn: flags.group === undefined ? undefined : commaList(flags.group, '--group'),
    resourceType: flags.resourceType === undefined ? undefined : parseResourceType(flags.resourceType).code,
    resourceId: flags.resourceId,
    ...sorting(flags.sortBy, flags.sortOrder, ['resourceType', 'resourceId'] as const),
  };
}

export async function getAuthorization(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  const authorization = await client.authorizations.get(id);
  await (await app.output()).data(authorization, authorizationView);
}

export async function listAuthorizations(app: App, flags: FlagsOf<typeof AUTH_LIST_FLAGS>): Promise<void> {
  const query = toQuery(flags);
  const page = paging(flags);
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  const output = await app.output();
  const fetchPage = (firstResult: number, maxResults: number) => client.authorizations.list({ ...query, firstResult, maxResults });
  const { sortBy } = query;
  await listWithLimit(output, {
    page,
    fetchPage,
    // The engine's GET query sorts by one key: rows of an equal resource type or id are read by
    // themselves, in the engine's id order, where pages would cut them.
    pages:
      sortBy === undefined
        ? undefined
        : (options) =>
            pagesBySharedKey(fetchPage, options, {
              keyOf: (row) => row[sortBy],
              idOf: (row) => row.id,
              fetchTies: (key, firstResult, maxResults) =>
                client.authorizations.list({ ...query, sortBy: undefined, sortOrder: undefined, [sortBy]: key, firstResult, maxResults }),
            }),
    view: authorizationListView,
    noun: 'authorizations',
    limit: client.http.queryLimit,
  });
}

export async function countAuthorizations(app: App, flags: FlagsOf<typeof AUTH_FILTER_FLAGS>): Promise<void> {
  const query = toQuery(flags);
  const client = await engineClient(app);
  const count = await client.authorizations.count(query);
  await (await app.output()).data({ count }, countView);
}

export async function createAuthorization(app: App, flags: CreateFlags): Promise<void> {
  const type = parseAuthorizationType(flags.type);
  const resourceType = parseResourceType(flags.resourceType);
  const permissions = parsePermissions(commaList(flags.permissions, '--permissions'), resourceType);
  if (flags.user !== undefined && flags.group !== undefined) throw new UsageError('give --user or --group, not both');
  const userId = type.code === 0 ? (flags.user ?? '*') : (flags.user ?? null);
  const groupId = flags.group ?? null;
  checkOwner(type.code, { userId, groupId });
  if (flags.resourceId.trim() === '') throw new UsageError('--resource-id must not be empty (use * for every resource)');
  const client = await engineClient(app);
  const wanted = { type: type.code, permissions, userId, groupId, resourceType: resourceType.code, resourceId: flags.resourceId };
  // A create repeated (a re-run pipeline) finds its authorization there already: done, not an error.
  let existed = false;
  const created = await refusingDuplicates(
    client.authorizations,
    wanted,
    undefined,
    () => sendChange(listCommand(wanted), () => client.authorizations.create(wanted)),
    (existing) => {
      existed = true;
      return existing;
    },
  );
  const output = await app.output();
  const what = `${type.name} authorization ${created.id}: ${created.permissions.join(', ') || '(none)'} on ${resourceType.name} '${created.resourceId ?? ''}' for ${describeOwner(created)}`;
  output.info(existed ? `the ${what} exists already; nothing was created` : `created ${what}`);
  await output.id(created, created.id);
}

export async function updateAuthorization(app: App, id: string, flags: UpdateFlags): Promise<void> {
  if (flags.permissions !== undefined && (flags.addPermissions !== undefined || flags.removePermissions !== undefined)) {
    throw new UsageError('--permissions replaces the set; it cannot be combined with --add-permissions or --remove-permissions');
  }
  if (flags.user !== undefined && flags.group !== undefined) throw new UsageError('give --user or --group, not both');
  app.refuseStdinClash({ '--file': flags.file });
  const nothing = [
    flags.permissions,
    flags.addPermissions,
    flags.removePermissions,
    flags.user,
    flags.group,
    flags.resourceType,
    flags.resourceId,
    flags.file,
  ].every((flag) => flag === undefined);
  if (nothing)
    throw new UsageError(
      'nothing to change: give --permissions, --add-permissions, --remove-permissions, --user, --group, --resource-type, --resource-id or --file',
    );
  const change = {
    permissions: flags.permissions === undefined ? undefined : commaList(flags.permissions, '--permissions'),
    addPermissions: flags.addPermissions === undefined ? undefined : commaList(flags.addPermissions, '--add-permissions'),
    removePermissions: flags.removePermissions === undefined ? undefined : commaList(flags.removePermissions, '--remove-permissions'),
    user: flags.user,
    group: flags.group,
    resourceType: flags.resourceType,
    resourceId: flags.resourceId,
  };
  let desired;
  if (flags.file !== undefined) {
    // A desired-state file is read and checked as plan files are, with the yaml library and zod's
    // chained API (src/plans/load.ts): only this path loads them (docs/performance.md).
    const { readDesiredState } = await import('../authorizations/desired.js');
    desired = await readDesiredState(flags.file, app.io.stdin);
  }

  const client = await engineClient(app);
  const output = await app.output();
  const result = await changeEngineObject(authorizationUpdate(client.authorizations, id, change, desired), {
    id,
    url: client.http.url(enginePath`/authorization/${id}`),
    diff: (current, body) => diffAuthorization(toUpdate(current), body),
    dryRun: Boolean(flags.dryRun),
    policy: updatePolicyFrom(app.io.env, (message) => output.warn(message)),
  });
  await output.data(result, authorizationDiffView);
  output.info(updateSentence('authorization', id, result));
}

export async function deleteAuthorization(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  // Read first: the confirmation shows what goes, and a missing id fails before the prompt.
  const current = await client.authorizations.get(id);
  await app.confirm(`delete ${describeAuthorization(current)}`);
  await sendChange(['auth', 'get', id], () => client.authorizations.delete(id));
  (await app.output()).info(`deleted authorization ${id}`);
}

export async function checkAuthorization(app: App, flags: CheckFlags): Promise<void> {
  const resourceType = parseResourceType(flags.resourceType);
  const [permissionName] = parsePermissions([flags.permission], resourceType, '--permission');
  const [client, target] = await Promise.all([engineClient(app), engineTarget(app)]);
  const result = await client.authorizations.check({
    permissionName: permissionName!,
    resourceName: resourceType.resourceName,
    resourceType: resourceType.code,
    resourceId: flags.resourceId,
    userId: flags.user,
  });
  // Without --user the engine checks the caller: the username sent, or whoever the token names.
  const caller = target.credentials?.type === 'basic' ? target.credentials.username.value : undefined;
  const user = flags.user ?? caller;
  await (await app.output()).data(result, checkView(user === undefined ? "the token's user" : `user ${user}`));
}

export async function explainAuthorization(app: App, flags: ExplainFlags): Promise<void> {
  if ((flags.user === undefined) === (flags.group === undefined)) throw new UsageError('give --user ID or --group ID (one of them)');
  for (const [flag, value] of [
    ['--user', flags.user],
    ['--group', flags.group],
    ['--resource-id', flags.resourceId],
  ] as const) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} must not be empty`);
  }
  const resourceType = parseResourceType(flags.resourceType);
  const permissions = flags.permission === undefined ? resourceType.permissions : parsePermissions([flags.permission], resourceType, '--permission');
  if (permissions.some((permission) => (UNIVERSAL_PERMISSIONS as readonly string[]).includes(permission))) {
    throw new UsageError(
      `--permission: ask about one permission of ${resourceType.name} (${resourceType.permissions.join(', ')}), not ${permissions.join('')}`,
    );
  }
  const target = await engineTarget(app);
  const client = await engineClient(app);
  const { explainAccess, subjectExists } = await import('../authorizations/explain.js');
  const ownUser = target.credentials?.type === 'basic' && flags.user !== undefined && target.credentials.username.value === flags.user;
  const output = await app.output();
  // A mistyped id explains nobody in particular, which reads like "no authorization matches".
  const [report, exists] = await Promise.all([
    explainAccess(client, { user: flags.user, group: flags.group, resourceType, resourceId: flags.resourceId, permissions, crossCheck: ownUser }),
    output.quiet ? undefined : subjectExists(client, { user: flags.user, group: flags.group }),
  ]);
  const { explainOneView, explainView } = await import('../render/explain.js');
  if (flags.permission === undefined) await output.data(report, explainView);
  else await output.data({ permission: permissions[0]!, authorized: report.permissions[0]!.granted, ...report }, explainOneView);
  if (report.engineCheck?.asked && report.engineCheck.disagreements.length > 0) {
    output.warn(`the engine answers otherwise than the rules computed here for ${report.engineCheck.disagreements.join(', ')} (see docs/access.md#explain)`);
  }
  if (exists === false) {
    const [flag, noun, id] = flags.user !== undefined ? ['--user', 'user', flags.user] : ['--group', 'group', flags.group!];
    output.warn(`${flag} ${id}: the engine has no such ${noun}; what is explained is what the authorizations naming that id and the global ones would give it`);
  }
}

export async function listResourceTypes(app: App): Promise<void> {
  const rows = RESOURCE_TYPES.map((type) => ({ ...type, permissions: [...UNIVERSAL_PERMISSIONS, ...type.permissions] }));
  await (await app.output()).data(rows, catalogueView);
}
