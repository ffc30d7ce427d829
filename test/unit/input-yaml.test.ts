// The YAML reader (src/input/structured.ts: js-yaml, the yaml Document where a place is needed)
// against the yaml library: what the two accept, they read the same; what the yaml library refuses
// is refused with a place. The cases are those of the hand-written subset reader it replaced.
import * as places from '../../src/input/places.js';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { InputError } from '../../src/input/problems.js';
import { parseStructured } from '../../src/input/structured.js';
import { parseYamlDocument } from '../../src/input/yaml-document.js';

const read = (text: string) => parseStructured(text, 'f.yaml', 'file', { allowed: () => [], places }).data;

const same = (text: string) => {
  const document = parseDocument(text, { uniqueKeys: true, strict: true, prettyErrors: false });
  if (document.errors.length > 0) {
    expect(() => read(text), text).toThrow(InputError);
    expect(() => read(text), text).toThrow(/^f\.yaml:\d+:\d+: /);
  } else {
    expect(read(text), text).toEqual(document.toJS());
  }
};

describe('the YAML reader', () => {
  it.each([
    'a: 1\nb: true\nc: ~\nd:\ne: null\nf: text with spaces # a comment\n',
    '# header\nscope: {groups: ["*"], users: [], global: true, resourceTypes: [process-definition, "6"]}\n',
    'groups:\n  sales:\n    name: Sales Team\n    type: WORKFLOW\n    members:\n      - john\n      - "mary"\n  audit: {name: Audit, members: [ann, bob]}\n  empty: {}\n',
    'authorizations:\n  - {type: grant, group: sales, resource: process-definition, resourceId: invoice, permissions: [READ, CREATE_INSTANCE]}\n  - type: revoke\n    user: john\n    resource: task\n    permissions:\n      - DELETE\n  -\n    type: global\n',
    'list:\n- a\n- b\nnext: {x: [1, -2, +3, 0]}\n',
    'quotes: [\'it\'\'s\', "tab\\there \\u00e9 \\"q\\"", \'a # not a comment\', "x: y"]\n',
    'k: O\'Brien say "hi"\nurl: http://x:8080/a#frag\n"quoted key": 1\n\'single\': {"a b": c}\n',
    '- a\n- [b, [c, {d: e}]]\n- {f: , g: h}\n',
    'just a scalar\n',
    'a:\r\n  - b\r\n',
    '__proto__: {polluted: true}\n',
    // Outside the old subset: now read by js-yaml, or by the Document where js-yaml refuses.
    'a: &anchor 1\nb: *anchor\n',
    'a: &list [1, 2]\nb: *list\nc: [*list, *list]\n',
    'a: !tag x\n',
    'a: |\n  block\n',
    'a: b\n  continued\n',
    'a: 1.5\n',
    'a: 0x1F\n',
    'a: 007\n',
    'a: .inf\n',
    'a: 1\na: 2\n',
    'a: {b: 1, b: 2}\n',
    '---\na: 1\n',
    'a:\tb\n',
    'a: [1, 2,\n  3]\n',
    'a: [1, 2,]\n',
    'a: "\\x41"\n',
    '? complex\n: key\n',
    'a: b: c\n',
    'a: "open\n',
    '1: number key\n',
    '  a: 1\nb: 2\n',
    '# only a comment\n',
    'a: 2026-01-01\nb: 1_000\nc: yes\nd: Null\n',
  ])('reads %j as yaml does', (text) => same(text));

  it('reads an export of thousands of authorizations as yaml does', () => {
    const lines = [
      '# Access of http://localhost:8080/engine-rest (version 7.24.0)',
      'scope: {groups: ["*"], users: ["*"], global: true, resourceTypes: ["*"]}',
      'groups:',
    ];
    for (let group = 0; group < 50; group++)
      lines.push(
        `  group${group}:`,
        `    name: Group ${group}`,
        '    type: WORKFLOW',
        '    members:',
        ...Array.from({ length: 5 }, (_, member) => `      - user${group * 5 + member}`),
      );
    lines.push('authorizations:');
    for (let index = 0; index < 2000; index++)
      lines.push(`  - {type: grant, group: group${index % 50}, resource: process-definition, resourceId: process${index}, permissions: [READ, READ_INSTANCE]}`);
    same(`${lines.join('\n')}\n`);
  });
});

describe('duplicate keys in the yaml Document (src/input/yaml-document.ts)', () => {
  it('are the errors the library reports, at the same places', () => {
    for (const text of [
      'a: 1\na: 2\n',
      'a: {b: 1, b: 2}\n',
      '1: x\n"1": y\n',
      'a: 1\nb: [x, {c: 1, c: 2}]\na: 3\n',
      '? [a]\n: 1\n? [a]\n: 2\n',
      'a: &x 1\n*x : 2\n',
      'null: 1\n~: 2\n',
    ]) {
      const errors = (found: { errors: { code: string; pos: [number, number]; message: string }[] }) =>
        found.errors.map((error) => [error.code, error.pos[0], error.message.split('\n')[0]]);
      const options = { uniqueKeys: true, prettyErrors: false, strict: true };
      expect(errors(parseYamlDocument(text, options)), text).toEqual(errors(parseDocument(text, options)));
    }
  });

  it('are found in a mapping of 40,000 keys in one pass', () => {
    const text = `${Array.from({ length: 40_000 }, (_, index) => `k${index}: v`).join('\n')}\nk5: again\n`;
    expect(parseYamlDocument(text, { uniqueKeys: true, prettyErrors: false }).errors.map((error) => [error.code, error.pos[0]])).toEqual([
      ['DUPLICATE_KEY', text.lastIndexOf('k5: again')],
    ]);
  });
});
