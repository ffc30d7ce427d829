/** `auth explain`: the effective permissions, then the authorizations in the order the engine reads them. */
import type { ExplainedAuthorization, ExplainedPermission, ExplainReport } from '../authorizations/explain.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { renderTable } from './table.js';

function subjectText(report: ExplainReport): string {
  if (report.user !== null) return `user ${report.user} (groups: ${report.groups.length > 0 ? report.groups.join(', ') : 'none'})`;
  return `group ${report.group ?? ''}`;
}

function resourceText(report: ExplainReport): string {
  return `${report.resourceType}${report.resourceId === '*' ? ' (the type as a whole: *)' : ` '${report.resourceId}'`}`;
}

function answer(granted: boolean, style: Style): string {
  return granted ? style.green('yes') : style.red('no');
}

function decidedBy(entry: ExplainedPermission, report: ExplainReport): string {
  if (entry.row === null) return 'no authorization matches';
  const row = report.authorizations[entry.row - 1]!;
  return `#${entry.row}: ${row.type} for ${row.owner} on ${row.resourceId === '*' ? '*' : `'${row.resourceId}'`}`;
}

function effect(row: ExplainedAuthorization): string {
  const parts = [
    ...(row.grants.length > 0 ? [`grants ${row.grants.join(', ')}`] : []),
    ...(row.revokes.length > 0 ? [`${row.type === 'global' ? 'denies' : 'revokes'} ${row.revokes.join(', ')}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'none (decided above, or nothing asked)';
}

function authorizationsTable(report: ExplainReport, style: Style): string {
  if (report.authorizations.length === 0)
    return `no authorization of ${subjectText(report)} on ${report.resourceType} ${report.resourceId === '*' ? "'*'" : `'${report.resourceId}' or '*'`}`;
  return renderTable(
    [
      { name: '#', whole: true },
      { name: 'Level', keepWords: true },
      { name: 'Id', whole: true },
      { name: 'Type', keepWords: true },
      { name: 'Owner', keepWords: true },
      { name: 'Resource id', whole: true },
      { name: 'Permissions', keepWords: true },
      { name: 'Effect', keepWords: true },
    ],
    report.authorizations.map((row) => [
      row.row,
      row.level,
      row.id,
      row.type,
      row.owner,
      row.resourceId,
      row.permissions.length > 0 ? row.permissions.join(', ') : '(none)',
      effect(row),
    ]),
    style,
  );
}

function engineNote(report: ExplainReport): string[] {
  const check = report.engineCheck;
  if (check === null) return [];
  if (!check.asked) return [`The engine could not be asked (GET /authorization/check): ${check.error ?? 'no answer'}`];
  if (check.disagreements.length === 0) return ["The engine agrees (GET /authorization/check, as the credentials' user)."];
  return [
    `The engine answers otherwise for ${check.disagreements.join(', ')} (GET /authorization/check): it sees authorizations or groups these credentials may not read, or is configured otherwise (authorizationCheckRevokes, disabledPermissions, adminGroups).`,
  ];
}

export const explainView: View<ExplainReport> = {
  table(report, style) {
    const header = `${subjectText(report)} on ${resourceText(report)}; revoke checks ${report.revokeChecks ? 'on (a revoke names the user, * or a group)' : 'off (no revoke names the user, * or a group)'}`;
    const permissions = renderTable(
      [
        { name: 'Permission', whole: true },
        { name: 'Granted', whole: true },
        ...(report.engineCheck?.asked ? [{ name: 'Engine', whole: true }] : []),
        { name: 'Decided by', keepWords: true },
      ],
      report.permissions.map((entry) => [
        entry.permission,
        answer(entry.granted, style),
        ...(report.engineCheck?.asked ? [entry.engine === undefined ? '-' : answer(entry.engine, style)] : []),
        decidedBy(entry, report),
      ]),
      style,
    );
    return [
      header,
      permissions,
      'Authorizations in the order the engine reads them (the first that decides a permission wins):',
      authorizationsTable(report, style),
      ...engineNote(report),
    ].join('\n');
  },
};

/** One permission (`--permission`): yes or no first, then why. */
export const explainOneView: View<ExplainReport & { permission: string; authorized: boolean }> = {
  table(report, style) {
    const entry = report.permissions[0]!;
    const first = `${answer(entry.granted, style)}: ${subjectText(report)} ${entry.granted ? 'has' : 'does not have'} ${entry.permission} on ${resourceText(report)}; ${entry.row === null ? 'no authorization matches' : `decided by ${decidedBy(entry, report)}`}`;
    return [first, authorizationsTable(report, style), ...engineNote(report)].join('\n');
  },
};
