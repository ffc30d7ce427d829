import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The completion scripts (src/completion/scripts) as strings, as esbuild's text loader gives them to the build. */
const shellScriptsAsText: Plugin = {
  name: 'shell-scripts-as-text',
  enforce: 'pre',
  transform(code, id) {
    return /\.(bash|zsh|fish)$/.test(id) ? { code: `export default ${JSON.stringify(code)};`, map: null } : undefined;
  },
};

export default defineConfig({
  define: { __CAMUNDA_ADMIN_VERSION__: JSON.stringify(pkg.version) },
  plugins: [shellScriptsAsText],
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/test-setup.ts'],
    // A bound for a hang, not a speed check: on a machine at load 25 (agents sharing two cores) the
    // first test of a file that spawns the CLI took over 20 s now and then; a hang still ends here.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // vitest's default is one worker fewer than there are cores, which is one on a two-core machine.
    // Many cases wait on a child process, a socket or a timer: two workers more than there are cores
    // keep them busy (npm test on two cores, 2,443 tests: 59 s with three workers, 53 s with four).
    maxWorkers: availableParallelism() + 2,
    // One worker process runs file after file without loading every module anew for each: about a
    // third of the CPU time of isolated files. What a file changes it restores (process.env in place,
    // the working directory, observers of the simulator, spies), and each file sets its hooks up
    // again (test/helpers/test-setup.ts).
    isolate: false,
  },
});
