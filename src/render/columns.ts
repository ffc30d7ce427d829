/**
 * The shapes of a table's columns and cells, shared by the views (render/*.ts), Output and the table
 * writer (render/table*.ts), which therefore need not import each other for their types.
 */
import type { Style } from './style.js';

export type Cell = string | number | boolean | null | undefined;

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

export const toHeading = (head: HeadingLike): Heading => (typeof head === 'string' ? { name: head } : head);

/** One column of a list: its heading, and its cell for an item. */
export interface Column<T> extends Heading {
  value(item: T, style: Style): Cell;
}
