// Every reader of an input file refuses one past the limits, or with a control character, with exit
// 2 and one line naming the file, and sends nothing (docs/migration.md "Input files").
import { rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { SEEDED_AUTHORIZATION_IDS as AUTHORIZATIONS, SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS } from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const it = fileTest();
let cwd: string;
const PLAN = `source: ${DEFINITIONS.v1}\ntarget: refengine-demo:2\ninstructions:\n  - sourceActivityIds: [task]\n    targetActivityIds: [task]\n`;
beforeAll(async () => {
  cwd = tempDir();
  const deepJson = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const files: Record<string, string> = {
    'plan.yaml': PLAN,
    // The crash of issue 16: one 50 MB string.
    'huge.json': JSON.stringify({ source: 'invoice:1', target: 'invoice:2', instructions: 'x'.repeat(50 * 1024 * 1024) }),
    'deep.json': deepJson,
    'deep.yaml': `source: invoice:1\ntarget: invoice:2\ninstructions: ${deepJson}\n`,
    'nul.yaml': 'source: invoice:1\ntarget: invoice:2\ninstructions:\n  - sourceActivityIds: ["pay\\u0000"]\n    targetActivityIds: [pay]\n',
    'query.yaml': 'businessKey: "b\\x07"\n',
    'vars.yaml': 'note:\n  value: "a\\0"\n  type: String\n',
    'authorization.yaml': 'resourceId: "invoice\\x1b"\n',
    'ids.txt': `${'a'.repeat(40)}\nid\u007f\n`,
    'config.json': `{"profiles": ${deepJson}}`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  // Sparse: the size alone is refused, nothing is read.
  writeFileSync(join(cwd, 'gigabyte.json'), '');
  truncateSync(join(cwd, 'gigabyte.json'), 1024 * 1024 * 1024);
});
afterAll(async () => {
  rmSync(cwd, { recursive: true, force: true });
});

const cases: [string, string[], RegExp][] = [
  ['a plan with a 50 MB string', ['migration', 'validate', 'huge.json'], /^error: huge\.json:1:16777217: a line longer than 16,777,216 characters$/],
  ['a 1 GB plan', ['migration', 'validate', 'gigabyte.json'], /^error: gigabyte\.json: the plan is larger than 64 MB$/],
  ['a JSON plan 100,000 levels deep', ['migration', 'validate', 'deep.json'], /^error: deep\.json:1:65: nested deeper than 64 levels$/],
  ['a YAML plan 100,000 levels deep', ['migration', 'validate', 'deep.yaml'], /^error: deep\.yaml:3:78: nested deeper than 64 levels$/],
  [
    'a plan with NUL in an activity id',
    ['migration', 'validate', 'nul.yaml'],
    /^error: nul\.yaml:4:25: instructions\[0\]\.sourceActivityIds\[0\]: holds the control character U\+0000/,
  ],
  [
    'a query with BEL',
    ['migration', 'execute', 'plan.yaml', '--query', 'query.yaml', '--yes'],
    /^error: query\.yaml:1:14: businessKey: holds the control character U\+0007/,
  ],
  ['a 1 GB query', ['migration', 'execute', 'plan.yaml', '--query', 'gigabyte.json', '--yes'], /^error: gigabyte\.json: the query is larger than 64 MB$/],
  [
    'variables with NUL',
    ['migration', 'generate', '--source', 'invoice:1', '--target', 'invoice:2', '--variables', 'vars.yaml'],
    /^error: vars\.yaml:2:10: note\.value: holds the control character U\+0000/,
  ],
  [
    'an authorization file with ESC',
    ['auth', 'update', AUTHORIZATIONS.johnProcessDefinitionGrant, '--file', 'authorization.yaml'],
    /^error: authorization\.yaml:1:13: resourceId: holds the control character U\+001B/,
  ],
  [
    'an authorization file 100,000 levels deep',
    ['auth', 'update', AUTHORIZATIONS.johnProcessDefinitionGrant, '--file', 'deep.json'],
    /^error: deep\.json:1:65: nested deeper than 64 levels$/,
  ],
  [
    'an id with DEL',
    ['migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--yes'],
    /^error: ids\.txt:2: 'id\\x7f' is not a process instance id: it holds the control character U\+007F$/,
  ],
  [
    'a 1 GB id file',
    ['migration', 'execute', 'plan.yaml', '--instances-file', 'gigabyte.json', '--yes'],
    /^error: gigabyte\.json: the id file is larger than 256 MB$/,
  ],
  ['a config 100,000 levels deep', ['--config', 'config.json', 'engine', 'info'], /^error: .*config\.json:1:77: nested deeper than 64 levels$/],
  ['a 1 GB config', ['--config', 'gigabyte.json', 'engine', 'info'], /^error: .*gigabyte\.json: the config file is larger than 1 MB$/],
];

describe('input limits and control characters', () => {
  it.for(cases)('%s: exit 2, one line, nothing sent', async ([_name, args, message], { engine }) => {
    engine.requests.length = 0;
    const result = await runCli(['--url', engine.url, '--retries', '0', ...args], { cwd });
    expect(result.stderr.trimEnd()).toMatch(message);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(engine.requests).toEqual([]);
  });
});
