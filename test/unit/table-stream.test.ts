// Tables drawn as their pages come (streamTable, Output.list): widths from the first rows; later
// wider cells wrapped to their column on a terminal, ids and words of lists only when their row would
// be wider than the terminal, and shown whole with -o wide; tab-separated lines as the pages come off a terminal; and the same text as
// renderTable's for a table that fits in the first rows.
import { PassThrough } from 'node:stream';
import Table from 'cli-table3';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { Group } from '../../src/engine/groups.js';
import { groupListView } from '../../src/render/group.js';
import { Output } from '../../src/render/output.js';
import { colorStyle, plainStyle, type Style, type TableFormat, withTable } from '../../src/render/style.js';
import { type Cell, type Heading, renderTable, SAMPLE_ROWS, streamTable } from '../../src/render/table.js';

const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** cli-table3's own table with fixed column widths (text width + its padding of 2). */
function withWidths(head: string[], rows: string[][], widths: number[]): string {
  const table = new Table({ head, colWidths: widths.map((width) => width + 2), chars: COMPACT, style: { head: [], border: [] } });
  for (const row of rows) table.push(row);
  return table.toString();
}

/** A terminal of this many columns (undefined: -o wide), or a pipe. */
const onTerminal = (width: number | undefined, headers = true): Style => withTable(plainStyle, { kind: 'boxed', width, headers });
const piped = (headers = true): Style => withTable(plainStyle, { kind: 'tabs', width: undefined, headers } satisfies TableFormat);

async function streamed(
  head: string[],
  pages: Cell[][][],
  options: { sampleRows?: number; columns?: Omit<Heading, 'name'>[]; style?: Style } = {},
): Promise<string> {
  let out = '';
  const headings = head.map((name, index) => ({ ...options.columns?.[index], name }));
  for await (const chunk of streamTable(headings, pages, options.style ?? plainStyle, { sampleRows: options.sampleRows ?? SAMPLE_ROWS })) {
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

const lineWidths = (text: string): Set<number> =>
  new Set(
    text
      .trimEnd()
      .split('\n')
      .map((line) => stringWidth(line)),
  );

describe('streamTable', () => {
  const samples = ['invoice', 'Grüße', '請求書', 'two\nlines', 'a somewhat longer activity id', '', null, 1234];
  const rowsOf = (count: number): Cell[][] =>
    Array.from({ length: count }, (_, index) => [String(index), samples[index % samples.length]!, `note ${'x'.repeat(index % 13)}`]);

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

  it('takes the widths from the sample and, on a terminal, wraps later wider cells to them', async () => {
    const sample = [
      ['1', 'invoice', 'short'],
      ['2', 'order', 'a bit longer'],
    ];
    const later = [
      ['3', 'an activity id far longer than any in the sample', 'x'],
      ['4', 'invoic', 'exactly12chr'],
      ['5', 'invoice!', 'thirteen char'],
    ];
    const text = await streamed(['#', 'Activity', 'Note'], [sample, later], { sampleRows: 2, style: onTerminal(80) });
    // The sample fits in 80 columns: the widths are its own, as cli-table3 draws it.
    expect(text.startsWith(withWidths(['#', 'Activity', 'Note'], sample, [1, 8, 12]).split('\n').slice(0, -1).join('\n'))).toBe(true);
    expect(text).toContain('│ 3 │ an       │ x            │\n│   │ activity │              │\n│   │ id far   │              │');
    expect(text).toContain('│ 5 │ invoice! │ thirteen     │\n│   │          │ char         │');
    expect(lineWidths(text).size).toBe(1);
    expect(text).toContain('│   │ in the   │              │\n│   │ sample   │              │');
    expect(text).not.toContain('…');
  });

  it('with -o wide, shows later wider cells whole: the spare padding to their right makes up for them', async () => {
    const text = await streamed(
      ['#', 'Activity', 'Note'],
      [
        [['1', 'invoice', 'a bit longer']],
        [
          ['2', 'invoice!', 'x'],
          ['3', 'a longer activity', 'thirteen char'],
        ],
      ],
      { sampleRows: 1, style: onTerminal(undefined) },
    );
    expect(text.trimEnd().split('\n')).toEqual([
      '┌───┬──────────┬──────────────┐',
      '│ # │ Activity │ Note         │',
      '│ 1 │ invoice  │ a bit longer │',
      '│ 2 │ invoice! │ x            │',
      '│ 3 │ a longer activity │ thirteen char │',
      '└───┴──────────┴──────────────┘',
    ]);
    expect(text).not.toContain('…');
  });

  it('off a terminal, writes tab-separated lines as the pages come, holding no sample', async () => {
    const chunks: string[] = [];
    async function* pages(): AsyncGenerator<Cell[][]> {
      yield [['1', 'invoice', null]];
      // The first page is out before the second is asked for.
      expect(chunks.join('')).toBe('#\tActivity\tNote\n1\tinvoice\t-\n');
      yield [];
      yield [['2', 'two\nlines', 'a note with spaces']];
    }
    for await (const chunk of streamTable(['#', 'Activity', 'Note'], pages(), piped(), { sampleRows: SAMPLE_ROWS })) chunks.push(chunk);
    expect(chunks.join('')).toBe('#\tActivity\tNote\n1\tinvoice\t-\n2\ttwo; lines\ta note with spaces\n');
    let bare = '';
    for await (const chunk of streamTable(['#'], [[['1']], [['2']]], piped(false), { sampleRows: SAMPLE_ROWS })) bare += chunk;
    expect(bare).toBe('1\n2\n');
    let none = '';
    for await (const chunk of streamTable(['#'], [[], []], piped(), { sampleRows: SAMPLE_ROWS })) none += chunk;
    expect(none).toBe('');
  });

  it('fits the sample to the terminal as renderTable fits it, and wraps later rows to the same widths', async () => {
    const note = (index: number) => `note ${index}: ${'word '.repeat(index % 9)}end`;
    const rows = Array.from({ length: 40 }, (_, index) => [`id-${index}`, note(index)]);
    const style = onTerminal(30);
    const text = await streamed(['Id', 'Note'], pagesOf(rows, 10), { sampleRows: 10, columns: [{ whole: true }, {}], style });
    const sampleTable = renderTable([{ name: 'Id', whole: true }, 'Note'], rows.slice(0, 10), style).split('\n');
    expect(text.split('\n').slice(0, sampleTable.length - 1)).toEqual(sampleTable.slice(0, -1));
    expect(lineWidths(text)).toEqual(new Set([30]));
    const lines = text.trimEnd().split('\n');
    expect(lines.filter((line) => /^│ id-\d+/.test(line)).map((line) => line.split('│')[1]!.trim())).toEqual(rows.map((row) => row[0]));
  });

  it('draws the rows as records when their ids alone are too wide for the terminal', async () => {
    const id = (index: number) => `c68e62eb-e5fe-11f1-a2ca-${String(index).padStart(12, '0')}`;
    const rows = Array.from({ length: 5 }, (_, index) => [id(index), 'grant', `resource ${id(index + 100)}`]);
    const text = await streamed(['Id', 'Type', 'Resource'], pagesOf(rows, 2), {
      sampleRows: 2,
      columns: [{ whole: true }, {}, { keepWords: true }],
      style: onTerminal(60),
    });
    const lines = text.trimEnd().split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '┌──────────┬───────────────────────────────────────────────┐',
      `│ Id       │ ${id(0)}          │`,
      '│ Type     │ grant                                         │',
      `│ Resource │ resource ${id(100)} │`,
      '├──────────┼───────────────────────────────────────────────┤',
      `│ Id       │ ${id(1)}          │`,
    ]);
    expect(lines.filter((line) => line.startsWith('├'))).toHaveLength(4);
    expect(lineWidths(text)).toEqual(new Set([60]));
  });

  it('draws the sample with the same text when more rows follow, and keeps coloured headings aligned', async () => {
    const rows = rowsOf(30).map((row) => row.map((cell) => (cell === null || cell === '' ? '-' : String(cell))));
    // The widths of the first ten rows: '#' 1, 'a somewhat longer activity id' 29, 'note xxxxxxxxx' 14; a
    // terminal just as wide, on which the later, longer notes wrap.
    const style = await colorStyle({ kind: 'boxed', width: 1 + 29 + 14 + 10, headers: true });
    const text = await streamed(['#', 'Activity', 'Note'], pagesOf(rows, 10), { sampleRows: 10, style, columns: [{ whole: true }] });
    expect(text.split('\n').slice(0, 13).join('\n')).toBe(renderTable(['#', 'Activity', 'Note'], rows.slice(0, 10), style).split('\n').slice(0, 13).join('\n'));
    expect(text).toContain('\u001b[1mActivity\u001b[22m');
    // Later, longer notes wrap; the numbers past 9 are whole, one column wider than the sample's.
    expect(text).toMatch(/│ 23 │ 1234 +│ note +│\n│ +│ +│ xxxxxxxxxx +│/);
    expect(
      lineWidths(
        text
          .split('\n')
          .filter((line) => !/^│ \d\d /.test(line))
          .join('\n'),
      ),
    ).toEqual(new Set([54]));
  });

  it('keeps a later, wider id whole while its row fits the terminal: the spare padding to its right keeps the rest of the row aligned', async () => {
    const sample = [
      ['g1', 'Sales', 'WORKFLOW'],
      ['g2', 'Accounting', 'SYSTEM'],
    ];
    const later = [
      ['g1000', 'Ops', 'WORKFLOW'],
      ['g20000000', 'Marketing', 'WORKFLOW'],
      ['a-very-long-group-id-that-a-script-copies', 'Finance department', 'WORKFLOW'],
    ];
    const text = await streamed(['Id', 'Name', 'Type'], [sample, later], { sampleRows: 2, columns: [{ whole: true }, {}, {}], style: onTerminal(80) });
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
      '│ a-very-long-group-id-that-a-script-copies │ Finance │ WORKFLOW │',
      '│    │ department │          │',
      '└────┴────────────┴──────────┘',
    ]);
    expect(stringWidth(lines[4]!)).toBe(stringWidth(lines[0]!));
  });

  it('wraps a later id or word within its column when its row would be wider than the terminal, losing no character', async () => {
    const sample = [
      ['g1', 'Sales', 'READ'],
      ['g2', 'Accounting', 'READ, UPDATE'],
    ];
    const id = 'a-very-long-group-id-that-a-script-copies';
    const later = [
      ['g3', 'Ops', 'READ, UPDATE_INSTANCE'],
      [id, 'Finance', 'READ'],
    ];
    const columns = [{ whole: true }, {}, { keepWords: true }];
    // A terminal just as wide as the sample's table.
    const text = await streamed(['Id', 'Name', 'Permissions'], [sample, later], { sampleRows: 2, columns, style: onTerminal(34) });
    expect(text.trimEnd().split('\n').slice(4)).toEqual([
      // UPDATE_INSTANCE is wider than the column and the table leaves no room beside it: broken inside.
      '│ g3 │ Ops        │ READ,        │',
      '│    │            │ UPDATE_INSTA │',
      '│    │            │ NCE          │',
      // The id at any character, each line as full as the column.
      '│ a- │ Finance    │ READ         │',
      '│ ve │            │              │',
      ...Array.from({ length: 19 }, (_, index) => `│ ${id.slice(4 + 2 * index, 6 + 2 * index).padEnd(2)} │            │              │`),
      '└────┴────────────┴──────────────┘',
    ]);
    expect(lineWidths(text)).toEqual(new Set([34]));
    // With room on the terminal, the same rows stay whole, their cells taking the spare padding.
    const wide = await streamed(['Id', 'Name', 'Permissions'], [sample, later], { sampleRows: 2, columns, style: onTerminal(80) });
    expect(wide).toContain('│ g3 │ Ops        │ READ,        │\n│    │            │ UPDATE_INSTANCE │\n');
    expect(wide).toContain(`│ ${id} │ Finance │ READ │\n`);
    expect(Math.max(...lineWidths(wide))).toBeLessThanOrEqual(80);
  });

  it('breaks a later id wider than the value column of records at any character', async () => {
    const id = (index: number) => `c68e62eb-e5fe-11f1-a2ca-${String(index).padStart(12, '0')}`;
    const rows = [
      [id(0), id(1)],
      [id(2), 'r'.repeat(100)],
    ];
    const text = await streamed(['Id', 'Resource id'], [[rows[0]!], [rows[1]!]], {
      sampleRows: 1,
      columns: [{ whole: true }, { whole: true }],
      style: onTerminal(60),
    });
    const lines = text.trimEnd().split('\n');
    expect(lineWidths(text)).toEqual(new Set([60]));
    expect(lines.slice(-4)).toEqual([
      `│ Resource id │ ${'r'.repeat(42)} │`,
      `│             │ ${'r'.repeat(42)} │`,
      `│             │ ${'r'.repeat(16).padEnd(42)} │`,
      '└─────────────┴────────────────────────────────────────────┘',
    ]);
  });

  it('makes a column as wide as its known widest value', async () => {
    const text = await streamed(
      ['Type', 'Id'],
      [
        [['grant', '1']],
        [
          ['revoke', '2'],
          ['global', '3'],
        ],
      ],
      { sampleRows: 1, columns: [{ widest: 6 }, { whole: true }] },
    );
    expect(text).toBe(
      `${withWidths(
        ['Type', 'Id'],
        [
          ['grant', '1'],
          ['revoke', '2'],
          ['global', '3'],
        ],
        [6, 2],
      )}\n`,
    );
  });

  it('wraps wide characters by the columns they take, never splitting one', async () => {
    const text = await streamed(
      ['Name', 'x'],
      [
        [['abcde', '1']],
        [
          ['請求書請求書', '2'],
          ['Grüße aus Köln', '3'],
          ['e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301', '4'],
        ],
      ],
      { sampleRows: 1, style: onTerminal(16) },
    );
    expect(text).toContain('│ 請求  │ 2 │\n│ 書請  │   │\n│ 求書  │   │');
    expect(text).toContain('│ Grüße │ 3 │\n│ aus   │   │\n│ Köln  │   │');
    expect(text).toContain('│ e\u0301e\u0301e\u0301e\u0301e\u0301 │ 4 │\n│ e\u0301     │   │');
    // The sample fits in 16 columns; its widths are kept.
    expect(lineWidths(text)).toEqual(new Set([13]));
  });

  it('gives a cell of several lines as many lines, each wrapped on its own', async () => {
    const text = await streamed(['a', 'b'], [[['abcde', '1']], [['first line\nsecond', '2']]], { sampleRows: 1, style: onTerminal(16) });
    expect(text).toContain('│ first │ 2 │\n│ line  │   │\n│ secon │   │\n│ d     │   │');
  });
});

describe('Output.list as a table', () => {
  const group = (index: number, name = `Group ${index}`): Group => ({ id: `group${String(index).padStart(5, '0')}`, name, type: 'WORKFLOW' });

  function output(style: Style = plainStyle): { output: Output; text: () => string; errors: () => string } {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let text = '';
    let errors = '';
    stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    return { output: new Output({ format: 'table', style, quiet: false, verbose: false, stdout, stderr }), text: () => text, errors: () => errors };
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
    const { output: out, text } = output(onTerminal(40));
    const written: number[] = [];
    async function* pages(): AsyncGenerator<Group[]> {
      for (let page = 0; page < 6; page++) {
        written.push(text().length);
        yield Array.from({ length: 500 }, (_, index) =>
          group(page * 500 + index, page === 5 && index === 499 ? 'A name longer than any in the first thousand' : undefined),
        );
      }
    }
    expect(await out.list(pages(), groupListView)).toBe(3000);
    // Nothing before the sample is complete; the header and the sample as soon as the third page came.
    expect(written.slice(0, 3)).toEqual([0, 0, 0]);
    expect(written[3]).toBeGreaterThan(0);
    const lines = text().trimEnd().split('\n');
    expect(new Set(lines.map((line) => line.length))).toEqual(new Set([37]));
    // Names up to 'Group 999' in the first thousand rows: later ones wrap to that width.
    expect(lines[1]).toBe('│ Id         │ Name      │ Type     │');
    expect(lines[1001]).toBe('│ group00999 │ Group 999 │ WORKFLOW │');
    expect(lines.slice(1002, 1004)).toEqual(['│ group01000 │ Group     │ WORKFLOW │', '│            │ 1000      │          │']);
    expect(lines.slice(-7, -1)).toEqual(
      ['A name', 'longer', 'than any', 'in the', 'first', 'thousand'].map(
        (words, index) => `│ ${index === 0 ? 'group02999' : '          '} │ ${words.padEnd(9)} │ ${index === 0 ? 'WORKFLOW' : '        '} │`,
      ),
    );
    const ids = lines
      .slice(2, -1)
      .map((line) => line.split('│')[1]!.trim())
      .filter((id) => id !== '');
    expect(ids).toEqual(Array.from({ length: 3000 }, (_, index) => group(index).id));
  });

  it('off a terminal, writes tab-separated rows and says "no groups" on stderr for none', async () => {
    const { output: out, text } = output(piped());
    expect(
      await out.list(
        arriving(
          pagesOf(
            Array.from({ length: 1200 }, (_, index) => group(index)),
            500,
          ),
        ),
        groupListView,
      ),
    ).toBe(1200);
    const lines = text().trimEnd().split('\n');
    expect(lines[0]).toBe('Id\tName\tType');
    expect(lines.slice(1).map((line) => line.split('\t'))).toEqual(Array.from({ length: 1200 }, (_, index) => [group(index).id, `Group ${index}`, 'WORKFLOW']));
    const empty = output(piped());
    expect(await empty.output.list(arriving([[]]), groupListView)).toBe(0);
    expect(empty.text()).toBe('');
    expect(empty.errors()).toBe('no groups\n');
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
