// -o json and -o yaml of every read command: they parse, they hold the same data, and where the
// engine's objects are printed they are exactly what the engine answered (README: "-o json prints the
// engine's objects unchanged").
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { ADMIN_GROUP_ID, SEEDED_AUTHORIZATION_IDS, type Simulator, startSimulator } from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';

let engine: Simulator;
let cwd: string;
let home: string;
beforeAll(async () => {
  engine = await startSimulator({ batchJobsPerSecond: 0 });
  cwd = tempDir();
  home = tempDir('camunda-admin-home-');
  writeFileSync(
    join(cwd, 'plan.yaml'),
    toYaml({ source: 'refengine-demo:1', target: 'refengine-demo:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] }),
  );
});
afterAll(async () => {
  await engine.close();
  rmSync(cwd, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(['--url', engine.url, ...args], { cwd, env: cleanEnv({}, home) });

/** The engine's answer to a request, parsed as it came. */
async function fromEngine(method: string, path: string): Promise<unknown> {
  const response = await fetch(`${engine.url}${path}`, { method });
  expect(response.status, `${method} ${path}`).toBe(200);
  return response.json();
}

/** Runs the command with -o json and -o yaml: both succeed, parse, and hold the same data. */
async function bothFormats(args: string[]): Promise<unknown> {
  const json = await cli([...args, '-o', 'json']);
  expect(json.code, `${args.join(' ')} -o json: ${json.stderr}`).toBe(0);
  const yaml = await cli([...args, '-o', 'yaml']);
  expect(yaml.code, `${args.join(' ')} -o yaml: ${yaml.stderr}`).toBe(0);
  const fromJson = JSON.parse(json.stdout) as unknown;
  // YAML, not JSON printed under -o yaml (JSON parses as YAML too).
  expect(yaml.stdout.trimStart()[0], `${args.join(' ')} -o yaml printed JSON`).not.toMatch(/[{[]/);
  expect(parseYaml(yaml.stdout)).toEqual(fromJson);
  return fromJson;
}

const ADMIN = SEEDED_AUTHORIZATION_IDS.adminApplication;

describe("the engine's objects, unchanged", () => {
  it.each([
    [['auth', 'get', ADMIN], 'GET', `/authorization/${ADMIN}`],
    [['auth', 'list', '--max', '3'], 'GET', '/authorization?firstResult=0&maxResults=3'],
    [['auth', 'count'], 'GET', '/authorization/count'],
    [['group', 'get', ADMIN_GROUP_ID], 'GET', `/group/${ADMIN_GROUP_ID}`],
    [['group', 'list', '--all'], 'GET', '/group'],
    [['group', 'count'], 'GET', '/group/count'],
    [['group', 'options', ADMIN_GROUP_ID], 'OPTIONS', `/group/${ADMIN_GROUP_ID}`],
    [['group', 'members', 'list', ADMIN_GROUP_ID, '--all'], 'GET', `/user?memberOfGroup=${ADMIN_GROUP_ID}&sortBy=userId&sortOrder=asc`],
    [['metrics', 'sum', 'process-instances'], 'GET', '/metrics/process-instances/sum'],
    [['metrics', 'list', '--name', 'process-instances', '--max', '5'], 'GET', '/metrics?name=process-instances&firstResult=0&maxResults=5'],
  ])('%j', async (args, method, path) => {
    expect(await bothFormats(args)).toEqual(await fromEngine(method, path));
  });

  it('migration execute --async, batch get and batch list: the batch as the engine has it', async () => {
    // Each run creates a batch: one with -o json, one with -o yaml.
    const [first, second] = await demoV1Instances();
    // The second while the first batch is pending: of other instances, as --allow-pending-batch says.
    const execute = (instance: string, format: string) =>
      cli(['migration', 'execute', 'plan.yaml', '--instances', instance, '--async', '--yes', '--allow-pending-batch', '-o', format]);
    const json = await execute(first!, 'json');
    const yaml = await execute(second!, 'yaml');
    expect([json.code, yaml.code]).toEqual([0, 0]);
    for (const created of [JSON.parse(json.stdout) as { id: string }, parseYaml(yaml.stdout) as { id: string }]) {
      expect(created).toEqual(await fromEngine('GET', `/batch/${created.id}`));
      expect(await bothFormats(['batch', 'get', created.id])).toEqual(await fromEngine('GET', `/batch/${created.id}`));
    }
    expect(await bothFormats(['batch', 'list', '--all'])).toEqual(await fromEngine('GET', '/batch/statistics?sortBy=batchId&sortOrder=asc'));
  });
});

async function demoV1Instances(): Promise<string[]> {
  const instances = (await fromEngine('GET', '/process-instance?processDefinitionKey=refengine-demo')) as { id: string; definitionId: string }[];
  return instances.filter((instance) => instance.definitionId.startsWith('refengine-demo:1:')).map((instance) => instance.id);
}

describe("the tool's own documented shapes", () => {
  it.each([
    [['engine', 'info']],
    [['config', 'show']],
    [['metrics', 'names']],
    [['metrics', 'report', '--from', '2026-01', '--to', '2026-02']],
    [['migration', 'validate', 'plan.yaml']],
    [['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2']],
    [['migration', 'execute', 'plan.yaml', '--all-instances', '--dry-run', '--allow-pending-batch']],
    [['group', 'update', ADMIN_GROUP_ID, '--name', 'Admins', '--dry-run']],
  ])('%j', async (args) => {
    expect(await bothFormats(args)).toBeTruthy();
  });
});
