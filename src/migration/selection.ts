/**
 * Which process instances a `migration execute` touches: `--instances`, `--instances-file`, `--query`,
 * `--all-instances` and the plan's own ids and query, united like the engine unites them. The union is
 * resolved into ids before anything is executed, so what the operator confirms is exactly what is sent.
 */
import { JsonText } from '../engine/http.js';
import type { ProcessInstanceApi, ProcessInstanceQueryBody } from '../engine/process-instances.js';
import { COUNTED_PAGE, IDS_PER_QUERY, LOOKUP_PAGE } from '../engine/selection-pages.js';
import type { IdList, InstanceIdSet } from '../input/id-set.js';

export interface SelectionRequest {
  /** Explicit ids, in the order given, duplicates removed. */
  ids: InstanceIdSet;
  /**
   * Queries whose results join the selection. `count`: how many instances the query matches, as an
   * answer the caller has just received tells (a sweep's version: the pre-flight's activity statistics
   * of the source, ./prepare.ts); the pages are sized by it and no count is asked. Only a fresh answer
   * may be given: a wrong number costs pages (they grow from it), never instances.
   */
  queries: { label: string; query: ProcessInstanceQueryBody; count?: number | undefined }[];
  /** Human-readable parts, for messages: "3 ids from --instances", "--query q.json". */
  parts: string[];
}

/** Instances of the source definition, and what else was selected. */
export interface ResolvedSelection {
  ids: IdList;
  notFound: string[];
  elsewhere: { id: string; definitionId: string }[];
}

const LOOKUP_HEAD = Buffer.from('{"processInstanceIds":[');

/**
 * Asks the engine where every selected instance is. Explicit ids are looked up in pages; queries are
 * run with paging. Instances that do not exist or are on another definition are reported, not sent:
 * the engine would fail the whole call for one of them. When every explicit id is on the source and
 * no query adds one, the ids are the explicit set itself: a million ids are not copied into strings.
 */
export async function resolveSelection(instances: ProcessInstanceApi, request: SelectionRequest, sourceDefinitionId: string): Promise<ResolvedSelection> {
  const notFound: string[] = [];
  const elsewhere: ResolvedSelection['elsewhere'] = [];
  /** Explicit ids on the source, once a page was not all there; until then, the set is. */
  let onSource: string[] | undefined;
  // Usually every id is on the source: a count says so in a few bytes, where the instances
  // themselves would be a megabyte per page to download and check. Only a short count needs them.
  // Each count is sent as the stored bytes of its ids between a fixed head and tail, not copied
  // into one buffer: two hundred 200 kB copies for a million ids were about 20 MB of garbage
  // outside the V8 heap at the run's peak.
  const lookupTail = Buffer.from(`],"processDefinitionId":${JSON.stringify(sourceDefinitionId)}}`);
  const countOnSource = (start: number, end: number): Promise<number> => {
    const elements = request.ids.jsonElementBytes(start, end);
    const body =
      elements !== undefined
        ? new JsonText([LOOKUP_HEAD, elements, lookupTail])
        : { processInstanceIds: request.ids.slice(start, end), processDefinitionId: sourceDefinitionId };
    const counted = instances.count(body);
    // Awaited in its turn; until then a failure must not count as unhandled.
    counted.catch(() => undefined);
    return counted;
  };
  const size = request.ids.size;
  // The next page's count is asked for while this one's answer is handled: one request ahead. A page
  // is one IN list of the engine's (IDS_PER_QUERY): more ids per count make H2 read every row.
  let next = size > 0 ? countOnSource(0, Math.min(size, IDS_PER_QUERY)) : undefined;
  for (let start = 0; start < size; start += IDS_PER_QUERY) {
    const end = Math.min(size, start + IDS_PER_QUERY);
    const counted = next!;
    next = end < size ? countOnSource(end, Math.min(size, end + IDS_PER_QUERY)) : undefined;
    const count = await counted;
    if (count === end - start) {
      if (onSource) onSource.push(...request.ids.slice(start, end));
    } else {
      const page = request.ids.slice(start, end);
      onSource ??= request.ids.slice(0, start);
      const found = new Map<string, string>();
      for await (const rows of instances.pages({ processInstanceIds: page })) for (const instance of rows) found.set(instance.id, instance.definitionId);
      for (const id of page) {
        const definitionId = found.get(id);
        if (definitionId === undefined) notFound.push(id);
        else if (definitionId !== sourceDefinitionId) elsewhere.push({ id, definitionId });
        else onSource.push(id);
      }
    }
  }
  // Query results join the explicit ids; only the ones not given explicitly need remembering.
  const fromQueries: string[] = [];
  const seen = new Set<string>();
  for (const { query, count } of request.queries) {
    // Counted first, so that the pages are as few as COUNTED_PAGE allows: one more row than counted
    // ends the listing with a short page, not with a second (empty) one; instances started after the
    // count make a full page, and paging goes on as usual.
    const counted = count ?? (await instances.count(query));
    // More than one lookup's worth is bulk work; a query of a few instances keeps the light transport.
    if (counted > LOOKUP_PAGE) await instances.useBulkTransport();
    for await (const page of instances.pages(query, { pageSize: Math.min(counted, COUNTED_PAGE) + 1 })) {
      for (const instance of page) {
        if (request.ids.has(instance.id) || seen.has(instance.id)) continue;
        seen.add(instance.id);
        if (instance.definitionId === sourceDefinitionId) fromQueries.push(instance.id);
        else elsewhere.push({ id: instance.id, definitionId: instance.definitionId });
      }
    }
  }
  const ids: IdList = onSource === undefined && fromQueries.length === 0 ? request.ids : [...(onSource ?? request.ids.slice()), ...fromQueries];
  return { ids, notFound, elsewhere };
}
