// An empty value of a flag or variable that selects the engine is an error (exit 2), never "unset":
// passed over, it would let the default profile, here the "production" engine, take its place.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';

let production: Simulator;
let cwd: string;
let home: string;
beforeAll(async () => {
  production = await startSimulator();
  cwd = tempDir();
  home = tempDir('camunda-admin-home-');
  writeFileSync(
    join(cwd, '.camunda-adminrc.yaml'),
    `defaultProfile: prod\nprofiles:\n  prod:\n    url: ${production.url}\n  staging:\n    url: ${production.url}\n`,
  );
});
afterAll(async () => {
  await production.close();
  rmSync(cwd, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const WHY = '(an empty value is refused rather than passed over for the next source: the default profile or URL may be production)';

describe('empty values that select the engine', () => {
  it.each([
    ['--profile', ['--profile', '']],
    ['--profile', ['--profile=']],
    ['--url', ['--url', '']],
    ['--engine', ['--engine', '']],
    ['--config', ['--config', '']],
    ['--username', ['--username', '']],
    ['--password', ['--username', 'demo', '--password', '']],
    ['--token', ['--token', '']],
    ['--ca-file', ['--ca-file', '']],
  ])('%s "": exit 2 naming the flag, and nothing is sent', async (flag, args) => {
    const result = await runCli([...args, 'group', 'list'], { cwd, env: cleanEnv({}, home) });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error: ${flag} is empty: give it a value, or leave it out ${WHY}\n`);
    expect(production.requests).toEqual([]);
  });

  it.each(['CAMUNDA_PROFILE', 'CAMUNDA_URL', 'CAMUNDA_ENGINE', 'CAMUNDA_USERNAME', 'CAMUNDA_PASSWORD', 'CAMUNDA_TOKEN'])(
    '%s set but empty: exit 2 naming it, and nothing is sent',
    async (variable) => {
      const result = await runCli(['group', 'list'], { cwd, env: cleanEnv({ [variable]: '' }, home) });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`error: environment variable ${variable} is set but empty: give it a value, or unset it ${WHY}\n`);
      expect(production.requests).toEqual([]);
    },
  );

  it('a value given, or none at all, still works', async () => {
    const before = production.requests.length;
    expect((await runCli(['--profile', 'staging', 'group', 'count'], { cwd, env: cleanEnv({}, home) })).code).toBe(0);
    expect((await runCli(['group', 'count'], { cwd, env: cleanEnv({}, home) })).code).toBe(0);
    expect(production.requests).toHaveLength(before + 2);
  });
});
