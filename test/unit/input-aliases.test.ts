// The alias policy of YAML input files (src/input/aliases.ts, docs/migration.md "Input files"):
// aliases to earlier nodes are read; a recursive alias, an alias without an anchor, aliases that
// stand for too many values or nest too deeply are refused with their place.
import * as places from '../../src/input/places.js';
import { describe, expect, it } from 'vitest';
import { MAX_ALIAS_VALUES } from '../../src/input/limits.js';
import { InputError } from '../../src/input/problems.js';
import { parseStructured } from '../../src/input/structured.js';

const read = (text: string) => parseStructured(text, 'f.yaml', 'file', { allowed: () => [], places }).data;

function refusal(text: string): string {
  try {
    read(text);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('YAML aliases', () => {
  it('reads aliases to earlier scalars and collections', () => {
    expect(read('a: &x pay\nb: *x\nc: &l [1, {k: v}]\nd: [*l, *l]\n')).toEqual({
      a: 'pay',
      b: 'pay',
      c: [1, { k: 'v' }],
      d: [
        [1, { k: 'v' }],
        [1, { k: 'v' }],
      ],
    });
  });

  it('reads as many values through aliases as the limit allows, and refuses one more', () => {
    const list = `[${Array(999).fill('x').join(', ')}]`; // 1,000 values with the list itself
    const at = (count: number) => `l: &l ${list}\nuses: [${Array(count).fill('*l').join(', ')}]\n`;
    expect((read(at(MAX_ALIAS_VALUES / 1000)) as { uses: unknown[] }).uses).toHaveLength(MAX_ALIAS_VALUES / 1000);
    expect(refusal(at(MAX_ALIAS_VALUES / 1000 + 1))).toMatch(/^f\.yaml:2:\d+: aliases stand for more than 100,000 values/);
  });

  it.each([
    ['a: &a [*a]\n', 'f.yaml:1:8: the alias *a refers to a node that contains it; recursive aliases are not allowed'],
    ['&m {a: &n {b: *m}}\n', 'f.yaml:1:15: the alias *m refers to a node that contains it; recursive aliases are not allowed'],
    ['a: *nowhere\n', 'f.yaml:1:4: the alias *nowhere has no anchor &nowhere before it'],
    ['a: *b\nb: &b 1\n', 'f.yaml:1:4: the alias *b has no anchor &b before it'],
    [`d: &d ${'['.repeat(40)}${']'.repeat(40)}\ne: ${'['.repeat(30)}*d${']'.repeat(30)}\n`, 'f.yaml:2:34: nested deeper than 64 levels through the alias *d'],
  ])('refuses %j', (text, message) => {
    expect(refusal(text)).toBe(message);
  });
});
