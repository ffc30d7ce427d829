// tenant delete at its prompt on a real pseudo-terminal: the question names what goes with the tenant; no sends nothing, yes deletes.
import { describe, expect } from 'vitest';
import { cleanEnv } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';
import { runOnPty } from '../../helpers/pty.js';

describe('tenant delete on a terminal', () => {
  test('asks naming the memberships and authorizations that go with it; n keeps it, y deletes it', async ({ engine, cwd }) => {
    engine.state.tenants.push({ id: 'acme', name: 'Acme' });
    engine.state.tenantMemberships.push({ tenantId: 'acme', userId: 'john' }, { tenantId: 'acme', userId: 'mary' }, { tenantId: 'acme', groupId: 'sales' });
    const question =
      'delete tenant acme (Acme) with its memberships (2 users, 1 group) and the authorizations on it; its deployments and definitions stay [y/N] ';
    const options = { env: cleanEnv({}, cwd), cwd, columns: 200 };

    const declined = runOnPty(['--url', engine.url, '--no-color', 'tenant', 'delete', 'acme'], options);
    await declined.waitFor('[y/N] ');
    declined.type('n\r');
    const no = await declined.result;
    expect(no.screen).toContain(question);
    expect(no.code).toBe(2);
    expect(engine.requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    const confirmed = runOnPty(['--url', engine.url, '--no-color', 'tenant', 'delete', 'acme'], options);
    await confirmed.waitFor('[y/N] ');
    confirmed.type('y\r');
    const yes = await confirmed.result;
    expect(yes.code).toBe(0);
    expect(yes.screen).toContain('deleted tenant acme');
    expect(engine.state.tenants).toEqual([]);
    expect(engine.state.tenantMemberships).toEqual([]);
  });
});
