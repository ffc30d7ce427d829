/**
 * The run flags of the commands that change many objects and follow batches (`migration execute`,
 * `migration sweep`, `batch watch`, the bulk commands): their parsers, defaults and
 * the rules between them, written once. Light on purpose: the command declarations read the defaults
 * for their help text.
 */
import { MAX_TIMEOUT_SECONDS, parseSeconds } from '../config/values.js';
import { UsageError } from '../exit-codes.js';
import { wholeNumber } from './options.js';

/** Between two polls of a batch that is followed (--interval). */
const POLL_INTERVAL_DEFAULT_MS = 2000;

/** `(default: 2)`: the poll interval as the help texts of --interval state it. */
export const POLL_INTERVAL_DEFAULT = `(default: ${POLL_INTERVAL_DEFAULT_MS / 1000})`;

/**
 * The most objects in one chunk, and in a canary: one request body holds every id of a chunk, and a
 * million ids (about 40 MB of JSON) is already more than an engine takes in one transaction.
 */
const MAX_CHUNK_SIZE = 1_000_000;

/** How long a canary is watched after it was migrated (--canary-wait), unless told otherwise. */
const CANARY_WAIT_DEFAULT_MS = 10_000;

/** `(default: 10s)`: the settle time as the help texts state it. */
export const CANARY_WAIT_DEFAULT = `(default: ${CANARY_WAIT_DEFAULT_MS / 1000}s)`;

const DURATION = /^(\d+(?:\.\d+)?)(s|m|h)$/;
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };

/**
 * A duration flag in seconds: a number of seconds (`30`, `2.5`), or with a unit (`30s`, `2m`, `1h`);
 * more than zero and at most a day, as every duration of the tool. `zero`: 0 is allowed too (`0`, `0s`).
 */
export function parseDuration(text: string, flag: string, options: { zero?: boolean } = {}): number {
  const trimmed = text.trim();
  const match = DURATION.exec(trimmed);
  const seconds = match ? Number(match[1]) * UNIT_SECONDS[match[2]!]! : /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (options.zero && seconds === 0) return 0;
  if (!match) return parseSeconds(text, flag);
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS)) {
    throw new UsageError(`${flag}: '${text}' is not a duration (seconds, or 30s, 2m, 1h: more than 0, at most ${MAX_TIMEOUT_SECONDS} seconds)`);
  }
  return seconds;
}

/** The run flags as commander hands them over (strings until parsed). */
export interface RunFlagsGiven {
  chunkSize?: string | undefined;
  canary?: string | undefined;
  async?: boolean | undefined;
  wait?: boolean | undefined;
  waitTimeout?: string | undefined;
  interval?: string | undefined;
  report?: string | undefined;
  canaryWait?: string | undefined;
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
  /** --canary-wait: how long the canary is watched while its jobs are due (0: judged at once). */
  canaryWaitMs: number;
}

/** `--chunk-size N` and `--canary N`: whole numbers from 1 to MAX_CHUNK_SIZE. */
function parseCount(text: string | undefined, flag: '--chunk-size' | '--canary'): number | undefined {
  return wholeNumber(text, flag, 1, MAX_CHUNK_SIZE);
}

/** --interval and --wait-timeout, for `batch watch` and for --wait. */
export function parseFollowFlags(flags: Pick<RunFlagsGiven, 'interval' | 'waitTimeout'>): FollowSettings {
  return {
    intervalMs: flags.interval === undefined ? POLL_INTERVAL_DEFAULT_MS : parseDuration(flags.interval, '--interval') * 1000,
    timeoutMs: flags.waitTimeout === undefined ? undefined : parseDuration(flags.waitTimeout, '--wait-timeout') * 1000,
  };
}

/**
 * The rules between the flags of a run that may create batches: `--wait` follows a batch, so it needs
 * --async; --wait-timeout and --interval pace the following; a report needs an outcome, which an async
 * run without --wait never sees. `run.resumeIsChunked`: --resume continues a chunked run (execute), so
 * it is refused with --async too, unless `run.batchPerChunk`: the run takes --async with --chunk-size
 * (one engine batch per chunk, journalled) and continues such a journal with --resume --async;
 * `run.ending`: what ends when the batches are created, for the message.
 */
export function checkBatchFlags(
  flags: RunFlagsGiven & { resume?: boolean | undefined },
  run: { resumeIsChunked: boolean; ending: string; batchPerChunk?: boolean },
): void {
  if (flags.async && !run.batchPerChunk && (flags.chunkSize || (run.resumeIsChunked && flags.resume))) {
    throw new UsageError(`--async cannot be combined with --chunk-size${run.resumeIsChunked ? ' or --resume' : ''}: a batch is already split into jobs`);
  }
  if (flags.wait && !flags.async) throw new UsageError('--wait needs --async');
  if ((flags.waitTimeout || flags.interval) && !flags.wait) throw new UsageError('--wait-timeout and --interval need --wait');
  if (flags.canaryWait !== undefined && flags.canary === undefined) throw new UsageError('--canary-wait needs --canary: it is how long the canary is watched');
  if (flags.report && flags.async && !flags.wait) {
    throw new UsageError(`--report with --async needs --wait: without it ${run.ending}, before there is an outcome to report`);
  }
}

/** Every run flag parsed, after checkBatchFlags. */
export function parseRunFlags(flags: RunFlagsGiven): RunFlags {
  return {
    chunkSize: parseCount(flags.chunkSize, '--chunk-size'),
    canary: parseCount(flags.canary, '--canary'),
    canaryWaitMs: flags.canaryWait === undefined ? CANARY_WAIT_DEFAULT_MS : parseDuration(flags.canaryWait, '--canary-wait', { zero: true }) * 1000,
    ...parseFollowFlags(flags),
  };
}
