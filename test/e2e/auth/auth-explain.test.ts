// `auth explain` against the simulator with Basic auth on: the engine's precedence rules computed from
// what the caller can read, agreeing with the engine's own check, and saying when it cannot.
import { describe, expect } from 'vitest';
import { AuthorizationType, ResourceType, type SimulatorOptions, startSimulator } from '../../simulator/index.js';
import { runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

const it = test.extend<{ simulatorOptions: SimulatorOptions; as: (user: string, ...args: string[]) => ReturnType<typeof runCli> }>({
  simulatorOptions: { basicAuth: true, loginDelayBaseSeconds: 0 },
  as: async ({ engine }, use) =>
    use((user, ...args) => runCli(['--url', engine.url, '--retries', '0', '--username', user, '--password-stdin', ...args], { stdin: user })),
});
const PD = ['--resource-type', 'process-definition', '--resource-id', 'refengine-demo'];

describe('auth explain', () => {
  it("shows each permission with the authorization that decided it, in the engine's order", async ({ as }) => {
    const result = await as('demo', 'auth', 'explain', '--user', 'john', ...PD);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("user john (groups: sales) on process-definition 'refengine-demo'; revoke checks on");
    const rows = result.stdout.split('\n');
    expect(rows).toContain("READ\tyes\t#1: grant for user john on 'refengine-demo'");
    expect(rows).toContain('DELETE\tno\t#2: revoke for group sales on *');
    expect(rows).toContain('1\tuser\tc950b77a-e5fe-11f1-a2ca-02fc00000001\tgrant\tuser john\trefengine-demo\tREAD, UPDATE\tgrants READ, UPDATE');
    // demo explains john: the engine is not asked for another user's answer.
    expect(result.stdout).not.toContain('The engine');
  });

  it('agrees with auth check for the same user, permission by permission', async ({ engine, as }) => {
    engine.state.authorizations.push(
      {
        id: 'x1',
        type: AuthorizationType.GRANT,
        permissions: ['ALL'],
        userId: null,
        groupId: 'sales',
        resourceType: ResourceType.PROCESS_DEFINITION,
        resourceId: '*',
        removalTime: null,
        rootProcessInstanceId: null,
      },
      {
        id: 'x2',
        type: AuthorizationType.REVOKE,
        permissions: ['READ_HISTORY'],
        userId: 'john',
        groupId: null,
        resourceType: ResourceType.PROCESS_DEFINITION,
        resourceId: 'refengine-demo',
        removalTime: null,
        rootProcessInstanceId: null,
      },
      {
        id: 'x3',
        type: AuthorizationType.GLOBAL,
        permissions: ['READ', 'TASK_WORK'],
        userId: '*',
        groupId: null,
        resourceType: ResourceType.PROCESS_DEFINITION,
        resourceId: 'refengine-demo',
        removalTime: null,
        rootProcessInstanceId: null,
      },
    );
    const explained = JSON.parse((await as('demo', 'auth', 'explain', '--user', 'john', ...PD, '-o', 'json')).stdout);
    const granted = Object.fromEntries(explained.permissions.map((entry: { permission: string; granted: boolean }) => [entry.permission, entry.granted]));
    expect(granted).toMatchObject({ READ: true, DELETE: true, READ_HISTORY: false, MIGRATE_INSTANCE: true });
    for (const [permission, answer] of Object.entries(granted)) {
      const check = JSON.parse((await as('demo', 'auth', 'check', '--permission', permission, ...PD, '--user', 'john', '-o', 'json')).stdout);
      expect(check.authorized, permission).toBe(answer);
    }
  });

  it("--permission answers yes or no (exit 0 either way) and asks the engine when the credentials are that user's", async ({ engine, as }) => {
    const no = await as('john', 'auth', 'explain', '--user', 'john', ...PD, '--permission', 'delete', '-o', 'json');
    expect(no.code).toBe(0);
    const report = JSON.parse(no.stdout);
    expect(report).toMatchObject({ permission: 'DELETE', authorized: false, user: 'john', engineCheck: { asked: true, disagreements: [] } });
    expect(report.permissions[0]).toMatchObject({ permission: 'DELETE', granted: false, engine: false });
    expect(engine.requests.some((request) => request.path.startsWith('/engine-rest/authorization/check?permissionName=DELETE'))).toBe(true);
    const yes = await as('john', 'auth', 'explain', '--user', 'john', ...PD, '--permission', 'READ');
    expect(yes.code).toBe(0);
    expect(yes.stdout).toMatch(/^yes: user john \(groups: none\) has READ on process-definition 'refengine-demo'; decided by #1: grant for user john/);
    expect(yes.stdout).toContain('The engine agrees');
  });

  it('says when the engine answers otherwise (authorizations the credentials cannot read)', async ({ engine, as }) => {
    // john may not read the sales group nor its grant: computed from what he sees, he lacks READ_INSTANCE.
    engine.state.authorizations.push({
      id: 'x9',
      type: AuthorizationType.GRANT,
      permissions: ['READ_INSTANCE'],
      userId: null,
      groupId: 'sales',
      resourceType: ResourceType.PROCESS_DEFINITION,
      resourceId: '*',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    const result = await as('john', 'auth', 'explain', '--user', 'john', ...PD, '--permission', 'READ_INSTANCE');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^no: /);
    expect(result.stdout).toContain('The engine answers otherwise for READ_INSTANCE');
    expect(result.stderr).toContain('warning: the engine answers otherwise than the rules computed here for READ_INSTANCE');
  });

  it('explains a group on its own', async ({ as }) => {
    const result = await as('demo', 'auth', 'explain', '--group', 'camunda-admin', '--resource-type', 'authorization', '--permission', 'UPDATE', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      group: 'camunda-admin',
      groups: ['camunda-admin'],
      resourceId: '*',
      authorized: true,
      engineCheck: null,
    });
  });

  it('warns when the user or group does not exist, and still explains it', async ({ engine, as }) => {
    const missing = await as('demo', 'auth', 'explain', '--user', 'nobody', '--resource-type', 'process-definition');
    expect(missing.code).toBe(0);
    expect(missing.stdout).toContain('user nobody (groups: none) on process-definition (the type as a whole: *)');
    expect(missing.stdout).toContain("\nno authorization of user nobody (groups: none) on process-definition '*'\n");
    const onId = await as('demo', 'auth', 'explain', '--user', 'nobody', ...PD, '--permission', 'READ');
    expect(onId.stdout).toContain("\nno authorization of user nobody (groups: none) on process-definition 'refengine-demo' or '*'\n");
    expect(missing.stderr).toBe(
      'warning: --user nobody: the engine has no such user; what is explained is what the authorizations naming that id and the global ones would give it\n',
    );
    const group = await as('demo', 'auth', 'explain', '--group', 'nada', '--resource-type', 'process-definition', '-o', 'json');
    expect(group.code).toBe(0);
    expect(JSON.parse(group.stdout)).toMatchObject({ group: 'nada' });
    expect(group.stderr).toBe(
      'warning: --group nada: the engine has no such group; what is explained is what the authorizations naming that id and the global ones would give it\n',
    );
    for (const args of [
      ['--user', 'john'],
      ['--group', 'sales'],
    ]) {
      const existing = await as('demo', 'auth', 'explain', ...args, '--resource-type', 'process-definition');
      expect(existing.stderr, args.join(' ')).toBe('');
    }
    // -q: not even asked.
    engine.requests.length = 0;
    expect((await as('demo', '-q', 'auth', 'explain', '--user', 'nobody', '--resource-type', 'process-definition')).stderr).toBe('');
    expect(engine.requests.some((request) => request.path.startsWith('/engine-rest/user'))).toBe(false);
  });

  it('says nothing about a user that these credentials may not read, or when the user query is refused', async ({ engine, as }) => {
    // john may read no user: the engine's user query leaves them out, so "none" proves nothing.
    const unreadable = await as('john', 'auth', 'explain', '--user', 'nobody', '--resource-type', 'process-definition');
    expect(unreadable.code).toBe(0);
    expect(unreadable.stderr).toBe('');
    engine.inject({
      method: 'GET',
      path: /^\/user$/,
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'AuthorizationException', message: 'no' }),
    });
    const refused = await as('demo', 'auth', 'explain', '--user', 'nobody', '--resource-type', 'process-definition');
    expect(refused.code).toBe(0);
    expect(refused.stdout).toContain('user nobody (groups: none)');
    expect(refused.stderr).toBe('');
  });

  it('warns on an engine without authentication (its user query is not filtered)', async () => {
    const open = await startSimulator();
    try {
      const result = await runCli(['--url', open.url, 'auth', 'explain', '--user', 'nobody', '--resource-type', 'process-definition']);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('warning: --user nobody: the engine has no such user');
      expect((await runCli(['--url', open.url, 'auth', 'explain', '--user', 'john', '--resource-type', 'process-definition'])).stderr).toBe('');
    } finally {
      await open.close();
    }
  });

  it.for<[string[], string]>([
    [['--user', 'john', '--group', 'sales', '--resource-type', 'user'], 'give --user ID or --group ID (one of them)'],
    [['--resource-type', 'user'], 'give --user ID or --group ID'],
    [['--user', 'john', '--resource-type', 'user', '--permission', 'ALL'], '--permission: ask about one permission of user'],
    [['--user', 'john', '--resource-type', 'process-definition', '--permission', 'READ_INSTANCES'], 'did you mean READ_INSTANCE?'],
  ])('refuses %j before sending', async ([args, message], { engine, as }) => {
    const result = await as('demo', 'auth', 'explain', ...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(engine.requests).toEqual([]);
  });
});
