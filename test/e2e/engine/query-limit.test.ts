// Issue 26, item 1: every command family against an engine with queryMaxResultsLimit and Basic auth
// (the simulator answers like 7.24: 400 for a list query without maxResults or above the limit). The
// limit here is 4, so that the seeded data spans several pages; the tool learns it from the first 400.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import {
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
  startSimulator,
} from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';

const LIMIT = 4;
/** refengine-demo v1 instances at `approve`: the three seeded ones and these. */
const EXTRA = Array.from({ length: 8 }, (_, index) => `d0000000-0000-11f1-a2ca-0000000000${String(index).padStart(2, '0')}`);

let engine: Simulator;
beforeEach(async () => {
  engine = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0, queryMaxResultsLimit: LIMIT });
  const template = engine.state.findProcessInstance(INSTANCES.demoV1First)!;
  for (const id of EXTRA) engine.state.processInstances.push({ ...template, id, businessKey: null, activityInstanceIds: undefined });
});
afterEach(async () => {
  await engine.close();
});

const cli = (args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) =>
  runCli(['--url', engine.url, '--username', 'demo', '--password-stdin', '--retries', '0', ...args], { stdin: 'demo\n', ...options });

/** maxResults of every list request sent (undefined: none sent). */
function pageSizes(): (number | undefined)[] {
  return engine.requests
    .filter(
      (request) =>
        (request.method === 'GET' || request.method === 'POST') &&
        !/\/count(\?|$)|\/(create|execute|executeAsync|validate|generate)(\?|$)|\/statistics$/.test(request.path),
    )
    .filter((request) =>
      /^[^?]*\/(authorization|group|user|batch\/statistics|batch|history\/batch|process-definition|process-instance|history\/process-instance)(\?|$)/.test(
        request.path.replace(/^\/engine-rest/, ''),
      ),
    )
    .map((request) => {
      const max = new URL(request.path, 'http://x').searchParams.get('maxResults');
      return max === null ? undefined : Number(max);
    });
}

/**
 * Every list request sent maxResults, and once a run had one refused (it learns the limit from that
 * 400), none asked for more than the limit: at most one request per run above it.
 */
function expectWithinLimit(runs = 1): void {
  const sizes = pageSizes();
  expect(sizes.length).toBeGreaterThan(0);
  expect(sizes.filter((size) => size === undefined)).toEqual([]);
  expect(sizes.filter((size) => size! > LIMIT).length).toBeLessThanOrEqual(runs);
}

const PLAN = { source: 'refengine-demo:1', target: 'refengine-demo:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] };
function planDir(): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'plan.yaml'), toYaml(PLAN));
  return cwd;
}

describe('auth', () => {
  it('lists every authorization in pages of the learned limit, each once', async () => {
    const count = JSON.parse((await cli(['auth', 'count', '-o', 'json'])).stdout).count as number;
    expect(count).toBeGreaterThan(LIMIT);
    const result = await cli(['auth', 'list', '--all', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const ids = (JSON.parse(result.stdout) as { id: string }[]).map((row) => row.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toEqual([...ids].sort());
    expectWithinLimit();
  });

  it('gives --max rows above the limit, with the hint that there are more', async () => {
    const result = await cli(['auth', 'list', '--max', '6', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(6);
    expect(result.stderr).toContain('there are more');
    expectWithinLimit();
  });

  it('names the authorization in the way of a duplicate (a lookup of at most 2 rows)', async () => {
    const args = [
      'auth',
      'create',
      '--type',
      'grant',
      '--user',
      'john',
      '--resource-type',
      'process-definition',
      '--resource-id',
      'refengine-demo',
      '--permissions',
      'READ',
    ];
    const result = await cli(args);
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/authorization \S+ is the grant for user john on process-definition 'refengine-demo' already/);
    expectWithinLimit();
  });
});

describe('group', () => {
  it('lists every group and every member of a big group', async () => {
    const groups = await cli(['group', 'list', '--all', '-o', 'json']);
    expect(groups.code).toBe(0);
    expect((JSON.parse(groups.stdout) as { id: string }[]).map((group) => group.id)).toEqual(['accounting', 'camunda-admin', 'management', 'sales']);
    const members = await cli(['group', 'members', 'list', 'accounting', '--all', '-o', 'json']);
    expect(members.stderr).toBe('');
    expect(members.code).toBe(0);
    const ids = (JSON.parse(members.stdout) as { id: string }[]).map((user) => user.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expectWithinLimit(2);
  });
});

describe('metrics and engine', () => {
  it('lists metrics and shows the engine', async () => {
    expect((await cli(['metrics', 'list', '--max', '250', '-o', 'json'])).code).toBe(0);
    expect((await cli(['metrics', 'sum', 'process-instances'])).code).toBe(0);
    const info = await cli(['engine', 'info', '-o', 'json']);
    expect(info.code).toBe(0);
    expect(JSON.parse(info.stdout).authentication.status).toBe('accepted');
  });
});

describe('migration', () => {
  it('generates and validates a plan of key:version references, and of plain ids', async () => {
    const cwd = tempDir();
    const generated = await cli(['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--out', 'plan.yaml'], { cwd });
    expect(generated.code).toBe(0);
    expect((await cli(['migration', 'validate', 'plan.yaml'], { cwd })).code).toBe(0);
    const byId = tempDir();
    writeFileSync(join(byId, 'plan.yaml'), toYaml({ ...PLAN, source: DEFINITIONS.v1, target: DEFINITIONS.v2 }));
    const validated = await cli(['migration', 'validate', 'plan.yaml'], { cwd: byId });
    expect(validated.stderr).toBe('');
    expect(validated.code).toBe(0);
    expectWithinLimit(3);
  });

  it('dry-runs --all-instances, --query and --instances-file over more instances than the limit', async () => {
    const cwd = planDir();
    const all = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--dry-run', '-o', 'json'], { cwd });
    expect(all.code).toBe(0);
    expect(all.stderr).toContain('for 11 instances; nothing was sent');
    writeFileSync(join(cwd, 'query.json'), JSON.stringify({ processDefinitionKey: 'refengine-demo' }));
    const query = await cli(['migration', 'execute', 'plan.yaml', '--query', 'query.json', '--dry-run', '--skip-validation'], { cwd });
    // The v2 instances the query also finds are reported, not sent.
    expect(query.stderr).toContain('not running on refengine-demo:1');
    writeFileSync(join(cwd, 'ids.txt'), [...EXTRA, INSTANCES.demoV1First].join('\n'));
    const file = await cli(['migration', 'execute', 'plan.yaml', '--instances-file', 'ids.txt', '--dry-run'], { cwd });
    expect(file.code).toBe(0);
    expect(file.stderr).toContain('for 9 instances; nothing was sent');
    expectWithinLimit(3);
  });

  it('runs a chunked execute and checks every outcome within the limit', async () => {
    const cwd = planDir();
    const result = await cli(['--yes', 'migration', 'execute', 'plan.yaml', '--all-instances', '--chunk-size', '5', '-o', 'json'], { cwd });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { outcome: Record<string, number>; chunks: { total: number } };
    expect(report.outcome).toEqual({ migrated: 11, 'already-migrated': 0, 'on-source': 0, ended: 0, unknown: 0 });
    expect(report.chunks.total).toBe(3);
    for (const id of EXTRA) expect(engine.state.findProcessInstance(id)?.definitionId).toBe(DEFINITIONS.v2);
    expectWithinLimit();
    // The outcome check asked for the instances of every chunk in pages of the limit.
    expect(pageSizes().filter((size) => size === LIMIT).length).toBeGreaterThanOrEqual(3);
  });
});

describe('batch', () => {
  it('lists batches and shows one while it runs', async () => {
    const cwd = planDir();
    const started = await cli(['--yes', 'migration', 'execute', 'plan.yaml', '--all-instances', '--async', '-o', 'json'], { cwd });
    expect(started.code).toBe(0);
    const id = (JSON.parse(started.stdout) as { id: string }).id;
    const list = await cli(['batch', 'list', '--all', '-o', 'json']);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { id: string }[]).map((batch) => batch.id)).toContain(id);
    expect((await cli(['batch', 'get', id])).code).toBe(0);
    expectWithinLimit(3);
  });
});

describe('a profile that knows the limit', () => {
  it('never asks for more than maxResultsLimit, and config show names it', async () => {
    const home = tempDir();
    const config = join(home, 'config.yaml');
    writeFileSync(
      config,
      toYaml({ profiles: { prod: { url: engine.url, auth: { type: 'basic', username: 'demo', password: 'demo' }, maxResultsLimit: LIMIT } } }),
    );
    const env = cleanEnv({}, home);
    const listed = await runCli(['--config', config, '--profile', 'prod', 'auth', 'list', '--all', '-o', 'json'], { env });
    expect(listed.code).toBe(0);
    expect(pageSizes().every((size) => size !== undefined && size <= LIMIT)).toBe(true);
    const shown = await runCli(['--config', config, '--profile', 'prod', 'config', 'show', '-o', 'json'], { env });
    expect(shown.code).toBe(0);
    expect(JSON.stringify(JSON.parse(shown.stdout))).toContain('"maxResultsLimit"');
  });
});
