/**
 * Tables, as cli-table3 draws them. Borders and headings are never coloured unless colour is on.
 * Tables of plain one-line ASCII cells (nearly all we print) are drawn here with the same text:
 * cli-table3 measures every cell several times with string-width, which builds its regular
 * expressions anew on each call, and its layout is quadratic in rows (docs/performance.md).
 */
import Table from 'cli-table3';
import stringWidth from 'string-width';
import type { View } from './output.js';
import type { Style } from './style.js';

export type Cell = string | number | boolean | null | undefined;

/** How an absent value looks in a table. */
const EMPTY = '-';

function text(cell: Cell): string {
  if (cell === null || cell === undefined || cell === '') return EMPTY;
  return String(cell);
}

/** No rule between rows: long lists stay readable and greppable. */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/**
 * cli-table3 lays a table out in time quadratic in its rows (its layout manager checks every cell
 * against all the rows above it for row spans): 5,000 rows take over a second. Longer tables are
 * drawn in blocks of this many rows with the column widths of the whole table, and joined.
 */
const BLOCK_ROWS = 250;

export function renderTable(head: readonly string[], rows: readonly (readonly Cell[])[], style: Style): string {
  const heading = head.map((name) => style.bold(name));
  const cells = rows.map((row) => row.map(text));
  const plain = drawPlain(heading, cells);
  if (plain !== undefined) return plain;
  if (cells.length <= BLOCK_ROWS) return draw(heading, cells);
  const colWidths = heading.map((name, column) => {
    let width = strlen(name);
    for (const row of cells) width = Math.max(width, strlen(row[column] ?? ''));
    return width + 2; // cli-table3's padding of one space on each side
  });
  const blocks: string[] = [];
  for (let start = 0; start < cells.length; start += BLOCK_ROWS) {
    const lines = draw(start === 0 ? heading : undefined, cells.slice(start, start + BLOCK_ROWS), colWidths).split('\n');
    if (start > 0) lines.shift(); // the top border
    if (start + BLOCK_ROWS < cells.length) lines.pop(); // the bottom border
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n');
}

function draw(head: string[] | undefined, rows: string[][], colWidths?: number[]): string {
  const table = new Table({ ...(head ? { head } : {}), ...(colWidths ? { colWidths } : {}), chars: COMPACT, style: { head: [], border: [] } });
  for (const row of rows) table.push(row);
  return table.toString();
}

/** cli-table3's measure of a cell: the widest of its lines, without colour codes. */
function strlen(cell: string): number {
  let width = 0;
  for (const line of cell.split('\n')) width = Math.max(width, stringWidth(line));
  return width;
}

/** Colour codes as cli-table3 sees them; what is left of a plain cell is one column per character. */
// eslint-disable-next-line no-control-regex -- colour codes start with ESC
const COLOUR_CODE = /\u001b\[(?:\d*;){0,5}\d*m/g;
const ONE_COLUMN_EACH = /^[\x20-\x7e]*$/;

/**
 * The table cli-table3 draws (compact, one space of padding, left-aligned), when every cell is one
 * line of printable ASCII with colour codes at most; otherwise undefined. test/unit/table.test.ts
 * compares the two.
 */
function drawPlain(head: readonly string[] | undefined, rows: readonly (readonly string[])[]): string | undefined {
  const lines = head ? [head, ...rows] : rows;
  const columns = lines.reduce((count, line) => Math.max(count, line.length), 0);
  if (columns === 0 || lines.some((line) => line.length !== columns)) return undefined;
  const widths = new Array<number>(columns).fill(0);
  const measured = lines.map((line) =>
    line.map((cell, column) => {
      const visible = cell.includes('\u001b') ? cell.replace(COLOUR_CODE, '') : cell;
      if (!ONE_COLUMN_EACH.test(visible)) return -1;
      widths[column] = Math.max(widths[column]!, visible.length);
      return visible.length;
    }),
  );
  if (measured.some((line) => line.includes(-1))) return undefined;
  const rule = (left: string, middle: string, right: string): string => left + widths.map((width) => '─'.repeat(width + 2)).join(middle) + right;
  const out = [rule('┌', '┬', '┐')];
  lines.forEach((line, index) => {
    out.push(`│${line.map((cell, column) => ` ${cell}${' '.repeat(widths[column]! - measured[index]![column]!)} `).join('│')}│`);
  });
  out.push(rule('└', '┴', '┘'));
  return out.join('\n');
}

/** A single object as a two-column table: one row per field. */
export function renderFields(fields: readonly (readonly [string, Cell])[], style: Style): string {
  const plain = drawPlain(undefined, fields.map(([name, value]) => [style.bold(name), text(value)]));
  if (plain !== undefined) return plain;
  const table = new Table({ chars: COMPACT, style: { head: [], border: [] } });
  for (const [name, value] of fields) table.push({ [style.bold(name)]: text(value) });
  return table.toString();
}

/** One column of a list: its heading, its cell for an item, and how a streamed table sizes it. */
export interface Column<T> {
  readonly name: string;
  value(item: T, style: Style): Cell;
  /** Never cut: ids (what scripts and operators copy) and numbers. A longer one is shown whole. */
  readonly whole?: boolean;
  /** The widest a cell can be, when it is known in advance (a fixed vocabulary): a streamed table is at least this wide there. */
  readonly widest?: number;
}

/** A list's view from its columns: Output.list can then draw a long list as its pages come (streamTable). */
export function listView<T>(columns: readonly Column<T>[], empty: string): View<T[]> & { readonly columns: readonly Column<T>[] } {
  return {
    columns,
    table(rows, style) {
      if (rows.length === 0) return empty;
      return renderTable(columns.map((column) => column.name), rows.map((item) => columns.map((column) => column.value(item, style))), style);
    },
  };
}

/** How a streamed table draws one column. */
export interface ColumnLayout {
  /** Width of the text, without the space of padding on each side. */
  readonly width: number;
  /**
   * Cut a wider cell to fit, ending it with '…'. If not, it is shown whole, and the spare padding of
   * the cells to its right in its row makes up for it as far as it goes.
   */
  readonly cut: boolean;
}

export interface StreamOptions {
  /**
   * Rows read before the column widths are fixed. A table of no more rows is drawn whole, exactly as
   * renderTable draws it; a longer one starts with these rows, drawn the same way.
   */
  readonly sampleRows: number;
  /** The columns' layout from the widest cell of each in the heading and the sample rows. */
  layout(measured: readonly number[]): readonly ColumnLayout[];
}

/** Rows read before a streamed table's widths are fixed. */
export const SAMPLE_ROWS = 1000;

/**
 * The layout of a streamed list: each column as wide as its widest cell in the sample (or its known
 * widest), later wider cells cut, except in whole columns. Terminal widths and `-o wide` (issue 17)
 * would be other layouts.
 */
export function sampledLayout(columns: readonly Pick<Column<unknown>, 'whole' | 'widest'>[]): StreamOptions['layout'] {
  return (measured) => measured.map((width, index) => ({ width: Math.max(width, columns[index]?.widest ?? 0), cut: columns[index]?.whole !== true }));
}

/**
 * A table drawn as its rows come, in chunks of text that end with a newline; nothing for no rows.
 * The rows of the sample are held until the widths are fixed; after that, one page at a time.
 * Box drawing, padding and the heading are cli-table3's, as renderTable draws them.
 */
export async function* streamTable(
  head: readonly string[],
  pages: AsyncIterable<readonly (readonly Cell[])[]> | Iterable<readonly (readonly Cell[])[]>,
  style: Style,
  options: StreamOptions,
): AsyncGenerator<string, void, undefined> {
  const heading = head.map((name) => style.bold(name));
  const sample: string[][] = [];
  let writer: TableWriter | undefined;
  for await (const page of pages) {
    let rows = page.map((row) => row.map(text));
    if (!writer) {
      // The widths come from the first sampleRows rows, however the pages cut them.
      const room = options.sampleRows - sample.length;
      for (const row of rows.slice(0, room)) sample.push(row);
      rows = rows.slice(room);
      if (rows.length === 0) continue;
      writer = new TableWriter(options.layout(measureColumns([heading, ...sample])));
      yield `${writer.top()}${writer.rows([heading])}`;
      yield* slices(writer, sample);
      sample.length = 0;
    }
    yield* slices(writer, rows);
  }
  if (writer) yield writer.bottom();
  else if (sample.length > 0) yield `${renderTable(head, sample, style)}\n`;
}

/**
 * Rows of text per chunk: the box drawing makes the text two bytes a character, and a page of 500
 * rows would be over 128 kB, which V8 keeps in its large-object space until a full GC.
 */
const SLICE_ROWS = 100;

function* slices(writer: TableWriter, rows: readonly (readonly string[])[]): Generator<string> {
  for (let start = 0; start < rows.length; start += SLICE_ROWS) yield writer.rows(rows.slice(start, start + SLICE_ROWS));
}

/** The widest line of each column, as cli-table3 measures it. */
function measureColumns(rows: readonly (readonly string[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, column) => {
      for (const line of cell.split('\n')) widths[column] = Math.max(widths[column] ?? 0, displayWidth(line));
    });
  }
  return widths;
}

/** Columns of a line as the terminal shows it: colour codes take none, wide characters two. */
function displayWidth(line: string): number {
  const visible = line.includes('\u001b') ? line.replace(COLOUR_CODE, '') : line;
  return ONE_COLUMN_EACH.test(visible) ? visible.length : stringWidth(visible);
}

let graphemes: Intl.Segmenter | undefined;

/**
 * `line` cut to `width` columns, its last one '…' (cli-table3's cut, without splitting a character
 * or a colour code: a cut cell loses its colours).
 */
function cut(line: string, width: number): { text: string; width: number } {
  const visible = line.includes('\u001b') ? line.replace(COLOUR_CODE, '') : line;
  if (ONE_COLUMN_EACH.test(visible)) return { text: `${visible.slice(0, width - 1)}…`, width };
  let kept = '';
  let used = 0;
  for (const { segment } of (graphemes ??= new Intl.Segmenter()).segment(visible)) {
    const columns = stringWidth(segment);
    if (used + columns > width - 1) break;
    kept += segment;
    used += columns;
  }
  return { text: `${kept}…`, width: used + 1 };
}

/** Draws rows with fixed column widths: the lines of a compact cli-table3 table with colWidths. */
export class TableWriter {
  constructor(private readonly layout: readonly ColumnLayout[]) {}

  top(): string {
    return this.rule('┌', '┬', '┐');
  }

  bottom(): string {
    return this.rule('└', '┴', '┘');
  }

  /** The rows' lines, each ending with a newline; a cell of several lines makes its row as high. */
  rows(rows: readonly (readonly string[])[]): string {
    let out = '';
    for (const row of rows) {
      if (!row.some((cell) => cell.includes('\n'))) {
        out += this.line(row);
        continue;
      }
      const lines = row.map((cell) => cell.split('\n'));
      const height = Math.max(...lines.map((cell) => cell.length));
      for (let index = 0; index < height; index++) out += this.line(lines.map((cell) => cell[index] ?? ''));
    }
    return out;
  }

  /**
   * One line of a row. A whole cell wider than its column is shown whole; the spare padding of the
   * cells to its right makes up for it, so that the rest of the row stays aligned where it can.
   */
  private line(cells: readonly string[]): string {
    let out = '│';
    let excess = 0;
    this.layout.forEach((column, index) => {
      let cell = cells[index] ?? '';
      let width = displayWidth(cell);
      if (width > column.width && column.cut) ({ text: cell, width } = cut(cell, column.width));
      let padding = column.width - width;
      if (padding < 0) excess -= padding;
      else if (excess > 0) {
        const taken = Math.min(padding, excess);
        padding -= taken;
        excess -= taken;
      }
      out += ` ${cell}${' '.repeat(Math.max(0, padding))} │`;
    });
    return `${out}\n`;
  }

  private rule(left: string, middle: string, right: string): string {
    return `${left}${this.layout.map((column) => '─'.repeat(column.width + 2)).join(middle)}${right}\n`;
  }
}
