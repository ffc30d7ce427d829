/**
 * Where everything goes: data to stdout (table, json or yaml), everything else to stderr.
 * Knows nothing about HTTP.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { visibleControls, visibleData } from '../util/text.js';
import { plainStyle, type Style } from './style.js';
import type { Cell, Column } from './columns.js';

/** Records per JSON text written: small enough that V8 keeps the text out of its large-object space, which only a full GC frees. */
const JSON_SLICE = 100;

export type OutputFormat = 'table' | 'json' | 'yaml';

/** How one kind of data looks as a table; json and yaml print the data itself. */
export interface View<T> {
  table(data: T, style: Style): string;
}

/** A list's view; with columns (render/table.ts listView), a long list is drawn as its pages come. */
export interface ListView<T> extends View<T[]> {
  readonly columns?: readonly Column<T>[];
  /** What an empty list says ("no groups"): on stdout on a terminal, on stderr off one, where stdout carries only rows. */
  readonly empty?: string;
}

export interface OutputSettings {
  format: OutputFormat;
  /** Colour and tables on stdout. */
  style: Style;
  /** Colour and tables on stderr (errors, warnings, --verbose logs, failure reports); no colour when not given. */
  stderrStyle?: Style;
  quiet: boolean;
  verbose: boolean;
  stdout: Writable;
  stderr: Writable;
}

/** The view of data that has no table: machineOnly and id print it only as json or yaml. */
const NO_TABLE: View<unknown> = { table: () => '' };

export class Output {
  readonly format: OutputFormat;
  readonly style: Style;
  readonly stderrStyle: Style;
  readonly quiet: boolean;
  readonly verbose: boolean;
  private readonly stdout: Writable;
  private readonly stderr: Writable;

  constructor(settings: OutputSettings) {
    this.format = settings.format;
    this.style = settings.style;
    this.stderrStyle = settings.stderrStyle ?? plainStyle;
    this.quiet = settings.quiet;
    this.verbose = settings.verbose;
    this.stdout = settings.stdout;
    this.stderr = settings.stderr;
  }

  get machineReadable(): boolean {
    return this.format !== 'table';
  }

  /** Prints data in the chosen format. json/yaml print `data` as it is (the engine's object unchanged). */
  async data<T>(data: T, view: View<T>): Promise<void> {
    this.stdout.write(await this.serialize(data, view));
  }

  /**
   * A created object: with -o json/yaml the object, in a table its id alone on a line, which a
   * script can take with $(…); what was done is said on stderr.
   */
  async id<T>(data: T, id: string): Promise<void> {
    if (this.machineReadable) await this.data(data, NO_TABLE);
    else this.raw(`${id}\n`);
  }

  /** Data for scripts alone: printed with -o json/yaml, nothing in a table. `data` is called only then (it may ask the engine). */
  async machineOnly<T>(data: () => T | Promise<T>): Promise<void> {
    if (this.machineReadable) await this.data(await data(), NO_TABLE);
  }

  /** A table for people alone: with -o json/yaml nothing (scripts get their data from machineOnly). */
  async tableOnly<T>(data: T, view: View<T>): Promise<void> {
    if (!this.machineReadable) await this.data(data, view);
  }

  async serialize<T>(data: T, view: View<T>): Promise<string> {
    switch (this.format) {
      case 'json':
        return `${JSON.stringify(data, null, 2)}\n`;
      case 'yaml': {
        const { toYaml } = await import('./yaml.js');
        return toYaml(data);
      }
      case 'table': {
        const table = this.tableText(view, data);
        return table.endsWith('\n') ? table : `${table}\n`;
      }
    }
  }

  /**
   * A list given page by page, streamed: json and yaml are written as the pages come (flat memory for
   * --all over many pages; json in slices of JSON_SLICE records). The json is the same text as
   * `JSON.stringify(allRows, null, 2)`. A table of a view with columns is tab-separated lines as the
   * pages come when stdout is not a terminal; on one it takes its widths from the first SAMPLE_ROWS
   * rows and is then written a page at a time (streamTable). A table of no more rows, or of a view
   * without columns (a chart), is drawn from all rows at once.
   */
  async list<T>(pages: AsyncIterable<readonly T[]> | Iterable<readonly T[]>, view: ListView<T>): Promise<number> {
    let count = 0;
    if (this.format === 'table') {
      const columns = view.columns;
      if (columns === undefined) {
        const collected: T[] = [];
        for await (const page of pages) for (const item of page) collected.push(item);
        await this.data(collected, view);
        return collected.length;
      }
      const { SAMPLE_ROWS, streamTable } = await import('./table-stream.js');
      const style = this.style;
      async function* cells(columns: readonly Column<T>[]): AsyncGenerator<Cell[][]> {
        for await (const page of pages) {
          count += page.length;
          // Control characters escaped, as tableText does for whole tables.
          yield visibleData(page).map((item) => columns.map((column) => column.value(item, style)));
        }
      }
      // Rows already in hand (one page, --max) are laid out whole: nothing is saved by sampling them.
      const sampleRows = Array.isArray(pages) ? Number.POSITIVE_INFINITY : SAMPLE_ROWS;
      for await (const text of streamTable(columns, cells(columns), style, { sampleRows })) await this.write(text);
      if (count === 0) {
        // Off a terminal stdout carries rows only: `… | wc -l` counts none, as kubectl does.
        if (style.table.kind === 'tabs' && view.empty !== undefined) this.info(view.empty);
        else await this.data([], view);
      }
      return count;
    }
    if (this.format === 'json') {
      for await (const page of pages) {
        for (let start = 0; start < page.length; start += JSON_SLICE) {
          const slice = page.slice(start, start + JSON_SLICE);
          // "[\n  item,\n  item\n]": the items, indented as array elements, without the brackets.
          const items = JSON.stringify(slice, null, 2).slice(2, -2);
          // Two writes: joined, the text would be copied once more.
          this.stdout.write(count === 0 ? '[\n' : ',\n');
          await this.write(items);
          count += slice.length;
        }
      }
      this.stdout.write(count === 0 ? '[]\n' : '\n]\n');
      return count;
    }
    const { toYaml } = await import('./yaml.js');
    for await (const page of pages) {
      if (page.length === 0) continue;
      await this.write(toYaml(page));
      count += page.length;
    }
    if (count === 0) this.stdout.write('[]\n');
    return count;
  }

  /** Waits for the pipe to drain when it is full, so a slow reader does not make us buffer everything. */
  private async write(text: string): Promise<void> {
    if (!this.stdout.write(text)) await once(this.stdout, 'drain');
  }

  /** Data that is already text in its final format (a plan file). */
  raw(text: string): void {
    this.stdout.write(text);
  }

  /** Details of a failure (a report table) on stderr, before its error line; shown even with --quiet. */
  detail(text: string): void {
    this.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Details of a failure as a view's table, on stderr and laid out for it, before its error line; shown even with --quiet. */
  detailTable<T>(view: View<T>, data: T): void {
    this.detail(view.table(visibleData(data), this.stderrStyle));
  }

  /**
   * A view's table for stdout. The data is copied with its control characters escaped before
   * the view sees it, so a name from the engine can neither drive the terminal nor split a row, while
   * the colours the view adds stay. Every table goes through here; json and yaml stay exact.
   */
  tableText<T>(view: View<T>, data: T): string {
    return view.table(visibleData(data), this.style);
  }

  /** Progress and confirmations of what was done; suppressed by --quiet. One line, like warnings and errors. */
  info(message: string): void {
    if (!this.quiet) this.stderr.write(`${visibleControls(message)}\n`);
  }

  warn(message: string): void {
    this.stderr.write(`${this.stderrStyle.yellow('warning:')} ${visibleControls(message)}\n`);
  }

  /**
   * One line per problem: scripts grep it and humans read it. Messages quote the engine and the
   * user's files, so control characters in a line are shown escaped; only a message of several
   * problems (a plan file's) has several lines.
   */
  error(message: string, hint?: string): void {
    const lines = message.split('\n').map(visibleControls).join('\n');
    this.stderr.write(`${this.stderrStyle.red('error:')} ${lines}${hint ? ` (${visibleControls(hint)})` : ''}\n`);
  }

  /** --verbose diagnostics. */
  debug(message: string): void {
    if (this.verbose) this.stderr.write(`${this.stderrStyle.dim(message.split('\n').map(visibleControls).join('\n'))}\n`);
  }
}

export function plainOutput(stdout: Writable, stderr: Writable): Output {
  return new Output({ format: 'table', style: plainStyle, quiet: false, verbose: false, stdout, stderr });
}
