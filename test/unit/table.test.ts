// Long tables are drawn in blocks (cli-table3's layout is quadratic in rows); the result must be the
// table cli-table3 draws in one piece.
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
