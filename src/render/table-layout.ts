/**
 * The column widths of a boxed table (and of records, when its columns cannot sit side by side),
 * fitted to the terminal.
 */
import type { Heading } from './columns.js';
import type { TableFormat } from './style.js';
import { longestWord, measureCell } from './table-width.js';

/**
 * The narrowest a free-text column is made before a table falls back to records. Narrower, a
 * sentence becomes a column of single words.
 */
const MIN_TEXT_WIDTH = 12;

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
export function layOut(headings: readonly Heading[], lines: readonly (readonly string[])[], format: TableFormat, titled: boolean, sampled = false): Layout {
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

export const sum = (numbers: readonly number[]): number => numbers.reduce((total, value) => total + value, 0);

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

/**
 * The widths of the name and the value column of records (or of fields too wide to sit side by side)
 * in `width` columns. The names keep their width unless narrowing them, down to their longest word,
 * makes room for the widest value that must not break (`unbreakable`); on a narrow terminal they
 * give way further, so that the values keep some room.
 */
export function recordWidths(names: readonly string[], unbreakable: number, width: number): [number, number] {
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
