import { setV8Flags } from './v8-flags.js';

/**
 * The V8 flags of bulk work, which streams thousands of pages: each page lives a little while (parsed,
 * checked, written) and is then garbage. Both are read by V8 each time it sizes the heap, so setting
 * them at run time takes effect; Node 20, 22, 24 and 26 know them (test/unit/v8-flags.test.ts), and an
 * unknown flag would make V8 print to stdout. Measured in docs/performance.md.
 *
 * - `--semi-space-growth-factor=1` keeps the young generation at its size. V8 doubles it whenever the
 *   bytes that survived its scavenges since the last doubling add up to more than its size; one page
 *   alive at every scavenge passes any size over a long run, and the semi-spaces grew to 16 MB
 *   although the live data never exceeds a page or two.
 * - `--heap-growing-percent=30` (listings of whole engine objects only) lets the old generation grow
 *   by 30 % of what survived its last full collection before the next one, instead of V8's own
 *   factor of up to 4 for a heap that collects fast: the pages promoted before they die then wait
 *   less long for that collection. On Node 24 and 26 a listing of 100,000 authorizations peaked at
 *   150-170 MB without it, 110-145 MB with it, for about 5 % more time (as a table 10 %). A migration
 *   selection of 50,000 instances peaked higher with it (147-149 -> 153-158 MB on Node 24), so it
 *   does not get it.
 */
export const BULK_WORK_V8_FLAGS = ['--semi-space-growth-factor=1'] as const;
export const LISTING_V8_FLAGS = [...BULK_WORK_V8_FLAGS, '--heap-growing-percent=30'] as const;

/** Bulk work calls this before it starts: its peak memory then stays flat however many pages come. */
export function boundHeapForBulkWork(): void {
  setV8Flags(BULK_WORK_V8_FLAGS.join(' '));
}

/** A listing of thousands of whole engine objects (`list --all`, access files): bulk work, and a heap that grows slowly. */
export function boundHeapForListing(): void {
  setV8Flags(LISTING_V8_FLAGS.join(' '));
}
