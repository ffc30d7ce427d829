// bin/camunda-admin.cjs turns on Node's compile cache (Node 22.1 and later) in the user's own cache
// directory; Node 20, which has none, runs without one.
import { existsSync, readdirSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runBinary, tempDir } from '../../helpers/cli.js';

const nodeHasCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const filesUnder = (directory: string): string[] => (existsSync(directory) ? readdirSync(directory, { recursive: true, encoding: 'utf8' }) : []);

describe('the compile cache', () => {
  it.runIf(process.platform === 'linux')('is kept in $XDG_CACHE_HOME/camunda-admin', async () => {
    const cache = tempDir('camunda-admin-xdg-');
    const result = await runBinary(['completion', 'bash'], { env: cleanEnv({ XDG_CACHE_HOME: cache }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('camunda-admin');
    if (nodeHasCache) expect(filesUnder(join(cache, 'camunda-admin')).length).toBeGreaterThan(0);
    else expect(existsSync(join(cache, 'camunda-admin'))).toBe(false);
    // A second run, from the cache where there is one, does the same.
    expect(await runBinary(['completion', 'bash'], { env: cleanEnv({ XDG_CACHE_HOME: cache }) })).toEqual(result);
  });

  it.runIf(process.platform === 'linux')('is kept in ~/.cache/camunda-admin without XDG_CACHE_HOME', async () => {
    const home = tempDir('camunda-admin-home-');
    const result = await runBinary(['completion', 'bash'], { env: cleanEnv({}, home) });
    expect(result.code).toBe(0);
    expect(filesUnder(join(home, '.cache', 'camunda-admin')).length > 0).toBe(nodeHasCache);
  });

  it('is not used with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    const home = tempDir('camunda-admin-home-');
    const result = await runBinary(['completion', 'bash'], { env: cleanEnv({ NODE_DISABLE_COMPILE_CACHE: '1', XDG_CACHE_HOME: join(home, 'cache') }, home) });
    expect(result.code).toBe(0);
    expect(filesUnder(home)).toEqual([]);
  });
});
