// Bundles the engine simulator (test/simulator/main.ts, msw handlers on a loopback socket) into
// .build/simulator.mjs, so `npm run demo` and `npm run simulator` run it with plain node.
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
export async function buildSimulator() {
  await build({
    absWorkingDir: root.pathname,
    entryPoints: { simulator: 'test/simulator/main.ts' },
    outdir: '.build',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // msw pulls in graphql for its GraphQL handlers, which the simulator never uses.
    external: ['graphql'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return new URL('.build/simulator.mjs', root).pathname;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildSimulator();
