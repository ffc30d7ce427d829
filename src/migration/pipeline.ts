/**
 * The pipeline of a migration, shared by `migration execute` and `migration sweep`: a resolved plan and
 * a selection in, an outcome out, through the change pipeline (src/change/pipeline.ts). The migration's
 * steps: the pre-flight and the selection (./prepare.ts), its question and its dry run's bodies (here),
 * and its run (./carry-out.ts, on src/change/run.ts). Terminal-free: what it reports are events
 * (src/change/events.ts) to the host the command passes in (src/commands/migration-host.ts).
 */
import { changePipeline, requestRanges } from '../change/pipeline.js';
import { carryOut } from './carry-out.js';
import { describeDefinition } from './describe-definition.js';
import { type ExecutionResult, executionRequest } from './execute.js';
import { finish } from './result.js';
import { type IdList, idRange } from '../input/id-set.js';
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
  return changePipeline<PreparedMigration, MigrationOutcome>(
    host,
    {
      prepare: () => prepareMigration(host, plan, selection, options),
      nothingSelected: async (prepared) => ({
        kind: 'nothing-to-migrate',
        ...(await nothingToMigrate(host, prepared, { dryRun: options.dryRun, report: options.report, mode: options.mode.kind })),
      }),
      dryRun: (prepared) => {
        const chunkSize = options.mode.kind === 'chunked' ? options.mode.chunkSize : undefined;
        return dryRunOf(prepared, { chunkSize, async: options.mode.kind === 'async', canary: options.canary ?? prepared.resumed?.state.start.canary });
      },
      question: (prepared) => confirmationOf(prepared, options.mode.kind === 'async'),
      run: async (prepared) => ({ kind: 'run', ...(await carryOut(host, prepared, options)) }),
    },
    { dryRun: options.dryRun },
  );
}

/**
 * A selection that found nothing to do: a note on stderr and (unless a dry run) the outcome of a run
 * with zero counts, and the --report file, as a run that migrated something would write them.
 */
export async function nothingToMigrate(
  host: MigrationHost,
  prepared: PreparedMigration,
  run: { dryRun: boolean; report: string | undefined; mode: ExecutionResult['mode'] },
): Promise<RunOutcome> {
  const { context } = prepared;
  // Instances all on the target already were said so when they were selected.
  if (prepared.alreadyChanged === 0) host.emit({ type: 'nothing-selected', where: describeDefinition(context.source), parts: prepared.parts });
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
  // A resumed journal whose canary was sent has none to send again.
  const canary = request.canary !== undefined && prepared.resumed?.state.canary === undefined ? Math.min(request.canary, ids.length) : 0;
  const idLists: IdList[] = requestRanges(ids.length, { chunkSize, canary }).map(([start, end]) =>
    start === 0 && end === ids.length ? ids : idRange(ids, start, end),
  );
  return { kind: 'dry-run', template, idLists, chunkSize, async: request.async, ids: ids.length, canary: canary > 0 ? canary : undefined };
}
