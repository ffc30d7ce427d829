// The pieces behind incident list and job list that no e2e case pins down alone: pages filtered in the
// tool (keptPages) with --first/--max counted after the filter, the summary's groups, first lines.
import { describe, expect, it } from 'vitest';
import { QueryLimit } from '../../src/engine/limits.js';
import { collectRows, keptPages } from '../../src/engine/paging.js';
import { firstLine, Groups } from '../../src/incidents/grouping.js';
import { likeContaining } from '../../src/incidents/list.js';

/** Rows 0..total-1, in pages as asked; the pages asked for are recorded. */
function rows(total: number) {
  const calls: [number, number][] = [];
  const fetchPage = async (firstResult: number, maxResults: number): Promise<number[]> => {
    calls.push([firstResult, maxResults]);
    return Array.from({ length: Math.max(0, Math.min(maxResults, total - firstResult)) }, (_, index) => firstResult + index);
  };
  return { calls, fetchPage };
}

const even = (row: number) => row % 2 === 0;

describe('keptPages', () => {
  it('keeps the rows that pass, over every page of the engine, in order', async () => {
    const { fetchPage, calls } = rows(12_001);
    const kept = await collectRows(keptPages(fetchPage, even, { limit: new QueryLimit() }));
    expect(kept).toHaveLength(6001);
    expect(kept.every(even)).toBe(true);
    expect(kept.at(-1)).toBe(12_000);
    expect(calls.map(([first]) => first)).toEqual([0, 5000, 10_000]);
  });

  it('counts --first and --max in the rows kept, not in the engine rows', async () => {
    const { fetchPage } = rows(100);
    expect(await collectRows(keptPages(fetchPage, even, { limit: new QueryLimit(), first: 3, max: 4 }))).toEqual([6, 8, 10, 12]);
    expect(await collectRows(keptPages(fetchPage, even, { limit: new QueryLimit(), first: 60 }))).toEqual([]);
    expect(await collectRows(keptPages(fetchPage, even, { limit: new QueryLimit(), max: 0 }))).toEqual([]);
  });

  it('stops asking for pages once --max rows were kept', async () => {
    const { fetchPage, calls } = rows(50_000);
    await collectRows(keptPages(fetchPage, even, { limit: new QueryLimit(), max: 10 }));
    // The next page is asked for ahead (as allPages does), but no more.
    expect(calls.length).toBeLessThanOrEqual(2);
  });
});

describe('the summary groups', () => {
  it('counts rows by identity and keeps the earliest and latest instant, whatever the offset', () => {
    const groups = new Groups<string>();
    groups.add('a', 'a', { id: '1', at: '2026-11-25T10:00:00.000+0100', processInstanceId: 'p1' });
    groups.add('a', 'a', { id: '2', at: '2026-11-25T09:30:00.000+0000', processInstanceId: 'p2' });
    groups.add('a', 'a', { id: '3', at: '2026-11-25T08:30:00.000+0000', processInstanceId: 'p3' });
    groups.add('b', 'b', { id: '4', at: null, processInstanceId: null });
    const [a, b] = groups.sorted();
    expect(groups.total).toBe(4);
    // 10:00 at +0100 is 09:00 UTC: between the other two.
    expect([a!.count, a!.oldest.id, a!.newest.id]).toEqual([3, '3', '2']);
    expect([b!.count, b!.oldest.id, b!.newest.id]).toEqual([1, '4', '4']);
  });

  it('orders equal counts the same way every time', () => {
    const groups = new Groups<string>();
    for (const key of ['z', 'm', 'a']) groups.add(key, key, { id: key, at: null, processInstanceId: null });
    expect(groups.sorted().map((group) => group.key)).toEqual(['a', 'm', 'z']);
  });

  it('takes the first line of a message, trimmed; null stays null', () => {
    expect(firstLine('Budget service unavailable\n\tat com.example.Budget.check(Budget.java:42)')).toBe('Budget service unavailable');
    expect(firstLine('  one line\r\ntwo')).toBe('one line');
    expect(firstLine(null)).toBeNull();
  });
});

describe('the LIKE pattern of --message', () => {
  it("escapes the engine's wildcards and its escape character", () => {
    expect(likeContaining('50% of 10_000 \\ ok')).toBe('%50\\% of 10\\_000 \\\\ ok%');
  });
});
