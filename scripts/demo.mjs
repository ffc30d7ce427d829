// `npm run demo`: builds camunda-admin and the engine simulator, starts the simulator on a free
// loopback port, runs a short tour of real commands against it, and stops it.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { buildSimulator } from './build-simulator.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = `${root}bin/camunda-admin`;

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
const tour = [
  ['engine', 'info'],
  ['config', 'show'],
  ['auth', 'get', JOHN_AUTHORIZATION],
  ['auth', 'get', ADMIN_AUTHORIZATION, '-o', 'json'],
  ['auth', 'get', ADMIN_AUTHORIZATION, '-o', 'yaml'],
  ['auth', 'get', 'does-not-exist'],
];

const env = { ...process.env, CAMUNDA_URL: url };
for (const key of ['CAMUNDA_USERNAME', 'CAMUNDA_PASSWORD', 'CAMUNDA_TOKEN', 'CAMUNDA_PROFILE', 'CAMUNDA_ENGINE']) delete env[key];

process.stdout.write(`\nengine simulator (an in-memory Camunda 7.24 REST API) at ${url}\n`);
process.stdout.write(`every command below runs against it with CAMUNDA_URL=${url}\n`);
let unexpected = 0;
for (const args of tour) {
  process.stdout.write(`\n$ camunda-admin ${args.join(' ')}\n`);
  const result = spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit', env });
  const expected = args.includes('does-not-exist') ? 5 : 0;
  process.stdout.write(`(exit ${result.status})\n`);
  if (result.status !== expected) unexpected++;
}

simulator.kill('SIGTERM');
process.stdout.write(unexpected === 0 ? '\ndemo finished: every command exited as expected\n' : `\ndemo finished: ${unexpected} command(s) exited unexpectedly\n`);
process.exitCode = unexpected === 0 ? 0 : 1;
