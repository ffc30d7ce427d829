/** `tenant`: tenants and their user and group members (docs/identity.md#tenants; docs/engine-notes.md#tenants). What runs: ./tenant-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './tenant-actions.js';
import { TENANT_CREATE_FLAGS, TENANT_FILTER_FLAGS, TENANT_LIST_FLAGS, TENANT_MEMBER_FLAGS, TENANT_UPDATE_FLAGS } from './tenant-flags.js';
import { declareFlags } from './spec.js';

const ADD_HELP = `Exit 5 when the tenant does not exist, or a user or group (then nothing is added). A member
who is already a member is reported so and nothing is sent for them: a re-run exits 0.`;

const REMOVE_HELP = `Exit 5 when the tenant does not exist. A member who is not a member is reported so and nothing
is sent for them: a re-run exits 0 (unless you may not read the tenant: one without any of the
members is then taken for missing). An id the engine has no user or group for is reported as
no user (group) of the engine, with a warning naming the ids near it.`;

export function declareTenantCommands(program: Command, action: ActionOf<typeof actions>): void {
  const tenant = program.command('tenant').description('tenants and their user and group members');

  declareFlags(tenant.command('list').description('list tenants'), TENANT_LIST_FLAGS)
    .addHelpText(
      'after',
      '\nExamples:\n  $ camunda-admin tenant list\n  $ camunda-admin tenant list --user john --including-groups-of-user\n  $ camunda-admin tenant list --all -o json > tenants.json',
    )
    .action(action('listTenants'));

  declareFlags(tenant.command('count').description('count tenants'), TENANT_FILTER_FLAGS)
    .addHelpText('after', '\nExamples:\n  $ camunda-admin tenant count --group sales')
    .action(action('countTenants'));

  tenant
    .command('get')
    .description('show one tenant')
    .argument('<id>', 'tenant id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin tenant get acme -o json')
    .action(action('getTenant'));

  declareFlags(tenant.command('create'), TENANT_CREATE_FLAGS)
    .description('create a tenant')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin tenant create --id acme --name "Acme Inc."')
    .action(action('createTenant'));

  declareFlags(tenant.command('update'), TENANT_UPDATE_FLAGS)
    .description("change a tenant's name (reads, merges, writes)")
    .argument('<id>', 'tenant id')
    .addHelpText(
      'after',
      '\nThe engine\'s PUT sets id and name from the body, so this reads the tenant first.\n\nExamples:\n  $ camunda-admin tenant update acme --name "Acme Corporation"\n  $ camunda-admin tenant update acme --name Acme --dry-run',
    )
    .action(action('updateTenant'));

  tenant
    .command('delete')
    .description('delete a tenant, its memberships and the authorizations on it (asks first)')
    .argument('<id>', 'tenant id')
    .addHelpText(
      'after',
      "\nThe tenant's deployments, definitions and instances stay: they keep its id.\n\nExamples:\n  $ camunda-admin tenant delete acme --yes",
    )
    .action(action('deleteTenant'));

  const members = tenant.command('members').description('the users and groups of a tenant');

  for (const name of ['add', 'remove'] as const) {
    declareFlags(members.command(name), TENANT_MEMBER_FLAGS)
      .description(name === 'add' ? 'add users and groups to a tenant' : 'remove users and groups from a tenant')
      .argument('<tenant>', 'tenant id (before the flags: --user and --group take every word after them)')
      .addHelpText(
        'after',
        `\n${name === 'add' ? ADD_HELP : REMOVE_HELP}\nWith several members each result is reported; exit 8 when some failed.\n\nExamples:\n  $ camunda-admin tenant members ${name} acme --user john --user mary --group sales\n  $ camunda-admin tenant members ${name} acme --user john mary`,
      )
      .action(action(name === 'add' ? 'addTenantMembers' : 'removeTenantMembers'));
  }
}
