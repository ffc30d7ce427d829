/**
 * Tables, laid out for the stream they go to (style.table, a TableFormat):
 * - on a terminal, boxed (the compact box cli-table3 draws: one space of padding, no rule between
 *   rows) and fitted to the terminal's width: the widest column that may wrap is wrapped first,
 *   free text anywhere it must, a cell naming ids (`group sales`) only between words; ids are never
 *   cut, nor wrapped while the table can be fitted otherwise. When the ids alone are too wide for the
 *   terminal, the rows are drawn as records, one field a line (as psql's `\x auto`); an id or word
 *   still wider than the record's value column is wrapped within it, an id at any character. No line
 *   is wider than the terminal.
 *   `-o wide` draws every cell whole, as wide as it is.
 * - off a terminal, tab-separated: one line per row (the lines of a cell joined by '; '), nothing
 *   shortened, so `cut -f`, `awk -F'\t'` and `grep` work.
 * The box is drawn here, not by cli-table3: its layout is quadratic in rows and it measures every
 * cell several times (docs/performance.md); test/unit/table.test.ts compares the two.
 */
import stringWidth from 'string-width';
import type { View } from './output.js';
import type { Style, TableFormat } from './style.js';

export type Cell = string | number | boolean | null | undefined;

/** How an absent value looks in a table. */
const EMPTY = '-';

function text(cell: Cell): string {
  if (cell === null || cell === undefined || cell === '') return EMPTY;
  return String(cell);
}

/** A column's heading, and how its cells give way when the table is fitted to a terminal. */
export interface Heading {
  readonly name: string;
  /**
   * Ids (what scripts and operators copy) and numbers: never cut, and wrapped (at any character) only
   * where nothing else makes them fit the terminal: a record narrower than the id, a later row of a
   * streamed table.
   */
  readonly whole?: boolean;
  /**
   * Wrapped between words: a cell that names an id (`group sales`), a URL or a fixed vocabulary; inside
   * a word only where nothing else makes it fit, as for `whole`.
   */
  readonly keepWords?: boolean;
  /** The widest a cell can be, when it is known in advance (a fixed vocabulary): a streamed table is at least this wide there. */
  readonly widest?: number;
}

/** A heading by name only: free text, wrapped between words and, where a word is too long, inside it. */
export type HeadingLike = string | Heading;

const toHeading = (head: HeadingLike): Heading => (typeof head === 'string' ? { name: head } : head);

/**
 * The narrowest a free-text column is made before a table falls back to records. Narrower, a
 * sentence becomes a column of single words.
 */
const MIN_TEXT_WIDTH = 12;

export function renderTable(head: readonly HeadingLike[], rows: readonly (readonly Cell[])[], style: Style): string {
  const headings = head.map(toHeading);
  const cells = rows.map((row) => row.map(text));
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
  const rows = fields.map(([name, value]) => [name, text(value)]);
  if (rows.length === 0) return '';
  if (format.kind === 'tabs') return tabbed(undefined, rows).join('\n');
  const named = rows.map(([name, value]) => [style.bold(name!), value!]);
  // Names and values alike wrap only between words: a value may be an id, a URL or a path.
  const headings: Heading[] = [{ name: '', keepWords: true }, { name: '', keepWords: true }];
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

/** One column of a list: its heading, and its cell for an item. */
export interface Column<T> extends Heading {
  value(item: T, style: Style): Cell;
}

/** A list's view from its columns: Output.list can then draw a long list as its pages come (streamTable). */
export function listView<T>(columns: readonly Column<T>[], empty: string): View<T[]> & { readonly columns: readonly Column<T>[]; readonly empty: string } {
  return {
    columns,
    empty,
    table(rows, style) {
      if (rows.length === 0) return empty;
      return renderTable(columns, rows.map((item) => columns.map((column) => column.value(item, style))), style);
    },
  };
}

export interface StreamOptions {
  /**
   * Rows read before the column widths are fixed. A table of no more rows is drawn whole, exactly as
   * renderTable draws it; a longer one starts with these rows, drawn the same way.
   */
  readonly sampleRows: number;
}

/** Rows read before a streamed table's widths are fixed. */
export const SAMPLE_ROWS = 1000;

/**
 * A table drawn as its rows come, in chunks of text that end with a newline; nothing for no rows.
 * Tab-separated, each page is written as it comes. Boxed, the rows of the sample are held until the
 * widths are fixed (each column as wide as its widest cell in the sample, or its known widest, then
 * fitted to the terminal as renderTable fits a table); after that, one page at a time. On a terminal a
 * later, wider cell is wrapped to its column (fitRow); an id, or a word of a cell wrapped between words,
 * is shown whole while its row still fits the terminal, the spare padding of the cells to its right
 * making up for it as far as it goes, and otherwise wrapped within its column too. With -o wide every
 * cell is shown whole.
 */
export async function* streamTable(
  head: readonly HeadingLike[],
  pages: AsyncIterable<readonly (readonly Cell[])[]> | Iterable<readonly (readonly Cell[])[]>,
  style: Style,
  options: StreamOptions,
): AsyncGenerator<string, void, undefined> {
  const headings = head.map(toHeading);
  const format = style.table;
  if (format.kind === 'tabs') {
    let started = false;
    for await (const page of pages) {
      if (page.length === 0) continue;
      if (!started && format.headers) yield `${tabbed(headings.map((heading) => heading.name), []).join('')}\n`;
      started = true;
      for (let start = 0; start < page.length; start += SLICE_ROWS) yield `${tabbed(undefined, page.slice(start, start + SLICE_ROWS).map((row) => row.map(text))).join('\n')}\n`;
    }
    return;
  }
  const title = headings.map((heading) => style.bold(heading.name));
  const sample: string[][] = [];
  let write: ((rows: readonly (readonly string[])[]) => string) | undefined;
  let bottom = '';
  for await (const page of pages) {
    let rows = page.map((row) => row.map(text));
    if (!write) {
      // The widths come from the first sampleRows rows, however the pages cut them.
      const room = options.sampleRows - sample.length;
      for (const row of rows.slice(0, room)) sample.push(row);
      rows = rows.slice(room);
      if (rows.length === 0) continue;
      const layout = layOut(headings, format.headers ? [title, ...sample] : sample, format, format.headers, true);
      if (layout.records) {
        const writer = new RecordWriter(headings, style, layout.width, sample);
        let first = true;
        write = (batch) => {
          const text = writer.records(batch, first);
          first = false;
          return text;
        };
        yield writer.top();
        bottom = writer.bottom();
      } else {
        const writer = new TableWriter(layout.widths);
        // On a terminal, later rows are wrapped to the widths, whether or not the sample needed it.
        const terminal = format.width;
        const fit = terminal !== undefined;
        write = (batch) => writer.rows(fit ? batch.map((row) => fitRow(row, headings, writer, terminal - writer.width)) : batch);
        yield `${writer.top()}${format.headers ? writer.rows(fit ? wrapRows([title], headings, layout.widths, true) : [title]) : ''}`;
        bottom = writer.bottom();
      }
      yield* slices(write, sample);
      sample.length = 0;
    }
    yield* slices(write, rows);
  }
  if (write) yield bottom;
  else if (sample.length > 0) yield `${renderTable(headings, sample, style)}\n`;
}

/**
 * Rows of text per chunk: the box drawing makes the text two bytes a character, and a page of 500
 * rows would be over 128 kB, which V8 keeps in its large-object space until a full GC.
 */
const SLICE_ROWS = 100;

function* slices(write: (rows: readonly (readonly string[])[]) => string, rows: readonly (readonly string[])[]): Generator<string> {
  for (let start = 0; start < rows.length; start += SLICE_ROWS) yield write(rows.slice(start, start + SLICE_ROWS));
}

/** Rows as tab-separated lines; a cell of several lines (a list of failures) becomes one field, its lines joined by '; '. */
function tabbed(names: readonly string[] | undefined, rows: readonly (readonly string[])[]): string[] {
  const lines = names ? [names.join('\t')] : [];
  for (const row of rows) lines.push(row.map((cell) => (cell.includes('\n') ? cell.split('\n').join('; ') : cell)).join('\t'));
  return lines;
}

type Layout =
  /** Columns this wide; wrap: whether cells must be wrapped to them (a table fitted to the terminal). */
  | { readonly records: false; readonly widths: readonly number[]; readonly wrap: boolean }
  /** Too wide for the terminal even with every column at its narrowest: one field a line, in `width` columns. */
  | { readonly records: true; readonly width: number };

/**
 * The column widths of a boxed table: each as wide as its widest cell (in a sample, or its known
 * widest), and, when that is wider than the terminal, fitted to it: the widest column that may wrap
 * gives way first, down to the next widest, and so on; free text down to MIN_TEXT_WIDTH, a column
 * wrapped between words down to its longest word. Then the headings of id columns wrap; ids never.
 */
function layOut(headings: readonly Heading[], lines: readonly (readonly string[])[], format: TableFormat, titled: boolean, sampled = false): Layout {
  // A sample is as wide as the widest known value of its column, which later rows may hold.
  const natural = measureColumns(lines).map((width, index) => Math.max(width, sampled ? (headings[index]?.widest ?? 0) : 0));
  const width = format.width;
  const frame = 3 * natural.length + 1;
  if (width === undefined || sum(natural) + frame <= width) return { records: false, widths: natural, wrap: false };
  const body = titled ? lines.slice(1) : lines;
  const title = titled ? lines[0] : undefined;
  const columns = natural.map((naturalWidth, index) => {
    const heading = headings[index] ?? { name: '' };
    const titleWord = title ? longestWord(title[index] ?? '') : 0;
    let cellWord = 0;
    let cellWidth = 0;
    for (const line of body) {
      const cell = line[index] ?? '';
      if (heading.whole) cellWidth = Math.max(cellWidth, measureCell(cell));
      else if (heading.keepWords) cellWord = Math.max(cellWord, longestWord(cell));
    }
    if (heading.whole) return { natural: naturalWidth, minimum: Math.max(cellWidth, titleWord), phase: 1 };
    if (heading.keepWords) return { natural: naturalWidth, minimum: Math.max(cellWord, titleWord), phase: 0 };
    return { natural: naturalWidth, minimum: Math.min(naturalWidth, Math.max(MIN_TEXT_WIDTH, titleWord)), phase: 0 };
  });
  const fitted = shrink(columns, width - frame);
  if (fitted) return { records: false, widths: fitted, wrap: true };
  return { records: true, width };
}

const sum = (numbers: readonly number[]): number => numbers.reduce((total, value) => total + value, 0);

/**
 * Widths that add up to no more than `room`: the widest column of the first phase (the columns that
 * wrap) is narrowed first, down to the next widest (so that they give way together) or its minimum;
 * then those of the second (headings over ids). Undefined when every column at its minimum is still
 * too wide.
 */
function shrink(columns: readonly { natural: number; minimum: number; phase: number }[], room: number): number[] | undefined {
  const widths = columns.map((column) => column.natural);
  let excess = sum(widths) - room;
  for (const phase of [0, 1]) {
    while (excess > 0) {
      const candidates = columns.flatMap((column, index) => (column.phase === phase && widths[index]! > column.minimum ? [index] : []));
      if (candidates.length === 0) break;
      const top = Math.max(...candidates.map((index) => widths[index]!));
      const widest = candidates.filter((index) => widths[index] === top);
      const lower = candidates.filter((index) => widths[index]! < top).map((index) => widths[index]!);
      const floor = Math.max(lower.length > 0 ? Math.max(...lower) : 0, ...widest.map((index) => columns[index]!.minimum));
      const step = top - floor;
      if (step * widest.length >= excess) {
        const each = Math.floor(excess / widest.length);
        widest.forEach((index, position) => (widths[index] = top - each - (position < excess % widest.length ? 1 : 0)));
        excess = 0;
      } else {
        for (const index of widest) widths[index] = floor;
        excess -= step * widest.length;
      }
    }
  }
  return excess > 0 ? undefined : widths;
}

/** The rows with each cell wrapped to its column's width, as the column allows; a heading row wraps between words. */
function wrapRows(rows: readonly (readonly string[])[], headings: readonly Heading[], widths: readonly number[], titled: boolean): string[][] {
  return rows.map((row, rowIndex) =>
    row.map((cell, index) => {
      const heading = headings[index];
      const mode: WrapMode = titled && rowIndex === 0 ? 'words' : heading?.whole ? 'none' : heading?.keepWords ? 'words' : 'text';
      return wrapCell(cell, widths[index] ?? 0, mode);
    }),
  );
}

/**
 * A later row of a streamed table, wrapped to the widths of the sample. An id, or a word of a cell
 * wrapped between words, that is wider than its column stays whole while the row still fits the
 * terminal (`slack`: the columns the terminal has beyond the table); otherwise every cell of the row
 * is wrapped within its column, words broken where they must and ids at any character.
 */
function fitRow(row: readonly string[], headings: readonly Heading[], writer: TableWriter, slack: number): readonly string[] {
  let overflowing = false;
  const wrapped = row.map((cell, index) => {
    const width = writer.widths[index] ?? 0;
    if (measureCell(cell) <= width) return cell;
    const heading = headings[index];
    if (heading?.whole) overflowing = true;
    if (heading?.whole || !heading?.keepWords) return wrapCell(cell, width, heading?.whole ? 'none' : 'text');
    const lines = wrapCell(cell, width, 'words');
    if (measureCell(lines) > width) overflowing = true;
    return lines;
  });
  if (!overflowing || writer.overflow(wrapped) <= slack) return wrapped;
  return row.map((cell, index) => wrapCell(cell, writer.widths[index] ?? 0, headings[index]?.whole ? 'chars' : 'text'));
}

/**
 * The widths of the name and the value column of records (or of fields too wide to sit side by side)
 * in `width` columns. The names keep their width unless narrowing them, down to their longest word,
 * makes room for the widest value that must not break (`unbreakable`); on a narrow terminal they
 * give way further, so that the values keep some room.
 */
function recordWidths(names: readonly string[], unbreakable: number, width: number): [number, number] {
  const room = Math.max(2, width - 7);
  const natural = Math.max(0, ...names.map(measureCell));
  const words = Math.max(0, ...names.map(longestWord));
  const narrowed = natural + unbreakable > room && words + unbreakable <= room ? room - unbreakable : natural;
  // For the values to keep MIN_TEXT_WIDTH (half the room, if less), the names wrap between words;
  // inside a word only on a terminal too narrow to give the values a third of it otherwise.
  const betweenWords = Math.min(narrowed, Math.max(words, room - Math.min(MIN_TEXT_WIDTH, Math.ceil(room / 2))));
  const nameWidth = Math.max(1, Math.min(betweenWords, room - Math.ceil(room / 3)));
  return [nameWidth, room - nameWidth];
}

/** The widest line of each column, as cli-table3 measures it. */
function measureColumns(rows: readonly (readonly string[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, measureCell(cell))));
  return widths;
}

function measureCell(cell: string): number {
  if (!cell.includes('\n')) return displayWidth(cell);
  let width = 0;
  for (const line of cell.split('\n')) width = Math.max(width, displayWidth(line));
  return width;
}

function longestWord(cell: string): number {
  let width = 0;
  for (const word of cell.split(/[ \n]/)) width = Math.max(width, displayWidth(word));
  return width;
}

/** Colour codes; what is left of a plain cell is one column per character. */
// eslint-disable-next-line no-control-regex -- colour codes start with ESC
const COLOUR_CODE = /\u001b\[(?:\d*;){0,5}\d*m/g;
const ONE_COLUMN_EACH = /^[\x20-\x7e]*$/;

/** Columns of a line as the terminal shows it: colour codes take none, wide characters two. */
function displayWidth(line: string): number {
  const visible = line.includes('\u001b') ? line.replace(COLOUR_CODE, '') : line;
  return ONE_COLUMN_EACH.test(visible) ? visible.length : stringWidth(visible);
}

/**
 * 'text' wraps between words and inside a word too long for the column (after a hyphen or slash if it can);
 * 'words' only between words; 'chars' at any character, each line as full as it goes (an id: its lines
 * joined give it back, spaces included); 'none' never.
 */
type WrapMode = 'text' | 'words' | 'chars' | 'none';

/** A piece of a line: a character (a grapheme) and the columns it takes, or a colour code, which takes none. */
interface Piece {
  readonly text: string;
  readonly width: number;
}

let graphemes: Intl.Segmenter | undefined;

function pieces(line: string): Piece[] {
  const out: Piece[] = [];
  const add = (part: string): void => {
    if (ONE_COLUMN_EACH.test(part)) for (const character of part) out.push({ text: character, width: 1 });
    else for (const { segment } of (graphemes ??= new Intl.Segmenter()).segment(part)) out.push({ text: segment, width: stringWidth(segment) });
  };
  let last = 0;
  for (const match of line.matchAll(COLOUR_CODE)) {
    add(line.slice(last, match.index));
    out.push({ text: match[0], width: 0 });
    last = match.index + match[0].length;
  }
  add(line.slice(last));
  return out;
}

/** `cell` with each line longer than `width` broken into lines that fit, as `mode` allows. */
export function wrapCell(cell: string, width: number, mode: WrapMode): string {
  if (mode === 'none' || measureCell(cell) <= width) return cell;
  return cell
    .split('\n')
    .flatMap((line) => (displayWidth(line) <= width ? [line] : wrapLine(line, Math.max(1, width), mode)))
    .join('\n');
}

function wrapLine(line: string, width: number, mode: WrapMode): string[] {
  if (mode === 'chars') return withColours(breakAnywhere(pieces(line), width));
  const lines: Piece[][] = [];
  let current: Piece[] = [];
  let used = 0;
  let word: Piece[] = [];
  let wordWidth = 0;
  const endLine = (): void => {
    lines.push(current);
    current = [];
    used = 0;
  };
  const placeWord = (): void => {
    if (word.length === 0) return;
    const gap = current.length > 0 ? 1 : 0;
    if (used + gap + wordWidth <= width) {
      if (gap) current.push(SPACE);
      current.push(...word);
      used += gap + wordWidth;
    } else {
      if (current.length > 0) endLine();
      // A word too long for the column is broken after a hyphen or slash where one fits, else where it must.
      let rest = word;
      let restWidth = wordWidth;
      while (restWidth > width && mode === 'text') {
        let taken = 0;
        let takenWidth = 0;
        let hyphen = 0;
        let hyphenWidth = 0;
        while (taken < rest.length && takenWidth + rest[taken]!.width <= width) {
          takenWidth += rest[taken]!.width;
          taken++;
          if (BREAKS_AFTER.has(rest[taken - 1]!.text) && taken < rest.length) [hyphen, hyphenWidth] = [taken, takenWidth];
        }
        // Not so early that the line is left mostly empty (`e-` of `engine-rest`).
        if (hyphen > 0 && hyphenWidth * 2 >= width) [taken, takenWidth] = [hyphen, hyphenWidth];
        // A character wider than the column (a wide one in a column of one) goes on a line of its own.
        if (taken === 0) [taken, takenWidth] = [1, rest[0]!.width];
        lines.push(rest.slice(0, taken));
        rest = rest.slice(taken);
        restWidth -= takenWidth;
      }
      current = rest;
      used = restWidth;
    }
    word = [];
    wordWidth = 0;
  };
  for (const piece of pieces(line)) {
    if (piece.text === ' ') placeWord();
    else {
      word.push(piece);
      wordWidth += piece.width;
    }
  }
  placeWord();
  if (current.length > 0) endLine();
  return withColours(lines);
}

const SPACE: Piece = { text: ' ', width: 1 };

/** Lines of at most `width` columns, each as full as it goes; a character wider than that gets a line of its own. */
function breakAnywhere(line: readonly Piece[], width: number): Piece[][] {
  const lines: Piece[][] = [];
  let current: Piece[] = [];
  let used = 0;
  for (const piece of line) {
    if (used > 0 && used + piece.width > width) {
      lines.push(current);
      current = [];
      used = 0;
    }
    current.push(piece);
    used += piece.width;
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

/** Where a word too long for its column breaks best: after a hyphen, or a slash of a URL or path. */
const BREAKS_AFTER = new Set(['-', '/']);

/**
 * The lines of a wrapped cell as text. A colour that spans a break is closed at the end of the line
 * and opened again on the next, so that the box drawing between them keeps the terminal's colour.
 */
function withColours(lines: readonly (readonly Piece[])[]): string[] {
  let open: string[] = [];
  return lines.map((line) => {
    let text = open.join('');
    for (const piece of line) {
      text += piece.text;
      if (piece.width === 0 && piece.text.startsWith('\u001b[')) open = afterCode(open, piece.text);
    }
    return open.length > 0 ? `${text}\u001b[0m` : text;
  });
}

/** What each closing SGR code ends: 22 bold and dim, 39 the foreground colour, and so on. */
const CLOSES: Readonly<Record<number, (code: number) => boolean>> = {
  22: (code) => code === 1 || code === 2,
  23: (code) => code === 3,
  24: (code) => code === 4,
  27: (code) => code === 7,
  28: (code) => code === 8,
  29: (code) => code === 9,
  39: (code) => (code >= 30 && code <= 38) || (code >= 90 && code <= 97),
  49: (code) => (code >= 40 && code <= 48) || (code >= 100 && code <= 107),
};

const firstParameter = (code: string): number => Number(code.slice(2, -1).split(';')[0] || 0);

/** The colour codes in force after `code`. */
function afterCode(open: readonly string[], code: string): string[] {
  const parameter = firstParameter(code);
  if (parameter === 0) return [];
  const closes = CLOSES[parameter];
  return closes ? open.filter((opened) => !closes(firstParameter(opened))) : [...open, code];
}

/** Draws rows with fixed column widths: the lines of a compact cli-table3 table with those widths. */
class TableWriter {
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
class RecordWriter {
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
