/**
 * Orders strings by code point. `localeCompare` would load ICU collation data on its first call,
 * about 20 ms of start-up; the strings sorted here (command names, activity ids, ISO timestamps) are
 * identifiers, for which code-point order is the natural one.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `1 activity`, `2 activities`: the count and the word that goes with it. */
export function plural(count: number, word: string, words = `${word}s`): string {
  return `${count} ${count === 1 ? word : words}`;
}

/**
 * C0 controls, DEL and C1 controls, and the bidirectional formatting characters. A terminal acts on
 * the first instead of showing them: ESC starts a sequence that can clear the screen or retitle the
 * window, a newline splits a table row or an error line, and U+009B is ESC [ on some terminals. The
 * bidi overrides and isolates (U+202A-U+202E, U+2066-U+2069) and marks (U+061C, U+200E, U+200F) reorder
 * what follows them, so a name can show as something it is not.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- the same, without the state of a global regex
const HAS_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const NAMED_CONTROLS: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` for a terminal: every control character written as its escape, `\n`, `\r`, `\t`, `\xNN`
 * (ESC is `\x1b`) or, for the bidi characters, `\uNNNN`. Text from the engine or a file can hold any
 * of them; shown raw, a name would control the terminal of whoever lists it. Everything else,
 * backslashes included, is unchanged.
 */
export function visibleControls(text: string): string {
  if (!HAS_CONTROL_CHARACTER.test(text)) return text;
  return text.replace(CONTROL_CHARACTERS, (character) => {
    const code = character.charCodeAt(0);
    return NAMED_CONTROLS[character] ?? (code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`);
  });
}

/**
 * `data` with visibleControls applied to every string (keys too) of its arrays and plain objects.
 * A copy only where something changed: a clean list of thousands of rows is returned as it is.
 */
export function visibleData<T>(data: T): T {
  return visibleValue(data) as T;
}

function visibleValue(value: unknown): unknown {
  if (typeof value === 'string') return visibleControls(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const shown = visibleValue(item);
      if (shown !== item) (copy ??= value.slice())[index] = shown;
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value);
    // Class instances (a Date, a Map) are left to their views.
    if (prototype !== Object.prototype && prototype !== null) return value;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    let entries: [string, unknown][] | undefined;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      const shownKey = visibleControls(key);
      const shown = visibleValue(record[key]);
      if (!entries && (shownKey !== key || shown !== record[key])) entries = keys.slice(0, index).map((name) => [name, record[name]]);
      entries?.push([shownKey, shown]);
    }
    // fromEntries defines the properties: a key "__proto__" stays a key.
    return entries ? Object.fromEntries(entries) : value;
  }
  return value;
}
