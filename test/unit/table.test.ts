// Tables of plain cells are drawn without cli-table3, and long tables of other cells in blocks
// (cli-table3's layout is quadratic in rows); the result must be the table cli-table3 draws in one piece.
import Table from 'cli-table3';
import { describe, expect, it } from 'vitest';
import { colorStyle, plainStyle } from '../../src/render/style.js';
import { renderFields, renderTable } from '../../src/render/table.js';

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

describe('tables of plain cells, drawn without cli-table3', () => {
  const plainRows = (count: number) => Array.from({ length: count }, (_, index) => [String(index), `activity_${'x'.repeat(index % 17)}`, index % 5 === 0 ? '' : 'a b~|{}']);

  it.each([0, 1, 20, 250, 251, 5000])('draw %i rows exactly as cli-table3 does in one piece', (count) => {
    const rows = plainRows(count);
    const expected = rows.map((row) => row.map((cell) => (cell === '' ? '-' : cell)));
    expect(renderTable(['ID', 'Activity id', 'Note'], rows, plainStyle)).toBe(inOnePiece(['ID', 'Activity id', 'Note'], expected));
  });

  it('with coloured headings and coloured cells', async () => {
    const style = await colorStyle();
    const rows = [[style.red('failed'), 'x'], ['ok', style.dim('a longer cell')]];
    const heading = ['Status', 'Detail'].map((name) => style.bold(name));
    expect(renderTable(['Status', 'Detail'], rows, style)).toBe(inOnePiece(heading, rows));
  });

  it('as fields, one row per field, as cli-table3 draws them', async () => {
    for (const style of [plainStyle, await colorStyle()]) {
      const fields = [['id', 'a1'], ['name', null], ['revision', 3], ['longer name', 'text with spaces']] as const;
      const table = new Table({ chars: COMPACT, style: { head: [], border: [] } });
      for (const [name, value] of fields) table.push({ [style.bold(name)]: value === null ? '-' : String(value) });
      expect(renderFields(fields, style)).toBe(table.toString());
    }
  });

  it('leave cells that are not plain ASCII to cli-table3', () => {
    const rows = [['Grüße', '請求書'], ['tab\there', '👍 ok'], ['…', 'e\u0301']];
    expect(renderTable(['a', 'b'], rows, plainStyle)).toBe(inOnePiece(['a', 'b'], rows));
    expect(renderFields([['請求書', 'x'], ['b', 'two\nlines']], plainStyle)).toBe(
      (() => {
        const table = new Table({ chars: COMPACT, style: { head: [], border: [] } });
        table.push({ 請求書: 'x' }, { b: 'two\nlines' });
        return table.toString();
      })(),
    );
  });
});
