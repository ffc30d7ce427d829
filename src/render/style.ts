/**
 * How text looks on one stream: colour, and how tables are laid out. Decided once per run for
 * stdout and once for stderr, each by whether that stream is a terminal. chalk is only loaded when
 * colour is on.
 */

/**
 * How a stream shows tables (render/table.ts). On a terminal, `boxed`: box drawing, fitted to
 * `width` (the terminal's columns) unless `-o wide`. Off a terminal, `tabs`: one line per row, its
 * cells separated by tabs, nothing shortened or wrapped, so `cut -f`, `awk -F'\t'` and `grep` work.
 */
export interface TableFormat {
  readonly kind: 'boxed' | 'tabs';
  /** The columns a line may take; undefined: as wide as the cells (-o wide, or not a terminal). */
  readonly width: number | undefined;
  /** false with --no-headers: no heading row. */
  readonly headers: boolean;
}

/** Box drawing as wide as the cells, with headings: tables as drawn before they were fitted. */
const UNFITTED: TableFormat = { kind: 'boxed', width: undefined, headers: true };

export interface Style {
  readonly enabled: boolean;
  readonly table: TableFormat;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const identity = (text: string): string => text;

export const plainStyle: Style = {
  enabled: false,
  table: UNFITTED,
  bold: identity,
  dim: identity,
  red: identity,
  green: identity,
  yellow: identity,
  cyan: identity,
};

/** `style` with another table format. */
export function withTable(style: Style, table: TableFormat): Style {
  return { ...style, table };
}

export async function colorStyle(table: TableFormat = UNFITTED): Promise<Style> {
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return {
    enabled: true,
    table,
    bold: (text) => chalk.bold(text),
    dim: (text) => chalk.dim(text),
    red: (text) => chalk.red(text),
    green: (text) => chalk.green(text),
    yellow: (text) => chalk.yellow(text),
    cyan: (text) => chalk.cyan(text),
  };
}

export interface ColorInputs {
  /** false with --no-color */
  colorFlag: boolean;
  /** What the stream carries: stderr always carries text for people ('table'). */
  format: 'table' | 'json' | 'yaml';
  env: NodeJS.ProcessEnv;
  /** Whether this stream (not another one) is a terminal. */
  isTTY: boolean;
}

/**
 * Colour for one stream: only when that stream is a terminal, and never with --no-color, NO_COLOR
 * (any non-empty value, see no-color.org), CI set, or machine-readable output on it.
 */
export function useColor({ colorFlag, format, env, isTTY }: ColorInputs): boolean {
  if (!colorFlag || format !== 'table' || !isTTY) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false') return false;
  if (env.TERM === 'dumb') return false;
  return true;
}
