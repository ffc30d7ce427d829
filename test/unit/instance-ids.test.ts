import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readInstanceIds } from '../../src/migration/selection.js';
import { tempDir } from '../helpers/cli.js';

async function read(text: string): Promise<{ ids: string[]; count: number }> {
  const file = join(tempDir(), 'ids.txt');
  writeFileSync(file, text);
  const ids: string[] = [];
  const count = await readInstanceIds(file, Readable.from([]), (id) => ids.push(id));
  return { ids, count };
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
    const ids: string[] = [];
    expect(await readInstanceIds('-', Readable.from(['x1\ny', '2\n']), (id) => ids.push(id))).toBe(2);
    expect(ids).toEqual(['x1', 'y2']);
  });
});
