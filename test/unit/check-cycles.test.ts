// scripts/check-cycles.mjs (run by npm test): every import cycle of a directory of modules, type
// imports, re-exports and dynamic imports included, and nothing else.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('../../scripts/check-cycles.mjs', import.meta.url).pathname;
let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A directory of modules with these texts; the checker's exit code and output for it. */
function check(files: Record<string, string>): { status: number | null; lines: string[] } {
  dir = mkdtempSync(join(tmpdir(), 'check-cycles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return { status: run.status, lines: run.stdout.trimEnd().split('\n') };
}

describe('check-cycles', () => {
  it('lists each cycle once, as its shortest round trip, and fails', () => {
    const { status, lines } = check({
      // A type import, an import and a re-export make one cycle.
      'a.ts': "import type { B } from './b.js';\nexport const a = 1;\nexport type A = B;\n",
      'b.ts': "import { c } from './c.js';\nexport type B = typeof c;\n",
      'c.ts': "export { a as c } from './a.js';\n",
      // A dynamic import ties its module as much as a static one.
      'lazy/d.ts': "export async function load() {\n  return import('./e.js');\n}\n",
      'lazy/e.ts': "import { load } from './d.js';\nexport const e = load;\n",
      // A module that imports itself.
      'self.ts': "import * as self from './self.js';\nexport const again = self;\n",
      // x <-> y is the shortest round trip; z is tied into the same knot (y -> z -> x).
      'knot/x.ts': "import './y.js';\n",
      'knot/y.ts': "import './x.js';\nimport './z.js';\n",
      'knot/z.ts': "import './x.js';\n",
      // None of these makes a cycle: packages, a missing module, a text file, an import in a comment
      // or a string, and a module imported by two others.
      'f.ts': [
        "import { readFileSync } from 'node:fs';",
        "import template from './scripts/thing.bash';",
        "import { g } from './g.js';",
        "import { missing } from './missing.js';",
        "// import { f } from './f.js';",
        'export const text = "import \'./f.js\'";',
        'export { g, missing, readFileSync, template };',
        '',
      ].join('\n'),
      'g.ts': 'export const g = 1;\n',
      'h.ts': "import { g } from './g.js';\nexport const h = g;\n",
      'scripts/thing.bash': 'source ./f.ts\n',
    });
    expect(status).toBe(1);
    expect(lines).toEqual([
      'import cycle: a.ts -> b.ts -> c.ts -> a.ts',
      'import cycle: knot/x.ts -> knot/y.ts -> knot/x.ts (tied into it too: knot/z.ts)',
      'import cycle: lazy/d.ts -> lazy/e.ts -> lazy/d.ts',
      'import cycle: self.ts -> self.ts',
      expect.stringMatching(/^4 import cycles in .*check-cycles-\w+: move the shared types or code into a module of their own$/),
    ]);
  });

  it('passes a directory without cycles', () => {
    const { status, lines } = check({
      'a.ts': "import type { B } from './b.js';\nexport type A = B;\n",
      'b.ts': "export { c as b } from './nested/c.js';\n",
      'nested/c.ts': "import { readFileSync } from 'node:fs';\nexport const c = readFileSync;\n",
    });
    expect(status).toBe(0);
    expect(lines).toEqual(['no import cycle among 3 modules']);
  });
});
