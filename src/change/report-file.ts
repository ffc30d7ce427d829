/**
 * `--report FILE` of any change: the evidence an operator attaches to a change ticket, JSON (everything)
 * or CSV (one row per object) by the file's extension, checked before anything is sent. The rows are
 * the operation's (src/migration/report.ts).
 */
import { checkOutputFile, writeFileAtomically } from '../util/files.js';

/**
 * Refuses a report file that cannot be written (or exists, without --force), before anything is sent:
 * found out after the change, the evidence would be lost.
 */
export async function checkReportFile(file: string, force: boolean): Promise<void> {
  await checkOutputFile(file, '--report', force);
}

export function reportFormat(file: string): 'csv' | 'json' {
  return /\.csv$/i.test(file) ? 'csv' : 'json';
}

/** One CSV cell: quoted when it holds a quote, a comma or a line break. */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The columns of a CSV report: the id's (named by the operation), the outcome, the operation's own, then the run's. */
export interface ReportColumns<T> {
  /** `processInstanceId`, `jobId` */
  id: string;
  /** What the operation says of each object (and of its run), between the outcome and the run's columns. */
  columns: readonly { name: string; value: (object: T) => string | number | null }[];
}

export function csvHeader(layout: ReportColumns<never>): string {
  return [layout.id, 'outcome', ...layout.columns.map((column) => column.name), 'mode', 'batchIds', 'finishedAt'].join(',');
}

/** A run's objects as CSV rows, one per object. */
export function csvRows<T extends { id: string; outcome: string }>(
  layout: ReportColumns<T>,
  run: { mode: string; batches: readonly { id: string }[]; finishedAt: string },
  objects: readonly T[],
): string[] {
  const batchIds = run.batches.map((batch) => batch.id).join(' ');
  return objects.map((object) =>
    [object.id, object.outcome, ...layout.columns.map((column) => column.value(object)), run.mode, batchIds, run.finishedAt].map(csvCell).join(','),
  );
}

/** Writes a report: `json` as it is (the operation's statement of the result), or the CSV lines, by the file's extension. */
export async function writeChangeReport(file: string, json: unknown, csv: () => readonly string[]): Promise<void> {
  await writeFileAtomically(file, reportFormat(file) === 'csv' ? `${csv().join('\n')}\n` : `${JSON.stringify(json, null, 2)}\n`);
}
