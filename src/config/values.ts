/**
 * The numeric global settings: their limits, and the parsers of their flag values. The config file's
 * schema (./schema.ts) applies the same limits, so a profile cannot set what the flag refuses.
 */
import { UsageError } from '../exit-codes.js';

/** A day: longer is a mistake, and Node's timers overflow past about 24.8 days. */
export const MAX_TIMEOUT_SECONDS = 86_400;
export const MAX_RETRIES = 10;
/** The engine's queryMaxResultsLimit is a Java int. */
export const MAX_RESULTS_LIMIT = 2_147_483_647;

export const SECONDS_EXPECTED = `a positive number up to ${MAX_TIMEOUT_SECONDS}`;
export const RETRIES_EXPECTED = `a whole number from 0 to ${MAX_RETRIES}`;
export const RESULTS_LIMIT_EXPECTED = `a whole number from 1 to ${MAX_RESULTS_LIMIT}`;

/** Seconds: a positive number, decimals allowed; at most a day. */
export function parseSeconds(text: string, flag = '--timeout'): number {
  const value = Number(text.trim());
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_SECONDS) {
    throw new UsageError(`${flag}: '${text}' is not a number of seconds (${SECONDS_EXPECTED})`);
  }
  return value;
}

export function parseRetries(text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) > MAX_RETRIES) {
    throw new UsageError(`--retries: '${text}' is not ${RETRIES_EXPECTED}`);
  }
  return Number(text);
}
