/**
 * Cells wrapped to their column's width, as the column allows (between words, at any character or
 * not at all), keeping the colours of the text across the breaks.
 */
import stringWidth from 'string-width';
import type { Heading } from './columns.js';
import { COLOUR_CODE, displayWidth, measureCell, ONE_COLUMN_EACH } from './table-width.js';

/**
 * 'text' wraps between words and inside a word too long for the column (after a hyphen or slash if it can);
 * 'words' only between words; 'chars' at any character, each line as full as it goes (an id: its lines
 * joined give it back, spaces included); 'none' never.
 */
export type WrapMode = 'text' | 'words' | 'chars' | 'none';

/** A piece of a line: a character (a grapheme) and the columns it takes, or a colour code, which takes none. */
interface Piece {
  readonly text: string;
  readonly width: number;
}

let graphemes: Intl.Segmenter | undefined;

function pieces(line: string): Piece[] {
  const out: Piece[] = [];
  const add = (part: string): void => {
    if (ONE_COLUMN_EACH.test(part)) for (const character of part) out.push({ text: character, width: 1 });
    else for (const { segment } of (graphemes ??= new Intl.Segmenter()).segment(part)) out.push({ text: segment, width: stringWidth(segment) });
  };
  let last = 0;
  for (const match of line.matchAll(COLOUR_CODE)) {
    add(line.slice(last, match.index));
    out.push({ text: match[0], width: 0 });
    last = match.index + match[0].length;
  }
  add(line.slice(last));
  return out;
}

/** `cell` with each line longer than `width` broken into lines that fit, as `mode` allows. */
export function wrapCell(cell: string, width: number, mode: WrapMode): string {
  if (mode === 'none' || measureCell(cell) <= width) return cell;
  return cell
    .split('\n')
    .flatMap((line) => (displayWidth(line) <= width ? [line] : wrapLine(line, Math.max(1, width), mode)))
    .join('\n');
}

function wrapLine(line: string, width: number, mode: WrapMode): string[] {
  if (mode === 'chars') return withColours(breakAnywhere(pieces(line), width));
  const lines: Piece[][] = [];
  let current: Piece[] = [];
  let used = 0;
  let word: Piece[] = [];
  let wordWidth = 0;
  const endLine = (): void => {
    lines.push(current);
    current = [];
    used = 0;
  };
  const placeWord = (): void => {
    if (word.length === 0) return;
    const gap = current.length > 0 ? 1 : 0;
    if (used + gap + wordWidth <= width) {
      if (gap) current.push(SPACE);
      current.push(...word);
      used += gap + wordWidth;
    } else {
      if (current.length > 0) endLine();
      // A word too long for the column is broken after a hyphen or slash where one fits, else where it must.
      let rest = word;
      let restWidth = wordWidth;
      while (restWidth > width && mode === 'text') {
        let taken = 0;
        let takenWidth = 0;
        let hyphen = 0;
        let hyphenWidth = 0;
        while (taken < rest.length && takenWidth + rest[taken]!.width <= width) {
          takenWidth += rest[taken]!.width;
          taken++;
          if (BREAKS_AFTER.has(rest[taken - 1]!.text) && taken < rest.length) [hyphen, hyphenWidth] = [taken, takenWidth];
        }
        // Not so early that the line is left mostly empty (`e-` of `engine-rest`).
        if (hyphen > 0 && hyphenWidth * 2 >= width) [taken, takenWidth] = [hyphen, hyphenWidth];
        // A character wider than the column (a wide one in a column of one) goes on a line of its own.
        if (taken === 0) [taken, takenWidth] = [1, rest[0]!.width];
        lines.push(rest.slice(0, taken));
        rest = rest.slice(taken);
        restWidth -= takenWidth;
      }
      current = rest;
      used = restWidth;
    }
    word = [];
    wordWidth = 0;
  };
  for (const piece of pieces(line)) {
    if (piece.text === ' ') placeWord();
    else {
      word.push(piece);
      wordWidth += piece.width;
    }
  }
  placeWord();
  if (current.length > 0) endLine();
  return withColours(lines);
}

const SPACE: Piece = { text: ' ', width: 1 };

/** Lines of at most `width` columns, each as full as it goes; a character wider than that gets a line of its own. */
function breakAnywhere(line: readonly Piece[], width: number): Piece[][] {
  const lines: Piece[][] = [];
  let current: Piece[] = [];
  let used = 0;
  for (const piece of line) {
    if (used > 0 && used + piece.width > width) {
      lines.push(current);
      current = [];
      used = 0;
    }
    current.push(piece);
    used += piece.width;
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

/** Where a word too long for its column breaks best: after a hyphen, or a slash of a URL or path. */
const BREAKS_AFTER = new Set(['-', '/']);

/**
 * The lines of a wrapped cell as text. A colour that spans a break is closed at the end of the line
 * and opened again on the next, so that the box drawing between them keeps the terminal's colour.
 */
function withColours(lines: readonly (readonly Piece[])[]): string[] {
  let open: string[] = [];
  return lines.map((line) => {
    let text = open.join('');
    for (const piece of line) {
      text += piece.text;
      if (piece.width === 0 && piece.text.startsWith('\u001b[')) open = afterCode(open, piece.text);
    }
    return open.length > 0 ? `${text}\u001b[0m` : text;
  });
}

/** What each closing SGR code ends: 22 bold and dim, 39 the foreground colour, and so on. */
const CLOSES: Readonly<Record<number, (code: number) => boolean>> = {
  22: (code) => code === 1 || code === 2,
  23: (code) => code === 3,
  24: (code) => code === 4,
  27: (code) => code === 7,
  28: (code) => code === 8,
  29: (code) => code === 9,
  39: (code) => (code >= 30 && code <= 38) || (code >= 90 && code <= 97),
  49: (code) => (code >= 40 && code <= 48) || (code >= 100 && code <= 107),
};

const firstParameter = (code: string): number => Number(code.slice(2, -1).split(';')[0] || 0);

/** The colour codes in force after `code`. */
function afterCode(open: readonly string[], code: string): string[] {
  const parameter = firstParameter(code);
  if (parameter === 0) return [];
  const closes = CLOSES[parameter];
  return closes ? open.filter((opened) => !closes(firstParameter(opened))) : [...open, code];
}

/** The rows with each cell wrapped to its column's width, as the column allows; a heading row wraps between words. */
export function wrapRows(rows: readonly (readonly string[])[], headings: readonly Heading[], widths: readonly number[], titled: boolean): string[][] {
  return rows.map((row, rowIndex) =>
    row.map((cell, index) => {
      const heading = headings[index];
      const mode: WrapMode = titled && rowIndex === 0 ? 'words' : heading?.whole ? 'none' : heading?.keepWords ? 'words' : 'text';
      return wrapCell(cell, widths[index] ?? 0, mode);
    }),
  );
}
