/**
 * Sends a prepared (and confirmed) migration through the change pipeline (src/change/run.ts: chunks
 * with a journal, one sync execute, or one batch), with the migration's canary first when asked
 * (./chunked-run.ts), and states its result as a migration's (./result.ts), with the report.
 */
import { runChange } from '../change/run.js';
import type { Batch } from '../engine/batches.js';
import { migrationCanary } from './chunked-run.js';
import { migrationOperation } from './operation.js';
import { writeReport } from './report.js';
import { executionResultOf } from './result.js';
import type { MigrationHost, PreparedMigration, RunOptions, RunOutcome } from './run-types.js';

/** The failure to end the command with, if any: the run's own, or a report that could not be written. */
export async function carryOut(host: MigrationHost, prepared: PreparedMigration, options: RunOptions): Promise<RunOutcome> {
  const { resumed, context } = prepared;
  const { mode, report } = options;
  const ids = prepared.ids.slice(0);
  // A chunked run continues with its journal's canary unless given another.
  const canary = mode.kind === 'chunked' ? (options.canary ?? resumed?.state.start.canary) : options.canary;
  const outcome = await runChange(
    host,
    {
      operation: migrationOperation(context, host),
      mode,
      ids,
      resumed: resumed?.state,
      scope: { plan: prepared.plan.name, sourceProcessDefinitionId: context.source.id, targetProcessDefinitionId: context.target.id },
      canary: { size: canary, runner: migrationCanary(host, prepared, { ids, mode, canary }) },
      engineVersion: () => context.client.system.version(),
      noDetail: { definitionId: null },
    },
    report
      ? async (result) => {
          await writeReport(report, executionResultOf(context, result));
          return report;
        }
      : undefined,
  );
  // A batch is the engine's answer to executeAsync, as it was created.
  return { result: outcome.result && executionResultOf(context, outcome.result), batch: outcome.batch as Batch | undefined, failure: outcome.failure };
}
