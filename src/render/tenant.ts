/** Tenants and their membership changes as tables. */
import type { Tenant, TenantMemberKind } from '../engine/tenants.js';
import type { View } from './output.js';
import { type ChangeResult, renderChange } from './diff.js';
import { listView, renderFields, renderTable } from './table.js';

export const tenantListView = listView<Tenant>(
  [
    { name: 'Id', value: (tenant) => tenant.id, whole: true },
    { name: 'Name', value: (tenant) => tenant.name },
  ],
  'no tenants',
);

export const tenantView: View<Tenant> = {
  table: (tenant, style) =>
    renderFields(
      [
        ['Id', tenant.id],
        ['Name', tenant.name],
      ],
      style,
    ),
};

export type TenantDiff = ChangeResult<'name', { id: string; name: string | null }>;

export const tenantDiffView: View<TenantDiff> = {
  table: (result, style) => renderChange(result, style),
};

/** The `result` words of `tenant members add/remove`, -o json included: scripts compare them (docs/identity.md). A failure's result is its error line. */
export const TENANT_MEMBERSHIP_CHANGED = { add: 'added', remove: 'removed' } as const;
export const TENANT_MEMBERSHIP_UNCHANGED = { add: 'already a member', remove: 'not a member' } as const;
/** `remove` of an id the engine has no user or group for (add refuses those before it sends anything). */
export const TENANT_MEMBER_UNKNOWN = { user: 'no user of the engine', group: 'no group of the engine' } as const;

export interface TenantMembershipResult {
  tenant: string;
  action: 'add' | 'remove';
  results: { kind: TenantMemberKind; id: string; ok: boolean; result: string }[];
}

export const tenantMembershipResultView: View<TenantMembershipResult> = {
  table(result, style) {
    const cell = (row: TenantMembershipResult['results'][number]): string =>
      !row.ok
        ? style.red(row.result)
        : row.result === TENANT_MEMBER_UNKNOWN[row.kind]
          ? style.yellow(row.result)
          : row.result === TENANT_MEMBERSHIP_UNCHANGED[result.action]
            ? style.dim(row.result)
            : style.green(row.result);
    return renderTable(
      [{ name: 'Kind', whole: true }, { name: 'Member', whole: true }, 'Result'],
      result.results.map((row) => [row.kind, row.id, cell(row)]),
      style,
    );
  },
};
