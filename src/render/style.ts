/** Colour, decided once per run. chalk is only loaded when colour is on. */

export interface Style {
  readonly enabled: boolean;
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
  bold: identity,
  dim: identity,
  red: identity,
  green: identity,
  yellow: identity,
  cyan: identity,
};

export async function colorStyle(): Promise<Style> {
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return {
    enabled: true,
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
  format: 'table' | 'json' | 'yaml';
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
}

/**
 * Colour only on a terminal, and never with --no-color, NO_COLOR (any non-empty value, see
 * no-color.org), CI set, or machine-readable output.
 */
export function useColor({ colorFlag, format, env, isTTY }: ColorInputs): boolean {
  if (!colorFlag || format !== 'table' || !isTTY) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false') return false;
  if (env.TERM === 'dumb') return false;
  return true;
}
