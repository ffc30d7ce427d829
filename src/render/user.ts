/** Users as tables: the list, one profile, a profile change. -o json|yaml print the engine's objects. */
import type { UserProfile } from '../engine/users.js';
import type { View } from './output.js';
import { type ChangeResult, renderChange } from './diff.js';
import { listView, renderFields } from './table.js';

export const userListView = listView<UserProfile>(
  [
    { name: 'Id', value: (user) => user.id, whole: true },
    { name: 'First name', value: (user) => user.firstName },
    { name: 'Last name', value: (user) => user.lastName },
    { name: 'Email', value: (user) => user.email, keepWords: true },
  ],
  'no users',
);

export const userView: View<UserProfile> = {
  table: (user, style) =>
    renderFields(
      [
        ['Id', user.id],
        ['First name', user.firstName],
        ['Last name', user.lastName],
        ['Email', user.email],
      ],
      style,
    ),
};

export type ProfileDiff = ChangeResult<
  'firstName' | 'lastName' | 'email',
  { id: string; firstName: string | null; lastName: string | null; email: string | null },
  string | null
>;

export const profileDiffView: View<ProfileDiff> = {
  table: (result, style) => renderChange(result, style),
};

/**
 * What the lock-out guard finds in a user deletion, in words for the refusal and the question:
 * "demo is the user of these credentials; the lock-out guard keeps the user demo itself and the last
 * member of the admin group camunda-admin"; "" when nothing.
 */
export function deletionRiskWords(check: { user: { id: string }; own: 'yes' | 'no' | 'unknown'; losses: readonly string[] }): string {
  const id = check.user.id;
  const parts: string[] = [];
  if (check.own === 'yes') parts.push(`${id} is the user of these credentials`);
  if (check.own === 'unknown') parts.push(`whose the bearer token is cannot be told: ${id} may be its user`);
  if (check.losses.length > 0) parts.push(`the lock-out guard keeps ${check.losses.join(' and ')}`);
  return parts.join('; ');
}
