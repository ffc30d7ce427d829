/**
 * The preview of a frozen selection, shown before the confirmation: how many, by definition
 * (key:version), by activity, and a sample of ids. Counting by activity costs a count per activity
 * and page of ids; past a budget of requests it is left out and the preview says so.
 */
import { IDS_PER_QUERY, LOOKUP_PAGE } from '../engine/selection-pages.js';
import type { IdList } from '../input/id-set.js';
import type { ObjectKind } from './object-kind.js';
import type { FrozenSelection } from './selection.js';

/** Ids shown in the preview. */
export const PREVIEW_SAMPLE = 10;
/** Count requests the activity breakdown may cost at most. */
export const ACTIVITY_COUNT_BUDGET = 200;
/**
 * An activity's objects are listed (and the selected ones counted) rather than counted a page of ids
 * at a time when they are at most this many times the selection: on Camunda 7.24 (H2) listing 50,000
 * instances took about 1 s, counting 50,000 ids at an activity in pages of 1,000 about 5 s
 * (docs/performance.md, "Selecting and checking").
 */
const LISTED_PER_SELECTED = 4;
/** The first page of such a listing (pages double after it): the selection's rows are still in memory. */
const LISTED_PAGE = 10_000;

export interface BulkPreview {
  /** `process instance`, `process instances` */
  one: string;
  many: string;
  count: number;
  /** Largest first: `invoice:3` (or the definition id when the engine did not name it; `-` for none). */
  byDefinition: { definition: string; count: number }[];
  /** Per definition and activity, largest first; an object at two activities counts at both. */
  byActivity: { definition: string; activity: string; count: number }[];
  /** Why byActivity is empty though there are objects, when it was not counted. */
  activitiesNotCounted?: string;
  sample: string[];
  /** Ids given that the engine does not have (or that do not match the query): not sent. */
  notSelected: string[];
  /** Selected objects the operation's goal holds for already: not sent. */
  alreadyChanged: number;
}

export async function previewOf<R>(kind: ObjectKind<R>, selection: FrozenSelection): Promise<BulkPreview> {
  const { ids } = selection;
  const definitionIds = [...selection.definitions.keys()].filter((id): id is string => id !== null);
  const names = await kind.definitions(definitionIds);
  const nameOf = (id: string | null) => (id === null ? '-' : names.has(id) ? `${names.get(id)!.key}:${names.get(id)!.version}` : id);
  const byDefinition = [...selection.definitions].map(([id, count]) => ({ definition: nameOf(id), count })).sort(largestFirst);
  const preview: BulkPreview = {
    one: kind.one,
    many: kind.many,
    count: ids.length,
    byDefinition,
    byActivity: [],
    sample: ids.slice(0, PREVIEW_SAMPLE),
    notSelected: selection.notSelected,
    alreadyChanged: selection.alreadyChanged,
  };
  if (ids.length === 0) return preview;
  const activities = (
    await Promise.all(definitionIds.map(async (id) => (await kind.activities(id)).map((activity) => ({ definitionId: id, ...activity }))))
  ).flat();
  const whole = await wholeDefinitions(kind, selection, definitionIds);
  // Every object of the definition selected: the activity's own count is the selection's there.
  const countedWhole = (entry: (typeof activities)[number]) => 'all' in entry && entry.all !== undefined && whole.has(entry.definitionId);
  const listed = (entry: (typeof activities)[number]) => 'all' in entry && entry.all !== undefined && entry.all.count <= LISTED_PER_SELECTED * ids.length;
  // Activities counted from the rows frozen or of a whole definition cost no request or one, those
  // listed a request per 50,000 objects: only the others count against the budget.
  const queried = activities.filter((entry) => 'filter' in entry && !countedWhole(entry) && !listed(entry)).length;
  const pages = Math.ceil(ids.length / LOOKUP_PAGE);
  if (queried * pages > ACTIVITY_COUNT_BUDGET) {
    preview.activitiesNotCounted = `${queried} activities x ${pages} pages of ids would be ${queried * pages} count requests (at most ${ACTIVITY_COUNT_BUDGET})`;
    return preview;
  }
  let selected: { has(id: string): boolean } | undefined;
  for (const entry of activities) {
    let count: number;
    if (!('filter' in entry)) count = entry.groups.reduce((sum, group) => sum + (selection.groups?.get(group) ?? 0), 0);
    else if (countedWhole(entry)) count = await kind.count(entry.all!.body);
    else if (listed(entry)) count = await countListed(kind, entry.all!, (selected ??= idLookup(ids)));
    else count = await countAmong(kind, ids, entry.filter);
    if (count > 0) preview.byActivity.push({ definition: nameOf(entry.definitionId), activity: entry.activity, count });
  }
  preview.byActivity.sort(largestFirst);
  return preview;
}

/**
 * The definitions whose every object the selection holds (as the engine counts them now): a count
 * each. The preview is a look before the run: an object started and another ended meanwhile would
 * pass for one, which shifts a count by one, not what is sent.
 */
async function wholeDefinitions<R>(kind: ObjectKind<R>, selection: FrozenSelection, definitionIds: readonly string[]): Promise<Set<string>> {
  const whole = new Set<string>();
  if (!kind.definitionQuery) return whole;
  for (const id of definitionIds) if ((await kind.count(kind.definitionQuery(id))) === selection.definitions.get(id)) whole.add(id);
  return whole;
}

/** How many of `ids` the query `filter` matches: a count per page of ids. */
async function countAmong<R>(kind: ObjectKind<R>, ids: IdList, filter: Record<string, unknown>): Promise<number> {
  let total = 0;
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY)
    total += await kind.count({ ...filter, [kind.idsField]: ids.slice(start, start + IDS_PER_QUERY) });
  return total;
}

/** How many of the objects `all` lists are `selected`. */
async function countListed<R>(
  kind: ObjectKind<R>,
  all: { body: Record<string, unknown>; count: number },
  selected: { has(id: string): boolean },
): Promise<number> {
  let total = 0;
  for await (const rows of kind.rows(all.body, Math.min(all.count + 1, LISTED_PAGE))) for (const row of rows) if (selected.has(row.id)) total++;
  return total;
}

/** The selection as a lookup: the id set itself when it is one. */
function idLookup(ids: IdList): { has(id: string): boolean } {
  return 'has' in ids && typeof ids.has === 'function' ? (ids as unknown as { has(id: string): boolean }) : new Set(ids.slice(0));
}

function largestFirst(a: { count: number }, b: { count: number }): number {
  return b.count - a.count;
}
