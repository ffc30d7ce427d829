// Property-based fuzzing of every reader of an input file (issue 31): random and adversarial
// documents (aliases, alias bombs, recursive aliases, deep nesting, control characters, huge scalars,
// wrong types) give a result or a usage error (exit 2), never an internal error, and what a reader
// returns is bounded: no cycle, and no more values than the text could hold plus the aliases' share
// (src/input/limits.ts MAX_ALIAS_VALUES), so nothing after the reader can run away.
//
// A fixed seed and a few seconds of CPU in `npm test`; a larger run by hand (docs/migration.md "Input files"):
//   FUZZ_RUNS=100000 npx vitest run test/unit/input-fuzz.test.ts
//   FUZZ_SEED=123 FUZZ_RUNS=5000 npx vitest run test/unit/input-fuzz.test.ts
import * as places from '../../src/input/places.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseAccessFile } from '../../src/access/file.js';
import { parseDesiredState } from '../../src/authorizations/desired.js';
import { loadConfig } from '../../src/config/load.js';
import { UsageError } from '../../src/exit-codes.js';
import { MAX_ALIAS_VALUES } from '../../src/input/limits.js';
import { readInstanceIds } from '../../src/input/id-file.js';
import { InstanceIdSet } from '../../src/input/id-set.js';
import { parsePlan, parseQueryFile, parseVariables } from '../../src/plans/load.js';
import { parseOverrides } from '../../src/plans/overrides.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
/** Generous: a case takes milliseconds; only a reader that does not end reaches it. */
const TIMEOUT = Math.max(120_000, RUNS * 50);

// ---- documents ----

/** Words the readers know, so that random documents get past the first key now and then. */
const KEYS = [
  'source',
  'target',
  'instructions',
  'sourceActivityIds',
  'targetActivityIds',
  'updateEventTrigger',
  'variables',
  'value',
  'type',
  'valueInfo',
  'processInstanceIds',
  'processInstanceQuery',
  'migrationPlan',
  'versions',
  'skip',
  'scope',
  'groups',
  'users',
  'global',
  'resourceTypes',
  'authorizations',
  'name',
  'members',
  'user',
  'group',
  'resource',
  'resourceId',
  'permissions',
  'profiles',
  'url',
  'auth',
  'timeout',
  'defaultProfile',
  'businessKey',
  'sorting',
  'userId',
  '__proto__',
  'constructor',
  '<<',
];
const CONTROL = ['\0', '\u0001', '\u0007', '\b', '\t', '\u000b', '\f', '\r', '\u001b', '\u007f', '\u0085', '\u2028', '\uFEFF', '\uFFFD'];

const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 }));
const scalar = fc.oneof(
  fc.constantFrom('pay', 'invoice:1', 'invoice:2', 'grant', 'process-definition', 'READ', '*', 'String', 'Null', 'true', '1', '-1', '1e400'),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...CONTROL).map((control) => `a${control}b`),
);
/** Values of any type, nested a little: wrong types everywhere the schemas look. */
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('map')),
  list: fc.array(tie('node'), { maxLength: 4 }),
  map: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
})).node;

/** A value as YAML (block or flow) or JSON. */
const written = fc
  .tuple(value, fc.constantFrom('yaml', 'flow', 'json'))
  .map(([data, style]) => (style === 'json' ? (JSON.stringify(data) ?? 'null') : stringify(data, { collectionStyle: style === 'flow' ? 'flow' : 'any' })));

/** Levels of aliases to the level before: `width ** levels` values from a few lines. */
const aliasBomb = fc
  .record({ levels: fc.integer({ min: 1, max: 16 }), width: fc.integer({ min: 1, max: 10 }), under: fc.constantFrom('', 'instructions', 'groups') })
  .map(({ levels, width, under }) => {
    const lines = ['x0: &x0 [a, b, c, d, e, f, g, h, i]'];
    for (let level = 1; level <= levels; level++) lines.push(`x${level}: &x${level} [${Array.from({ length: width }, () => `*x${level - 1}`).join(', ')}]`);
    if (under) lines.push(`${under}: *x${levels}`);
    return `${lines.join('\n')}\n`;
  });

/** An anchor whose node holds its own alias, somewhere a reader looks. */
const recursiveAlias = fc.constantFrom(
  'a: &a [*a]\n',
  'source: invoice:1\ntarget: invoice:2\ninstructions: &i [ {sourceActivityIds: *i, targetActivityIds: [pay]} ]\n',
  'processInstanceIds: &p [*p]\n',
  'groups: {sales: &g {name: S, members: *g}}\n',
  '&r {profiles: {a: *r}}\n',
  'variables: &v {x: {value: *v, type: Json}}\n',
  'versions: &v {"3": {instructions: *v}}\n',
  '- &l [*l, *l]\n',
  '&m {a: &n {b: *m}}\n',
);

/** Collections inside collections, flow or block, past every limit. */
const deep = fc.record({ depth: fc.integer({ min: 1, max: 3000 }), style: fc.constantFrom('[', '{a: ', '- ', 'k:\n') }).map(({ depth, style }) => {
  if (style === '[') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (style === '{a: ') return `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`;
  if (style === '- ') return `${Array.from({ length: Math.min(depth, 400) }, (_, level) => `${' '.repeat(level * 2)}- `).join('\n')}x\n`;
  return `${Array.from({ length: Math.min(depth, 400) }, (_, level) => `${' '.repeat(level)}k:`).join('\n')} x\n`;
});

/** One scalar of up to 300 kB, or a long line. */
const huge = fc
  .record({ size: fc.integer({ min: 1, max: 300_000 }), quoted: fc.constantFrom('', '"', "'"), at: fc.constantFrom('source', 'sourceActivityIds', 'name') })
  .map(({ size, quoted, at }) => `${at}: ${quoted}${'x'.repeat(size)}${quoted}\n`);

/** Random YAML-ish tokens: syntax that is almost right, and control characters inside strings. */
const tokens = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ':',
        ': ',
        ' ',
        '\n',
        '\n  ',
        '- ',
        '[',
        ']',
        '{',
        '}',
        ', ',
        '&a ',
        '*a',
        '&b ',
        '*b',
        '"',
        "'",
        '#',
        '!!str ',
        '!!binary ',
        '|\n',
        '>\n',
        '? ',
        '---\n',
        '...\n',
        '%YAML 1.2\n',
        '\\',
      ),
      fc.constantFrom(...KEYS),
      fc.constantFrom(...CONTROL),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

/** An alias spliced into a written document: a self-reference or an alias to an earlier node. */
const spliced = fc.tuple(written, fc.nat(), fc.constantFrom('&a ', '*a', '&a [*a]', '&a {k: *a}', '\0', '"\0"')).map(([text, at, insert]) => {
  const index = text.length === 0 ? 0 : at % text.length;
  return text.slice(0, index) + insert + text.slice(index);
});

const documents = fc.oneof(written, written, spliced, tokens, aliasBomb, recursiveAlias, deep, huge);

// ---- readers ----

/** The number of values of `data` as a tree, up to `limit`; Infinity for a cycle. */
function treeSize(data: unknown, limit: number): number {
  let count = 0;
  const open = new Set<object>();
  const stack: { value: unknown; exit: boolean }[] = [{ value: data, exit: false }];
  while (stack.length > 0 && count <= limit) {
    const { value: item, exit } = stack.pop()!;
    count += exit ? 0 : 1;
    if (item === null || typeof item !== 'object') continue;
    if (exit) {
      open.delete(item);
      continue;
    }
    if (open.has(item)) return Infinity;
    open.add(item);
    stack.push({ value: item, exit: true });
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push({ value: child, exit: false });
  }
  return count;
}

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'camunda-admin-fuzz-'));
});
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

type Reader = (text: string) => unknown;

const readers: [string, Reader | ((text: string) => Promise<unknown>)][] = [
  ['plan', (text) => parsePlan(text, 'plan.yaml', places).plan],
  ['query', (text) => parseQueryFile(text, 'query.yaml', places)],
  ['variables', (text) => parseVariables(text, 'variables.yaml', places).variables],
  ['overrides', (text) => parseOverrides(text, 'overrides.yaml', places)],
  ['access file', (text) => parseAccessFile(text, 'access.yaml', { HOME: '/home/x' })],
  ['authorization file', (text) => parseDesiredState(text, 'authorization.yaml')],
  [
    'instance-id file',
    async (text) => {
      const stdin = new PassThrough();
      stdin.end(text);
      const ids = new InstanceIdSet();
      await readInstanceIds('-', stdin, ids);
      return [...ids];
    },
  ],
  [
    'config file',
    async (text) => {
      const file = join(directory, '.camunda-adminrc.yaml');
      writeFileSync(file, text);
      return (await loadConfig({ cwd: directory, configFile: file, env: {} })).profileNames;
    },
  ],
];

describe('every input reader, fuzzed', () => {
  it.each(readers)(
    '%s: a result or a usage error, bounded, never an internal error',
    async (_name, read) => {
      await fc.assert(
        fc.asyncProperty(documents, async (text) => {
          let result: unknown;
          try {
            result = await read(text);
          } catch (error) {
            if (!(error instanceof UsageError)) throw error;
            expect(error.exitCode).toBe(2);
            // One problem per line, each naming the file (or stdin) it is about.
            expect(error.message).not.toMatch(/internal error|at .*\.ts:\d+/);
            return;
          }
          expect(treeSize(result, text.length + 2 + MAX_ALIAS_VALUES)).toBeLessThanOrEqual(text.length + 1 + MAX_ALIAS_VALUES);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    TIMEOUT,
  );
});
