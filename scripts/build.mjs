// Bundles src/ into dist/ with esbuild: one entry, code split so each command's code and the heavy
// dependencies load only when a command runs (await import()).
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8'));

// Build beside dist/ and swap it in, so a test run spawning bin/ never sees a half-written dist/.
const staging = `dist.staging-${process.pid}`;
await build({
  absWorkingDir: root.pathname,
  entryPoints: { main: 'src/main.ts', version: 'src/version.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  keepNames: true,
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // cosmiconfig only needs typescript for .ts config files, which we do not search for.
  external: ['typescript'],
  alias: { 'js-yaml': './scripts/stubs/replaced-cosmiconfig-loader.cjs', 'parse-json': './scripts/stubs/replaced-cosmiconfig-loader.cjs' },
  define: { __CAMUNDA_ADMIN_VERSION__: JSON.stringify(pkg.version) },
  // Bundled CommonJS dependencies (cli-table3, cosmiconfig) call require() for Node built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});

// The help pages, rendered once here from the same command tree, so that bin/ can print them
// without loading it (src/help-pages.ts).
const renderer = `${staging}/help-pages.mjs`;
await build({
  absWorkingDir: root.pathname,
  entryPoints: ['src/help-pages.ts'],
  outfile: renderer,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['typescript'],
  define: { __CAMUNDA_ADMIN_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
const { renderHelpPages } = await import(new URL(renderer, root).href);
await writeFile(new URL(`${staging}/help.json`, root), `${JSON.stringify(renderHelpPages())}\n`);
await rm(new URL(renderer, root));

const previous = `dist.old-${process.pid}`;
await rename(new URL('dist', root), new URL(previous, root)).catch(() => {});
await rename(new URL(staging, root), new URL('dist', root));
await rm(new URL(previous, root), { recursive: true, force: true });
