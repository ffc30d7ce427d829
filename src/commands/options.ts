/** Parsers of command flag values shared by the command families: lists, counts, paging. */
import { UsageError } from '../exit-codes.js';
import { type FlagsOf, flagSpec } from './spec.js';

/** `a,b, c` -> ['a', 'b', 'c']; an empty element is an error, not silently dropped. */
export function commaList(text: string, flag: string): string[] {
  const items = text.split(',').map((item) => item.trim());
  if (items.some((item) => item === '')) throw new UsageError(`${flag}: '${text}' has an empty element (separate values with commas)`);
  return items;
}

export function wholeNumber(text: string | undefined, flag: string, minimum = 0, maximum = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < minimum) {
    throw new UsageError(`${flag}: '${text}' is not a whole number${minimum > 0 ? ` of at least ${minimum}` : ''}`);
  }
  // Digits beyond a safe integer are a number all the same: too large, not malformed.
  if (!Number.isSafeInteger(Number(trimmed)) || Number(trimmed) > maximum)
    throw new UsageError(
      `${flag}: '${text}' is more than ${maximum.toLocaleString('en')}, ${maximum === JAVA_INT_MAX ? "the engine's largest number" : 'the most it can be'}`,
    );
  return Number(trimmed);
}

/** The engine reads firstResult and maxResults as a Java int. */
const JAVA_INT_MAX = 2_147_483_647;

export interface Paging {
  firstResult: number;
  /** Undefined with --all: every page. */
  maxResults: number | undefined;
}

/** Without --all and --max, lists stop at this many rows and say so, rather than fetch everything. */
export const DEFAULT_LIST_LIMIT = 100;

/** --first, --max and --all of a list command; `all` says what --all lists ("every group, page by page"). */
export function pagingFlags(all: string) {
  return flagSpec(
    { flags: '--first <n>', description: 'skip this many (firstResult)' },
    { flags: '--max <n>', description: `at most this many (default ${DEFAULT_LIST_LIMIT})` },
    { flags: '--all', description: all },
  );
}

export type PagingFlags = FlagsOf<ReturnType<typeof pagingFlags>>;

/** --sort-by (the fields are the command's; `byDefault`: the field --sort-order alone sorts by) and --sort-order. */
export function sortingFlags(fields: string, byDefault?: string) {
  return flagSpec(
    { flags: '--sort-by <field>', description: byDefault === undefined ? fields : `${fields} (default ${byDefault})` },
    { flags: '--sort-order <order>', description: 'asc or desc (default asc)', completes: 'sort-orders' },
  );
}

export function paging(flags: PagingFlags): Paging {
  const firstResult = wholeNumber(flags.first, '--first', 0, JAVA_INT_MAX) ?? 0;
  // One row more than --max is asked for, to tell whether there are more.
  const max = wholeNumber(flags.max, '--max', 1, JAVA_INT_MAX - 1);
  if (flags.all && max !== undefined) throw new UsageError('--all and --max cannot be combined: --all reads every page');
  return { firstResult, maxResults: flags.all ? undefined : (max ?? DEFAULT_LIST_LIMIT) };
}

/**
 * The query's sortBy and sortOrder. `byDefault`: the field a --sort-order alone sorts by (without it,
 * --sort-order needs --sort-by); `always`: sort by it also when neither flag is given.
 */
export function sorting<T extends string>(
  sortBy: string | undefined,
  sortOrder: string | undefined,
  allowed: readonly T[],
  byDefault?: { field: T; always?: boolean },
): { sortBy?: T; sortOrder?: 'asc' | 'desc' } {
  if (sortBy === undefined && sortOrder === undefined && !byDefault?.always) return {};
  if (sortBy === undefined && byDefault !== undefined) sortBy = byDefault.field;
  if (sortBy === undefined) throw new UsageError('--sort-order needs --sort-by');
  if (!(allowed as readonly string[]).includes(sortBy)) throw new UsageError(`--sort-by: '${sortBy}' is not one of ${allowed.join(', ')}`);
  const order = sortOrder ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw new UsageError(`--sort-order: '${sortOrder}' is not asc or desc`);
  // The engine needs both or neither (docs/engine-notes.md#queries).
  return { sortBy: sortBy as T, sortOrder: order };
}
