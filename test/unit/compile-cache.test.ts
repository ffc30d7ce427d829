// bin/compile-cache.js: V8's code cache for dist/ on Node versions without module.enableCompileCache.
// Each case runs a separate Node process, because the cache hooks the module loader of the process.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';

const COMPILE_CACHE = new URL('../../bin/compile-cache.js', import.meta.url).pathname;
const USER_DIRECTORY = `camunda-admin-${process.getuid?.() ?? 'user'}`;

const FRAME_LINE = 'exports.frame = () => new Error("here").stack.split("\\n")[1].trim();';
const FRAME_COLUMN = FRAME_LINE.indexOf('new Error') + 1;

/** A dist/ of two modules: one reports a stack frame and loads a .mjs file with a real import(). */
function fixture(buildId = 'build-1'): { root: string; dist: string; cache: string } {
  const root = tempDir('camunda-admin-compile-cache-');
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  writeFileSync(join(dist, 'package.json'), JSON.stringify({ type: 'commonjs', buildId }));
  writeFileSync(join(dist, 'native-import.js'), "'use strict';\nmodule.exports = (specifier) => import(specifier);\n");
  writeFileSync(join(dist, 'chunks', 'frame.js'), `"use strict";\n\n${FRAME_LINE}\n`);
  writeFileSync(
    join(dist, 'main.js'),
    '"use strict";\nconst { frame } = require("./chunks/frame.js");\nexports.run = async () => [frame(), (await require("./native-import.js")(process.argv[1])).default];\n',
  );
  writeFileSync(join(root, 'answer.mjs'), 'export default 42;\n');
  return { root, dist, cache: join(root, 'cache') };
}

function run({ root, dist, cache }: ReturnType<typeof fixture>, env: Record<string, string> = {}): { status: unknown; lines: string[] } {
  const driver = `
    const status = require(${JSON.stringify(COMPILE_CACHE)}).enableCompileCache(${JSON.stringify(dist)}, process.env, { nodeCache: false });
    require(${JSON.stringify(join(dist, 'main.js'))}).run().then((lines) => console.log(JSON.stringify({ status, lines })));`;
  const output = execFileSync(process.execPath, ['-e', driver, join(root, 'answer.mjs')], { env: { PATH: process.env.PATH, NODE_COMPILE_CACHE: cache, ...env }, encoding: 'utf8' });
  return JSON.parse(output) as { status: unknown; lines: string[] };
}

const buildDirectories = (cache: string) => readdirSync(join(cache, USER_DIRECTORY));
const cacheFiles = (cache: string) => {
  const [build] = buildDirectories(cache);
  return readdirSync(join(cache, USER_DIRECTORY, build!)).sort();
};

describe('compile cache', () => {
  it('writes the compiled code of every dist module on the first run, and the next run uses it as it is', () => {
    const project = fixture();
    const first = run(project);
    expect(first.status).toMatchObject({ enabled: true, builtIn: false });
    // The module wrapper does not move line or column numbers, and import() works from cached code.
    expect(first.lines).toEqual([`at exports.frame (${join(project.dist, 'chunks', 'frame.js')}:3:${FRAME_COLUMN})`, 42]);
    expect(cacheFiles(project.cache)).toEqual(['chunks__frame.js', 'main.js']);
    const [build] = buildDirectories(project.cache);
    const written = statSync(join(project.cache, USER_DIRECTORY, build!, 'main.js'));
    expect(written.mode & 0o777).toBe(0o600);
    expect(statSync(join(project.cache, USER_DIRECTORY)).mode & 0o777).toBe(0o700);

    const second = run(project);
    expect(second.lines).toEqual(first.lines);
    // Accepted data is not written again (a rewrite is a rename, so a new inode).
    expect(statSync(join(project.cache, USER_DIRECTORY, build!, 'main.js')).ino).toBe(written.ino);
  });

  it('names the running copy in stack traces when the same build is installed at two paths', () => {
    const first = fixture();
    const second = { ...fixture(), cache: first.cache };
    // The same build (same buildId, same bytes) at another path, sharing the cache.
    cpSync(first.dist, second.dist, { recursive: true, force: true });
    const frameOf = (project: typeof first) => `at exports.frame (${join(project.dist, 'chunks', 'frame.js')}:3:${FRAME_COLUMN})`;
    for (const project of [first, second, first, second]) expect(run(project).lines).toEqual([frameOf(project), 42]);
  });

  it('replaces data V8 rejects, and the run is not affected', () => {
    const project = fixture();
    run(project);
    const [build] = buildDirectories(project.cache);
    const file = join(project.cache, USER_DIRECTORY, build!, 'main.js');
    writeFileSync(file, 'not a code cache');
    expect(run(project).lines[1]).toBe(42);
    expect(readFileSync(file).length).toBeGreaterThan(100);
    expect(readFileSync(file, 'latin1')).not.toContain('not a code cache');
  });

  it('keeps each build and V8 version apart, and only the four newest builds', () => {
    const first = fixture('build-a');
    run(first);
    const [build] = buildDirectories(first.cache);
    expect(build).toMatch(new RegExp(`^build-a-v8-${process.versions.v8.replaceAll('.', '\\.')}-[0-9a-f]{8}$`));
    const made = ['build-a'];
    for (const id of ['build-b', 'build-c', 'build-d', 'build-e']) {
      // Directories are older the earlier they were made, whatever the clock's resolution.
      for (const existing of buildDirectories(first.cache)) {
        const age = made.indexOf(existing.split('-v8-')[0]!);
        utimesSync(join(first.cache, USER_DIRECTORY, existing), 1_000 + age, 1_000 + age);
      }
      made.push(id);
      writeFileSync(join(first.dist, 'package.json'), JSON.stringify({ type: 'commonjs', buildId: id }));
      expect(run(first).lines[1]).toBe(42);
    }
    expect(buildDirectories(first.cache).map((name) => name.split('-v8-')[0]).sort()).toEqual(['build-b', 'build-c', 'build-d', 'build-e']);
  });

  it('leaves the cache of another install alone while it is in use, and removes it after a month unused', () => {
    const first = fixture('build-a');
    const second = { ...fixture('build-a'), cache: first.cache };
    run(first);
    const [firstDirectory] = buildDirectories(first.cache);
    for (const id of ['build-b', 'build-c', 'build-d', 'build-e', 'build-f']) {
      writeFileSync(join(second.dist, 'package.json'), JSON.stringify({ type: 'commonjs', buildId: id }));
      run(second);
    }
    const names = buildDirectories(first.cache);
    expect(names).toContain(firstDirectory);
    expect(names.filter((name) => name !== firstDirectory)).toHaveLength(4);
    const monthAgo = (Date.now() - 31 * 24 * 60 * 60 * 1000) / 1000;
    const firstPath = join(first.cache, USER_DIRECTORY, firstDirectory!);
    // A warm cache writes nothing; using it renews its time, so it is not taken for unused.
    utimesSync(firstPath, monthAgo, monthAgo);
    run(first);
    writeFileSync(join(second.dist, 'package.json'), JSON.stringify({ type: 'commonjs', buildId: 'build-g' }));
    run(second);
    expect(buildDirectories(first.cache)).toContain(firstDirectory);
    utimesSync(firstPath, monthAgo, monthAgo);
    writeFileSync(join(second.dist, 'package.json'), JSON.stringify({ type: 'commonjs', buildId: 'build-h' }));
    run(second);
    expect(buildDirectories(first.cache)).not.toContain(firstDirectory);
  });

  it('keeps the data of modules loaded before and after a run changes V8 flags, when the run flushes first', () => {
    const project = fixture();
    // Like bulk work (src/util/v8-flags.ts): flush, change a flag, then load more code.
    writeFileSync(
      join(project.dist, 'main.js'),
      '"use strict";\nconst { frame } = require("./chunks/frame.js");\nexports.run = async () => {\n' +
        '  require("node:module").flushCompileCache();\n  require("node:v8").setFlagsFromString("--liftoff-only");\n' +
        '  return [frame(), require("./chunks/late.js").answer];\n};\n',
    );
    writeFileSync(join(project.dist, 'chunks', 'late.js'), '"use strict";\nexports.answer = 42;\n');
    expect(run(project).lines[1]).toBe(42);
    expect(cacheFiles(project.cache)).toEqual(['chunks__frame.js', 'chunks__late.js', 'main.js']);
    const [build] = buildDirectories(project.cache);
    const inodes = () => cacheFiles(project.cache).map((name) => statSync(join(project.cache, USER_DIRECTORY, build!, name)).ino);
    const written = inodes();
    // Every module's data was written under the flags it is compiled under, so V8 accepts all of it:
    // nothing is written again (written under the changed flags, main.js and frame.js would be).
    expect(run(project).lines[1]).toBe(42);
    expect(run(project).lines[1]).toBe(42);
    expect(inodes()).toEqual(written);
  });

  it('is not used in a directory that others can write to', () => {
    const project = fixture();
    mkdirSync(join(project.cache, USER_DIRECTORY), { recursive: true });
    chmodSync(join(project.cache, USER_DIRECTORY), 0o777);
    const result = run(project);
    expect(result.status).toMatchObject({ enabled: false, reason: expect.stringContaining('can be written by others') });
    expect(result.lines[1]).toBe(42);
    expect(buildDirectories(project.cache)).toEqual([]);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE, or without a buildId', () => {
    const disabled = fixture();
    expect(run(disabled, { NODE_DISABLE_COMPILE_CACHE: '1' }).status).toMatchObject({ enabled: false });
    expect(existsSync(disabled.cache)).toBe(false);
    const unbuilt = fixture();
    writeFileSync(join(unbuilt.dist, 'package.json'), '{"type":"commonjs"}');
    expect(run(unbuilt).status).toMatchObject({ enabled: false, reason: 'dist/package.json has no buildId' });
    expect(existsSync(unbuilt.cache)).toBe(false);
  });

  it('bin/camunda-admin prints the same with a cold cache, a warm one and none', () => {
    const cache = tempDir('camunda-admin-compile-cache-');
    const cli = (env: Record<string, string>) =>
      execFileSync(process.execPath, [BIN, '--url', 'http://127.0.0.1:1/engine-rest', 'config', 'show', '-o', 'json'], {
        cwd: cache,
        env: { PATH: process.env.PATH, HOME: cache, NO_COLOR: '1', ...env },
        encoding: 'utf8',
      });
    const none = cli({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(JSON.parse(none).endpoint).toBe('http://127.0.0.1:1/engine-rest');
    expect(cli({ NODE_COMPILE_CACHE: cache })).toBe(none);
    expect(cli({ NODE_COMPILE_CACHE: cache })).toBe(none);
    // On Node 20 the files are ours; Node 22 and later keep their own layout under the same root.
    expect(readdirSync(cache).length).toBeGreaterThan(0);
  });
});
