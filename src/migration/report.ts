/**
 * `--report FILE`: the evidence an operator attaches to a change ticket. JSON (everything) or CSV (one
 * row per instance) by the file's extension.
 */
import { checkOutputFile, writeFileAtomically } from '../util/files.js';
import type { ExecutionResult } from './execute.js';

/**
 * Refuses a report file that cannot be written (or exists, without --force), before anything is sent:
 * found out after the migration, the evidence would be lost.
 */
export async function checkReportFile(file: string, force: boolean): Promise<void> {
  await checkOutputFile(file, '--report', force);
}

function reportFormat(file: string): 'csv' | 'json' {
  return /\.csv$/i.test(file) ? 'csv' : 'json';
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function reportText(result: ExecutionResult, format: 'csv' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  const batchIds = result.batches.map((batch) => batch.id).join(' ');
  const header = ['processInstanceId', 'outcome', 'definitionId', 'sourceProcessDefinitionId', 'targetProcessDefinitionId', 'mode', 'batchIds', 'finishedAt'];
  const rows = result.instances.map((instance) =>
    [instance.id, instance.outcome, instance.definitionId, result.source.id, result.target.id, result.mode, batchIds, result.finishedAt].map(csvCell).join(','),
  );
  return `${[header.join(','), ...rows].join('\n')}\n`;
}

export async function writeReport(file: string, result: ExecutionResult): Promise<void> {
  await writeFileAtomically(file, reportText(result, reportFormat(file)));
}
