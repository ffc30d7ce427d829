// The XML scanner of src/model-files/: what it reports of well-formed documents, where it stops on
// each kind of malformed one (as the engine's Xerces refuses them), and, fuzzed, that it ends with a
// result or an XmlSyntaxError on any text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineCounter } from '../../src/model-files/positions.js';
import { scanXml, XmlSyntaxError, type XmlStartTag } from '../../src/model-files/xml-scanner.js';

function tags(text: string): XmlStartTag[] {
  const found: XmlStartTag[] = [];
  scanXml(text, (tag) => found.push(tag));
  return found;
}

function failure(text: string): { message: string; line: number; column: number } {
  try {
    scanXml(text, () => undefined);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    return { message: error.message, ...new LineCounter(text).at(error.offset) };
  }
  throw new Error('the text was scanned without a failure');
}

describe('a well-formed document', () => {
  const document = [
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- a comment -->',
    '<?pi data?>',
    '<d:definitions xmlns:d="urn:d" xmlns:c="urn:c" xmlns="urn:default">',
    '  <d:process id="p1" c:ttl="1 &amp; &#51;&#x30;&lt;" name="a\tb\r\nc"><inner/><![CDATA[ <not a tag> ]]></d:process>',
    "  <plain xmlns='' id='x'>text &gt; &quot;</plain>",
    '</d:definitions>',
    '',
  ].join('\n');

  it('gives each start tag its namespace, depth, place and decoded, normalized attributes', () => {
    const found = tags(document);
    expect(found.map((tag) => [tag.name.local, tag.name.uri, tag.depth])).toEqual([
      ['definitions', 'urn:d', 0],
      ['process', 'urn:d', 1],
      ['inner', 'urn:default', 2],
      ['plain', '', 1],
    ]);
    const process = found[1]!;
    expect(process.attributes.map(({ prefix, local, uri, value }) => ({ prefix, local, uri, value }))).toEqual([
      { prefix: '', local: 'id', uri: '', value: 'p1' },
      { prefix: 'c', local: 'ttl', uri: 'urn:c', value: '1 & 30<' },
      // A tab and CR LF become one space each.
      { prefix: '', local: 'name', uri: '', value: 'a b c' },
    ]);
    const lines = new LineCounter(document);
    expect(lines.at(process.offset)).toEqual({ line: 5, column: 3 });
    expect(lines.at(process.attributes[1]!.offset)).toEqual({ line: 5, column: 22 });
  });

  it('keeps a character reference of a line end as it is', () => {
    expect(tags('<a x="1&#10;2"/>')[0]!.attributes[0]!.value).toBe('1\n2');
  });

  it('unbinds a prefix at the end of the element that declared it', () => {
    expect(failure('<a><b xmlns:p="urn:p"><p:c/></b><p:d/></a>')).toMatchObject({
      message: expect.stringContaining('the prefix p of p:d is not bound'),
      column: 33,
    });
  });
});

describe('where a malformed document stops', () => {
  it.each([
    ['<a>\n<b>\n</b>', 1, 1, 'the element <a> is not closed before the end of the file'],
    ['<a>\n  <b></c>\n</a>', 2, 6, 'the end tag </c> does not match the start tag <b>'],
    ['<a x="1" x="2"/>', 1, 10, 'the attribute x is given twice in <a>'],
    ['<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>', 1, 44, 'given twice in <a> (under another prefix'],
    ['<a x=1/>', 1, 6, 'the value of the attribute x is not in quotes'],
    ['<a x/>', 1, 4, 'the attribute x has no value'],
    ['<a x="&foo;"/>', 1, 7, 'the entity &foo; is not defined'],
    ['<a>&bar;</a>', 1, 4, 'the entity &bar; is not defined'],
    ['<a>AT&T</a>', 1, 6, "'&' that does not begin a reference"],
    ['<a x="&#1;"/>', 1, 7, 'names a character XML does not allow'],
    ['<a/>junk', 1, 5, 'text after the root element'],
    ['junk<a/>', 1, 1, 'text before the root element'],
    ['<a/><b/>', 1, 5, 'a second root element'],
    ['<a x="<"/>', 1, 7, "'<' in the value of the attribute x"],
    ['<a><p:b/></a>', 1, 4, 'the prefix p of p:b is not bound'],
    ['', 1, 1, 'no root element'],
    ['<a><!-- x -- y --></a>', 1, 11, "'--' inside a comment"],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a/>', 1, 1, 'a DOCTYPE declaration, which the engine refuses'],
    ['<a>\u0001</a>', 1, 4, 'the character U+0001, which XML does not allow'],
    ['<a>\uD800</a>', 1, 4, 'the character U+D800'],
    ['<a>]]></a>', 1, 4, "']]>' in text"],
    ['<a><![CDATA[x</a>', 1, 4, 'a CDATA section is not closed'],
    ['<a></a >\n<?xml version="1.0"?>', 2, 1, 'an XML declaration, which is allowed only at the very start'],
    ['<a\n  x="1"', 1, 1, 'the tag <a> is not closed'],
    ['<a x="1"y="2"/>', 1, 9, 'holds something that is not an attribute'],
    ['<1a/>', 1, 2, 'a tag without a valid name'],
    ['<a></a', 1, 4, 'the end tag </a> is not closed'],
    ['</a>', 1, 1, 'the end tag </a> has no start tag'],
    ['<a:b:c xmlns:a="urn:a"/>', 1, 1, 'is not a valid qualified name'],
    ['<a xmlns:p=""/>', 1, 4, 'the prefix p is declared with an empty namespace'],
    ['<a>\r\r\n\n<b></c></a>', 4, 4, 'does not match'],
  ])('%j: %i:%i %s', (text, line, column, message) => {
    const found = failure(text);
    expect(found.message).toContain(message);
    expect({ line: found.line, column: found.column }).toEqual({ line, column });
  });
});

describe('fuzzed', () => {
  const alphabet = fc.constantFrom(
    '<',
    '>',
    '/',
    '=',
    '"',
    "'",
    '&',
    ';',
    '#',
    'x',
    'a',
    ':',
    ' ',
    '\n',
    '!',
    '-',
    '[',
    ']',
    '?',
    'CDATA',
    'xmlns',
    'amp',
    'é',
  );
  const mutate = (text: string, at: number, insert: string, remove: number): string => text.slice(0, at) + insert + text.slice(at + remove);
  const VALID =
    '<?xml version="1.0"?>\n<d:definitions xmlns:d="urn:d" xmlns:c="urn:c"><d:process id="p" c:t="P3D" isExecutable="true"><x>t &amp; u</x><![CDATA[c]]><!--k--></d:process></d:definitions>';

  it('ends with start tags or an XmlSyntaxError on random text', () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 80 }), (parts) => {
        try {
          scanXml(parts.join(''), () => undefined);
        } catch (error) {
          expect(error).toBeInstanceOf(XmlSyntaxError);
          const offset = (error as XmlSyntaxError).offset;
          expect(offset).toBeGreaterThanOrEqual(0);
          expect(offset).toBeLessThanOrEqual(parts.join('').length);
        }
      }),
      { seed: 20261128, numRuns: 400 },
    );
  });

  it('ends with start tags or an XmlSyntaxError on a valid document changed in one place', () => {
    fc.assert(
      fc.property(fc.nat(VALID.length), fc.array(alphabet, { maxLength: 4 }), fc.nat(3), (at, insert, remove) => {
        const text = mutate(VALID, at, insert.join(''), remove);
        try {
          scanXml(text, () => undefined);
        } catch (error) {
          expect(error).toBeInstanceOf(XmlSyntaxError);
        }
      }),
      { seed: 20261128, numRuns: 400 },
    );
  });

  it('stays linear on deep nesting and long values', () => {
    const depth = 100_000;
    const deep = '<a>'.repeat(depth) + '</a>'.repeat(depth);
    let maximum = 0;
    scanXml(deep, (tag) => (maximum = Math.max(maximum, tag.depth)));
    expect(maximum).toBe(depth - 1);
    const long = `<a x="${'&amp;'.repeat(200_000)}"/>`;
    expect(tags(long)[0]!.attributes[0]!.value).toHaveLength(200_000);
  });
});
