// The bulk selection (src/bulk/selection.ts) and its preview (src/bulk/preview.ts), against a fake
// object kind that records what it is asked: ids looked up a page at a time, a query counted and then
// read in pages, objects already changed left out, and the preview's counts.
import { describe, expect, it } from 'vitest';
import type { ObjectKind, ObjectRow, QueryBody } from '../../src/bulk/object-kind.js';
import { ACTIVITY_COUNT_BUDGET, PREVIEW_SAMPLE, previewOf } from '../../src/bulk/preview.js';
import { freezeSelection } from '../../src/bulk/selection.js';
import { IDS_PER_QUERY, LOOKUP_PAGE } from '../../src/engine/selection-pages.js';
import { InstanceIdSet } from '../../src/input/id-set.js';

interface Row {
  id: string;
  definitionId: string;
  activity: string;
  done: boolean;
}

function fakeKind(rows: Row[]) {
  const asked: { kind: 'count' | 'rows'; body: QueryBody; pageSize?: number }[] = [];
  let bulk = false;
  const matches = (row: Row, body: QueryBody) => {
    const ids = body.ids as string[] | undefined;
    if (ids && !ids.includes(row.id)) return false;
    if (body.definitionId !== undefined && row.definitionId !== body.definitionId) return false;
    if (body.activity !== undefined && row.activity !== body.activity) return false;
    return true;
  };
  const kind: ObjectKind<Row> = {
    one: 'thing',
    many: 'things',
    queryEndpoint: 'POST /thing',
    idsField: 'ids',
    parseQuery: () => ({}),
    count: async (body) => {
      asked.push({ kind: 'count', body: body as QueryBody });
      return rows.filter((row) => matches(row, body as QueryBody)).length;
    },
    rows: async function* (body, pageSize) {
      asked.push({ kind: 'rows', body, pageSize });
      const found = rows.filter((row) => matches(row, body)).map((row): ObjectRow<Row> => ({ id: row.id, definitionId: row.definitionId, row }));
      for (let start = 0; start < found.length; start += pageSize ?? 1000) yield found.slice(start, start + (pageSize ?? 1000));
    },
    useBulkTransport: async () => {
      bulk = true;
    },
    definitions: async (ids) =>
      new Map(ids.filter((id) => id !== 'unknown:def').map((id) => [id, { key: id.split(':')[0]!, version: Number(id.split(':')[1]) }])),
    activities: async (definitionId) =>
      [...new Set(rows.filter((row) => row.definitionId === definitionId).map((row) => row.activity))].map((activity) => ({ activity, filter: { activity } })),
  };
  return { kind, asked, bulk: () => bulk };
}

const rowsOf = (count: number, definitionId = 'invoice:3', activity = 'approve', prefix = 'id'): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}-${String(index).padStart(6, '0')}`, definitionId, activity, done: false }));

const pending = (row: Row) => !row.done;

describe('freezeSelection', () => {
  it('looks given ids up a page at a time, and keeps the set itself when every one is there and pending', async () => {
    const rows = rowsOf(LOOKUP_PAGE + 10);
    const { kind, asked, bulk } = fakeKind(rows);
    const ids = new InstanceIdSet();
    for (const row of rows) ids.add(row.id);
    const frozen = await freezeSelection(kind, { ids, idsGiven: true, query: undefined, parts: [] }, pending);
    expect(frozen.ids).toBe(ids);
    expect(frozen.notSelected).toEqual([]);
    // One IN list of ids per query (IDS_PER_QUERY): the engine joins longer lists by OR, which H2 scans.
    expect(asked.map((question) => [(question.body.ids as string[]).length, question.pageSize])).toEqual([
      ...Array.from({ length: LOOKUP_PAGE / IDS_PER_QUERY }, () => [IDS_PER_QUERY, IDS_PER_QUERY + 1]),
      [10, 11],
    ]);
    expect(bulk()).toBe(true);
    expect(frozen.definitions).toEqual(new Map([['invoice:3', LOOKUP_PAGE + 10]]));
  });

  it('leaves out ids the engine does not have and objects already changed, keeping the order given', async () => {
    const rows = rowsOf(4);
    rows[1]!.done = true;
    const { kind } = fakeKind(rows);
    const ids = new InstanceIdSet();
    for (const id of [rows[3]!.id, 'gone', rows[1]!.id, rows[0]!.id]) ids.add(id);
    const frozen = await freezeSelection(kind, { ids, idsGiven: true, query: { activity: 'approve' }, parts: [] }, pending);
    expect(frozen.ids.slice(0)).toEqual([rows[3]!.id, rows[0]!.id]);
    expect(frozen.notSelected).toEqual(['gone']);
    expect(frozen.alreadyChanged).toBe(1);
  });

  it('counts a query first, then reads it in pages of at most COUNTED_PAGE', async () => {
    const rows = rowsOf(12);
    const { kind, asked, bulk } = fakeKind(rows);
    const frozen = await freezeSelection(kind, { ids: new InstanceIdSet(), idsGiven: false, query: { definitionId: 'invoice:3' }, parts: [] }, pending);
    expect(frozen.ids).toEqual(rows.map((row) => row.id));
    expect(asked.map((question) => [question.kind, question.pageSize])).toEqual([
      ['count', undefined],
      ['rows', 13],
    ]);
    expect(bulk()).toBe(false);
  });
});

describe('previewOf', () => {
  it('counts by definition and activity, largest first, with a sample', async () => {
    const rows = [...rowsOf(3, 'invoice:3', 'approve', 'a'), ...rowsOf(5, 'invoice:4', 'review', 'b'), ...rowsOf(2, 'unknown:def', 'x', 'c')];
    const { kind } = fakeKind(rows);
    const frozen = await freezeSelection(kind, { ids: new InstanceIdSet(), idsGiven: false, query: {}, parts: [] }, pending);
    const preview = await previewOf(kind, frozen);
    expect(preview.count).toBe(10);
    expect(preview.byDefinition).toEqual([
      { definition: 'invoice:4', count: 5 },
      { definition: 'invoice:3', count: 3 },
      // A definition the engine does not name is shown by its id.
      { definition: 'unknown:def', count: 2 },
    ]);
    expect(preview.byActivity).toEqual([
      { definition: 'invoice:4', activity: 'review', count: 5 },
      { definition: 'invoice:3', activity: 'approve', count: 3 },
      { definition: 'unknown:def', activity: 'x', count: 2 },
    ]);
    expect(preview.sample).toEqual(rows.map((row) => row.id).slice(0, PREVIEW_SAMPLE));
  });

  it('counts each activity of a definition the selection holds whole by one count, with no ids and no listing', async () => {
    const rows = [...rowsOf(3, 'invoice:3', 'approve', 'a'), ...rowsOf(2, 'invoice:3', 'review', 'b'), ...rowsOf(4, 'invoice:4', 'review', 'c')];
    const { kind: base, asked } = fakeKind(rows);
    const kind: ObjectKind<Row> = {
      ...base,
      definitionQuery: (definitionId) => ({ definitionId }),
      activities: async (definitionId) =>
        [...new Set(rows.filter((row) => row.definitionId === definitionId).map((row) => row.activity))].map((activity) => ({
          activity,
          filter: { activity, definitionId },
          all: { body: { activity, definitionId }, count: rows.filter((row) => row.definitionId === definitionId && row.activity === activity).length },
        })),
    };
    // invoice:3 whole, invoice:4 but one of its four.
    const ids = new InstanceIdSet();
    for (const row of rows.slice(0, 8)) ids.add(row.id);
    const frozen = await freezeSelection(kind, { ids, idsGiven: true, query: undefined, parts: [] }, pending);
    const before = asked.length;
    const preview = await previewOf(kind, frozen);
    expect(preview.byActivity).toEqual([
      { definition: 'invoice:3', activity: 'approve', count: 3 },
      { definition: 'invoice:4', activity: 'review', count: 3 },
      { definition: 'invoice:3', activity: 'review', count: 2 },
    ]);
    const requests = asked.slice(before);
    // invoice:3's activities: counts without ids; invoice:4 (not whole): its rows listed and the selected ones counted.
    expect(requests.filter((request) => request.kind === 'count' && request.body.definitionId === 'invoice:3' && request.body.activity !== undefined)).toEqual([
      { kind: 'count', body: { activity: 'approve', definitionId: 'invoice:3' } },
      { kind: 'count', body: { activity: 'review', definitionId: 'invoice:3' } },
    ]);
    expect(requests.some((request) => request.kind === 'rows' && request.body.definitionId === 'invoice:3')).toBe(false);
    expect(requests.some((request) => request.kind === 'rows' && request.body.definitionId === 'invoice:4')).toBe(true);
  });

  it('leaves out the activities when counting them would cost more than the budget', async () => {
    const rows = Array.from({ length: ACTIVITY_COUNT_BUDGET + 1 }, (_, index) => ({
      id: `r${index}`,
      definitionId: 'invoice:3',
      activity: `a${index}`,
      done: false,
    }));
    const { kind, asked } = fakeKind(rows);
    const frozen = await freezeSelection(kind, { ids: new InstanceIdSet(), idsGiven: false, query: {}, parts: [] }, pending);
    const before = asked.length;
    const preview = await previewOf(kind, frozen);
    expect(preview.byActivity).toEqual([]);
    expect(preview.activitiesNotCounted).toContain(`at most ${ACTIVITY_COUNT_BUDGET}`);
    expect(asked.length).toBe(before);
  });

  it('counts activities from the groups of the rows frozen, without a request, for a kind that names them (jobs)', async () => {
    // Jobs: the engine's count of `activityId` with `jobIds` is invalid SQL, so the kind groups the rows
    // by job definition and names the job definitions at each activity.
    const rows = [
      ...rowsOf(3, 'invoice:3', 'approve', 'a'),
      ...rowsOf(4, 'invoice:3', 'review', 'b'),
      { ...rowsOf(1, 'invoice:3', 'approve', 'c')[0]!, done: true },
    ];
    const { kind: base, asked } = fakeKind(rows);
    const kind: ObjectKind<Row> = {
      ...base,
      groupOf: (found) => `jobdef-${found.row.activity}`,
      // Two job definitions at `approve` (before and after it), one with no rows.
      activities: async () => [
        { activity: 'approve', groups: ['jobdef-approve', 'jobdef-approve-after'] },
        { activity: 'review', groups: ['jobdef-review'] },
        { activity: 'idle', groups: ['jobdef-idle'] },
      ],
    };
    const frozen = await freezeSelection(kind, { ids: new InstanceIdSet(), idsGiven: false, query: {}, parts: [] }, pending);
    expect(frozen.groups).toEqual(
      new Map([
        ['jobdef-approve', 3],
        ['jobdef-review', 4],
      ]),
    );
    const before = asked.length;
    const preview = await previewOf(kind, frozen);
    expect(preview.byActivity).toEqual([
      { definition: 'invoice:3', activity: 'review', count: 4 },
      { definition: 'invoice:3', activity: 'approve', count: 3 },
    ]);
    expect(preview.activitiesNotCounted).toBeUndefined();
    expect(asked.length).toBe(before);
  });
});
