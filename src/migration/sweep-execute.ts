/**
 * `migration sweep KEY --plans DIR --execute` as a use case: the plans of the directory read and
 * resolved, the sweep journal checked and locked, every version run through ./sweep-run.ts, and the
 * report written. Terminal-free.
 */
import { join } from 'node:path';
import { ChangeFailedError } from '../change/errors.js';
import { JournalLock } from '../change/journal-lock.js';
import type { RunEnvironment } from './execute-run.js';
import { checkReportFile } from '../change/report-file.js';
import { writeSweepReport } from './report.js';
import type { SweepOutcome } from './sweep-outcome.js';
import { SweepJournal } from './sweep-journal.js';
import { checkDirectory, loadPlans, planFiles } from './sweep-plans.js';
import { runSweep } from './sweep-run.js';

export interface SweepExecuteRequest {
  key: string;
  plans: string;
  /** --run-dir, or the plans directory. */
  runDir: string;
  tenant: string | undefined;
  dryRun: boolean;
  resume: boolean;
  force: boolean;
  chunkSize: number | undefined;
  canary: number | undefined;
  /** --canary-wait, in milliseconds. */
  canaryWaitMs?: number | undefined;
  /** --allow-pending-batch */
  allowPendingBatch?: boolean | undefined;
  async: { wait: boolean; intervalMs: number; waitTimeoutMs: number | undefined } | undefined;
  continueOnFailure: boolean;
  report: string | undefined;
  skipCustomListeners: boolean | undefined;
  skipIoMappings: boolean | undefined;
  takeOverLock: boolean;
  /** The command that takes the locks over, for the refusal's hint. */
  takeOverCommand: string;
}

/** The sweep's outcome; `failure`, if any, is what the command ends with once it is printed. */
export async function executeSweep(env: RunEnvironment, request: SweepExecuteRequest): Promise<SweepOutcome> {
  const { key, force, runDir } = request;
  await planFiles(request.plans, key);
  await checkDirectory(runDir, '--run-dir', { create: !request.dryRun });
  const sweepJournal = join(runDir, `${key}.sweep.journal.jsonl`);
  // Files written during or after the run are checked now, while a refusal still means nothing was sent.
  if (request.report) await checkReportFile(request.report, force);
  // A plain re-run of a finished sweep (a retried pipeline) has nothing to do: it is run as its
  // --resume, which sends nothing and asks where every version's instances are. --force starts over.
  const finishedEarlier = !request.dryRun && !request.resume && !force && (await SweepJournal.finished(sweepJournal));
  const resume = request.resume || finishedEarlier;
  if (!request.dryRun) await SweepJournal.checkStart(sweepJournal, { resume, replace: force });
  const lockOf = (journal: string) =>
    JournalLock.acquire(journal, { takeOver: request.takeOverLock, notice: (message) => env.warn(message), takeOverCommand: request.takeOverCommand });
  const lock = request.dryRun ? undefined : await lockOf(sweepJournal);
  try {
    const client = await env.client({ bulk: true });
    const engine = await env.engine();
    const plans = await loadPlans(env, client, request, runDir);
    const host = await env.host(client);
    const outcome = await runSweep(host, plans, {
      key,
      sweepJournal,
      resume,
      finishedEarlier,
      force,
      engine,
      chunkSize: request.chunkSize,
      canary: request.canary,
      async: request.async,
      dryRun: request.dryRun,
      continueOnFailure: request.continueOnFailure,
      prepare: {
        skipValidation: false,
        skipCustomListeners: request.skipCustomListeners,
        skipIoMappings: request.skipIoMappings,
        canaryWaitMs: request.canaryWaitMs,
        allowPendingBatch: request.allowPendingBatch,
      },
      lock: async (journal) => {
        const versionLock = await lockOf(journal);
        return () => versionLock.release();
      },
    });
    if (request.report && !outcome.dryRun) {
      try {
        await writeSweepReport(request.report, outcome);
        host.emit({ type: 'report-written', file: request.report });
      } catch (error) {
        const message = `the sweep ran (outcome on stdout), but the report was not written: ${error instanceof Error ? error.message : String(error)}`;
        if (outcome.failure) env.warn(message);
        else outcome.failure = new ChangeFailedError(message, 'partial');
      }
    }
    return outcome;
  } finally {
    await lock?.release();
  }
}
