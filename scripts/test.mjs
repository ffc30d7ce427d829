// `npm test`: type check, lint, then vitest (unit, simulator, contract and e2e). Ends with one plain
// line, "N passed, N failed", taken from vitest's JSON results, and fails if any step failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const results = new URL('../.test-results/vitest.json', import.meta.url).pathname;

function step(title, command, args, env = process.env) {
  process.stdout.write(`\n== ${title}\n`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  return status === 0;
}

const typecheck = step('type check (tsc --noEmit)', bin('tsc'), ['--noEmit']);
const lint = step('lint (eslint)', bin('eslint'), ['.']);
rmSync(results, { force: true });
mkdirSync(new URL('../.test-results/', import.meta.url), { recursive: true });
// The tests get a temp dir of their own (the test workers and the commands they spawn inherit
// TMPDIR). Every test removes what it creates; whatever is left afterwards is a leak and fails the run.
const testTemp = mkdtempSync(join(tmpdir(), 'camunda-admin-tests-'));
const tests = step(
  'tests (vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...process.argv.slice(2)],
  { ...process.env, TMPDIR: testTemp },
);
const leftInTemp = readdirSync(testTemp);
rmSync(testTemp, { recursive: true, force: true });

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
if (!typecheck) process.stdout.write('type check failed\n');
if (!lint) process.stdout.write('lint failed\n');
if (leftInTemp.length > 0) {
  const shown = leftInTemp.slice(0, 10).join(', ') + (leftInTemp.length > 10 ? ', …' : '');
  process.stdout.write(`the tests left ${leftInTemp.length} entries in the temp dir: ${shown}\n`);
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = typecheck && lint && tests && failed === 0 && leftInTemp.length === 0 ? 0 : 1;
