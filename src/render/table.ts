/**
 * Tables, as cli-table3 draws them. Borders and headings are never coloured unless colour is on.
 * Tables of plain one-line ASCII cells (nearly all we print) are drawn here with the same text:
 * cli-table3 measures every cell several times with string-width, which builds its regular
 * expressions anew on each call, and its layout is quadratic in rows (docs/performance.md).
 */
import Table from 'cli-table3';
import stringWidth from 'string-width';
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
