// The read-merge-write of src/engine-objects/update.ts, against an object in memory.
import { describe, expect, it } from 'vitest';
import { type ObjectUpdate, updateObjects } from '../../src/engine-objects/update.js';

type Tags = { tags: string[] };

function tagged(name: string, store: Tags, tag: string, log: string[], onWrite?: () => void): ObjectUpdate<Tags, Tags> {
  return {
    name,
    read: () => {
      log.push(`read ${name}`);
      return Promise.resolve({ tags: [...store.tags] });
    },
    merge: (current) => ({ tags: current.tags.includes(tag) ? current.tags : [...current.tags, tag] }),
    differences: (current, body) => (current.tags.join() === body.tags.join() ? [] : [`tags are ${current.tags.join()}, not ${body.tags.join()}`]),
    write: (body) => {
      log.push(`write ${name}`);
      store.tags = [...body.tags];
      onWrite?.();
      return Promise.resolve();
    },
  };
}

describe('updateObjects', () => {
  it('writes every object, waits once for all, reads each back; repairs only the one whose change was replaced', async () => {
    const log: string[] = [];
    const a: Tags = { tags: ['x'] };
    const b: Tags = { tags: ['y'] };
    let stale = 1;
    // Another writer replaces b's change once, right after b's first write.
    const updates = [tagged('a', a, 'new', log), tagged('b', b, 'new', log, () => (stale-- > 0 ? (b.tags = ['y', 'other']) : undefined))];
    const sleep = (ms: number) => {
      log.push(`sleep ${ms}`);
      return Promise.resolve();
    };
    await updateObjects(
      updates.map((update) => ({ update, current: { tags: [] } })),
      { attempts: 3, readBackDelayMs: 500, backoffMs: 0, sleep },
    );
    expect(a.tags).toEqual(['x', 'new']);
    expect(b.tags).toEqual(['y', 'other', 'new']);
    expect(log).toEqual(['read a', 'write a', 'read b', 'write b', 'sleep 500', 'read a', 'read b', 'sleep 0', 'read b', 'write b', 'sleep 500', 'read b']);
  });

  it('ends with UpdateNotConfirmedError when the fresh read holds the change but every read-back lacks it', async () => {
    const log: string[] = [];
    const store: Tags = { tags: ['x'] };
    const update = tagged('c', store, 'new', log);
    // Reads before the write see the change (so nothing is written); every read-back does not.
    let reads = 0;
    update.read = () => Promise.resolve({ tags: reads++ % 2 === 0 ? ['x', 'new'] : ['x'] });
    const sleep = () => Promise.resolve();
    await expect(updateObjects([{ update, current: { tags: [] } }], { attempts: 3, readBackDelayMs: 0, backoffMs: 0, sleep })).rejects.toThrow(/c/);
    expect(reads).toBe(6);
  });
});
