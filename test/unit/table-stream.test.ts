// Tables drawn as their pages come (streamTable, Output.list): widths from the first rows, later
// wider cells cut with '…' except in whole columns (ids), and the same text as today's for a table
// that fits in the first rows.
import { PassThrough } from 'node:stream';
import Table from 'cli-table3';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { Group } from '../../src/engine/groups.js';
import { groupListView } from '../../src/render/group.js';
import { Output } from '../../src/render/output.js';
import { colorStyle, plainStyle, type Style } from '../../src/render/style.js';
import { type Cell, type Column, renderTable, SAMPLE_ROWS, sampledLayout, streamTable } from '../../src/render/table.js';

const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** cli-table3's own table with fixed column widths (text width + its padding of 2), which cuts wider cells with '…'. */
function withWidths(head: string[], rows: string[][], widths: number[]): string {
  const table = new Table({ head, colWidths: widths.map((width) => width + 2), chars: COMPACT, style: { head: [], border: [] } });
  for (const row of rows) table.push(row);
  return table.toString();
}

async function streamed(head: string[], pages: Cell[][][], options: { sampleRows?: number; columns?: Pick<Column<unknown>, 'whole' | 'widest'>[]; style?: Style } = {}): Promise<string> {
  let out = '';
  const layout = sampledLayout(options.columns ?? []);
  for await (const chunk of streamTable(head, pages, options.style ?? plainStyle, { sampleRows: options.sampleRows ?? SAMPLE_ROWS, layout })) {
    expect(chunk.endsWith('\n')).toBe(true);
    out += chunk;
  }
  return out;
}

function pagesOf<T>(rows: T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < rows.length; start += size) pages.push(rows.slice(start, start + size));
  return pages;
}

/** Pages as they come from the engine, one at a time (rows in hand are drawn whole). */
async function* arriving<T>(pages: T[][]): AsyncGenerator<T[]> {
  for (const page of pages) yield page;
}

const lineWidths = (text: string): Set<number> => new Set(text.trimEnd().split('\n').map((line) => stringWidth(line)));

describe('streamTable', () => {
  const samples = ['invoice', 'Grüße', '請求書', 'two\nlines', 'a somewhat longer activity id', '', null, 1234];
  const rowsOf = (count: number): Cell[][] => Array.from({ length: count }, (_, index) => [String(index), samples[index % samples.length]!, `note ${'x'.repeat(index % 13)}`]);

  it.each([
    [1, 500],
    [999, 500],
    [1000, 500],
    [1000, 1000],
    [1000, 7],
  ])('draws %i rows in pages of %i (no more than the sample) exactly as renderTable does', async (count, size) => {
    const rows = rowsOf(count);
    expect(await streamed(['#', 'Activity', 'Note'], [...pagesOf(rows, size), []])).toBe(`${renderTable(['#', 'Activity', 'Note'], rows, plainStyle)}\n`);
  });

  it('draws nothing for no rows', async () => {
    expect(await streamed(['a'], [])).toBe('');
    expect(await streamed(['a'], [[], []])).toBe('');
  });

  it('takes the widths from the sample and cuts later wider cells with …, as cli-table3 does with those widths', async () => {
    const sample = [['1', 'invoice', 'short'], ['2', 'order', 'a bit longer']];
    const later = [['3', 'an activity id far longer than any in the sample', 'x'], ['4', 'invoic', 'exactly12chr'], ['5', 'invoice!', 'thirteen char']];
    const text = await streamed(['#', 'Activity', 'Note'], [sample, later], { sampleRows: 2 });
    expect(text).toBe(`${withWidths(['#', 'Activity', 'Note'], [...sample, ...later], [1, 8, 12])}\n`);
    expect(text).toContain('│ 3 │ an acti… │ x            │');
    expect(text).toContain('│ 5 │ invoice! │ thirteen ch… │');
    expect(lineWidths(text).size).toBe(1);
  });

  it('draws the sample with the same text when more rows follow, and keeps coloured headings aligned', async () => {
    const style = await colorStyle();
    const rows = rowsOf(30).map((row) => row.map((cell) => (cell === null || cell === '' ? '-' : String(cell))));
    const heading = ['#', 'Activity', 'Note'].map((name) => style.bold(name));
    const text = await streamed(['#', 'Activity', 'Note'], pagesOf(rows, 10), { sampleRows: 10, style });
    // The widths of the first ten rows: '#' 1, 'a somewhat longer activity id' 29, 'note xxxxxxxxx' 14.
    expect(text).toBe(`${withWidths(heading, rows, [1, 29, 14])}\n`);
    expect(text.split('\n').slice(0, 13).join('\n')).toBe(renderTable(['#', 'Activity', 'Note'], rows.slice(0, 10), style).split('\n').slice(0, 13).join('\n'));
  });

  it('never cuts a whole column: the spare padding to its right keeps the rest of the row aligned', async () => {
    const sample = [['g1', 'Sales', 'WORKFLOW'], ['g2', 'Accounting', 'SYSTEM']];
    const later = [['g1000', 'Ops', 'WORKFLOW'], ['g20000000', 'Marketing', 'WORKFLOW'], ['a-very-long-group-id-that-a-script-copies', 'Finance department', 'WORKFLOW']];
    const text = await streamed(['Id', 'Name', 'Type'], [sample, later], { sampleRows: 2, columns: [{ whole: true }, {}, {}] });
    const lines = text.trimEnd().split('\n');
    expect(lines).toEqual([
      '┌────┬────────────┬──────────┐',
      '│ Id │ Name       │ Type     │',
      '│ g1 │ Sales      │ WORKFLOW │',
      '│ g2 │ Accounting │ SYSTEM   │',
      // Three columns more for the id, three of Ops' spare padding less.
      '│ g1000 │ Ops     │ WORKFLOW │',
      // Seven more, but Marketing has one spare column and WORKFLOW none: the row is six wider.
      '│ g20000000 │ Marketing │ WORKFLOW │',
      '│ a-very-long-group-id-that-a-script-copies │ Finance d… │ WORKFLOW │',
      '└────┴────────────┴──────────┘',
    ]);
    expect(stringWidth(lines[4]!)).toBe(stringWidth(lines[0]!));
  });

  it('makes a column as wide as its known widest value', async () => {
    const text = await streamed(['Type', 'Id'], [[['grant', '1']], [['revoke', '2'], ['global', '3']]], { sampleRows: 1, columns: [{ widest: 6 }, { whole: true }] });
    expect(text).toBe(`${withWidths(['Type', 'Id'], [['grant', '1'], ['revoke', '2'], ['global', '3']], [6, 2])}\n`);
  });

  it('cuts wide characters whole and pads to the width', async () => {
    const text = await streamed(['Name', 'x'], [[['abcde', '1']], [['請求書請求書', '2'], ['Grüße aus Köln', '3'], ['e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301', '4']]], { sampleRows: 1 });
    expect(text).toContain('│ 請求… │ 2 │');
    expect(text).toContain('│ Grüß… │ 3 │');
    expect(text).toContain('│ e\u0301e\u0301e\u0301e\u0301… │ 4 │');
    expect(lineWidths(text).size).toBe(1);
  });

  it('gives a cell of several lines as many lines, each cut on its own', async () => {
    const text = await streamed(['a', 'b'], [[['xy', '1']], [['first line\nsecond', '2']]], { sampleRows: 1 });
    expect(text).toBe(`${withWidths(['a', 'b'], [['xy', '1'], ['first line\nsecond', '2']], [2, 1])}\n`);
    expect(text).toContain('│ f… │ 2 │\n│ s… │   │');
  });
});

describe('Output.list as a table', () => {
  const group = (index: number, name = `Group ${index}`): Group => ({ id: `group${String(index).padStart(5, '0')}`, name, type: 'WORKFLOW' });

  function output(): { output: Output; text: () => string } {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    return { output: new Output({ format: 'table', style: plainStyle, quiet: false, verbose: false, stdout, stderr: new PassThrough() }), text: () => text };
  }

  it('is the whole table, as before, for no more rows than the sample', async () => {
    const groups = Array.from({ length: SAMPLE_ROWS }, (_, index) => group(index));
    const { output: out, text } = output();
    expect(await out.list(pagesOf(groups, 500), groupListView)).toBe(SAMPLE_ROWS);
    expect(text()).toBe(`${groupListView.table(groups, plainStyle)}\n`);
    const empty = output();
    expect(await empty.output.list([[]], groupListView)).toBe(0);
    expect(empty.text()).toBe('no groups\n');
  });

  it('writes a long table as its pages come, holding no more than the sample', async () => {
    const { output: out, text } = output();
    const written: number[] = [];
    async function* pages(): AsyncGenerator<Group[]> {
      for (let page = 0; page < 6; page++) {
        written.push(text().length);
        yield Array.from({ length: 500 }, (_, index) => group(page * 500 + index, page === 5 && index === 499 ? 'A name longer than any in the first thousand' : undefined));
      }
    }
    expect(await out.list(pages(), groupListView)).toBe(3000);
    // Nothing before the sample is complete; the header and the sample as soon as the third page came.
    expect(written.slice(0, 3)).toEqual([0, 0, 0]);
    expect(written[3]).toBeGreaterThan(0);
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(3000 + 3);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    // Names up to 'Group 999' in the first thousand rows: later ones are cut to that width.
    expect(lines[1]).toBe('│ Id         │ Name      │ Type     │');
    expect(lines[1001]).toBe('│ group00999 │ Group 999 │ WORKFLOW │');
    expect(lines[1002]).toBe('│ group01000 │ Group 10… │ WORKFLOW │');
    expect(lines.at(-2)).toBe('│ group02999 │ A name l… │ WORKFLOW │');
  });

  it('escapes control characters in the streamed rows too', async () => {
    const { output: out, text } = output();
    const groups = Array.from({ length: SAMPLE_ROWS + 1 }, (_, index) => group(index));
    groups[SAMPLE_ROWS] = { id: 'evil\u001b]0;owned\u0007', name: 'x\u001b[2Jy', type: 'W\nX' };
    await out.list(arriving(pagesOf(groups, 500)), groupListView);
    // eslint-disable-next-line no-control-regex -- no control character but the newlines may be left
    expect(text()).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(text()).toContain('│ evil\\x1b]0;owned\\x07 │ x\\x1b[2Jy │ W\\nX │');
  });
});
