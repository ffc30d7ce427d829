/** A before/after change as `update` commands print it: changed fields marked, the request on --dry-run. */
import type { ObjectChange } from '../engine-objects/change.js';
import type { Cell } from './table.js';
import { renderTable } from './table.js';
import type { Style } from './style.js';

export type ChangeResult<F extends string, B, V = Cell> = ObjectChange<F, B, V>;

export function renderChange<F extends string, B, V = Cell>(
  result: ChangeResult<F, B, V>,
  style: Style,
  show: (field: F, value: V) => Cell = (_field, value) => value as Cell,
): string {
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

/** The line an update command ends with: no change, a dry run, or done (`noun`: user, group, tenant, authorization). */
export function updateSentence(noun: string, id: string, result: { changed: boolean; dryRun: boolean }): string {
  if (!result.changed) return `no change: ${noun} ${id} already looks like that; nothing was sent`;
  return result.dryRun ? 'dry run: nothing was sent' : `updated ${noun} ${id}`;
}
