// classifyInstances: where each migrated instance is, asked one IN list of ids at a time.
import { describe, expect, it } from 'vitest';
import type { ProcessInstanceApi } from '../../src/engine/process-instances.js';
import { QueryLimit } from '../../src/engine/limits.js';
import { IDS_PER_QUERY } from '../../src/engine/selection-pages.js';
import { classifyInstances } from '../../src/migration/outcome.js';

describe('classifyInstances', () => {
  it('asks at most one IN list of ids per query, and classifies every id', async () => {
    // The engine joins longer id lists by OR, which H2 answers by reading every row.
    const ids = Array.from({ length: IDS_PER_QUERY * 2 + 5 }, (_, index) => `id-${index}`);
    const asked: number[] = [];
    const historyAsked: string[][] = [];
    const api = {
      queryLimit: new QueryLimit(),
      async query(body: { processInstanceIds: string[] }) {
        asked.push(body.processInstanceIds.length);
        return body.processInstanceIds.filter((id) => id !== 'id-3').map((id) => ({ id, definitionId: id === 'id-7' ? 'source' : 'target' }));
      },
      async history(gone: string[]) {
        historyAsked.push(gone);
        return gone.map((id) => ({ id, state: 'COMPLETED', processDefinitionId: 'source' }));
      },
    } as unknown as ProcessInstanceApi;
    const outcomes = await classifyInstances(api, ids, 'source', 'target');
    expect(asked).toEqual([IDS_PER_QUERY, IDS_PER_QUERY, 5]);
    expect(historyAsked).toEqual([['id-3']]);
    expect(outcomes).toHaveLength(ids.length);
    expect(outcomes.filter((outcome) => outcome.outcome !== 'migrated')).toEqual([
      { id: 'id-3', outcome: 'ended', definitionId: 'source' },
      { id: 'id-7', outcome: 'on-source', definitionId: 'source' },
    ]);
  });
});
