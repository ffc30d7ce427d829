// Bundles src/ into dist/ with esbuild: one entry, code split so each command's code and the heavy
// dependencies load only when a command runs (await import()). The chunks are then turned into
// CommonJS: Node loads a CommonJS file in a fraction of the time its ES module loader takes to
// resolve, load and link one (about a millisecond each; docs/performance.md).
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { build, transform } from 'esbuild';
import { EDITED_FILES, editCliTable3 } from './patches/cli-table3.mjs';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8'));

// Build beside dist/ and swap it in, so a test run spawning bin/ never sees a half-written dist/.
const staging = `dist.staging-${process.pid}`;
// A failed build leaves no half-written staging directory behind (after a good one it is gone).
process.once('exit', () => rmSync(new URL(staging, root), { recursive: true, force: true }));
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
  plugins: [withoutCommanderChildProcess(), fastStringWidthForCliTable(), cliTable3WithLessWorkPerCell(), cosmiconfigLoadersForTheBundle()],
  define: { __CAMUNDA_ADMIN_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
  // BUILD_METAFILE=FILE: which module went into which chunk (see docs/performance.md).
  metafile: Boolean(process.env.BUILD_METAFILE),
});
if (process.env.BUILD_METAFILE) await writeFile(process.env.BUILD_METAFILE, JSON.stringify(result.metafile));
// buildId names this bundle's directory in the compile cache (bin/compile-cache.js).
const bundleHash = createHash('sha256');
for (const file of result.outputFiles) {
  // import/export become require/exports, and import() of one of our chunks a require in a promise.
  // Every other import() stays a real one: cosmiconfig loads camunda-admin.config.mjs with it.
  const commonjs = await transform(file.text, { format: 'cjs', platform: 'node', target: 'node20', minify: !process.env.BUILD_NO_MINIFY, logLevel: 'warning' });
  await mkdir(dirname(file.path), { recursive: true });
  const code = requireChunks(commonjs.code, file.path);
  await writeFile(file.path, code);
  bundleHash.update(`${file.path.slice(file.path.indexOf(staging) + staging.length)}\0${code}\0`);
}
for (const file of result.outputFiles) {
  if (file.text.includes('../native-import.js') && dirname(file.path) !== `${root.pathname}${staging}/chunks`) throw new Error(`${file.path} requires ../native-import.js but is not in chunks/`);
}
const nativeImport = `'use strict';
// import() for cosmiconfig's JavaScript config files. Kept out of the bundle's chunks: on Node 20 the
// compile cache runs those as vm.Scripts, which cannot import() (bin/compile-cache.js).
module.exports = (specifier) => import(specifier);
`;
await writeFile(new URL(`${staging}/native-import.js`, root), nativeImport);
bundleHash.update(nativeImport);
const buildId = bundleHash.digest('hex').slice(0, 16);
await writeFile(new URL(`${staging}/package.json`, root), `${JSON.stringify({ type: 'commonjs', buildId }, null, 2)}\n`);

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

/**
 * Two changes to cosmiconfig's loaders:
 * - node:crypto is required at load time, only for the temporary file name of a TypeScript config
 *   (which we do not search for); loading it costs every run about 5 ms.
 * - Its import() of camunda-admin.config.mjs (and of typescript) goes through dist/native-import.js.
 *   On Node 20, the compile cache runs our chunks as vm.Scripts, which cannot import()
 *   (bin/compile-cache.js); that one small file is compiled by Node as usual.
 */
function cosmiconfigLoadersForTheBundle() {
  const edits = [
    ['const crypto_1 = require("crypto");', 'const crypto_1 = { randomUUID: () => require("crypto").randomUUID() };'],
    ['(await import(href))', "(await require('#native-import')(href))"],
    ["(await import('typescript'))", "(await require('#native-import')('typescript'))"],
  ];
  return {
    name: 'cosmiconfig-loaders-for-the-bundle',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]cosmiconfig[\\/]dist[\\/]loaders\.js$/ }, async (args) => {
        let source = await readFile(args.path, 'utf8');
        for (const [from, to] of edits) {
          if (!source.includes(from)) throw new Error(`${args.path}: no ${from}; cosmiconfig changed, update cosmiconfigLoadersForTheBundle in scripts/build.mjs`);
          source = source.replace(from, to);
        }
        return { contents: source, loader: 'js' };
      });
      // Bundled code lands in dist/chunks/, so the path is relative to that (checked after the build).
      builder.onResolve({ filter: /^#native-import$/ }, () => ({ path: '../native-import.js', external: true }));
    },
  };
}

/** cli-table3's option merging and cell measuring, doing less work per cell (scripts/patches/cli-table3.mjs). */
function cliTable3WithLessWorkPerCell() {
  return {
    name: 'cli-table3-with-less-work-per-cell',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]cli-table3[\\/]src[\\/](cell|utils)\.js$/ }, async (args) => {
        const file = EDITED_FILES.find((name) => args.path.replaceAll('\\', '/').endsWith(`cli-table3/${name}`));
        return { contents: editCliTable3(file, await readFile(args.path, 'utf8')), loader: 'js' };
      });
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

/**
 * `import()` of one of our own chunks or of a `node:` module becomes
 * `Promise.resolve().then(() => require(…))`: Node's ES module loader costs milliseconds to start and
 * about a millisecond per file (docs/performance.md). Our chunks are CommonJS with an __esModule
 * marker and built-in modules have no default export we use, so require() gives what import() gave.
 */
function requireChunks(code, path) {
  const chunks = new Set(result.outputFiles.map((output) => output.path));
  return code.replace(/\bimport\((["'])(\.{1,2}\/[^"']+|node:[a-z_/]+)\1\)/g, (text, quote, specifier) => {
    // (An unminified build keeps comments, where JSDoc types read `import('./x')`.)
    if (specifier.startsWith('.') && !chunks.has(new URL(specifier, `file://${path}`).pathname)) return text;
    return `Promise.resolve().then(()=>require(${quote}${specifier}${quote}))`;
  });
}
