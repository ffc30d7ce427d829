// user delete and access apply's lock-out guard: the user of the credentials and the last member of the
// admin group are refused (exit 2, nothing sent) unless --allow-lockout; on a terminal the question says so.
import { describe, expect } from 'vitest';
import { AuthorizationType, ResourceType } from '../../simulator/index.js';
import { cleanEnv, runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';
import { runOnPty } from '../../helpers/pty.js';

const it = test.extend<{ as: (user: string, ...args: string[]) => ReturnType<typeof runCli> }>({
  as: async ({ engine }, use) =>
    use((user, ...args) => runCli(['--url', engine.url, '--retries', '0', ...args], { env: cleanEnv({ CAMUNDA_USERNAME: user, CAMUNDA_PASSWORD: user }) })),
});

const deletes = (engine: { requests: { method: string }[] }) => engine.requests.filter((request) => request.method === 'DELETE');

describe('user delete with Basic credentials', () => {
  it.override({ simulatorOptions: { basicAuth: true, loginDelayBaseSeconds: 0 } });

  it('refuses the user of the credentials, the last admin, in one line; --allow-lockout deletes it', async ({ as, engine }) => {
    const refused = await as('demo', 'user', 'delete', 'demo', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      'error: refusing to delete user demo: demo is the user of these credentials; the lock-out guard keeps the user demo itself and the last member of the admin group camunda-admin; nothing was changed (--allow-lockout deletes it all the same)\n',
    );
    expect(deletes(engine)).toEqual([]);
    expect(engine.state.findUser('demo')).toBeDefined();

    // Another admin: demo is no longer the last, but still the user of the credentials.
    engine.state.memberships.push({ userId: 'john', groupId: 'camunda-admin' });
    const own = await as('demo', 'user', 'delete', 'demo', '--yes');
    expect(own.code).toBe(2);
    expect(own.stderr).toBe(
      'error: refusing to delete user demo: demo is the user of these credentials; the lock-out guard keeps the user demo itself; nothing was changed (--allow-lockout deletes it all the same)\n',
    );
    const allowed = await as('demo', 'user', 'delete', 'demo', '--yes', '--allow-lockout');
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toBe('deleted user demo\n');
    expect(engine.state.findUser('demo')).toBeUndefined();
  });

  it('refuses the last member of the admin group when another user deletes it; others go as before', async ({ as, engine }) => {
    // demo manages users by a grant of its own, outside the admin group, whose only member is mary.
    engine.state.memberships = engine.state.memberships.filter((membership) => membership.groupId !== 'camunda-admin');
    engine.state.memberships.push({ userId: 'mary', groupId: 'camunda-admin' });
    engine.state.authorizations.push({
      id: 'e2e-demo-users',
      type: AuthorizationType.GRANT,
      permissions: ['ALL'],
      userId: 'demo',
      groupId: null,
      resourceType: ResourceType.USER,
      resourceId: '*',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    const refused = await as('demo', 'user', 'delete', 'mary', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'error: refusing to delete user mary: the lock-out guard keeps the last member of the admin group camunda-admin; nothing was changed (--allow-lockout deletes it all the same)\n',
    );
    expect(deletes(engine)).toEqual([]);
    const other = await as('demo', 'user', 'delete', 'john', '--yes');
    expect(other.code).toBe(0);
    expect(engine.state.findUser('john')).toBeUndefined();
    expect((await as('demo', 'user', 'delete', 'mary', '--yes', '--allow-lockout')).code).toBe(0);
    expect(engine.state.findUser('mary')).toBeUndefined();
  });

  it('on a terminal with --allow-lockout, the question says whose user it is; n keeps it', async ({ engine, cwd }) => {
    const session = runOnPty(['--url', engine.url, '--no-color', 'user', 'delete', 'demo', '--allow-lockout'], {
      env: cleanEnv({ CAMUNDA_USERNAME: 'demo', CAMUNDA_PASSWORD: 'demo' }, cwd),
      cwd,
      columns: 300,
    });
    await session.waitFor('[y/N] ');
    session.type('n\r');
    const result = await session.result;
    expect(result.screen).toContain(
      'delete user demo (Demo Demo) with their group and tenant memberships, although demo is the user of these credentials; the lock-out guard keeps the user demo itself and the last member of the admin group camunda-admin [y/N] ',
    );
    expect(result.code).toBe(2);
    expect(deletes(engine)).toEqual([]);
  });
});

describe('user delete with a bearer token', () => {
  it('whose the token is cannot be told: refused unless --allow-lockout', async ({ engine }) => {
    const run = (...args: string[]) => runCli(['--url', engine.url, '--retries', '0', '--token', 'opaque', ...args], { env: cleanEnv() });
    const refused = await run('user', 'delete', 'john', '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'error: refusing to delete user john: whose the bearer token is cannot be told: john may be its user; nothing was changed (--allow-lockout deletes it all the same)\n',
    );
    expect(deletes(engine)).toEqual([]);
    expect((await run('user', 'delete', 'john', '--yes', '--allow-lockout')).code).toBe(0);
    expect(engine.state.findUser('john')).toBeUndefined();
  });
});
