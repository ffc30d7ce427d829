// The limits of src/input/limits.ts, at their edge and past it, in every reader: plan, query,
// variables, authorization, config and instance-id files. Big inputs are made on the fly; the files
// of the size checks are sparse, so the test writes next to nothing to disk.
import * as places from '../../src/input/places.js';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDesiredState } from '../../src/authorizations/desired.js';
import { loadConfig } from '../../src/config/load.js';
import { loadJsonConfig } from '../../src/config/loaders.js';
import { parseYamlConfig } from '../../src/config/yaml-config.js';
import {
  findControlCharacters,
  jsonDepthProblem,
  longLineProblem,
  MAX_CONFIG_BYTES,
  MAX_DEPTH,
  MAX_ID_FILE_BYTES,
  MAX_ID_LINE_BYTES,
  MAX_INPUT_BYTES,
  MAX_LINE_CHARS,
} from '../../src/input/limits.js';
import { NestingTooDeep, parseYamlDocument } from '../../src/input/yaml-document.js';
import { InstanceIdSet } from '../../src/input/id-set.js';
import { readInstanceIds } from '../../src/input/id-file.js';
import { InputError } from '../../src/input/problems.js';
import { parsePlan, parseQueryFile, parseVariables } from '../../src/plans/load.js';
import { readInputFile } from '../../src/input/read.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'camunda-admin-limits-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const noStdin = Readable.from([]) as Readable & { isTTY?: boolean };

/** The message of an input file's problem (InputError; a plan's PlanError is one). */
function planError(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('no error');
}

const PLAN_HEAD = 'source: invoice:1\ntarget: invoice:2\n';
const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** A YAML value `depth` block mappings deep. */
const nestedYaml = (depth: number) => Array.from({ length: depth }, (_, level) => `${' '.repeat(level)}a:`).join('\n') + ' x\n';

describe('size', () => {
  it('refuses a plan file past the limit by its size, without reading it', async () => {
    const file = join(directory, 'big.json');
    writeFileSync(file, '');
    truncateSync(file, MAX_INPUT_BYTES + 1);
    await expect(readInputFile(file, noStdin)).rejects.toThrow(`${file}: the plan is larger than 64 MB`);
  });

  it('stops reading standard input once it passes the limit', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let given = 0;
    const stdin = Readable.from(
      (function* () {
        for (; given < 200; given++) yield chunk;
      })(),
    ) as Readable & { isTTY?: boolean };
    await expect(readInputFile('-', stdin, 'query')).rejects.toThrow('<stdin>: the query is larger than 64 MB');
    expect(given).toBeLessThan(70);
  });

  it('refuses an id file past the limit before the set reserves room for it', async () => {
    const file = join(directory, 'ids.txt');
    writeFileSync(file, '');
    truncateSync(file, MAX_ID_FILE_BYTES + 1);
    await expect(readInstanceIds(file, noStdin, new InstanceIdSet())).rejects.toThrow(`${file}: the id file is larger than 256 MB`);
  });

  it('refuses a config file past the limit before cosmiconfig reads it, and takes one at the limit', async () => {
    const file = join(directory, 'config.yaml');
    const text = 'profiles: {}\n';
    writeFileSync(file, text + '#'.repeat(MAX_CONFIG_BYTES - text.length - 1) + '\n');
    await expect(loadConfig({ configFile: file, cwd: directory, env: {} })).resolves.toMatchObject({ file });
    truncateSync(file, MAX_CONFIG_BYTES + 1);
    await expect(loadConfig({ configFile: file, cwd: directory, env: {} })).rejects.toThrow(`${file}: the config file is larger than 1 MB`);
  });
});

describe('line length', () => {
  it('takes a line of the limit and refuses one character more', () => {
    expect(longLineProblem('x'.repeat(MAX_LINE_CHARS))).toBeUndefined();
    expect(longLineProblem(`ok\n${'x'.repeat(MAX_LINE_CHARS + 1)}\n`)).toEqual({
      offset: 3 + MAX_LINE_CHARS,
      message: 'a line longer than 16,777,216 characters',
    });
  });

  it('refuses a plan whose one value is a line longer than the limit, naming where', () => {
    const text = JSON.stringify({ source: 'invoice:1', target: 'invoice:2', instructions: 'x'.repeat(MAX_LINE_CHARS) });
    expect(planError(() => parsePlan(text, 'huge.json', places))).toBe('huge.json:1:16777217: a line longer than 16,777,216 characters');
  });

  it('reads a long string value under the limit without running out of stack', () => {
    // The key count of JSON text was a backtracking regular expression: a 10 MB string overflowed it.
    const text = JSON.stringify({ source: 'invoice:1', target: 'invoice:2', instructions: 'x'.repeat(10 * 1024 * 1024) });
    expect(planError(() => parsePlan(text, 'long.json', places))).toMatch(/^long\.json:1:59: instructions: expected a list, got the string "x+…"$/);
  });

  it('refuses an id line longer than the limit and takes one of the limit', async () => {
    const file = join(directory, 'ids.txt');
    writeFileSync(file, `a\n${'b'.repeat(MAX_ID_LINE_BYTES)}\n`);
    const ids = new InstanceIdSet();
    await expect(readInstanceIds(file, noStdin, ids)).resolves.toBe(2);
    writeFileSync(file, `a\n${'b'.repeat(MAX_ID_LINE_BYTES + 1)}\n`);
    await expect(readInstanceIds(file, noStdin, new InstanceIdSet())).rejects.toThrow(`${file}:2: a line longer than 64 kB`);
    // A line without an end, spanning many chunks, is refused as soon as it passes the limit.
    writeFileSync(file, `a\n${'b'.repeat(3 * 1024 * 1024)}`);
    await expect(readInstanceIds(file, noStdin, new InstanceIdSet())).rejects.toThrow(`${file}:2: a line longer than 64 kB`);
  });

  it('still reads a JSON array of ids on one line longer than a chunk', async () => {
    const file = join(directory, 'ids.json');
    const list = Array.from({ length: 100_000 }, (_, index) => `id-${index}`);
    writeFileSync(file, JSON.stringify(list));
    const ids = new InstanceIdSet();
    await expect(readInstanceIds(file, noStdin, ids)).resolves.toBe(100_000);
    expect(ids.get(99_999)).toBe('id-99999');
  });
});

describe('nesting', () => {
  it(`takes JSON ${MAX_DEPTH} levels deep and refuses one more`, () => {
    expect(jsonDepthProblem(nestedJson(MAX_DEPTH))).toBeUndefined();
    // The object is the first level; brackets in a string are not levels.
    expect(jsonDepthProblem(`{"a": "[[[[", "b": ${nestedJson(MAX_DEPTH + 1)}}`)).toEqual({ offset: 18 + MAX_DEPTH, message: 'nested deeper than 64 levels' });
  });

  it(`takes YAML ${MAX_DEPTH} levels deep and refuses one more, at the collection that is too deep`, () => {
    expect(parseYamlDocument(nestedYaml(MAX_DEPTH), {}).errors).toEqual([]);
    expect(() => parseYamlDocument(nestedYaml(MAX_DEPTH + 1), {})).toThrow(NestingTooDeep);
    expect(() => parseYamlDocument(`a: ${nestedJson(MAX_DEPTH + 1)}`, {})).toThrow(NestingTooDeep);
  });

  it('refuses plans 100,000 levels deep, JSON and YAML, with a place', () => {
    expect(planError(() => parsePlan(nestedJson(100_000), 'deep.json', places))).toBe('deep.json:1:65: nested deeper than 64 levels');
    expect(planError(() => parsePlan(`${PLAN_HEAD}instructions: ${nestedJson(100_000)}\n`, 'deep.yaml', places))).toBe(
      'deep.yaml:3:78: nested deeper than 64 levels',
    );
    expect(planError(() => parsePlan(nestedYaml(3000), 'block.yaml', places))).toBe('block.yaml:65:65: nested deeper than 64 levels');
  });

  it('refuses too-deep query, variables, authorization and config files', () => {
    expect(planError(() => parseQueryFile(`{"variables": ${nestedJson(100)}}`, 'q.json', places))).toBe('q.json:1:78: nested deeper than 64 levels');
    expect(planError(() => parseVariables(nestedYaml(100), 'v.yaml', places))).toBe('v.yaml:65:65: nested deeper than 64 levels');
    expect(planError(() => parseDesiredState(nestedJson(100), 'a.json'))).toBe('a.json:1:65: nested deeper than 64 levels');
    expect(() => loadJsonConfig('c.json', nestedJson(100_000))).toThrow('c.json:1:65: nested deeper than 64 levels');
    expect(() => parseYamlConfig('c.yaml', nestedYaml(3000))).toThrow('c.yaml:65:65: nested deeper than 64 levels');
  });
});

describe('control characters', () => {
  it('refuses NUL, DEL and C1 controls in strings and keys, with the place of the string', () => {
    const plan = `${PLAN_HEAD}instructions:\n  - sourceActivityIds: ["pay\\u0000"]\n    targetActivityIds: [pay]\n`;
    expect(planError(() => parsePlan(plan, 'nul.yaml', places))).toBe(
      'nul.yaml:4:25: instructions[0].sourceActivityIds[0]: holds the control character U+0000, which input files must not contain',
    );
    const key = '{"source": "invoice:1", "target": "invoice:2", "instructions": [], "variables": {"a\\u007f": {"value": 1}}}';
    expect(planError(() => parsePlan(key, 'key.json', places))).toBe(
      'key.json:1:82: variables["a\u007f"]: the key holds the control character U+007F, which input files must not contain',
    );
    expect(planError(() => parsePlan(`${PLAN_HEAD}instructions: []\ntenantId: "a\\x85"\n`, 'c1.yaml', places))).toMatch(/^c1\.yaml:4:11: .*U\+0085/);
  });

  it('takes tab, line feed and carriage return anywhere, and other controls but NUL in a variable value', () => {
    const text = `${PLAN_HEAD}instructions: []\nvariables:\n  note:\n    value: "a\\tb\\fc\\u001b"\n    type: String\n`;
    expect(parsePlan(text, 'ok.yaml', places).plan.variables).toEqual({ note: { value: 'a\tb\fc\u001b', type: 'String' } });
    expect(planError(() => parsePlan(`${PLAN_HEAD}instructions: []\nvariables:\n  note:\n    value: "a\\0"\n`, 'v.yaml', places))).toBe(
      'v.yaml:6:12: variables.note.value: holds the control character U+0000, which input files must not contain',
    );
    expect(planError(() => parsePlan(`${PLAN_HEAD}instructions: []\nvariables:\n  note:\n    value: x\n    type: "Str\\fing"\n`, 't.yaml', places))).toMatch(
      /^t\.yaml:7:11: variables\.note\.type: holds the control character U\+000C/,
    );
  });

  it('refuses them in query, variables and authorization files', () => {
    expect(planError(() => parseQueryFile('{"businessKey": "a\\u0001"}', 'q.json', places))).toBe(
      'q.json:1:17: businessKey: holds the control character U+0001, which input files must not contain',
    );
    expect(parseQueryFile('{"variables": [{"name": "n", "operator": "eq", "value": "a\\u0001"}]}', 'q.json', places).variables).toHaveLength(1);
    expect(planError(() => parseVariables('x:\n  value: "\\0"\n', 'v.yaml', places))).toBe(
      'v.yaml:2:10: x.value: holds the control character U+0000, which input files must not contain',
    );
    expect(parseVariables('x:\n  value: "\\e"\n', 'v.yaml', places).variables).toEqual({ x: { value: '\u001b' } });
    expect(planError(() => parseDesiredState('userId: "john\\0"\n', 'a.yaml'))).toBe(
      'a.yaml:1:9: userId: holds the control character U+0000, which input files must not contain',
    );
  });

  it('finds them in a list of a million ids without a path per id', () => {
    const ids = Array.from({ length: 1_000_000 }, (_, index) => `id-${index}`);
    ids[765_432] = 'id-\u0085';
    expect(findControlCharacters({ processInstanceIds: ids })).toEqual([{ path: ['processInstanceIds', 765_432], inKey: false, character: '\u0085' }]);
  });

  it.each([
    ['NUL', 'pay\u0000', 'U+0000'],
    ['DEL', 'pay\u007f', 'U+007F'],
    ['ESC', 'pay\u001b', 'U+001B'],
    ['a C1 control', 'pay\u0085x', 'U+0085'],
  ])('refuses an id holding %s, with file and line', async (_name, id, code) => {
    const file = join(directory, 'ids.txt');
    writeFileSync(file, `${'a'.repeat(100)}\nid-1\n${id}\n`);
    await expect(readInstanceIds(file, noStdin, new InstanceIdSet())).rejects.toThrow(
      new RegExp(`^${file}:3: '.*' is not a process instance id: it holds the control character ${code.replace('+', '\\+')}$`),
    );
  });

  it('refuses a control character in a JSON array of ids, with its line', async () => {
    const file = join(directory, 'ids.json');
    writeFileSync(file, '# ids\n[\n  "a",\n  "b\\"\\u0000",\n  "c"\n]\n');
    await expect(readInstanceIds(file, noStdin, new InstanceIdSet())).rejects.toThrow(
      `${file}:4: [1] is not a process instance id: it holds the control character U+0000`,
    );
  });
});
