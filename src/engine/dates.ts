/**
 * The engine's date format, `yyyy-MM-dd'T'HH:mm:ss.SSSZ` (Java SimpleDateFormat): milliseconds
 * always, offset as ±hhmm without a colon. `Z` and `+02:00` do not match it (docs/engine-notes.md#dates).
 * In query strings the `+` must travel as `%2B`; src/engine/paths.ts encodes every query value.
 */

const ENGINE_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})([+-])(\d{2})(\d{2})$/;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Formats an instant in the engine's format, at the given UTC offset (default UTC: `+0000`). */
export function formatEngineDate(date: Date, offsetMinutes = 0): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid date');
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return (
    `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}` +
    `T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}` +
    `.${pad(shifted.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(absolute / 60))}${pad(absolute % 60)}`
  );
}

/** Parses the engine's format; undefined when the text is not in it. */
export function parseEngineDate(text: string): Date | undefined {
  const match = ENGINE_DATE.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, millis, sign, offsetHours, offsetMinutes] = match.map((part, index) =>
    index === 8 ? part : Number(part),
  ) as [unknown, number, number, number, number, number, number, number, string, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const offset = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000;
  const date = new Date(utc);
  // Date.UTC rolls 31 February over into March; the engine would not.
  const check = new Date(utc + offset * 60_000);
  if (check.getUTCDate() !== day) return undefined;
  return date;
}

const RELATIVE = /^(\d+)(ms|s|m|h|d|w)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const ISO_DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A date as users type it: ISO 8601 with `Z` or an offset (`2026-01-31T10:00:00+02:00`), a plain
 * date (`2026-01-31`, midnight UTC), the engine's own format, or a relative age (`30d`, `12h`, `15m`)
 * counted back from `now`. Undefined when it is none of those.
 */
export function parseDateInput(text: string, now: Date = new Date()): Date | undefined {
  const trimmed = text.trim();
  const relative = RELATIVE.exec(trimmed);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (UNIT_MS[relative[2] ?? ''] ?? 0));
  const engine = parseEngineDate(trimmed);
  if (engine) return engine;
  if (ISO_DATE_ONLY.test(trimmed)) return validDate(`${trimmed}T00:00:00Z`, trimmed);
  if (ISO_DATE_TIME.test(trimmed)) return validDate(trimmed.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'), trimmed);
  return undefined;
}

/** Whether the engine's date format (a four-digit year) can hold `date`: the years 1 to 9999. */
export function inEngineDateRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999;
}

function validDate(iso: string, original: string): Date | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  // V8 rolls 2026-02-31 over into March; the calendar date as written must exist.
  const [year, month, day] = original.slice(0, 10).split('-').map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return undefined;
  return date;
}
