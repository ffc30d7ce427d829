// Bundles the engine simulator (test/simulator/main.ts, msw handlers on a loopback socket) into
// .build/simulator.mjs, so `npm run demo` and `npm run simulator` run it with plain node.
import { cp } from 'node:fs/promises';
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
  // The BPMN models it serves are read from beside the bundle, as from beside repository.ts.
  await cp(new URL('test/simulator/models/', root), new URL('.build/models/', root), { recursive: true });
  return new URL('.build/simulator.mjs', root).pathname;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildSimulator();
