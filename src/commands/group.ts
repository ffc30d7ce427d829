/** `group`: groups and their members (docs/commands.md; docs/engine-notes.md#groups). What runs: ./group-actions.ts. */
import type { Command } from 'commander';
import type { ActionOf } from './action.js';
import type * as actions from './group-actions.js';
import { GROUP_CREATE_FLAGS, GROUP_FILTER_FLAGS, GROUP_LIST_FLAGS, GROUP_UPDATE_FLAGS, MEMBER_LIST_FLAGS } from './group-flags.js';
import { declareFlags } from './spec.js';

const ADD_HELP = `Exit 5 when the group does not exist, or a user (then nothing is added). A user who is
already a member is reported so and nothing is sent for them: a re-run exits 0.`;

const REMOVE_HELP = `Exit 5 when the group does not exist. A user who is not a member is reported so and nothing
is sent for them: a re-run exits 0
(unless you may not read the group: one without any of the users is then taken for missing).
An id the engine has no user for is reported as no user of the engine, with a warning naming
the ids near it (without credentials: with them, it is not a member).`;

export function declareGroupCommands(program: Command, action: ActionOf<typeof actions>): void {
  const group = program.command('group').description('groups and their members');

  declareFlags(group.command('list').description('list groups'), GROUP_LIST_FLAGS)
    .addHelpText(
      'after',
      '\nExamples:\n  $ camunda-admin group list --type WORKFLOW\n  $ camunda-admin group list --member john -o json\n  $ camunda-admin group list --all -o json > groups.json',
    )
    .action(action('listGroups'));

  declareFlags(group.command('count').description('count groups'), GROUP_FILTER_FLAGS)
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

  declareFlags(group.command('create'), GROUP_CREATE_FLAGS)
    .description('create a group')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group create --id accounting --name Accounting --type WORKFLOW')
    .action(action('createGroup'));

  declareFlags(group.command('update'), GROUP_UPDATE_FLAGS)
    .description("change a group's name or type, keeping the rest (reads, merges, writes)")
    .argument('<id>', 'group id')
    .addHelpText(
      'after',
      '\nThe engine\'s PUT replaces id, name and type with what the body holds, so this reads the group first.\n\nExamples:\n  $ camunda-admin group update sales --name "Sales and Marketing"\n  $ camunda-admin group update sales --type WORKFLOW --dry-run',
    )
    .action(action('updateGroup'));

  group
    .command('delete')
    .description('delete a group, its memberships and the authorizations on it (asks first)')
    .argument('<id>', 'group id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin group delete sales --yes')
    .action(action('deleteGroup'));

  const members = group.command('members').description('the users of a group');

  declareFlags(members.command('list'), MEMBER_LIST_FLAGS)
    .description('list the users of a group')
    .argument('<id>', 'group id')
    .addHelpText(
      'after',
      '\nExit 5 when the group does not exist (or you may not read it and none of its members).\n\nExamples:\n  $ camunda-admin group members list sales --all',
    )
    .action(action('listMembers'));

  for (const name of ['add', 'remove'] as const) {
    members
      .command(name)
      .description(name === 'add' ? 'add users to a group' : 'remove users from a group')
      .argument('<id>', 'group id')
      .argument('<users...>', 'user ids')
      .addHelpText(
        'after',
        `\n${name === 'add' ? ADD_HELP : REMOVE_HELP}\nWith several users each result is reported; exit 8 when some failed.\n\nExamples:\n  $ camunda-admin group members ${name} sales john mary`,
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
