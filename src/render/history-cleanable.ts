/** `history cleanable` as a table: a row per definition version (or batch type), then the commands that fix what is never cleaned. */
import type { CleanableReport } from '../history/cleanable.js';
import { plural } from '../util/text.js';
import { noneFound } from './common.js';
import type { View } from './output.js';
import type { Style } from './style.js';
import { renderTable } from './table.js';

type Cell = string | number;

interface Line {
  label: string;
  /** Whether the version (or batch type) has a time-to-live: its finished rows may have a removal time still ahead. */
  hasTtl: boolean;
  cells: Cell[];
  never: number | null;
  atMost: number;
  fix: string | null;
}

const ttlText = (ttl: number | null | undefined): string => (ttl === null || ttl === undefined ? 'none' : `${ttl}d`);
const hasTtl = (ttl: number | null | undefined): boolean => ttl !== null && ttl !== undefined;

function neverText(line: Line, style: Style): string {
  if (line.never === null) return line.atMost > 0 ? style.yellow(`≤ ${line.atMost}`) : '0';
  return line.never > 0 ? style.red(String(line.never)) : '0';
}

/** The report's rows as lines, in key, tenant and version order (the engine's is the definition ids'). */
function linesOf(report: CleanableReport): { head: string[]; lines: Line[] } {
  const sortKey = (key: string | null | undefined, tenant: string | null | undefined, version: number | null | undefined) =>
    `${key ?? ''}\u0000${tenant ?? ''}\u0000${String(version ?? 0).padStart(10, '0')}`;
  switch (report.kind) {
    case 'process':
      return {
        head: ['Key', 'Version', 'Tenant', 'TTL', 'Finished', 'Cleanable', 'Never cleaned'],
        lines: [...report.rows]
          .sort((a, b) =>
            sortKey(a.processDefinitionKey, a.tenantId, a.processDefinitionVersion).localeCompare(
              sortKey(b.processDefinitionKey, b.tenantId, b.processDefinitionVersion),
            ),
          )
          .map((row) => ({
            label: `${row.processDefinitionKey ?? row.processDefinitionId}:${row.processDefinitionVersion ?? '?'}`,
            hasTtl: hasTtl(row.historyTimeToLive),
            cells: [
              row.processDefinitionKey ?? '',
              row.processDefinitionVersion ?? '',
              row.tenantId ?? '',
              ttlText(row.historyTimeToLive),
              row.finishedProcessInstanceCount ?? 0,
              row.cleanableProcessInstanceCount ?? 0,
            ],
            never: row.neverCleanedCount,
            atMost: row.neverCleanedAtMost,
            fix: row.fix,
          })),
      };
    case 'decision':
      return {
        head: ['Key', 'Version', 'Tenant', 'TTL', 'Evaluated', 'Cleanable', 'Never cleaned'],
        lines: [...report.rows]
          .sort((a, b) =>
            sortKey(a.decisionDefinitionKey, a.tenantId, a.decisionDefinitionVersion).localeCompare(
              sortKey(b.decisionDefinitionKey, b.tenantId, b.decisionDefinitionVersion),
            ),
          )
          .map((row) => ({
            label: `${row.decisionDefinitionKey ?? row.decisionDefinitionId}:${row.decisionDefinitionVersion ?? '?'}`,
            hasTtl: hasTtl(row.historyTimeToLive),
            cells: [
              row.decisionDefinitionKey ?? '',
              row.decisionDefinitionVersion ?? '',
              row.tenantId ?? '',
              ttlText(row.historyTimeToLive),
              row.finishedDecisionInstanceCount ?? 0,
              row.cleanableDecisionInstanceCount ?? 0,
            ],
            never: row.neverCleanedCount,
            atMost: row.neverCleanedAtMost,
            fix: row.fix,
          })),
      };
    case 'batch':
      return {
        head: ['Batch type', 'TTL', 'Finished', 'Cleanable', 'Never cleaned'],
        lines: [...report.rows]
          .sort((a, b) => (a.batchType ?? '').localeCompare(b.batchType ?? ''))
          .map((row) => ({
            label: row.batchType ?? '',
            hasTtl: hasTtl(row.historyTimeToLive),
            cells: [row.batchType ?? '', ttlText(row.historyTimeToLive), row.finishedBatchesCount ?? 0, row.cleanableBatchesCount ?? 0],
            never: row.neverCleanedCount,
            atMost: row.neverCleanedAtMost,
            fix: row.fix,
          })),
      };
  }
}

const NOUNS: Record<CleanableReport['kind'], [string, string]> = {
  process: ['finished instance', 'finished instances'],
  decision: ['evaluation', 'evaluations'],
  batch: ['finished batch', 'finished batches'],
};

export const cleanableView: View<CleanableReport> = {
  table(report, style) {
    const { head, lines } = linesOf(report);
    if (lines.length === 0) return report.kind === 'batch' ? 'no historic batches' : noneFound('no definitions', report.asUser);
    // Off a terminal each row carries its fix, for scripts (cut -f8).
    if (style.table.kind === 'tabs')
      return renderTable(
        [...head, 'Fix'],
        lines.map((line) => [...line.cells, line.never ?? `<=${line.atMost}`, line.fix ?? '']),
        style,
      );
    const table = renderTable(
      head,
      lines.map((line) => [...line.cells, neverText(line, style)]),
      style,
    );
    const broken = lines.filter((line) => (line.never ?? line.atMost) > 0);
    const [one, many] = NOUNS[report.kind];
    if (broken.length === 0) return `${table}\n${style.green('every finished row has a removal time: the clean-up will remove each in its time')}`;
    const total = broken.reduce((sum, line) => sum + (line.never ?? line.atMost), 0);
    const exact = broken.every((line) => line.never !== null);
    if (exact) {
      const summary = `${plural(total, one, many)} of ${plural(broken.length, 'row')} above will never be cleaned: they have no removal time`;
      const fixes = broken.map((line) => `  ${line.label}: ${line.fix ?? ''}`);
      return `${table}\n${style.red(summary)}\nTo give them a removal time:\n${fixes.join('\n')}`;
    }
    // Unread (--no-scan): finished − cleanable also counts rows whose removal time is ahead, which a TTL gives.
    const summary = `up to ${plural(total, one, many)} of ${plural(broken.length, 'row')} above may never be cleaned, or may be not due yet (not read: --no-scan)`;
    const fixes = broken.map((line) => `  ${line.label}${line.never === null && line.hasTtl ? ' (may be not due yet)' : ''}: ${line.fix ?? ''}`);
    return `${table}\n${style.yellow(summary)}\nThose without a removal time get one with:\n${fixes.join('\n')}`;
  },
};
