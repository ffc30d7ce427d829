/** Where a JSON or YAML syntax error is, for `file:line:column:` messages. */

export function jsonSyntaxProblem(text: string): { offset: number; message: string } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    return {
      offset: position ? Number(position[1]) : 0,
      message: message.replace(/\s*(in JSON )?at position \d+.*$/s, '').replace(/^JSON\.parse: /, ''),
    };
  }
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
