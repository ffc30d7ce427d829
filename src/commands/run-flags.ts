/**
 * The run flags of the commands that change many objects and follow batches (`migration execute`,
 * `migration sweep`, `batch watch`; the bulk commands of issue 32 next): their parsers, defaults and
 * the rules between them, written once. Light on purpose: the command declarations read the defaults
 * for their help text.
 */
import { parseSeconds } from '../config/values.js';
import { UsageError } from '../exit-codes.js';
import { wholeNumber } from './options.js';

/** Between two polls of a batch that is followed (--interval). */
export const POLL_INTERVAL_DEFAULT_MS = 2000;

/** `(default: 2)`: the poll interval as the help texts of --interval state it. */
export const POLL_INTERVAL_DEFAULT = `(default: ${POLL_INTERVAL_DEFAULT_MS / 1000})`;

/**
 * The most objects in one chunk, and in a canary: one request body holds every id of a chunk, and a
 * million ids (about 40 MB of JSON) is already more than an engine takes in one transaction.
 */
export const MAX_CHUNK_SIZE = 1_000_000;

/** The run flags as commander hands them over (strings until parsed). */
export interface RunFlagsGiven {
  chunkSize?: string | undefined;
  canary?: string | undefined;
  async?: boolean | undefined;
  wait?: boolean | undefined;
  waitTimeout?: string | undefined;
  interval?: string | undefined;
  report?: string | undefined;
}

/** How a batch is followed: between polls, and for how long at most. */
export interface FollowSettings {
  intervalMs: number;
  /** --wait-timeout; undefined: until the batch ends. */
  timeoutMs: number | undefined;
}

export interface RunFlags extends FollowSettings {
  chunkSize: number | undefined;
  canary: number | undefined;
}

/** `--chunk-size N` and `--canary N`: whole numbers from 1 to MAX_CHUNK_SIZE. */
export function parseCount(text: string | undefined, flag: '--chunk-size' | '--canary'): number | undefined {
  return wholeNumber(text, flag, 1, MAX_CHUNK_SIZE);
}

/** --interval and --wait-timeout, for `batch watch` and for --wait. */
export function parseFollowFlags(flags: Pick<RunFlagsGiven, 'interval' | 'waitTimeout'>): FollowSettings {
  return {
    intervalMs: flags.interval === undefined ? POLL_INTERVAL_DEFAULT_MS : parseSeconds(flags.interval, '--interval') * 1000,
    timeoutMs: flags.waitTimeout === undefined ? undefined : parseSeconds(flags.waitTimeout, '--wait-timeout') * 1000,
  };
}

/**
 * The rules between the flags of a run that may create batches: `--wait` follows a batch, so it needs
 * --async; --wait-timeout and --interval pace the following; a report needs an outcome, which an async
 * run without --wait never sees. `run.resumeIsChunked`: --resume continues a chunked run (execute), so
 * it is refused with --async too; `run.ending`: what ends when the batches are created, for the message.
 */
export function checkBatchFlags(flags: RunFlagsGiven & { resume?: boolean | undefined }, run: { resumeIsChunked: boolean; ending: string }): void {
  if (flags.async && (flags.chunkSize || (run.resumeIsChunked && flags.resume))) {
    throw new UsageError(`--async cannot be combined with --chunk-size${run.resumeIsChunked ? ' or --resume' : ''}: a batch is already split into jobs`);
  }
  if (flags.wait && !flags.async) throw new UsageError('--wait needs --async');
  if ((flags.waitTimeout || flags.interval) && !flags.wait) throw new UsageError('--wait-timeout and --interval need --wait');
  if (flags.report && flags.async && !flags.wait) {
    throw new UsageError(`--report with --async needs --wait: without it ${run.ending}, before there is an outcome to report`);
  }
}

/** Every run flag parsed, after checkBatchFlags. */
export function parseRunFlags(flags: RunFlagsGiven): RunFlags {
  return { chunkSize: parseCount(flags.chunkSize, '--chunk-size'), canary: parseCount(flags.canary, '--canary'), ...parseFollowFlags(flags) };
}
