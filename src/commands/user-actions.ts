/** What the `user` commands do (declared in ./user.ts). */
import type { App } from '../app.js';
import { engineClient, engineTarget } from '../connection.js';
import type { UserQuery } from '../engine/users.js';
import { withNearUserIds } from '../engine-objects/near-ids.js';
import { updatePolicyFrom } from '../engine-objects/update.js';
import { UsageError } from '../exit-codes.js';
import { countView } from '../render/common.js';
import { linksView } from '../render/group.js';
import { deletionRiskWords, profileDiffView, userListView, userView } from '../render/user.js';
import * as changes from '../users/changes.js';
import { type Caller, checkUserDeletion, guardRefuses } from '../users/deletion.js';
import { countUsers as countMatching, type UserFilter, userPages } from '../users/listing.js';
import { listWithLimit } from './listing.js';
import { paging } from './options.js';
import type { FlagsOf } from './spec.js';
import type { USER_CREATE_FLAGS, USER_DELETE_FLAGS, USER_FILTER_FLAGS, USER_LIST_FLAGS, USER_PASSWORD_FLAGS, USER_UPDATE_FLAGS } from './user-flags.js';
import { ownPassword, readNewPassword } from './user-secrets.js';
import { updateSentence } from '../render/diff.js';

type FilterFlags = FlagsOf<typeof USER_FILTER_FLAGS>;

function nonEmpty(value: string, flag: string): string {
  if (value.trim() === '') throw new UsageError(`${flag} must not be empty`);
  return value;
}

function toFilter(flags: FilterFlags): UserFilter {
  const email = flags.email;
  const query: UserQuery = {
    id: flags.id,
    ...(email === undefined ? {} : email.includes('%') ? { emailLike: email } : { email }),
    memberOfGroup: flags.group,
    memberOfTenant: flags.tenant,
  };
  return { query, name: flags.name === undefined ? undefined : nonEmpty(flags.name, '--name') };
}

export async function listUsers(app: App, flags: FlagsOf<typeof USER_LIST_FLAGS>): Promise<void> {
  const filter = toFilter(flags);
  const page = paging(flags);
  const client = await engineClient(app, { bulk: page.maxResults === undefined });
  await listWithLimit(await app.output(), {
    page,
    fetchPage: (first, max) => client.users.list(filter.query, first, max),
    pages: userPages(client.users, filter),
    view: userListView,
    noun: 'users',
    limit: client.http.queryLimit,
  });
}

export async function countUsers(app: App, flags: FilterFlags): Promise<void> {
  const client = await engineClient(app);
  const count = await countMatching(client.users, toFilter(flags));
  await (await app.output()).data({ count }, countView);
}

export async function getUser(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  await (await app.output()).data(await withNearUserIds(client, id, () => client.users.get(id)), userView);
}

export async function userOptions(app: App, id: string | undefined): Promise<void> {
  const client = await engineClient(app);
  const links = await client.users.options(id);
  await (await app.output()).data({ links }, linksView);
}

export async function createUser(app: App, flags: FlagsOf<typeof USER_CREATE_FLAGS>): Promise<void> {
  const user = {
    id: nonEmpty(flags.id, '--id'),
    firstName: nonEmpty(flags.firstName, '--first-name'),
    lastName: nonEmpty(flags.lastName, '--last-name'),
    email: flags.email === undefined || flags.email === '' ? null : flags.email,
  };
  app.refuseStdinClash({ '--password-file': flags.passwordFile });
  // The password is read before anything is sent: a missing one is a usage error, not half a user.
  const password = await readNewPassword(app, flags);
  const client = await engineClient(app);
  await changes.createUser(client, user, password);
  const output = await app.output();
  output.info(`created user ${user.id}`);
  await output.machineOnly(() => client.users.get(user.id));
}

export async function updateUser(app: App, id: string, flags: FlagsOf<typeof USER_UPDATE_FLAGS>): Promise<void> {
  if (flags.firstName === undefined && flags.lastName === undefined && flags.email === undefined)
    throw new UsageError('nothing to change: give --first-name, --last-name or --email');
  const client = await engineClient(app);
  const output = await app.output();
  const change = { firstName: flags.firstName, lastName: flags.lastName, email: flags.email === '' ? null : flags.email };
  const result = await changes.updateProfile(client, id, change, {
    dryRun: Boolean(flags.dryRun),
    policy: updatePolicyFrom(app.io.env, (message) => output.warn(message)),
  });
  await output.data(result, profileDiffView);
  output.info(updateSentence('user', id, result));
}

export async function changePassword(app: App, id: string, flags: FlagsOf<typeof USER_PASSWORD_FLAGS>): Promise<void> {
  app.refuseStdinClash({ '--password-file': flags.passwordFile, '--own-password-file': flags.ownPasswordFile });
  const password = await readNewPassword(app, flags);
  const client = await engineClient(app);
  const own = await ownPassword(app, client, flags.ownPasswordFile, Boolean(flags.passwordStdin));
  await changes.changePassword(client, id, password, own);
  (await app.output()).info(`changed the password of user ${id}`);
}

export async function unlockUser(app: App, id: string): Promise<void> {
  const client = await engineClient(app);
  await changes.unlockUser(client, id);
  (await app.output()).info(`unlocked user ${id}`);
}

export async function deleteUser(app: App, id: string, flags: FlagsOf<typeof USER_DELETE_FLAGS>): Promise<void> {
  const client = await engineClient(app);
  const credentials = (await engineTarget(app)).credentials;
  const caller: Caller =
    credentials === undefined ? undefined : credentials.type === 'basic' ? { type: 'user', id: credentials.username.value } : { type: 'unknown' };
  const check = await checkUserDeletion(client, id, caller);
  const risk = deletionRiskWords(check);
  if (guardRefuses(check) && !flags.allowLockout)
    throw new UsageError(`refusing to delete user ${check.user.id}: ${risk}; nothing was changed`, '--allow-lockout deletes it all the same');
  const name = [check.user.firstName, check.user.lastName].filter((part) => part).join(' ');
  await app.confirm(
    `delete user ${check.user.id}${name === '' ? '' : ` (${name})`} with their group and tenant memberships${risk === '' ? '' : `, although ${risk}`}`,
  );
  await changes.deleteUser(client, id);
  (await app.output()).info(`deleted user ${id}`);
}
