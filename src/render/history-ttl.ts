/** `history ttl list` and `history ttl set` as tables and sentences (docs/history.md#time-to-live). */
import type { DefinitionKind } from '../history/ttl-definitions.js';
import { versionRanges } from '../history/ttl-definitions.js';
import type { TtlGroup, TtlReport, TtlVersion } from '../history/ttl-list.js';
import type { TtlChange, TtlOutcome, TtlSetPlan } from '../history/ttl-set.js';
import type { Column } from './columns.js';
import { noneFound } from './common.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { listView } from './table.js';

function days(value: number | null | undefined): string {
  return value === null || value === undefined ? 'none' : String(value);
}

function missing(text: string, style: Style): string {
  return style.red(text);
}

/** The time-to-live values of a group's versions: `30`, or `none (1-3), 30 (4)` when they differ. */
function timeToLives(group: TtlGroup, style: Style): string {
  const byValue = new Map<string, number[]>();
  for (const definition of group.definitions) {
    const value = days(definition.historyTimeToLive);
    byValue.set(value, [...(byValue.get(value) ?? []), definition.version]);
  }
  const parts = [...byValue].map(([value, versions]) => {
    const text = byValue.size === 1 ? value : `${value} (${versionRanges(versions)})`;
    return value === 'none' ? missing(text, style) : text;
  });
  return parts.join(', ');
}

function withoutCell(group: TtlGroup, style: Style): string {
  if (group.withoutTimeToLive === 0) return '0';
  const versions = group.definitions.filter((definition) => definition.historyTimeToLive == null).map((definition) => definition.version);
  return missing(`${group.withoutTimeToLive} (${versionRanges(versions)})`, style);
}

function finishedHeading(kind: DefinitionKind): string {
  return kind === 'process' ? 'Finished' : 'Evaluations';
}

/** A row per key and tenant. */
export function ttlGroupsView(kind: DefinitionKind): View<TtlGroup[]> {
  const columns: Column<TtlGroup>[] = [
    { name: 'Key', value: (group) => group.key, whole: true },
    { name: 'Tenant', value: (group) => group.tenantId },
    { name: 'Versions', value: (group) => group.versions, whole: true },
    { name: 'Without TTL', value: withoutCell, keepWords: true },
    { name: 'TTL (days)', value: timeToLives, keepWords: true },
    ...(kind === 'process' ? [{ name: 'Running', value: (group: TtlGroup) => group.running, whole: true }] : []),
    { name: finishedHeading(kind), value: (group) => group.finished ?? '?', whole: true },
  ];
  return listView(columns, `no ${kind} definitions`);
}

/** A row per version (`--key`). */
export function ttlVersionsView(kind: DefinitionKind): View<TtlGroup[]> {
  const columns: Column<TtlVersion>[] = [
    { name: 'Key', value: (definition) => definition.key, whole: true },
    { name: 'Version', value: (definition) => definition.version, whole: true },
    { name: 'Tenant', value: (definition) => definition.tenantId },
    { name: 'TTL (days)', value: (definition, style) => (definition.historyTimeToLive == null ? missing('none', style) : definition.historyTimeToLive) },
    ...(kind === 'process' ? [{ name: 'Running', value: (definition: TtlVersion) => definition.counts.running, whole: true }] : []),
    { name: finishedHeading(kind), value: (definition) => definition.counts.finished ?? '?', whole: true },
    { name: 'Id', value: (definition) => definition.id, whole: true },
  ];
  const versions = listView(columns, `no ${kind} definitions`);
  return {
    table: (groups, style) =>
      versions.table(
        groups.flatMap((group) => group.definitions),
        style,
      ),
  };
}

/** The line under the report, on stderr: what lacks a time-to-live, and what to do about it. */
export function ttlSummary(report: TtlReport): string {
  const noun = report.kind === 'process' ? 'process definition' : 'decision definition';
  const versions = `${report.versions} ${noun} version${report.versions === 1 ? '' : 's'}`;
  if (report.versions === 0) return noneFound(`no ${noun}s`, report.asUser);
  if (report.withoutTimeToLive === 0) return `every one of ${versions} has a time-to-live`;
  const keys = report.groups.filter((group) => group.withoutTimeToLive > 0);
  const keyCount = new Set(keys.map((group) => group.key)).size;
  return (
    `${report.withoutTimeToLive} of ${versions} (${keyCount} key${keyCount === 1 ? '' : 's'}) ${report.withoutTimeToLive === 1 ? 'has' : 'have'} no time-to-live: ${report.withoutTimeToLive === 1 ? 'its' : 'their'} history is never cleaned up` +
    `; set one with: camunda-admin history ttl set KEY --days N${report.kind === 'decision' ? ' --decision' : ''}`
  );
}

/** The versions a set changes: version, tenant, id, current TTL -> new. */
export const ttlPlanView: View<TtlSetPlan> = {
  table: (plan, style) => ttlChangesView.table(plan.changes, style),
};

const ttlChangesView = listView<TtlChange>(
  [
    { name: 'Version', value: (change) => change.definition.version, whole: true },
    { name: 'Tenant', value: (change) => change.definition.tenantId },
    { name: 'Id', value: (change) => change.definition.id, whole: true },
    {
      name: 'TTL (days)',
      value: (change, style) => `${change.before === null ? missing('none', style) : change.before} -> ${days(change.after)}`,
      keepWords: true,
    },
  ],
  'nothing to change',
);

/** What a set did, version by version, with the value read back. */
export const ttlOutcomeView: View<TtlOutcome[]> = listView<TtlOutcome>(
  [
    { name: 'Version', value: (outcome) => outcome.definition.version, whole: true },
    { name: 'Tenant', value: (outcome) => outcome.definition.tenantId },
    { name: 'Id', value: (outcome) => outcome.definition.id, whole: true },
    { name: 'Before', value: (outcome) => days(outcome.before) },
    // Only a version that was set was read back.
    { name: 'Read back', value: (outcome) => (outcome.status === 'set' ? days(outcome.readBack) : undefined) },
    {
      name: 'Outcome',
      value: (outcome, style) => (outcome.status === 'set' ? style.green('set') : outcome.status === 'failed' ? style.red('failed') : style.dim('not sent')),
      keepWords: true,
    },
  ],
  'nothing changed',
);

/** The machine-readable outcome: one record per version. */
export function ttlOutcomeRecords(outcomes: readonly TtlOutcome[]) {
  return outcomes.map((outcome) => ({
    id: outcome.definition.id,
    key: outcome.definition.key,
    version: outcome.definition.version,
    tenantId: outcome.definition.tenantId ?? null,
    before: outcome.before,
    after: outcome.after,
    readBack: outcome.readBack,
    status: outcome.status,
  }));
}

/** `--dry-run`: the requests, one a line: `PUT URL {body}`. */
export function ttlRequestLines(requests: readonly { method: string; url: string; body: unknown }[]): string {
  return requests.map((request) => `${request.method} ${request.url} ${JSON.stringify(request.body)}`).join('\n');
}
