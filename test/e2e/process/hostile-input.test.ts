// Hostile YAML (issue 31, items 1-3): recursive aliases, an alias bomb and a NUL byte in a flow
// sequence end the run with exit 2 and one line naming the file and line:col, send nothing, and
// never hang; SIGTERM and SIGINT end a run that is reading such a file (docs/migration.md "Input files").
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, spawnCli, tempDir } from '../../helpers/cli.js';

let engine: Simulator;
let cwd: string;
const PLAN = `source: ${DEFINITIONS.v1}\ntarget: refengine-demo:2\ninstructions:\n  - sourceActivityIds: [task]\n    targetActivityIds: [task]\n`;
/** 12 levels of 9 aliases to the level before: 9^12 values from 13 lines. */
const BOMB = `${['l0: &l0 [a, b, c, d, e, f, g, h, i]', ...Array.from({ length: 12 }, (_, level) => `l${level + 1}: &l${level + 1} [${Array(9).fill(`*l${level}`).join(', ')}]`)].join('\n')}\n`;

beforeAll(async () => {
  engine = await startSimulator();
  cwd = tempDir();
  const files: Record<string, string> = {
    'plan.yaml': PLAN,
    'alias.yaml': 'a: &a [*a]\n',
    'instructions.yaml': 'source: invoice:1\ntarget: invoice:2\ninstructions: &i [ {sourceActivityIds: *i, targetActivityIds: [pay]} ]\n',
    'query.yaml': 'processInstanceIds: &p [*p]\n',
    'access.yaml': 'groups: {sales: &g {name: S, members: *g}}\n',
    'bomb.yaml': BOMB,
    'nul.yaml': 'source: invoice:1\ntarget: invoice:2\ninstructions:\n  - sourceActivityIds: ["pay\0"]\n    targetActivityIds: [pay]\n',
    'config.yaml': 'profiles: &p {a: {url: *p}}\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
});
afterAll(async () => {
  await engine.close();
});

const RECURSIVE = 'refers to a node that contains it; recursive aliases are not allowed';

describe('hostile YAML: exit 2, one line with file:line:col, nothing sent', () => {
  it.each([
    ['a self-referencing alias', ['migration', 'validate', 'alias.yaml'], `alias.yaml:1:8: the alias *a ${RECURSIVE}`],
    ['an alias to the instructions inside them', ['migration', 'validate', 'instructions.yaml'], `instructions.yaml:3:40: the alias *i ${RECURSIVE}`],
    [
      'a --query file whose ids hold themselves',
      ['migration', 'execute', 'plan.yaml', '--query', 'query.yaml', '--dry-run'],
      `query.yaml:1:25: the alias *p ${RECURSIVE}`,
    ],
    ['an access file whose group holds itself', ['access', 'plan', 'access.yaml'], `access.yaml:1:39: the alias *g ${RECURSIVE}`],
    [
      'an alias bomb',
      ['migration', 'validate', 'bomb.yaml'],
      'bomb.yaml:6:10: aliases stand for more than 100,000 values; write the values out or use fewer aliases',
    ],
    [
      'a NUL byte in a quoted string of a flow sequence',
      ['migration', 'validate', 'nul.yaml'],
      'nul.yaml:4:25: instructions[0].sourceActivityIds[0]: holds the control character U+0000, which input files must not contain',
    ],
    ['a config file whose profile holds the profiles', ['config', 'show', '--config', 'config.yaml'], 'CONFIG:1:24: the alias *p ' + RECURSIVE],
  ])('%s', async (_name, args, line) => {
    const before = engine.requests.length;
    const result = await runCli(['--url', engine.url, ...args], { cwd });
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: ${line.replace('CONFIG', join(cwd, 'config.yaml'))}\n`);
    expect(result.code).toBe(2);
    expect(engine.requests.length).toBe(before);
  });
});

describe('a signal ends a run that reads a hostile file (spawned)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s while the plan is being read: the run ends with its documented code', async (signal) => {
    // A named pipe as the plan: the run is past start-up (its signal handlers are set) once it has
    // opened the pipe, which is when the writer's open returns. The signal comes first, the file after.
    const fifo = join(tempDir(), 'plan.yaml');
    execFileSync('mkfifo', [fifo]);
    const run = spawnCli(['--url', engine.url, 'migration', 'validate', fifo], { cwd, env: cleanEnv(), timeoutMs: 60_000 });
    const writer = await open(fifo, 'w');
    run.child.kill(signal);
    await writer.writeFile(BOMB);
    await writer.close();
    const result = await run.result;
    // The run took the signal (exit 130, docs/exit-codes.md), or the refusal of the file came first
    // (exit 2): either way one line, and the process ended.
    expect([2, 130]).toContain(result.code);
    expect(result.stderr).toMatch(
      result.code === 2
        ? /^error: \S+plan\.yaml:6:10: aliases stand for more than 100,000 values; write the values out or use fewer aliases\n$/
        : /^error: interrupted/,
    );
    expect(result.stdout).toBe('');
  });

  it('SIGTERM while standard input is read from a writer that keeps it open: exit 130 with one line', async () => {
    const run = spawnCli(['--url', engine.url, 'migration', 'validate', '-'], { cwd, env: cleanEnv(), timeoutMs: 60_000, stdinOpen: true });
    // More than a pipe holds: 'drain' comes once the command reads its input, its handlers in place.
    const comments = `# ${'x'.repeat(1000)}\n`.repeat(2000);
    if (!run.child.stdin.write(comments)) await once(run.child.stdin, 'drain');
    run.child.kill('SIGTERM');
    const result = await run.result;
    run.child.stdin.destroy();
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/^error: interrupted/);
    expect(result.stdout).toBe('');
  });
});
