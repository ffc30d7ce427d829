/** The options of the `user` commands (./user.ts declares them, ./user-actions.ts takes their types). */
import { pagingFlags } from './options.js';
import { flagSpec } from './spec.js';

/** The filters of user list and user count. */
export const USER_FILTER_FLAGS = flagSpec(
  { flags: '--id <id>', description: 'user id' },
  { flags: '--name <text>', description: 'first or last name contains this (% and _ as wildcards: a pattern as it is when it holds %)' },
  { flags: '--email <text>', description: 'e-mail address, exactly; a pattern when it holds % (emailLike)' },
  { flags: '--group <id>', description: 'users of this group (memberOfGroup)' },
  { flags: '--tenant <id>', description: 'users of this tenant (memberOfTenant)' },
);

export const USER_LIST_FLAGS = [...USER_FILTER_FLAGS, ...pagingFlags('every user, page by page')] as const;

/** Where a new password comes from: never a flag's value (shell history, ps). */
const PASSWORD_SOURCE_FLAGS = flagSpec(
  { flags: '--password-stdin', description: 'read the password from standard input (one trailing newline dropped)' },
  { flags: '--password-file <file>', description: 'read the password from this file (one trailing newline dropped)' },
);

export const USER_CREATE_FLAGS = [
  ...flagSpec(
    { flags: '--id <id>', description: 'user id (the engine accepts [a-zA-Z0-9]+ by default)', required: true },
    { flags: '--first-name <name>', description: 'first name', required: true },
    { flags: '--last-name <name>', description: 'last name', required: true },
    { flags: '--email <address>', description: 'e-mail address' },
  ),
  ...PASSWORD_SOURCE_FLAGS,
] as const;

export const USER_UPDATE_FLAGS = flagSpec(
  { flags: '--first-name <name>', description: 'new first name' },
  { flags: '--last-name <name>', description: 'new last name' },
  { flags: '--email <address>', description: 'new e-mail address ("" clears it)' },
  { flags: '--dry-run', description: 'print the change and the request body, send nothing' },
);

export const USER_PASSWORD_FLAGS = [
  ...PASSWORD_SOURCE_FLAGS,
  ...flagSpec({
    flags: '--own-password-file <file>',
    description: "your own password, which the engine asks for (default: your Basic credentials' password; on a terminal, asked)",
  }),
] as const;

export const USER_DELETE_FLAGS = flagSpec({
  flags: '--allow-lockout',
  description: 'delete even the user of these credentials or the last member of an admin group (the lock-out guard of access apply)',
});
