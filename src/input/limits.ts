/**
 * What an input file may be: how big, how deeply nested, how long a line, and which characters its
 * strings may hold. Every reader checks these before it parses (docs/migration.md "Input files"), so
 * a file that is not a plan, query, variables, authorization, config or id file fails at once with
 * its name, instead of running the parser out of stack or the process out of memory.
 */

const MiB = 1024 * 1024;

/**
 * Plan, query, variables and authorization files. A 5,000-instruction plan is under 2 MB; the rest
 * is room for an execute request that lists its processInstanceIds (a million of them is 39 MB).
 */
export const MAX_INPUT_BYTES = 64 * MiB;
/** A config file holds a few profiles; read on every command, so a stray huge file must not be. */
export const MAX_CONFIG_BYTES = 1 * MiB;
/**
 * Instance-id files: a million ids is 37 MB and is benchmarked, so several million fit. The set
 * reserves room for the whole file (id-set.ts), which this bounds.
 */
export const MAX_ID_FILE_BYTES = 256 * MiB;
/** A line of an id file holds one id (the engine's are at most 64 characters) or a comment. */
export const MAX_ID_LINE_BYTES = 64 * 1024;
/**
 * A line of a JSON or YAML input file: room for a whole plan written on one line (`jq -c`), while a
 * single value of tens of megabytes, which no engine field takes, is refused before it is parsed.
 */
export const MAX_LINE_CHARS = 16 * MiB;
/**
 * Nesting of objects and lists. The deepest real input is a plan's variable (five levels); the YAML
 * parser, zod and the checks recurse per level and run out of stack near a thousand.
 */
export const MAX_DEPTH = 64;

/** `64 MB`, `64 kB`: sizes as the limits above are written in messages and docs. */
export function formatSize(bytes: number): string {
  return bytes >= MiB ? `${bytes / MiB} MB` : `${bytes / 1024} kB`;
}

export interface TextProblem {
  /** Character offset of the problem in the text. */
  offset: number;
  message: string;
}

/** The first line longer than MAX_LINE_CHARS, pointed at where it passes the limit. */
export function longLineProblem(text: string, limit = MAX_LINE_CHARS): TextProblem | undefined {
  // indexOf is native: a 64 MB file is scanned in a few milliseconds.
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const lineEnd = end === -1 ? text.length : end;
    if (lineEnd - start > limit) return { offset: start + limit, message: `a line longer than ${limit.toLocaleString('en-US')} characters` };
    if (end === -1) return undefined;
    start = end + 1;
  }
}

export function tooDeepMessage(limit = MAX_DEPTH): string {
  return `nested deeper than ${limit} levels`;
}

/**
 * The first bracket of JSON text that opens more than `limit` levels, counting brackets outside
 * strings. It runs before JSON.parse, whose result the loaders then walk recursively.
 */
export function jsonDepthProblem(text: string, limit = MAX_DEPTH): TextProblem | undefined {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22 /* " */) {
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c /* \ */) index++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > limit) return { offset: index, message: tooDeepMessage(limit) };
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return undefined;
}

/**
 * C0 controls other than tab, line feed and carriage return, DEL, and the C1 controls: YAML forbids
 * them in a document (JSON and YAML escapes can still write them), and no engine id holds one.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Where the first forbidden control character of `text` is, or -1. */
export function forbiddenControlIndex(text: string): number {
  return FORBIDDEN_CONTROL.exec(text)?.index ?? -1;
}

/** `U+0000`: how a character is named in messages, where it must not act on the terminal. */
export function codePointName(character: string): string {
  return `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export interface ControlCharacterFound {
  path: (string | number)[];
  /** The key at `path` holds it, not its value. */
  inKey: boolean;
  character: string;
}

/**
 * Every string of `data`, keys too, holding a forbidden control character; below a key for which
 * `freeText` is true (a variable's value: data the process reads, not an id) only NUL is refused,
 * which databases cannot store in text. Iterative, as the data may come from any file; a list of a
 * million ids costs no path per id unless one is found.
 */
export function findControlCharacters(data: unknown, freeText: (path: readonly (string | number)[]) => boolean = () => false): ControlCharacterFound[] {
  const found: ControlCharacterFound[] = [];
  const check = (text: string, free: boolean): string | undefined => {
    const index = free ? text.indexOf('\0') : forbiddenControlIndex(text);
    return index === -1 ? undefined : text[index];
  };
  const stack: { value: unknown; path: (string | number)[]; free: boolean }[] = [{ value: data, path: [], free: false }];
  while (stack.length > 0) {
    const { value, path, free } = stack.pop()!;
    if (typeof value === 'string') {
      const character = check(value, free);
      if (character !== undefined) found.push({ path, inKey: false, character });
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (typeof item === 'string') {
          const character = check(item, free);
          if (character !== undefined) found.push({ path: [...path, index], inKey: false, character });
        } else if (item !== null && typeof item === 'object') {
          stack.push({ value: item, path: [...path, index], free });
        }
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = [...path, key];
        const character = check(key, free);
        if (character !== undefined) found.push({ path: itemPath, inKey: true, character });
        stack.push({ value: item, path: itemPath, free: free || freeText(itemPath) });
      }
    }
  }
  return found;
}

export function controlCharacterMessage(found: ControlCharacterFound): string {
  return `${found.inKey ? 'the key holds' : 'holds'} the control character ${codePointName(found.character)}, which input files must not contain`;
}

/**
 * YAML aliases (`*name`) stand for a copy of their anchored node: the aliases of lists and mappings
 * may together stand for at most this many values (each key and each value counts one; an alias of
 * a scalar is one value, as written), and none may refer to a node it is inside (a recursive alias).
 * So an alias "bomb" (levels of aliases to aliases) and `a: &a [*a]` are refused with their place
 * before anything walks the data (docs/migration.md "Input files").
 */
export const MAX_ALIAS_VALUES = 100_000;

/**
 * YAML text longer than this that js-yaml refuses is reported in js-yaml's words and place: the yaml
 * library's Document, which words it otherwise, takes about 150 bytes of memory per byte of text.
 */
export const MAX_DOCUMENT_CHARS = 8 * MiB;
