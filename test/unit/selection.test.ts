// resolveSelection: explicit ids are counted a page at a time, one count ahead; a short count
// fetches that page's instances. Against a fake ProcessInstanceApi that records what it is asked.
import { describe, expect, it } from 'vitest';
import type { ProcessInstanceApi } from '../../src/engine/process-instances.js';
import { JsonText } from '../../src/engine/http.js';
import { bodyText } from '../../src/engine/transport.js';
import { InstanceIdSet } from '../../src/input/id-set.js';
import { COUNTED_PAGE, IDS_PER_QUERY, LOOKUP_PAGE } from '../../src/engine/selection-pages.js';
import { resolveSelection } from '../../src/migration/selection.js';

const SOURCE = 'invoice:1:abc';

function fakeEngine(definitionOf: (id: string) => string | undefined, failCountAt?: number) {
  const calls: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const api = {
    async count(body: unknown) {
      const { processInstanceIds, processDefinitionId } = (body instanceof JsonText ? JSON.parse(bodyText(body.json)) : body) as {
        processInstanceIds: string[];
        processDefinitionId: string;
      };
      calls.push(`count ${processInstanceIds[0]}`);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      if (failCountAt !== undefined && calls.length === failCountAt) throw new Error('engine down');
      return processInstanceIds.filter((id) => definitionOf(id) === processDefinitionId).length;
    },
    async *pages(body: { processInstanceIds?: string[] }) {
      calls.push(`query ${body.processInstanceIds![0]}`);
      yield body.processInstanceIds!.flatMap((id) => (definitionOf(id) ? [{ id, definitionId: definitionOf(id)! }] : []));
    },
  };
  return { api: api as unknown as ProcessInstanceApi, calls, mostInFlight: () => mostInFlight };
}

function ids(count: number): InstanceIdSet {
  const set = new InstanceIdSet();
  for (let index = 0; index < count; index++) set.add(`id-${index}`);
  return set;
}

describe('resolveSelection', () => {
  it('counts page after page of one IN list of ids, one ahead, and keeps the set itself when every id is on the source', async () => {
    // One IN list per count (IDS_PER_QUERY): the engine joins longer lists by OR, which H2 answers by
    // reading every row (a count of 5,000 ids 7.5 s against 0.1 s for 1,000 on Camunda 7.24).
    const selected = ids(IDS_PER_QUERY * 2 + 7);
    const engine = fakeEngine(() => SOURCE);
    const resolved = await resolveSelection(engine.api, { ids: selected, queries: [], parts: [] }, SOURCE);
    expect(resolved.ids).toBe(selected);
    expect(engine.calls).toEqual(['count id-0', `count id-${IDS_PER_QUERY}`, `count id-${IDS_PER_QUERY * 2}`]);
    expect(engine.mostInFlight()).toBe(2);
  });

  it('fetches the instances of a page whose count is short, and keeps the order', async () => {
    const selected = ids(IDS_PER_QUERY * 2 + 3);
    const stray = `id-${IDS_PER_QUERY + 1}`;
    const missing = `id-${IDS_PER_QUERY + 2}`;
    const engine = fakeEngine((id) => (id === stray ? 'other:1:x' : id === missing ? undefined : SOURCE));
    const resolved = await resolveSelection(engine.api, { ids: selected, queries: [], parts: [] }, SOURCE);
    expect(resolved.notFound).toEqual([missing]);
    expect(resolved.elsewhere).toEqual([{ id: stray, definitionId: 'other:1:x' }]);
    expect(resolved.ids.length).toBe(IDS_PER_QUERY * 2 + 1);
    expect(resolved.ids.slice(IDS_PER_QUERY - 1, IDS_PER_QUERY + 2)).toEqual([`id-${IDS_PER_QUERY - 1}`, `id-${IDS_PER_QUERY}`, `id-${IDS_PER_QUERY + 3}`]);
    expect(engine.calls).toContain(`query id-${IDS_PER_QUERY}`);
  });

  it("counts a query's instances first and asks for them in pages of one row more than counted, at most COUNTED_PAGE + 1, as bulk work when many", async () => {
    // An engine whose query has `instances` rows, answering pages as allPages asks for them.
    const queryEngine = (instances: number) => {
      const calls: string[] = [];
      const api = {
        async useBulkTransport() {
          calls.push('bulk');
        },
        async count(body: { processDefinitionId: string }) {
          calls.push(`count ${body.processDefinitionId}`);
          return instances;
        },
        async *pages(body: { processDefinitionId: string }, options: { pageSize?: number } = {}) {
          calls.push(`pages ${body.processDefinitionId} ${options.pageSize}`);
          for (let first = 0, size = options.pageSize ?? 1; first < instances; first += size) {
            yield Array.from({ length: Math.min(size, instances - first) }, (_, index) => ({ id: `id-${first + index}`, definitionId: SOURCE }));
          }
        },
      };
      return { api: api as unknown as ProcessInstanceApi, calls };
    };
    const few = queryEngine(3);
    const resolved = await resolveSelection(
      few.api,
      { ids: new InstanceIdSet(), queries: [{ label: '--all-instances', query: { processDefinitionId: SOURCE } }], parts: [] },
      SOURCE,
    );
    expect(few.calls).toEqual([`count ${SOURCE}`, `pages ${SOURCE} 4`]);
    expect(resolved.ids.slice(0)).toEqual(['id-0', 'id-1', 'id-2']);

    const many = queryEngine(COUNTED_PAGE * 2);
    const all = await resolveSelection(
      many.api,
      { ids: new InstanceIdSet(), queries: [{ label: '--all-instances', query: { processDefinitionId: SOURCE } }], parts: [] },
      SOURCE,
    );
    expect(many.calls).toEqual([`count ${SOURCE}`, 'bulk', `pages ${SOURCE} ${COUNTED_PAGE + 1}`]);
    expect(all.ids.length).toBe(COUNTED_PAGE * 2);
  });

  it('fails with the error of a count asked for ahead, without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The second count fails while the first page's short count still fetches its instances.
      const engine = fakeEngine((id) => (id === 'id-3' ? undefined : SOURCE), 2);
      await expect(resolveSelection(engine.api, { ids: ids(LOOKUP_PAGE + 1), queries: [], parts: [] }, SOURCE)).rejects.toThrow('engine down');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
