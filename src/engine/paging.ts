/**
 * The one paging mechanism for bulk work: every `--all` listing, the migration selections
 * (`--all-instances`, `--query`, lookups of `--instances-file` ids), the outcome checks.
 *
 * - Pages are big (BULK_PAGE_SIZE rows): the engine reads and skips every row before `firstResult`,
 *   so many small pages cost the square of the rows (docs/performance.md, "The engine's paging cost").
 * - No page asks for more than the engine's `queryMaxResultsLimit` (./limits.ts): when the engine
 *   names a smaller limit in its 400, the page is asked for again at that size, once, and every later
 *   request of the run stays within it.
 * - The next page is asked for as soon as a full page arrives, so the engine works on it while the
 *   caller handles the current one: at most two pages in memory and one request in flight.
 * - Callers order by a unique key (an id): with firstResult paging, rows of equal sort keys could
 *   otherwise be cut differently by two requests and be skipped or repeated.
 */
import type { QueryLimit } from './limits.js';

/**
 * Rows per page of bulk work. Measured on Camunda 7.24 (docs/performance.md): 50,000 ids took 0.52 s
 * as one page, 1.4 s as 10 pages of 5,000 and 12 s as 100 pages of 500; much beyond 5,000 buys little
 * and costs memory. Engines with a smaller limit get pages of their limit.
 */
export const BULK_PAGE_SIZE = 5000;

/**
 * Pages of a migration selection double from BULK_PAGE_SIZE up to this: the engine's cost of a page
 * grows with its firstResult, and doubling pages keep the rows it skips in all to about the number
 * of rows (docs/performance.md), while a short selection still starts small. Listings that print
 * whole engine objects grow only to LISTING_MAX_PAGE_SIZE: two pages of 40,000 authorizations in
 * memory would take a table of them past 150 MB.
 */
export const MAX_BULK_PAGE_SIZE = 40_000;

/**
 * Pages of an `--all` listing double from BULK_PAGE_SIZE up to this: fewer rows skipped by the engine
 * than pages of 5,000 (125,000 instead of 225,000 for 50,000 rows), while two pages of whole objects
 * and a table of them stay within 150 MB (docs/performance.md).
 */
export const LISTING_MAX_PAGE_SIZE = 10_000;

export interface PagingOptions {
  limit: QueryLimit;
  /** Rows wanted per page, before the limit caps it; BULK_PAGE_SIZE unless said. */
  pageSize?: number | undefined;
  /** Pages double after each full one up to this many rows (MAX_BULK_PAGE_SIZE for selections). */
  growTo?: number | undefined;
  /** The firstResult of the first page. */
  first?: number | undefined;
  /** At most this many rows in all (`--max`); every row when undefined. */
  max?: number | undefined;
}

/** Where paging starts: the page size, the first row, and how many rows at most. */
function startOf(options: PagingOptions): { pageSize: number; firstResult: number; remaining: number } {
  return { pageSize: options.pageSize ?? BULK_PAGE_SIZE, firstResult: options.first ?? 0, remaining: options.max ?? Number.POSITIVE_INFINITY };
}

/**
 * Pages through a list endpoint with firstResult/maxResults until a short page says there is no more
 * (or `max` rows came). A page shorter than asked ends the listing, so the size asked is tracked per
 * request: after the limit was learned, pages are smaller than the first one asked for.
 */
export async function* allPages<T>(fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>, options: PagingOptions): AsyncGenerator<T[]> {
  const { limit, growTo } = options;
  let { pageSize, firstResult, remaining } = startOf(options);
  if (remaining <= 0) return;
  const ask = (at: number) => {
    const size = limit.cap(Math.min(pageSize, remaining));
    const page = fetchPage(at, size);
    // Its failure surfaces when it is awaited; a caller that stops early never awaits it.
    page.catch(() => {});
    return { size, page };
  };
  let pending = ask(firstResult);
  // A page is asked again once, at the size the engine named; a second refusal fails the listing.
  let retried = false;
  for (;;) {
    let page: T[];
    try {
      page = await pending.page;
    } catch (error) {
      if (retried || !limit.learn(error, pending.size)) throw error;
      retried = true;
      pending = ask(firstResult);
      continue;
    }
    retried = false;
    firstResult += page.length;
    remaining -= page.length;
    if (page.length < pending.size || remaining <= 0) {
      yield page;
      return;
    }
    if (growTo !== undefined && pageSize < growTo) pageSize = Math.min(pageSize * 2, growTo);
    pending = ask(firstResult);
    yield page;
  }
}

/** Every row of `allPages`, in one array: for callers that need them all before they can go on. */
export async function collectPages<T>(fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>, options: PagingOptions): Promise<T[]> {
  return collectRows(allPages(fetchPage, options));
}

/** Every row of pages, in one array. */
export async function collectRows<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of pages) for (const row of page) rows.push(row);
  return rows;
}

/** A sort key that is not unique, and how to read the rows that share one of its values. */
export interface SharedSortKey<T> {
  /** The row's value of the key; null when no filter can select the rows of that value. */
  keyOf(row: T): string | number | null;
  /** What tells rows of equal keys apart (the id): their order within a run. */
  idOf(row: T): string;
  /** A page of the rows whose key is `key`, under the listing's other filters, in a unique order (by `idOf`). */
  fetchTies(key: string | number, firstResult: number, maxResults: number): Promise<T[]>;
}

/**
 * Pages of a listing sorted by a key that is not unique (`auth list --sort-by resourceType --all`).
 * The engine sorts by that key only and leaves rows of equal keys in whatever order the database's
 * plan gives them, which may differ from one page request to the next (a top-N sort does), so pages
 * cut by position could skip or repeat rows across a page boundary. Here no page boundary falls
 * inside a run of equal keys: a full page ends before the rows that share its last row's key, those
 * rows are read by themselves (the key as a filter, by id), and the next page starts after all of
 * them. Within a page, rows of equal keys come in id order too, so the output is the same every time.
 * The next page is asked for once the boundary is known, not ahead.
 */
export async function* pagesBySharedKey<T>(
  fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>,
  options: PagingOptions,
  sharedKey: SharedSortKey<T>,
): AsyncGenerator<T[]> {
  const { limit, growTo } = options;
  let { pageSize, firstResult, remaining } = startOf(options);
  /**
   * The rows of the run of `key` from the `skip`-th in id order on, less those given already; returns
   * how many rows the run has from `skip` on, and how many of them had been given already.
   */
  async function* run(key: string | number, skip: number, given: ReadonlySet<string>): AsyncGenerator<T[], { count: number; repeated: number }> {
    let count = 0;
    let repeated = 0;
    for await (const ties of allPages((first, max) => sharedKey.fetchTies(key, first, max), { limit, first: skip, growTo })) {
      count += ties.length;
      // A database whose `=` is looser than its order's ties (trailing blanks, case) may put rows of
      // the run into the page's head: they are given once.
      const unseen = given.size === 0 ? ties : ties.filter((row) => !given.has(sharedKey.idOf(row)));
      repeated += ties.length - unseen.length;
      const fresh = unseen.slice(0, remaining);
      remaining -= fresh.length;
      if (fresh.length > 0) yield fresh;
      if (remaining <= 0) break;
    }
    return { count, repeated };
  }
  if (firstResult > 0 && remaining > 0) {
    // --first may fall inside a run: it goes on from where the run's rows in id order reach it.
    const [atFirst] = await fetchPage(firstResult, 1);
    if (atFirst === undefined) return;
    const key = sharedKey.keyOf(atFirst);
    if (key !== null) {
      const runBegin = await firstPositionOf(key, firstResult, fetchPage, sharedKey);
      firstResult += (yield* run(key, firstResult - runBegin, new Set())).count;
    }
  }
  while (remaining > 0) {
    let asked = 0;
    const page = await limit.within(Math.min(pageSize, remaining), (maxResults) => {
      asked = maxResults;
      return fetchPage(firstResult, maxResults);
    });
    if (page.length < asked) {
      yield tiesById(page, sharedKey).slice(0, remaining);
      return;
    }
    const key = sharedKey.keyOf(page[page.length - 1] as T);
    let runStart = page.length;
    while (runStart > 0 && sharedKey.keyOf(page[runStart - 1] as T) === key) runStart--;
    const head = tiesById(page.slice(0, runStart), sharedKey).slice(0, remaining);
    if (head.length > 0) yield head;
    remaining -= head.length;
    if (remaining <= 0) return;
    const { count: tieCount, repeated } = key === null ? { count: 0, repeated: 0 } : yield* run(key, 0, new Set(head.map((row) => sharedKey.idOf(row))));
    if (tieCount === 0 && runStart === 0) {
      // The run could not be read by itself (no filter selects it, or it is gone): cut by position.
      const rest = tiesById(page, sharedKey).slice(0, remaining);
      remaining -= rest.length;
      yield rest;
      firstResult += page.length;
    } else {
      // Rows of the run that the head held: the run began that much earlier.
      firstResult += runStart - repeated + tieCount;
    }
    if (growTo !== undefined && pageSize < growTo) pageSize = Math.min(pageSize * 2, growTo);
  }
}

/**
 * The first position of the run of `key` that reaches `position`: the rows before it sort before
 * `key`, so the position is found by halving [0, position], a row at a time.
 */
async function firstPositionOf<T>(
  key: string | number,
  position: number,
  fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>,
  sharedKey: SharedSortKey<T>,
): Promise<number> {
  let low = 0;
  let high = position;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const [row] = await fetchPage(middle, 1);
    if (row !== undefined && sharedKey.keyOf(row) === key) high = middle;
    else low = middle + 1;
  }
  return low;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The rows in the order given, but each run of equal keys in id order. */
function tiesById<T>(rows: T[], sharedKey: SharedSortKey<T>): T[] {
  const sorted: T[] = [];
  let start = 0;
  while (start < rows.length) {
    const key = sharedKey.keyOf(rows[start] as T);
    let end = start + 1;
    while (end < rows.length && sharedKey.keyOf(rows[end] as T) === key) end++;
    const run = rows.slice(start, end);
    if (run.length > 1) run.sort((a, b) => compareIds(sharedKey.idOf(a), sharedKey.idOf(b)));
    for (const row of run) sorted.push(row);
    start = end;
  }
  return sorted;
}

/**
 * Lookups of a known list of `length` ids in chunks (`lookup(start, end)` asks the engine about ids
 * [start, end), with maxResults of at most end - start): chunks of BULK_PAGE_SIZE ids capped by the
 * engine's limit, the next chunk asked for while the current one is handled, a chunk the engine
 * refuses as above its limit asked again at the size it names. Yields each chunk's answer in order.
 */
export async function* idChunks<R>(
  length: number,
  options: { limit: QueryLimit; pageSize?: number | undefined },
  lookup: (start: number, end: number) => Promise<R>,
): AsyncGenerator<{ start: number; end: number; value: R }> {
  const { limit } = options;
  const pageSize = options.pageSize ?? BULK_PAGE_SIZE;
  if (length <= 0) return;
  const ask = (start: number) => {
    const end = Math.min(length, start + limit.cap(pageSize));
    const value = lookup(start, end);
    value.catch(() => {});
    return { start, end, value };
  };
  let pending = ask(0);
  let retried = false;
  for (;;) {
    let value: R;
    try {
      value = await pending.value;
    } catch (error) {
      if (retried || !limit.learn(error, pending.end - pending.start)) throw error;
      retried = true;
      pending = ask(pending.start);
      continue;
    }
    retried = false;
    const current = pending;
    const more = current.end < length;
    if (more) pending = ask(current.end);
    yield { start: current.start, end: current.end, value };
    if (!more) return;
  }
}

/**
 * Pages of a listing of which the engine can filter only part: the engine's pages (through
 * `allPages`, in big pages within its limit) with `keep` applied, and `first`/`max` counted in the
 * rows kept, as they would be had the engine filtered. The engine reads every row its own filters
 * match, so a filter done here costs what listing those rows costs.
 */
export async function* keptPages<T>(
  fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>,
  keep: (row: T) => boolean,
  options: PagingOptions,
): AsyncGenerator<T[]> {
  let skip = options.first ?? 0;
  let remaining = options.max ?? Number.POSITIVE_INFINITY;
  if (remaining <= 0) return;
  // The engine's pages are not cut by `max`: how many of its rows are kept is not known in advance.
  const pageSize = Math.max(options.pageSize ?? BULK_PAGE_SIZE, BULK_PAGE_SIZE);
  for await (const page of allPages(fetchPage, { limit: options.limit, pageSize, growTo: options.growTo })) {
    let kept = page.filter(keep);
    if (skip > 0) {
      const skipped = Math.min(skip, kept.length);
      kept = kept.slice(skipped);
      skip -= skipped;
    }
    if (kept.length > remaining) kept = kept.slice(0, remaining);
    remaining -= kept.length;
    if (kept.length > 0) yield kept;
    if (remaining <= 0) return;
  }
}

/**
 * Every instance a POST query (process instances, their history) matches, page by page: big pages
 * within the engine's limit, the next asked for while the caller handles this one. The instance id
 * ends the ordering (after any of the query's own), so that no instance is skipped or repeated where
 * pages are cut. The REST API has no "id after" filter to page by key instead (docs/performance.md).
 * `pageSize`: the first page's rows, when the caller knows how many to expect (a count).
 */
export function pagesByInstanceId<T>(
  query: (body: Record<string, unknown>, firstResult: number, maxResults: number) => Promise<T[]>,
  body: Record<string, unknown>,
  options: { limit: QueryLimit; pageSize?: number | undefined },
): AsyncGenerator<T[]> {
  const sorting = Array.isArray(body.sorting) ? (body.sorting as unknown[]) : [];
  const ordered = { ...body, sorting: [...sorting, { sortBy: 'instanceId', sortOrder: 'asc' }] };
  return allPages((firstResult, maxResults) => query(ordered, firstResult, maxResults), {
    limit: options.limit,
    growTo: MAX_BULK_PAGE_SIZE,
    pageSize: options.pageSize,
  });
}
