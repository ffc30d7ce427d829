// Tables are drawn without cli-table3 (its layout is quadratic in rows); a table that needs no fitting
// must be the table cli-table3 draws in one piece. Fitted to a terminal, the widest free-text column
// wraps first and ids never; off a terminal, tab-separated lines.
import Table from 'cli-table3';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { colorStyle, plainStyle, type Style, withTable } from '../../src/render/style.js';
import { type Heading, renderFields, renderTable, wrapCell } from '../../src/render/table.js';

const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

function inOnePiece(head: string[], rows: string[][]): string {
  const table = new Table({ head, chars: COMPACT, style: { head: [], border: [] } });
  for (const row of rows) table.push(row);
  return table.toString();
}

const samples = ['invoice', 'Grüße', '請求書', 'two\nlines', 'a somewhat longer activity id', '-', '1234'];
const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => [String(index), samples[index % samples.length]!, samples[(index * 3) % samples.length]!]);

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
    expect(
      renderTable(
        ['a', 'b'],
        [
          [null, undefined],
          ['', 0],
        ],
        plainStyle,
      ),
    ).toBe(
      inOnePiece(
        ['a', 'b'],
        [
          ['-', '-'],
          ['-', '0'],
        ],
      ),
    );
  });
});

describe('tables of plain cells, drawn without cli-table3', () => {
  const plainRows = (count: number) =>
    Array.from({ length: count }, (_, index) => [String(index), `activity_${'x'.repeat(index % 17)}`, index % 5 === 0 ? '' : 'a b~|{}']);

  it.each([0, 1, 20, 250, 251, 5000])('draw %i rows exactly as cli-table3 does in one piece', (count) => {
    const rows = plainRows(count);
    const expected = rows.map((row) => row.map((cell) => (cell === '' ? '-' : cell)));
    expect(renderTable(['ID', 'Activity id', 'Note'], rows, plainStyle)).toBe(inOnePiece(['ID', 'Activity id', 'Note'], expected));
  });

  it('with coloured headings and coloured cells', async () => {
    const style = await colorStyle();
    const rows = [
      [style.red('failed'), 'x'],
      ['ok', style.dim('a longer cell')],
    ];
    const heading = ['Status', 'Detail'].map((name) => style.bold(name));
    expect(renderTable(['Status', 'Detail'], rows, style)).toBe(inOnePiece(heading, rows));
  });

  it('as fields, one row per field, as cli-table3 draws them', async () => {
    for (const style of [plainStyle, await colorStyle()]) {
      const fields = [
        ['id', 'a1'],
        ['name', null],
        ['revision', 3],
        ['longer name', 'text with spaces'],
      ] as const;
      const table = new Table({ chars: COMPACT, style: { head: [], border: [] } });
      for (const [name, value] of fields) table.push({ [style.bold(name)]: value === null ? '-' : String(value) });
      expect(renderFields(fields, style)).toBe(table.toString());
    }
  });

  it('of other cells: wide characters, several lines, combining marks, as cli-table3 draws them', () => {
    const rows = [
      ['Grüße', '請求書'],
      ['tab\there', '👍 ok'],
      ['…', 'e\u0301'],
    ];
    expect(renderTable(['a', 'b'], rows, plainStyle)).toBe(inOnePiece(['a', 'b'], rows));
    expect(
      renderFields(
        [
          ['請求書', 'x'],
          ['b', 'two\nlines'],
        ],
        plainStyle,
      ),
    ).toBe(
      (() => {
        const table = new Table({ chars: COMPACT, style: { head: [], border: [] } });
        table.push({ 請求書: 'x' }, { b: 'two\nlines' });
        return table.toString();
      })(),
    );
  });
});

const terminal = (width: number | undefined, headers = true): Style => withTable(plainStyle, { kind: 'boxed', width, headers });
const pipe = (headers = true): Style => withTable(plainStyle, { kind: 'tabs', width: undefined, headers });
const widths = (text: string): Set<number> => new Set(text.split('\n').map((line) => stringWidth(line)));

describe('tables fitted to the terminal', () => {
  const head: Heading[] = [{ name: 'User', whole: true }, { name: 'Result' }];
  const failure =
    "PUT http://127.0.0.1:8080/engine-rest/group/sales/members/nobody: 500 Internal Server Error: NullValueException: No user found with id 'nobody'.";
  const rows = [
    ['john', 'already a member'],
    ['nobody', failure],
  ];

  it('are drawn as they are when they fit, and with -o wide whatever their width', () => {
    const unfitted = renderTable(head, rows, plainStyle);
    expect(renderTable(head, rows, terminal(200))).toBe(unfitted);
    expect(renderTable(head, rows, terminal(undefined))).toBe(unfitted);
    expect(widths(unfitted)).toEqual(new Set([failure.length + 13]));
  });

  it.each([80, 120, 40])('wrap the free-text column between words to %i columns, the ids whole', (width) => {
    const text = renderTable(head, rows, terminal(width));
    expect(widths(text)).toEqual(new Set([width]));
    const lines = text.split('\n');
    expect(lines[1]).toMatch(/^│ User {3}│ Result +│$/);
    expect(lines[3]).toMatch(/^│ nobody │ PUT /);
    // The failure whole, in order, one line of the table after the other.
    const result = lines.slice(3, -1).map((line) => line.split('│')[2]!.trim());
    expect(result.join('').replaceAll(' ', '')).toBe(failure.replaceAll(' ', ''));
    if (width === 40) expect(result.slice(0, 3)).toEqual(['PUT', 'http://127.0.0.1:8080/', 'engine-rest/group/sales/']);
  });

  it('break a word too long for the column after a hyphen, else where they must', () => {
    expect(wrapCell('decision-requirements-definition (14)', 14, 'text')).toBe('decision-\nrequirements-\ndefinition\n(14)');
    expect(wrapCell('NoneStartEventActivityBehavior is', 12, 'text')).toBe('NoneStartEve\nntActivityBe\nhavior is');
    expect(wrapCell('group camunda-admin', 8, 'words')).toBe('group\ncamunda-admin');
    expect(wrapCell('c68e62eb-e5fe-11f1-a2ca-02fc00000001', 8, 'none')).toBe('c68e62eb-e5fe-11f1-a2ca-02fc00000001');
    // An id at any character, each line as full as it goes: its lines joined give it back, spaces too.
    expect(wrapCell('c68e62eb-e5fe-11f1-a2ca-02fc00000001', 8, 'chars')).toBe('c68e62eb\n-e5fe-11\nf1-a2ca-\n02fc0000\n0001');
    expect(wrapCell('an id with spaces', 6, 'chars')).toBe('an id \nwith s\npaces');
    expect(wrapCell('請求書請求書', 5, 'chars')).toBe('請求\n書請\n求書');
  });

  it('narrow the widest column first, down to the next widest, and never break a word of one that wraps between words', () => {
    const table = renderTable(
      [{ name: 'Id', whole: true }, { name: 'Owner', keepWords: true }, 'Note', 'Comment'],
      [['a1', 'group camunda-admin', 'a short note', 'a much longer comment than the note is']],
      terminal(60),
    );
    expect(widths(table)).toEqual(new Set([60]));
    // The comment gives way down to the owner's width, then both together; the note keeps its line.
    expect(table.split('\n').slice(1, -1)).toEqual([
      '│ Id │ Owner            │ Note         │ Comment           │',
      '│ a1 │ group            │ a short note │ a much longer     │',
      '│    │ camunda-admin    │              │ comment than the  │',
      '│    │                  │              │ note is           │',
    ]);
  });

  it('turn rows into records when their ids alone are too wide, as psql does', () => {
    const id = 'c68e62eb-e5fe-11f1-a2ca-02fc00000001';
    const table = renderTable(
      [{ name: 'Id', whole: true }, { name: 'Resource id', whole: true }, 'Permissions'],
      [
        [id, id.replace('c68e', 'c950'), 'READ, UPDATE'],
        [id.replace('62eb', '62ec'), '*', 'ALL'],
      ],
      terminal(60),
    );
    expect(table.split('\n')).toEqual([
      '┌─────────────┬────────────────────────────────────────────┐',
      `│ Id          │ ${id}       │`,
      `│ Resource id │ ${id.replace('c68e', 'c950')}       │`,
      '│ Permissions │ READ, UPDATE                               │',
      '├─────────────┼────────────────────────────────────────────┤',
      `│ Id          │ ${id.replace('62eb', '62ec')}       │`,
      '│ Resource id │ *                                          │',
      '│ Permissions │ ALL                                        │',
      '└─────────────┴────────────────────────────────────────────┘',
    ]);
  });

  it.each([20, 30, 45, 60, 80])('at %i columns, break an id wider than the value column of a record within it, every line fitting', (width) => {
    const id = 'c68e62eb-e5fe-11f1-a2ca-02fc00000001';
    const resourceId = `${'invoice:'.repeat(12)}end`;
    const table = renderTable(
      [
        { name: 'Id', whole: true },
        { name: 'Resource id', whole: true },
        { name: 'Permissions', keepWords: true },
      ],
      [[id, resourceId, 'READ, UPDATE_INSTANCE']],
      terminal(width),
    );
    expect(Math.max(...widths(table))).toBeLessThanOrEqual(width);
    const values = table
      .split('\n')
      .slice(1, -1)
      .map((line) => line.split('│')[2]!.trim());
    expect(values.join('')).toContain(`${id}${resourceId}`);
    expect(values.join('').replaceAll(' ', '')).toContain('READ,UPDATE_INSTANCE');
    const fields = renderFields(
      [
        ['Id', id],
        ['Resource id', resourceId],
        ['Root process instance', '-'],
      ],
      terminal(width),
    );
    expect(Math.max(...widths(fields))).toBeLessThanOrEqual(width);
    expect(
      fields
        .split('\n')
        .slice(1, -1)
        .map((line) => line.split('│')[2]!.trim())
        .join(''),
    ).toBe(`${id}${resourceId}-`);
    // Names keep their words where the values still have room beside them.
    if (width >= 45) expect(fields).toContain('│ Root process instance │');
  });

  it("wrap a field's value, and its name only where nothing else fits; fields never turn into records", () => {
    const fields = renderFields(
      [
        ['Authentication', 'not required (the REST API has no authentication filter)'],
        ['URL', 'http://localhost:8080/engine-rest'],
      ],
      terminal(56),
    );
    expect(widths(fields)).toEqual(new Set([56]));
    expect(fields).toContain('│ Authentication │ not required (the REST API has no   │\n│                │ authentication filter)              │');
    expect(fields).toContain('│ URL            │ http://localhost:8080/engine-rest   │');
    // A URL longer than the terminal leaves breaks within its column, no character lost.
    const narrow = renderFields([['URL', 'http://localhost:8080/engine-rest']], terminal(30));
    expect(narrow.split('\n').slice(1, -1)).toEqual(['│ URL │ http://localhost:808 │', '│     │ 0/engine-rest        │']);
    // The names keep their words while the values keep a third of the terminal; narrower, they break too.
    const fieldsAt = (columns: number) =>
      renderFields(
        [
          ['Authentication', 'not required'],
          ['URL', 'http://localhost:8080/engine-rest'],
        ],
        terminal(columns),
      );
    expect(fieldsAt(30)).toContain('│ Authentication │ not       │\n│                │ required  │');
    expect(widths(fieldsAt(30))).toEqual(new Set([30]));
    expect(fieldsAt(20).split('\n').slice(1, 4)).toEqual(['│ Authenti │ not   │', '│ cation   │ requi │', '│          │ red   │']);
    expect(widths(fieldsAt(20))).toEqual(new Set([20]));
  });

  it('keep a colour across the lines of a wrapped cell, and the box drawing out of it', async () => {
    const style = await colorStyle({ kind: 'boxed', width: 30, headers: true });
    const table = renderTable(head, [['nobody', style.red('No user found with id nobody')]], style);
    expect(table).toContain('│ nobody │ \u001b[31mNo user found\u001b[0m     │');
    expect(table).toContain('│        │ \u001b[31mwith id nobody\u001b[39m    │');
    expect(widths(table)).toEqual(new Set([30]));
  });

  it('leave out the heading row with --no-headers', () => {
    expect(renderTable(head, rows.slice(0, 1), terminal(80, false))).toBe(
      '┌──────┬──────────────────┐\n│ john │ already a member │\n└──────┴──────────────────┘',
    );
  });
});

describe('tables off a terminal', () => {
  it('are tab-separated lines: a heading row, then one line per row, nothing shortened', () => {
    const text = renderTable(
      ['Instruction', 'Failures'],
      [
        ['approve -> nope', "Target activity 'nope' does not exist"],
        ['start -> review', 'one\ntwo'],
        ['x', null],
      ],
      pipe(),
    );
    expect(text.split('\n').map((line) => line.split('\t'))).toEqual([
      ['Instruction', 'Failures'],
      ['approve -> nope', "Target activity 'nope' does not exist"],
      ['start -> review', 'one; two'],
      ['x', '-'],
    ]);
  });

  it('have no heading row with --no-headers', () => {
    expect(renderTable(['a', 'b'], [['1', '2']], pipe(false))).toBe('1\t2');
  });

  it('give a field a line, its name and value separated by a tab', () => {
    expect(
      renderFields(
        [
          ['Id', 'sales'],
          ['Name', 'Sales and marketing'],
          ['Type', null],
        ],
        pipe(),
      ),
    ).toBe('Id\tsales\nName\tSales and marketing\nType\t-');
  });
});
