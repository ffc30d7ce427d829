// Taking over a dead run's journal lock (src/change/journal-lock.ts): one run at a time, under the
// takeover guard, removes only the lock it judged; a guard left behind is the operator's to remove.
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangeFailedError } from '../../src/change/errors.js';
import { describeFailure } from '../../src/exit.js';
import { JournalLock, type LockHolder, removeIfUnchanged } from '../../src/change/journal-lock.js';
import { tempDir } from '../helpers/temp.js';

// A pid no process has (above Linux's pid_max of 2^22).
const dead: LockHolder = { pid: 2 ** 22 + 17, host: hostname(), startedAt: '2026-11-25T10:00:00.000Z', token: 'dead-run' };

function lockWith(holder: LockHolder): { journal: string; file: string } {
  const journal = join(tempDir(), 'plan.yaml.journal.jsonl');
  writeFileSync(`${journal}.lock`, `${JSON.stringify(holder)}\n`);
  return { journal, file: `${journal}.lock` };
}

const abandon = (guard: string) => {
  writeFileSync(guard, '{"pid":1}\n');
  const old = new Date(Date.now() - 60_000);
  utimesSync(guard, old, old);
};

const options = (notices: string[] = []) => ({
  takeOver: false,
  notice: (message: string) => void notices.push(message),
  takeOverCommand: 'camunda-admin migration execute plan.yaml --resume --take-over-lock',
});

describe('removeIfUnchanged', () => {
  it('removes the lock it judged, and leaves no guard behind', async () => {
    const { file } = lockWith(dead);
    expect(await removeIfUnchanged(file, dead)).toBe('removed');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.takeover`)).toBe(false);
  });

  it('leaves a lock that another run took since it was judged', async () => {
    const taken: LockHolder = { ...dead, pid: process.pid, token: 'new-run' };
    const { file } = lockWith(taken);
    expect(await removeIfUnchanged(file, dead)).toBe('changed');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(taken);
  });

  it('touches nothing while another run holds the takeover guard', async () => {
    const { file } = lockWith(dead);
    writeFileSync(`${file}.takeover`, '{"pid":1}\n');
    expect(await removeIfUnchanged(file, dead)).toBe('changed');
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.takeover`)).toBe(true);
  });

  it('never removes a guard, even one left long ago: it says so', async () => {
    const { file } = lockWith(dead);
    abandon(`${file}.takeover`);
    expect(await removeIfUnchanged(file, dead)).toBe('abandoned-guard');
    expect(existsSync(`${file}.takeover`)).toBe(true);
    expect(existsSync(file)).toBe(true);
  });

  it('of many runs that judged the same dead lock at once, exactly one removes it', async () => {
    const { file } = lockWith(dead);
    const results = await Promise.all(Array.from({ length: 8 }, () => removeIfUnchanged(file, dead)));
    expect(results.filter((result) => result === 'removed')).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });
});

describe('JournalLock.acquire', () => {
  it('takes over the lock of a process that is gone, with a notice, and gives it back', async () => {
    const { journal, file } = lockWith(dead);
    const notices: string[] = [];
    const lock = await JournalLock.acquire(journal, options(notices));
    expect(notices).toEqual([
      `journal ${journal}: taking over the lock of process ${dead.pid} on ${dead.host} (since ${dead.startedAt}): that process is gone`,
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('a guard left by a takeover that stopped half-way: exit 11 naming the file to remove, the lock untouched', async () => {
    const { journal, file } = lockWith(dead);
    abandon(`${file}.takeover`);
    const failure = await JournalLock.acquire(journal, options()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ChangeFailedError);
    expect(describeFailure(failure).exitCode).toBe(11);
    expect((failure as ChangeFailedError).message).toBe(
      `journal ${journal}: a takeover of its lock by another run stopped half-way (${file}.takeover is older than 30 s); nothing was sent`,
    );
    expect((failure as ChangeFailedError).hint).toBe(`if no run is taking the lock over, remove ${file}.takeover`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(dead);
  });
});
