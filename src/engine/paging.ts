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

/**
 * Pages through a list endpoint with firstResult/maxResults until a short page says there is no more
 * (or `max` rows came). A page shorter than asked ends the listing, so the size asked is tracked per
 * request: after the limit was learned, pages are smaller than the first one asked for.
 */
export async function* allPages<T>(
  fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>,
  options: PagingOptions,
): AsyncGenerator<T[]> {
  const { limit } = options;
  const growTo = options.growTo ?? 0;
  let pageSize = options.pageSize ?? BULK_PAGE_SIZE;
  let firstResult = options.first ?? 0;
  let remaining = options.max ?? Number.POSITIVE_INFINITY;
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
    if (pageSize < growTo) pageSize = Math.min(pageSize * 2, growTo);
    pending = ask(firstResult);
    yield page;
  }
}

/** Every row of `allPages`, in one array: for callers that need them all before they can go on. */
export async function collectPages<T>(fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>, options: PagingOptions): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of allPages(fetchPage, options)) for (const row of page) rows.push(row);
  return rows;
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
