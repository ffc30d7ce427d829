/** A before/after change as `update` commands print it: changed fields marked, the request on --dry-run. */
import type { Cell } from './table.js';
import { renderTable } from './table.js';
import type { Style } from './style.js';

export interface ChangeResult<F extends string, B, V = Cell> {
  id: string;
  changed: boolean;
  dryRun: boolean;
  /** Values as json and yaml print them; `show` makes a table cell of each. */
  diff: { field: F; before: V; after: V; changed: boolean }[];
  /** What is (or would be) sent; null when nothing changes. */
  request: { method: string; url: string; body: B } | null;
}

export function renderChange<F extends string, B, V = Cell>(result: ChangeResult<F, B, V>, style: Style, show: (field: F, value: V) => Cell = (_field, value) => value as Cell): string {
  // Values are ids and permission names: wrapped between words only.
  const table = renderTable(
    [
      { name: 'Field', keepWords: true },
      { name: 'Before', keepWords: true },
      { name: 'After', keepWords: true },
    ],
    result.diff.map((field) => [
      field.changed ? style.yellow(`* ${field.field}`) : `  ${field.field}`,
      show(field.field, field.before),
      field.changed ? style.bold(String(show(field.field, field.after) ?? '-')) : show(field.field, field.after),
    ]),
    style,
  );
  if (result.dryRun && result.request) return `${table}\n${result.request.method} ${result.request.url}\n${JSON.stringify(result.request.body, null, 2)}`;
  return table;
}
