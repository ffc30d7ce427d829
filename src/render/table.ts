/** Tables with cli-table3. Borders and headings are never coloured unless colour is on. */
import Table from 'cli-table3';
import { strlen } from 'cli-table3/src/utils.js';
import type { Style } from './style.js';

export type Cell = string | number | boolean | null | undefined;

/** How an absent value looks in a table. */
export const EMPTY = '-';

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

/** A single object as a two-column table: one row per field. */
export function renderFields(fields: readonly (readonly [string, Cell])[], style: Style): string {
  const table = new Table({ chars: COMPACT, style: { head: [], border: [] } });
  for (const [name, value] of fields) table.push({ [style.bold(name)]: text(value) });
  return table.toString();
}
