/** Shared by the list commands: one page by default (and a hint when there is more), every page with --all. */
import type { QueryLimit } from '../engine/limits.js';
import { allPages, collectRows, LISTING_MAX_PAGE_SIZE, type PagingOptions } from '../engine/paging.js';
import type { Output, View } from '../render/output.js';
import type { Paging } from './options.js';

export interface Listing<T> {
  page: Paging;
  fetchPage: (firstResult: number, maxResults: number) => Promise<T[]>;
  view: View<T[]>;
  /** What the rows are, for the hint that there are more ("authorizations"). */
  noun: string;
  /** The engine's queryMaxResultsLimit, as far as this run knows it. */
  limit: QueryLimit;
  /** What the hint that there are more offers; `--first N, --max N or --all` unless said. */
  more?: string | undefined;
  /** How to read the rows page by page, when not `allPages` over `fetchPage` (pages by position). */
  pages?: ((options: PagingOptions) => AsyncIterable<T[]>) | undefined;
  /** What a table shows of a row, when not the row itself (-o json|yaml print the rows unchanged). */
  tableRow?: ((row: T) => T) | undefined;
}

async function* mapped<T>(pages: AsyncIterable<T[]>, map: (row: T) => T): AsyncGenerator<T[]> {
  for await (const page of pages) yield page.map(map);
}

/** Lists the rows; resolves to how many were shown. */
export async function listWithLimit<T>(
  output: Output,
  { page, fetchPage, view, noun, limit, more: offer, pages: read = (options) => allPages(fetchPage, options), tableRow }: Listing<T>,
): Promise<number> {
  const pages = tableRow === undefined || output.machineReadable ? read : (options: PagingOptions) => mapped(read(options), tableRow);
  if (page.maxResults === undefined) {
    (await import('../util/heap.js')).boundHeapForListing();
    return output.list(pages({ limit, first: page.firstResult, growTo: LISTING_MAX_PAGE_SIZE }), view);
  }
  // One more than asked tells whether there is more, without a count request; above the engine's
  // limit, in pages of the limit.
  const wanted = page.maxResults + 1;
  const rows = await collectRows(pages({ limit, first: page.firstResult, pageSize: wanted, max: wanted }));
  const more = rows.length > page.maxResults;
  const shown = await output.list([rows.slice(0, page.maxResults)], view);
  if (more)
    output.info(
      `showing ${page.maxResults} ${noun} from ${page.firstResult}; there are more: ${offer ?? `--first ${page.firstResult + page.maxResults}, --max N or --all`}`,
    );
  return shown;
}
