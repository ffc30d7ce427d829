/** What the `tenant` commands do (declared in ./tenant.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { enginePath } from '../engine/paths.js';
import type { TenantQuery } from '../engine/tenants.js';
import { changeEngineObject } from '../engine-objects/change.js';
import { updatePolicyFrom } from '../engine-objects/update.js';
import { ChangeOutcomeUnknownError, describeFailure, sendChange } from '../exit.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import { countView } from '../render/common.js';
import {
  TENANT_MEMBER_UNKNOWN,
  TENANT_MEMBERSHIP_CHANGED,
  TENANT_MEMBERSHIP_UNCHANGED,
  tenantDiffView,
  tenantListView,
  tenantMembershipResultView,
  tenantView,
} from '../render/tenant.js';
import { changeTenantMembership, describeUnknown, type TenantMember, type TenantMembershipAction } from '../tenants/members.js';
import { TENANT_FIELDS, tenantUpdate } from '../tenants/update.js';
import { listWithLimit } from './listing.js';
import { paging, sorting } from './options.js';
import type { FlagsOf } from './spec.js';
import type { TENANT_CREATE_FLAGS, TENANT_FILTER_FLAGS, TENANT_LIST_FLAGS, TENANT_MEMBER_FLAGS, TENANT_UPDATE_FLAGS } from './tenant-flags.js';
import { updateSentence } from '../render/diff.js';

/** count takes the filters alone; list adds sorting and paging. */
type FilterFlags = FlagsOf<typeof TENANT_FILTER_FLAGS> & Partial<FlagsOf<typeof TENANT_LIST_FLAGS>>;

function toQuery(flags: FilterFlags): TenantQuery {
  if (flags.includingGroupsOfUser && flags.user === undefined) throw new UsageError('--including-groups-of-user needs --user');
  return {
    id: flags.id,
    name: flags.name,
    nameLike: flags.nameLike,
    userMember: flags.user,
    groupMember: flags.group,
    // The engine ignores includingGroupsOfUser=false: send it only when given.
    includingGroupsOfUser: flags.includingGroupsOfUser ? true : undefined,
    // Without either flag nothing is sent: the engine orders by id then too.
    ...sorting(flags.sortBy, flags.sortOrder, ['id', 'name'] as const, { field: 'id' }),
  };
}

function requireText(value: string, what: string): string {
  if (value.trim() === '') throw new UsageError(`${what} must not be empty`);
  return value;
}

export async function listTenants(app: App, flags: FlagsOf<typeof TENANT_LIST_FLAGS>): Promise<void> {
  const query = toQuery(flags);
  const page = paging(flags);
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  await listWithLimit(await app.output(), {
    page,
    fetchPage: (first, max) => client.tenants.list(query, first, max),
    view: tenantListView,
    noun: 'tenants',
    limit: client.http.queryLimit,
  });
}

export async function countTenants(app: App, flags: FlagsOf<typeof TENANT_FILTER_FLAGS>): Promise<void> {
  const query = toQuery(flags);
  const client = await engineClient(app);
  await (await app.output()).data({ count: await client.tenants.count(query) }, countView);
}

export async function getTenant(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  await (await app.output()).data(await client.tenants.get(id), tenantView);
}

export async function createTenant(app: App, flags: FlagsOf<typeof TENANT_CREATE_FLAGS>): Promise<void> {
  requireText(flags.id, '--id');
  requireText(flags.name, '--name');
  const client = await engineClient(app);
  await sendChange(['tenant', 'get', flags.id], () => client.tenants.create({ id: flags.id, name: flags.name }));
  const output = await app.output();
  output.info(`created tenant ${flags.id}`);
  await output.machineOnly(() => client.tenants.get(flags.id));
}

export async function updateTenant(app: App, id: string, flags: FlagsOf<typeof TENANT_UPDATE_FLAGS>): Promise<void> {
  if (flags.name === undefined) throw new UsageError('nothing to change: give --name');
  requireText(flags.name, '--name');
  const client = await engineClient(app);
  const output = await app.output();
  const result = await changeEngineObject(tenantUpdate(client.tenants, id, { name: flags.name }), {
    id,
    url: client.http.url(enginePath`/tenant/${id}`),
    diff: (current, body) => TENANT_FIELDS.map((field) => ({ field, before: current[field], after: body[field], changed: current[field] !== body[field] })),
    dryRun: Boolean(flags.dryRun),
    policy: updatePolicyFrom(app.io.env, (message) => output.warn(message)),
  });
  await output.data(result, tenantDiffView);
  output.info(updateSentence('tenant', id, result));
}

export async function deleteTenant(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  // The engine answers 204 for a tenant that does not exist; read first so a typo is a 404.
  const current = await client.tenants.get(id);
  const [users, groups] = await Promise.all([client.tenants.userMemberCount(id), client.groups.count({ memberOfTenant: id })]);
  await app.confirm(
    `delete tenant ${current.id} (${current.name ?? 'no name'}) with its memberships (${plural(users, 'user')}, ${plural(groups, 'group')}) and the authorizations on it; its deployments and definitions stay`,
  );
  await sendChange(['tenant', 'get', id], () => client.tenants.delete(id));
  (await app.output()).info(`deleted tenant ${id}`);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export async function addTenantMembers(app: App, id: string, flags: FlagsOf<typeof TENANT_MEMBER_FLAGS>): Promise<void> {
  await changeMembers(app, 'add', id, flags);
}

export async function removeTenantMembers(app: App, id: string, flags: FlagsOf<typeof TENANT_MEMBER_FLAGS>): Promise<void> {
  await changeMembers(app, 'remove', id, flags);
}

function membersFrom(flags: FlagsOf<typeof TENANT_MEMBER_FLAGS>): TenantMember[] {
  const members: TenantMember[] = [
    ...(flags.user ?? []).map((memberId) => ({ kind: 'user' as const, id: requireText(memberId, 'a user id') })),
    ...(flags.group ?? []).map((memberId) => ({ kind: 'group' as const, id: requireText(memberId, 'a group id') })),
  ];
  if (members.length === 0) throw new UsageError('name the members: --user ID or --group ID (each repeatable)');
  return members;
}

async function changeMembers(app: App, action: TenantMembershipAction, id: string, flags: FlagsOf<typeof TENANT_MEMBER_FLAGS>): Promise<void> {
  requireText(id, 'the tenant id');
  const members = membersFrom(flags);
  const client = await engineClient(app);
  const outcomes = await changeTenantMembership(client, action, id, members, (error) => !describeFailure(error).internal);
  const output = await app.output();
  const verb = TENANT_MEMBERSHIP_CHANGED[action];
  const results = outcomes.map((outcome) => {
    const row = { kind: outcome.kind, id: outcome.id };
    if (outcome.status === 'unknown') return { ...row, ok: true, result: TENANT_MEMBER_UNKNOWN[outcome.kind], exitCode: 0 };
    if (outcome.status !== 'failed')
      return { ...row, ok: true, result: outcome.status === 'changed' ? verb : TENANT_MEMBERSHIP_UNCHANGED[action], exitCode: 0 };
    const failure = describeFailure(outcome.error);
    // A lost answer is no failure to fix: the row says so, and how to check.
    const result = outcome.error instanceof ChangeOutcomeUnknownError ? `${failure.message} (${failure.hint ?? ''})` : failure.message;
    return { ...row, ok: false, result, exitCode: failure.exitCode };
  });
  await output.data(
    { tenant: id, action, results: results.map(({ kind, id: memberId, ok, result }) => ({ kind, id: memberId, ok, result })) },
    tenantMembershipResultView,
  );
  const unknown = outcomes.flatMap((outcome) => (outcome.status === 'unknown' ? [outcome] : []));
  if (unknown.length > 0) output.warn(`${describeUnknown(unknown)}: nothing to remove`);
  const failed = results.filter((result) => !result.ok);
  if (failed.length === 0) {
    if (outcomes.some((outcome) => outcome.status === 'changed')) return;
    // The warning said it all.
    if (outcomes.every((outcome) => outcome.status === 'unknown')) return;
    const unchanged = action === 'add' ? 'is already a member' : 'is not a member';
    const who =
      members.length === 1
        ? `${members[0]!.kind} ${members[0]!.id} ${unchanged}`
        : action === 'add'
          ? 'every one is already a member'
          : 'none of them is a member';
    return output.info(`no change: ${who} of ${id}`);
  }
  if (failed.length === results.length) throw new CliError(`no member was ${verb}: ${failed.length} failed`, failed[0]!.exitCode as ExitCode);
  throw new CliError(`${failed.length} of ${results.length} members could not be ${verb}`, ExitCode.Partial);
}
