/**
 * A strict, non-validating XML 1.0 scanner with namespaces: it calls back for each start and end
 * tag, with the offset of its `<` and of each attribute, and throws an XmlSyntaxError at the first
 * place where the text is not well-formed XML, as the engine's parser (Xerces) would refuse it:
 * characters XML does not allow, unclosed or mismatched tags, duplicate or unquoted attributes,
 * undefined entities, unbound prefixes, content outside the root element, and a DOCTYPE (the
 * engine disallows it unless XXE processing is enabled).
 *
 * Why our own and not saxen (bpmn-moddle's parser, already bundled): saxen is lenient by design;
 * it accepts duplicate and unquoted attributes, undefined entities, two root elements and `<` in
 * attribute values, leaves entities in attribute values undecoded and reports the end of a file
 * with an unclosed element at the wrong line. Deployment's offline check must refuse what the
 * engine refuses, with the place. Linear in the text: markup is found with indexOf and sticky
 * regular expressions, namespace lookups are O(1), nothing is built but the stack of open tags.
 */
import { codePointName } from '../input/limits.js';

interface XmlName {
  /** '' when the name has none. */
  prefix: string;
  local: string;
  /** The namespace URI the prefix (or the default namespace) is bound to; '' for none. */
  uri: string;
}

interface XmlAttribute extends XmlName {
  /** Entity references decoded, white space normalized as XML does (each tab, line end: one space). */
  value: string;
  /** Offset of the attribute's name in the text. */
  offset: number;
}

export interface XmlStartTag {
  name: XmlName;
  attributes: XmlAttribute[];
  /** Offset of the tag's `<`. */
  offset: number;
  /** 0 for the root element. */
  depth: number;
}

/** Where the text stops being well-formed XML, and why. */
export class XmlSyntaxError extends Error {
  override name = 'XmlSyntaxError';
  constructor(
    message: string,
    readonly offset: number,
    /** The start tag the message names (an element not closed), when it is elsewhere. */
    readonly startTagOffset?: number,
  ) {
    super(message);
  }
}

const NAME_START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
// eslint-disable-next-line no-misleading-character-class -- XML's name characters include joiners and combining marks, one by one
const NAME = new RegExp(`[${NAME_START}][${NAME_CHAR}]*`, 'uy');
const SPACES = /[ \t\r\n]*/y;
// eslint-disable-next-line no-misleading-character-class -- as NAME
const REFERENCE = new RegExp(`&(?:#([0-9]+)|#x([0-9a-fA-F]+)|([${NAME_START}][${NAME_CHAR}]*));`, 'uy');
/** Characters XML 1.0 does not allow anywhere (lone surrogates included: the flag u sees them as code points). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x9 || code === 0xa || code === 0xd;
}

/**
 * Scans `text` (a leading byte order mark is skipped), calling `onStart` for each start tag (an empty
 * element `<a/>` too) and `onEnd` after each element's end. Throws XmlSyntaxError.
 */
export function scanXml(text: string, onStart: (tag: XmlStartTag) => void, onEnd?: (depth: number) => void): void {
  new Scanner(text, onStart, onEnd).run();
}

interface OpenTag {
  qname: string;
  offset: number;
  /** The prefixes this element declared, to unbind at its end. */
  declared: string[] | null;
}

class Scanner {
  private index: number;
  private readonly open: OpenTag[] = [];
  /** Each prefix's bindings, innermost last ('' is the default namespace). */
  private readonly bindings = new Map<string, string[]>([['xml', [XML_NAMESPACE]]]);
  private rootSeen = false;
  /** next(): where each needle was found, and from where it was searched. */
  private readonly found = new Map<string, number>();
  private readonly lastFrom = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly onStart: (tag: XmlStartTag) => void,
    private readonly onEnd: ((depth: number) => void) | undefined,
  ) {
    this.index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  run(): void {
    const bad = NOT_XML.exec(this.text);
    if (bad) throw new XmlSyntaxError(`the character ${codePointName(bad[0])}, which XML does not allow`, bad.index);
    const { text } = this;
    if (text.startsWith('<?xml', this.index) && (isSpace(text.charCodeAt(this.index + 5)) || text.startsWith('?>', this.index + 5))) {
      this.index = this.endOf('?>', this.index + 5, 'the XML declaration is not closed', this.index);
    }
    while (this.index < text.length) {
      const lt = text.indexOf('<', this.index);
      this.characters(this.index, lt === -1 ? text.length : lt);
      if (lt === -1) break;
      this.markup(lt);
    }
    const unclosed = this.open.at(-1);
    if (unclosed) throw new XmlSyntaxError(`the element <${unclosed.qname}> is not closed before the end of the file`, unclosed.offset);
    if (!this.rootSeen) throw new XmlSyntaxError('no root element: the file holds no XML element', text.length);
  }

  /** Text between markup: white space alone outside the root element; references and no `]]>` inside it. */
  private characters(start: number, end: number): void {
    const { text } = this;
    if (this.open.length === 0) {
      for (let index = start; index < end; index++) {
        if (!isSpace(text.charCodeAt(index))) {
          const where = this.rootSeen ? 'after the root element' : 'before the root element';
          throw new XmlSyntaxError(`text ${where}, where XML allows only markup`, index);
        }
      }
      return;
    }
    for (let amp = this.next('&', start); amp < end; amp = this.next('&', amp + 1)) this.reference(amp);
    const cdataEnd = this.next(']]>', start);
    if (cdataEnd < end) throw new XmlSyntaxError("']]>' in text, where XML does not allow it", cdataEnd);
  }

  private markup(lt: number): void {
    const { text } = this;
    const next = text.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      NAME.lastIndex = lt + 2;
      const target = NAME.exec(text)?.[0];
      if (target === undefined) throw new XmlSyntaxError('a processing instruction without a name', lt);
      if (target.toLowerCase() === 'xml') throw new XmlSyntaxError('an XML declaration, which is allowed only at the very start of the file', lt);
      this.index = this.endOf('?>', lt + 2, 'a processing instruction is not closed', lt);
    } else if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        const dashes = text.indexOf('--', lt + 4);
        if (dashes === -1) throw new XmlSyntaxError('a comment is not closed', lt);
        if (text.charCodeAt(dashes + 2) !== 0x3e) throw new XmlSyntaxError("'--' inside a comment, where XML does not allow it", dashes);
        this.index = dashes + 3;
      } else if (text.startsWith('<![CDATA[', lt)) {
        if (this.open.length === 0) throw new XmlSyntaxError('a CDATA section outside the root element', lt);
        this.index = this.endOf(']]>', lt + 9, 'a CDATA section is not closed', lt);
      } else if (text.startsWith('<!DOCTYPE', lt)) {
        throw new XmlSyntaxError('a DOCTYPE declaration, which the engine refuses (it disallows DOCTYPE unless XXE processing is enabled)', lt);
      } else {
        throw new XmlSyntaxError("markup that XML does not know ('<!' begins only comments and CDATA sections)", lt);
      }
    } else if (next === 0x2f /* / */) {
      this.endTag(lt);
    } else {
      this.startTag(lt);
    }
  }

  /**
   * Where `needle` is next at or after `from`; Infinity when nowhere. A search that ran past the
   * place asked about is kept, so that asking again and again from rising offsets (each text between
   * two tags, each attribute value) stays linear in the text, not quadratic when the needle is rare.
   */
  private next(needle: '&' | ']]>' | '<', from: number): number {
    const known = this.found.get(needle);
    if (known !== undefined && known >= from && this.lastFrom.get(needle)! <= from) return known;
    const index = this.text.indexOf(needle, from);
    const at = index === -1 ? Infinity : index;
    this.found.set(needle, at);
    this.lastFrom.set(needle, from);
    return at;
  }

  /** The offset after `terminator`, searched from `from`. */
  private endOf(terminator: string, from: number, unclosed: string, start: number): number {
    const end = this.text.indexOf(terminator, from);
    if (end === -1) throw new XmlSyntaxError(unclosed, start);
    return end + terminator.length;
  }

  private name(at: number, what: string): string {
    NAME.lastIndex = at;
    const name = NAME.exec(this.text)?.[0];
    if (name === undefined) throw new XmlSyntaxError(`${what} without a valid name`, at);
    return name;
  }

  private skipSpaces(at: number): number {
    SPACES.lastIndex = at;
    SPACES.exec(this.text);
    return SPACES.lastIndex;
  }

  private startTag(lt: number): void {
    const { text } = this;
    if (this.rootSeen && this.open.length === 0) throw new XmlSyntaxError('a second root element, where XML allows one', lt);
    const qname = this.name(lt + 1, 'a tag');
    let index = lt + 1 + qname.length;
    const raw: { qname: string; value: string; offset: number }[] = [];
    for (;;) {
      const afterSpace = this.skipSpaces(index);
      const code = text.charCodeAt(afterSpace);
      if (code === 0x3e /* > */ || (code === 0x2f /* / */ && text.charCodeAt(afterSpace + 1) === 0x3e)) {
        index = afterSpace + (code === 0x3e ? 1 : 2);
        this.element(lt, qname, raw, code === 0x2f);
        this.index = index;
        return;
      }
      if (afterSpace >= text.length) throw new XmlSyntaxError(`the tag <${qname}> is not closed`, lt);
      if (afterSpace === index) throw new XmlSyntaxError(`the tag <${qname}> holds something that is not an attribute`, afterSpace);
      const attribute = this.name(afterSpace, 'an attribute');
      if (raw.some((other) => other.qname === attribute)) throw new XmlSyntaxError(`the attribute ${attribute} is given twice in <${qname}>`, afterSpace);
      index = this.skipSpaces(afterSpace + attribute.length);
      if (text.charCodeAt(index) !== 0x3d /* = */) throw new XmlSyntaxError(`the attribute ${attribute} has no value (attribute="value")`, afterSpace);
      index = this.skipSpaces(index + 1);
      const quote = text.charCodeAt(index);
      if (quote !== 0x22 && quote !== 0x27) throw new XmlSyntaxError(`the value of the attribute ${attribute} is not in quotes`, index);
      const end = text.indexOf(quote === 0x22 ? '"' : "'", index + 1);
      if (end === -1) throw new XmlSyntaxError(`the value of the attribute ${attribute} is not closed`, index);
      const lessThan = this.next('<', index + 1);
      if (lessThan < end) throw new XmlSyntaxError(`'<' in the value of the attribute ${attribute}, where XML does not allow it (write &lt;)`, lessThan);
      raw.push({ qname: attribute, value: this.attributeValue(index + 1, end), offset: afterSpace });
      index = end + 1;
    }
  }

  /** Namespaces resolved (the element's own declarations first), the callback, and the open tag kept. */
  private element(lt: number, qname: string, raw: { qname: string; value: string; offset: number }[], empty: boolean): void {
    let declared: string[] | null = null;
    for (const attribute of raw) {
      const prefix = attribute.qname === 'xmlns' ? '' : attribute.qname.startsWith('xmlns:') ? attribute.qname.slice(6) : undefined;
      if (prefix === undefined) continue;
      if (prefix !== '' && attribute.value === '') throw new XmlSyntaxError(`the prefix ${prefix} is declared with an empty namespace`, attribute.offset);
      const stack = this.bindings.get(prefix);
      if (stack) stack.push(attribute.value);
      else this.bindings.set(prefix, [attribute.value]);
      (declared ??= []).push(prefix);
    }
    const name = this.resolve(qname, true, lt);
    const attributes: XmlAttribute[] = [];
    for (const attribute of raw) {
      if (attribute.qname === 'xmlns' || attribute.qname.startsWith('xmlns:')) continue;
      const { prefix, local, uri } = this.resolve(attribute.qname, false, attribute.offset);
      // Two prefixes of one namespace name the same attribute (the same qualified name was refused before).
      if (prefix !== '' && attributes.some((other) => other.prefix !== '' && other.local === local && other.uri === uri)) {
        throw new XmlSyntaxError(
          `the attribute ${attribute.qname} is given twice in <${qname}> (under another prefix of the same namespace)`,
          attribute.offset,
        );
      }
      attributes.push({ prefix, local, uri, value: attribute.value, offset: attribute.offset });
    }
    const depth = this.open.length;
    this.rootSeen = true;
    this.onStart({ name, attributes, offset: lt, depth });
    if (empty) {
      this.unbind(declared);
      this.onEnd?.(depth);
    } else {
      this.open.push({ qname, offset: lt, declared });
    }
  }

  private resolve(qname: string, isElement: boolean, offset: number): XmlName {
    const colon = qname.indexOf(':');
    if (colon === -1) return { prefix: '', local: qname, uri: isElement ? (this.bindings.get('')?.at(-1) ?? '') : '' };
    const prefix = qname.slice(0, colon);
    const local = qname.slice(colon + 1);
    if (prefix === '' || local === '' || local.includes(':')) throw new XmlSyntaxError(`the name ${qname} is not a valid qualified name`, offset);
    const uri = this.bindings.get(prefix)?.at(-1);
    if (uri === undefined) throw new XmlSyntaxError(`the prefix ${prefix} of ${qname} is not bound to a namespace (xmlns:${prefix}="…")`, offset);
    return { prefix, local, uri };
  }

  private unbind(declared: string[] | null): void {
    for (const prefix of declared ?? []) this.bindings.get(prefix)?.pop();
  }

  private endTag(lt: number): void {
    const qname = this.name(lt + 2, 'an end tag');
    const close = this.skipSpaces(lt + 2 + qname.length);
    if (this.text.charCodeAt(close) !== 0x3e) throw new XmlSyntaxError(`the end tag </${qname}> is not closed with '>'`, lt);
    const open = this.open.pop();
    if (!open) throw new XmlSyntaxError(`the end tag </${qname}> has no start tag`, lt);
    if (open.qname !== qname) throw new XmlSyntaxError(`the end tag </${qname}> does not match the start tag <${open.qname}>`, lt, open.offset);
    this.unbind(open.declared);
    this.onEnd?.(this.open.length);
    this.index = close + 1;
  }

  /** The value between the quotes at [start, end): each tab and line end one space (CR LF too), references decoded. */
  private attributeValue(start: number, end: number): string {
    const { text } = this;
    let value = '';
    let from = start;
    for (let amp = this.next('&', start); amp < end; amp = this.next('&', from)) {
      value += normalizeSpace(text.slice(from, amp));
      const { character, length } = this.decode(amp);
      value += character;
      from = amp + length;
    }
    return value + normalizeSpace(text.slice(from, end));
  }

  /** Checks the reference at `at` of the text. */
  private reference(at: number): void {
    this.decode(at);
  }

  private decode(offset: number): { character: string; length: number } {
    REFERENCE.lastIndex = offset;
    const match = REFERENCE.exec(this.text);
    if (!match) throw new XmlSyntaxError("'&' that does not begin a reference (write &amp;)", offset);
    const [whole, decimal, hex, entity] = match;
    if (entity !== undefined) {
      const character = PREDEFINED[entity];
      if (character === undefined) throw new XmlSyntaxError(`the entity &${entity}; is not defined (XML knows &lt; &gt; &amp; &apos; &quot;)`, offset);
      return { character, length: whole.length };
    }
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    if (!isXmlChar(code)) throw new XmlSyntaxError(`the character reference ${whole} names a character XML does not allow`, offset);
    return { character: String.fromCodePoint(code), length: whole.length };
  }
}

/** Attribute value normalization: each tab and line end (CR LF as one) becomes a space; character references are not normalized. */
function normalizeSpace(raw: string): string {
  return /[\t\n\r]/.test(raw) ? raw.replace(/\r\n|[\t\n\r]/g, ' ') : raw;
}
