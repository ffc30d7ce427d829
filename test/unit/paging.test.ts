import { describe, expect, it } from 'vitest';
import { allPages } from '../../src/engine/paging.js';

function pagesOf(total: number, failAt?: number) {
  const calls: number[] = [];
  const fetchPage = async (firstResult: number, maxResults: number): Promise<number[]> => {
    calls.push(firstResult);
    if (firstResult === failAt) throw new Error(`page at ${firstResult} failed`);
    return Array.from({ length: Math.max(0, Math.min(maxResults, total - firstResult)) }, (_, index) => firstResult + index);
  };
  return { calls, fetchPage };
}

describe('allPages', () => {
  it('yields every page in order and stops at a short page', async () => {
    const { calls, fetchPage } = pagesOf(7);
    const seen: number[][] = [];
    for await (const page of allPages(fetchPage, 3, 0)) seen.push(page);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(calls).toEqual([0, 3, 6]);
  });

  it('asks for the next page while the caller holds the current one', async () => {
    const { calls, fetchPage } = pagesOf(10);
    const pages = allPages(fetchPage, 3, 1);
    await pages.next();
    expect(calls).toEqual([1, 4]);
    await pages.return(undefined);
  });

  it('ends with an empty page when the total is a multiple of the page size', async () => {
    const { calls, fetchPage } = pagesOf(6);
    const seen: number[][] = [];
    for await (const page of allPages(fetchPage, 3)) seen.push(page);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], []]);
    expect(calls).toEqual([0, 3, 6]);
  });

  it('raises a failed page when the caller gets to it, after the pages before it', async () => {
    const { fetchPage } = pagesOf(10, 3);
    const seen: number[][] = [];
    await expect(
      (async () => {
        for await (const page of allPages(fetchPage, 3)) seen.push(page);
      })(),
    ).rejects.toThrow('page at 3 failed');
    expect(seen).toEqual([[0, 1, 2]]);
  });

  it('leaves no unhandled rejection when the caller stops before a failed page', async () => {
    const { fetchPage } = pagesOf(10, 3);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for await (const page of allPages(fetchPage, 3)) {
        expect(page).toEqual([0, 1, 2]);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
