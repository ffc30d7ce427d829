// The bad-input corpus: each case exits 2 (or its documented code) with one line naming the problem,
// and sends nothing it should not.
import { openSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect } from 'vitest';
import { runCli, tempDir } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const it = fileTest();
let cwd: string;
beforeAll(async () => {
  cwd = tempDir();
  const files: Record<string, string> = {
    'malformed.yaml': 'source: [invoice:1\n',
    'malformed.json': '{"source": "invoice:1",}',
    'bom-crlf.yaml': '\uFEFFsource: invoice:1\r\ntarget: invoice:2\r\ninstructions:\r\n  - sourceActivityIds: [approve\r\n',
    'empty.yaml': '',
    'duplicate.yaml': 'source: invoice:1\nsource: invoice:2\n',
    'wrong-type.json': '{"source": "invoice:1", "target": "invoice:2", "instructions": [{"sourceActivityIds": "approve", "targetActivityIds": ["x"]}]}',
    'unknown-field.yaml': 'source: invoice:1\ntarget: invoice:2\nskipCustomListener: true\n',
    'list.yaml': '- a\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  // 70 MB: above the 64 MB a plan may have; written in pieces to keep the test's own memory low.
  const big = openSync(join(cwd, 'huge.json'), 'w');
  const piece = `${' '.repeat(1024 * 1024 - 1)}\n`;
  for (let i = 0; i < 70; i++) writeSync(big, piece);
  closeSync(big);
});

const cases: [string, string[], number, RegExp][] = [
  ['malformed YAML', ['migration', 'validate', 'malformed.yaml'], 2, /^error: malformed\.yaml:\d+:\d+: invalid YAML: /],
  ['malformed JSON', ['migration', 'validate', 'malformed.json'], 2, /^error: malformed\.json:1:\d+: invalid JSON: /],
  ['BOM and CRLF with a syntax error', ['migration', 'validate', 'bom-crlf.yaml'], 2, /^error: bom-crlf\.yaml:\d+:\d+: invalid YAML/],
  ['an empty file', ['migration', 'validate', 'empty.yaml'], 2, /^error: empty\.yaml:1:1: the plan is empty$/],
  ['a 70 MB file', ['migration', 'validate', 'huge.json'], 2, /^error: huge\.json: the plan is larger than 64 MB$/],
  ['duplicate keys', ['migration', 'validate', 'duplicate.yaml'], 2, /^error: duplicate\.yaml:2:1: duplicate key/],
  ['a wrong type', ['migration', 'validate', 'wrong-type.json'], 2, /instructions\[0\]\.sourceActivityIds: expected a list, got the string "approve"$/],
  ['an unknown field', ['migration', 'validate', 'unknown-field.yaml'], 2, /skipCustomListener: unknown property \(did you mean 'skipCustomListeners'\?\)/],
  ['not an object', ['migration', 'validate', 'list.yaml'], 2, /a plan must be an object/],
  ['a directory', ['migration', 'validate', '.'], 2, /^error: \.: is a directory, not a plan file$/],
  ['an id that is only dots', ['group', 'get', '..'], 2, /^error: the id '\.\.' cannot be sent in a URL path$/],
  ['an empty id', ['auth', 'delete', '', '--yes'], 2, /^error: an id must not be empty$/],
  ['negative paging', ['group', 'list', '--first', '-1'], 2, /--first|unknown option '-1'/],
  ['non-numeric paging', ['auth', 'list', '--max', 'ten'], 2, /^error: --max: 'ten' is not a whole number of at least 1$/],
  ['zero --max', ['auth', 'list', '--max', '0'], 2, /^error: --max: '0' is not a whole number of at least 1$/],
  ['an invalid date', ['metrics', 'sum', 'process-instances', '--start', '2026-02-30'], 2, /^error: --start: '2026-02-30' is not a date/],
  ['an end before the start', ['metrics', 'sum', 'process-instances', '--start', '2026-02-01', '--end', '2026-01-01'], 2, /--start must be before --end/],
  [
    'an age before the year 1',
    ['metrics', 'list', '--start', '1000000d'],
    2,
    /^error: --start: '1000000d' is outside the years 1 to 9999, which the engine's dates hold$/,
  ],
  [
    'an age past any date',
    ['metrics', 'delete-task-worker', '--before', '99999999999999d', '--yes'],
    2,
    /^error: --before: '99999999999999d' is outside the years 1 to 9999/,
  ],
  [
    '--max past what the engine can count',
    ['auth', 'list', '--max', '2147483647'],
    2,
    /^error: --max: '2147483647' is more than 2,147,483,646, the most it can be$/,
  ],
  [
    '--first past the engine int',
    ['group', 'list', '--first', '2147483648'],
    2,
    /^error: --first: '2147483648' is more than 2,147,483,647, the engine's largest number$/,
  ],
  ['an unknown resource type', ['auth', 'list', '--resource-type', 'procdef'], 2, /^error: --resource-type: unknown resource type 'procdef'/],
  [
    'an unknown permission',
    ['auth', 'create', '--type', 'grant', '--user', 'u', '--resource-type', 'batch', '--permissions', 'ACCESS'],
    2,
    /permission 'ACCESS' is not valid for resource type batch/,
  ],
  ['a bad month', ['metrics', 'report', '--from', '2026-13'], 2, /^error: --from: '2026-13' is not a month/],
  ['an unknown shell', ['completion', 'tcsh'], 2, /unknown shell 'tcsh'/],
];

describe('bad input', () => {
  it.for(cases)('%s', async ([_name, args, code, message], { engine }) => {
    engine.requests.length = 0;
    const result = await runCli(['--url', engine.url, '--retries', '0', ...args], { cwd });
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(engine.requests).toEqual([]);
  });

  it.for<[string, string, string]>([
    ['a slash', 'a/b', '/engine-rest/group/a%2Fb'],
    ['a space', 'a b', '/engine-rest/group/a%20b'],
    ['a percent sign', '100%', '/engine-rest/group/100%25'],
    ['unicode', 'grüße', '/engine-rest/group/gr%C3%BC%C3%9Fe'],
    ['a control character', 'a\tb', '/engine-rest/group/a%09b'],
  ])("an id with %s stays one path segment and gets the engine's 404", async ([_name, id, path], { engine }) => {
    engine.requests.length = 0;
    const result = await runCli(['--url', engine.url, 'group', 'get', id]);
    expect(result.code).toBe(5);
    expect(engine.requests.map((request) => request.path)).toEqual([path]);
  });
});
