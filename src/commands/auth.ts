/** `auth`: authorizations (CLI.md "auth"; engine-rest.md §1, §8, §9). */
import type { Command } from 'commander';
import type { App } from '../app.js';
import type { AuthorizationQuery } from '../engine/authorizations.js';
import { UsageError } from '../exit-codes.js';
import { commaList, paging, type PagingFlags, sorting } from './options.js';

interface FilterFlags extends PagingFlags {
  id?: string;
  type?: string;
  user?: string;
  group?: string;
  resourceType?: string;
  resourceId?: string;
  sortBy?: string;
  sortOrder?: string;
}

interface UpdateFlags {
  permissions?: string;
  addPermissions?: string;
  removePermissions?: string;
  user?: string;
  group?: string;
  resourceType?: string;
  resourceId?: string;
  file?: string;
  dryRun?: boolean;
}

const EXAMPLE_ID = 'c68e62eb-e5fe-11f1-a2ca-02fc00000001';

function withFilters(command: Command, listing: boolean): Command {
  command
    .option('--id <id>', 'authorization id')
    .option('--type <type>', 'global, grant or revoke')
    .option('--user <ids>', 'comma-separated user ids (userIdIn)')
    .option('--group <ids>', 'comma-separated group ids (groupIdIn)')
    .option('--resource-type <type>', 'resource type name (process-definition) or code (6)')
    .option('--resource-id <id>', 'resource id');
  if (listing) {
    command
      .option('--sort-by <field>', 'resourceType or resourceId')
      .option('--sort-order <order>', 'asc or desc (default asc)')
      .option('--first <n>', 'skip this many (firstResult)')
      .option('--max <n>', `at most this many (default ${100})`)
      .option('--all', 'every authorization, page by page');
  }
  return command;
}

async function toQuery(flags: FilterFlags): Promise<AuthorizationQuery> {
  const { parseAuthorizationType, parseResourceType } = await import('../runtime.js');
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

export function registerAuthCommands(program: Command, app: App): void {
  const auth = program.command('auth').description('authorizations: who may do what on which resource');

  auth
    .command('get')
    .description('show one authorization')
    .argument('<id>', 'authorization id')
    .addHelpText('after', `\nExamples:\n  $ camunda-admin auth get ${EXAMPLE_ID}\n  $ camunda-admin auth get ${EXAMPLE_ID} -o json`)
    .action(async (id: string) => {
      const client = await app.client();
      const authorization = await client.authorizations.get(id);
      const { authorizationView } = await import('../runtime.js');
      await (await app.output()).data(authorization, authorizationView);
    });

  withFilters(auth.command('list').description('list authorizations'), true)
    .addHelpText('after', '\nExamples:\n  $ camunda-admin auth list --group camunda-admin\n  $ camunda-admin auth list --resource-type process-definition --resource-id invoice -o json\n  $ camunda-admin auth list --all -o json > authorizations.json')
    .action(async (flags: FilterFlags) => {
      const query = await toQuery(flags);
      const page = paging(flags);
      const client = await app.client({ bulk: page.maxResults === undefined });
      const output = await app.output();
      const { authorizationListView, listWithLimit } = await import('../runtime.js');
      await listWithLimit(output, page, (firstResult, maxResults) => client.authorizations.list({ ...query, firstResult, maxResults }), authorizationListView, 'authorizations', client.http.queryLimit);
    });

  withFilters(auth.command('count').description('count authorizations'), false)
    .addHelpText('after', '\nExamples:\n  $ camunda-admin auth count --user john')
    .action(async (flags: FilterFlags) => {
      const query = await toQuery(flags);
      const client = await app.client();
      const count = await client.authorizations.count(query);
      const { countView } = await import('../runtime.js');
      await (await app.output()).data({ count }, countView);
    });

  auth
    .command('create')
    .description('create an authorization and print its id')
    .requiredOption('--type <type>', 'global, grant or revoke')
    .option('--user <id>', 'the user it applies to (a global authorization applies to all users: *)')
    .option('--group <id>', 'the group it applies to')
    .requiredOption('--resource-type <type>', 'resource type name (process-definition) or code (6)')
    .option('--resource-id <id>', 'resource id (default: * for every resource of the type)', '*')
    .requiredOption('--permissions <list>', 'comma-separated permissions, e.g. READ,UPDATE (ALL, NONE)')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin auth create --type grant --user john --resource-type process-definition --resource-id invoice --permissions READ,READ_INSTANCE\n  $ camunda-admin auth create --type global --resource-type filter --permissions READ')
    .action(async (flags: { type: string; user?: string; group?: string; resourceType: string; resourceId: string; permissions: string }) => {
      const catalogue = await import('../runtime.js');
      const { checkOwner } = await import('../runtime.js');
      const type = catalogue.parseAuthorizationType(flags.type);
      const resourceType = catalogue.parseResourceType(flags.resourceType);
      const permissions = catalogue.parsePermissions(commaList(flags.permissions, '--permissions'), resourceType);
      if (flags.user !== undefined && flags.group !== undefined) throw new UsageError('give --user or --group, not both');
      const userId = type.code === 0 ? (flags.user ?? '*') : (flags.user ?? null);
      const groupId = flags.group ?? null;
      checkOwner(type.code, { userId, groupId });
      if (flags.resourceId.trim() === '') throw new UsageError('--resource-id must not be empty (use * for every resource)');
      const client = await app.client();
      const { describeOwner, listCommand, refusingDuplicates, sendChange } = await import('../runtime.js');
      const wanted = { type: type.code, permissions, userId, groupId, resourceType: resourceType.code, resourceId: flags.resourceId };
      const created = await refusingDuplicates(client.authorizations, wanted, undefined, () =>
        sendChange(listCommand(wanted), () => client.authorizations.create(wanted)),
      );
      const output = await app.output();
      output.info(`created ${type.name} authorization ${created.id}: ${created.permissions.join(', ') || '(none)'} on ${resourceType.name} '${created.resourceId ?? ''}' for ${describeOwner(created)}`);
      if (output.machineReadable) await output.data(created, { table: () => '' });
      else output.raw(`${created.id}\n`);
    });

  auth
    .command('update')
    .description('change an authorization without losing the fields you did not name (reads, merges, writes)')
    .argument('<id>', 'authorization id')
    .option('--permissions <list>', 'replace the permissions')
    .option('--add-permissions <list>', 'add these permissions')
    .option('--remove-permissions <list>', 'remove these permissions')
    .option('--user <id>', 'make a user the owner (the group is cleared)')
    .option('--group <id>', 'make a group the owner (the user is cleared)')
    .option('--resource-type <type>', 'change the resource type (the permissions must exist for it)')
    .option('--resource-id <id>', 'change the resource id')
    .option('--file <file>', 'a desired state (JSON or YAML; auth get -o yaml prints one); flags apply on top')
    .option('--dry-run', 'print the change and the request body, send nothing')
    .addHelpText(
      'after',
      `\nThe engine's PUT replaces userId, groupId and resourceId with whatever the body holds, so this command
always reads the authorization first and writes the whole object back.

Examples:
  $ camunda-admin auth update ${EXAMPLE_ID} --add-permissions DELETE
  $ camunda-admin auth update ${EXAMPLE_ID} --group sales --dry-run
  $ camunda-admin auth get ${EXAMPLE_ID} -o yaml > a.yaml && $EDITOR a.yaml && camunda-admin auth update ${EXAMPLE_ID} --file a.yaml`,
    )
    .action(async (id: string, flags: UpdateFlags) => {
      if (flags.permissions !== undefined && (flags.addPermissions !== undefined || flags.removePermissions !== undefined)) {
        throw new UsageError('--permissions replaces the set; it cannot be combined with --add-permissions or --remove-permissions');
      }
      if (flags.user !== undefined && flags.group !== undefined) throw new UsageError('give --user or --group, not both');
      app.refuseStdinClash({ '--file': flags.file });
      const nothing = [flags.permissions, flags.addPermissions, flags.removePermissions, flags.user, flags.group, flags.resourceType, flags.resourceId, flags.file].every((flag) => flag === undefined);
      if (nothing) throw new UsageError('nothing to change: give --permissions, --add-permissions, --remove-permissions, --user, --group, --resource-type, --resource-id or --file');
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
        const { readInputFile } = await import('../plans/load.js');
        const { parseDesiredState } = await import('../authorizations/desired.js');
        const file = await readInputFile(flags.file, app.io.stdin, 'authorization');
        desired = parseDesiredState(file.text, file.name);
      }

      const client = await app.client();
      const current = await client.authorizations.get(id);
      const { applyChange, diffAuthorization, toUpdate } = await import('../runtime.js');
      const body = applyChange(current, change, desired);
      const diff = diffAuthorization(toUpdate(current), body);
      const changed = diff.some((field) => field.changed);
      const output = await app.output();
      const { authorizationDiffView, enginePath } = await import('../runtime.js');
      const request = { method: 'PUT', url: client.http.url(enginePath`/authorization/${id}`), body };
      await output.data({ id, changed, dryRun: Boolean(flags.dryRun), diff, request: changed ? request : null }, authorizationDiffView);
      if (!changed) {
        output.info(`no change: authorization ${id} already looks like that; nothing was sent`);
        return;
      }
      if (flags.dryRun) {
        output.info('dry run: nothing was sent');
        return;
      }
      const { refusingDuplicates, sendChange } = await import('../runtime.js');
      await refusingDuplicates(client.authorizations, { ...body, type: current.type }, id, () =>
        sendChange(['auth', 'get', id], () => client.authorizations.update(id, body)),
      );
      output.info(`updated authorization ${id}`);
    });

  auth
    .command('delete')
    .description('delete an authorization (asks first)')
    .argument('<id>', 'authorization id')
    .addHelpText('after', `\nExamples:\n  $ camunda-admin auth delete ${EXAMPLE_ID}\n  $ camunda-admin auth delete ${EXAMPLE_ID} --yes`)
    .action(async (id: string) => {
      const client = await app.client();
      // Read first: the confirmation shows what goes, and a missing id fails before the prompt.
      const current = await client.authorizations.get(id);
      const { describeAuthorization, sendChange } = await import('../runtime.js');
      await app.confirm(`delete ${describeAuthorization(current)}`);
      await sendChange(['auth', 'get', id], () => client.authorizations.delete(id));
      (await app.output()).info(`deleted authorization ${id}`);
    });

  auth
    .command('check')
    .description('ask the engine whether a user (default: you) has a permission on a resource')
    .requiredOption('--permission <name>', 'permission, e.g. READ')
    .requiredOption('--resource-type <type>', 'resource type name (process-definition) or code (6)')
    .option('--resource-id <id>', 'resource id (default: the type as a whole)')
    .option('--user <id>', 'check for this user (needs READ on authorizations)')
    .addHelpText('after', '\nPrints yes or no; exits 0 either way (use -o json and .authorized in scripts).\n\nExamples:\n  $ camunda-admin auth check --permission READ --resource-type process-definition --resource-id invoice --user john')
    .action(async (flags: { permission: string; resourceType: string; resourceId?: string; user?: string }) => {
      const { parseResourceType, parsePermissions } = await import('../runtime.js');
      const resourceType = parseResourceType(flags.resourceType);
      const [permissionName] = parsePermissions([flags.permission], resourceType, '--permission');
      const client = await app.client();
      const result = await client.authorizations.check({
        permissionName: permissionName!,
        resourceName: resourceType.resourceName,
        resourceType: resourceType.code,
        resourceId: flags.resourceId,
        userId: flags.user,
      });
      const { checkView } = await import('../runtime.js');
      await (await app.output()).data(result, checkView);
    });

  auth
    .command('resources')
    .description('the offline catalogue: resource types, their codes and valid permissions')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin auth resources\n  $ camunda-admin auth resources -o json')
    .action(async () => {
      const { RESOURCE_TYPES, UNIVERSAL_PERMISSIONS, catalogueView } = await import('../runtime.js');
      const rows = RESOURCE_TYPES.map((type) => ({ ...type, permissions: [...UNIVERSAL_PERMISSIONS, ...type.permissions] }));
      await (await app.output()).data(rows, catalogueView);
    });
}
