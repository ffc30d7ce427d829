/** Parsers of numeric global flag values, shared by the flag check and the config resolution. */
import { UsageError } from '../exit-codes.js';

/** Seconds: a positive number, decimals allowed; at most a day. */
export function parseSeconds(text: string, flag = '--timeout'): number {
  const value = Number(text.trim());
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !Number.isFinite(value) || value <= 0 || value > 86_400) {
    throw new UsageError(`${flag}: '${text}' is not a number of seconds (a positive number up to 86400)`);
  }
  return value;
}

export function parseRetries(text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) > 10) {
    throw new UsageError(`--retries: '${text}' is not a whole number from 0 to 10`);
  }
  return Number(text);
}
