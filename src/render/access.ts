/** Access plans as tables: one row per change, in the order apply makes them; what is kept last. */
import type { AccessChange, AccessPlan, AuthorizationChange, EmptyFilePrune, GroupFields, UserFields } from '../access/plan.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { type Heading, renderTable } from './table.js';
import { plural } from '../util/text.js';

function permissions(list: readonly string[] | null): string {
  return list === null ? '' : list.length === 0 ? '(none)' : list.join(', ');
}

/** `grant group sales on process-definition 'invoice'`, `global on filter *`. */
export function describeAuthorizationChange(change: Pick<AuthorizationChange, 'type' | 'user' | 'group' | 'resource' | 'resourceId'>): string {
  const owner = change.type === 'global' ? '' : change.group !== null ? ` group ${change.group}` : ` user ${change.user ?? '?'}`;
  const id = change.resourceId === '*' ? '*' : change.resourceId === null ? '(no id)' : `'${change.resourceId}'`;
  return `${change.type}${owner} on ${change.resource} ${id}`;
}

function groupFields(fields: GroupFields | null): string {
  if (fields === null) return '';
  return `name ${fields.name === null ? '-' : `'${fields.name}'`}, type ${fields.type ?? '-'}`;
}

/** The object a change is about, as the table's What column shows it. */
export function describeChange(change: AccessChange): string {
  switch (change.object) {
    case 'group':
      return change.group;
    case 'member':
      return `${change.group}: ${change.user}`;
    case 'authorization':
      return describeAuthorizationChange(change);
    case 'user':
      return change.user;
    case 'tenant':
      return change.tenant;
    case 'tenant-member':
      return `${change.tenant}: ${change.user !== null ? `user ${change.user}` : `group ${change.group ?? ''}`}`;
  }
}

function quoted(value: string | null): string {
  return value === null ? '-' : `'${value}'`;
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'email'] as const;

/** `firstName 'Anna', lastName -, email -`; for an update only what changes, `firstName 'A' -> 'B'`. */
function userDetail(before: UserFields | null, after: UserFields | null): string {
  if (before === null || after === null) {
    const fields = before ?? after;
    return fields === null ? '' : PROFILE_FIELDS.map((field) => `${field} ${quoted(fields[field])}`).join(', ');
  }
  return PROFILE_FIELDS.filter((field) => before[field] !== after[field])
    .map((field) => `${field} ${quoted(before[field])} -> ${quoted(after[field])}`)
    .join(', ');
}

/** What changes, as the table's Change column shows it. */
function describeDetail(change: AccessChange): string {
  if (change.action === 'keep') return 'not in file (kept)';
  switch (change.object) {
    case 'group': {
      if (change.action !== 'update') return groupFields(change.action === 'create' ? change.after : change.before);
      const parts: string[] = [];
      const before = change.before!;
      const after = change.after!;
      if (before.name !== after.name) parts.push(`name '${before.name ?? ''}' -> '${after.name ?? ''}'`);
      if (before.type !== after.type) parts.push(`type ${before.type ?? '-'} -> ${after.type ?? '-'}`);
      return parts.join(', ');
    }
    case 'member':
    case 'tenant-member':
      return '';
    case 'user':
      return userDetail(change.before, change.after);
    case 'tenant':
      if (change.action === 'update') return `name ${quoted(change.before?.name ?? null)} -> ${quoted(change.after?.name ?? null)}`;
      return `name ${quoted((change.after ?? change.before)?.name ?? null)}`;
    case 'authorization':
      if (change.action === 'update') return `${permissions(change.before)} -> ${permissions(change.after)}`;
      return permissions(change.action === 'create' ? change.after : change.before);
  }
}

function actionCell(change: AccessChange, style: Style): string {
  switch (change.action) {
    case 'create':
    case 'add':
      return style.green(change.action);
    case 'update':
      return style.yellow(change.action);
    case 'delete':
    case 'remove':
      return style.red(change.action);
    case 'keep':
      return style.dim(change.action);
  }
}

function changeRows(changes: readonly AccessChange[], style: Style): string[][] {
  return changes.map((change) => [
    actionCell(change, style),
    change.object,
    describeChange(change),
    describeDetail(change),
    change.object === 'authorization' ? (change.id ?? '') : '',
  ]);
}

const CHANGE_HEADING: readonly Heading[] = [
  { name: 'Action', keepWords: true },
  { name: 'Object', keepWords: true },
  // `grant group sales on process-definition 'invoice'` names ids: wrapped between words only.
  { name: 'What', keepWords: true },
  { name: 'Change', keepWords: true },
  { name: 'Id', whole: true },
];

export const accessPlanView: View<AccessPlan> = {
  table(plan, style) {
    const rows = [...plan.changes, ...plan.kept];
    if (rows.length === 0) return 'no changes: the engine matches the file';
    return renderTable(CHANGE_HEADING, changeRows(rows, style), style);
  },
};

/** One line on stderr under the plan. */
export function planSummary(plan: AccessPlan): string {
  const count = (actions: readonly string[]) => plan.changes.filter((change) => actions.includes(change.action)).length;
  const kept = plan.kept.length > 0 ? `; ${plan.kept.length} in scope but not in the file, kept (--prune deletes them)` : '';
  if (plan.changes.length === 0) return `no changes: the engine matches the file${kept}`;
  return `plan: ${count(['create', 'add'])} to create or add, ${count(['update'])} to update, ${count(['delete', 'remove'])} to delete or remove${kept}`;
}

/** `access apply`'s report: each change of the plan with what became of it. */
export interface AppliedRow {
  change: AccessChange;
  status: 'done' | 'failed' | 'not done';
  note?: string | undefined;
}

export function appliedTable(rows: readonly AppliedRow[], style: Style): string {
  const status = (row: AppliedRow): string => {
    const text = `${row.status}${row.note ? ` (${row.note})` : ''}`;
    return row.status === 'done' ? style.green(text) : row.status === 'failed' ? style.red(text) : style.dim(text);
  };
  const changes = changeRows(
    rows.map((row) => row.change),
    style,
  );
  return renderTable(
    [{ name: 'Status', keepWords: true }, ...CHANGE_HEADING],
    rows.map((row, index) => [status(row), ...changes[index]!]),
    style,
  );
}

/** `--dry-run`: the requests, one a line: `PUT URL {body}`. */
export function requestLines(requests: readonly { request: { method: string; url: string; body?: unknown } }[]): string {
  return requests.map(({ request }) => `${request.method} ${request.url}${request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`}`).join('\n');
}

/** A change in one phrase for messages: `delete authorization grant group x on group * (ID)`. */
function describeChangeLine(change: AccessChange): string {
  return `${change.action} ${change.object} ${describeChange(change)}${change.object === 'authorization' && change.id ? ` (${change.id})` : ''}`;
}

/** The lock-out guard's finding: `READ, UPDATE on authorization; membership of …`, gathered by resource, and the changes behind it. */
export function describeLosses(user: string, losses: readonly { what: string; changes: readonly AccessChange[] }[]): string {
  const byResource = new Map<string, string[]>();
  const others: string[] = [];
  for (const { what } of losses) {
    const match = /^(\S+) on (\S+)$/.exec(what);
    if (match) byResource.set(match[2]!, [...(byResource.get(match[2]!) ?? []), match[1]!]);
    else others.push(what);
  }
  const taken = [...[...byResource].map(([resource, permissions]) => `${permissions.join(', ')} on ${resource}`), ...others].join('; ');
  const changes = [...new Set(losses.flatMap((loss) => loss.changes))];
  return `the plan would take from ${user} (the user of these credentials) ${taken}, by ${changes.map(describeChangeLine).join('; ')}`;
}

/** The finding for a bearer token, whose user the tool cannot tell. */
export function describeUnknownUserRisk(risky: readonly AccessChange[]): string {
  const shown = risky.slice(0, 3).map(describeChangeLine).join('; ');
  return `whose the bearer token is cannot be told, and the plan may take permissions away from its user: ${shown}${risky.length > 3 ? ` and ${risky.length - 3} more` : ''}`;
}

/** The finding of prunedByEmptyFile, in words; undefined when there is none. */
export function describeEmptyFile(fileName: string, finding: EmptyFilePrune | undefined): string | undefined {
  if (finding === undefined) return undefined;
  const kinds = finding.holdsNothing ? ['group', 'authorization', ...finding.emptySections].map((kind) => `no ${kind}`) : ['no group'];
  const what = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1]}` : kinds.join('');
  const deletes =
    finding.groups > 0
      ? `every group in its scope (${plural(finding.groups, 'group')}, ${plural(finding.deletions, 'deletion')} in all)`
      : `everything in its scope (${plural(finding.deletions, 'change')})`;
  return `${fileName} holds ${what}: with --prune the plan deletes ${deletes}`;
}

/** Users a plan creates have no password (a file holds none): they cannot log in until one is set. */
export function describePasswordless(plan: AccessPlan): string | undefined {
  const users = plan.changes.flatMap((change) => (change.object === 'user' && change.action === 'create' ? [change.user] : []));
  if (users.length === 0) return undefined;
  const shown = users.slice(0, 5).join(', ') + (users.length > 5 ? ` and ${users.length - 5} more` : '');
  return `${plural(users.length, 'user')} (${shown}) ${users.length === 1 ? 'is' : 'are'} created without a password (an access file holds none): they cannot log in until one is set (camunda-admin user password ${users[0]} --password-stdin)`;
}
