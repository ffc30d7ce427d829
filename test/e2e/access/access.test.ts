// Access as code end to end, against two simulated engines ("test" seeded, "prod" fresh: its admin
// group and grants only) with Basic auth on: export -> apply on the fresh engine -> plan shows no
// changes; an edit -> plan shows exactly the edit; prune within the scope only; a permission typo
// refused with file:line:col; the lock-out guard; explain agrees with auth check for the same user.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_GROUP_ID, type Simulator, startSimulator } from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';

let test: Simulator;
let prod: Simulator;
let cwd: string;
beforeAll(async () => {
  test = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0 });
  prod = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0 });
  // A fresh engine: the users, the admin group with demo, and the admin group's grants.
  prod.state.groups = prod.state.groups.filter((group) => group.id === ADMIN_GROUP_ID);
  prod.state.memberships = prod.state.memberships.filter((membership) => membership.groupId === ADMIN_GROUP_ID);
  prod.state.authorizations = prod.state.authorizations.filter((row) => row.groupId === ADMIN_GROUP_ID);
  cwd = tempDir();
});
afterAll(async () => {
  await test.close();
  await prod.close();
});

const on = (engine: Simulator, ...args: string[]) =>
  runCli(['--url', engine.url, '--retries', '0', '--username', 'demo', '--password-stdin', ...args], { cwd, stdin: 'demo' });
const file = (name: string) => join(cwd, name);
/** An export without its header, which names the engine. */
const body = (text: string) => text.replace(/^(#.*\n)+/, '');

describe('access as code, test to prod', () => {
  it('export -> apply on a fresh engine -> plan shows no changes, and prod exports as test did', async () => {
    const exported = await on(test, 'access', 'export', '--out', 'access.yaml');
    expect(exported.code, exported.stderr).toBe(0);
    const applied = await on(prod, 'access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const plan = await on(prod, 'access', 'plan', 'access.yaml', '--prune', '--detailed-exitcode');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toBe('');
    expect(plan.stderr).toBe('no changes: the engine matches the file\n');
    expect(body((await on(prod, 'access', 'export')).stdout)).toBe(body(readFileSync(file('access.yaml'), 'utf8')));
  });

  it('an edit -> plan shows exactly the edits', async () => {
    const text = readFileSync(file('access.yaml'), 'utf8')
      .replace('    name: Sales\n', '    name: Sales EMEA\n')
      .replace('      - lena\n', '      - lena\n      - nora\n')
      .replace(
        '{type: revoke, group: sales, resource: process-definition, permissions: [DELETE]}',
        '{type: revoke, group: sales, resource: process-definition, permissions: [DELETE, SUSPEND]}',
      );
    writeFileSync(file('edited.yaml'), text);
    const plan = await on(prod, 'access', 'plan', 'edited.yaml', '--prune', '--detailed-exitcode', '-o', 'json');
    expect(plan.code).toBe(10);
    const revoke = prod.state.authorizations.find((row) => row.groupId === 'sales' && row.type === 2)!;
    expect(JSON.parse(plan.stdout)).toEqual([
      { action: 'update', object: 'group', group: 'sales', before: { name: 'Sales', type: 'WORKFLOW' }, after: { name: 'Sales EMEA', type: 'WORKFLOW' } },
      { action: 'add', object: 'member', group: 'sales', user: 'nora' },
      {
        action: 'update',
        object: 'authorization',
        id: revoke.id,
        type: 'revoke',
        user: null,
        group: 'sales',
        resource: 'process-definition',
        resourceType: 6,
        resourceId: '*',
        before: ['DELETE'],
        after: ['DELETE', 'SUSPEND'],
      },
    ]);
    const applied = await on(prod, 'access', 'apply', 'edited.yaml', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    // Updated in place: the same authorization, now with both.
    expect([...prod.state.findAuthorization(revoke.id)!.permissions].sort()).toEqual(['DELETE', 'SUSPEND']);
  });

  it('prune deletes within the scope only', async () => {
    prod.state.groups.push({ id: 'legacy', name: 'Legacy', type: 'WORKFLOW' }, { id: 'salesops', name: 'Sales ops', type: 'WORKFLOW' });
    prod.state.memberships.push({ userId: 'ben', groupId: 'sales' });
    writeFileSync(
      file('sales.yaml'),
      'scope: { groups: ["sales*"] }\ngroups:\n  sales: { name: Sales EMEA, type: WORKFLOW, members: [john, lena, max, nora] }\n',
    );
    const plan = await on(prod, 'access', 'plan', 'sales.yaml', '--prune', '-o', 'json');
    expect(
      JSON.parse(plan.stdout).map((change: { action: string; object: string; group: string; user?: string }) => [
        change.action,
        change.object,
        change.group,
        change.user,
      ]),
    ).toEqual([
      ['remove', 'member', 'sales', 'ben'],
      ['delete', 'group', 'salesops', undefined],
    ]);
    expect((await on(prod, 'access', 'apply', 'sales.yaml', '--prune', '--yes')).code).toBe(0);
    expect(prod.state.findGroup('legacy')).toBeDefined();
    expect(prod.state.findGroup('salesops')).toBeUndefined();
    expect(prod.state.findGroup('accounting')).toBeDefined();
  });

  it('a permission typo is refused with file:line:col, and nothing is sent', async () => {
    writeFileSync(
      file('typo.yaml'),
      'authorizations:\n  - type: grant\n    group: sales\n    resource: process-definition\n    permissions: [READ, CREATE_INSTANCES]\n',
    );
    prod.requests.length = 0;
    const result = await on(prod, 'access', 'apply', 'typo.yaml', '--yes');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "error: typo.yaml:5:25: authorizations[0].permissions[1]: permission 'CREATE_INSTANCES' is not valid for resource type process-definition (did you mean CREATE_INSTANCE?)\n",
    );
    expect(prod.requests).toEqual([]);
  });

  it('the lock-out guard holds: the admin group keeps what its member demo needs', async () => {
    const withoutAdminGrants = readFileSync(file('access.yaml'), 'utf8').replace(
      /^ {2}- \{type: grant, group: camunda-admin, resource: (authorization|group), permissions: \[ALL\]\}\n/gm,
      '',
    );
    writeFileSync(file('lockout.yaml'), withoutAdminGrants);
    const result = await on(prod, 'access', 'apply', 'lockout.yaml', '--prune', '--yes');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'refusing to apply: the plan would take from demo (the user of these credentials) READ, CREATE, UPDATE, DELETE on authorization; READ, CREATE, UPDATE, DELETE on group, by delete authorization grant group camunda-admin on authorization *',
    );
    expect(prod.state.authorizations.filter((row) => row.groupId === ADMIN_GROUP_ID && (row.resourceType === 2 || row.resourceType === 4))).toHaveLength(2);
  });

  it('explain agrees with auth check for the same user', async () => {
    const explained = JSON.parse(
      (await on(prod, 'auth', 'explain', '--user', 'john', '--resource-type', 'process-definition', '--resource-id', 'refengine-demo', '-o', 'json')).stdout,
    );
    expect(explained.groups).toEqual(['sales']);
    for (const { permission, granted } of explained.permissions as { permission: string; granted: boolean }[]) {
      const check = await on(
        prod,
        'auth',
        'check',
        '--user',
        'john',
        '--permission',
        permission,
        '--resource-type',
        'process-definition',
        '--resource-id',
        'refengine-demo',
        '-o',
        'json',
      );
      expect(JSON.parse(check.stdout).authorized, permission).toBe(granted);
    }
    expect(explained.permissions.filter((entry: { granted: boolean }) => entry.granted).map((entry: { permission: string }) => entry.permission)).toEqual([
      'READ',
      'UPDATE',
    ]);
  });
});
