// The paging mechanism of bulk work (src/engine/paging.ts): order, no skips or repeats, the engine's
// limit learned from its 400 and the page asked again once, the next page asked for ahead.
import { describe, expect, it } from 'vitest';
import { EngineHttpError } from '../../src/engine/errors.js';
import { QueryLimit, exceededLimitOf } from '../../src/engine/limits.js';
import {
  allPages,
  BULK_PAGE_SIZE,
  collectPages,
  collectRows,
  idChunks,
  LISTING_MAX_PAGE_SIZE,
  MAX_BULK_PAGE_SIZE,
  pagesBySharedKey,
} from '../../src/engine/paging.js';
import { listWithLimit } from '../../src/commands/listing.js';
import type { Output, View } from '../../src/render/output.js';

/** The engine's 400 for a page above its limit, as captured (query-max-results-exceeded.json). */
function exceeded(limit: number): EngineHttpError {
  return new EngineHttpError(
    { method: 'GET', url: 'http://engine/x' },
    { status: 400, body: { type: 'BadUserRequestException', message: `Max results limit of ${limit} exceeded!`, code: 0 }, bodySnippet: undefined },
  );
}

/** Rows 0..total-1 in order; with `engineLimit`, a page asking for more is refused like the engine refuses it. */
function pagesOf(total: number, options: { failAt?: number; engineLimit?: number } = {}) {
  const calls: [number, number][] = [];
  const fetchPage = async (firstResult: number, maxResults: number): Promise<number[]> => {
    calls.push([firstResult, maxResults]);
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (firstResult === options.failAt) throw new Error(`page at ${firstResult} failed`);
    if (options.engineLimit !== undefined && maxResults > options.engineLimit) throw exceeded(options.engineLimit);
    return Array.from({ length: Math.max(0, Math.min(maxResults, total - firstResult)) }, (_, index) => firstResult + index);
  };
  return { calls, fetchPage };
}

const unlimited = () => new QueryLimit();

describe('allPages', () => {
  it('yields every page in order and stops at a short page', async () => {
    const { calls, fetchPage } = pagesOf(7);
    const seen: number[][] = [];
    for await (const page of allPages(fetchPage, { limit: unlimited(), pageSize: 3 })) seen.push(page);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(calls).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
    ]);
  });

  it('asks for pages of thousands of rows by default', async () => {
    const { calls, fetchPage } = pagesOf(12_000);
    await collectPages(fetchPage, { limit: unlimited() });
    expect(calls).toEqual([
      [0, BULK_PAGE_SIZE],
      [BULK_PAGE_SIZE, BULK_PAGE_SIZE],
      [2 * BULK_PAGE_SIZE, BULK_PAGE_SIZE],
    ]);
  });

  it('doubles the pages up to growTo when asked (selections)', async () => {
    const total = 200_000;
    const { calls, fetchPage } = pagesOf(total);
    const rows = await collectPages(fetchPage, { limit: unlimited(), growTo: MAX_BULK_PAGE_SIZE });
    expect(BULK_PAGE_SIZE).toBeGreaterThanOrEqual(1000);
    const sizes = [5000, 10_000, 20_000, 40_000, 40_000, 40_000, 40_000, 40_000];
    expect([BULK_PAGE_SIZE, MAX_BULK_PAGE_SIZE]).toEqual([5000, 40_000]);
    const firsts = sizes.map((_, index) => sizes.slice(0, index).reduce((sum, size) => sum + size, 0));
    expect(calls).toEqual(sizes.map((size, index) => [firsts[index], size]));
    expect(rows).toEqual(Array.from({ length: total }, (_, index) => index));
  });

  it('caps the doubling pages at the engine limit', async () => {
    const { calls, fetchPage } = pagesOf(30_000);
    await collectPages(fetchPage, { limit: new QueryLimit(8000), growTo: MAX_BULK_PAGE_SIZE });
    expect(calls.map(([, size]) => size)).toEqual([5000, 8000, 8000, 8000, 8000]);
  });

  it('asks for the next page while the caller holds the current one', async () => {
    const { calls, fetchPage } = pagesOf(10);
    const pages = allPages(fetchPage, { limit: unlimited(), pageSize: 3, first: 1 });
    await pages.next();
    expect(calls).toEqual([
      [1, 3],
      [4, 3],
    ]);
    await pages.return(undefined);
  });

  it('ends with an empty page when the total is a multiple of the page size', async () => {
    const { calls, fetchPage } = pagesOf(6);
    const seen: number[][] = [];
    for await (const page of allPages(fetchPage, { limit: unlimited(), pageSize: 3 })) seen.push(page);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], []]);
    expect(calls.map(([first]) => first)).toEqual([0, 3, 6]);
  });

  it('never asks for more than a known limit', async () => {
    const { calls, fetchPage } = pagesOf(25, { engineLimit: 10 });
    const rows = await collectPages(fetchPage, { limit: new QueryLimit(10), pageSize: 5000 });
    expect(rows).toEqual(Array.from({ length: 25 }, (_, index) => index));
    expect(calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });

  it("learns the limit from the engine's 400, asks again once at that size, and keeps to it", async () => {
    const { calls, fetchPage } = pagesOf(2_500, { engineLimit: 1000 });
    const limit = unlimited();
    const rows = await collectPages(fetchPage, { limit, pageSize: 5000 });
    // No row skipped or repeated although the page size changed under way.
    expect(rows).toEqual(Array.from({ length: 2_500 }, (_, index) => index));
    expect(calls).toEqual([
      [0, 5000],
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
    expect(limit.value).toBe(1000);
    // The next listing of the run starts within it.
    calls.length = 0;
    await collectPages(fetchPage, { limit, pageSize: 5000 });
    expect(calls[0]).toEqual([0, 1000]);
  });

  it('fails when the engine refuses the page at the size it named', async () => {
    let asked = 0;
    const fetchPage = async (_first: number, maxResults: number): Promise<number[]> => {
      asked++;
      throw exceeded(maxResults === 5000 ? 1000 : 10);
    };
    await expect(collectPages(fetchPage, { limit: unlimited() })).rejects.toThrow('Max results limit of 10 exceeded!');
    expect(asked).toBe(2);
  });

  it('stops after `max` rows, in pages of the limit', async () => {
    const { calls, fetchPage } = pagesOf(5000, { engineLimit: 40 });
    const rows = await collectPages(fetchPage, { limit: new QueryLimit(40), pageSize: 101, max: 101 });
    expect(rows).toHaveLength(101);
    expect(calls).toEqual([
      [0, 40],
      [40, 40],
      [80, 21],
    ]);
  });

  it('raises a failed page when the caller gets to it, after the pages before it', async () => {
    const { fetchPage } = pagesOf(10, { failAt: 3 });
    const seen: number[][] = [];
    await expect(
      (async () => {
        for await (const page of allPages(fetchPage, { limit: unlimited(), pageSize: 3 })) seen.push(page);
      })(),
    ).rejects.toThrow('page at 3 failed');
    expect(seen).toEqual([[0, 1, 2]]);
  });

  it('leaves no unhandled rejection when the caller stops before a failed page', async () => {
    const { fetchPage } = pagesOf(10, { failAt: 3 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for await (const page of allPages(fetchPage, { limit: unlimited(), pageSize: 3 })) {
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

describe('idChunks', () => {
  it('looks ids up in chunks within the learned limit, each id once, the next chunk asked ahead', async () => {
    const asked: [number, number][] = [];
    const limit = unlimited();
    const chunks = idChunks(2_300, { limit }, async (start, end) => {
      asked.push([start, end]);
      if (end - start > 1000) throw exceeded(1000);
      return end - start;
    });
    const first = await chunks.next();
    expect(first.value).toEqual({ start: 0, end: 1000, value: 1000 });
    // The engine's refusal of 5,000 ids, the same chunk at 1,000, and the next chunk already asked for.
    expect(asked).toEqual([
      [0, 2300],
      [0, 1000],
      [1000, 2000],
    ]);
    const rest: number[][] = [];
    for await (const chunk of chunks) rest.push([chunk.start, chunk.end]);
    expect(rest).toEqual([
      [1000, 2000],
      [2000, 2300],
    ]);
    expect(limit.value).toBe(1000);
  });
});

describe('QueryLimit', () => {
  it("reads the limit from the engine's answer only", () => {
    expect(exceededLimitOf(exceeded(1000))).toBe(1000);
    const unbound = new EngineHttpError(
      { method: 'GET', url: 'http://engine/x' },
      { status: 400, body: { type: 'BadUserRequestException', message: 'An unbound number of results is forbidden!', code: 0 }, bodySnippet: undefined },
    );
    expect(exceededLimitOf(unbound)).toBeUndefined();
    expect(exceededLimitOf(new Error('Max results limit of 5 exceeded!'))).toBeUndefined();
  });

  it('learns only a limit smaller than what was asked, and never a bigger one', () => {
    const limit = new QueryLimit(500);
    expect(limit.learn(exceeded(1000), 800)).toBe(false);
    expect(limit.value).toBe(500);
    expect(limit.learn(exceeded(200), 500)).toBe(true);
    expect(limit.cap(5000)).toBe(200);
  });

  it('asks one request again at the size the engine names', async () => {
    const limit = unlimited();
    const sizes: number[] = [];
    const answer = await limit.within(1000, async (maxResults) => {
      sizes.push(maxResults);
      if (maxResults > 300) throw exceeded(300);
      return maxResults;
    });
    expect(answer).toBe(300);
    expect(sizes).toEqual([1000, 300]);
  });
});

describe('listWithLimit (every --all listing)', () => {
  it('asks for pages that double from 5,000 to 10,000 rows, and hands every row on in order', async () => {
    const { calls, fetchPage } = pagesOf(32_000);
    const seen: number[] = [];
    const output = {
      list: async (pages: AsyncIterable<number[]> | number[][]) => {
        for await (const page of pages) seen.push(...page);
      },
    } as unknown as Output;
    await listWithLimit(output, { page: { firstResult: 0, maxResults: undefined }, fetchPage, view: {} as View<number[]>, noun: 'rows', limit: unlimited() });
    expect(LISTING_MAX_PAGE_SIZE).toBe(10_000);
    expect(calls).toEqual([
      [0, 5000],
      [5000, 10_000],
      [15_000, 10_000],
      [25_000, 10_000],
    ]);
    expect(seen).toEqual(Array.from({ length: 32_000 }, (_, index) => index));
  });
});

/**
 * Rows sorted by a key that is not unique, as an engine gives them: ties in an order that changes with
 * the page asked for (a hash of id and page), so pages cut by position skip or repeat rows.
 */
function sharedKeyEngine(rows: { id: string; key: string | null }[], options: { engineLimit?: number; looseEquality?: boolean } = {}) {
  // A database whose `=` and order ignore case (a case-insensitive collation).
  const norm = (key: string | null) => (options.looseEquality ? (key ?? '').toLowerCase() : (key ?? ''));
  const calls: string[] = [];
  const rank = (id: string, page: string) => [...`${id}${page}`].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261);
  const refuse = (maxResults: number) => {
    if (options.engineLimit !== undefined && maxResults > options.engineLimit) throw exceeded(options.engineLimit);
  };
  const fetchPage = async (firstResult: number, maxResults: number) => {
    calls.push(`page ${firstResult}+${maxResults}`);
    refuse(maxResults);
    const page = `${firstResult}:${maxResults}`;
    const sorted = [...rows].sort((a, b) => (norm(a.key) < norm(b.key) ? -1 : norm(a.key) > norm(b.key) ? 1 : 0) || rank(a.id, page) - rank(b.id, page));
    return sorted.slice(firstResult, firstResult + maxResults);
  };
  const sharedKey = {
    keyOf: (row: { id: string; key: string | null }) => row.key,
    idOf: (row: { id: string; key: string | null }) => row.id,
    fetchTies: async (key: string | number, firstResult: number, maxResults: number) => {
      calls.push(`ties ${String(key)} ${firstResult}+${maxResults}`);
      refuse(maxResults);
      return rows
        .filter((row) => norm(row.key) === norm(String(key)))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(firstResult, firstResult + maxResults);
    },
  };
  return { calls, fetchPage, sharedKey };
}

/** `count` rows keyed by `keys[i % keys.length]`, ids r000.. */
function keyedRows(count: number, keys: (string | null)[]) {
  return Array.from({ length: count }, (_, index) => ({ id: `r${String(index).padStart(3, '0')}`, key: keys[index % keys.length] ?? null }));
}

/** Sorted by key, then by id: what every correct listing of these rows is. */
function expected(rows: { id: string; key: string | null }[]) {
  return [...rows].sort((a, b) => (a.key ?? '').localeCompare(b.key ?? '') || (a.id < b.id ? -1 : 1)).map((row) => row.id);
}

describe('pagesBySharedKey', () => {
  it('gives every row once, ties by id, where pages by position skip or repeat them', async () => {
    const rows = keyedRows(100, ['a', 'b', 'c']);
    const { fetchPage, sharedKey } = sharedKeyEngine(rows);
    const byPosition = (await collectPages(fetchPage, { limit: unlimited(), pageSize: 7 })).map((row) => row.id);
    expect(new Set(byPosition).size).toBeLessThan(100);
    const listed = (await collectRows(pagesBySharedKey(fetchPage, { limit: unlimited(), pageSize: 7 }, sharedKey))).map((row) => row.id);
    expect(listed).toEqual(expected(rows));
  });

  it('reads a run longer than a page by itself, and the next page starts after it', async () => {
    const rows = [...keyedRows(30, ['m']), { id: 'x1', key: 'a' }, { id: 'x2', key: 'z' }];
    const { calls, fetchPage, sharedKey } = sharedKeyEngine(rows);
    const listed = (await collectRows(pagesBySharedKey(fetchPage, { limit: unlimited(), pageSize: 5 }, sharedKey))).map((row) => row.id);
    expect(listed).toEqual(expected(rows));
    // The run in pages of bulk work, whatever the listing's page size.
    expect(calls).toEqual(['page 0+5', 'ties m 0+5000', 'page 31+5']);
  });

  it('stops at --max inside a run, and stays within the engine limit it learns', async () => {
    const rows = keyedRows(60, ['a', 'b']);
    const { calls, fetchPage, sharedKey } = sharedKeyEngine(rows, { engineLimit: 8 });
    const listed = (await collectRows(pagesBySharedKey(fetchPage, { limit: new QueryLimit(), pageSize: 20, max: 12 }, sharedKey))).map((row) => row.id);
    expect(listed).toEqual(expected(rows).slice(0, 12));
    expect(calls[0]).toBe('page 0+12');
    expect(calls.slice(1).every((call) => Number(call.split('+')[1]) <= 8)).toBe(true);
  });

  it('--first inside a run: goes on from that row of the run in id order, and on after the run', async () => {
    const rows = [...keyedRows(30, ['m']), { id: 'z1', key: 'z' }, { id: 'z2', key: 'z' }];
    const { fetchPage, sharedKey } = sharedKeyEngine(rows);
    const all = expected(rows);
    const some = (await collectRows(pagesBySharedKey(fetchPage, { limit: unlimited(), pageSize: 7, first: 10, max: 6 }, sharedKey))).map((row) => row.id);
    expect(some).toEqual(all.slice(10, 16));
    const rest = (await collectRows(pagesBySharedKey(fetchPage, { limit: unlimited(), pageSize: 7, first: 10 }, sharedKey))).map((row) => row.id);
    expect(rest).toEqual(all.slice(10));
  });

  it('--first at a run boundary and inside a later run, at every position', async () => {
    const rows = keyedRows(40, ['a', 'b', 'b', 'c', 'c', 'c']);
    const { fetchPage, sharedKey } = sharedKeyEngine(rows);
    const all = expected(rows);
    for (const first of [1, 6, 7, 13, 20, 39, 40]) {
      const listed = (await collectRows(pagesBySharedKey(fetchPage, { limit: unlimited(), pageSize: 5, first }, sharedKey))).map((row) => row.id);
      expect(listed, `from ${first}`).toEqual(all.slice(first));
    }
  });

  it('on a database whose = ignores case, rows the page head held are not given again, and none is skipped', async () => {
    const rows = keyedRows(60, ['a', 'A', 'b', 'B', 'c']);
    const { fetchPage, sharedKey } = sharedKeyEngine(rows, { looseEquality: true });
    const listed = (await collectRows(pagesBySharedKey(fetchPage, { limit: unlimited(), pageSize: 7 }, sharedKey))).map((row) => row.id);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it('cuts by position where no filter selects a run (a null key), and still ends', async () => {
    const rows = keyedRows(20, [null]);
    const { fetchPage, sharedKey } = sharedKeyEngine(rows);
    const listed = await collectRows(pagesBySharedKey(fetchPage, { limit: unlimited(), pageSize: 6 }, sharedKey));
    expect(listed).toHaveLength(20);
  });
});
