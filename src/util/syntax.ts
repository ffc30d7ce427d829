/** Where a JSON or YAML syntax error is, for `file:line:column:` messages. */
import { visibleControls } from './text.js';

/**
 * The first syntax error of JSON text: where it is, and JSON.parse's message cut to one line. V8
 * gives a position only in some messages: "Unexpected token" quotes a stretch of the text instead
 * (line breaks and all), and "Unexpected end of JSON input" says nothing; then a scan finds it.
 */
export function jsonSyntaxProblem(text: string): { offset: number; message: string } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : jsonErrorOffset(text);
    return {
      // Text that ends too early is wrong where its content ends, not on the empty line after it.
      offset: offset >= text.length ? text.trimEnd().length : offset,
      message: visibleControls(
        message
          .replace(/^JSON\.parse: /, '')
          .replace(/^(Unexpected token '[\s\S]+?'), (?:\.\.\.)?"[\s\S]*$/, '$1')
          .replace(/\s*(in JSON )?at position \d+[\s\S]*$/, '')
          .split('\n')[0]!,
      ),
    };
  }
}

/**
 * The offset of the first character that makes `text` not JSON, by a scan of the grammar (RFC 8259).
 * When the text ends too early, the end of its last line with content.
 */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const end = () => text.trimEnd().length;
  const fail = (): never => {
    throw new JsonScanError(at >= text.length ? end() : at);
  };
  const space = () => {
    while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at++;
  };
  const digits = () => {
    const start = at;
    while (at < text.length && text[at]! >= '0' && text[at]! <= '9') at++;
    if (at === start) fail();
  };
  const literal = (word: string) => {
    for (const character of word) {
      if (text[at] !== character) fail();
      at++;
    }
  };
  const string = () => {
    at++; // the opening quote
    for (;;) {
      const character = text[at];
      if (character === undefined || character < ' ') fail();
      if (character === '"') {
        at++;
        return;
      }
      if (character === '\\') {
        at++;
        const escaped = text[at];
        if (escaped === 'u') {
          at++;
          for (let index = 0; index < 4; index++, at++) if (!/[0-9a-fA-F]/.test(text[at] ?? '')) fail();
          continue;
        }
        if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) fail();
      }
      at++;
    }
  };
  const value = (): void => {
    space();
    const character = text[at];
    if (character === '{') {
      at++;
      space();
      if (text[at] === '}') {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ':') fail();
        at++;
        value();
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') return void at++;
        else fail();
      }
    }
    if (character === '[') {
      at++;
      space();
      if (text[at] === ']') {
        at++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') return void at++;
        else fail();
      }
    }
    if (character === '"') return string();
    if (character === 't') return literal('true');
    if (character === 'f') return literal('false');
    if (character === 'n') return literal('null');
    if (character === '-' || (character !== undefined && character >= '0' && character <= '9')) {
      if (text[at] === '-') at++;
      if (text[at] === '0') at++;
      else digits();
      if (text[at] === '.') {
        at++;
        digits();
      }
      if (text[at] === 'e' || text[at] === 'E') {
        at++;
        if (text[at] === '+' || text[at] === '-') at++;
        digits();
      }
      return;
    }
    fail();
  };
  try {
    value();
    space();
    if (at < text.length) fail();
  } catch (error) {
    if (error instanceof JsonScanError) return error.offset;
    // Nesting deeper than the call stack (JSON.parse itself does not recurse): the text most likely
    // ends too early, as JSON.parse then says; point at its end rather than fail.
    if (error instanceof RangeError) return text.length;
    throw error;
  }
  return 0; // valid JSON: no error to point at
}

class JsonScanError {
  constructor(readonly offset: number) {}
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first line of a parser's message, without the position it repeats. */
export function firstLine(text: string): string {
  return (text.split('\n')[0] ?? text).replace(/ at line \d+, column \d+:?$/, '');
}

export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
