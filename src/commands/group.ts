/** `group`: groups and their members (CLI.md "group"; engine-rest.md §2). */
import type { Command } from 'commander';
import type { App } from '../app.js';
import type { EngineClient } from '../engine/client.js';
import type { GroupQuery } from '../engine/groups.js';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
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

function withFilters(command: Command, listing: boolean): Command {
  command
    .option('--id <id>', 'group id')
    .option('--id-in <ids>', 'comma-separated group ids (sent in a POST body when there are many)')
    .option('--name <name>', 'exact name')
    .option('--name-like <pattern>', 'name pattern, % as wildcard')
    .option('--type <type>', 'group type, e.g. WORKFLOW or SYSTEM')
    .option('--member <user>', 'groups this user belongs to')
    .option('--member-of-tenant <tenant>', 'groups of this tenant');
  if (listing) {
    command
      .option('--sort-by <field>', 'id, name or type')
      .option('--sort-order <order>', 'asc or desc (default asc)')
      .option('--first <n>', 'skip this many (firstResult)')
      .option('--max <n>', 'at most this many (default 100)')
      .option('--all', 'every group, page by page');
  }
  return command;
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

export function registerGroupCommands(program: Command, app: App): void {
  const group = program.command('group').description('groups and their members');

  withFilters(group.command('list').description('list groups'), true)
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group list --type WORKFLOW\n  $ camunda-admin group list --member john -o json\n  $ camunda-admin group list --all -o json > groups.json')
    .action(async (flags: FilterFlags) => {
      const query = toQuery(flags);
      const page = paging(flags);
      const client = await app.client({ bulk: page.maxResults === undefined });
      const { groupListView, listWithLimit } = await import('../runtime.js');
      await listWithLimit(await app.output(), page, (first, max) => client.groups.list(query, first, max), groupListView, 'groups', client.http.queryLimit);
    });

  withFilters(group.command('count').description('count groups'), false)
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group count --type WORKFLOW')
    .action(async (flags: FilterFlags) => {
      const client = await app.client();
      const count = await client.groups.count(toQuery(flags));
      const { countView } = await import('../runtime.js');
      await (await app.output()).data({ count }, countView);
    });

  group
    .command('get')
    .description('show one group')
    .argument('<id>', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group get sales')
    .action(async (id: string) => {
      const client = await app.client();
      const found = await client.groups.get(id);
      const { groupView } = await import('../runtime.js');
      await (await app.output()).data(found, groupView);
    });

  group
    .command('options')
    .description('which actions you may take on groups (or on one group)')
    .argument('[id]', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group options\n  $ camunda-admin group options sales')
    .action(async (id: string | undefined) => {
      const client = await app.client();
      const links = await client.groups.options(id);
      const { linksView } = await import('../runtime.js');
      await (await app.output()).data({ links }, linksView);
    });

  group
    .command('create')
    .description('create a group')
    .requiredOption('--id <id>', 'group id (the engine accepts [a-zA-Z0-9]+ by default)')
    .requiredOption('--name <name>', 'display name')
    .option('--type <type>', 'group type, e.g. WORKFLOW')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group create --id accounting --name Accounting --type WORKFLOW')
    .action(async (flags: { id: string; name: string; type?: string }) => {
      requireName(flags.id, '--id');
      requireName(flags.name, '--name');
      const client = await app.client();
      const { sendChange } = await import('../runtime.js');
      await sendChange(['group', 'get', flags.id], () => client.groups.create({ id: flags.id, name: flags.name, type: flags.type ?? null }));
      const output = await app.output();
      output.info(`created group ${flags.id}`);
      if (output.machineReadable) await output.data(await client.groups.get(flags.id), { table: () => '' });
    });

  group
    .command('update')
    .description('change a group\'s name or type, keeping the rest (reads, merges, writes)')
    .argument('<id>', 'group id')
    .option('--name <name>', 'new name')
    .option('--type <type>', 'new type')
    .option('--dry-run', 'print the change and the request body, send nothing')
    .addHelpText('after', '\nThe engine\'s PUT replaces id, name and type with what the body holds, so this reads the group first.\n\nExamples:\n  $ camunda-admin group update sales --name "Sales and Marketing"\n  $ camunda-admin group update sales --type WORKFLOW --dry-run')
    .action(async (id: string, flags: { name?: string; type?: string; dryRun?: boolean }) => {
      if (flags.name === undefined && flags.type === undefined) throw new UsageError('nothing to change: give --name or --type');
      if (flags.name !== undefined) requireName(flags.name, '--name');
      const client = await app.client();
      const current = await client.groups.get(id);
      const body = { id: current.id, name: flags.name ?? current.name, type: flags.type ?? current.type };
      const diff = (['name', 'type'] as const).map((field) => ({ field, before: current[field], after: body[field], changed: current[field] !== body[field] }));
      const changed = diff.some((field) => field.changed);
      const { enginePath, groupDiffView, sendChange } = await import('../runtime.js');
      const output = await app.output();
      const request = { method: 'PUT', url: client.http.url(enginePath`/group/${id}`), body };
      await output.data({ id, changed, dryRun: Boolean(flags.dryRun), diff, request: changed ? request : null }, groupDiffView);
      if (!changed) return output.info(`no change: group ${id} already looks like that; nothing was sent`);
      if (flags.dryRun) return output.info('dry run: nothing was sent');
      await sendChange(['group', 'get', id], () => client.groups.update(id, body));
      output.info(`updated group ${id}`);
    });

  group
    .command('delete')
    .description('delete a group, its memberships and the authorizations on it (asks first)')
    .argument('<id>', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group delete sales --yes')
    .action(async (id: string) => {
      const client = await app.client();
      // The engine answers 204 for a group that does not exist; read first so a typo is a 404.
      const current = await client.groups.get(id);
      await app.confirm(`delete group ${current.id} (${current.name ?? 'no name'}) with its memberships and the authorizations on it`);
      const { sendChange } = await import('../runtime.js');
      await sendChange(['group', 'get', id], () => client.groups.delete(id));
      (await app.output()).info(`deleted group ${id}`);
    });

  const members = group.command('members').description('the users of a group');

  members
    .command('list')
    .description('list the users of a group')
    .argument('<id>', 'group id')
    .option('--first <n>', 'skip this many (firstResult)')
    .option('--max <n>', 'at most this many (default 100)')
    .option('--all', 'every member, page by page')
    .addHelpText('after', '\nExit 5 when the group does not exist (or you may not read it and none of its members).\n\nExamples:\n  $ camunda-admin group members list sales --all')
    .action(async (id: string, flags: PagingFlags) => {
      const page = paging(flags);
      const client = await app.client({ bulk: page.maxResults === undefined });
      // The user query answers [] for a group that does not exist: a typo must be a 404, but a group
      // the caller may not read is hidden too, so only a group without visible members is one.
      const unreadable = await groupNotFound(client, id);
      if (unreadable && (await client.groups.members(id, 0, 1)).length === 0) throw unreadable;
      const { memberListView, listWithLimit } = await import('../runtime.js');
      await listWithLimit(await app.output(), page, (first, max) => client.groups.members(id, first, max), memberListView, 'members', client.http.queryLimit);
    });

  for (const name of ['add', 'remove'] as const) {
    const unchanged = name === 'add' ? 'is already a member' : 'is not a member';
    members
      .command(name)
      .description(name === 'add' ? 'add users to a group' : 'remove users from a group')
      .argument('<id>', 'group id')
      .argument('<users...>', 'user ids')
      .addHelpText(
        'after',
        `\nExit 5 when the group does not exist. A user who ${unchanged} is reported so and nothing\nis sent for them: a re-run exits 0${name === 'remove' ? '\n(unless you may not read the group: one without any of the users is then taken for missing)' : ''}.\nWith several users each result is reported; exit 8 when some failed.\n\nExamples:\n  $ camunda-admin group members ${name} sales john mary`,
      )
      .action(async (id: string, users: string[]) => {
        for (const userId of users) requireName(userId, 'a user id');
        const client = await app.client();
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
        const { ChangeOutcomeUnknownError, describeFailure, MEMBERSHIP_CHANGED, MEMBERSHIP_UNCHANGED, membershipResultView, sendChange } = await import('../runtime.js');
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
          const who = users.length === 1 ? `${users[0]} ${unchanged}` : name === 'add' ? 'every user is already a member' : 'none of the users is a member';
          return output.info(`no change: ${who} of ${id}`);
        }
        if (failed.length === results.length) throw new CliError(`no user was ${verb}: ${failed.length} failed`, failed[0]!.exitCode as ExitCode);
        throw new CliError(`${failed.length} of ${results.length} users could not be ${verb}`, ExitCode.Partial);
      });
  }

  members
    .command('options')
    .description('whether you may add or remove members of a group')
    .argument('<id>', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group members options sales')
    .action(async (id: string) => {
      const client = await app.client();
      const links = await client.groups.memberOptions(id);
      const { linksView } = await import('../runtime.js');
      await (await app.output()).data({ links }, linksView);
    });
}

/**
 * The engine's 404 for a group that the caller cannot see (it does not exist, or READ on it is
 * missing), or undefined when the group can be read.
 */
async function groupNotFound(client: EngineClient, id: string): Promise<Error | undefined> {
  const { EngineNotFoundError } = await import('../runtime.js');
  try {
    await client.groups.get(id);
    return undefined;
  } catch (error) {
    if (error instanceof EngineNotFoundError) return error;
    throw error;
  }
}
