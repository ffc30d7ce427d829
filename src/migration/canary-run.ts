/**
 * The canary of a run (--canary N): its instances' incidents and failed jobs noted, the instances
 * migrated in one sync execute (a chunk of the journal, when there is one), watched for the settle
 * time and checked (./canary.ts, src/change/canary-settle.ts), and when they pass and more is to
 * come, the question whether to go on.
 */
import { canaryProblemsText } from '../change/canary-settle.js';
import { ChangeFailedError } from '../change/errors.js';
import type { Journal } from '../change/journal.js';
import { outcomeUnknown } from '../engine/errors.js';
import { type CanaryCheck, checkCanary, failedJobIdsOf, incidentIdsOf } from './canary.js';
import { explainRefusal } from './refusal.js';
import { migrationSender } from './operation.js';
import type { CanaryPhase, MigrationHost, PreparedMigration } from './run-types.js';

export interface CanaryRun {
  remaining: number;
  journal: Journal | undefined;
  chunk: number;
  /** What the error of a stopped run advises: --resume with the journal, or running the command again. */
  resumeHint: string;
}

export async function runCanary(host: MigrationHost, prepared: PreparedMigration, run: CanaryRun & { ids: string[]; total: number }): Promise<CanaryPhase> {
  const { context } = prepared;
  const at = () => new Date().toISOString();
  const [incidentsBefore, failedJobsBefore] = await Promise.all([incidentIdsOf(context.client, run.ids), failedJobIdsOf(context.client, run.ids)]);
  await run.journal?.append({ event: 'sent', chunk: run.chunk, ids: run.ids, at: at(), canary: true, incidentsBefore });
  try {
    // Sent as any chunk of the change is (./operation.ts): the pipeline's interface, not the migration API.
    await migrationSender(context).sendChunk(run.ids);
  } catch (error) {
    const unknown = outcomeUnknown(error);
    await run.journal?.append({
      event: unknown ? 'unknown' : 'failed',
      chunk: run.chunk,
      error: error instanceof Error ? error.message : String(error),
      at: at(),
    });
    if (unknown && run.journal) {
      throw new ChangeFailedError(
        `the canary: the answer does not say whether it was migrated (${error instanceof Error ? error.message : String(error)}); --resume asks the engine and checks it before sending more (journal ${run.journal.file})`,
        'unreachable',
      );
    }
    throw explainRefusal(host, error, 'the canary was rolled back: nothing was migrated');
  }
  await run.journal?.append({ event: 'done', chunk: run.chunk, at: at() });
  host.emit({ type: 'canary-sent', total: run.total, count: run.ids.length });
  const before = { incidents: new Set(incidentsBefore), failedJobs: new Set(failedJobsBefore) };
  const check = await checkCanary(
    context.client,
    { ids: run.ids, sourceDefinitionId: context.source.id, targetDefinitionId: context.target.id, before },
    prepared.canaryWaitMs,
  );
  return canaryVerdict(host, prepared, check, run);
}

/** What a checked canary decides: stop (exit 8), or ask before the rest. */
export async function canaryVerdict(host: MigrationHost, prepared: PreparedMigration, check: CanaryCheck, run: CanaryRun): Promise<CanaryPhase> {
  await run.journal?.append({ event: 'canary', chunk: run.chunk, passed: check.passed, problems: check.problems, at: new Date().toISOString() });
  host.showCanary(check);
  const size = check.instances.length;
  const summary = { size, passed: check.passed, problems: check.problems };
  const canaryInstances = `${size} canary instance${size === 1 ? '' : 's'}`;
  if (!check.passed) {
    return {
      summary,
      failure: new ChangeFailedError(
        `the canary failed (${canaryProblemsText(check.problems)}): the other ${run.remaining} instance${run.remaining === 1 ? ' was' : 's were'} not sent${run.resumeHint}`,
        'partial',
      ),
    };
  }
  if (run.remaining === 0) return { summary, failure: undefined };
  try {
    await host.confirm(`the canary passed (${canaryInstances} on the target, no new incident): migrate the other ${run.remaining} ${prepared.direction}`);
  } catch (error) {
    if (!(error instanceof ChangeFailedError)) throw error;
    const interrupted = error.kind === 'interrupted';
    const stop = `${interrupted ? 'interrupted' : 'not confirmed'} after the canary: its ${canaryInstances} ${size === 1 ? 'is' : 'are'} on the target, the other ${run.remaining} ${run.remaining === 1 ? 'was' : 'were'} not sent${run.resumeHint}`;
    return { summary, failure: new ChangeFailedError(stop, interrupted ? 'interrupted' : 'partial') };
  }
  return { summary, failure: undefined };
}
