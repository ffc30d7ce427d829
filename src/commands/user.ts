/** `user`: users, their profiles and passwords (docs/identity.md#users). What runs: ./user-actions.ts. */
import type { Command } from 'commander';
import { ExitCode, exitCodesHelp } from '../exit-codes.js';
import type { ActionOf } from './action.js';
import type * as actions from './user-actions.js';
import { USER_CREATE_FLAGS, USER_DELETE_FLAGS, USER_FILTER_FLAGS, USER_LIST_FLAGS, USER_PASSWORD_FLAGS, USER_UPDATE_FLAGS } from './user-flags.js';
import { declareFlags } from './spec.js';

const NAME_HELP = '\n--name looks in the first and in the last name (the engine has no OR: two queries, merged by id);\nthe rows are ordered by id.';

export function declareUserCommands(program: Command, action: ActionOf<typeof actions>): void {
  const user = program.command('user').description('users: profiles, passwords, unlocking');

  declareFlags(user.command('list').description('list users'), USER_LIST_FLAGS)
    .addHelpText(
      'after',
      `${NAME_HELP}\n\nExamples:\n  $ camunda-admin user list --group sales\n  $ camunda-admin user list --name ann -o json\n  $ camunda-admin user list --all -o json > users.json`,
    )
    .action(action('listUsers'));

  declareFlags(user.command('count').description('count users'), USER_FILTER_FLAGS)
    .addHelpText('after', `${NAME_HELP}\n\nExamples:\n  $ camunda-admin user count --tenant tenant1`)
    .action(action('countUsers'));

  user
    .command('get')
    .description("show one user's profile")
    .argument('<id>', 'user id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin user get john')
    .action(action('getUser'));

  user
    .command('options')
    .description('which actions you may take on users (or on one user)')
    .argument('[id]', 'user id')
    .addHelpText('after', '\nExamples:\n  $ camunda-admin user options\n  $ camunda-admin user options john')
    .action(action('userOptions'));

  declareFlags(user.command('create'), USER_CREATE_FLAGS)
    .description('create a user with a password (from standard input or a file)')
    .addHelpText(
      'after',
      `\nThe password is never a flag's value (shell history). A password the engine's policy refuses is
answered with the policy's rules.

Examples:
  $ printf %s "$PASSWORD" | camunda-admin user create --id alice --first-name Alice --last-name Smith --password-stdin
  $ camunda-admin user create --id bob --first-name Bob --last-name Jones --email bob@example.org --password-file bob.pw

${exitCodesHelp([ExitCode.Success, ExitCode.Usage, ExitCode.AuthRefused, [ExitCode.EngineRejected, 'the id exists or is refused, the password policy, a read-only identity provider']])}`,
    )
    .action(action('createUser'));

  declareFlags(user.command('update'), USER_UPDATE_FLAGS)
    .description("change a user's first name, last name or e-mail, keeping the rest (reads, merges, writes)")
    .argument('<id>', 'user id')
    .addHelpText(
      'after',
      "\nThe engine's PUT replaces the whole profile, so this reads the user first.\n\nExamples:\n  $ camunda-admin user update john --email john.doe@example.org\n  $ camunda-admin user update john --last-name Smith --dry-run",
    )
    .action(action('updateUser'));

  declareFlags(user.command('password'), USER_PASSWORD_FLAGS)
    .description("set a user's password (the engine asks for your own password too)")
    .argument('<id>', 'user id')
    .addHelpText(
      'after',
      `\nThe engine checks your own password (authenticatedUserPassword) when you are authenticated:
--own-password-file, else the password of your Basic credentials, else asked on a terminal.
Nothing is read back: after changing your own password, use the new one.

Examples:
  $ printf %s "$NEW" | camunda-admin user password john --password-stdin
  $ camunda-admin --token "$JWT" user password john --password-file new.pw --own-password-file mine.pw

${exitCodesHelp([ExitCode.Success, ExitCode.Usage, [ExitCode.AuthRefused, 'your own password was refused, or no permission'], ExitCode.NotFound, [ExitCode.EngineRejected, 'the password policy, a read-only identity provider']])}`,
    )
    .action(action('changePassword'));

  user
    .command('unlock')
    .description('unlock a user locked after failed logins (administrators only)')
    .argument('<id>', 'user id')
    .addHelpText(
      'after',
      `\nThe engine answers any id alike, so the user is read afterwards: an unknown id is exit 5, nothing unlocked.

Examples:
  $ camunda-admin user unlock john

${exitCodesHelp([ExitCode.Success, [ExitCode.AuthRefused, 'not an administrator'], ExitCode.NotFound, [ExitCode.EngineRejected, 'a read-only identity provider']])}`,
    )
    .action(action('unlockUser'));

  declareFlags(user.command('delete'), USER_DELETE_FLAGS)
    .description('delete a user and their group and tenant memberships (asks first)')
    .argument('<id>', 'user id')
    .addHelpText(
      'after',
      `\nAuthorizations granted to the user stay on the engine (it removes only those on the user itself).
The user of these credentials and the last member of an admin group are refused (exit 2) unless
--allow-lockout (docs/identity.md#deleting); with a bearer token, whose it is cannot be told.

Examples:
  $ camunda-admin user delete john --yes

${exitCodesHelp([ExitCode.Success, [ExitCode.Usage, 'not confirmed, or held back by the lock-out guard'], ExitCode.AuthRefused, ExitCode.NotFound, [ExitCode.EngineRejected, 'a read-only identity provider']])}`,
    )
    .action(action('deleteUser'));
}
