// `access export` against the simulator: the file it writes, stable, filtered, paged.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AuthorizationType, ResourceType, type Simulator, startSimulator } from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';

let engine: Simulator;
beforeEach(async () => {
  engine = await startSimulator();
});
afterEach(async () => {
  await engine.close();
});

const cli = (args: string[], cwd?: string) => runCli(['--url', engine.url, '--retries', '0', ...args], cwd ? { cwd } : {});

describe('access export', () => {
  it('writes every group, member and authorization with symbolic names, sorted, the same bytes twice', async () => {
    const first = await cli(['access', 'export']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      new RegExp(`^# Access of ${engine.url.replace(/[.]/g, '\\.')} \\(version 7\\.24\\.0-SNAPSHOT\\)\n# Written by: camunda-admin access export\n`),
    );
    const file = parse(first.stdout);
    expect(file.scope).toEqual({ groups: ['*'], users: ['*'], global: true, resourceTypes: ['*'] });
    expect(Object.keys(file.groups)).toEqual(['accounting', 'camunda-admin', 'management', 'sales']);
    expect(file.groups.sales).toEqual({ name: 'Sales', type: 'WORKFLOW', members: ['john', 'lena', 'max'] });
    expect(file.authorizations).toHaveLength(engine.state.authorizations.length);
    expect(file.authorizations).toContainEqual({
      type: 'grant',
      user: 'john',
      resource: 'process-definition',
      resourceId: 'refengine-demo',
      permissions: ['READ', 'UPDATE'],
    });
    expect(file.authorizations).toContainEqual({ type: 'global', resource: 'filter', permissions: ['READ'] });
    expect(first.stdout).toContain('  - {type: revoke, group: sales, resource: process-definition, permissions: [DELETE]}\n');
    expect(first.stderr).toBe('exported 4 groups and 26 authorizations\n');
    // Rows in another order on the engine: the same file.
    engine.state.authorizations.reverse();
    expect((await cli(['access', 'export'])).stdout).toBe(first.stdout);
  });

  it('--groups (globs) keeps those groups and their authorizations; --resource-type narrows the authorizations', async () => {
    const result = await cli(['access', 'export', '--groups', 'sales,camunda-*', '--resource-type', 'process-definition', 'group', '-o', 'json']);
    expect(result.code).toBe(0);
    const file = JSON.parse(result.stdout);
    expect(file.scope).toEqual({ groups: ['sales', 'camunda-*'], users: [], global: false, resourceTypes: ['process-definition', 'group'] });
    expect(Object.keys(file.groups)).toEqual(['camunda-admin', 'sales']);
    expect(file.authorizations).toEqual([
      { type: 'grant', group: 'camunda-admin', resource: 'group', permissions: ['ALL'] },
      { type: 'grant', group: 'camunda-admin', resource: 'process-definition', permissions: ['ALL'] },
      { type: 'revoke', group: 'sales', resource: 'process-definition', permissions: ['DELETE'] },
    ]);
  });

  it('pages through thousands of groups and authorizations, and reads members per exported group', async () => {
    engine.state.seedGroups(60);
    // GRANT READ on GROUP groupN to groupN: the first 60 own groups that exist, the rest are orphans.
    engine.state.seedAuthorizations(6000);
    const result = await cli(['access', 'export', '--groups', 'group*', '-o', 'json']);
    expect(result.code).toBe(0);
    const file = JSON.parse(result.stdout);
    expect(Object.keys(file.groups)).toHaveLength(60);
    expect(file.authorizations).toHaveLength(6000);
    expect(file.authorizations[0]).toEqual({ type: 'grant', group: 'group00001', resource: 'group', resourceId: 'group00001', permissions: ['READ'] });
    const lists = engine.requests
      .filter((request) => request.path.startsWith('/engine-rest/authorization?'))
      .map((request) => new URL(request.path, engine.url).searchParams.get('firstResult'));
    expect(lists).toEqual(['0', '5000']);
    // One member query per exported group, none per authorization.
    expect(engine.requests.filter((request) => request.path.includes('memberOfGroup='))).toHaveLength(60);
  });

  it('--out writes the file (refusing to replace one without --force); rows a file cannot hold are named', async () => {
    engine.state.authorizations.push({
      id: 'odd',
      type: AuthorizationType.GRANT,
      permissions: ['READ'],
      userId: 'john',
      groupId: null,
      resourceType: 99,
      resourceId: '*',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    engine.state.authorizations.push({
      id: 'noid',
      type: AuthorizationType.GRANT,
      permissions: ['READ'],
      userId: 'john',
      groupId: null,
      resourceType: ResourceType.TASK,
      resourceId: null,
      removalTime: null,
      rootProcessInstanceId: null,
    });
    const cwd = tempDir();
    const result = await cli(['access', 'export', '--out', 'access.yaml'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('warning: authorization odd left out: resource type 99 is not one of the catalogue');
    expect(result.stderr).toContain('warning: authorization noid left out: it has no resource id');
    expect(readFileSync(join(cwd, 'access.yaml'), 'utf8')).toMatch(/^# Access of /);
    writeFileSync(join(cwd, 'other.yaml'), 'keep');
    const refused = await cli(['access', 'export', '--out', 'other.yaml'], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--out other.yaml: the file already exists; nothing was sent');
    expect(readFileSync(join(cwd, 'other.yaml'), 'utf8')).toBe('keep');
    expect((await cli(['access', 'export', '--out', 'other.json', '-o', 'yaml'], cwd)).code).toBe(2);
    expect(existsSync(join(cwd, 'other.json'))).toBe(false);
  });
});
