// Text from the engine or a file reaches the terminal with its control characters escaped: tables,
// the text views write around them, and the error, warning and progress lines. json/yaml stay exact.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Output, type OutputFormat } from '../../src/render/output.js';
import { colorStyle, plainStyle, type Style } from '../../src/render/style.js';
import { renderFields, renderTable } from '../../src/render/table.js';
import { visibleControls, visibleData } from '../../src/util/text.js';

const EVIL = 'Evil\u001b[2J\nline2';
const ESC = '\u001b';
/** Any control character but the line feeds that end lines. */
// eslint-disable-next-line no-control-regex -- what the test looks for
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** The colour codes of the style (bold, red, green and their ends). */
// eslint-disable-next-line no-control-regex -- what the test looks for
const STYLE_CODES = /\u001b\[(1|22|31|32|39)m/g;

describe('visibleControls', () => {
  it.each([
    [EVIL, 'Evil\\x1b[2J\\nline2'],
    ['a\tb\r\n', 'a\\tb\\r\\n'],
    ['nul\u0000 del\u007f csi\u009b bell\u0007', 'nul\\x00 del\\x7f csi\\x9b bell\\x07'],
    ['C:\\temp\\new', 'C:\\temp\\new'],
    ['Grüße 請求書 👍 e\u0301', 'Grüße 請求書 👍 e\u0301'],
    // A right-to-left override would show 'admin\u202Egpj.exe' as 'adminexe.jpg'.
    ['admin\u202egpj.exe \u2066x\u2069 \u200f \u061c', 'admin\\u202egpj.exe \\u2066x\\u2069 \\u200f \\u061c'],
    ['', ''],
  ])('shows %j as %j', (text, shown) => {
    expect(visibleControls(text)).toBe(shown);
  });
});

describe('visibleData', () => {
  it('returns clean data as it is, without a copy', () => {
    const rows = [
      { id: 'a', name: 'Accounting', members: ['x'] },
      { id: 'b', name: null, n: 1 },
    ];
    expect(visibleData(rows)).toBe(rows);
  });

  it('copies only what changes, keys included, and leaves the original alone', () => {
    const clean = { id: 'clean' };
    const data: Record<string, unknown>[] = [clean, { id: 'esc1', name: EVIL, ['k\ney']: 1, __proto__x: 'y' }];
    const shown = visibleData(data);
    expect(shown).not.toBe(data);
    expect(shown[0]).toBe(clean);
    expect(shown[1]).toEqual({ id: 'esc1', name: 'Evil\\x1b[2J\\nline2', 'k\\ney': 1, __proto__x: 'y' });
    expect(data[1]!.name).toBe(EVIL);
  });

  it('keeps a "__proto__" key a key', () => {
    const data = JSON.parse('{"__proto__": "x\\ny", "a": "b"}') as Record<string, unknown>;
    const shown = visibleData(data);
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(shown, '__proto__')?.value).toBe('x\\ny');
  });
});

describe('tables', () => {
  const groupView = {
    table: (rows: { id: string; name: string }[], style: Style) =>
      renderTable(
        ['Id', 'Name'],
        rows.map((row) => [row.id, row.name]),
        style,
      ),
  };

  it('never hold a raw control character, and a newline does not split the row', () => {
    const { output: out } = output('table');
    const table = out.tableText(groupView, [
      { id: 'esc1', name: EVIL },
      { id: 'b', name: 'plain' },
    ]);
    expect(table).not.toMatch(RAW_CONTROL);
    expect(table.split('\n')).toHaveLength(5);
    expect(table).toContain('│ esc1 │ Evil\\x1b[2J\\nline2 │');
    const fields = out.tableText({ table: (value: string, style: Style) => renderFields([['Name', value]], style) }, EVIL);
    expect(fields).not.toContain(ESC);
    expect(fields.split('\n')).toHaveLength(3);
  });

  it('keep the colours the view adds and escape those in the data, also inside a coloured cell', async () => {
    const style = await colorStyle();
    const { output: out } = output('table', style);
    const resultView = {
      table: (rows: { ok: boolean; result: string }[], paint: Style) =>
        renderTable(
          ['Result'],
          rows.map((row) => [row.ok ? paint.green(row.result) : paint.red(row.result)]),
          paint,
        ),
    };
    const table = out.tableText(resultView, [
      { ok: true, result: 'added' },
      { ok: true, result: `${ESC}[31mfake red${ESC}[39m` },
      { ok: false, result: `failed:${ESC}]0;title\u0007` },
    ]);
    expect(table).toContain(`${ESC}[32madded${ESC}[39m`);
    expect(table).toContain(`${ESC}[32m\\x1b[31mfake red\\x1b[39m${ESC}[39m`);
    expect(table).toContain(`${ESC}[31mfailed:\\x1b]0;title\\x07${ESC}[39m`);
    // Every ESC left is one of the style's own colour codes.
    expect(table.replace(STYLE_CODES, '')).not.toContain(ESC);
  });
});

function output(format: OutputFormat, style: Style = plainStyle) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { output: new Output({ format, style, quiet: false, verbose: false, stdout, stderr }), out: () => out, err: () => err };
}

describe('Output', () => {
  it('escapes the text a view writes around its tables, but prints json exactly', async () => {
    const view = { table: (group: { name: string }) => `group ${group.name}` };
    const table = output('table');
    await table.output.data({ name: EVIL }, view);
    expect(table.out()).toBe('group Evil\\x1b[2J\\nline2\n');
    const json = output('json');
    await json.output.data({ name: EVIL }, view);
    expect(JSON.parse(json.out())).toEqual({ name: EVIL });
  });

  it('writes error, warning and progress lines with their control characters escaped', () => {
    const { output: out, err } = output('table');
    out.error(`GET http://h/group/x: 500: Evil${ESC}[2J`, `hint\n${ESC}[2J`);
    out.warn(EVIL);
    out.info(EVIL);
    // A message of several problems (a plan file's) keeps one line each.
    out.error(`p.json:1:1: a${ESC}[2J\np.json:2:1: b`);
    expect(err()).toBe(
      'error: GET http://h/group/x: 500: Evil\\x1b[2J (hint\\n\\x1b[2J)\n' +
        'warning: Evil\\x1b[2J\\nline2\n' +
        'Evil\\x1b[2J\\nline2\n' +
        'error: p.json:1:1: a\\x1b[2J\np.json:2:1: b\n',
    );
  });
});
