/**
 * Draws tables: boxed (the compact box cli-table3 draws, with the widths of table-layout.ts and the
 * cells wrapped by table-wrap.ts), as records, or as tab-separated lines.
 */
import type { Cell, Heading, HeadingLike } from './columns.js';
import { toHeading } from './columns.js';
import type { Style } from './style.js';
import { layOut, recordWidths, sum } from './table-layout.js';
import { displayWidth, longestWord, measureCell } from './table-width.js';
import { wrapCell, wrapRows } from './table-wrap.js';

/** How an absent value looks in a table. */
const EMPTY = '-';

/** A cell as the text a table shows. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined || cell === '') return EMPTY;
  return String(cell);
}

/** A whole table, laid out for the stream `style` is for (render/table.ts says how). */
export function renderTable(head: readonly HeadingLike[], rows: readonly (readonly Cell[])[], style: Style): string {
  const headings = head.map(toHeading);
  const cells = rows.map((row) => row.map(cellText));
  const format = style.table;
  if (format.kind === 'tabs') return tabbed(format.headers ? headings.map((heading) => heading.name) : undefined, cells).join('\n');
  const titled = format.headers ? [headings.map((heading) => style.bold(heading.name)), ...cells] : cells;
  if (titled.length === 0) return '';
  const layout = layOut(headings, titled, format, format.headers);
  if (layout.records) {
    const writer = new RecordWriter(headings, style, layout.width, cells);
    return withoutNewline(`${writer.top()}${writer.records(cells, true)}${writer.bottom()}`);
  }
  const writer = new TableWriter(layout.widths);
  const shaped = layout.wrap ? wrapRows(titled, headings, layout.widths, format.headers) : titled;
  return withoutNewline(`${writer.top()}${writer.rows(shaped)}${writer.bottom()}`);
}

const withoutNewline = (text: string): string => text.slice(0, -1);

/** A single object as a two-column table: one row per field, no heading; off a terminal `name<TAB>value` lines. */
export function renderFields(fields: readonly (readonly [string, Cell])[], style: Style): string {
  const format = style.table;
  const rows = fields.map(([name, value]) => [name, cellText(value)]);
  if (rows.length === 0) return '';
  if (format.kind === 'tabs') return tabbed(undefined, rows).join('\n');
  const named = rows.map(([name, value]) => [style.bold(name!), value!]);
  // Names and values alike wrap only between words: a value may be an id, a URL or a path.
  const headings: Heading[] = [
    { name: '', keepWords: true },
    { name: '', keepWords: true },
  ];
  const layout = layOut(headings, named, format, false);
  if (layout.records) {
    // A value word (an id, a URL) too wide to sit beside the names: the two columns share the
    // terminal, and what is still too wide for its column breaks inside, an id at any character.
    const names = named.map(([name]) => name!);
    const values = named.map(([, value]) => value!);
    const [nameWidth, valueRoom] = recordWidths(names, Math.max(...values.map(longestWord)), layout.width);
    const valueWidth = Math.min(valueRoom, Math.max(...values.map(measureCell)));
    const writer = new TableWriter([nameWidth, valueWidth]);
    const shaped = named.map(([name, value]) => [wrapCell(name!, nameWidth, 'text'), wrapCell(value!, valueWidth, 'text')]);
    return withoutNewline(`${writer.top()}${writer.rows(shaped)}${writer.bottom()}`);
  }
  const writer = new TableWriter(layout.widths);
  const shaped = layout.wrap ? wrapRows(named, headings, layout.widths, false) : named;
  return withoutNewline(`${writer.top()}${writer.rows(shaped)}${writer.bottom()}`);
}

/** Rows as tab-separated lines; a cell of several lines (a list of failures) becomes one field, its lines joined by '; '. */
export function tabbed(names: readonly string[] | undefined, rows: readonly (readonly string[])[]): string[] {
  const lines = names ? [names.join('\t')] : [];
  for (const row of rows) lines.push(row.map((cell) => (cell.includes('\n') ? cell.split('\n').join('; ') : cell)).join('\t'));
  return lines;
}

/** Draws rows with fixed column widths: the lines of a compact cli-table3 table with those widths. */
export class TableWriter {
  /** The columns a line of the table takes: its cells, their padding and the borders. */
  readonly width: number;

  constructor(readonly widths: readonly number[]) {
    this.width = sum(widths) + 3 * widths.length + 1;
  }

  top(): string {
    return this.rule('┌', '┬', '┐');
  }

  bottom(): string {
    return this.rule('└', '┴', '┘');
  }

  /** A rule between rows (between the records of a RecordWriter). */
  separator(): string {
    return this.rule('├', '┼', '┤');
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
   * One line of a row. A cell wider than its column is shown whole; the spare padding of the cells
   * to its right makes up for it, so that the rest of the row stays aligned where it can.
   */
  private line(cells: readonly string[]): string {
    let out = '│';
    let excess = 0;
    this.widths.forEach((width, index) => {
      const cell = cells[index] ?? '';
      let padding = width - displayWidth(cell);
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

  /** How many columns the widest line of `row` takes beyond the table's width, as line() draws it. */
  overflow(row: readonly string[]): number {
    const lines = row.map((cell) => cell.split('\n'));
    const height = Math.max(...lines.map((cell) => cell.length));
    let widest = 0;
    for (let index = 0; index < height; index++) {
      let excess = 0;
      this.widths.forEach((width, column) => {
        const padding = width - displayWidth(lines[column]?.[index] ?? '');
        excess = padding < 0 ? excess - padding : Math.max(0, excess - padding);
      });
      widest = Math.max(widest, excess);
    }
    return widest;
  }

  private rule(left: string, middle: string, right: string): string {
    return `${left}${this.widths.map((width) => '─'.repeat(width + 2)).join(middle)}${right}\n`;
  }
}

/**
 * Rows as records, for a terminal too narrow for their columns side by side: one box, a line per
 * field (its heading, then its value, wrapped as the column allows), a rule between records.
 */
export class RecordWriter {
  private readonly names: string[];
  private readonly writer: TableWriter;
  private readonly valueWidth: number;

  /** `sample`: rows that tell how wide a value must be (an id, a word that is not wrapped). */
  constructor(
    private readonly headings: readonly Heading[],
    style: Style,
    width: number,
    sample: readonly (readonly string[])[],
  ) {
    let unbreakable = 0;
    for (const row of sample) {
      headings.forEach((heading, column) => {
        const cell = row[column] ?? '';
        if (heading.whole) unbreakable = Math.max(unbreakable, measureCell(cell));
        else if (heading.keepWords) unbreakable = Math.max(unbreakable, longestWord(cell));
      });
    }
    // The names wrap between words when that leaves room for the widest id or word of the values.
    const [nameWidth, valueWidth] = recordWidths(
      headings.map((heading) => heading.name),
      unbreakable,
      width,
    );
    this.names = headings.map((heading) => wrapCell(style.bold(heading.name), nameWidth, 'text'));
    this.valueWidth = valueWidth;
    this.writer = new TableWriter([nameWidth, this.valueWidth]);
  }

  top(): string {
    return this.writer.top();
  }

  bottom(): string {
    return this.writer.bottom();
  }

  /** The records' lines; `first`: no rule before the first of them. A value wider than its column breaks within it, an id at any character. */
  records(rows: readonly (readonly string[])[], first: boolean): string {
    let out = '';
    rows.forEach((row, index) => {
      if (index > 0 || !first) out += this.writer.separator();
      out += this.writer.rows(
        this.names.map((name, column) => {
          const heading = this.headings[column];
          return [name, wrapCell(row[column] ?? '', this.valueWidth, heading?.whole ? 'chars' : 'text')];
        }),
      );
    });
    return out;
  }
}
