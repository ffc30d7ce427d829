/** Following a batch until it ends, with progress on stderr: `batch watch` and `migration execute --async --wait`. */
import type { App } from '../app.js';
import { engineClient } from '../connection.js';
import { ChangeFailedError } from '../change/errors.js';
import { type BatchProgress, watchBatch } from '../batches/watch.js';
import { describeEnding } from '../render/batch.js';
import { activateCommand, describeProgress, progressReporter } from '../render/progress.js';

export interface FollowOptions {
  intervalMs: number;
  timeoutMs: number | undefined;
  /** This run (or the journal it continues) created the batch: it exists, whether or not the engine answers. */
  created: boolean;
}

export async function followBatch(
  app: App,
  batchId: string,
  { intervalMs, timeoutMs, created }: FollowOptions,
): Promise<{ failure: ChangeFailedError | undefined; status: string }> {
  const output = await app.output();
  const client = await engineClient(app);
  const reporter = await progressReporter({
    stderr: app.io.stderr,
    interactive: app.animated && !output.machineReadable,
    quiet: output.quiet,
    color: output.stderrStyle.enabled,
    minIntervalMs: Math.max(intervalMs, 5000),
  });
  // Ctrl-C stops the watching, not the batch: the poll in flight is answered, and the run says how to follow on.
  // A second one, while that poll is still unanswered, is the run's: it abandons the poll and stops.
  const interrupt = new AbortController();
  const release = app.interrupt.takeOver((signal) => {
    if (!interrupt.signal.aborted) return interrupt.abort();
    release();
    app.interrupt.trigger(signal);
  });
  let watch;
  let suspended: boolean | undefined;
  const onProgress = (progress: BatchProgress): void => {
    const changed = suspended !== undefined && progress.suspended !== suspended;
    suspended = progress.suspended;
    reporter.update(describeProgress(progress), changed);
  };
  try {
    watch = await watchBatch(client.batches, batchId, { intervalMs, timeoutMs, onProgress, signal: interrupt.signal });
  } finally {
    release();
  }
  // The last progress line stays; without one (no answer yet) the spinner just goes.
  const finish = (): void => (watch.last ? reporter.done(describeProgress(watch.last)) : reporter.stop());
  switch (watch.status) {
    case 'completed':
      if (watch.ending.kind === 'unknown') {
        reporter.done(`batch ${batchId}: ended at ${watch.historic.endTime}`);
        output.warn(describeEnding(watch.historic, watch.ending)!);
      } else {
        reporter.done(`batch ${batchId}: finished at ${watch.historic.endTime}`);
      }
      return { failure: undefined, status: 'completed' };
    case 'jobs-done':
      // The work is done, which is what --wait waits for; the outcome check that follows looks at every object.
      reporter.done(`batch ${batchId}: all ${watch.last.totalJobs} jobs done; the engine ends the batch at its monitor job's next run`);
      return { failure: undefined, status: 'completed' };
    case 'deleted':
      finish();
      return {
        status: 'deleted',
        failure: new ChangeFailedError(
          `${describeEnding(watch.historic, watch.ending)!} at ${watch.historic.endTime}; see camunda-admin batch get ${batchId}`,
          'partial',
        ),
      };
    case 'failed-jobs': {
      finish();
      const definition = watch.statistics.batchJobDefinitionId;
      const instances = watch.statistics.failedJobs * watch.statistics.invocationsPerBatchJob;
      return {
        status: 'failed-jobs',
        failure: new ChangeFailedError(
          `batch ${batchId}: ${watch.statistics.failedJobs} job${watch.statistics.failedJobs === 1 ? '' : 's'} failed (up to ${instances} instance${instances === 1 ? '' : 's'}) and will not be retried; see the failures with GET /job?jobDefinitionId=${definition}&noRetriesLeft=true or in Cockpit, fix them and set the job retries, or delete the batch`,
          'partial',
        ),
      };
    }
    case 'timed-out':
      finish();
      if (!watch.last && !created) {
        // Nothing is known of the batch: not that it runs, nor that it exists.
        return {
          status: 'timed-out',
          failure: new ChangeFailedError(
            `--wait-timeout passed before the engine answered about batch ${batchId}; follow it with: camunda-admin batch watch ${batchId}`,
            'unreachable',
          ),
        };
      }
      return {
        status: 'timed-out',
        failure: new ChangeFailedError(
          `--wait-timeout passed: batch ${batchId} ${stillThere(watch.last)}; follow it with: camunda-admin batch watch ${batchId}`,
          'wait-timed-out',
        ),
      };
    case 'interrupted':
      finish();
      return {
        status: 'interrupted',
        failure: new ChangeFailedError(
          `stopped watching: batch ${batchId} ${watch.last?.suspended ? stillThere(watch.last) : 'goes on'}; follow it with: camunda-admin batch watch ${batchId}`,
          'interrupted',
        ),
      };
  }
}

/** Where a batch that did not end stands: running, or suspended and waiting for someone to activate it. */
function stillThere(last: { suspended: boolean; batchId: string } | undefined): string {
  return last?.suspended ? `is suspended: no job runs until it is activated (${activateCommand(last.batchId)})` : 'is still running';
}
