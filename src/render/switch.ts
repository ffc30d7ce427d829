/** `engine switch-check` as tables: findings in deployed processes, in variables, identity, notes, a summary (docs/switching.md). */
import type { ResourceFinding, SwitchCheckReport, VariableFinding } from '../switching/report.js';
import { targetProduct } from '../switching/targets.js';
import type { Column } from './columns.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { renderFields, renderTable } from './table.js';

/** Why the schema's version is not known. */
const SCHEMA_UNKNOWN: Record<NonNullable<SwitchCheckReport['schemaVersionUnknownReason']>, string> = {
  forbidden: 'unknown: GET /schema/log was refused (403)',
  unavailable: 'unknown: the engine has no GET /schema/log (before Camunda 7.11)',
  empty: 'unknown: the engine showed no schema log (it shows it to admins and READ on System only)',
};

/** `key:version`, with the tenant when there is one: the same key and version can be deployed for several tenants. */
function label(key: string, version: number | null, tenantId: string | null): string {
  return `${key}:${version ?? '?'}${tenantId === null ? '' : ` (tenant ${tenantId})`}`;
}

const RESOURCE_COLUMNS: Column<ResourceFinding>[] = [
  {
    name: 'Definition',
    value: (finding) =>
      `${finding.definitionType === 'process' ? '' : `${finding.definitionType} `}${label(finding.definitionKey, finding.version, finding.tenantId)}`,
    whole: true,
  },
  { name: 'Resource', value: (finding) => `${finding.resource ?? '?'}:${finding.line}:${finding.column}`, whole: true },
  { name: 'Element', value: (finding) => [finding.elementId ?? finding.element ?? '', finding.attribute ?? finding.element ?? ''].join(' ') },
  { name: 'Reference', value: (finding) => finding.reference, whole: true },
  { name: 'Why', value: (finding) => finding.why },
  { name: 'Remedy', value: (finding) => finding.remedy },
];

const VARIABLE_COLUMNS: Column<VariableFinding>[] = [
  {
    name: 'Definition',
    value: (finding) =>
      finding.definitionKey === null ? (finding.processDefinitionId ?? '?') : label(finding.definitionKey, finding.version, finding.tenantId),
    whole: true,
  },
  { name: 'Variable', value: (finding) => finding.variableName, whole: true },
  { name: 'Count', value: (finding) => String(finding.count), whole: true },
  { name: 'Example instance', value: (finding) => finding.exampleProcessInstanceId ?? '-', whole: true },
  { name: 'Reference', value: (finding) => finding.reference, whole: true },
  { name: 'Why', value: (finding) => finding.why },
  { name: 'Remedy', value: (finding) => finding.remedy },
];

function section<T>(title: string, columns: Column<T>[], rows: T[], style: Style): string {
  const table = renderTable(
    columns,
    rows.map((row) => columns.map((column) => column.value(row, style))),
    style,
  );
  return `${style.bold(title)}\n${table}`;
}

export const switchCheckView: View<SwitchCheckReport> = {
  table(report, style) {
    const target = targetProduct(report.target).name;
    if (report.alreadySwitchedTo !== null) return switchedSentence(report, report.alreadySwitchedTo);
    const parts: string[] = [];
    if (report.resources.length > 0) parts.push(section('Deployed processes, decisions and cases', RESOURCE_COLUMNS, report.resources, style));
    if (report.variables.length > 0) parts.push(section('Runtime variables', VARIABLE_COLUMNS, report.variables, style));
    const { identity } = report;
    if (identity !== null) {
      parts.push(
        `${style.bold('Identity')}\n${renderFields(
          [
            ['Group', identity.adminGroup],
            ['Members', identity.members.join(', ') || 'none readable'],
            ['Authorizations', String(identity.authorizations)],
            ['Why', identity.why],
            ['Remedy', identity.remedy],
          ],
          style,
        )}`,
      );
    }
    for (const note of report.notes) parts.push(`${style.yellow('note:')} ${note.message}`);
    const { summary } = report;
    const unchecked =
      summary.scriptsNotChecked === 0
        ? ''
        : `; ${summary.scriptsNotChecked} external script${summary.scriptsNotChecked === 1 ? '' : 's'} not checked (see the notes)`;
    const total =
      summary.findings > 0
        ? style.red(`${summary.findings} finding${summary.findings === 1 ? '' : 's'} before switching to ${target}${unchecked}`)
        : report.restrictedView
          ? style.yellow(`nothing found in what these credentials may read: run the check as an admin before switching to ${target}${unchecked}`)
          : summary.scriptsNotChecked > 0
            ? style.yellow(`nothing found that must change before switching to ${target}${unchecked}`)
            : style.green(`nothing found that must change before switching to ${target}`);
    parts.push(
      renderFields(
        [
          ['Engine', report.product === null ? `${report.version} (product not shown to these credentials)` : `${report.product} ${report.version}`],
          ['Database schema', report.schemaVersion ?? SCHEMA_UNKNOWN[report.schemaVersionUnknownReason ?? 'empty']],
          ['Definitions scanned', `${summary.definitionsScanned} (${summary.resourceFindings} finding${summary.resourceFindings === 1 ? '' : 's'})`],
          [
            'Variables scanned',
            `${summary.variablesScanned} (${summary.variablesAffected} affected, in ${summary.variableFindings} group${summary.variableFindings === 1 ? '' : 's'})`,
          ],
          ['Summary', total],
        ],
        style,
      ),
    );
    return parts.join('\n\n');
  },
};

/** An engine that already is a fork: switched, or the other fork (not what this check covers). */
function switchedSentence(report: SwitchCheckReport, fork: NonNullable<SwitchCheckReport['alreadySwitchedTo']>): string {
  const shown = `${report.product ?? 'version'} ${report.version}`;
  if (fork === 'fork') return `The engine is already Operaton or CIB seven (${shown}): it has been switched; nothing to check.`;
  const product = targetProduct(fork);
  if (fork === report.target) return `The engine is already ${product.name} (${shown}): it has been switched; nothing to check.`;
  return `The engine is ${product.name} (${shown}), not Camunda 7: this check covers moving a Camunda 7 engine to a fork; moving from ${product.name} to ${targetProduct(report.target).name} (org.${fork} to org.${report.target}) is not checked.`;
}
