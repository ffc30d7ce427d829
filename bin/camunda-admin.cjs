#!/usr/bin/env node
// Runs the bundle that `npm run build` writes to dist/, with Node's compile cache where Node has one.
// `--version` and piped `--help` are answered without loading the command tree: scripts call both
// often, and they should cost no more than starting Node (docs/performance.md).
// CommonJS by its extension: the package's "type": "module" makes a file without one an ES module
// (Node 20.20 and 24 alike), and an ES module launcher made --version and every command slower.
'use strict';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else if (!printPrerenderedHelp(args)) {
  enableCompileCache();
  import('../dist/main.js').then(
    // main() reports every failure itself and sets process.exitCode.
    ({ main }) => main(),
    (error) => {
      process.stderr.write(`camunda-admin: error: ${error.message} (is the package built? npm run build)\n`);
      process.exit(1);
    },
  );
}

/**
 * Node's compile cache (22.1 and later) in the user's own cache directory: later runs read the code
 * V8 compiled instead of compiling it again. NODE_COMPILE_CACHE (another directory) and
 * NODE_DISABLE_COMPILE_CACHE (none) work as they do for Node. Node 20 has no compile cache.
 */
function enableCompileCache() {
  const { enableCompileCache } = require('node:module');
  if (typeof enableCompileCache !== 'function') return;
  const { join } = require('node:path');
  const home = require('node:os').homedir();
  const cache =
    process.platform === 'win32'
      ? join(process.env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'camunda-admin', 'Cache')
      : process.platform === 'darwin'
        ? join(home, 'Library', 'Caches', 'camunda-admin')
        : join(process.env.XDG_CACHE_HOME || join(home, '.cache'), 'camunda-admin');
  try {
    enableCompileCache(cache);
  } catch {
    // A cache that cannot be used costs each run its compile time, nothing more.
  }
}

/**
 * `[command…] --help` off a terminal, answered from dist/help.json: the pages commander prints for
 * 80 columns, written at build time from the same command tree. On a terminal, commander lays the
 * help out for the terminal's width, so it runs as usual.
 */
function printPrerenderedHelp(argv) {
  if (process.stdout.isTTY || argv.length === 0) return false;
  const last = argv[argv.length - 1];
  if (last !== '--help' && last !== '-h') return false;
  let pages;
  try {
    pages = require('../dist/help.json');
  } catch {
    return false;
  }
  const path = argv.slice(0, -1).join(' ');
  if (!Object.hasOwn(pages, path)) return false;
  process.stdout.write(pages[path]);
  return true;
}
