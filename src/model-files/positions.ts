/**
 * Offsets in a text as lines and columns, both from 1, as editors and the engine count them: a line
 * ends at LF, CR LF or CR; a column counts UTF-16 code units from the line's start (what editors
 * jump to with `file:line:col`).
 */
export interface Position {
  line: number;
  column: number;
}

/**
 * Positions of offsets asked in rising order cost one pass over the text together; an offset before
 * the last one asked starts again from the beginning.
 */
export class LineCounter {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {}

  at(offset: number): Position {
    if (offset < this.offset) {
      this.offset = 0;
      this.line = 1;
      this.lineStart = 0;
    }
    const { text } = this;
    const target = Math.min(offset, text.length);
    for (let index = this.offset; index < target; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x0a || (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a)) {
        this.line++;
        this.lineStart = index + 1;
      }
    }
    this.offset = target;
    return { line: this.line, column: target - this.lineStart + 1 };
  }
}
