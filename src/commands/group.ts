/** `group`: groups and their members (docs/commands.md; docs/engine-notes.md#groups). What runs: ./group-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './group-actions.js';

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

export function declareGroupCommands(program: Command, action: ActionOf<typeof actions>): void {
  const group = program.command('group').description('groups and their members');

  withFilters(group.command('list').description('list groups'), true)
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group list --type WORKFLOW\n  $ camunda-admin group list --member john -o json\n  $ camunda-admin group list --all -o json > groups.json')
    .action(action('listGroups'));

  withFilters(group.command('count').description('count groups'), false)
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group count --type WORKFLOW')
    .action(action('countGroups'));

  group
    .command('get')
    .description('show one group')
    .argument('<id>', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group get sales')
    .action(action('getGroup'));

  group
    .command('options')
    .description('which actions you may take on groups (or on one group)')
    .argument('[id]', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group options\n  $ camunda-admin group options sales')
    .action(action('groupOptions'));

  group
    .command('create')
    .description('create a group')
    .requiredOption('--id <id>', 'group id (the engine accepts [a-zA-Z0-9]+ by default)')
    .requiredOption('--name <name>', 'display name')
    .option('--type <type>', 'group type, e.g. WORKFLOW')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group create --id accounting --name Accounting --type WORKFLOW')
    .action(action('createGroup'));

  group
    .command('update')
    .description('change a group\'s name or type, keeping the rest (reads, merges, writes)')
    .argument('<id>', 'group id')
    .option('--name <name>', 'new name')
    .option('--type <type>', 'new type')
    .option('--dry-run', 'print the change and the request body, send nothing')
    .addHelpText('after', '\nThe engine\'s PUT replaces id, name and type with what the body holds, so this reads the group first.\n\nExamples:\n  $ camunda-admin group update sales --name "Sales and Marketing"\n  $ camunda-admin group update sales --type WORKFLOW --dry-run')
    .action(action('updateGroup'));

  group
    .command('delete')
    .description('delete a group, its memberships and the authorizations on it (asks first)')
    .argument('<id>', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group delete sales --yes')
    .action(action('deleteGroup'));

  const members = group.command('members').description('the users of a group');

  members
    .command('list')
    .description('list the users of a group')
    .argument('<id>', 'group id')
    .option('--first <n>', 'skip this many (firstResult)')
    .option('--max <n>', 'at most this many (default 100)')
    .option('--all', 'every member, page by page')
    .addHelpText('after', '\nExit 5 when the group does not exist (or you may not read it and none of its members).\n\nExamples:\n  $ camunda-admin group members list sales --all')
    .action(action('listMembers'));

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
      .action(action(name === 'add' ? 'addMembers' : 'removeMembers'));
  }

  members
    .command('options')
    .description('whether you may add or remove members of a group')
    .argument('<id>', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group members options sales')
    .action(action('memberOptions'));
}
