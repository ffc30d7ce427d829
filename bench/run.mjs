// `npm run bench`: start-up, single requests and bulk work of the built camunda-admin, measured
// against bare Node, a minimal node:http script, curl (when present) and a bare undici loop in the
// same run, on a loopback server with fixed answers.
// Prints a table of medians and ratios, and the targets of docs/performance.md with PASS/FAIL.
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { once } from 'node:events';
import { startAccessServer } from './access-server.mjs';
import { AUTHORIZATION_ID, PLAN_SOURCE, PLAN_TARGET, startBenchServer } from './server.mjs';

// Against a running engine instead of the loopback server with fixed answers: bench/engine.mjs.
if (process.argv.includes('--engine')) {
  await import('./engine.mjs');
  process.exit();
}

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/camunda-admin.cjs');
const quick = process.argv.includes('--quick');
const RUNS = quick ? 5 : 15;
const work = mkdtempSync(join(tmpdir(), 'camunda-admin-bench-'));
// TMPDIR too: the build before issue 22 keeps its compile cache there, and the work dir goes at the end.
const env = { PATH: process.env.PATH, HOME: work, TMPDIR: work, NO_COLOR: '1' };

execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

// The build before issue 22, for the validation report's budget: built once from git into
// node_modules/.cache (its dependencies are the same), and run from there.
const BASELINE_COMMIT = '21dc706';
const baselineRoot = join(root, 'node_modules/.cache/camunda-admin-bench', BASELINE_COMMIT);
if (!existsSync(join(baselineRoot, 'dist/main.js'))) {
  rmSync(baselineRoot, { recursive: true, force: true });
  mkdirSync(baselineRoot, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${root}" archive ${BASELINE_COMMIT} | tar -x -C "${baselineRoot}"`], { stdio: 'inherit' });
  symlinkSync(join(root, 'node_modules'), join(baselineRoot, 'node_modules'));
  execFileSync(process.execPath, [join(baselineRoot, 'scripts/build.mjs')], { cwd: baselineRoot, stdio: 'inherit' });
}
const baselineBin = join(baselineRoot, 'bin/camunda-admin');
/** Node 22.1 and later: bin/ turns on Node's compile cache, and single requests have a tighter budget. */
const compileCache = typeof module.enableCompileCache === 'function';

/** Runs a command once; wall time in ms and peak RSS in MB (GNU time when present, else none). */
async function measure(command, args, { stdin, okCodes = [0] } = {}) {
  const useTime = hasGnuTime;
  const started = process.hrtime.bigint();
  const child = spawn(useTime ? '/usr/bin/time' : command, useTime ? ['-f', '%M', command, ...args] : args, { env, stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  if (stdin) child.stdin.end(stdin);
  else child.stdin.end();
  const [code] = await once(child, 'close');
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const rss = useTime ? Number(stderr.trim().split('\n').pop()) / 1024 : NaN;
  if (!okCodes.includes(code)) throw new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`);
  return { ms, rss };
}

/** The first executable `name` on PATH, or undefined. */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}
const curl = onPath('curl');

let hasGnuTime = false;
try {
  execFileSync('/usr/bin/time', ['-f', '%M', 'true'], { stdio: 'ignore' });
  hasGnuTime = true;
} catch {
  hasGnuTime = false;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const BULK_RUNS = quick ? 1 : 5;

/**
 * Bulk cases, each run BULK_RUNS times, interleaved like the start-up cases: per case the median
 * time and the highest peak RSS of any run.
 */
async function measureBulk(cases) {
  const runs = cases.map(() => []);
  for (let run = 0; run < BULK_RUNS; run++) {
    for (const [index, [command, args, options]] of cases.entries()) runs[index].push(await measure(command, args, options));
  }
  return runs.map((measured) => ({ ms: median(measured.map((one) => one.ms)), rss: Math.max(...measured.map((one) => one.rss)) }));
}

const results = [];
const targets = [];
function target(name, ok, detail) {
  targets.push({ name, ok, detail });
}

// 1. Start-up and single requests, interleaved so machine noise hits every case alike.
const server = await startBenchServer({ groups: 20, authorizations: 20 });
const cases = {
  'node -e 0': [process.execPath, ['-e', '0']],
  '--version': [process.execPath, [bin, '--version']],
  '--help': [process.execPath, [bin, '--help']],
  'auth get ID -o json': [process.execPath, [bin, '--url', server.url, 'auth', 'get', AUTHORIZATION_ID, '-o', 'json']],
  'group list (20 rows, table)': [process.execPath, [bin, '--url', server.url, 'group', 'list', '--max', '20']],
  // Floors for a single request, for comparison only: no target depends on them.
  'node:http GET, JSON (CommonJS, no deps)': [process.execPath, [join(root, 'bench/node-http-get.cjs'), `${server.url}/authorization/${AUTHORIZATION_ID}`]],
  'node:http GET, 20-row table (no deps)': [process.execPath, [join(root, 'bench/node-http-get.mjs'), `${server.url}/group?maxResults=20`]],
  ...(curl ? { 'curl GET (reference)': [curl, ['-sf', '-o', '/dev/null', `${server.url}/authorization/${AUTHORIZATION_ID}`]] } : {}),
};
const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, [command, args]] of Object.entries(cases)) times[name].push((await measure(command, args)).ms);
}
const bare = median(times['node -e 0']);
for (const [name, values] of Object.entries(times)) results.push({ case: name, median: median(values), ratio: median(values) / bare });
const ratio = (name) => median(times[name]) / bare;
target('--version <= 1.5x bare node', ratio('--version') <= 1.5, `${ratio('--version').toFixed(2)}x`);
target('--help <= 1.5x bare node', ratio('--help') <= 1.5, `${ratio('--help').toFixed(2)}x`);
// One request is measured against a bare CommonJS node:http GET made in the same run, not against
// `node -e 0`, whose time moves with the machine (its ratio is in the table above, not checked).
const oneRequest = median(times['auth get ID -o json']) / median(times['node:http GET, JSON (CommonJS, no deps)']);
results.push({ case: 'auth get ID -o json / node:http GET, JSON', median: NaN, ratio: oneRequest });
// Part of the Node 24 budget; on Node 20 the ratio is printed above, not checked.
if (compileCache) target('auth get -o json <= 1.8x a bare CommonJS node:http GET (aim: 1.2x)', oneRequest <= 1.8, `${oneRequest.toFixed(2)}x`);
target('group list 20 rows <= 3x bare node', ratio('group list (20 rows, table)') <= 3, `${ratio('group list (20 rows, table)').toFixed(2)}x`);
await server.close();

// 2. Listing everything: memory bounded by the page size (5,000 rows, src/engine/paging.ts), so flat
// from 10,000 records (two pages) to 100,000, and within 150 MB, as a table too (issue 26).
for (const [noun, key] of [
  ['group', 'groups'],
  ['auth', 'authorizations'],
]) {
  const small = await startBenchServer({ [key]: 10_000 });
  const big = await startBenchServer({ [key]: quick ? 20_000 : 100_000 });
  const [one, hundred, loop, table] = await measureBulk([
    [process.execPath, [bin, '--url', small.url, noun, 'list', '--all', '-o', 'json']],
    [process.execPath, [bin, '--url', big.url, noun, 'list', '--all', '-o', 'json']],
    [process.execPath, [join(root, 'bench/undici-loop.mjs'), `${big.url}/${noun === 'group' ? 'group' : 'authorization'}`, String(big.state[key]), '5000']],
    [process.execPath, [bin, '--url', big.url, noun, 'list', '--all']],
  ]);
  const records = big.state[key].toLocaleString('en');
  results.push({ case: `${noun} list --all: 10,000 records`, median: one.ms, rss: one.rss });
  results.push({ case: `${noun} list --all: ${records} records`, median: hundred.ms, rss: hundred.rss });
  results.push({ case: `bare undici loop, same pages`, median: loop.ms, rss: loop.rss });
  results.push({ case: `${noun} list --all: ${records} records, table`, median: table.ms, rss: table.rss });
  // Flat: no more than 20 MB over two pages' worth, or than a bare undici loop over the same pages
  // holds (V8 lets the heap grow with the pages' garbage before it collects it, the loop's as ours).
  target(
    `${noun} list --all: RSS within 20 MB of the 10,000-record run or the bare loop's, and <= 150 MB`,
    hundred.rss <= Math.max(one.rss + 20, loop.rss) && hundred.rss <= 150,
    `${one.rss.toFixed(0)} MB -> ${hundred.rss.toFixed(0)} MB (loop ${loop.rss.toFixed(0)} MB)`,
  );
  target(`${noun} list --all: time within 1.5x of a bare undici loop`, hundred.ms <= loop.ms * 1.5, `${hundred.ms.toFixed(0)} ms vs ${loop.ms.toFixed(0)} ms`);
  target(`${noun} list --all as a table: peak RSS <= 150 MB`, table.rss <= 150, `${table.rss.toFixed(0)} MB (${(table.ms / 1000).toFixed(2)} s)`);
  await small.close();
  await big.close();
}

// 3. A million ids, streamed through the dry run.
{
  // Quick runs keep the full million: at 100,000 ids start-up would be most of the time, and the
  // rate would say little about reading ids.
  const count = 1_000_000;
  const server = await startBenchServer();
  const ids = join(work, 'ids.txt');
  const out = createWriteStream(ids);
  for (let index = 0; index < count; index++) {
    if (!out.write(`${index.toString(16).padStart(8, '0')}-e5fe-11f1-a2ca-02fc00000001\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const plan = join(work, 'plan.json');
  writeFileSync(
    plan,
    JSON.stringify({
      sourceProcessDefinitionId: PLAN_SOURCE,
      targetProcessDefinitionId: PLAN_TARGET,
      instructions: [{ sourceActivityIds: ['a'], targetActivityIds: ['a'] }],
    }),
  );
  const [run] = await measureBulk([
    [process.execPath, [bin, '--url', server.url, 'migration', 'execute', plan, '--instances-file', ids, '--dry-run', '--skip-validation']],
  ]);
  results.push({ case: `execute --dry-run, ${count.toLocaleString('en')} ids`, median: run.ms, rss: run.rss });
  const perSecond = count / (run.ms / 1000);
  target(`${count.toLocaleString('en')} ids: peak RSS <= 150 MB`, run.rss <= 150, `${run.rss.toFixed(0)} MB`);
  target(`${count.toLocaleString('en')} ids: <= 2 s`, run.ms <= 2000, `${(run.ms / 1000).toFixed(2)} s (${Math.round(perSecond).toLocaleString('en')} ids/s)`);
  await server.close();
}

// 4. Validating a plan of 5,000 instructions whose report has 5,000 failures, against the build
// before issue 22 and against JSON.parse of the plan and the request alone.
{
  const server = await startBenchServer();
  const instructions = Array.from({ length: 5000 }, (_, index) => ({ sourceActivityIds: [`a${index}`], targetActivityIds: [`b${index}`] }));
  const plan = join(work, 'big-plan.json');
  writeFileSync(plan, JSON.stringify({ sourceProcessDefinitionId: PLAN_SOURCE, targetProcessDefinitionId: PLAN_TARGET, instructions }));
  const validateTimes = [];
  const beforeTimes = [];
  const baselineTimes = [];
  for (let run = 0; run < (quick ? 3 : 7); run++) {
    // Every instruction fails, so validate exits 3: that is the case measured.
    validateTimes.push((await measure(process.execPath, [bin, '--url', server.url, 'migration', 'validate', plan], { okCodes: [3] })).ms);
    beforeTimes.push((await measure(process.execPath, [baselineBin, '--url', server.url, 'migration', 'validate', plan], { okCodes: [3] })).ms);
    baselineTimes.push((await measure(process.execPath, [join(root, 'bench/validate-baseline.mjs'), `${server.url}/migration/validate`, plan])).ms);
  }
  const validate = median(validateTimes);
  const before = median(beforeTimes);
  const baseline = median(baselineTimes);
  results.push({ case: 'validate: 5,000 instructions, 5,000 failures', median: validate });
  results.push({ case: `the same, build before issue 22 (${BASELINE_COMMIT})`, median: before });
  results.push({ case: 'baseline: JSON.parse + the request', median: baseline });
  target(
    `validate 5,000 <= 1.25x the build before issue 22`,
    validate <= before * 1.25,
    `${validate.toFixed(0)} ms vs ${before.toFixed(0)} ms (${(validate / before).toFixed(2)}x)`,
  );
  target('validate 5,000 <= 2x JSON.parse + request', validate <= baseline * 2, `${validate.toFixed(0)} ms vs ${baseline.toFixed(0)} ms`);
  await server.close();
}

// 5. Access as code (issue 18): export, plan and apply-with-no-changes of an engine with 10,000
// authorizations and 500 groups (10 members each), each within 3 s and 150 MB, paged, and no request
// per authorization (members are read per group: no list request answers them for many groups).
{
  const server = await startAccessServer({ groups: 500, authorizations: 10_000, membersPerGroup: 10, users: 2000 });
  const file = join(work, 'access.yaml');
  const before = server.requests.count;
  const [exported] = await measureBulk([[process.execPath, [bin, '--url', server.url, 'access', 'export', '--out', file, '--force']]]);
  const exportRequests = (server.requests.count - before) / BULK_RUNS;
  const [planned, applied] = await measureBulk([
    [process.execPath, [bin, '--url', server.url, 'access', 'plan', file, '--prune', '--detailed-exitcode']],
    [process.execPath, [bin, '--url', server.url, 'access', 'apply', file, '--prune']],
  ]);
  const requests = (server.requests.count - before) / BULK_RUNS;
  for (const [name, run] of [
    ['access export', exported],
    ['access plan, no changes', planned],
    ['access apply, no changes', applied],
  ]) {
    results.push({ case: `${name}: 10,000 auths, 500 groups`, median: run.ms, rss: run.rss });
    target(
      `${name}, 10,000 authorizations and 500 groups: <= 3 s and <= 150 MB`,
      run.ms <= 3000 && run.rss <= 150,
      `${(run.ms / 1000).toFixed(2)} s, ${run.rss.toFixed(0)} MB`,
    );
  }
  // Export, plan, apply: each the group list, 500 member lists, two pages of authorizations, a few more.
  target(
    'access export/plan/apply: no request per authorization',
    requests <= 3 * (500 + 20),
    `${requests} requests for the three (${exportRequests} for export)`,
  );
  await server.close();
}

// 5. A sweep over 20 versions with 50,000 instances (2,500 each): the review writing a plan per
// version, and the dry run of those plans (every version resolved, validated, its instances selected).
{
  const small = await startBenchServer({ sweepVersions: 20, instancesPerVersion: 250 });
  const big = await startBenchServer({ sweepVersions: 20, instancesPerVersion: 2500 });
  const plans = join(work, 'sweep-plans');
  const smallPlans = join(work, 'sweep-plans-small');
  await measure(process.execPath, [bin, '--url', small.url, 'migration', 'sweep', 'sweep', '--out-dir', smallPlans]);
  // The review comes first in every round: the dry run reads the plans it writes.
  const [review, dryRun, smallDryRun] = await measureBulk([
    [process.execPath, [bin, '--url', big.url, 'migration', 'sweep', 'sweep', '--out-dir', plans, '--force']],
    [process.execPath, [bin, '--url', big.url, 'migration', 'sweep', 'sweep', '--plans', plans, '--execute', '--dry-run']],
    [process.execPath, [bin, '--url', small.url, 'migration', 'sweep', 'sweep', '--plans', smallPlans, '--execute', '--dry-run']],
  ]);
  results.push({ case: 'sweep review: 20 versions, 50,000 instances, plans written', median: review.ms, rss: review.rss });
  results.push({ case: 'sweep --execute --dry-run: 20 versions, 50,000', median: dryRun.ms, rss: dryRun.rss });
  results.push({ case: 'sweep --execute --dry-run: 20 versions, 5,000', median: smallDryRun.ms, rss: smallDryRun.rss });
  target(
    'sweep of 20 versions, 50,000 instances: review and dry run <= 5 s each',
    review.ms <= 5000 && dryRun.ms <= 5000,
    `${(review.ms / 1000).toFixed(2)} s, ${(dryRun.ms / 1000).toFixed(2)} s`,
  );
  target(
    'sweep of 20 versions, 50,000 instances: peak RSS <= 150 MB',
    review.rss <= 150 && dryRun.rss <= 150,
    `${review.rss.toFixed(0)} MB, ${dryRun.rss.toFixed(0)} MB (5,000 instances: ${smallDryRun.rss.toFixed(0)} MB)`,
  );
  await small.close();
  await big.close();
}

rmSync(work, { recursive: true, force: true });
console.log(`\nnode ${process.version}, ${RUNS} interleaved runs per start-up case, ${BULK_RUNS} per bulk case (median time, highest peak RSS)\n`);
console.log('case'.padEnd(52), 'ms'.padStart(9), 'x node'.padStart(8), 'RSS MB'.padStart(8));
for (const row of results) {
  console.log(
    row.case.padEnd(52),
    (Number.isNaN(row.median) ? '' : row.median.toFixed(1)).padStart(9),
    (row.ratio ? row.ratio.toFixed(2) : '').padStart(8),
    (row.rss ? row.rss.toFixed(0) : '').padStart(8),
  );
}
console.log('\ntargets');
for (const row of targets) console.log(`${row.ok ? 'PASS' : 'FAIL'}  ${row.name}: ${row.detail}`);
const missed = targets.filter((row) => !row.ok).length;
if (missed > 0) {
  console.log(`\n${missed} of ${targets.length} targets missed`);
  process.exitCode = 1;
}
