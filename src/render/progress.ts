/**
 * Progress on stderr: a spinner on a terminal (ora, loaded only then), a plain line at intervals
 * otherwise, so logs of a pipeline stay readable. Never on stdout.
 */
import type { Writable } from 'node:stream';
import type { BatchProgress } from '../batches/watch.js';

export interface ProgressReporter {
  /** `changed`: the state changed (not only the counts): off a terminal it is printed at once. */
  update(text: string, changed?: boolean): void;
  /** Leaves a final line in place of the spinner. */
  done(text: string): void;
  /** Ends without a final line (there was no progress to show). */
  stop(): void;
}

export async function progressReporter(options: {
  stderr: Writable;
  interactive: boolean;
  quiet: boolean;
  minIntervalMs?: number;
  color?: boolean;
}): Promise<ProgressReporter> {
  if (options.quiet) return { update: () => {}, done: () => {}, stop: () => {} };
  // ora divides by the terminal's width: a terminal of width 0 (a pty nobody sized, as `script` or a
  // CI runner gives) made it clear lines in a loop that never ended, filling memory.
  if (options.interactive && ((options.stderr as Partial<NodeJS.WriteStream>).columns ?? 0) > 0) {
    const { default: ora } = await import('ora');
    // ora's chalk decides colour by stdout; the spinner is on stderr, whose colour is ours to say.
    // Whether to animate is ours too (the command's environment, not this process's CI or TERM).
    const spinner = ora({
      stream: options.stderr as NodeJS.WriteStream,
      isEnabled: true,
      discardStdin: false,
      color: options.color === true ? 'cyan' : false,
    }).start();
    return {
      update: (text) => {
        spinner.text = text;
      },
      done: (text) => {
        spinner.stopAndPersist({ symbol: '', text });
      },
      stop: () => {
        spinner.stop();
      },
    };
  }
  const minInterval = options.minIntervalMs ?? 5_000;
  let lastText = '';
  let lastAt = 0;
  return {
    update: (text, changed = false) => {
      const now = Date.now();
      if (text === lastText || (now - lastAt < minInterval && !changed)) return;
      lastText = text;
      lastAt = now;
      options.stderr.write(`${text}\n`);
    },
    // The last line again only when it says something new: a log shows each state once.
    done: (text) => {
      if (text !== lastText) options.stderr.write(`${text}\n`);
    },
    stop: () => {},
  };
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * `batch 3f2a…: 40/100 jobs done (40%), 60 remaining, 2 failed, 12.5 jobs/s, ETA 5s`; a suspended
 * batch runs no job, so instead of a rate and an ETA the line says so and how to go on.
 */
export function describeProgress(progress: BatchProgress): string {
  const percent = progress.totalJobs > 0 ? Math.floor((progress.completedJobs / progress.totalJobs) * 100) : 100;
  const parts = [
    `${progress.completedJobs}/${progress.totalJobs} jobs done (${percent}%)`,
    `${progress.remainingJobs} remaining`,
    `${progress.failedJobs} failed`,
  ];
  if (progress.suspended) {
    parts.push(`SUSPENDED: no job runs until it is activated: ${activateCommand(progress.batchId)}`);
  } else {
    if (progress.jobsPerSecond !== undefined) parts.push(`${progress.jobsPerSecond.toFixed(1)} jobs/s`);
    if (progress.etaSeconds !== undefined && progress.remainingJobs > progress.failedJobs) parts.push(`ETA ${duration(progress.etaSeconds)}`);
  }
  return `batch ${progress.batchId}: ${parts.join(', ')}`;
}

export function activateCommand(batchId: string): string {
  return `camunda-admin batch activate ${batchId}`;
}
