// `npm test`: type check, lint, then vitest (unit, simulator, contract and e2e). Ends with one plain
// line, "N passed, N failed", taken from vitest's JSON results, and fails if any step failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const results = new URL('../.test-results/vitest.json', import.meta.url).pathname;

function step(title, command, args) {
  process.stdout.write(`\n== ${title}\n`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  return status === 0;
}

const typecheck = step('type check (tsc --noEmit)', bin('tsc'), ['--noEmit']);
const lint = step('lint (eslint)', bin('eslint'), ['.']);
rmSync(results, { force: true });
mkdirSync(new URL('../.test-results/', import.meta.url), { recursive: true });
const tests = step('tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}`,
  ...process.argv.slice(2),
]);

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
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = typecheck && lint && tests && failed === 0 ? 0 : 1;
