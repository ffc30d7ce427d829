/**
 * Every command's help, exactly as commander prints it when not on a terminal, keyed by command
 * path ("" for the root, "auth get"). scripts/build.mjs writes them to dist/help.json, from which
 * bin/camunda-admin.cjs answers `… --help` without loading the command tree (docs/performance.md).
 */
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { buildProgram } from './cli.js';

/** Off a terminal commander lays help out for 80 columns; on one, for the terminal's width. */
const PIPED_HELP_WIDTH = 80;

export function renderHelpPages(): Record<string, string> {
  let captured = '';
  const sink = new PassThrough();
  const { program } = buildProgram({ stdout: sink, stderr: sink, stdin: new PassThrough(), env: {}, cwd: '/' });
  const pages: Record<string, string> = {};
  const visit = (command: Command, path: readonly string[]): void => {
    command.configureOutput({ writeOut: (text) => (captured += text), getOutHelpWidth: () => PIPED_HELP_WIDTH, getOutHasColors: () => false });
    captured = '';
    command.outputHelp();
    pages[path.join(' ')] = captured;
    for (const child of command.commands) visit(child, [...path, child.name()]);
  };
  visit(program, []);
  return pages;
}
