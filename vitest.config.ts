import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __CAMUNDA_ADMIN_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/test-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Child processes and loopback servers: keep the machine's two cores busy but not swamped.
    pool: 'forks',
    // One worker process runs file after file without loading every module anew for each: about a
    // third of the CPU time of isolated files. What a file changes it restores (process.env in place,
    // the working directory, observers of the simulator, spies), and each file sets its hooks up
    // again (test/helpers/test-setup.ts).
    isolate: false,
  },
});
