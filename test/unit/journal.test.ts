// The journal of a chunked migration: where it can be started, and what a resume takes as confirmed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangeFailedError } from '../../src/change/errors.js';
import { describeFailure } from '../../src/exit.js';
import { checkJournalEngine, Journal, type JournalStart, parseJournal } from '../../src/change/journal.js';
import { checkReportFile } from '../../src/change/report-file.js';
import type { MigrationScope } from '../../src/migration/journal-scope.js';
import { tempDir } from '../helpers/temp.js';

const start: JournalStart<MigrationScope> = {
  event: 'start',
  version: 1,
  plan: 'p',
  sourceProcessDefinitionId: 's',
  targetProcessDefinitionId: 't',
  chunkSize: 1,
  ids: ['a', 'b', 'c'],
  at: 'x',
};
const lines = (...events: object[]) => events.map((event) => JSON.stringify(event)).join('\n');
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  // A refusal before anything is sent: exit 2 (a typed change failure for journals, a usage error for reports).
  expect(error).toBeInstanceOf(Error);
  expect(describeFailure(error).exitCode).toBe(2);
  return (error as Error).message;
};

describe('starting a journal', () => {
  const dir = tempDir('journal-');

  it('refuses a directory that does not exist, naming the path', async () => {
    const file = join(dir, 'missing', 'j.jsonl');
    expect(await refusal(Journal.checkNew(file))).toBe(`journal ${file} cannot be created: the directory ${join(dir, 'missing')} does not exist`);
    expect(await refusal(Journal.create(file, start))).toContain('does not exist');
  });

  it('says a directory is a directory, not an earlier run', async () => {
    expect(await refusal(Journal.checkNew(dir))).toBe(`journal ${dir} is a directory; give --journal a file name`);
    expect(await refusal(Journal.resume(dir))).toBe(`--resume: journal ${dir} is a directory, not a journal`);
  });

  it('refuses a path below a file', async () => {
    writeFileSync(join(dir, 'plain'), '');
    expect(await refusal(Journal.checkNew(join(dir, 'plain', 'j.jsonl')))).toMatch(/a part of the path is not a directory|is not a directory/);
  });

  it('creates a new one, and refuses to start over it', async () => {
    const file = join(dir, 'new.jsonl');
    const journal = await Journal.create(file, start);
    await journal.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(start);
    expect(await refusal(Journal.create(file, start))).toContain('already exists from an earlier run');
  });

  it('starts over an existing one when asked to replace it (--force)', async () => {
    const file = join(dir, 'replaced.jsonl');
    writeFileSync(file, `${lines(start, { event: 'sent', chunk: 1, ids: ['a'], at: 'x' })}\n`);
    await expect(Journal.checkNew(file, { replace: true })).resolves.toBeUndefined();
    const fresh = { ...start, ids: ['z'] };
    const journal = await Journal.create(file, fresh, { replace: true });
    await journal.close();
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(fresh)}\n`);
  });

  it('resumes an existing one', async () => {
    const file = join(dir, 'old.jsonl');
    writeFileSync(file, `${lines(start, { event: 'sent', chunk: 1, ids: ['a'], at: 'x' }, { event: 'done', chunk: 1, at: 'x' })}\n`);
    const { journal, state } = await Journal.resume(file);
    await journal.close();
    expect([...state.confirmed]).toEqual(['a']);
    expect(state.lastChunk).toBe(1);
  });

  it('reads a journal resumed twice unchanged once, and again once it was appended to', async () => {
    const file = join(dir, 'twice.jsonl');
    writeFileSync(file, `${lines(start, { event: 'sent', chunk: 1, ids: ['a'], at: 'x' }, { event: 'done', chunk: 1, at: 'x' })}\n`);
    const first = await Journal.resume(file);
    await first.journal.close();
    const second = await Journal.resume(file);
    expect(second.state).toBe(first.state);
    await second.journal.append({ event: 'sent', chunk: 2, ids: ['b'], at: 'x' });
    await second.journal.append({ event: 'done', chunk: 2, at: 'x' });
    await second.journal.close();
    const third = await Journal.resume(file);
    await third.journal.close();
    expect(third.state).not.toBe(first.state);
    expect([...third.state.confirmed]).toEqual(['a', 'b']);
    expect(third.state.lastChunk).toBe(2);
  });
});

describe('reading a journal back', () => {
  it('takes only done chunks as migrated: failed and unknown ones are checked again', () => {
    const state = parseJournal(
      lines(
        start,
        { event: 'sent', chunk: 1, ids: ['a'], at: 'x' },
        { event: 'done', chunk: 1, at: 'x' },
        { event: 'sent', chunk: 2, ids: ['b'], at: 'x' },
        { event: 'unknown', chunk: 2, error: '200 answer has a body', at: 'x' },
        { event: 'sent', chunk: 3, ids: ['c'], at: 'x' },
        { event: 'failed', chunk: 3, error: 'refused', at: 'x' },
      ),
      'j',
    );
    expect([...state.confirmed]).toEqual(['a']);
    expect(state.lastChunk).toBe(3);
  });

  it('numbers the first chunk of a fresh journal 1, and continues after chunks counted from 0', () => {
    expect(parseJournal(lines(start), 'j').lastChunk).toBe(0);
    expect(parseJournal(lines(start, { event: 'sent', chunk: 0, ids: ['a'], at: 'x' }), 'j').lastChunk).toBe(0);
  });
});

describe('the report file', () => {
  const dir = tempDir('report-');

  it('accepts a new file in a writable directory, and an existing one only with --force', async () => {
    await expect(checkReportFile(join(dir, 'r.csv'), false)).resolves.toBeUndefined();
    writeFileSync(join(dir, 'old.json'), '{}');
    expect(await refusal(checkReportFile(join(dir, 'old.json'), false))).toBe(`--report ${join(dir, 'old.json')}: the file already exists; nothing was sent`);
    await expect(checkReportFile(join(dir, 'old.json'), true)).resolves.toBeUndefined();
  });

  it('refuses a missing directory and a directory, naming the path, even with --force', async () => {
    expect(await refusal(checkReportFile('/nonexistent/r.csv', true))).toBe(
      '--report /nonexistent/r.csv: cannot be written (the directory /nonexistent does not exist); nothing was sent',
    );
    expect(await refusal(checkReportFile(dir, true))).toBe(`--report ${dir}: cannot be written (it is a directory); nothing was sent`);
  });
});

describe('the engine a journal was written against', () => {
  const recorded = { url: 'https://prod.example/engine-rest', name: 'default', version: '7.22.0' };
  const refusalOf = (run: () => void) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ChangeFailedError);
      expect(describeFailure(error).exitCode).toBe(2);
      return (error as ChangeFailedError).message;
    }
    throw new Error('not refused');
  };

  it('continues on the same engine, a trailing slash apart', () => {
    expect(() => checkJournalEngine('j', recorded, { ...recorded })).not.toThrow();
    expect(() => checkJournalEngine('j', { ...recorded, url: `${recorded.url}/` }, recorded)).not.toThrow();
  });

  it.each([
    ['URL', { url: 'https://staging.example/engine-rest' }, 'https://staging.example/engine-rest (engine default, version 7.22.0)'],
    ['engine name', { name: 'other' }, 'https://prod.example/engine-rest (engine other, version 7.22.0)'],
    ['version', { version: '7.23.0' }, 'https://prod.example/engine-rest (engine default, version 7.23.0)'],
  ])('refuses another %s, naming both engines', (_what, change, current) => {
    expect(refusalOf(() => checkJournalEngine('j', recorded, { ...recorded, ...change }))).toBe(
      `--resume: journal j was written against https://prod.example/engine-rest (engine default, version 7.22.0), not ${current}; nothing was sent`,
    );
  });

  it('refuses a journal that does not record its engine (written before it was recorded)', () => {
    expect(refusalOf(() => checkJournalEngine('j', undefined, recorded))).toContain('--resume: journal j does not record which engine it was written against');
  });
});
