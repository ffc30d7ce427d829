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
const split = {
  ...common,
  entryPoints: { main: 'src/main.ts' },
  outdir: staging,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // BUILD_NO_MINIFY=1: readable function names in CPU profiles (docs/performance.md).
  minify: !process.env.BUILD_NO_MINIFY,
  legalComments: 'none',
};

// esbuild puts a module in a chunk per set of entry points (main and each import()) that reach it,
// and has no manualChunks: each module that main.js and some of the lazily loaded modules share
// became a chunk of its own (exit-codes, text, options, run-flags, commander, ...), all loaded by
// every command at start-up. A first pass finds them (main's static imports, as modules); the
// second makes every lazily loaded entry import them too (they are loaded already when it runs),
// so they share one set of entry points and become one chunk. The source keeps its files.
//
// The same holds one level down: the modules that most command families share (the engine client,
// zod, paging, the table writer, config) were a dozen chunks, split by which other lazily loaded
// modules also reach them, and every command loaded each file (about 0.2 ms a file on Node 24). Every
// lazily loaded entry imports those too, so they become one chunk, loaded with the first family.
const firstPass = await build({ ...split, write: false, minify: false, metafile: true });
const startupModules = startupSharedModules(firstPass.metafile);
const { shared: familyModules, lean: leanFamilies } = familySharedModules(firstPass.metafile);
const result = await build({
  ...split,
  plugins: [importAtStartup(startupModules, familyModules, lazyEntries(firstPass.metafile), leanFamilies)],
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

/** The source modules (under src/) in the chunks that main.js imports statically, not those of main.js itself. */
function startupSharedModules(metafile) {
  const outputs = metafile.outputs;
  const main = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'src/main.ts');
  const loaded = staticClosure(outputs, main);
  loaded.delete(main);
  return [...loaded].flatMap((file) => Object.keys(outputs[file].inputs)).filter((input) => input.startsWith('src/'));
}

/** The chunks an output imports statically, itself included. */
function staticClosure(outputs, start) {
  const loaded = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const imported of outputs[queue.pop()].imports) {
      if (imported.kind !== 'import-statement' || loaded.has(imported.path) || !outputs[imported.path]) continue;
      loaded.add(imported.path);
      queue.push(imported.path);
    }
  }
  return loaded;
}

/**
 * The source modules that at least half of the command families' actions modules
 * (src/commands/*-actions.ts) load, outside the start-up chunks and the actions modules themselves;
 * and the lean families, which load less than half of them (completion): those are not made to load
 * them all.
 */
function familySharedModules(metafile) {
  const outputs = metafile.outputs;
  const main = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'src/main.ts');
  const startup = staticClosure(outputs, main);
  const families = Object.keys(outputs).filter((file) => /^src\/commands\/.*-actions\.ts$/.test(outputs[file].entryPoint ?? ''));
  const reach = new Map();
  for (const family of families) {
    for (const chunk of staticClosure(outputs, family)) {
      if (startup.has(chunk) || outputs[chunk].entryPoint !== undefined) continue;
      reach.set(chunk, (reach.get(chunk) ?? 0) + 1);
    }
  }
  const sharedChunks = [...reach].filter(([, count]) => count * 2 >= families.length).map(([chunk]) => chunk);
  const shared = sharedChunks.flatMap((chunk) => Object.keys(outputs[chunk].inputs)).filter((input) => input.startsWith('src/'));
  const lean = families.filter((family) => {
    const closure = staticClosure(outputs, family);
    return sharedChunks.filter((chunk) => closure.has(chunk)).length * 2 < sharedChunks.length;
  });
  return { shared, lean: new Set(lean.map((family) => outputs[family].entryPoint)) };
}

/** The modules loaded by import(): the entry points of every chunk but main.js. */
function lazyEntries(metafile) {
  return new Set(
    Object.values(metafile.outputs)
      .map((output) => output.entryPoint)
      .filter((entry) => entry !== undefined && entry !== 'src/main.ts'),
  );
}

/**
 * Adds `import './module'` of each start-up module to each lazily loaded entry, and of each module
 * the families share to each entry that main.js does not load itself (an entry it also imports
 * statically, as src/exit.ts, would pull them into the start-up chunk) and that is no lean family.
 */
function importAtStartup(startup, familyShared, entries, leanFamilies) {
  const base = new URL('..', import.meta.url).pathname;
  return {
    name: 'import-at-startup',
    setup(build) {
      build.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
        const relative = args.path.slice(base.length);
        if (!entries.has(relative)) return undefined;
        const modules = startup.includes(relative) || leanFamilies.has(relative) ? startup : [...startup, ...familyShared];
        const imports = modules.filter((module) => module !== relative).map((module) => `import ${JSON.stringify(base + module)};`);
        return { contents: `${await readFile(args.path, 'utf8')}\n${imports.join('\n')}\n`, loader: 'ts' };
      });
    },
  };
}
