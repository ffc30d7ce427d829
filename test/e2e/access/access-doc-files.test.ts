// Every access file that README.md or a page of docs/ shows (a ```yaml block of scope, users, groups,
// tenants and authorizations only) is applied to the simulator as written: a default engine takes only group ids
// of its whitelist ([a-zA-Z0-9]+|camunda-admin), and an example naming a group such as `invoice-eu`
// could not be followed (issue 31, item 19). An example that shows a mistake on purpose (the tool
// refuses it, exit 2, before any request) is left out; the first example of docs/access.md is not.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { parse } from 'yaml';
import { type Cli, cliFor, test } from '../../helpers/fixtures.js';

const ROOT = new URL('../../../', import.meta.url);
const PAGES = [
  'README.md',
  ...readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const ACCESS_KEYS = new Set(['scope', 'users', 'groups', 'tenants', 'authorizations']);

interface AccessExample {
  /** `docs/access.md:18`: the line of the opening fence */
  where: string;
  text: string;
}

function isAccessFile(text: string): boolean {
  let document: unknown;
  try {
    document = parse(text);
  } catch {
    return false;
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return false;
  const keys = Object.keys(document);
  return keys.length > 0 && keys.every((key) => ACCESS_KEYS.has(key)) && keys.some((key) => key !== 'scope');
}

function accessExamplesOf(page: string): AccessExample[] {
  const lines = readFileSync(new URL(page, ROOT), 'utf8').split('\n');
  const examples: AccessExample[] = [];
  let start: number | undefined;
  lines.forEach((line, index) => {
    if (start === undefined && line.startsWith('```yaml')) start = index + 1;
    else if (start !== undefined && line.startsWith('```')) {
      const text = `${lines.slice(start, index).join('\n')}\n`;
      if (isAccessFile(text)) examples.push({ where: `${page}:${start}`, text });
      start = undefined;
    }
  });
  return examples;
}

const EXAMPLES = PAGES.flatMap(accessExamplesOf);

const it = test.extend<{ cli: Cli }>({
  cli: async ({ engine, cwd }, use) => use(cliFor(engine.url, { cwd })),
});

describe('the access files of the docs', () => {
  it('include the first example of docs/access.md', () => {
    expect(EXAMPLES.map((example) => example.where)).toContain('docs/access.md:18');
  });

  it.for(EXAMPLES.map((example) => [example.where, example] as const))('%s applies to a default engine', async ([, example], { cli, cwd }) => {
    writeFileSync(join(cwd, 'access.yaml'), example.text);
    const plan = await cli('access', 'plan', 'access.yaml');
    if (plan.code === 2 && example.where !== 'docs/access.md:18') return; // a mistake shown on purpose
    const applied = await cli('access', 'apply', 'access.yaml', '--yes');
    expect(applied.stderr).not.toContain('invalid id');
    expect(applied.code, applied.stderr).toBe(0);
    const again = await cli('access', 'plan', 'access.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
  });
});
