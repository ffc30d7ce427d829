/**
 * `--report FILE`: the evidence an operator attaches to a change ticket. JSON (everything) or CSV (one
 * row per instance) by the file's extension.
 */
import { stat } from 'node:fs/promises';
import { UsageError } from '../exit-codes.js';
import { whyNotCreatable, writeFileAtomically } from '../util/files.js';
import type { ExecutionResult } from './execute.js';

/**
 * Refuses a report file that cannot be written, before anything is sent: found out after the
 * migration, the evidence would be lost. The report is written through a temporary file in the same
 * directory, so that directory must be writable; the file itself is replaced, not written into.
 */
export async function checkReportFile(file: string): Promise<void> {
  const refuse = (reason: string) => new UsageError(`--report ${file}: cannot be written (${reason}); nothing was sent`);
  const found = await stat(file).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') return undefined;
    throw refuse(code === 'ENOTDIR' ? 'a part of the path is not a directory' : (code ?? String(error)));
  });
  if (found?.isDirectory()) throw refuse('it is a directory');
  const why = await whyNotCreatable(file);
  if (why) throw refuse(why);
}

export function reportFormat(file: string): 'csv' | 'json' {
  return /\.csv$/i.test(file) ? 'csv' : 'json';
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function reportText(result: ExecutionResult, format: 'csv' | 'json'): string {
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
