// Lists every import cycle among the modules of src/ (or of the directory given) and fails if there
// is one. Run by `npm test` beside the type check and the lint.
//
// Every import counts: `import type` too (a type import in the wrong file becomes a real cycle the day
// someone adds a value import beside it), re-exports (`export … from`) and `await import()`.
// The imports are read by TypeScript's own scanner (ts.preProcessFile), not parsed: about 0.3 s for
// src/. Only relative specifiers are followed; `./x.js` is the module `./x.ts`.
//
// A cycle is reported once per knot of modules that all reach each other (a strongly connected
// component): its shortest round trip, and the other modules tied into the same knot, if any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const ts = createRequire(import.meta.url)('typescript');
const root = resolve(process.argv[2] ?? new URL('../src', import.meta.url).pathname);

/** Every .ts file below `dir`. */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const isFile = (path) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

/** The modules `file` imports, as paths; specifiers that name no .ts file here (packages, text files) are left out. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const found = new Set();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolve(dirname(file), fileName.replace(/\.js$/, '.ts'));
    if (isFile(target) && target.endsWith('.ts')) found.add(target);
  }
  return [...found].sort();
}

const graph = new Map(
  modules(root)
    .sort()
    .map((file) => [file, importsOf(file)]),
);

/** The strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function knots() {
  const order = new Map();
  const lowest = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (module) => {
    order.set(module, order.size);
    lowest.set(module, order.get(module));
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(module, Math.min(lowest.get(module), lowest.get(next)));
      } else if (onStack.has(next)) lowest.set(module, Math.min(lowest.get(module), order.get(next)));
    }
    if (lowest.get(module) !== order.get(module)) return;
    const knot = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      knot.push(member);
    } while (member !== module);
    if (knot.length > 1 || graph.get(module).includes(module)) found.push(knot.sort());
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return found;
}

/** The shortest way from the knot's first module back to itself, within the knot (breadth first). */
function roundTrip(knot) {
  const members = new Set(knot);
  const start = knot[0];
  const cameFrom = new Map();
  const queue = [start];
  for (let index = 0; index < queue.length; index++) {
    const module = queue[index];
    for (const next of graph.get(module)) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let step = module; step !== start; step = cameFrom.get(step)) path.splice(1, 0, step);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, module);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

const name = (module) => relative(root, module);
const found = knots().sort((a, b) => name(a[0]).localeCompare(name(b[0])));
for (const knot of found) {
  const trip = roundTrip(knot);
  const others = knot.filter((module) => !trip.includes(module));
  process.stdout.write(`import cycle: ${trip.map(name).join(' -> ')}${others.length > 0 ? ` (tied into it too: ${others.map(name).join(', ')})` : ''}\n`);
}
if (found.length > 0) {
  process.stdout.write(
    `${found.length} import cycle${found.length === 1 ? '' : 's'} in ${relative(process.cwd(), root) || '.'}: move the shared types or code into a module of their own\n`,
  );
  process.exitCode = 1;
} else {
  process.stdout.write(`no import cycle among ${graph.size} modules\n`);
}
