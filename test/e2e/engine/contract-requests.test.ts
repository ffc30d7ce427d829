// Every request the tool sends, for a tour of every command family, checked against the engine's
// OpenAPI document (test/contract/openapi.json): path, method, query parameters and body schema.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { validateRequest } from '../../contract/validate.js';
import { SEEDED_AUTHORIZATION_IDS as AUTHORIZATIONS, SEEDED_PROCESS_INSTANCE_IDS as INSTANCES, type RecordedRequest } from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const it = fileTest({ batchJobsPerSecond: 50 });

function violations(requests: readonly RecordedRequest[]): string[] {
  return requests.flatMap((request) => {
    const [path, query = ''] = request.path.replace(/^\/engine-rest/, '').split('?') as [string, string?];
    const body = request.body ? (JSON.parse(request.body) as unknown) : undefined;
    const result = validateRequest(request.method, path, new URLSearchParams(query), body);
    return result.valid ? [] : [`${request.method} ${request.path}: ${result.errors.join('; ')}`];
  });
}

it('sends only requests the engine contract describes', async ({ engine }) => {
  const cwd = tempDir();
  writeFileSync(
    join(cwd, 'plan.yaml'),
    toYaml({ source: 'refengine-demo:1', target: 'refengine-demo:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] }),
  );
  writeFileSync(join(cwd, 'query.json'), JSON.stringify({ businessKey: 'v1-3' }));
  writeFileSync(
    join(cwd, 'access.yaml'),
    'scope: { groups: ["aud*"], resourceTypes: ["*"] }\ngroups:\n  auditors: { name: Auditors, members: [mary] }\nauthorizations:\n  - { type: grant, group: auditors, resource: process-definition, resourceId: invoice, permissions: [READ] }\n',
  );
  const tour = [
    ['engine', 'info'],
    ['auth', 'get', AUTHORIZATIONS.adminApplication],
    ['auth', 'list', '--type', 'grant', '--user', 'john', '--resource-type', '6', '--sort-by', 'resourceId', '--max', '5'],
    ['auth', 'list', '--all', '-o', 'json'],
    ['auth', 'count', '--group', 'sales'],
    ['auth', 'create', '--type', 'grant', '--group', 'sales', '--resource-type', 'filter', '--permissions', 'READ'],
    ['auth', 'update', AUTHORIZATIONS.johnProcessDefinitionGrant, '--add-permissions', 'DELETE'],
    ['auth', 'delete', AUTHORIZATIONS.salesProcessDefinitionRevoke, '--yes'],
    ['group', 'list', '--name-like', '%a%', '--sort-by', 'name', '--sort-order', 'desc'],
    ['group', 'list', '--id-in', Array.from({ length: 60 }, (_, i) => `g${i}`).join(','), '-o', 'json'],
    ['group', 'count', '--member', 'john'],
    ['group', 'create', '--id', 'audit', '--name', 'Audit'],
    ['group', 'update', 'audit', '--type', 'WORKFLOW'],
    ['group', 'options', 'audit'],
    ['group', 'members', 'add', 'audit', 'john', 'mary'],
    ['group', 'members', 'list', 'audit', '--all'],
    ['group', 'members', 'remove', 'audit', 'mary'],
    ['group', 'members', 'options', 'audit'],
    ['group', 'delete', 'audit', '--yes'],
    ['metrics', 'list', '--name', 'process-instances', '--start', '30d', '--interval', '86400', '--aggregate-by-reporter', '--max', '250'],
    ['metrics', 'sum', 'task-users', '--start', '2026-01-01', '--end', '2026-02-01'],
    ['metrics', 'report', '--from', '2026-01', '--to', '2026-02'],
    ['metrics', 'delete-task-worker', '--before', '2025-01-01', '--yes'],
    ['migration', 'generate', '--source', 'invoice:1', '--target', 'invoice:latest'],
    ['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:latest', '--suggest'],
    ['migration', 'diff', 'invoice-approval:1', 'invoice-approval:2'],
    ['definition', 'list', '--latest', '--max', '3'],
    ['definition', 'list', '--key', 'invoice', '--all'],
    ['definition', 'show', 'invoice-approval:1'],
    ['migration', 'validate', 'plan.yaml'],
    ['migration', 'execute', 'plan.yaml', '--query', 'query.json', '--yes'],
    ['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.demoV1First, '--chunk-size', '1', '--yes'],
    ['migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--wait', '--interval', '0.1', '--yes'],
    ['batch', 'list'],
    ['auth', 'explain', '--user', 'john', '--resource-type', 'process-definition', '--resource-id', 'invoice'],
    ['access', 'export', '--groups', 'sales', '--resource-type', 'process-definition'],
    ['access', 'plan', 'access.yaml', '--prune'],
    ['access', 'apply', 'access.yaml', '--prune', '--yes'],
  ];
  for (const args of tour) {
    const result = await runCli(['--url', engine.url, '--retries', '0', ...args], { cwd });
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  }
  // The finished batch: its history record and its job log.
  const finished = await runCli(['--url', engine.url, '--retries', '0', 'batch', 'get', engine.state.batches[0]!.id]);
  expect(finished.stdout).toMatch(/completed \(history\)/);
  expect(engine.requests.some((request) => request.path.includes('/history/job-log/count?'))).toBe(true);
  expect(engine.requests.length).toBeGreaterThan(60);
  expect(violations(engine.requests)).toEqual([]);
});

it('would notice a request outside the contract', () => {
  const wrong: RecordedRequest = { method: 'GET', path: '/engine-rest/authorization?userIdIn=a&bogusParameter=1', headers: {}, body: '' };
  expect(violations([wrong])).toHaveLength(1);
});
