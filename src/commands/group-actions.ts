/** What the `group` commands do (declared in ./group.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import type { GroupQuery } from '../engine/groups.js';
import { enginePath } from '../engine/paths.js';
import { changeEngineObject } from '../engine-objects/change.js';
import { updatePolicyFrom } from '../engine-objects/update.js';
import { GROUP_FIELDS, groupUpdate } from '../groups/update.js';
import { ChangeOutcomeUnknownError, describeFailure, sendChange } from '../exit.js';
import { changeMembership, groupNotFound, type MembershipAction } from '../groups/members.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import { describeUnknown } from '../tenants/members.js';
import { countView } from '../render/common.js';
import {
  groupDiffView,
  groupListView,
  groupView,
  linksView,
  memberListView,
  MEMBERSHIP_CHANGED,
  MEMBERSHIP_UNCHANGED,
  MEMBERSHIP_UNKNOWN_USER,
  membershipResultView,
} from '../render/group.js';
import { listWithLimit } from './listing.js';
import type { GROUP_CREATE_FLAGS, GROUP_FILTER_FLAGS, GROUP_LIST_FLAGS, GROUP_UPDATE_FLAGS, MEMBER_LIST_FLAGS } from './group-flags.js';
import { commaList, paging, sorting } from './options.js';
import type { FlagsOf } from './spec.js';
import { updateSentence } from '../render/diff.js';

/** count takes the filters alone; list adds sorting and paging. */
type FilterFlags = FlagsOf<typeof GROUP_FILTER_FLAGS> & Partial<FlagsOf<typeof GROUP_LIST_FLAGS>>;

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

export async function listGroups(app: App, flags: FlagsOf<typeof GROUP_LIST_FLAGS>): Promise<void> {
  const query = toQuery(flags);
  const page = paging(flags);
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  await listWithLimit(await app.output(), {
    page,
    fetchPage: (first, max) => client.groups.list(query, first, max),
    view: groupListView,
    noun: 'groups',
    limit: client.http.queryLimit,
  });
}

export async function countGroups(app: App, flags: FlagsOf<typeof GROUP_FILTER_FLAGS>): Promise<void> {
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

export async function createGroup(app: App, flags: FlagsOf<typeof GROUP_CREATE_FLAGS>): Promise<void> {
  requireName(flags.id, '--id');
  requireName(flags.name, '--name');
  const client = await engineClient(app);
  await sendChange(['group', 'get', flags.id], () => client.groups.create({ id: flags.id, name: flags.name, type: flags.type ?? null }));
  const output = await app.output();
  output.info(`created group ${flags.id}`);
  await output.machineOnly(() => client.groups.get(flags.id));
}

export async function updateGroup(app: App, id: string, flags: FlagsOf<typeof GROUP_UPDATE_FLAGS>): Promise<void> {
  if (flags.name === undefined && flags.type === undefined) throw new UsageError('nothing to change: give --name or --type');
  if (flags.name !== undefined) requireName(flags.name, '--name');
  const client = await engineClient(app);
  const output = await app.output();
  const result = await changeEngineObject(groupUpdate(client.groups, id, { name: flags.name, type: flags.type }), {
    id,
    url: client.http.url(enginePath`/group/${id}`),
    diff: (current, body) => GROUP_FIELDS.map((field) => ({ field, before: current[field], after: body[field], changed: current[field] !== body[field] })),
    dryRun: Boolean(flags.dryRun),
    policy: updatePolicyFrom(app.io.env, (message) => output.warn(message)),
  });
  await output.data(result, groupDiffView);
  output.info(updateSentence('group', id, result));
}

export async function deleteGroup(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  // The engine answers 204 for a group that does not exist; read first so a typo is a 404.
  const current = await client.groups.get(id);
  await app.confirm(`delete group ${current.id} (${current.name ?? 'no name'}) with its memberships and the authorizations on it`);
  await sendChange(['group', 'get', id], () => client.groups.delete(id));
  (await app.output()).info(`deleted group ${id}`);
}

export async function listMembers(app: App, id: string, flags: FlagsOf<typeof MEMBER_LIST_FLAGS>): Promise<void> {
  const page = paging(flags);
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  // The user query answers [] for a group that does not exist: a typo must be a 404, but a group
  // the caller may not read is hidden too, so only a group without visible members is one.
  const unreadable = await groupNotFound(client, id);
  if (unreadable && (await client.groups.members(id, 0, 1)).length === 0) throw unreadable;
  await listWithLimit(await app.output(), {
    page,
    fetchPage: (first, max) => client.groups.members(id, first, max),
    view: memberListView,
    noun: 'members',
    limit: client.http.queryLimit,
  });
}

export async function addMembers(app: App, id: string, users: string[]): Promise<void> {
  await changeMembers(app, 'add', id, users);
}

export async function removeMembers(app: App, id: string, users: string[]): Promise<void> {
  await changeMembers(app, 'remove', id, users);
}

async function changeMembers(app: App, name: MembershipAction, id: string, users: string[]): Promise<void> {
  for (const userId of users) requireName(userId, 'a user id');
  const client = await engineClient(app);
  const outcomes = await changeMembership(client, name, id, users, (error) => !describeFailure(error).internal);
  const output = await app.output();
  const verb = MEMBERSHIP_CHANGED[name];
  const results = outcomes.map((outcome) => {
    if (outcome.status === 'unknown') return { userId: outcome.userId, ok: true, result: MEMBERSHIP_UNKNOWN_USER, exitCode: 0 };
    if (outcome.status !== 'failed')
      return { userId: outcome.userId, ok: true, result: outcome.status === 'changed' ? verb : MEMBERSHIP_UNCHANGED[name], exitCode: 0 };
    const failure = describeFailure(outcome.error);
    // A lost answer is no failure to fix: the row says so, and how to check.
    const result = outcome.error instanceof ChangeOutcomeUnknownError ? `${failure.message} (${failure.hint ?? ''})` : failure.message;
    return { userId: outcome.userId, ok: false, result, exitCode: failure.exitCode };
  });
  await output.data({ group: id, action: name, results: results.map(({ userId, result, ok }) => ({ userId, ok, result })) }, membershipResultView);
  const unknown = outcomes.flatMap((outcome) => (outcome.status === 'unknown' ? [{ kind: 'user' as const, id: outcome.userId, near: outcome.near }] : []));
  if (unknown.length > 0) output.warn(`${describeUnknown(unknown)}: nothing to remove`);
  const failed = results.filter((result) => !result.ok);
  if (failed.length === 0) {
    if (outcomes.some((outcome) => outcome.status === 'changed')) return;
    // The warning said it all.
    if (outcomes.every((outcome) => outcome.status === 'unknown')) return;
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
