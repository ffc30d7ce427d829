/** How wide text is on a terminal: colour codes take no columns, wide characters two. */
import stringWidth from 'string-width';

/** Colour codes; what is left of a plain cell is one column per character. */
// eslint-disable-next-line no-control-regex -- colour codes start with ESC
export const COLOUR_CODE = /\u001b\[(?:\d*;){0,5}\d*m/g;
export const ONE_COLUMN_EACH = /^[\x20-\x7e]*$/;

/** Columns of a line as the terminal shows it: colour codes take none, wide characters two. */
export function displayWidth(line: string): number {
  const visible = line.includes('\u001b') ? line.replace(COLOUR_CODE, '') : line;
  return ONE_COLUMN_EACH.test(visible) ? visible.length : stringWidth(visible);
}

/** The widest line of a cell. */
export function measureCell(cell: string): number {
  if (!cell.includes('\n')) return displayWidth(cell);
  let width = 0;
  for (const line of cell.split('\n')) width = Math.max(width, displayWidth(line));
  return width;
}

/** The widest word of a cell (words end at spaces and line breaks). */
export function longestWord(cell: string): number {
  let width = 0;
  for (const word of cell.split(/[ \n]/)) width = Math.max(width, displayWidth(word));
  return width;
}
