/** What `history cleanup status` and `history cleanup run` do (declared in ./history-cleanup.ts). */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { cleanupStatus, runCleanup } from '../history/cleanup.js';
import { cleanupRunView, cleanupStatusView } from '../render/history-cleanup.js';
import type { CLEANUP_RUN_FLAGS, CLEANUP_STATUS_FLAGS } from './history-cleanup-flags.js';
import { parseFollowFlags } from './run-flags.js';
import type { FlagsOf } from './spec.js';

export async function showCleanupStatus(app: App, flags: FlagsOf<typeof CLEANUP_STATUS_FLAGS>): Promise<void> {
  const status = await cleanupStatus(await engineClient(app));
  const output = await app.output();
  await output.data(status, cleanupStatusView);
  if (flags.detailedExitcode && status.problems.length > 0) app.exitCode = ExitCode.DifferencesFound;
}

export async function runHistoryCleanup(app: App, flags: FlagsOf<typeof CLEANUP_RUN_FLAGS>): Promise<void> {
  if (!flags.wait && (flags.interval !== undefined || flags.waitTimeout !== undefined)) {
    throw new CliError('--interval and --wait-timeout go with --wait', ExitCode.Usage);
  }
  const follow = parseFollowFlags(flags);
  const client = await engineClient(app);
  await app.confirm('run the history clean-up now (it deletes every history row whose removal time has passed)');
  const result = await runCleanup(client, {
    wait: Boolean(flags.wait),
    intervalMs: follow.intervalMs,
    timeoutMs: follow.timeoutMs,
    signal: app.interrupt.signal,
  });
  const output = await app.output();
  if (!flags.wait) {
    await output.id(result, result.job.id);
    output.info(`history clean-up job ${result.job.id} is due now; \`camunda-admin history cleanup status\` shows when it ran`);
    return;
  }
  await output.data(result, cleanupRunView);
  const outcome = result.waited?.outcome;
  if (outcome === 'ran') output.info('the history clean-up ran: `camunda-admin history cleanable` shows what is left');
  if (outcome === 'failed') {
    const failed = result.waited?.jobs.find((job) => job.exceptionMessage);
    throw new CliError(`the history clean-up job ${failed?.id ?? ''} failed: ${failed?.exceptionMessage ?? ''}`, ExitCode.EngineRejected);
  }
  if (outcome === 'timed-out') throw new CliError('--wait-timeout passed before the clean-up job ran; it goes on', ExitCode.WaitTimedOut);
  if (outcome === 'interrupted') throw new CliError('interrupted while waiting; the clean-up job goes on', ExitCode.Interrupted);
}
