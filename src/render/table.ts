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
 * The box is drawn by table-draw.ts, not by cli-table3: its layout is quadratic in rows and it
 * measures every cell several times (docs/performance.md); test/unit/table.test.ts compares the two.
 */
import type { Column } from './columns.js';
import type { View } from './output.js';
import { renderTable } from './table-draw.js';

// The table writer's parts, one job each: table-layout (widths), table-wrap (wrapping cells),
// table-draw (boxes, records, tab-separated lines), table-stream (tables drawn as their rows come).
export type { Cell, Column, Heading, HeadingLike } from './columns.js';
export { renderFields, renderTable } from './table-draw.js';
export { SAMPLE_ROWS, type StreamOptions, streamTable } from './table-stream.js';
export { wrapCell } from './table-wrap.js';

/** A list's view from its columns: Output.list can then draw a long list as its pages come (streamTable). */
export function listView<T>(columns: readonly Column<T>[], empty: string): View<T[]> & { readonly columns: readonly Column<T>[]; readonly empty: string } {
  return {
    columns,
    empty,
    table(rows, style) {
      if (rows.length === 0) return empty;
      return renderTable(
        columns,
        rows.map((item) => columns.map((column) => column.value(item, style))),
        style,
      );
    },
  };
}
