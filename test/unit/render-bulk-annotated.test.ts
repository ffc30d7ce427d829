// The line saying which operations --annotation annotated: every id of a small run, the first ten of a big one.
import { describe, expect, it } from 'vitest';
import { describeBulkEvent } from '../../src/render/bulk.js';

const ids = (count: number) => Array.from({ length: count }, (_, index) => `op-${index + 1}`);

describe('the annotated line', () => {
  it('names every operation of a small run', () => {
    expect(describeBulkEvent({ type: 'annotated', operationIds: ids(2), expected: 2 })).toEqual([
      { level: 'info', text: 'annotated 2 operations in the user operation log: op-1, op-2' },
    ]);
  });

  it('names the first ten of a big run and counts the rest', () => {
    const [line] = describeBulkEvent({ type: 'annotated', operationIds: ids(1200), expected: 1200 });
    expect(line!.text).toBe(`annotated 1200 operations in the user operation log: ${ids(10).join(', ')} and 1190 more`);
  });
});
