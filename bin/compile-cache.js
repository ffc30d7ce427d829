// V8's code cache for the bundle in dist/. Compiling the chunks a command loads is the largest part
// of its start-up: about 40 ms of a 160 ms `auth get` on the development machine, which the cache
// turns into a few ms of deserialization (docs/performance.md).
//
// Node 22.1 and later have this built in (module.enableCompileCache). On Node 20 the same is done
// here, as Node does it: every dist/ module is compiled with vm.Script, given the cached data from an
// earlier run when there is one, and at exit (or at module.flushCompileCache(), which this defines
// as Node 22.10 does) the code V8 compiled is written for the next run.
//
// On every version the cache lives in $NODE_COMPILE_CACHE, or else in the system temporary
// directory, under camunda-admin-<uid>: a directory of the user's own that nobody else can write to
// (Node's own cache goes into its node/ subdirectory). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// Here, each build has its own subdirectory (buildId in dist/package.json, a hash of the bundle),
// because V8 checks cached data only against the length of the source; and each copy of a build
// has its own, because the cached code keeps the file name it was compiled with: a second copy at
// another path would otherwise name the first copy's files in its stack traces.
'use strict';

const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const mainModule = require.main;

/**
 * Turns the cache on for the modules in `distDir`; returns where it is kept, or why not.
 * `nodeCache: false` uses the implementation here even where Node has its own (for tests).
 */
function enableCompileCache(distDir, env = process.env, { nodeCache = typeof Module.enableCompileCache === 'function' } = {}) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return { enabled: false, reason: 'NODE_DISABLE_COMPILE_CACHE is set' };
  let own;
  let directory;
  try {
    let buildId;
    if (!nodeCache) {
      ({ buildId } = JSON.parse(fs.readFileSync(path.join(distDir, 'package.json'), 'utf8')));
      if (typeof buildId !== 'string' || !/^[\w-]+$/.test(buildId)) return { enabled: false, reason: 'dist/package.json has no buildId' };
    }
    own = privateDirectory(env.NODE_COMPILE_CACHE || require('node:os').tmpdir());
    if (!own.ok) return { enabled: false, reason: own.reason };
    if (nodeCache) {
      // Node keeps its entries apart by content and version itself; in our private directory, as the
      // shared default <tmp>/node-compile-cache could belong to someone else.
      const result = Module.enableCompileCache(path.join(own.path, 'node'));
      return { enabled: result.status !== Module.constants.compileCacheStatus.FAILED, directory: result.directory, builtIn: true };
    }
    directory = buildDirectory(own.path, buildId, distDir);
  } catch (error) {
    return { enabled: false, reason: error.message };
  }
  const vm = require('node:vm');

  const prefix = distDir.endsWith(path.sep) ? distDir : distDir + path.sep;
  const toWrite = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename) {
    // Node 20 cannot import() from a vm.Script with cached data: a module that does (the build keeps
    // the only one, dist/native-import.js, out of the chunks) is compiled as usual.
    if (!filename.startsWith(prefix) || content.includes('import(')) return compile.apply(this, arguments);
    const cacheFile = path.join(directory, filename.slice(prefix.length).replaceAll(path.sep, '__'));
    let cachedData;
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
    // The wrapper on a line of its own keeps line and column numbers of stack traces as they were.
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {\n${content}\n});`, {
      filename,
      lineOffset: -1,
      cachedData,
    });
    if (cachedData === undefined || script.cachedDataRejected) toWrite.push({ script, cacheFile });
    const moduleFunction = script.runInThisContext({ displayErrors: true });
    return moduleFunction.call(this.exports, this.exports, requireFor(this), this, filename, path.dirname(filename));
  };

  // V8 checks cached data against the flags it was written under. Bulk work sets V8 flags at run
  // time (src/util/v8-flags.ts), and flushes first what was compiled under the flags before: each
  // module's data is then written under the flags it is compiled under in every run like this one.
  // Node 22.10 and later flush their own cache with module.flushCompileCache; here it is the same.
  const flush = () => {
    for (const { script, cacheFile } of toWrite.splice(0)) writeAtomically(cacheFile, script.createCachedData());
  };
  Module.flushCompileCache = flush;
  process.once('exit', flush);
  return { enabled: true, directory, builtIn: false };
}

/**
 * `<base>/camunda-admin-<uid>`, created private. Cached code is run as it stands, so a directory
 * another user owns or could write to is not used.
 */
function privateDirectory(base) {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const own = path.join(base, `camunda-admin-${uid ?? 'user'}`);
  fs.mkdirSync(own, { recursive: true, mode: 0o700 });
  const stats = fs.lstatSync(own);
  if (!stats.isDirectory()) return { ok: false, reason: `${own} is not a directory` };
  if (uid !== undefined && stats.uid !== uid) return { ok: false, reason: `${own} belongs to another user` };
  if (uid !== undefined && (stats.mode & 0o022) !== 0) return { ok: false, reason: `${own} can be written by others` };
  return { ok: true, path: own };
}

/**
 * `<own>/<buildId>-v8-<version>-<place>`: V8 checks cached data only against the source's length, so
 * each build has its own; it rejects data of another V8 version, so each version has its own too;
 * and code from accepted data names the file it was first compiled from in stack traces, not the
 * `filename` given to vm.Script, so each place the build is installed at has its own.
 */
function buildDirectory(own, buildId, distDir) {
  const place = placeHash(path.resolve(distDir));
  const build = path.join(own, `${buildId}-v8-${process.versions.v8}-${place}`);
  if (fs.mkdirSync(build, { recursive: true, mode: 0o700 }) !== undefined) keepNewest(own, place, KEEP_BUILDS);
  else markUsed(build);
  return build;
}

/**
 * A warm cache writes nothing, so its directory's time would say "unused" to another install's
 * pruning: it is renewed once a day.
 */
function markUsed(build) {
  try {
    if (Date.now() - fs.statSync(build).mtimeMs > 24 * 60 * 60 * 1000) {
      const now = new Date();
      fs.utimesSync(build, now, now);
    }
  } catch {
    // Pruned meanwhile by another run: nothing to renew.
  }
}

/** FNV-1a of the path, in hex: short, and node:crypto would cost every run its loading time. */
function placeHash(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Each upgrade (and each development build) adds a directory: in its own place, the oldest go when a
 * new one comes. Other places (another install of the same build) are left alone unless unused for
 * a month, so that installs used in turn do not delete each other's cache.
 */
const KEEP_BUILDS = 4;
const UNUSED_PLACE_MS = 30 * 24 * 60 * 60 * 1000;
function keepNewest(directory, place, count) {
  try {
    const builds = fs
      .readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.includes('-v8-'))
      .map((entry) => ({ name: entry.name, path: path.join(directory, entry.name), mtime: fs.statSync(path.join(directory, entry.name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    const here = builds.filter((build) => build.name.endsWith(`-${place}`));
    const unused = builds.filter((build) => !build.name.endsWith(`-${place}`) && Date.now() - build.mtime > UNUSED_PLACE_MS);
    for (const old of [...here.slice(count), ...unused]) fs.rmSync(old.path, { recursive: true, force: true });
  } catch {
    // Another run may be pruning too; what is left goes next time.
  }
}

function requireFor(module) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.main = mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

/** A reader sees a whole file or none: other runs may read the cache while this one writes it. */
function writeAtomically(file, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, file);
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // A cache that cannot be written costs the next run its compile time, nothing more.
    }
  }
}

module.exports = { enableCompileCache };
