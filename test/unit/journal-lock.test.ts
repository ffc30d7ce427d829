// Taking over a dead run's journal lock (src/migration/journal-lock.ts): one run at a time, under the
// takeover guard, removes only the lock it judged.
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LockHolder, removeIfUnchanged } from '../../src/migration/journal-lock.js';
import { tempDir } from '../helpers/temp.js';

const dead: LockHolder = { pid: 2 ** 22 + 17, host: hostname(), startedAt: '2026-11-25T10:00:00.000Z', token: 'dead-run' };

function lockWith(holder: LockHolder): string {
  const file = join(tempDir(), 'plan.yaml.journal.jsonl.lock');
  writeFileSync(file, `${JSON.stringify(holder)}\n`);
  return file;
}

describe('removeIfUnchanged', () => {
  it('removes the lock it judged, and leaves no guard behind', async () => {
    const file = lockWith(dead);
    expect(await removeIfUnchanged(file, dead)).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.takeover`)).toBe(false);
  });

  it('leaves a lock that another run took since it was judged', async () => {
    const taken: LockHolder = { ...dead, pid: process.pid, token: 'new-run' };
    const file = lockWith(taken);
    expect(await removeIfUnchanged(file, dead)).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(taken);
  });

  it('touches nothing while another run holds the takeover guard', async () => {
    const file = lockWith(dead);
    writeFileSync(`${file}.takeover`, '{"pid":1}\n');
    expect(await removeIfUnchanged(file, dead)).toBe(false);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.takeover`)).toBe(true);
  });

  it('removes a guard left by a run killed while it held it (older than 30 s), so the next round can take over', async () => {
    const file = lockWith(dead);
    writeFileSync(`${file}.takeover`, '{"pid":1}\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.takeover`, old, old);
    expect(await removeIfUnchanged(file, dead)).toBe(false);
    expect(existsSync(`${file}.takeover`)).toBe(false);
    expect(await removeIfUnchanged(file, dead)).toBe(true);
  });

  it('of many runs that judged the same dead lock at once, exactly one removes it', async () => {
    const file = lockWith(dead);
    const results = await Promise.all(Array.from({ length: 8 }, () => removeIfUnchanged(file, dead)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });
});
