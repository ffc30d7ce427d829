// The pure parts of history ttl: version ranges, the tables' cells and the summary line.
import { describe, expect, it } from 'vitest';
import { versionRanges } from '../../src/history/ttl-definitions.js';
import type { TtlGroup, TtlReport } from '../../src/history/ttl-list.js';
import { ttlGroupsView, ttlSummary } from '../../src/render/history-ttl.js';
import { plainStyle, type TableFormat, withTable } from '../../src/render/style.js';

const TABS: TableFormat = { kind: 'tabs', width: undefined, headers: true };
const style = withTable(plainStyle, TABS);

function group(key: string, ttls: (number | null)[]): TtlGroup {
  return {
    key,
    tenantId: null,
    versions: ttls.length,
    withoutTimeToLive: ttls.filter((ttl) => ttl === null).length,
    running: 0,
    finished: 3,
    definitions: ttls.map((historyTimeToLive, index) => ({
      id: `${key}:${index + 1}:x`,
      key,
      version: index + 1,
      historyTimeToLive,
      counts: { running: 0, finished: 1 },
    })),
  };
}

describe('versionRanges', () => {
  it('writes runs of versions as ranges, in order, each once', () => {
    expect(versionRanges([])).toBe('');
    expect(versionRanges([3])).toBe('3');
    expect(versionRanges([5, 1, 2, 3, 7, 8, 2])).toBe('1-3, 5, 7-8');
  });
});

describe('the table of keys', () => {
  it('names the versions without a time-to-live and the values of the others', () => {
    const text = ttlGroupsView('process').table([group('invoice', [null, null, 30, 45, 45]), group('order', [30])], style);
    expect(text.split('\n')).toEqual([
      'Key\tTenant\tVersions\tWithout TTL\tTTL (days)\tRunning\tFinished',
      'invoice\t-\t5\t2 (1-2)\tnone (1-2), 30 (3), 45 (4-5)\t0\t3',
      'order\t-\t1\t0\t30\t0\t3',
    ]);
  });

  it('has no running column for decisions, and says evaluations', () => {
    const header = ttlGroupsView('decision')
      .table([group('classify', [null])], style)
      .split('\n')[0];
    expect(header).toBe('Key\tTenant\tVersions\tWithout TTL\tTTL (days)\tEvaluations');
  });
});

describe('the summary line', () => {
  const report = (groups: TtlGroup[], kind: 'process' | 'decision' = 'process', asUser = false): TtlReport => ({
    kind,
    groups,
    versions: groups.reduce((sum, one) => sum + one.versions, 0),
    withoutTimeToLive: groups.reduce((sum, one) => sum + one.withoutTimeToLive, 0),
    notes: [],
    asUser,
  });

  it('counts versions and keys without a time-to-live and names the command that sets one', () => {
    expect(ttlSummary(report([group('a', [null, null]), group('b', [null, 3]), group('c', [1])]))).toBe(
      '3 of 5 process definition versions (2 keys) have no time-to-live: their history is never cleaned up; set one with: camunda-admin history ttl set KEY --days N',
    );
    expect(ttlSummary(report([group('a', [null])], 'decision'))).toBe(
      '1 of 1 decision definition version (1 key) has no time-to-live: its history is never cleaned up; set one with: camunda-admin history ttl set KEY --days N --decision',
    );
    expect(ttlSummary(report([group('a', [1, 2])]))).toBe('every one of 2 process definition versions has a time-to-live');
    expect(ttlSummary(report([]))).toBe('no process definitions');
  });

  it('says, with credentials, that none found may be none readable', () => {
    expect(ttlSummary(report([], 'process', true))).toBe('no process definitions (none is deployed, or these credentials may read none)');
    expect(ttlSummary(report([], 'decision', true))).toBe('no decision definitions (none is deployed, or these credentials may read none)');
  });
});
