/**
 * `--report FILE` of any change: the evidence an operator attaches to a change ticket, JSON (everything)
 * or CSV (one row per object) by the file's extension, checked before anything is sent. The rows are
 * the operation's (src/migration/report.ts).
 */
import { checkOutputFile } from '../util/files.js';

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
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
