/**
 * Where everything goes: data to stdout (table, json or yaml), everything else to stderr.
 * Knows nothing about HTTP.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { plainStyle, type Style } from './style.js';

export type OutputFormat = 'table' | 'json' | 'yaml';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'yaml'];

/** How one kind of data looks as a table; json and yaml print the data itself. */
export interface View<T> {
  table(data: T, style: Style): string;
}

export interface OutputSettings {
  format: OutputFormat;
  style: Style;
  quiet: boolean;
  verbose: boolean;
  stdout: Writable;
  stderr: Writable;
}

export class Output {
  readonly format: OutputFormat;
  readonly style: Style;
  readonly quiet: boolean;
  readonly verbose: boolean;
  private readonly stdout: Writable;
  private readonly stderr: Writable;

  constructor(settings: OutputSettings) {
    this.format = settings.format;
    this.style = settings.style;
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

  async serialize<T>(data: T, view: View<T>): Promise<string> {
    switch (this.format) {
      case 'json':
        return `${JSON.stringify(data, null, 2)}\n`;
      case 'yaml': {
        const { toYaml } = await import('./yaml.js');
        return toYaml(data);
      }
      case 'table': {
        const table = view.table(data, this.style);
        return table.endsWith('\n') ? table : `${table}\n`;
      }
    }
  }

  /**
   * A list, streamed: json and yaml are written item by item (flat memory for --all over many
   * pages); a table needs every row for its column widths, so it collects them.
   */
  async list<T>(rows: AsyncIterable<T> | Iterable<T>, view: View<T[]>): Promise<number> {
    let count = 0;
    if (this.format === 'table') {
      const collected: T[] = [];
      for await (const row of rows) collected.push(row);
      await this.data(collected, view);
      return collected.length;
    }
    if (this.format === 'json') {
      for await (const row of rows) {
        const item = JSON.stringify(row, null, 2).replace(/\n/g, '\n  ');
        await this.write(`${count === 0 ? '[\n  ' : ',\n  '}${item}`);
        count++;
      }
      this.stdout.write(count === 0 ? '[]\n' : '\n]\n');
      return count;
    }
    const { toYaml } = await import('./yaml.js');
    for await (const row of rows) {
      await this.write(toYaml([row]));
      count++;
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

  /** Progress and confirmations of what was done; suppressed by --quiet. */
  info(message: string): void {
    if (!this.quiet) this.stderr.write(`${message}\n`);
  }

  warn(message: string): void {
    this.stderr.write(`${this.style.yellow('warning:')} ${message}\n`);
  }

  /** One line, always: scripts grep it and humans read it. */
  error(message: string, hint?: string): void {
    this.stderr.write(`${this.style.red('error:')} ${message}${hint ? ` (${hint})` : ''}\n`);
  }

  /** --verbose diagnostics. */
  debug(message: string): void {
    if (this.verbose) this.stderr.write(`${this.style.dim(message)}\n`);
  }
}

export function plainOutput(stdout: Writable, stderr: Writable): Output {
  return new Output({ format: 'table', style: plainStyle, quiet: false, verbose: false, stdout, stderr });
}
