/**
 * `--report FILE` of a bulk run: JSON (the operation, the run and every object) or CSV (one row per
 * object: its id, its outcome, the operation's columns, the run's), by the file's extension
 * (src/change/report-file.ts writes it).
 */
import { csvHeader, csvRows, writeChangeReport } from '../change/report-file.js';
import type { ChangeResult } from '../change/result.js';
import type { BulkOperation } from './operation.js';

/** The report's JSON: what was done (`operation`), then the run's result. */
function reportOf<O extends string, D extends object>(operation: Pick<BulkOperation<never, O, D>, 'name'>, result: ChangeResult<O, D>) {
  return { operation: operation.name, ...result };
}

export async function writeBulkReport<O extends string, D extends object>(
  file: string,
  operation: Pick<BulkOperation<never, O, D>, 'name' | 'report'>,
  result: ChangeResult<O, D>,
): Promise<void> {
  await writeChangeReport(file, reportOf(operation, result), () => [
    csvHeader(operation.report as never),
    ...csvRows(operation.report, result, result.objects),
  ]);
}
