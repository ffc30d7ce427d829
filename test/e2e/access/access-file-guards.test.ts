// What `access plan` and `apply` say about a file before anything is sent: a file of users or
// tenants only may prune its scope (users and tenants are content for the empty-file guard, which
// still refuses a file that holds nothing); ids outside the default id pattern are warned about with
// file:line:col (apply still makes what the engine takes, and stops at the refused id); an empty id
// is refused in words.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { RecordedRequest } from '../../simulator/index.js';
import { type Cli, cliFor, test } from '../../helpers/fixtures.js';

const it = test.extend<{ cli: Cli; write: (text: string) => void; changesSent: () => string[] }>({
  cli: async ({ engine, cwd }, use) => use(cliFor(engine.url, { cwd })),
  write: async ({ cwd }, use) => use((text) => writeFileSync(join(cwd, 'access.yaml'), text)),
  changesSent: async ({ engine }, use) =>
    use(() =>
      engine.requests
        .filter((request: RecordedRequest) => request.method !== 'GET')
        .map((request) => `${request.method} ${request.path.replace('/engine-rest', '')}`),
    ),
});

const HINT =
  'the engine only accepts ids matching its whitelist pattern, by default [a-zA-Z0-9]+|camunda-admin (Camunda 7 and CIB seven) or [a-zA-Z0-9]+|operaton-admin (Operaton)';

describe('access files of users or tenants only, pruned', () => {
  it('a file of users only deletes the users of its scope it does not name, without --allow-empty', async ({ engine, cli, write, changesSent }) => {
    engine.state.users.push(
      { id: 'accanna', firstName: 'Anna', lastName: null, email: null, password: 'x' },
      { id: 'accz', firstName: 'Z', lastName: null, email: null, password: 'x' },
    );
    write(['scope:', '  users: ["acc*"]', 'users:', '  accanna: { firstName: Anna }', ''].join('\n'));
    const plan = await cli('access', 'plan', 'access.yaml', '--prune');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toBe('plan: 0 to create or add, 0 to update, 1 to delete or remove\n');
    const applied = await cli('access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    expect(changesSent()).toEqual(['DELETE /user/accz']);
    expect(engine.state.users.map((user) => user.id).filter((id) => id.startsWith('acc'))).toEqual(['accanna']);
  });

  it('a file of tenants only deletes the tenants of its scope it does not name', async ({ engine, cli, write, changesSent }) => {
    engine.state.tenants.push({ id: 'accEu', name: 'Acc EU' }, { id: 'accOld', name: 'Old' });
    write(['scope: { tenants: ["acc*"] }', 'tenants:', '  accEu: { name: Acc EU }', ''].join('\n'));
    const plan = await cli('access', 'plan', 'access.yaml', '--prune');
    expect(plan.stderr).not.toContain('warning');
    const applied = await cli('access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    expect(changesSent()).toEqual(['DELETE /tenant/accOld']);
    expect(engine.state.tenants.map((tenant) => tenant.id)).toEqual(['accEu']);
  });

  it('a file that holds no user either is refused, and applied only with --allow-empty', async ({ engine, cli, write, changesSent }) => {
    engine.state.users.push({ id: 'accz', firstName: 'Z', lastName: null, email: null, password: 'x' });
    write(['scope: { users: ["acc*"] }', 'users: {}', ''].join('\n'));
    const words = 'access.yaml holds no group, no authorization and no user: with --prune the plan deletes everything in its scope (1 change)';
    const plan = await cli('access', 'plan', 'access.yaml', '--prune');
    expect(plan.stderr).toContain(`warning: ${words}; apply refuses this plan without --allow-empty\n`);
    const refused = await cli('access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`error: refusing to apply: ${words}; nothing was changed (check the file; --allow-empty applies it all the same)\n`);
    expect(changesSent()).toEqual([]);
    const allowed = await cli('access', 'apply', 'access.yaml', '--prune', '--allow-empty', '--yes');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(changesSent()).toEqual(['DELETE /user/accz']);
  });

  it('a file of users only may not delete the groups of its scope: it holds no group', async ({ engine, cli, write, changesSent }) => {
    write(['scope: { users: ["acc*"], groups: [sales] }', 'users:', '  accanna: {}', ''].join('\n'));
    const refused = await cli('access', 'apply', 'access.yaml', '--prune', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'error: refusing to apply: access.yaml holds no group: with --prune the plan deletes every group in its scope (1 group, 1 deletion in all); nothing was changed',
    );
    expect(changesSent()).toEqual([]);
    expect(engine.state.groups.some((group) => group.id === 'sales')).toBe(true);
  });
});

describe('ids the engine refuses', () => {
  it('plan warns at each id outside the default pattern; apply warns too and stops at the first the engine refuses', async ({ engine, cli, write }) => {
    write(['users:', '  accanna: {}', 'tenants:', '  accEu: { name: EU }', '  acc-bad: { name: Bad }', ''].join('\n'));
    const warning = `warning: access.yaml:5:3: tenants["acc-bad"]: tenant id 'acc-bad' is outside the default id pattern: an engine that keeps the default refuses it and apply stops there (${HINT})\n`;
    const plan = await cli('access', 'plan', 'access.yaml', '-o', 'json');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr.startsWith(warning)).toBe(true);
    expect(JSON.parse(plan.stdout)).toContainEqual({ action: 'create', object: 'tenant', tenant: 'acc-bad', before: null, after: { name: 'Bad' } });
    // A warning, not an error: apply makes what the engine takes and stops at the refused id, as before.
    const applied = await cli('access', 'apply', 'access.yaml', '--yes');
    expect(applied.code).toBe(8);
    expect(applied.stderr.startsWith(warning)).toBe(true);
    expect(applied.stderr).toContain('error: apply stopped at create tenant acc-bad');
    expect(engine.state.users.some((user) => user.id === 'accanna')).toBe(true);
  });

  it('an empty id is refused in words, before anything is sent', async ({ cli, write, changesSent }) => {
    write(['users:', '  "": { firstName: Anna }', ''].join('\n'));
    const plan = await cli('access', 'apply', 'access.yaml', '--yes');
    expect(plan.code).toBe(2);
    expect(plan.stderr).toBe('error: access.yaml:2:7: users[""]: a user id must not be empty\n');
    expect(changesSent()).toEqual([]);
  });
});
