// The pieces of migration sweep that need no engine: overrides, the sweep journal, messages.
import * as places from '../../src/input/places.js';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/problems.js';
import { applyOverrides, parseOverrides, unknownVersions } from '../../src/plans/overrides.js';
import { parseSweepJournal, settled } from '../../src/migration/sweep-journal.js';
import { withoutResumeHint } from '../../src/migration/sweep-run.js';

const map = (source: string, target: string) => ({ sourceActivityIds: [source], targetActivityIds: [target] });

describe('applyOverrides', () => {
  const generated = [map('a', 'a'), map('b', 'b')];
  const overrides = parseOverrides(
    JSON.stringify({
      instructions: [map('b', 'b2'), map('c', 'c2')],
      variables: { by: { value: 'all', type: 'String' } },
      versions: { 3: { instructions: [map('c', 'c3')], variables: { by: { value: 'three', type: 'String' } } }, 4: { skip: true } },
    }),
    'o.json',
    places,
  );

  it("replaces the generated instruction of a source activity in its place and appends the others; a version's own win", () => {
    expect(applyOverrides(generated, overrides, 1)).toEqual({
      instructions: [map('a', 'a'), map('b', 'b2'), map('c', 'c2')],
      variables: { by: { value: 'all', type: 'String' } },
      skip: false,
      overridden: 2,
    });
    expect(applyOverrides(generated, overrides, 3)).toMatchObject({
      instructions: [map('a', 'a'), map('b', 'b2'), map('c', 'c3')],
      variables: { by: { value: 'three' } },
      overridden: 3,
    });
    expect(applyOverrides(generated, overrides, 4).skip).toBe(true);
    expect(applyOverrides(generated, undefined, 1)).toEqual({ instructions: generated, variables: undefined, skip: false, overridden: 0 });
  });

  it('names the versions a file has sections for that are not there', () => {
    expect(unknownVersions(overrides, [1, 2, 3])).toEqual([4]);
  });

  it('refuses a version key that is no number and a source activity mapped twice in one list', () => {
    expect(() => parseOverrides(JSON.stringify({ versions: { latest: {} } }), 'o.json', places)).toThrow('o.json:1:14: versions.latest: not a version number');
    expect(() => parseOverrides(JSON.stringify({ versions: { 2: { instructions: [map('a', 'x'), map('a', 'y')] } } }), 'o.json', places)).toThrow(
      /^o\.json:1:\d+: versions\["2"\]\.instructions\[1\]: activity 'a' is already mapped by versions\["2"\]\.instructions\[0\]/,
    );
  });
});

describe('the sweep journal', () => {
  const start = { event: 'start', kind: 'sweep', version: 1, engine: { url: 'u', name: 'default', version: '7.24.0' }, key: 'order', plans: [], at: 't' };

  it('keeps the last status of each version, and ignores a torn last line', () => {
    const text = [
      start,
      { event: 'version', version: 1, status: 'started' },
      { event: 'version', version: 1, status: 'done' },
      { event: 'version', version: 3, status: 'started' },
    ]
      .map((event) => JSON.stringify(event))
      .join('\n');
    const state = parseSweepJournal(`${text}\n{"event":"vers`, 'j');
    expect([...state.status]).toEqual([
      [1, 'done'],
      [3, 'started'],
    ]);
    expect(settled(state.status.get(1))).toBe(true);
    expect(settled(state.status.get(3))).toBe(false);
  });

  it('refuses a file that is not a sweep journal, or was edited', () => {
    expect(() => parseSweepJournal(JSON.stringify({ event: 'start', version: 1, ids: [] }), 'j')).toThrow('sweep journal j: not a camunda-admin sweep journal');
    expect(() => parseSweepJournal(`${JSON.stringify(start)}\nnot json\n{}`, 'j')).toThrow('sweep journal j:2: not a journal line');
  });
});

describe('withoutResumeHint', () => {
  it("drops the advice to resume one version's journal", () => {
    expect(withoutResumeHint('chunk 2/3 failed: boom; fix the cause, then continue with --resume (journal p.yaml.journal.jsonl)')).toBe(
      'chunk 2/3 failed: boom',
    );
    expect(withoutResumeHint('the canary failed (1 problem: x): the other 2 instances were not sent; continue with --resume (journal j)')).toBe(
      'the canary failed (1 problem: x): the other 2 instances were not sent',
    );
    expect(withoutResumeHint('something else')).toBe('something else');
  });
});

describe('parseOverrides: every problem at once, each with its place', () => {
  it('reports the shape, version keys and sources mapped twice together', () => {
    const text = [
      'instructions:',
      '  - {sourceActivityIds: [a], targetActivityIds: [a2]}',
      '  - {sourceActivityIds: [a], targetActivityIds: [a3]}',
      'versions:',
      '  v3: {skip: true}',
      '  4:',
      '    skipp: true',
      '    instructions:',
      '      - {sourceActivityIds: [b], targetActivityIds: [b2]}',
      '      - {sourceActivityIds: [b], targetActivityIds: [b3]}',
      '',
    ].join('\n');
    let message = '';
    try {
      parseOverrides(text, 'o.yaml', places);
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      "o.yaml:3:5: instructions[1]: activity 'a' is already mapped by instructions[0]; each source activity can be mapped once",
      'o.yaml:5:3: versions.v3: not a version number (sections are keyed by the version, e.g. 3:)',
      'o.yaml:7:5: versions["4"].skipp: unknown property (did you mean \'skip\'?); the engine would silently ignore it',
      'o.yaml:10:9: versions["4"].instructions[1]: activity \'b\' is already mapped by versions["4"].instructions[0]; each source activity can be mapped once',
    ]);
  });
});
