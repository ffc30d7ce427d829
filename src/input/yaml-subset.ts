/**
 * A fast reader for the plain subset of YAML that generated and most hand-written files use: block
 * mappings and sequences, one-line flow collections, plain, single- and double-quoted one-line
 * scalars, comments. The yaml library takes about a second and 200 MB for an access file of 10,000
 * authorizations (docs/performance.md); this reads it in a few tens of milliseconds.
 *
 * It never guesses: anything outside the subset (anchors, tags, block scalars, multi-line scalars,
 * floats, duplicate keys, tabs, ...) gives undefined, and the caller reads the text with the yaml
 * library, which also places every problem. What it does read, it reads as the yaml library does
 * (core schema): test/unit/yaml-subset.test.ts compares the two.
 */

class Outside extends Error {}

/** Not in the subset: the caller falls back to the yaml library. */
function outside(): never {
  throw new Outside();
}

interface Line {
  indent: number;
  /** The content after the indentation, comment removed, trailing blanks trimmed. */
  text: string;
}

/** Deeper files are read by the library, which refuses them past src/input/limits.ts MAX_DEPTH with the place. */
const MAX_DEPTH = 32;

/** The data of `text`, or undefined when it is not in the subset. */
export function readYamlSubset(text: string): { value: unknown } | undefined {
  if (text.includes('\t') || /\r(?!\n)/.test(text)) return undefined;
  try {
    const lines: Line[] = [];
    for (const raw of text.split(/\r?\n/)) {
      const indent = raw.length - raw.trimStart().length;
      const content = withoutComment(raw.slice(indent)).trimEnd();
      if (content === '') continue;
      if (indent === 0 && (content.startsWith('---') || content.startsWith('...') || content.startsWith('%'))) outside();
      lines.push({ indent, text: content });
    }
    if (lines.length === 0) return undefined;
    const reader = new BlockReader(lines);
    const value = reader.node(0, 0);
    if (reader.at < lines.length) outside();
    return { value };
  } catch (error) {
    if (error instanceof Outside || error instanceof RangeError) return undefined;
    throw error;
  }
}

/** The line without a comment: ` #` outside quotes (or `#` at its start) begins one. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const character = line[index]!;
    if (quote !== undefined) {
      if (character === quote) {
        if (quote === "'" && line[index + 1] === "'") index++;
        else quote = undefined;
      } else if (character === '\\' && quote === '"') {
        index++;
      }
    } else if (character === '"' || character === "'") {
      // A quote starts a scalar only where a scalar starts; inside a plain scalar it is a character.
      if (index === 0 || /[\s[{,:-]/.test(line[index - 1]!)) quote = character;
    } else if (character === '#' && (index === 0 || line[index - 1] === ' ')) {
      return line.slice(0, index);
    }
  }
  if (quote !== undefined) outside();
  return line;
}

class BlockReader {
  at = 0;
  constructor(private readonly lines: Line[]) {}

  /** The block node whose first line is the current one, at indentation `indent`. */
  node(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH) outside();
    const line = this.lines[this.at];
    if (line === undefined || line.indent !== indent) outside();
    if (isSequenceEntry(line.text)) return this.sequence(indent, depth);
    if (keyOf(line.text) !== undefined) return this.mapping(indent, depth);
    // A lone scalar or flow collection as the whole document.
    this.at++;
    return inlineValue(line.text, depth);
  }

  private sequence(indent: number, depth: number): unknown[] {
    const items: unknown[] = [];
    for (let line = this.lines[this.at]; line !== undefined && line.indent === indent && isSequenceEntry(line.text); line = this.lines[this.at]) {
      const rest = line.text === '-' ? '' : line.text.slice(2);
      const restIndent = indent + 2 + (rest.length - rest.trimStart().length);
      const content = rest.trimStart();
      if (content === '') {
        this.at++;
        items.push(this.childOrNull(indent, depth, false));
      } else if (isSequenceEntry(content)) {
        outside();
      } else if (keyOf(content) !== undefined) {
        // A mapping that starts on the item's line: its keys line up with the first one.
        this.lines[this.at] = { indent: restIndent, text: content };
        items.push(this.mapping(restIndent, depth + 1));
      } else {
        this.at++;
        items.push(inlineValue(content, depth + 1));
        this.noContinuation(indent);
      }
    }
    return items;
  }

  private mapping(indent: number, depth: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    const seen = new Set<string>();
    for (let line = this.lines[this.at]; line !== undefined && line.indent === indent && !isSequenceEntry(line.text); line = this.lines[this.at]) {
      const entry = keyOf(line.text);
      if (entry === undefined) outside();
      if (seen.has(entry.key)) outside();
      seen.add(entry.key);
      this.at++;
      const value = entry.rest === '' ? this.childOrNull(indent, depth, true) : inlineValue(entry.rest, depth + 1);
      if (entry.rest !== '') this.noContinuation(indent);
      define(map, entry.key, value);
    }
    return map;
  }

  /** The block under a key or an item with nothing after it: deeper lines, or (for a key) a sequence at the same indentation. */
  private childOrNull(indent: number, depth: number, underKey: boolean): unknown {
    const next = this.lines[this.at];
    if (next !== undefined && next.indent > indent) return this.node(next.indent, depth + 1);
    if (underKey && next !== undefined && next.indent === indent && isSequenceEntry(next.text)) return this.sequence(indent, depth + 1);
    return null;
  }

  /** A value on its key's line is all of it: a deeper line after it would continue a multi-line scalar. */
  private noContinuation(indent: number): void {
    const next = this.lines[this.at];
    if (next !== undefined && next.indent > indent) outside();
  }
}

function isSequenceEntry(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

/** `key: rest` with a plain or quoted key; undefined when the line is no mapping entry. */
function keyOf(text: string): { key: string; rest: string } | undefined {
  // A flow collection is a value; as a key it would be YAML the subset leaves to the library.
  if (text.startsWith('[') || text.startsWith('{')) return undefined;
  let key: string;
  let after: number;
  if (text.startsWith('"') || text.startsWith("'")) {
    const quoted = readQuoted(text, 0);
    key = quoted.value;
    after = quoted.end;
    if (text[after] !== ':') return undefined;
  } else {
    const colon = text.search(/:(?: |$)/);
    if (colon <= 0) return undefined;
    const raw = text.slice(0, colon).trimEnd();
    if (startsLikeIndicator(raw) || raw.includes(' #')) outside();
    const resolved = plainScalar(raw, false);
    // yaml turns a key of 1 or true into the string "1" or "true"; the subset keeps to string keys,
    // and to the length YAML allows an implicit key.
    if (typeof resolved !== 'string' || raw.length > 1024) outside();
    key = resolved;
    after = colon;
  }
  if (after + 1 < text.length && text[after + 1] !== ' ') return undefined;
  return { key, rest: text.slice(after + 1).trim() };
}

function define(map: Record<string, unknown>, key: string, value: unknown): void {
  // A key named __proto__ is data, not the object's prototype.
  if (key === '__proto__') Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
  else map[key] = value;
}

/** A YAML indicator at the start (a sign before a digit is a number's). */
function startsLikeIndicator(text: string): boolean {
  return /^[-?:,[\]{}#&*!|>'"%@`]/.test(text) && !/^-[0-9]/.test(text);
}

/** A value on one line: a flow collection or a scalar. */
function inlineValue(text: string, depth: number): unknown {
  if (text.startsWith('[') || text.startsWith('{')) {
    const reader = new FlowReader(text);
    const value = reader.value(depth);
    reader.space();
    if (reader.at !== text.length) outside();
    return value;
  }
  if (text.startsWith('"') || text.startsWith("'")) {
    const quoted = readQuoted(text, 0);
    if (quoted.end !== text.length) outside();
    return quoted.value;
  }
  if (startsLikeIndicator(text) || text.includes(': ') || text.endsWith(':')) outside();
  return plainScalar(text, false);
}

/**
 * A plain scalar by the core schema, as far as the subset goes: null, booleans and whole numbers are
 * resolved; anything else that could be a number (floats, octal, hex, .inf) is left to the library.
 */
function plainScalar(text: string, inFlow: boolean): unknown {
  if (text === '' || text === '~' || text === 'null' || text === 'Null' || text === 'NULL') return null;
  if (text === 'true' || text === 'True' || text === 'TRUE') return true;
  if (text === 'false' || text === 'False' || text === 'FALSE') return false;
  if (/^(?:0|[-+]?[1-9][0-9]*)$/.test(text)) {
    const number = Number(text);
    if (!Number.isSafeInteger(number)) outside();
    return number;
  }
  if (/^[-+.]?[0-9.]/.test(text) || /^[-+]?\.(?:inf|nan)$/i.test(text)) outside();
  if (inFlow && /[,[\]{}]/.test(text)) outside();
  return text;
}

/** A quoted scalar starting at `start`, closed on the same line. */
function readQuoted(text: string, start: number): { value: string; end: number } {
  const quote = text[start]!;
  let index = start + 1;
  if (quote === "'") {
    let value = '';
    for (;;) {
      const close = text.indexOf("'", index);
      if (close === -1) outside();
      value += text.slice(index, close);
      if (text[close + 1] === "'") {
        value += "'";
        index = close + 2;
      } else {
        return { value, end: close + 1 };
      }
    }
  }
  for (; index < text.length; index++) {
    const character = text[index];
    if (character === '"') {
      const body = text.slice(start, index + 1);
      // Escapes JSON knows mean the same in YAML; YAML's others (\x, \e, \N, ...) go to the library.
      if (/\\(?!["\\/bfnrt]|u[0-9a-fA-F]{4})/.test(body)) outside();
      return { value: JSON.parse(body) as string, end: index + 1 };
    }
    if (character === '\\') index++;
  }
  return outside();
}

class FlowReader {
  at = 0;
  constructor(private readonly text: string) {}

  space(): void {
    while (this.text[this.at] === ' ') this.at++;
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) outside();
    this.space();
    const character = this.text[this.at];
    if (character === '[') return this.sequence(depth);
    if (character === '{') return this.mapping(depth);
    if (character === '"' || character === "'") {
      const quoted = readQuoted(this.text, this.at);
      this.at = quoted.end;
      return quoted.value;
    }
    return this.plain();
  }

  private plain(): unknown {
    const start = this.at;
    while (this.at < this.text.length && !/[,[\]{}]/.test(this.text[this.at]!) && !(this.text[this.at] === ':' && /[ ,\]}]/.test(this.text[this.at + 1] ?? ' '))) this.at++;
    const raw = this.text.slice(start, this.at).trim();
    if (raw === '' || startsLikeIndicator(raw)) outside();
    return plainScalar(raw, true);
  }

  private sequence(depth: number): unknown[] {
    this.at++;
    const items: unknown[] = [];
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return items;
    }
    for (;;) {
      items.push(this.value(depth + 1));
      this.space();
      const next = this.text[this.at++];
      if (next === ']') return items;
      if (next !== ',') outside();
      this.space();
      // A trailing comma ([a, b,]) is YAML; it stays with the library.
      if (this.text[this.at] === ']') outside();
    }
  }

  private mapping(depth: number): Record<string, unknown> {
    this.at++;
    const map: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return map;
    }
    for (;;) {
      const key = this.value(depth + 1);
      if (typeof key !== 'string' || seen.has(key)) outside();
      seen.add(key);
      this.space();
      if (this.text[this.at] !== ':' || this.text[this.at + 1] !== ' ') outside();
      this.at += 2;
      this.space();
      const next = this.text[this.at];
      define(map, key, next === ',' || next === '}' ? null : this.value(depth + 1));
      this.space();
      const after = this.text[this.at++];
      if (after === '}') return map;
      if (after !== ',') outside();
      this.space();
      if (this.text[this.at] === '}') outside();
    }
  }
}
