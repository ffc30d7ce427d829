/** Date flags as every command reads them (`metrics --start`, `incident list --since`): one parser, one wording. */
import { inEngineDateRange, parseDateInput } from '../engine/dates.js';
import { UsageError } from '../exit-codes.js';

/** The date a flag names: ISO 8601, a plain date (midnight UTC), the engine's format, or an age (30d). A bad one is a usage error. */
export function dateFlag(text: string | undefined, flag: string): Date | undefined {
  if (text === undefined) return undefined;
  const parsed = parseDateInput(text);
  if (!parsed)
    throw new UsageError(`${flag}: '${text}' is not a date (2026-01-31, 2026-01-31T10:00:00Z, 2026-01-31T10:00:00+02:00, or an age such as 30d or 12h)`);
  if (!inEngineDateRange(parsed)) throw new UsageError(`${flag}: '${text}' is outside the years 1 to 9999, which the engine's dates hold`);
  return parsed;
}
