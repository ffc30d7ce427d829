/**
 * Paths and query strings of engine requests, encoded so that no value changes the request's shape:
 * an id such as `../group` stays one path segment, a `+` in a date stays a `+`.
 */
import { formatEngineDate } from './dates.js';

type QueryValue = string | number | boolean | Date | readonly string[] | undefined | null;
export type Query = Record<string, QueryValue>;

/** A path below the engine root whose parameters are already encoded: build it with `enginePath`. */
export interface EnginePath {
  readonly encoded: string;
  /** True for `GET /engine` and `GET /version`, which live at the REST root, not under a named engine. */
  readonly root: boolean;
}

/**
 * Builds a path with every interpolated value percent-encoded as one segment, so an id such as
 * `../group`, `a/b` or `a b` never changes the path. `.` and `..` alone cannot be carried in a
 * path at all (every server normalizes them away), so they are refused.
 */
export function enginePath(strings: TemplateStringsArray, ...params: readonly string[]): EnginePath {
  let encoded = strings[0] ?? '';
  params.forEach((param, index) => {
    if (param === '' || param === '.' || param === '..') {
      throw new InvalidPathParameterError(param);
    }
    encoded += encodeURIComponent(param) + (strings[index + 1] ?? '');
  });
  return { encoded, root: false };
}

export function rootPath(path: string): EnginePath {
  return { encoded: path, root: true };
}

export class InvalidPathParameterError extends Error {
  constructor(readonly value: string) {
    super(value === '' ? 'an id must not be empty' : `the id '${value}' cannot be sent in a URL path`);
    this.name = 'InvalidPathParameterError';
  }
}

/** Encodes every value with encodeURIComponent: `+` in engine dates must arrive as `%2B`, spaces as `%20`. */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    let text: string;
    if (value instanceof Date) text = formatEngineDate(value);
    else if (Array.isArray(value)) text = value.join(',');
    else text = String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
