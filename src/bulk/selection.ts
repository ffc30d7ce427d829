/**
 * A bulk command's selection, resolved into ids before anything is sent (frozen): ids given one by
 * one (--instances, --instances-file) and a query (--query FILE and the command's filters, merged).
 * Ids and a query together select the given ids that match the query. What the operator confirms is
 * exactly what is sent: the ids of the objects the engine has and the operation still has to change.
 * Generic over the kind of object (./object-kind.ts).
 */
import type { IdList, InstanceIdSet } from '../input/id-set.js';
import { COUNTED_PAGE, IDS_PER_QUERY, LOOKUP_PAGE } from '../engine/selection-pages.js';
import type { ObjectKind, ObjectRow, QueryBody } from './object-kind.js';

export interface BulkSelectionRequest {
  /** Ids given one by one, in the order given, duplicates removed. */
  ids: InstanceIdSet;
  /** Whether ids were given at all (an empty id file is a mistake upstream, not "nothing to do"). */
  idsGiven: boolean;
  /** The query (--query FILE with the filters on top); undefined when neither was given. */
  query: QueryBody | undefined;
  /** What the selection was made of, for messages: `3 from --instances`, `--query q.json`, `--key invoice`. */
  parts: string[];
}

export interface FrozenSelection {
  /** The ids to send, in the order found. */
  ids: IdList;
  /** How many of `ids` belong to each definition id (null: none). */
  definitions: Map<string | null, number>;
  /** Ids given that the engine does not have (ended, never existed, or not matching the query). */
  notSelected: string[];
  /** Selected objects for which the operation's goal holds already (suspended ones for `suspend`): not sent. */
  alreadyChanged: number;
  /** How many of `ids` are in each group (ObjectKind.groupOf), when the kind counts its activities from the rows. */
  groups?: Map<string, number>;
}

/**
 * Resolves the selection. `pending(row)`: whether the operation still has to change the object (an
 * active instance for `suspend`); the others are counted as already changed and not sent.
 */
export async function freezeSelection<R>(kind: ObjectKind<R>, request: BulkSelectionRequest, pending: (row: R) => boolean): Promise<FrozenSelection> {
  const definitions = new Map<string | null, number>();
  const frozen: FrozenSelection = { ids: [], definitions, notSelected: [], alreadyChanged: 0 };
  const groups = kind.groupOf ? new Map<string, number>() : undefined;
  if (groups) frozen.groups = groups;
  const collected: string[] = [];
  const take = (found: ObjectRow<R>): boolean => {
    if (!pending(found.row)) {
      frozen.alreadyChanged++;
      return false;
    }
    definitions.set(found.definitionId, (definitions.get(found.definitionId) ?? 0) + 1);
    const group = groups && kind.groupOf!(found);
    if (group) groups!.set(group, (groups!.get(group) ?? 0) + 1);
    return true;
  };
  if (request.idsGiven) {
    const size = request.ids.size;
    if (size > LOOKUP_PAGE) await kind.useBulkTransport();
    // Every id given is kept unless it is missing or done: then the set itself is the selection,
    // and a million ids are not copied into strings.
    // The ids given may be the objects' process instances' (kind.givenIds): then each selects its rows.
    let allTaken = kind.givenIds === undefined;
    const givenOf = kind.givenIds?.of ?? ((row: ObjectRow<R>) => row.id);
    for (let start = 0; start < size; start += IDS_PER_QUERY) {
      const page = request.ids.slice(start, Math.min(size, start + IDS_PER_QUERY));
      const found = new Map<string, ObjectRow<R>[]>();
      const field = kind.givenIds?.field ?? kind.idsField;
      for await (const rows of kind.rows({ ...request.query, [field]: page }, page.length + 1)) {
        for (const row of rows) {
          const given = givenOf(row);
          const same = found.get(given);
          if (same === undefined) found.set(given, [row]);
          else same.push(row);
        }
      }
      for (const id of page) {
        const rows = found.get(id);
        if (rows === undefined) {
          frozen.notSelected.push(id);
          allTaken = false;
          continue;
        }
        for (const row of rows) {
          if (take(row)) collected.push(row.id);
          else allTaken = false;
        }
      }
    }
    frozen.ids = allTaken ? request.ids : collected;
    return frozen;
  }
  const query = request.query ?? {};
  // Counted first, so that the pages are as few as COUNTED_PAGE allows (src/engine/selection-pages.ts).
  const counted = await kind.count(query);
  if (counted > LOOKUP_PAGE) await kind.useBulkTransport();
  for await (const rows of kind.rows(query, Math.min(counted, COUNTED_PAGE) + 1)) for (const row of rows) if (take(row)) collected.push(row.id);
  frozen.ids = collected;
  return frozen;
}
