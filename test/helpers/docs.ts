/**
 * Example output in docs/*.md, for tests that compare it with what the tool prints: a line of a
 * fenced code block, where `…` stands for text the example leaves out (an id, a path, a count).
 */
import { readFileSync } from 'node:fs';

/** The first line of a fenced code block in docs/`file` that starts with `start` (white space before it ignored). */
export function documentedLine(file: string, start: string): string {
  const text = readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8');
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced && line.trimStart().startsWith(start)) return line.trimStart();
  }
  throw new Error(`docs/${file} has no example line starting with '${start}'`);
}

/** A pattern of the documented line: `…` matches any text, everything else itself, over the whole line. */
function documentedPattern(line: string): RegExp {
  return new RegExp(
    `^${line
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?')}$`,
  );
}

/** Whether one of `output`'s lines is the documented one. */
export function showsDocumentedLine(output: string, file: string, start: string): boolean {
  const pattern = documentedPattern(documentedLine(file, start));
  return output.split('\n').some((line) => pattern.test(line));
}

/** The cells of a documented table row (`│ a │ b │`), trimmed; `…` in them as in documentedPattern. */
function documentedCells(file: string, start: string): string[] {
  return cellsOf(documentedLine(file, start));
}

function cellsOf(row: string): string[] {
  return row
    .split('│')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** Whether `output` has a table row whose cells are the documented row's. */
export function showsDocumentedRow(output: string, file: string, start: string): boolean {
  const patterns = documentedCells(file, start).map(documentedPattern);
  return output.split('\n').some((line) => {
    const cells = cellsOf(line);
    return cells.length === patterns.length && cells.every((cell, index) => patterns[index]!.test(cell));
  });
}
