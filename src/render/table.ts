/** Tables with cli-table3. Borders and headings are never coloured unless colour is on. */
import Table from 'cli-table3';
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

export function renderTable(head: readonly string[], rows: readonly (readonly Cell[])[], style: Style): string {
  const table = new Table({
    head: head.map((heading) => style.bold(heading)),
    chars: COMPACT,
    style: { head: [], border: [] },
  });
  for (const row of rows) table.push(row.map(text));
  return table.toString();
}

/** A single object as a two-column table: one row per field. */
export function renderFields(fields: readonly (readonly [string, Cell])[], style: Style): string {
  const table = new Table({ chars: COMPACT, style: { head: [], border: [] } });
  for (const [name, value] of fields) table.push({ [style.bold(name)]: text(value) });
  return table.toString();
}
