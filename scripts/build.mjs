// Bundles src/ into dist/ with esbuild: one entry, code split so each command's code and the heavy
// dependencies load only when a command runs (await import()). The chunks are then turned into
// CommonJS: Node loads a CommonJS file in a fraction of the time its ES module loader takes to
// resolve, load and link one (about a millisecond each; docs/performance.md).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { build, transform } from 'esbuild';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8'));

// Build beside dist/ and swap it in, so a test run spawning bin/ never sees a half-written dist/.
const staging = `dist.staging-${process.pid}`;
const result = await build({
  absWorkingDir: root.pathname,
  entryPoints: { main: 'src/main.ts' },
  outdir: staging,
  write: false,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // BUILD_NO_MINIFY=1: readable function names in CPU profiles (docs/performance.md).
  minify: !process.env.BUILD_NO_MINIFY,
  keepNames: false,
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // cosmiconfig only needs typescript for .ts config files, which we do not search for.
  external: ['typescript'],
  alias: { 'parse-json': './scripts/stubs/parse-json.cjs' },
  plugins: [withoutCommanderChildProcess(), fastStringWidthForCliTable()],
  define: { __CAMUNDA_ADMIN_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
  // BUILD_METAFILE=FILE: which module went into which chunk (see docs/performance.md).
  metafile: Boolean(process.env.BUILD_METAFILE),
});
if (process.env.BUILD_METAFILE) await writeFile(process.env.BUILD_METAFILE, JSON.stringify(result.metafile));
for (const file of result.outputFiles) {
  // import/export become require/exports, import() becomes a require in a promise.
  const commonjs = await transform(file.text, { format: 'cjs', platform: 'node', target: 'node20', minify: !process.env.BUILD_NO_MINIFY, supported: { 'dynamic-import': false }, logLevel: 'warning' });
  await mkdir(dirname(file.path), { recursive: true });
  await writeFile(file.path, commonjs.code);
}
await writeFile(new URL(`${staging}/package.json`, root), '{\n  "type": "commonjs"\n}\n');

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

/**
 * commander requires node:child_process at load time for executable subcommands, which
 * camunda-admin does not have; Node would load child_process, net and dgram on every run for it.
 */
function withoutCommanderChildProcess() {
  return {
    name: 'without-commander-child-process',
    setup(builder) {
      builder.onResolve({ filter: /^node:child_process$/ }, (args) =>
        /[\\/]commander[\\/]/.test(args.importer) ? { path: new URL('scripts/stubs/no-child-process.cjs', root).pathname } : undefined,
      );
    },
  };
}

/** cli-table3 measures cells with scripts/shims/string-width.cjs, which keeps string-width for the rest. */
function fastStringWidthForCliTable() {
  return {
    name: 'fast-string-width-for-cli-table3',
    setup(builder) {
      builder.onResolve({ filter: /^string-width$/ }, (args) =>
        /[\\/]cli-table3[\\/]/.test(args.importer) ? { path: new URL('scripts/shims/string-width.cjs', root).pathname } : undefined,
      );
    },
  };
}
