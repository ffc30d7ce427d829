/** Groups, members and OPTIONS links as tables. */
import type { Group, UserProfile } from '../engine/groups.js';
import type { Link } from '../engine/schemas.js';
import type { View } from './output.js';
import { type ChangeResult, renderChange } from './diff.js';
import { listView, renderFields, renderTable } from './table.js';

export const groupListView = listView<Group>(
  [
    { name: 'Id', value: (group) => group.id, whole: true },
    { name: 'Name', value: (group) => group.name },
    { name: 'Type', value: (group) => group.type, keepWords: true },
  ],
  'no groups',
);

export const groupView: View<Group> = {
  table: (group, style) =>
    renderFields(
      [
        ['Id', group.id],
        ['Name', group.name],
        ['Type', group.type],
      ],
      style,
    ),
};

export const memberListView = listView<UserProfile>(
  [
    { name: 'User', value: (user) => user.id, whole: true },
    { name: 'First name', value: (user) => user.firstName },
    { name: 'Last name', value: (user) => user.lastName },
    { name: 'Email', value: (user) => user.email, keepWords: true },
  ],
  'no members',
);

const ACTIONS: Record<string, string> = { list: 'list', count: 'count', create: 'create', self: 'read', update: 'update', delete: 'delete' };

/** What an OPTIONS answer allows: one row per link. */
export const linksView: View<{ links: Link[] }> = {
  table({ links }, style) {
    if (links.length === 0) return 'no actions allowed';
    return renderTable(
      [
        { name: 'Action', keepWords: true },
        { name: 'Method', whole: true },
        { name: 'URL', keepWords: true },
      ],
      links.map((link) => [ACTIONS[link.rel] ?? link.rel, link.method, link.href]),
      style,
    );
  },
};

export type GroupDiff = ChangeResult<'name' | 'type', { id: string; name: string | null; type: string | null }>;

export const groupDiffView: View<GroupDiff> = {
  table: (result, style) => renderChange(result, style),
};

/** The `result` words of `group members add/remove`, -o json included: scripts compare them (docs/groups.md). A failure's result is its error line. */
export const MEMBERSHIP_CHANGED = { add: 'added', remove: 'removed' } as const;
export const MEMBERSHIP_UNCHANGED = { add: 'already a member', remove: 'not a member' } as const;
/** `remove` of an id the engine has no user for (add refuses those before it sends anything). */
export const MEMBERSHIP_UNKNOWN_USER = 'no user of the engine';

export interface MembershipResult {
  group: string;
  action: 'add' | 'remove';
  results: { userId: string; ok: boolean; result: string }[];
}

export const membershipResultView: View<MembershipResult> = {
  table(result, style) {
    const cell = (row: MembershipResult['results'][number]): string =>
      !row.ok
        ? style.red(row.result)
        : row.result === MEMBERSHIP_UNKNOWN_USER
          ? style.yellow(row.result)
          : row.result === MEMBERSHIP_UNCHANGED[result.action]
            ? style.dim(row.result)
            : style.green(row.result);
    return renderTable(
      [{ name: 'User', whole: true }, 'Result'],
      result.results.map((row) => [row.userId, cell(row)]),
      style,
    );
  },
};
