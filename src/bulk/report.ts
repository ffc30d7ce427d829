/**
 * `--report FILE` of a bulk run: JSON (the operation, the run and every object) or CSV (one row per
 * object: its id, its outcome, the operation's columns, the run's), by the file's extension
 * (src/change/report-file.ts writes it). A run with batches (--async) has one column more,
 * `batchJobFailure`: why a batch did not change the object (./batch-failures.ts), empty otherwise.
 */
import { csvHeader, csvRows, type ReportColumns, writeChangeReport } from '../change/report-file.js';
import type { ChangeResult, ObjectOutcome } from '../change/result.js';
import type { BulkOperation } from './operation.js';

/** The report's JSON: what was done (`operation`), then the run's result. */
function reportOf<O extends string, D extends object>(operation: Pick<BulkOperation<never, O, D>, 'name'>, result: ChangeResult<O, D>) {
  return { operation: operation.name, ...result };
}

type Explained<O extends string, D extends object> = ObjectOutcome<O, D> & { batchJobFailure?: string };

/** The operation's columns, and for a run with batches the reason a batch job gave for each object not changed. */
function columnsOf<O extends string, D extends object>(layout: ReportColumns<ObjectOutcome<O, D>>, mode: string): ReportColumns<Explained<O, D>> {
  if (mode !== 'async') return layout;
  return { ...layout, columns: [...layout.columns, { name: 'batchJobFailure', value: (object: Explained<O, D>) => object.batchJobFailure ?? null }] };
}

/**
 * Writes the report. `batchObjects` (the ids each batch was created for): with several batches, a
 * CSV row's `batchIds` is the batch of its object (none for a canary's, sent synchronously).
 */
export async function writeBulkReport<O extends string, D extends object>(
  file: string,
  operation: Pick<BulkOperation<never, O, D>, 'name' | 'report'>,
  result: ChangeResult<O, D>,
  batchObjects?: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const layout = columnsOf(operation.report, result.mode);
  await writeChangeReport(file, reportOf(operation, result), () => [csvHeader(layout as never), ...rowsOf(layout, result, batchObjects)]);
}

function rowsOf<O extends string, D extends object>(
  layout: ReportColumns<Explained<O, D>>,
  result: ChangeResult<O, D>,
  batchObjects: ReadonlyMap<string, readonly string[]> | undefined,
): string[] {
  if (result.batches.length <= 1 || batchObjects === undefined) return csvRows(layout, result, result.objects);
  const batchOf = new Map<string, { id: string }[]>();
  for (const [batchId, ids] of batchObjects) for (const id of ids) batchOf.set(id, [{ id: batchId }]);
  return result.objects.flatMap((object) => csvRows(layout, { ...result, batches: batchOf.get(object.id) ?? [] }, [object]));
}
