// `npm test`: type check, lint, import cycles, formatting and vitest (unit, simulator, contract and e2e). Ends
// with one plain line, "N passed, N failed", taken from vitest's JSON results, and fails if any step
// failed.
//
// The type check, the lint, the cycle check (scripts/check-cycles.mjs) and the formatter's check run beside vitest, not
// before it: many test cases wait on a process, a socket or a timer, and the cores would idle
// meanwhile. Their output is printed after vitest's, so that the log reads one step at a time.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const results = new URL('../.test-results/vitest.json', import.meta.url).pathname;

/** Runs a step with its output kept for later; resolves to whether it passed and what it printed. */
async function quietStep(command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text) => (output += text));
  const [code] = await once(child, 'close');
  return { ok: code === 0, output };
}

async function loudStep(command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env });
  const [code] = await once(child, 'close');
  return code === 0;
}

// Both keep what they found about unchanged files in node_modules/.cache: a second run checks only
// what changed (a fresh clone pays the whole of both once, about 25 s of CPU on two cores).
const cache = new URL('../node_modules/.cache/camunda-admin-test/', import.meta.url).pathname;
const typecheck = quietStep(bin('tsc'), ['--noEmit', '--incremental', '--tsBuildInfoFile', join(cache, 'tsbuildinfo')]);
const lint = quietStep(bin('eslint'), ['.', '--cache', '--cache-strategy', 'content', '--cache-location', join(cache, 'eslint')]);
const cycles = quietStep(process.execPath, [new URL('check-cycles.mjs', import.meta.url).pathname]);
// The formatter's check, over what .prettierignore leaves (src, test, scripts, bench, bin, the configs).
const format = quietStep(bin('prettier'), [
  '--check',
  '.',
  '--log-level',
  'warn',
  '--cache',
  '--cache-strategy',
  'content',
  '--cache-location',
  join(cache, 'prettier'),
]);

rmSync(results, { force: true });
mkdirSync(new URL('../.test-results/', import.meta.url), { recursive: true });
// The tests get a temp dir of their own (the test workers and the commands they spawn inherit
// TMPDIR). Every test removes what it creates; whatever is left afterwards is a leak and fails the run.
const testTemp = mkdtempSync(join(tmpdir(), 'camunda-admin-tests-'));
process.stdout.write('\n== tests (vitest)\n');
const tests = await loudStep(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...process.argv.slice(2)], {
  ...process.env,
  TMPDIR: testTemp,
});
const leftInTemp = readdirSync(testTemp);
rmSync(testTemp, { recursive: true, force: true });

for (const [title, step] of [
  ['type check (tsc --noEmit)', typecheck],
  ['lint (eslint)', lint],
  ['import cycles (scripts/check-cycles.mjs)', cycles],
  ['formatting (prettier --check; npx prettier --write . to format)', format],
]) {
  const { ok, output } = await step;
  process.stdout.write(`\n== ${title}\n${output}${ok ? 'ok\n' : ''}`);
}
const { ok: typesOk } = await typecheck;
const { ok: lintOk } = await lint;
const { ok: cyclesOk } = await cycles;
const { ok: formatOk } = await format;

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  // A file that fails to load has no tests of its own but is a failure all the same.
  if (failed === 0) failed = report.numFailedTestSuites ?? 0;
} catch {
  failed = Math.max(failed, 1);
}
if (!typesOk) process.stdout.write('type check failed\n');
if (!lintOk) process.stdout.write('lint failed\n');
if (!cyclesOk) process.stdout.write('import cycles found\n');
if (!formatOk) process.stdout.write('files not formatted\n');
if (leftInTemp.length > 0) {
  const shown = leftInTemp.slice(0, 10).join(', ') + (leftInTemp.length > 10 ? ', …' : '');
  process.stdout.write(`the tests left ${leftInTemp.length} entries in the temp dir: ${shown}\n`);
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = typesOk && lintOk && cyclesOk && formatOk && tests && failed === 0 && leftInTemp.length === 0 ? 0 : 1;
