// `npm run demo`: builds camunda-admin and the engine simulator, starts the simulator on a free
// loopback port, runs a short tour of real commands against it, and stops it.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildSimulator } from './build-simulator.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = `${root}bin/camunda-admin.cjs`;

const built = spawnSync(process.execPath, [`${root}scripts/build.mjs`], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const simulatorEntry = await buildSimulator();

const simulator = spawn(process.execPath, [simulatorEntry, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  const lines = createInterface({ input: simulator.stdout });
  lines.on('line', (line) => {
    const match = /listening on (\S+)/.exec(line);
    if (match) resolve(match[1]);
  });
  simulator.on('exit', (code) => reject(new Error(`the simulator stopped (exit ${code})`)));
});

const ADMIN_AUTHORIZATION = 'c68e62eb-e5fe-11f1-a2ca-02fc00000001';
const JOHN_AUTHORIZATION = 'c950b77a-e5fe-11f1-a2ca-02fc00000001';
const workDir = mkdtempSync(join(tmpdir(), 'camunda-admin-demo-'));
const plan = join(workDir, 'plan.yaml');
const demoPlan = join(workDir, 'demo-plan.yaml');
const report = join(workDir, 'report.csv');
const EDIT = 'edit';
// [arguments, expected exit code]; EDIT maps the renamed activity by hand, as an operator would.
const tour = [
  [['engine', 'info'], 0],
  [['config', 'show'], 0],
  [['auth', 'get', JOHN_AUTHORIZATION], 0],
  [['auth', 'get', ADMIN_AUTHORIZATION, '-o', 'json'], 0],
  [['auth', 'get', ADMIN_AUTHORIZATION, '-o', 'yaml'], 0],
  [['auth', 'get', 'does-not-exist'], 5],
  [['auth', 'update', JOHN_AUTHORIZATION, '--add-permissions', 'DELETE', '--dry-run'], 0],
  [['group', 'list'], 0],
  [['group', 'members', 'list', 'accounting', '--max', '5'], 0],
  [['auth', 'explain', '--group', 'sales', '--resource-type', 'process-definition', '--resource-id', 'invoice'], 0],
  [['access', 'export', '--groups', 'sales'], 0],
  [['metrics', 'sum', 'process-instances', '--start', '30d'], 0],
  [['metrics', 'list', '--name', 'process-instances', '--start', '7d', '--interval', '86400', '--aggregate-by-reporter', '--chart'], 0],
  [['definition', 'list', '--latest'], 0],
  [['definition', 'show', 'invoice:1'], 0],
  [['migration', 'diff', 'invoice:1', 'invoice:latest'], 0],
  [['migration', 'generate', '--source', 'invoice:1', '--target', 'invoice:latest', '--out', plan], 0],
  // The instances at the renamed activity make the execute fail: exit 3 until it is mapped.
  [['migration', 'validate', plan], 3],
  [EDIT, 0],
  // What is left is a warning (an instance waiting in an asynchronous continuation), a failure with --strict.
  [['migration', 'validate', plan], 0],
  [['migration', 'validate', plan, '--strict'], 3],
  [['migration', 'execute', plan, '--all-instances', '--dry-run'], 0],
  [['migration', 'execute', plan, '--all-instances'], 2],
  [['migration', 'execute', plan, '--all-instances', '--chunk-size', '2', '--yes', '--report', report], 0],
  [['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--out', demoPlan], 0],
  [['migration', 'execute', demoPlan, '--all-instances', '--async', '--wait', '--interval', '0.5', '--yes'], 0],
  // Every old version at once: a reviewed plan per version with running instances.
  [['migration', 'sweep', 'invoice-approval', '--out-dir', join(workDir, 'sweep-plans')], 0],
  // After an outage: what is stuck, then the repair, previewed and checked object by object.
  [['incident', 'list', '--summary'], 0],
  [['job', 'retry', '--key', 'invoice-approval', '--dry-run'], 0],
  [['job', 'retry', '--key', 'invoice-approval', '--yes', '--report', join(workDir, 'retry-report.csv')], 0],
  [['instance', 'suspend', '--key', 'invoice', '--canary', '1', '--yes'], 0],
  [['instance', 'activate', '--key', 'invoice', '--yes'], 0],
  // History that is never cleaned up: the versions without a time-to-live, set on every version of a key.
  [['history', 'ttl', 'list'], 0],
  [['history', 'ttl', 'list', '--decisions', '--missing'], 0],
  [['history', 'ttl', 'set', 'invoice-classification', '--decision', '--days', '45', '--dry-run'], 0],
  [['history', 'ttl', 'set', 'invoice-classification', '--decision', '--days', '45', '--yes'], 0],
  [['history', 'ttl', 'list', '--decisions', '--missing', '--detailed-exitcode'], 10],
  // The engine enforces a time-to-live (7.20+): clearing one is refused, and said why.
  [['history', 'ttl', 'set', 'invoice', '--clear', '--version', '1', '--yes'], 6],
];

const env = { ...process.env, CAMUNDA_URL: url };
for (const key of ['CAMUNDA_USERNAME', 'CAMUNDA_PASSWORD', 'CAMUNDA_TOKEN', 'CAMUNDA_PROFILE', 'CAMUNDA_ENGINE']) delete env[key];

process.stdout.write(`\nengine simulator (an in-memory Camunda 7.24 REST API) at ${url}\n`);
process.stdout.write(`every command below runs against it with CAMUNDA_URL=${url}\n`);
let unexpected = 0;
for (const [args, expected] of tour) {
  if (args === EDIT) {
    appendFileSync(plan, '  - sourceActivityIds: [ approveInvoice ]\n    targetActivityIds: [ approveInvoiceV2 ]\n');
    process.stdout.write(
      `\n# edit ${plan}: map the renamed activity\n$ tail -2 ${plan}\n  - sourceActivityIds: [ approveInvoice ]\n    targetActivityIds: [ approveInvoiceV2 ]\n`,
    );
    continue;
  }
  process.stdout.write(`\n$ camunda-admin ${args.join(' ')}\n`);
  const result = spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit', env });
  process.stdout.write(`(exit ${result.status})\n`);
  if (args[1] === 'generate' && args.includes(plan)) process.stdout.write(`\n$ cat ${plan}\n${readFileSync(plan, 'utf8')}`);
  if (args.includes(report)) process.stdout.write(`\n$ cat ${report}\n${readFileSync(report, 'utf8')}`);
  if (result.status !== expected) unexpected++;
}
rmSync(workDir, { recursive: true, force: true });

simulator.kill('SIGTERM');
process.stdout.write(
  unexpected === 0 ? '\ndemo finished: every command exited as expected\n' : `\ndemo finished: ${unexpected} command(s) exited unexpectedly\n`,
);
process.exitCode = unexpected === 0 ? 0 : 1;
