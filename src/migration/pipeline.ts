/**
 * The one execution pipeline of a migration, shared by `migration execute` and `migration sweep`: a
 * resolved plan and a selection in, an outcome out. Its steps, each in its own file: the pre-flight
 * and the selection (./prepare.ts), the confirmation or the dry run (here), the run (./carry-out.ts:
 * sync, chunked with a journal, or async; a canary first when asked) and the report of where every
 * instance is now. Terminal-free: what it reports are events (src/change/events.ts) to the host the
 * command passes in (src/commands/migration-host.ts).
 */
import { carryOut } from './carry-out.js';
import { describeDefinition } from './describe-definition.js';
import { type ExecutionResult, executionRequest } from './execute.js';
import { finish } from './result.js';
import { type IdList, idRange } from './instance-ids.js';
import { prepareMigration } from './prepare.js';
import { writeReport } from './report.js';
import type { MigrationHost, MigrationOutcome, PlanToRun, PreparedMigration, PrepareOptions, RunOptions, RunOutcome, SelectionToRun } from './run-types.js';

/**
 * The whole pipeline for one plan: prepared, then (unless `dryRun`) confirmed and carried out. The
 * chunk size of a resumed run is the journal's unless `chunkSize` is given.
 */
export async function migrate(
  host: MigrationHost,
  plan: PlanToRun,
  selection: SelectionToRun,
  options: PrepareOptions & RunOptions & { dryRun: boolean },
): Promise<MigrationOutcome> {
  const prepared = await prepareMigration(host, plan, selection, options);
  if (prepared.nothingSelected) {
    return { kind: 'nothing-to-migrate', ...(await nothingToMigrate(host, prepared, { dryRun: options.dryRun, report: options.report, mode: options.mode.kind })) };
  }
  if (options.dryRun) {
    const chunkSize = options.mode.kind === 'chunked' ? options.mode.chunkSize : undefined;
    return dryRunOf(prepared, { chunkSize, async: options.mode.kind === 'async', canary: options.canary ?? prepared.resumed?.state.start.canary });
  }
  if (prepared.ids.length === 0) {
    host.emit({ type: 'nothing-left' });
  } else {
    await host.confirm(confirmationOf(prepared, options.mode.kind === 'async'));
  }
  return { kind: 'run', ...(await carryOut(host, prepared, options)) };
}

/**
 * A selection that found nothing to do: a note on stderr and (unless a dry run) the outcome of a run
 * with zero counts, and the --report file, as a run that migrated something would write them.
 */
export async function nothingToMigrate(host: MigrationHost, prepared: PreparedMigration, run: { dryRun: boolean; report: string | undefined; mode: ExecutionResult['mode'] }): Promise<RunOutcome> {
  const { context } = prepared;
  host.emit({ type: 'nothing-selected', where: describeDefinition(context.source), parts: prepared.parts });
  if (run.dryRun) return { result: undefined, batch: undefined, failure: undefined };
  const result = await finish(context, { mode: run.mode, ids: [], startedAt: new Date() });
  if (run.report) {
    await writeReport(run.report, result);
    host.emit({ type: 'report-written', file: run.report });
  }
  return { result, batch: undefined, failure: undefined };
}

/** The question before a run: `migrate 3 process instances invoice:1 (…) -> invoice:2 (…)`. */
function confirmationOf(prepared: PreparedMigration, async: boolean): string {
  const count = prepared.ids.length;
  return `migrate ${count} process instance${count === 1 ? '' : 's'} ${prepared.direction}${async ? ' as a batch' : ''}`;
}

/** The bodies a run would send: one, or one per chunk, after the canary's own when there is one. */
function dryRunOf(prepared: PreparedMigration, request: { chunkSize: number | undefined; async: boolean; canary: number | undefined }): MigrationOutcome {
  const { ids } = prepared;
  const chunkSize = request.chunkSize ?? prepared.resumed?.state.start.chunkSize;
  const template = executionRequest(prepared.context, []);
  const idLists: IdList[] = [];
  // A resumed journal whose canary was sent has none to send again.
  const canary = request.canary !== undefined && prepared.resumed?.state.canary === undefined ? Math.min(request.canary, ids.length) : 0;
  if (canary > 0) idLists.push(idRange(ids, 0, canary));
  if (chunkSize === undefined) {
    if (canary === 0) idLists.push(ids);
    else if (canary < ids.length) idLists.push(idRange(ids, canary, ids.length));
  } else {
    for (let start = canary; start < ids.length; start += chunkSize) idLists.push(idRange(ids, start, Math.min(ids.length, start + chunkSize)));
  }
  return { kind: 'dry-run', template, idLists, chunkSize, async: request.async, ids: ids.length, canary: canary > 0 ? canary : undefined };
}
