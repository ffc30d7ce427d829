/** What the `group` commands do (declared in ./group.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import type { EngineClient } from '../engine/client.js';
import { EngineNotFoundError } from '../engine/errors.js';
import type { GroupQuery } from '../engine/groups.js';
import { enginePath } from '../engine/paths.js';
import { updateObject, updatePolicyFrom } from '../engine-objects/update.js';
import { GROUP_FIELDS, groupUpdate } from '../groups/update.js';
import { ChangeOutcomeUnknownError, describeFailure, sendChange } from '../exit.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import { countView } from '../render/common.js';
import { groupDiffView, groupListView, groupView, linksView, memberListView, MEMBERSHIP_CHANGED, MEMBERSHIP_UNCHANGED, membershipResultView } from '../render/group.js';
import { listWithLimit } from './listing.js';
import { commaList, paging, type PagingFlags, sorting } from './options.js';

interface FilterFlags extends PagingFlags {
  id?: string;
  idIn?: string;
  name?: string;
  nameLike?: string;
  type?: string;
  member?: string;
  memberOfTenant?: string;
  sortBy?: string;
  sortOrder?: string;
}

function toQuery(flags: FilterFlags): GroupQuery {
  return {
    id: flags.id,
    idIn: flags.idIn === undefined ? undefined : commaList(flags.idIn, '--id-in'),
    name: flags.name,
    nameLike: flags.nameLike,
    type: flags.type,
    member: flags.member,
    memberOfTenant: flags.memberOfTenant,
    ...sorting(flags.sortBy, flags.sortOrder, ['id', 'name', 'type'] as const),
  };
}

function requireName(value: string, flag: string): string {
  if (value.trim() === '') throw new UsageError(`${flag} must not be empty`);
  return value;
}

export async function listGroups(app: App, flags: FilterFlags): Promise<void> {
  const query = toQuery(flags);
  const page = paging(flags);
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  await listWithLimit(await app.output(), { page, fetchPage: (first, max) => client.groups.list(query, first, max), view: groupListView, noun: 'groups', limit: client.http.queryLimit });
}

export async function countGroups(app: App, flags: FilterFlags): Promise<void> {
  const client = await engineClient(app);
  const count = await client.groups.count(toQuery(flags));
  await (await app.output()).data({ count }, countView);
}

export async function getGroup(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  const found = await client.groups.get(id);
  await (await app.output()).data(found, groupView);
}

export async function groupOptions(app: App, id: string | undefined): Promise<void> {
  const client = await engineClient(app);
  const links = await client.groups.options(id);
  await (await app.output()).data({ links }, linksView);
}

export async function createGroup(app: App, flags: { id: string; name: string; type?: string }): Promise<void> {
  requireName(flags.id, '--id');
  requireName(flags.name, '--name');
  const client = await engineClient(app);
  await sendChange(['group', 'get', flags.id], () => client.groups.create({ id: flags.id, name: flags.name, type: flags.type ?? null }));
  const output = await app.output();
  output.info(`created group ${flags.id}`);
  if (output.machineReadable) await output.data(await client.groups.get(flags.id), { table: () => '' });
}

export async function updateGroup(app: App, id: string, flags: { name?: string; type?: string; dryRun?: boolean }): Promise<void> {
  if (flags.name === undefined && flags.type === undefined) throw new UsageError('nothing to change: give --name or --type');
  if (flags.name !== undefined) requireName(flags.name, '--name');
  const client = await engineClient(app);
  const change = { name: flags.name, type: flags.type };
  const update = groupUpdate(client.groups, id, change);
  const current = await update.read();
  const body = update.merge(current);
  const diff = GROUP_FIELDS.map((field) => ({ field, before: current[field], after: body[field], changed: current[field] !== body[field] }));
  const changed = diff.some((field) => field.changed);
  const output = await app.output();
  const request = { method: 'PUT', url: client.http.url(enginePath`/group/${id}`), body };
  await output.data({ id, changed, dryRun: Boolean(flags.dryRun), diff, request: changed ? request : null }, groupDiffView);
  if (!changed) return output.info(`no change: group ${id} already looks like that; nothing was sent`);
  if (flags.dryRun) return output.info('dry run: nothing was sent');
  // Read again, written, and read back until the change holds (docs/concurrency.md).
  await updateObject(update, current, updatePolicyFrom(app.io.env, (message) => output.warn(message)));
  output.info(`updated group ${id}`);
}

export async function deleteGroup(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  // The engine answers 204 for a group that does not exist; read first so a typo is a 404.
  const current = await client.groups.get(id);
  await app.confirm(`delete group ${current.id} (${current.name ?? 'no name'}) with its memberships and the authorizations on it`);
  await sendChange(['group', 'get', id], () => client.groups.delete(id));
  (await app.output()).info(`deleted group ${id}`);
}

export async function listMembers(app: App, id: string, flags: PagingFlags): Promise<void> {
  const page = paging(flags);
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  // The user query answers [] for a group that does not exist: a typo must be a 404, but a group
  // the caller may not read is hidden too, so only a group without visible members is one.
  const unreadable = await groupNotFound(client, id);
  if (unreadable && (await client.groups.members(id, 0, 1)).length === 0) throw unreadable;
  await listWithLimit(await app.output(), { page, fetchPage: (first, max) => client.groups.members(id, first, max), view: memberListView, noun: 'members', limit: client.http.queryLimit });
}

export async function addMembers(app: App, id: string, users: string[]): Promise<void> {
  await changeMembers(app, 'add', id, users);
}

export async function removeMembers(app: App, id: string, users: string[]): Promise<void> {
  await changeMembers(app, 'remove', id, users);
}

async function changeMembers(app: App, name: 'add' | 'remove', id: string, users: string[]): Promise<void> {
  for (const userId of users) requireName(userId, 'a user id');
  const client = await engineClient(app);
  // The engine answers DELETE with 204 for a missing group or membership, and PUT with opaque
  // 500s: look first. Changing members needs no READ on the group, whose query hides it from a
  // caller without: a group that cannot be read is missing only if the engine says so too.
  // Adding needs READ on the group as well (the engine's createMembership reads it): there the
  // 404 is the answer.
  const unreadable = name === 'add' ? await client.groups.get(id).then(() => undefined) : await groupNotFound(client, id);
  // Removing needs no READ on the user, adding does (the engine's 403 then says so): only remove
  // must find the members the caller cannot read.
  const memberIds = await client.groups.membersAmong(id, users, { includeUnreadable: name === 'remove' });
  // Nothing to remove from a group nobody can see: most likely it does not exist.
  if (unreadable && name === 'remove' && memberIds.size === 0) throw unreadable;
  const output = await app.output();
  const verb = MEMBERSHIP_CHANGED[name];
  const results: { userId: string; result: string; ok: boolean; changed: boolean; exitCode: number }[] = [];
  for (const userId of users) {
    if (memberIds.has(userId) === (name === 'add')) {
      results.push({ userId, result: MEMBERSHIP_UNCHANGED[name], ok: true, changed: false, exitCode: 0 });
      continue;
    }
    try {
      await sendChange(['group', 'members', 'list', id], () => (name === 'add' ? client.groups.addMember(id, userId) : client.groups.removeMember(id, userId)));
      // A user named twice is in the desired state the second time.
      if (name === 'add') memberIds.add(userId);
      else memberIds.delete(userId);
      results.push({ userId, result: verb, ok: true, changed: true, exitCode: 0 });
    } catch (error) {
      if (users.length === 1) throw error;
      const failure = describeFailure(error);
      if (failure.internal) throw error;
      // A lost answer is no failure to fix: the row says so, and how to check.
      const result = error instanceof ChangeOutcomeUnknownError ? `${failure.message} (${failure.hint ?? ''})` : failure.message;
      results.push({ userId, result, ok: false, changed: false, exitCode: failure.exitCode });
    }
  }
  await output.data({ group: id, action: name, results: results.map(({ userId, result, ok }) => ({ userId, ok, result })) }, membershipResultView);
  const failed = results.filter((result) => !result.ok);
  if (failed.length === 0) {
    if (results.some((result) => result.changed)) return;
    const unchanged = name === 'add' ? 'is already a member' : 'is not a member';
    const who = users.length === 1 ? `${users[0]} ${unchanged}` : name === 'add' ? 'every user is already a member' : 'none of the users is a member';
    return output.info(`no change: ${who} of ${id}`);
  }
  if (failed.length === results.length) throw new CliError(`no user was ${verb}: ${failed.length} failed`, failed[0]!.exitCode as ExitCode);
  throw new CliError(`${failed.length} of ${results.length} users could not be ${verb}`, ExitCode.Partial);
}

export async function memberOptions(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  const links = await client.groups.memberOptions(id);
  await (await app.output()).data({ links }, linksView);
}

/**
 * The engine's 404 for a group that the caller cannot see (it does not exist, or READ on it is
 * missing), or undefined when the group can be read.
 */
async function groupNotFound(client: EngineClient, id: string): Promise<Error | undefined> {
  try {
    await client.groups.get(id);
    return undefined;
  } catch (error) {
    if (error instanceof EngineNotFoundError) return error;
    throw error;
  }
}
