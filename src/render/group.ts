/** Groups, members and OPTIONS links as tables. */
import type { Group, UserProfile } from '../engine/groups.js';
import type { Link } from '../engine/schemas.js';
import type { View } from './output.js';
import { type ChangeResult, renderChange } from './diff.js';
import { renderFields, renderTable } from './table.js';

export const groupListView: View<Group[]> = {
  table(rows, style) {
    if (rows.length === 0) return 'no groups';
    return renderTable(['Id', 'Name', 'Type'], rows.map((group) => [group.id, group.name, group.type]), style);
  },
};

export const groupView: View<Group> = {
  table: (group, style) => renderFields([['Id', group.id], ['Name', group.name], ['Type', group.type]], style),
};

export const memberListView: View<UserProfile[]> = {
  table(rows, style) {
    if (rows.length === 0) return 'no members';
    return renderTable(['User', 'First name', 'Last name', 'Email'], rows.map((user) => [user.id, user.firstName, user.lastName, user.email]), style);
  },
};

const ACTIONS: Record<string, string> = { list: 'list', count: 'count', create: 'create', self: 'read', update: 'update', delete: 'delete' };

/** What an OPTIONS answer allows: one row per link. */
export const linksView: View<{ links: Link[] }> = {
  table({ links }, style) {
    if (links.length === 0) return 'no actions allowed';
    return renderTable(['Action', 'Method', 'URL'], links.map((link) => [ACTIONS[link.rel] ?? link.rel, link.method, link.href]), style);
  },
};

export type GroupDiff = ChangeResult<'name' | 'type', { id: string; name: string | null; type: string | null }>;

export const groupDiffView: View<GroupDiff> = {
  table: (result, style) => renderChange(result, style),
};

export interface MembershipResult {
  group: string;
  action: 'add' | 'remove';
  results: { userId: string; ok: boolean; result: string }[];
}

export const membershipResultView: View<MembershipResult> = {
  table(result, style) {
    return renderTable(['User', 'Result'], result.results.map((row) => [row.userId, row.ok ? style.green(row.result) : style.red(row.result)]), style);
  },
};
