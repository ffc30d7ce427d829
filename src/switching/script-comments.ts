/**
 * Whether a place in a script is inside a comment: a name in a comment runs nothing, so it is no
 * finding (and the runbook's "run again until nothing is found" does not ask to edit comments).
 * A small tokenizer for the script languages the engine runs: `//` and `/* … *\/` for JavaScript,
 * Groovy and Java, `#` for Python and Ruby; strings ('…', "…", `…`, and the triple-quoted ones)
 * are followed so that `//` in a URL is no comment, and a backslash escapes the next character
 * (a regular expression's `\/\/`). When it cannot be sure (an XML entity such as `&quot;` stands
 * for a quote it cannot see, an unknown language), the answer is false: the name is reported.
 */

type Style = 'slashes' | 'hash';

const STYLES: Record<string, Style> = {
  javascript: 'slashes',
  js: 'slashes',
  ecmascript: 'slashes',
  'graal.js': 'slashes',
  nashorn: 'slashes',
  groovy: 'slashes',
  java: 'slashes',
  python: 'hash',
  jython: 'hash',
  ruby: 'hash',
  jruby: 'hash',
};

/** The comment style of a script language (a scriptFormat, or a file extension); undefined for one without comments known here. */
export function commentStyleOf(language: string | null | undefined): Style | undefined {
  if (language === null || language === undefined) return undefined;
  const spelled = language.trim().toLowerCase();
  return STYLES[spelled] ?? STYLES[{ py: 'python', rb: 'ruby' }[spelled] ?? ''];
}

/**
 * True when `at` (an offset of `text`) is in a comment of the script that starts at `start`; false
 * when not, or not sure. `xml`: the script is an element's text, where CDATA sections hold it as
 * it is and outside them an entity (`&quot;`) may stand for a quote.
 */
export function inComment(text: string, start: number, at: number, style: Style, xml: boolean): boolean {
  let index = start;
  let cdata = false;
  while (index < at) {
    if (xml && !cdata && text.startsWith('<![CDATA[', index)) {
      cdata = true;
      index += 9;
      continue;
    }
    if (xml && cdata && text.startsWith(']]>', index)) {
      cdata = false;
      index += 3;
      continue;
    }
    const char = text[index]!;
    if (xml && !cdata && char === '&') return false;
    if (char === '\\') {
      index += 2;
      continue;
    }
    if ((style === 'slashes' && text.startsWith('//', index)) || (style === 'hash' && char === '#')) {
      const lineEnd = text.indexOf('\n', index);
      if (lineEnd === -1 || at < lineEnd) return true;
      index = lineEnd;
      continue;
    }
    if (style === 'slashes' && text.startsWith('/*', index)) {
      const end = text.indexOf('*/', index + 2);
      if (end === -1 || end + 2 > at) return true;
      index = end + 2;
      continue;
    }
    if (char === '"' || char === "'" || (char === '`' && style === 'slashes')) {
      const end = stringEnd(text, index, at, xml && !cdata);
      if (end === undefined) return false;
      index = end;
      continue;
    }
    index++;
  }
  return false;
}

/** The offset after the string that opens at `from` (triple quotes included), or undefined when it does not end before `limit`. */
function stringEnd(text: string, from: number, limit: number, entities: boolean): number | undefined {
  const quote = text[from]!;
  const triple = text.startsWith(quote.repeat(3), from);
  const close = triple ? quote.repeat(3) : quote;
  let index = from + close.length;
  while (index < limit) {
    const char = text[index]!;
    if (entities && char === '&') return undefined;
    if (char === '\\') {
      index += 2;
      continue;
    }
    if (text.startsWith(close, index)) return index + close.length;
    // A one-quote string ends at its line in every language here; an unclosed one is not followed further.
    if (!triple && char === '\n' && quote !== '`') return undefined;
    index++;
  }
  return undefined;
}
