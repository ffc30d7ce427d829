import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hashBytes, idRange, InstanceIdSet } from '../../src/input/id-set.js';
import { readInstanceIds } from '../../src/input/id-file.js';
import { tempDir } from '../helpers/cli.js';

async function read(text: string): Promise<{ ids: string[]; count: number }> {
  const file = join(tempDir(), 'ids.txt');
  writeFileSync(file, text);
  const ids = new InstanceIdSet();
  const count = await readInstanceIds(file, Readable.from([]), ids);
  return { ids: [...ids], count };
}

describe('--instances-file', () => {
  it('reads one id per line: BOM, CRLF, a lone CR, blank lines, comments and a missing last newline', async () => {
    expect(await read('\uFEFFa1\r\n\r\n# a comment\r\n  b2  \rc3\nd4')).toEqual({ ids: ['a1', 'b2', 'c3', 'd4'], count: 4 });
  });

  it('reads lines cut across chunks of the stream', async () => {
    const ids = Array.from({ length: 60_000 }, (_, index) => `${index.toString(16).padStart(8, '0')}-e5fe-11f1-a2ca-02fc00000001`);
    const result = await read(`${ids.join('\n')}\n`);
    expect(result.count).toBe(60_000);
    expect(result.ids).toEqual(ids);
  });

  it('reads more ids than the file size suggests (short ones), and fewer (long ones)', async () => {
    for (const ids of [Array.from({ length: 30_000 }, (_, index) => `i${index}`), Array.from({ length: 3_000 }, (_, index) => `${index}-`.padEnd(300, 'x'))]) {
      const result = await read(`${ids.join('\n')}\n${ids.slice(0, 10).join('\n')}\n`);
      expect(result.count).toBe(ids.length + 10);
      expect(result.ids).toEqual(ids);
    }
  });

  it('names a file that is missing or a directory', async () => {
    const directory = tempDir();
    await expect(readInstanceIds(join(directory, 'missing.txt'), Readable.from([]), new InstanceIdSet())).rejects.toThrow(
      `--instances-file ${join(directory, 'missing.txt')}: file not found`,
    );
    await expect(readInstanceIds(directory, Readable.from([]), new InstanceIdSet())).rejects.toThrow(`--instances-file ${directory}: is a directory`);
  });

  it('reads a JSON array', async () => {
    expect(await read('[\n  "a1",\n  "b2"\n]\n')).toEqual({ ids: ['a1', 'b2'], count: 2 });
  });

  it('names the line that holds more than one id', async () => {
    await expect(read('a1\nb2\nc3, d4\n')).rejects.toThrow("ids.txt:3: 'c3, d4' is not one process instance id");
    await expect(read('a1\tb2\n')).rejects.toThrow("ids.txt:1: 'a1\tb2' is not one process instance id");
    await expect(read('ok\na1\u00a0b2\n')).rejects.toThrow('ids.txt:2:');
    expect(await read('réf-1\n')).toEqual({ ids: ['réf-1'], count: 1 });
  });

  it('reads standard input', async () => {
    const ids = new InstanceIdSet();
    expect(await readInstanceIds('-', Readable.from(['x1\ny', '2\n']), ids)).toBe(2);
    expect([...ids]).toEqual(['x1', 'y2']);
    const bytes = new InstanceIdSet();
    expect(await readInstanceIds('-', Readable.from([Buffer.from('é1\nx'), Buffer.from('1\r\n')]), bytes)).toBe(2);
    expect([...bytes]).toEqual(['é1', 'x1']);
  });

  it('counts duplicates as read but keeps each id once, in the order first read', async () => {
    expect(await read('b\na\nb\nc\na\n')).toEqual({ ids: ['b', 'a', 'c'], count: 5 });
  });

  it('names the right line in a file with CRLF line ends, and reads a JSON array after a BOM', async () => {
    await expect(read('a1\r\nb2\r\nc3 d4\r\n')).rejects.toThrow("ids.txt:3: 'c3 d4'");
    await expect(read('a1\rb2 x\r')).rejects.toThrow("ids.txt:2: 'b2 x'");
    expect(await read('\uFEFF[\r\n  "a1",\r\n  "b2"\r\n]\r\n')).toEqual({ ids: ['a1', 'b2'], count: 2 });
  });

  it('names the place of a JSON syntax error in one line, not the text V8 quotes', async () => {
    const error = await read('[\n  "6ac9c219", 5,\n ]').catch((thrown: unknown) => thrown as Error);
    expect((error as Error).message).toMatch(/\/ids\.txt:3:2: invalid JSON array of ids: Unexpected token '\]'$/);
    await expect(read('# ids\n["a1",\n')).rejects.toThrow(/\/ids\.txt:\d+:\d+: invalid JSON array of ids: [^\n]*$/);
  });

  it('trims what String.prototype.trim trims, ASCII or not, in any order', async () => {
    expect(await read('\t\va1\f \n\u00a0b2\u2003\n')).toEqual({ ids: ['a1', 'b2'], count: 2 });
    expect(await read('c3 \u00a0\nd4\t\u3000\n \ufeffe5\n')).toEqual({ ids: ['c3', 'd4', 'e5'], count: 3 });
    await expect(read('f6 \u00a0g7\n')).rejects.toThrow("ids.txt:1: 'f6 \u00a0g7'");
  });

  it('reads a JSON array after Unicode white space too', async () => {
    expect(await read('\u00a0["a1",\n"b2"]\n')).toEqual({ ids: ['a1', 'b2'], count: 2 });
  });

  // One case per seed: each reads a file of up to a few MB twice, and twelve in one case outlasted
  // the test timeout on a loaded machine.
  it.each(Array.from({ length: 12 }, (_, index) => index + 1))(
    'reads random file %i as a line-by-line reading of the text does, from a file and from stdin in random chunks',
    async (seed) => {
      const text = randomIdFile(seed, seed % 4 === 0);
      const expected = readAsText(text);
      const fromFile = await read(text).catch((error: Error) => error.message);
      const ids = new InstanceIdSet();
      const fromStdin = await readInstanceIds('-', Readable.from(randomChunks(Buffer.from(text), seed)), ids)
        .then((count) => ({ ids: [...ids], count }))
        .catch((error: Error) => error.message.replace('<stdin>', 'ids.txt'));
      if (typeof expected === 'number') {
        expect(fromFile, `seed ${seed}`).toMatch(new RegExp(`ids\\.txt:${expected}: `));
        expect(fromStdin, `seed ${seed}`).toMatch(new RegExp(`ids\\.txt:${expected}: `));
      } else {
        expect(fromFile, `seed ${seed}`).toEqual(expected);
        expect(fromStdin, `seed ${seed}`).toEqual(expected);
      }
    },
  );
});

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mostly plain `id\n` lines, with every kind of line the reader must read the slow way among them. */
function randomIdFile(seed: number, withBadLine: boolean): string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const lines: string[] = [];
  const count = 20_000 + Math.floor(next() * 20_000);
  const badAt = withBadLine ? Math.floor(next() * count) : -1;
  for (let index = 0; index < count; index++) {
    const id = `${Math.floor(next() * 1e9)
      .toString(16)
      .padStart(8, '0')}-e5fe-11f1-a2ca-02fc00000001`;
    const roll = next();
    let line: string;
    if (index === badAt) line = pick(['a b', 'c,d', 'e\tf', 'g\u00a0h']);
    else if (roll < 0.9) line = id;
    else if (roll < 0.92) line = lines.length > 0 ? pick(lines) : id;
    else line = pick(['', '# comment', `  ${id}\t`, `réf-${index}`, `\u00a0${id}\u3000`, `x${'y'.repeat(5000)}`, '#', ` # ${id}`, `${id}#`]);
    lines.push(line);
  }
  const breaks = ['\n', '\n', '\n', '\r\n', '\r'];
  const lineBreak = seed % 3 === 0 ? () => pick(breaks) : () => '\n';
  return (seed % 5 === 0 ? '\uFEFF' : '') + lines.map((line) => line + lineBreak()).join('') + (seed % 2 ? 'last-without-break' : '');
}

function randomChunks(bytes: Buffer, seed: number): Buffer[] {
  const next = random(seed + 1000);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length;) {
    const size = 1 + Math.floor(next() * 70_000);
    chunks.push(bytes.subarray(start, start + size));
    start += size;
  }
  return chunks;
}

/** The reading that --instances-file documents, on text: the ids in first-read order and their count, or the number of the first line that is not one id. */
function readAsText(text: string): { ids: string[]; count: number } | number {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (lines.at(-1) === '') lines.pop();
  const ids = new Set<string>();
  let count = 0;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if ([...line].some((character) => character <= ' ' || character === ',' || /\s/.test(character))) return index + 1;
    ids.add(line);
    count++;
  }
  return { ids: [...ids], count };
}

describe('InstanceIdSet', () => {
  it('keeps ids once, in the order first added, and answers has() for text and bytes alike', () => {
    const ids = new InstanceIdSet();
    for (const id of ['b', 'a', 'b', 'ü-1', 'a']) ids.add(id);
    const bytes = Buffer.from('xx c yy');
    expect(ids.addBytes(bytes, 3, 4, hashBytes(bytes, 3, 4))).toBe(true);
    expect(ids.addBytes(Buffer.from('b'), 0, 1, hashBytes(Buffer.from('b'), 0, 1))).toBe(false);
    expect([...ids]).toEqual(['b', 'a', 'ü-1', 'c']);
    expect(ids.size).toBe(4);
    expect(ids.length).toBe(4);
    expect(ids.has('ü-1')).toBe(true);
    expect(ids.has('c')).toBe(true);
    expect(ids.has('u-1')).toBe(false);
    expect(ids.slice(1, 3)).toEqual(['a', 'ü-1']);
    expect(ids.slice(2)).toEqual(['ü-1', 'c']);
    expect(ids.get(0)).toBe('b');
  });

  it('grows past its first buffer and table, and still finds every id', () => {
    const ids = new InstanceIdSet();
    const all = Array.from({ length: 50_000 }, (_, index) => `id-${index}`);
    for (const id of all) ids.add(id);
    for (const id of all) ids.add(id);
    expect(ids.size).toBe(50_000);
    expect(ids.slice(0)).toEqual(all);
    expect(all.every((id) => ids.has(id))).toBe(true);
    expect(ids.has('id-50000')).toBe(false);
  });

  it('gives ids as JSON array elements from its bytes, compact or indented, exactly as JSON.stringify lays them out', () => {
    const list = ['a-1', 'ü-2', 'c 3', 'd~4'];
    const ids = new InstanceIdSet();
    for (const id of list) ids.add(id);
    const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8'));
    expect(text(ids.jsonElementBytes(0, 4))).toBe(JSON.stringify(list).slice(1, -1));
    expect(text(ids.jsonElementBytes(2, 3))).toBe('"c 3"');
    expect(text(ids.jsonElementBytes(2, 2))).toBe('');
    expect(text(ids.indentedJsonElements(1, 3, '    '))).toBe(JSON.stringify(list.slice(1, 3), null, '    ').slice(1, -2));
    expect(text(ids.indentedJsonElements(0, 4, '  '))).toBe(JSON.stringify(list, null, '  ').slice(1, -2));
    expect(text(ids.indentedJsonElements(0, 0, '  '))).toBe('');
    expect(text(idRange(ids, 1, 3).indentedJsonElements?.(0, 2, ''))).toBe('\n"ü-2",\n"c 3"');
    expect([...ids]).toEqual(list);
    // Once an id needs escaping, JSON.stringify writes the elements (the dry run falls back to it).
    ids.add('needs"escaping');
    expect(ids.jsonElementBytes(0, list.length + 1)).toBeUndefined();
    expect(ids.jsonElementBytes(0, 1)).toBeUndefined();
    expect(ids.indentedJsonElements(0, 1, '  ')).toBeUndefined();
    expect(ids.get(list.length)).toBe('needs"escaping');
  });

  it('lays out ids of any length, up to the last byte of its buffer, as JSON.stringify does', () => {
    // The layout copies four bytes at a time: ids that end where the buffer ends, of every length
    // modulo four, around the first buffer's size (4 kB) and after it grew.
    for (let length = 2; length <= 9; length++) {
      const list = Array.from({ length: 1_200 }, (_, index) => index.toString(36).padStart(length, '-'));
      const ids = new InstanceIdSet();
      for (const [index, id] of list.entries()) {
        expect(ids.add(id)).toBe(true);
        if (index % 7 === 0) {
          expect(Buffer.from(ids.indentedJsonElements(0, index + 1, '  ')!).toString()).toBe(JSON.stringify(list.slice(0, index + 1), null, '  ').slice(1, -2));
        }
      }
      expect(Buffer.from(ids.indentedJsonElements(1, list.length, ' ')!).toString()).toBe(JSON.stringify(list.slice(1), null, ' ').slice(1, -2));
    }
    // Stored as `"id",`: 509 elements of 8 bytes, then 11 and 13 fill the first 4,096 bytes exactly,
    // and the last element's last word reaches three bytes past it.
    const exact = [...Array.from({ length: 509 }, (_, index) => index.toString(36).padStart(5, '-')), 'eight-08', 'ten-bytes!'];
    const ids = new InstanceIdSet();
    for (const id of exact) ids.add(id);
    expect(Buffer.from(ids.indentedJsonElements(0, exact.length, '  ')!).toString()).toBe(JSON.stringify(exact, null, '  ').slice(1, -2));
  });

  it('gives ids holding commas (ids from a JSON array can) as JSON.stringify lays them out', () => {
    const list = ['a-1', ',', 'e,5', 'g,', ',h'];
    const ids = new InstanceIdSet();
    for (const id of list) ids.add(id);
    expect(Buffer.from(ids.jsonElementBytes(0, list.length)!).toString()).toBe(JSON.stringify(list).slice(1, -1));
    expect(Buffer.from(ids.indentedJsonElements(0, list.length, '  ')!).toString()).toBe(JSON.stringify(list, null, '  ').slice(1, -2));
  });

  it('hashes with MurmurHash3 (x86, 32 bits), whose published values it gives', () => {
    const hash = (text: string) => hashBytes(Buffer.from(text), 0, Buffer.byteLength(text)) >>> 0;
    expect(hash('')).toBe(0);
    expect(hash('hello')).toBe(0x248bfa47);
    expect(hash('Hello, world!')).toBe(0xc0363e43);
    expect(hash('The quick brown fox jumps over the lazy dog')).toBe(0x2e4ff723);
  });

  it('knows an id read from bytes four at a time and the same id added as text to be one id', () => {
    for (let length = 1; length <= 13; length++) {
      const id = 'abcdefghijklm'.slice(0, length);
      const line = Buffer.from(`xyz${id}`);
      const ids = new InstanceIdSet();
      expect(ids.addAsciiToken(line, 3, line.length)).toBe('added');
      expect(ids.add(id)).toBe(false);
      expect(ids.has(id)).toBe(true);
      expect(ids.addAsciiToken(line, 3, line.length)).toBe('duplicate');
      expect([...ids]).toEqual([id]);
    }
  });

  it('judges every byte in every place of a token as a byte-by-byte reading does', () => {
    for (let byte = 0; byte < 256; byte++) {
      // DEL is a control character: no engine id holds one.
      const expected = byte <= 0x20 || byte === 0x2c || byte === 0x7f ? 'not-one-token' : byte >= 0x80 ? 'not-ascii' : 'added';
      for (let place = 0; place < 9; place++) {
        const line = Buffer.from('abcdefghi');
        line[place] = byte;
        const ids = new InstanceIdSet();
        expect(ids.addAsciiToken(line, 0, line.length), `byte ${byte} at ${place}`).toBe(expected);
        if (expected !== 'added') continue;
        // A quote or a backslash must be escaped: the elements are then left to JSON.stringify.
        expect(ids.jsonElementBytes(0, 1) === undefined, `byte ${byte} at ${place}`).toBe(byte === 0x22 || byte === 0x5c);
        expect(ids.get(0)).toBe(line.toString('latin1'));
      }
    }
    // The first byte that is not a token's decides, wherever it is.
    expect(new InstanceIdSet().addAsciiToken(Buffer.from('ab c\u00e9fghi'), 0, 11)).toBe('not-one-token');
    expect(new InstanceIdSet().addAsciiToken(Buffer.from('ab\u00e9 cfghi'), 0, 11)).toBe('not-ascii');
  });

  it('gives ranges of a list without copying them (idRange)', () => {
    const range = idRange(['a', 'b', 'c', 'd', 'e'], 1, 4);
    expect(range.length).toBe(3);
    expect(range.slice(0)).toEqual(['b', 'c', 'd']);
    expect(range.slice(1, 2)).toEqual(['c']);
    expect(range.slice(2, 10)).toEqual(['d']);
  });
});
