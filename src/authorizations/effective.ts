/**
 * Effective permissions by the engine's own precedence rules, computed offline from authorization
 * rows: what `auth explain` shows and what the lock-out guard of `access apply` compares.
 *
 * The rules are those of the `authCheck` SQL in the engine's mapping/entity/Authorization.xml and
 * AuthorizationManager.isAuthorized (camunda-bpm-platform 7.24, commit 3dd653fe; Operaton and CIB
 * seven keep them). A check of one permission on a resource type and id is a CASE whose first
 * matching line decides:
 *
 *   user level    1. the user's GRANT on the id holds the permission            -> yes
 *                 2. the user's REVOKE on the id takes it away                  -> no
 *                 3. the user's GRANT on '*'                                    -> yes
 *                 4. the user's REVOKE on '*'                                   -> no
 *   group level   5-8. the same four over the GRANTs and REVOKEs of the user's groups
 *   global level  9-12. the same four over the GLOBAL authorizations (type 0, user '*'); there a
 *                 GLOBAL row without the permission is the "revoke"
 *   otherwise     no
 *
 * Lines on the id exist only when a specific id is checked (not for `*` or the type as a whole).
 * A row holds a permission when its bits contain the permission's bit: a GRANT or GLOBAL row when
 * its names include the permission or ALL; a REVOKE row takes it away when its names (the revoked
 * ones, as the REST API shows them) include it or ALL. The revoke lines run only when revoke checks
 * are on: with the default `authorizationCheckRevokes: auto`, when some REVOKE names the user, '*'
 * or one of the groups, on any resource (selectRevokeAuthorization).
 *
 * Membership of the admin group is no shortcut here: the engine checks it only for its admin-only
 * operations (checkCamundaAdmin), never in isAuthorized.
 */
import { GLOBAL, GRANT, REVOKE } from '../catalogue/authorization.js';
import { compareText } from '../util/text.js';

/** Whose permissions: a user with their groups, or a group alone (`userId` null). */
export interface Subject {
  readonly userId: string | null;
  readonly groupIds: readonly string[];
}

/** The fields of an authorization the rules read; the engine's objects and planned rows alike. */
export interface AuthorizationRow {
  readonly id?: string | undefined;
  readonly type: number;
  readonly userId: string | null;
  readonly groupId: string | null;
  readonly resourceType: number;
  readonly resourceId: string | null;
  readonly permissions: readonly string[];
}

export type Level = 'user' | 'group' | 'global';

/** One line of the CASE: a level, the id or '*', and whether a match grants or takes away. */
export interface Line {
  readonly level: Level;
  readonly on: 'id' | '*';
  readonly effect: 'grant' | 'revoke';
}

export interface Check {
  readonly resourceType: number;
  /** A specific id, or '*' / null / undefined for the type as a whole. */
  readonly resourceId?: string | null | undefined;
  readonly permission: string;
}

export interface Decision<R extends AuthorizationRow = AuthorizationRow> {
  readonly permission: string;
  readonly granted: boolean;
  /** The row and line that decided; undefined when no line matched (not granted). */
  readonly decidedBy?: { readonly row: R; readonly line: Line } | undefined;
}

export interface Options {
  /** Whether the engine runs its revoke lines; default: as `authorizationCheckRevokes: auto` decides. */
  readonly revokeChecks?: boolean | undefined;
}

/** The level at which `row` speaks for `subject`, or undefined when it does not. */
function levelOf(row: AuthorizationRow, subject: Subject): Level | undefined {
  if (row.type === GLOBAL) return row.userId === '*' ? 'global' : undefined;
  if (row.type !== GRANT && row.type !== REVOKE) return undefined;
  if (subject.userId !== null && row.userId === subject.userId) return 'user';
  if (row.groupId !== null && subject.groupIds.includes(row.groupId)) return 'group';
  return undefined;
}

/**
 * selectRevokeAuthorization: some REVOKE whose user is the subject's user or '*', or whose group is
 * one of the subject's groups. `rows` must hold every REVOKE of the subject, whatever its resource.
 */
export function revokeChecksApply(rows: Iterable<AuthorizationRow>, subject: Subject): boolean {
  for (const row of rows) {
    if (row.type !== REVOKE) continue;
    if (row.userId !== null && (row.userId === '*' || row.userId === subject.userId)) return true;
    if (row.groupId !== null && subject.groupIds.includes(row.groupId)) return true;
  }
  return false;
}

/** The row's bits contain the permission's: a GRANT or GLOBAL row that names it or ALL. */
function holds(row: AuthorizationRow, permission: string): boolean {
  return row.permissions.includes('ALL') || row.permissions.includes(permission);
}

/** The row matches the line for `permission`. */
function matches(row: AuthorizationRow, line: Line, permission: string): boolean {
  if (line.level === 'global') return line.effect === 'grant' ? holds(row, permission) : !holds(row, permission);
  if (line.effect === 'grant') return row.type === GRANT && holds(row, permission);
  // A REVOKE's names are the permissions it takes away (its bits are ALL without them).
  return row.type === REVOKE && holds(row, permission);
}

function isSpecific(resourceId: string | null | undefined): resourceId is string {
  return resourceId !== null && resourceId !== undefined && resourceId !== '*';
}

/** The lines of the CASE for a check on `resourceId`, in the order the engine tries them. */
export function linesFor(subject: Subject, resourceId: string | null | undefined, revokeChecks: boolean): Line[] {
  const levels: Level[] = [...(subject.userId !== null ? ['user' as const] : []), ...(subject.groupIds.length > 0 ? ['group' as const] : []), 'global'];
  const places: ('id' | '*')[] = isSpecific(resourceId) ? ['id', '*'] : ['*'];
  const lines: Line[] = [];
  for (const level of levels) {
    for (const on of places) {
      lines.push({ level, on, effect: 'grant' });
      if (revokeChecks) lines.push({ level, on, effect: 'revoke' });
    }
  }
  return lines;
}

/** Rows of the subject on the check's resource, each with its level and place, in the engine's order (ids break ties). */
function relevantRows<R extends AuthorizationRow>(
  rows: Iterable<R>,
  subject: Subject,
  resourceType: number,
  resourceId: string | null | undefined,
): { row: R; level: Level; on: 'id' | '*' }[] {
  const specific = isSpecific(resourceId);
  const found: { row: R; level: Level; on: 'id' | '*' }[] = [];
  for (const row of rows) {
    if (row.resourceType !== resourceType) continue;
    const on = row.resourceId === '*' ? '*' : specific && row.resourceId === resourceId ? 'id' : undefined;
    if (on === undefined) continue;
    const level = levelOf(row, subject);
    if (level !== undefined) found.push({ row, level, on });
  }
  const levelRank: Record<Level, number> = { user: 0, group: 1, global: 2 };
  const typeRank = (row: AuthorizationRow): number => (row.type === REVOKE ? 1 : 0);
  return found.sort(
    (a, b) =>
      levelRank[a.level] - levelRank[b.level] ||
      (a.on === b.on ? 0 : a.on === 'id' ? -1 : 1) ||
      typeRank(a.row) - typeRank(b.row) ||
      compareText(a.row.id ?? '', b.row.id ?? ''),
  );
}

/** The rows of one line: the subject's rows at that level and place, of the type the line reads. */
function rowsOfLine<R extends AuthorizationRow>(relevant: readonly { row: R; level: Level; on: 'id' | '*' }[], line: Line): R[] {
  return relevant.filter((entry) => entry.level === line.level && entry.on === line.on).map((entry) => entry.row);
}

/**
 * One permission check as the engine decides it. `rows` needs the subject's rows on the check's
 * resource type and, unless `options.revokeChecks` says, every REVOKE of the subject.
 */
export function decide<R extends AuthorizationRow>(rows: readonly R[], subject: Subject, check: Check, options: Options = {}): Decision<R> {
  const revokeChecks = options.revokeChecks ?? revokeChecksApply(rows, subject);
  const relevant = relevantRows(rows, subject, check.resourceType, check.resourceId);
  return decideAmong(relevant, subject, check, revokeChecks);
}

function decideAmong<R extends AuthorizationRow>(
  relevant: readonly { row: R; level: Level; on: 'id' | '*' }[],
  subject: Subject,
  check: Check,
  revokeChecks: boolean,
): Decision<R> {
  for (const line of linesFor(subject, check.resourceId, revokeChecks)) {
    const row = rowsOfLine(relevant, line).find((candidate) => matches(candidate, line, check.permission));
    if (row !== undefined) return { permission: check.permission, granted: line.effect === 'grant', decidedBy: { row, line } };
  }
  return { permission: check.permission, granted: false };
}

interface ExplainedRow<R extends AuthorizationRow = AuthorizationRow> {
  readonly row: R;
  readonly level: Level;
  readonly on: 'id' | '*';
  /** The permissions whose check this row decided, as granted. */
  readonly grants: string[];
  /** The permissions whose check this row decided, as not granted. */
  readonly revokes: string[];
}

export interface Explanation<R extends AuthorizationRow = AuthorizationRow> {
  readonly subject: Subject;
  readonly resourceType: number;
  /** '*' for the type as a whole. */
  readonly resourceId: string;
  readonly revokeChecks: boolean;
  /** One decision per permission asked about, in the order asked. */
  readonly decisions: Decision<R>[];
  /** Every row of the subject on the resource, in the order the engine reads them, with what each decided. */
  readonly rows: ExplainedRow<R>[];
}

/**
 * The effective `permissions` of `subject` on a resource, and which row decided each. `rows` as
 * for `decide`.
 */
export function explain<R extends AuthorizationRow>(
  rows: readonly R[],
  subject: Subject,
  resource: { resourceType: number; resourceId?: string | null | undefined },
  permissions: readonly string[],
  options: Options = {},
): Explanation<R> {
  const revokeChecks = options.revokeChecks ?? revokeChecksApply(rows, subject);
  const relevant = relevantRows(rows, subject, resource.resourceType, resource.resourceId);
  const decisions = permissions.map((permission) => decideAmong(relevant, subject, { ...resource, permission }, revokeChecks));
  const explained = relevant.map(({ row, level, on }) => {
    const mine = decisions.filter((decision) => decision.decidedBy?.row === row);
    return {
      row,
      level,
      on,
      grants: mine.filter((decision) => decision.granted).map((d) => d.permission),
      revokes: mine.filter((decision) => !decision.granted).map((d) => d.permission),
    };
  });
  return {
    subject,
    resourceType: resource.resourceType,
    resourceId: isSpecific(resource.resourceId) ? resource.resourceId : '*',
    revokeChecks,
    decisions,
    rows: explained,
  };
}
