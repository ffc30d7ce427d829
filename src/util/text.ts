/**
 * Orders strings by code point. `localeCompare` would load ICU collation data on its first call,
 * about 20 ms of start-up; the strings sorted here (command names, activity ids, ISO timestamps) are
 * identifiers, for which code-point order is the natural one.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
