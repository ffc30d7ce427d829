// `npm run bench -- --engine URL [--rows N] [--keep]`: bulk work against a running engine (a real one:
// never in npm test or CI). Seeds N process instances (of a two-version process) and N authorizations,
// times the tool's selections (`migration execute --all-instances --dry-run`, `instance suspend
// --definition-id --dry-run`) and listing (`auth list
// --all`, json and table) against the floor, one request for all rows made in the same run, prints the
// ratios and the peak memory, checks the targets of docs/performance.md, and removes what it seeded.
// Credentials: CAMUNDA_USERNAME and CAMUNDA_PASSWORD (HTTP Basic), as for the tool.
/* global fetch, FormData, Blob */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { engine: { type: 'string' }, rows: { type: 'string', default: '50000' }, keep: { type: 'boolean', default: false }, quick: { type: 'boolean' } },
  strict: true,
});
const url = values.engine.replace(/\/+$/, '');
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1) throw new Error(`--rows ${values.rows}: a positive whole number`);
const KEY = 'camundaAdminBench';
const PARALLEL = 16;
const MB_LIMIT = 150;
const RATIO_LIMIT = 2.5;

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/camunda-admin.cjs');
const work = mkdtempSync(join(tmpdir(), 'camunda-admin-engine-bench-'));
const headers = { 'content-type': 'application/json' };
if (process.env.CAMUNDA_USERNAME) {
  headers.authorization = `Basic ${Buffer.from(`${process.env.CAMUNDA_USERNAME}:${process.env.CAMUNDA_PASSWORD ?? ''}`).toString('base64')}`;
}

async function call(method, path, body) {
  const response = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Runs `task(i)` for i in [0, count) with PARALLEL at a time. */
async function inParallel(count, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
}

function bpmn(version) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="bench" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${KEY}" name="bench v${version}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="toWork" sourceRef="start" targetRef="work"/>
    <bpmn:userTask id="work"/>
    <bpmn:sequenceFlow id="toEnd" sourceRef="work" targetRef="end"/>
    <bpmn:endEvent id="end"/>
  </bpmn:process>
</bpmn:definitions>
`;
}

async function deploy(version) {
  const form = new FormData();
  form.append('deployment-name', `${KEY}-v${version}`);
  form.append('data', new Blob([bpmn(version)], { type: 'application/xml' }), `${KEY}.bpmn`);
  const response = await fetch(`${url}/deployment/create`, {
    method: 'POST',
    headers: headers.authorization ? { authorization: headers.authorization } : {},
    body: form,
  });
  if (!response.ok) throw new Error(`deploy: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const deployment = await response.json();
  return { deploymentId: deployment.id, definitionId: Object.keys(deployment.deployedProcessDefinitions)[0] };
}

const credentials = process.env.CAMUNDA_USERNAME
  ? { CAMUNDA_USERNAME: process.env.CAMUNDA_USERNAME, CAMUNDA_PASSWORD: process.env.CAMUNDA_PASSWORD ?? '' }
  : {};

/** Wall time in ms and peak RSS in MB of one command. */
async function measure(args) {
  const started = process.hrtime.bigint();
  const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, bin, ...args], {
    env: { PATH: process.env.PATH, HOME: work, NO_COLOR: '1', ...credentials },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'close');
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (code !== 0) throw new Error(`camunda-admin ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`);
  return { ms, mb: Number(stderr.trim().split('\n').pop()) / 1024 };
}

async function floor(path) {
  const started = process.hrtime.bigint();
  const found = await call('GET', path);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, count: found.length };
}

const deployments = [];
const authorizationIds = [];
let failures = 0;
let targets = 0;
try {
  process.stdout.write(`engine ${url}: seeding ${rows} instances and ${rows} authorizations\n`);
  const v1 = await deploy(1);
  deployments.push(v1.deploymentId);
  const v2 = await deploy(2);
  deployments.push(v2.deploymentId);
  let seeded = Date.now();
  await inParallel(rows, () => call('POST', `/process-definition/${v1.definitionId}/start`, {}));
  process.stdout.write(`  instances: ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`);
  seeded = Date.now();
  await inParallel(rows, async (i) => {
    const created = await call('POST', '/authorization/create', {
      type: 1,
      permissions: ['READ'],
      userId: `bench${i}`,
      resourceType: 7,
      resourceId: `bench${i}`,
    });
    authorizationIds.push(created.id);
  });
  process.stdout.write(`  authorizations: ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`);

  const plan = join(work, 'plan.json');
  writeFileSync(
    plan,
    JSON.stringify({
      sourceProcessDefinitionId: v1.definitionId,
      targetProcessDefinitionId: v2.definitionId,
      instructions: [{ sourceActivityIds: ['work'], targetActivityIds: ['work'] }],
    }),
  );
  const target = ['--url', url];
  const cases = [
    {
      name: `selection: execute --all-instances --dry-run -o json (${rows} instances)`,
      floor: () => floor(`/process-instance?processDefinitionId=${encodeURIComponent(v1.definitionId)}&maxResults=${rows}`),
      tool: () => measure([...target, 'migration', 'execute', plan, '--all-instances', '--dry-run', '-o', 'json']),
    },
    {
      // The bulk commands' selection: counted, read in pages, previewed (by definition and activity).
      name: `selection: instance suspend --definition-id --dry-run -o json (${rows} instances)`,
      floor: () => floor(`/process-instance?processDefinitionId=${encodeURIComponent(v1.definitionId)}&maxResults=${rows}`),
      tool: () => measure([...target, 'instance', 'suspend', '--definition-id', v1.definitionId, '--dry-run', '-o', 'json']),
    },
    {
      name: `listing: auth list --all -o json (${rows}+ authorizations)`,
      floor: () => floor(`/authorization?maxResults=${rows * 2}`),
      tool: () => measure([...target, 'auth', 'list', '--all', '-o', 'json']),
    },
    {
      name: `listing: auth list --all as a table (${rows}+ authorizations)`,
      floor: () => floor(`/authorization?maxResults=${rows * 2}`),
      tool: () => measure([...target, 'auth', 'list', '--all']),
    },
  ];
  targets = cases.length;
  const runs = values.quick ? 1 : 3;
  process.stdout.write(`\n| case | floor ms | tool ms | ratio | peak MB |\n|---|---|---|---|---|\n`);
  for (const bench of cases) {
    const floors = [];
    const tools = [];
    for (let run = 0; run < runs; run++) {
      floors.push(await bench.floor());
      tools.push(await bench.tool());
    }
    const median = (list) => list.map((item) => item.ms).sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const ratio = median(tools) / median(floors);
    const mb = Math.max(...tools.map((item) => item.mb));
    const ok = ratio <= RATIO_LIMIT && mb <= MB_LIMIT;
    if (!ok) failures++;
    process.stdout.write(
      `| ${bench.name} | ${median(floors).toFixed(0)} | ${median(tools).toFixed(0)} | ${ratio.toFixed(2)}x | ${mb.toFixed(0)} | ${ok ? 'PASS' : 'FAIL'}\n`,
    );
  }
  process.stdout.write(`\ntargets: at most ${RATIO_LIMIT}x the one-request floor and ${MB_LIMIT} MB peak\n`);
} finally {
  if (!values.keep) {
    process.stdout.write('removing what was seeded\n');
    await inParallel(authorizationIds.length, (i) => call('DELETE', `/authorization/${authorizationIds[i]}`).catch(() => {}));
    for (const id of deployments.reverse()) await call('DELETE', `/deployment/${id}?cascade=true&skipCustomListeners=true`).catch(() => {});
  }
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
if (failures > 0) {
  process.stdout.write(`${failures} of ${targets} targets missed\n`);
  process.exitCode = 1;
}
