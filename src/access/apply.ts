/**
 * `access apply`: makes the changes of a plan (./plan.ts) in a safe order: groups, members,
 * authorizations, then the deletions in reverse (authorizations, members, groups). Updates are
 * read-merge-writes that keep the engine's ids (src/engine-objects/update.ts); a change whose
 * answer is lost names the command that shows what happened (src/exit.ts sendChange). The first
 * failure stops the run: every change is reported done, failed or not done, and applying the same
 * file again makes what is left.
 */
import { applyChange } from '../authorizations/change.js';
import { refusingDuplicates, listCommand } from '../authorizations/duplicate.js';
import { authorizationUpdate } from '../authorizations/update.js';
import { GLOBAL, parseAuthorizationType } from '../catalogue/authorization.js';
import type { Authorization, AuthorizationCreate } from '../engine/authorizations.js';
import type { EngineClient } from '../engine/client.js';
import { EngineNotFoundError } from '../engine/errors.js';
import { enginePath } from '../engine/paths.js';
import { collectPages } from '../engine/paging.js';
import { type ObjectUpdate, type UpdatePolicy, updateObjects } from '../engine-objects/update.js';
import { sendChange } from '../exit.js';
import { groupUpdate, mergeGroup } from '../groups/update.js';
import { profileUpdate } from '../users/changes.js';
import { tenantUpdate } from '../tenants/update.js';
import { identityRequest, sendIdentityChange } from './apply-identity.js';
import { type AccessScope, authorizationKey } from './file.js';
import {
  type AccessChange,
  type AccessPlan,
  type AuthorizationChange,
  describeRow,
  type EngineAccess,
  type GroupChange,
  type IdentityChange,
  type MemberChange,
  type TenantChange,
  type TenantMemberChange,
  type UserChange,
} from './plan.js';

type ChangeStatus = 'done' | 'failed' | 'not done';

export interface AppliedChange {
  change: AccessChange;
  status: ChangeStatus;
  /** Why it failed, or what else happened (an authorization the engine had already made). */
  note?: string | undefined;
}

/** The run stopped at a failure: `results` says what was done and what not, `failure` why. */
export class ApplyStopped extends Error {
  constructor(
    readonly results: AppliedChange[],
    readonly failure: unknown,
  ) {
    super('apply stopped');
    this.name = 'ApplyStopped';
  }
}

export interface PlannedRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

/** The engine's create body of a planned authorization. */
export function createBody(change: AuthorizationChange): AuthorizationCreate {
  const type = parseAuthorizationType(change.type).code;
  return {
    type,
    permissions: change.after ?? [],
    userId: type === GLOBAL ? '*' : change.user,
    groupId: change.group,
    resourceType: change.resourceType,
    resourceId: change.resourceId,
  };
}

/** What apply would send for each change, bodies as they would be now (for --dry-run). */
export function plannedRequests(client: EngineClient, plan: AccessPlan, engine: EngineAccess): { change: AccessChange; request: PlannedRequest }[] {
  const byId = new Map(engine.authorizations.map((row) => [row.id, row]));
  const url = (path: ReturnType<typeof enginePath>) => client.http.url(path);
  return plan.changes.map((change) => {
    let request: PlannedRequest;
    switch (change.object) {
      case 'user':
      case 'tenant':
      case 'tenant-member':
        request = identityRequest(client, change);
        break;
      case 'group':
        if (change.action === 'create') request = { method: 'POST', url: url(enginePath`/group/create`), body: { id: change.group, ...change.after } };
        else if (change.action === 'update')
          request = { method: 'PUT', url: url(enginePath`/group/${change.group}`), body: mergeGroup({ id: change.group, ...change.before! }, change.after!) };
        else request = { method: 'DELETE', url: url(enginePath`/group/${change.group}`) };
        break;
      case 'member':
        request = { method: change.action === 'add' ? 'PUT' : 'DELETE', url: url(enginePath`/group/${change.group}/members/${change.user}`) };
        break;
      case 'authorization':
        if (change.action === 'create') request = { method: 'POST', url: url(enginePath`/authorization/create`), body: createBody(change) };
        else if (change.action === 'update')
          request = {
            method: 'PUT',
            url: url(enginePath`/authorization/${change.id!}`),
            body: applyChange(byId.get(change.id!)!, { permissions: change.after ?? [] }),
          };
        else request = { method: 'DELETE', url: url(enginePath`/authorization/${change.id!}`) };
        break;
    }
    return { change, request };
  });
}

export interface ApplyOptions {
  policy: UpdatePolicy;
  prune: boolean;
  scope: AccessScope;
  /** Identities of the authorizations the file names. */
  wanted: ReadonlySet<string>;
  /** Told of an authorization the engine made with a new group that the file does not name: deleted with --prune, kept otherwise. */
  notice: (made: AuthorizationChange) => void;
}

/** Applies the plan; resolves with every change done, or rejects with ApplyStopped. */
export async function applyPlan(client: EngineClient, plan: AccessPlan, engine: EngineAccess, options: ApplyOptions): Promise<AppliedChange[]> {
  const results: AppliedChange[] = plan.changes.map((change) => ({ change, status: 'not done' }));
  const byId = new Map(engine.authorizations.map((row) => [row.id, row]));
  // Read when each phase starts: the engine's defaults for new groups may have changed the plan.
  const of = <C extends AccessChange>(test: (change: AccessChange) => change is C): AppliedChange[] =>
    results.filter((result) => result.status === 'not done' && test(result.change));
  const isGroup =
    (action: string) =>
    (change: AccessChange): change is GroupChange =>
      change.object === 'group' && change.action === action;
  const isMember =
    (action: string) =>
    (change: AccessChange): change is MemberChange =>
      change.object === 'member' && change.action === action;
  const isIdentity =
    (object: IdentityChange['object'], action: string) =>
    (change: AccessChange): change is IdentityChange =>
      change.object === object && change.action === action;
  const sendEach = async (object: IdentityChange['object'], action: string): Promise<void> => {
    for (const result of of(isIdentity(object, action))) await one(result, () => sendIdentityChange(client, result.change as IdentityChange));
  };
  const isAuthorization =
    (action: string) =>
    (change: AccessChange): change is AuthorizationChange =>
      change.object === 'authorization' && change.action === action;

  const one = async (result: AppliedChange, run: () => Promise<string | void>): Promise<void> => {
    try {
      const note = await run();
      result.status = 'done';
      if (note) result.note = note;
    } catch (error) {
      result.status = 'failed';
      throw new ApplyStopped(results, error);
    }
  };

  const created = of(isGroup('create'));
  for (const result of created) {
    const change = result.change as GroupChange;
    await one(result, () =>
      sendChange(['group', 'get', change.group], () => client.groups.create({ id: change.group, name: change.after!.name, type: change.after!.type })),
    );
  }
  await updateAll(
    results,
    of(isGroup('update')).map((result) => {
      const change = result.change as GroupChange;
      return { result, update: groupUpdate(client.groups, change.group, change.after!), current: engine.groups.get(change.group)! };
    }),
    options.policy,
  );
  const createdUsers = of(isIdentity('user', 'create'));
  await sendEach('user', 'create');
  await updateAll(
    results,
    of(isIdentity('user', 'update')).map((result) => {
      const change = result.change as UserChange;
      const current = engine.identity.users.get(change.user)!;
      return { result, update: profileUpdate(client.users, change.user, change.after!), current: { id: change.user, ...current } };
    }),
    options.policy,
  );
  await sendEach('tenant', 'create');
  await updateAll(
    results,
    of(isIdentity('tenant', 'update')).map((result) => {
      const change = result.change as TenantChange;
      return {
        result,
        update: tenantUpdate(client.tenants, change.tenant, { name: change.after!.name ?? undefined }),
        current: engine.identity.tenants.get(change.tenant)!,
      };
    }),
    options.policy,
  );
  for (const result of of(isMember('add'))) {
    const change = result.change as MemberChange;
    await one(result, () => sendChange(['group', 'members', 'list', change.group], () => client.groups.addMember(change.group, change.user)));
  }
  const tenantMembers = of(isIdentity('tenant-member', 'add'));
  await sendEach('tenant-member', 'add');
  // The engine's default authorizations: READ on a new group for it, ALL on a new user for them,
  // READ on a tenant for each new member of it (DefaultAuthorizationProvider).
  const owners = {
    groups: [
      ...created.map((result) => (result.change as GroupChange).group),
      ...tenantMembers.flatMap((result) => ((result.change as TenantMemberChange).group === null ? [] : [(result.change as TenantMemberChange).group!])),
    ],
    users: [
      ...createdUsers.map((result) => (result.change as UserChange).user),
      ...tenantMembers.flatMap((result) => ((result.change as TenantMemberChange).user === null ? [] : [(result.change as TenantMemberChange).user!])),
    ],
  };
  if (owners.groups.length + owners.users.length > 0) await adoptDefaults(client, results, owners, byId, options);
  for (const result of of(isAuthorization('create'))) {
    const change = result.change as AuthorizationChange;
    const body = createBody(change);
    await one(result, async () => {
      const made = await refusingDuplicates(client.authorizations, body, undefined, () =>
        sendChange(listCommand(body), () => client.authorizations.create(body)),
      );
      change.id = made.id;
    });
  }
  await updateAll(
    results,
    of(isAuthorization('update')).map((result) => {
      const change = result.change as AuthorizationChange;
      return {
        result,
        update: authorizationUpdate(client.authorizations, change.id!, { permissions: change.after ?? [] }, undefined),
        current: byId.get(change.id!)!,
      };
    }),
    options.policy,
  );
  for (const result of of(isAuthorization('delete'))) {
    const change = result.change as AuthorizationChange;
    await one(result, () => deleteOrGone(() => sendChange(['auth', 'get', change.id!], () => client.authorizations.delete(change.id!))));
  }
  await sendEach('tenant-member', 'remove');
  for (const result of of(isMember('remove'))) {
    const change = result.change as MemberChange;
    await one(result, () => sendChange(['group', 'members', 'list', change.group], () => client.groups.removeMember(change.group, change.user)));
  }
  for (const result of of(isGroup('delete'))) {
    const change = result.change as GroupChange;
    await one(result, () => sendChange(['group', 'get', change.group], () => client.groups.delete(change.group)));
  }
  await sendEach('tenant', 'delete');
  await sendEach('user', 'delete');
  return results;
}

/** A delete whose object is gone already (a cascade, another run) has nothing left to do. */
async function deleteOrGone(send: () => Promise<void>): Promise<string | void> {
  try {
    await send();
  } catch (error) {
    if (error instanceof EngineNotFoundError) return 'already gone';
    throw error;
  }
}

/**
 * Read-merge-writes in one batch (one read-back wait for all), each from the state the plan saw.
 * When one fails, each is read again to tell which hold: those are done, the rest not.
 */
async function updateAll<T, B>(
  results: AppliedChange[],
  items: { result: AppliedChange; update: ObjectUpdate<T, B>; current: T }[],
  policy: UpdatePolicy,
): Promise<void> {
  if (items.length === 0) return;
  try {
    await updateObjects(items, policy);
    for (const item of items) item.result.status = 'done';
  } catch (error) {
    for (const item of items) {
      const now = await item.update.read().catch(() => undefined);
      item.result.status = now !== undefined && item.update.differences(now, item.update.merge(now)).length === 0 ? 'done' : 'failed';
    }
    throw new ApplyStopped(results, error);
  }
}

/**
 * The engine gives a new group READ on itself (DefaultAuthorizationProvider.newGroup): after the
 * groups are created, their authorizations are read again. A planned create that the engine has made
 * already becomes an update (or nothing); one the file does not name is deleted with --prune, like
 * any other in scope, and kept otherwise.
 */
async function adoptDefaults(
  client: EngineClient,
  results: AppliedChange[],
  owners: { groups: string[]; users: string[] },
  byId: Map<string, Authorization>,
  options: ApplyOptions,
): Promise<void> {
  const found: Authorization[] = [];
  for (const [key, ids] of [
    ['groupIdIn', [...new Set(owners.groups)]],
    ['userIdIn', [...new Set(owners.users)]],
  ] as const) {
    for (let start = 0; start < ids.length; start += 50) {
      const query = { [key]: ids.slice(start, start + 50) };
      for (const row of await collectPages((firstResult, maxResults) => client.authorizations.list({ ...query, firstResult, maxResults }), {
        limit: client.http.queryLimit,
      }))
        if (!byId.has(row.id)) found.push(row);
    }
  }
  if (found.length === 0) return;
  const byKey = new Map(found.map((row) => [authorizationKey(row), row]));
  for (const result of results) {
    const change = result.change;
    if (change.object !== 'authorization' || change.action !== 'create') continue;
    const existing = byKey.get(authorizationKey({ ...createBody(change), resourceId: change.resourceId }));
    if (existing === undefined) continue;
    byId.set(existing.id, existing);
    change.id = existing.id;
    change.before = [...existing.permissions];
    const update = authorizationUpdate(client.authorizations, existing.id, { permissions: change.after ?? [] }, undefined);
    if (update.differences(existing, update.merge(existing)).length === 0) {
      result.status = 'done';
      result.note = 'made by the engine with its group';
    } else {
      change.action = 'update';
    }
  }
  const unnamed = found.filter((row) => !options.wanted.has(authorizationKey(row)) && options.scope.authorization(row));
  for (const row of unnamed) {
    const change: AuthorizationChange = {
      action: options.prune ? 'delete' : 'keep',
      object: 'authorization',
      id: row.id,
      ...describeRow(row),
      before: [...row.permissions],
      after: null,
    };
    options.notice(change);
    if (options.prune) results.push({ change, status: 'not done' });
  }
}
