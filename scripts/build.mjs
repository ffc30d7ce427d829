// Bundles src/ into dist/ with esbuild, as ES modules split into chunks: each command's code and the
// heavy dependencies load only when a command needs them (await import()). Why this format and this
// many files: docs/performance.md. Then renders the piped help pages into dist/help.json.
import { rmSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8'));
const common = {
  absWorkingDir: root.pathname,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // cosmiconfig needs typescript only for .ts config files, which we do not search for.
  external: ['typescript'],
  define: { __CAMUNDA_ADMIN_VERSION__: JSON.stringify(pkg.version) },
  // The completion scripts (src/completion/scripts), bundled as strings.
  loader: { '.bash': 'text', '.zsh': 'text', '.fish': 'text' },
  // The CommonJS dependencies (commander, cosmiconfig) require Node's built-in modules.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
};

// Build beside dist/ and swap it in, so a test run spawning bin/ never sees a half-written dist/.
const staging = `dist.staging-${process.pid}`;
process.once('exit', () => rmSync(new URL(staging, root), { recursive: true, force: true }));
const result = await build({
  ...common,
  entryPoints: { main: 'src/main.ts' },
  outdir: staging,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // BUILD_NO_MINIFY=1: readable function names in CPU profiles (docs/performance.md).
  minify: !process.env.BUILD_NO_MINIFY,
  legalComments: 'none',
  // BUILD_METAFILE=FILE: which module went into which chunk.
  metafile: Boolean(process.env.BUILD_METAFILE),
});
if (process.env.BUILD_METAFILE) await writeFile(process.env.BUILD_METAFILE, JSON.stringify(result.metafile));

// The help pages, rendered once from the same command tree, so that bin/ can print them without
// loading it (src/help-pages.ts).
const renderer = `${staging}/help-pages.mjs`;
await build({ ...common, entryPoints: ['src/help-pages.ts'], outfile: renderer });
const { renderHelpPages } = await import(new URL(renderer, root).href);
await writeFile(new URL(`${staging}/help.json`, root), `${JSON.stringify(renderHelpPages())}\n`);
await rm(new URL(renderer, root));

const previous = `dist.old-${process.pid}`;
await rename(new URL('dist', root), new URL(previous, root)).catch(() => {});
await rename(new URL(staging, root), new URL('dist', root));
await rm(new URL(previous, root), { recursive: true, force: true });
