// Users and tenants as code, against two simulated engines with Basic auth on ("test" the source,
// "prod" the target): export --users/--tenants -> apply --prune on prod -> plan shows no changes,
// and prod exports as test did; an edit -> plan shows exactly the edits; tenant members that are
// no users or groups refused with file:line:col; the lock-out guard for the caller's own user.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';

let test: Simulator;
let prod: Simulator;
let cwd: string;
beforeAll(async () => {
  test = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0 });
  prod = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0 });
  cwd = tempDir();
});
afterAll(async () => {
  await test.close();
  await prod.close();
});

const on = (engine: Simulator, ...args: string[]) =>
  runCli(['--url', engine.url, '--retries', '0', '--username', 'demo', '--password-stdin', ...args], { cwd, stdin: 'demo' });
const file = (name: string) => join(cwd, name);
const body = (text: string) => text.replace(/^(#.*\n)+/, '');

describe('users and tenants as code', () => {
  it('export -> apply --prune on another engine -> plan shows no changes, and it exports as the source did', async () => {
    // On test, made as an administrator would (so that the engine's default authorizations exist too).
    writeFileSync(file('pw.txt'), 'secret1');
    const created = await on(
      test,
      'user',
      'create',
      '--id',
      'accanna',
      '--first-name',
      'Anna',
      '--last-name',
      'Berg',
      '--email',
      'anna@example.com',
      '--password-file',
      'pw.txt',
    );
    expect(created.code, created.stderr).toBe(0);
    expect((await on(test, 'tenant', 'create', '--id', 'accEu', '--name', 'Acc EU')).code).toBe(0);
    const members = await on(test, 'tenant', 'members', 'add', 'accEu', '--user', 'accanna', 'john', '--group', 'sales');
    expect(members.code, members.stderr).toBe(0);
    // On prod: a user and a tenant in the scope that the file does not name.
    prod.state.users.push({ id: 'accold', firstName: 'Old', lastName: 'User', email: null, password: 'x' });
    prod.state.tenants.push({ id: 'accOld', name: 'Old' });

    const exported = await on(test, 'access', 'export', '--users', 'acc*,john', '--tenants', 'acc*', '--out', 'identity.yaml');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(/^exported 2 users, 1 tenant, \d+ groups and \d+ authorizations to identity.yaml\n$/);
    const text = readFileSync(file('identity.yaml'), 'utf8');
    expect(text).toContain('scope: {groups: ["*"], users: [acc*, john], tenants: [acc*], global: true, resourceTypes: ["*"]}\n');
    expect(text).toContain('users:\n  accanna:\n    firstName: Anna\n    lastName: Berg\n    email: anna@example.com\n  john:\n');
    expect(text).toContain('tenants:\n  accEu:\n    name: Acc EU\n    users:\n      - accanna\n      - john\n    groups:\n      - sales\n');
    expect(text).not.toMatch(/password|secret1/);

    const plan = await on(prod, 'access', 'plan', 'identity.yaml', '--prune', '-o', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    const changes = JSON.parse(plan.stdout) as { action: string; object: string }[];
    expect(changes.filter((change) => change.object !== 'authorization' && change.object !== 'member')).toEqual([
      { action: 'create', object: 'user', user: 'accanna', before: null, after: { firstName: 'Anna', lastName: 'Berg', email: 'anna@example.com' } },
      { action: 'create', object: 'tenant', tenant: 'accEu', before: null, after: { name: 'Acc EU' } },
      { action: 'add', object: 'tenant-member', tenant: 'accEu', user: 'accanna', group: null },
      { action: 'add', object: 'tenant-member', tenant: 'accEu', user: 'john', group: null },
      { action: 'add', object: 'tenant-member', tenant: 'accEu', user: null, group: 'sales' },
      { action: 'delete', object: 'tenant', tenant: 'accOld', before: { name: 'Old' }, after: null },
      { action: 'delete', object: 'user', user: 'accold', before: { firstName: 'Old', lastName: 'User', email: null }, after: null },
    ]);
    expect(plan.stderr).toContain(
      'warning: 1 user (accanna) is created without a password (an access file holds none): they cannot log in until one is set (camunda-admin user password accanna --password-stdin)\n',
    );

    const applied = await on(prod, 'access', 'apply', 'identity.yaml', '--prune', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const anna = prod.state.users.find((user) => user.id === 'accanna')!;
    expect(anna).toMatchObject({ firstName: 'Anna', lastName: 'Berg', email: 'anna@example.com', password: '' });
    expect(prod.state.users.some((user) => user.id === 'accold')).toBe(false);
    expect(prod.state.tenants.map((tenant) => tenant.id)).toEqual(['accEu']);
    expect(prod.state.tenantMemberships.filter((row) => row.tenantId === 'accEu')).toHaveLength(3);

    const again = await on(prod, 'access', 'plan', 'identity.yaml', '--prune', '--detailed-exitcode');
    expect(again.stderr).toBe('no changes: the engine matches the file\n');
    expect(again.code).toBe(0);
    const reexported = await on(prod, 'access', 'export', '--users', 'acc*,john', '--tenants', 'acc*');
    expect(body(reexported.stdout)).toBe(body(text));
  });

  it('an edit -> plan shows exactly the edits, apply makes them', async () => {
    const text = readFileSync(file('identity.yaml'), 'utf8')
      .replace('    email: anna@example.com\n', '    email: anna.berg@example.com\n')
      .replace('    name: Acc EU\n', '    name: Acc Europe\n')
      .replace('    users:\n      - accanna\n      - john\n', '    users:\n      - accanna\n')
      // The engine deletes a member's authorizations on the tenant with the membership: the file drops it too.
      .replace('  - {type: grant, user: john, resource: tenant, resourceId: accEu, permissions: [READ]}\n', '');
    writeFileSync(file('edited.yaml'), text);
    const plan = await on(prod, 'access', 'plan', 'edited.yaml', '--prune', '--detailed-exitcode', '-o', 'json');
    expect(plan.code, plan.stderr).toBe(10);
    const changes = JSON.parse(plan.stdout) as { object: string }[];
    expect(changes.filter((change) => change.object !== 'authorization')).toEqual([
      {
        action: 'update',
        object: 'user',
        user: 'accanna',
        before: { firstName: 'Anna', lastName: 'Berg', email: 'anna@example.com' },
        after: { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com' },
      },
      { action: 'update', object: 'tenant', tenant: 'accEu', before: { name: 'Acc EU' }, after: { name: 'Acc Europe' } },
      { action: 'remove', object: 'tenant-member', tenant: 'accEu', user: 'john', group: null },
    ]);
    const table = await on(prod, 'access', 'plan', 'edited.yaml', '--prune');
    expect(table.stdout).toContain("email 'anna@example.com' -> 'anna.berg@example.com'");
    expect(table.stdout).toContain("name 'Acc EU' -> 'Acc Europe'");
    expect(table.stdout).toContain('accEu: user john');
    const applied = await on(prod, 'access', 'apply', 'edited.yaml', '--prune', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    expect(prod.state.users.find((user) => user.id === 'accanna')!.email).toBe('anna.berg@example.com');
    expect(prod.state.tenants.find((tenant) => tenant.id === 'accEu')!.name).toBe('Acc Europe');
    expect((await on(prod, 'access', 'plan', 'edited.yaml', '--prune', '--detailed-exitcode')).code).toBe(0);
  });

  it('tenant members that are no users or groups of the engine or the file are refused with file:line:col', async () => {
    writeFileSync(
      file('typo.yaml'),
      ['users:', '  accbob: { firstName: Bob }', 'tenants:', '  accEu: { users: [accanna, accbob, jhon], groups: [sales, salse] }', ''].join('\n'),
    );
    const plan = await on(prod, 'access', 'plan', 'typo.yaml');
    expect(plan.code).toBe(2);
    expect(plan.stderr).toBe(
      [
        'error: typo.yaml:4:37: tenants.accEu.users[2]: jhon is not a user of the engine (or one these credentials may not read)',
        'typo.yaml:4:60: tenants.accEu.groups[1]: salse is not a group of the engine or of the file (or one these credentials may not read)',
        '',
      ].join('\n'),
    );
  });

  it('the lock-out guard refuses deleting the user of the credentials and the last admin', async () => {
    writeFileSync(file('nobody.yaml'), ['scope: { users: [demo] }', 'users: {}', ''].join('\n'));
    const refused = await on(prod, 'access', 'apply', 'nobody.yaml', '--prune', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      'error: refusing to apply: the plan would take from demo (the user of these credentials) the user demo itself; the last member of the admin group camunda-admin, by delete user demo; nothing was changed',
    );
    expect(prod.state.users.some((user) => user.id === 'demo')).toBe(true);
    const plan = await on(prod, 'access', 'plan', 'nobody.yaml', '--prune');
    expect(plan.stderr).toContain('warning: lock-out guard: the plan would take from demo');
  });
});
