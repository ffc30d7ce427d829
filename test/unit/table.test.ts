// Long tables are drawn in blocks (cli-table3's layout is quadratic in rows); the result must be the
// table cli-table3 draws in one piece.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Table from 'cli-table3';
import { beforeAll, describe, expect, it } from 'vitest';
import { colorStyle, plainStyle } from '../../src/render/style.js';
import { renderTable } from '../../src/render/table.js';

const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

function inOnePiece(head: string[], rows: string[][]): string {
  const table = new Table({ head, chars: COMPACT, style: { head: [], border: [] } });
  for (const row of rows) table.push(row);
  return table.toString();
}

const samples = ['invoice', 'Grüße', '請求書', 'two\nlines', 'a somewhat longer activity id', '-', '1234'];
const rowsOf = (count: number) => Array.from({ length: count }, (_, index) => [String(index), samples[index % samples.length]!, samples[(index * 3) % samples.length]!]);

describe('renderTable', () => {
  it.each([1, 250, 251, 600, 1001])('draws %i rows exactly as cli-table3 does in one piece', (count) => {
    const rows = rowsOf(count);
    expect(renderTable(['#', 'Activity', 'Note'], rows, plainStyle)).toBe(inOnePiece(['#', 'Activity', 'Note'], rows));
  });

  it('keeps coloured headings aligned across blocks', async () => {
    const style = await colorStyle();
    const rows = rowsOf(700);
    const heading = ['#', 'Activity', 'Note'].map((name) => style.bold(name));
    expect(renderTable(['#', 'Activity', 'Note'], rows, style)).toBe(inOnePiece(heading, rows));
  });

  it('shows absent values as a dash', () => {
    expect(renderTable(['a', 'b'], [[null, undefined], ['', 0]], plainStyle)).toBe(inOnePiece(['a', 'b'], [['-', '-'], ['-', '0']]));
  });
});

describe('the string-width shim the bundle gives cli-table3 (scripts/shims/string-width.cjs)', () => {
  let shim: (text: unknown) => number;
  let stringWidth: (text: unknown) => number;
  beforeAll(async () => {
    shim = (await import('../../scripts/shims/string-width.cjs')).default as typeof shim;
    stringWidth = (await import('string-width')).default as typeof stringWidth;
  });
  it.each(['', 'invoice', 'Grüße', '請求書', '\u001b[1mbold\u001b[22m', '\u001b[31m請求\u001b[39m', 'tab\there', 'e\u0301', '👍 ok', '\u009b31mx', '─┬┼┴│╭╮╰╯═║', '\u001b[90m─────\u001b[39m', '▪▶◀', '…', 'truncated…'])('measures %j as string-width does', (text) => {
    expect(shim(text)).toBe(stringWidth(text));
  });
  it('measures every box-drawing character (its fast path) as string-width does', () => {
    for (let code = 0x2500; code <= 0x257f; code++) expect(shim(String.fromCodePoint(code).repeat(3))).toBe(stringWidth(String.fromCodePoint(code).repeat(3)));
  });
  it('measures what is not a string as 0, as string-width does', () => {
    expect(shim(undefined)).toBe(stringWidth(undefined));
  });
});

describe('the edits the bundle makes to cli-table3 (scripts/patches/cli-table3.mjs)', () => {
  type TableClass = new (options?: object) => { push(...rows: unknown[]): void; toString(): string };

  /** cli-table3 loaded from its files, with the bundle's edits applied, beside the original. */
  async function editedCliTable3(): Promise<TableClass> {
    const { editCliTable3 } = await import('../../scripts/patches/cli-table3.mjs');
    const root = dirname(createRequire(import.meta.url).resolve('cli-table3/package.json'));
    const fromPackage = createRequire(join(root, 'index.js'));
    const loaded = new Map<string, { exports: unknown }>();
    const load = (file: string): unknown => {
      const cached = loaded.get(file);
      if (cached) return cached.exports;
      const module = { exports: {} as unknown };
      loaded.set(file, module);
      const source = editCliTable3(file, readFileSync(join(root, file), 'utf8'));
      const localRequire = (request: string) => (request.startsWith('./') ? load(join(dirname(file), `${request.slice(2)}.js`)) : fromPackage(request));
      new Function('require', 'module', 'exports', source)(localRequire, module, module.exports);
      return module.exports;
    };
    return load('src/table.js') as TableClass;
  }

  it('draw every kind of table exactly as the original does', async () => {
    const Edited = await editedCliTable3();
    const Original = (await import('cli-table3')).default as unknown as TableClass;
    const tables: [object, unknown[]][] = [
      [{ head: ['ID', 'Name'], style: { head: [], border: [] } }, [['g1', 'Group 1'], ['g2', null], ['g3', 'ü 請求書']]],
      [{ head: ['a', 'b'], chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' }, style: { head: [], border: [], 'padding-left': 2, 'padding-right': 0 } }, [['x', 'y\nz']]],
      [{ colWidths: [6, 8], wordWrap: true, style: { head: ['red'], border: ['grey'] } }, [['a long cell that wraps', 'short'], [{ colSpan: 2, content: 'spanning both' }]]],
      [{ colWidths: [5, 5], truncate: '~' }, [['truncated text', '\u001b[1mbold\u001b[22m text'], [{ rowSpan: 2, content: 'tall' }, 'r1'], ['r2']]],
      [{ chars: { top: '=', 'top-mid': '+', 'top-left': '+', 'top-right': '+' }, style: { compact: true } }, [{ key: 'value' }, { other: 1 }]],
      [{}, [[1, true, undefined], [{ content: 'left', hAlign: 'left' }, { content: 'right', hAlign: 'right', style: { 'padding-right': 3 } }, { content: 'c', vAlign: 'center' }]]],
      // A cell's own options win over the table's, and a camelCase key over its dashed form.
      [{ chars: { left: '[' }, style: { 'padding-left': 2 } }, [[{ content: 'own', chars: { left: '!' }, style: { paddingLeft: 4, 'padding-left': 0 } }, 'table']]],
    ];
    for (const [options, rows] of tables) {
      const original = new Original(options);
      const edited = new Edited(options);
      original.push(...rows);
      edited.push(...rows);
      expect(edited.toString()).toBe(original.toString());
    }
  });
});
