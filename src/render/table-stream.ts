/** Tables drawn as their rows come (Output.list of a long list): widths from a sample of the first rows. */
import type { Cell, Heading, HeadingLike } from './columns.js';
import { toHeading } from './columns.js';
import type { Style } from './style.js';
import { cellText, RecordWriter, renderTable, TableWriter, tabbed } from './table-draw.js';
import { layOut } from './table-layout.js';
import { measureCell } from './table-width.js';
import { wrapCell, wrapRows } from './table-wrap.js';

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
      if (!started && format.headers)
        yield `${tabbed(
          headings.map((heading) => heading.name),
          [],
        ).join('')}\n`;
      started = true;
      for (let start = 0; start < page.length; start += SLICE_ROWS)
        yield `${tabbed(
          undefined,
          page.slice(start, start + SLICE_ROWS).map((row) => row.map(cellText)),
        ).join('\n')}\n`;
    }
    return;
  }
  const title = headings.map((heading) => style.bold(heading.name));
  const sample: string[][] = [];
  let write: ((rows: readonly (readonly string[])[]) => string) | undefined;
  let bottom = '';
  for await (const page of pages) {
    let rows = page.map((row) => row.map(cellText));
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
