import { setV8Flags } from './v8-flags.js';

/**
 * Keeps V8's young generation at the size it has. V8 doubles it whenever the bytes that survived
 * its scavenges since the last doubling add up to more than its size. Streaming thousands of pages
 * keeps one page alive at every scavenge, so over a long run the sum passes any size and the young
 * generation grows to 16 MB per semi-space, although the live data never exceeds a page or two.
 * Bulk work calls this before it starts: its peak memory then stays flat however many pages come
 * (docs/performance.md). V8 reads the flag each time it would grow, so setting it at run time takes
 * effect; Node 20, 22 and 24 know it, and an unknown flag would make V8 print to stdout.
 */
export function keepYoungGenerationSize(): void {
  setV8Flags('--semi-space-growth-factor=1');
}
