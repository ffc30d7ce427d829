// The auth family against the simulator, whose PUT replaces userId, groupId and resourceId like the engine's.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import {
  SEEDED_AUTHORIZATION_IDS as AUTHORIZATIONS,
  FLAVOUR_NAMES,
  FLAVOURS,
  type FlavourName,
  type RecordedRequest,
  ResourceType,
} from '../../simulator/index.js';
import { cleanEnv, runCli, tempDir } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

type Run = ReturnType<typeof runCli>;
type Stored = { userId: string | null; groupId: string | null; resourceType: number; resourceId: string | null; permissions: string[] };
const JOHN = AUTHORIZATIONS.johnProcessDefinitionGrant;
const it = test.extend<{
  puts: () => RecordedRequest[];
  stored: (id: string) => Stored;
  asJohn: (...args: string[]) => Run;
  as: (user: string, ...args: string[]) => Run;
}>({
  puts: async ({ engine }, use) => use(() => engine.requests.filter((request) => request.method === 'PUT')),
  stored: async ({ engine }, use) =>
    use((id) => {
      const { userId, groupId, resourceType, resourceId, permissions } = engine.state.findAuthorization(id)!;
      return { userId, groupId, resourceType, resourceId, permissions: [...permissions] };
    }),
  asJohn: async ({ engine }, use) => use((...args) => runCli(['--url', engine.url, '--username', 'john', '--password-stdin', ...args], { stdin: 'john' })),
  as: async ({ engine }, use) =>
    use((user, ...args) => runCli(['--url', engine.url, '--retries', '0', ...args], { env: cleanEnv({ CAMUNDA_USERNAME: user, CAMUNDA_PASSWORD: user }) })),
});

describe('auth update', () => {
  it('--add-permissions DELETE keeps userId, groupId and resourceId (read, merge, write)', async ({ cli, puts }) => {
    const result = await cli('auth', 'update', JOHN, '--add-permissions', 'DELETE');
    expect(result.code).toBe(0);
    expect(puts().map((request) => JSON.parse(request.body))).toEqual([
      { permissions: ['READ', 'UPDATE', 'DELETE'], userId: 'john', groupId: null, resourceType: 6, resourceId: 'refengine-demo' },
    ]);
    const after = JSON.parse((await cli('auth', 'get', JOHN, '-o', 'json')).stdout);
    expect(after).toMatchObject({ userId: 'john', groupId: null, resourceType: 6, resourceId: 'refengine-demo' });
    expect([...after.permissions].sort()).toEqual(['DELETE', 'READ', 'UPDATE']);
    expect(result.stdout).toMatch(/^\* permissions\tREAD, UPDATE\tREAD, UPDATE, DELETE$/m);
    expect(result.stderr).toBe(`updated authorization ${JOHN}\n`);
  });

  it('--dry-run prints the change and the exact body, and sends nothing', async ({ engine, cli, puts, stored }) => {
    const before = stored(JOHN);
    const result = await cli('auth', 'update', JOHN, '--group', 'sales', '--remove-permissions', 'UPDATE', '--dry-run', '-o', 'json');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ id: JOHN, changed: true, dryRun: true });
    expect(output.request).toEqual({
      method: 'PUT',
      url: `${engine.url}/authorization/${JOHN}`,
      body: { permissions: ['READ'], userId: null, groupId: 'sales', resourceType: 6, resourceId: 'refengine-demo' },
    });
    expect(output.diff.filter((field: { changed: boolean }) => field.changed).map((field: { field: string }) => field.field)).toEqual([
      'userId',
      'groupId',
      'permissions',
    ]);
    expect(puts()).toEqual([]);
    expect(stored(JOHN)).toEqual(before);
  });

  it('a change that changes nothing sends nothing and says so', async ({ cli, puts }) => {
    const result = await cli('auth', 'update', JOHN, '--add-permissions', 'read');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`no change: authorization ${JOHN} already looks like that; nothing was sent\n`);
    expect(puts()).toEqual([]);
  });

  it('takes a desired state from the file auth get -o yaml writes', async ({ engine, cli, stored }) => {
    const cwd = tempDir();
    const yaml = (await cli('auth', 'get', JOHN, '-o', 'yaml')).stdout.replace('resourceId: refengine-demo', 'resourceId: invoice');
    writeFileSync(join(cwd, 'a.yaml'), yaml);
    const result = await runCli(['--url', engine.url, 'auth', 'update', JOHN, '--file', 'a.yaml'], { cwd });
    expect(result.code).toBe(0);
    expect(stored(JOHN)).toMatchObject({ userId: 'john', resourceId: 'invoice', resourceType: 6 });
  });

  it('refuses an owner change that breaks the engine rules, sending nothing', async ({ cli, puts }) => {
    const result = await cli('auth', 'update', AUTHORIZATIONS.globalFilterRead, '--group', 'sales');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('a global authorization applies to all users: it cannot have a group');
    expect(puts()).toEqual([]);
  });

  it('refuses a permission the resource type does not have, naming the closest', async ({ cli, puts }) => {
    const result = await cli('auth', 'update', JOHN, '--add-permissions', 'READ_INSTANCES');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "error: --add-permissions: permission 'READ_INSTANCES' is not valid for resource type process-definition (did you mean READ_INSTANCE?)\n",
    );
    expect(puts()).toEqual([]);
  });

  it('-o json gives the permissions of the diff as lists, as the engine does', async ({ cli }) => {
    const result = await cli('auth', 'update', JOHN, '--add-permissions', 'DELETE', '--dry-run', '-o', 'json');
    expect(result.code).toBe(0);
    const permissions = JSON.parse(result.stdout).diff.find((field: { field: string }) => field.field === 'permissions');
    expect(permissions).toEqual({ field: 'permissions', before: ['READ', 'UPDATE'], after: ['READ', 'UPDATE', 'DELETE'], changed: true });
    const none = await cli('auth', 'update', JOHN, '--permissions', 'NONE', '--dry-run', '-o', 'yaml');
    expect(none.stdout).toContain('  - field: permissions\n    before:\n      - READ\n      - UPDATE\n    after:\n      - NONE\n');
  });

  it('exits 5 for an unknown authorization', async ({ cli }) => {
    const result = await cli('auth', 'update', 'nope', '--add-permissions', 'READ');
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('Authorization with id nope does not exist.');
  });
});

describe('auth create, delete, list, count, check, resources', () => {
  it('create prints the new id on stdout and the summary on stderr', async ({ engine, cli }) => {
    const result = await cli(
      'auth',
      'create',
      '--type',
      'grant',
      '--user',
      'mary',
      '--resource-type',
      'process-definition',
      '--resource-id',
      'invoice',
      '--permissions',
      'read,read-instance',
    );
    expect(result.code).toBe(0);
    const id = result.stdout.trim();
    expect(engine.state.findAuthorization(id)).toMatchObject({ userId: 'mary', resourceType: 6, resourceId: 'invoice' });
    expect(result.stderr).toBe(`created grant authorization ${id}: READ, READ_INSTANCE on process-definition 'invoice' for user mary\n`);
    const body = JSON.parse(engine.requests.find((request) => request.method === 'POST')!.body);
    expect(body).toEqual({ type: 1, permissions: ['READ', 'READ_INSTANCE'], userId: 'mary', groupId: null, resourceType: 6, resourceId: 'invoice' });
  });

  it('create of a global authorization sends userId *', async ({ cli }) => {
    // Not on filter (5): the seed has the global READ on every filter, and a second one is a duplicate.
    const result = await cli('auth', 'create', '--type', 'global', '--resource-type', '7', '--permissions', 'READ', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ type: 0, userId: '*', groupId: null, resourceType: 7, resourceId: '*' });
  });

  it.for<[string[], string]>([
    [['--type', 'grant', '--resource-type', 'user', '--permissions', 'READ'], 'an authorization needs exactly one owner'],
    [['--type', 'global', '--group', 'sales', '--resource-type', 'user', '--permissions', 'READ'], 'cannot have a group'],
    [
      ['--type', 'grant', '--user', 'x', '--resource-type', 'proces-definition', '--permissions', 'READ'],
      "unknown resource type 'proces-definition' (did you mean process-definition?)",
    ],
    [['--type', 'allow', '--user', 'x', '--resource-type', 'user', '--permissions', 'READ'], "unknown authorization type 'allow'"],
  ])('create refuses %j before sending', async ([args, message], { engine, cli }) => {
    const result = await cli('auth', 'create', ...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(engine.requests).toEqual([]);
  });

  it('delete asks first and refuses without a terminal; --yes deletes', async ({ engine, cli }) => {
    const refused = await cli('auth', 'delete', JOHN);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `error: delete grant authorization ${JOHN} (READ, UPDATE on process-definition 'refengine-demo' for user john): confirmation needed`,
    );
    expect(engine.state.findAuthorization(JOHN)).toBeDefined();
    const deleted = await cli('auth', 'delete', JOHN, '--yes');
    expect(deleted.code).toBe(0);
    expect(engine.state.findAuthorization(JOHN)).toBeUndefined();
    expect((await cli('auth', 'delete', JOHN, '--yes')).code).toBe(5);
  });

  it('list sends every filter the way the engine reads them', async ({ engine, cli }) => {
    const result = await cli(
      'auth',
      'list',
      '--type',
      'grant',
      '--user',
      'john,mary',
      '--resource-type',
      'process-definition',
      '--resource-id',
      'refengine-demo',
      '--sort-by',
      'resourceId',
      '-o',
      'json',
    );
    expect(result.code).toBe(0);
    expect(engine.requests[0]?.path).toBe(
      '/engine-rest/authorization?type=1&userIdIn=john%2Cmary&resourceType=6&resourceId=refengine-demo&sortBy=resourceId&sortOrder=asc&firstResult=0&maxResults=101',
    );
    expect(JSON.parse(result.stdout).map((a: { id: string }) => a.id)).toEqual([JOHN]);
  });

  it('list stops at --max and says there is more; --all pages through everything', async ({ cli }) => {
    const total = Number((await cli('auth', 'count')).stdout);
    expect(total).toBeGreaterThan(5);
    const limited = await cli('auth', 'list', '--max', '2', '-o', 'json');
    expect(JSON.parse(limited.stdout)).toHaveLength(2);
    expect(limited.stderr).toContain('showing 2 authorizations from 0; there are more');
    const all = await cli('auth', 'list', '--all', '-o', 'json');
    expect(JSON.parse(all.stdout)).toHaveLength(total);
    const table = await cli('auth', 'list', '--group', 'camunda-admin', '--resource-type', 'application');
    expect(table.stdout).toMatch(/^c68e62eb-e5fe-11f1-a2ca-02fc00000001\tgrant\tgroup camunda-admin\tapplication \(0\)\t\*\tALL$/m);
  });

  it('check on an engine without the authentication filter: the engine\'s 401 and what it means, not "wrong credentials"', async ({ engine }) => {
    for (const credentials of [[], ['--username', 'demo', '--password-stdin']]) {
      const result = await runCli(['--url', engine.url, ...credentials, 'auth', 'check', '--permission', 'READ', '--resource-type', 'process-definition'], {
        stdin: 'demo',
      });
      expect(result.code).toBe(4);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `error: GET ${engine.url}/authorization/check?permissionName=READ&resourceName=ProcessDefinition&resourceType=6: 401 Unauthorized: InvalidRequestException: You must be authenticated in order to use this resource.` +
          ' (no user is authenticated on this engine: its REST API runs without the authentication filter, so credentials are not read; the check needs an engine with authentication enabled)\n',
      );
    }
  });

  it('count prints a bare number', async ({ cli }) => {
    const result = await cli('auth', 'count', '--user', 'john');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\n$/);
  });

  it('resources lists every type with its permissions', async () => {
    const result = await runCli(['auth', 'resources', '-o', 'json']);
    expect(result.code).toBe(0);
    const types = JSON.parse(result.stdout);
    expect(types).toHaveLength(22);
    expect(types[13]).toMatchObject({ code: 13, name: 'batch', constant: 'BATCH' });
    expect(types[13].permissions).toContain('CREATE_BATCH_MIGRATE_PROCESS_INSTANCES');
    // Dated by Camunda's release, never to be read as a fork's version (src/engine/product.ts).
    expect((await runCli(['auth', 'resources'])).stdout).toMatch(/^21\tsystem \(Camunda 7\.17\+\)\t/m);
  });

  it('sorting flags are checked', async ({ cli }) => {
    const result = await cli('auth', 'list', '--sort-order', 'desc');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --sort-order needs --sort-by\n');
  });
});

describe('as a user without permissions (engine auth filter on)', () => {
  it.override({ simulatorOptions: { basicAuth: true } });

  it('create is refused with 403 and the missing permission, exit 4', async ({ asJohn }) => {
    const result = await asJohn('auth', 'create', '--type', 'grant', '--user', 'john', '--resource-type', 'user', '--permissions', 'READ');
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/403 Forbidden: user 'john' lacks CREATE on Authorization/);
  });

  it('check answers for the caller', async ({ asJohn }) => {
    const result = await asJohn(
      'auth',
      'check',
      '--permission',
      'READ',
      '--resource-type',
      'process-definition',
      '--resource-id',
      'refengine-demo',
      '-o',
      'json',
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ permissionName: 'READ', resourceId: 'refengine-demo', authorized: expect.any(Boolean) });
  });

  it('check names the user it checked: the caller, or --user', async ({ asJohn, engine: secured }) => {
    const caller = await asJohn('auth', 'check', '--permission', 'READ', '--resource-type', 'process-definition', '--resource-id', 'refengine-demo');
    expect(caller.code).toBe(0);
    expect(caller.stdout).toBe("yes: user john has READ on ProcessDefinition 'refengine-demo'\n");
    const other = await runCli(
      [
        '--url',
        secured.url,
        '--username',
        'demo',
        '--password-stdin',
        'auth',
        'check',
        '--permission',
        'UPDATE',
        '--resource-type',
        'process-definition',
        '--resource-id',
        'refengine-demo',
        '--user',
        'mary',
      ],
      { stdin: 'demo' },
    );
    expect(other.code).toBe(0);
    expect(other.stdout).toBe("no: user mary lacks UPDATE on ProcessDefinition 'refengine-demo'\n");
  });
});

// On each product. The authorization model is the same on Camunda, Operaton and CIB seven (the same
// resource types, permissions and answers, samples/forks/README.md); what differs is the admin group
// that holds the seeded grants (operaton-admin on Operaton). So the cases above run on Camunda alone,
// and these cover the admin group's grants, one write round trip and a refusal, on every flavour.
describe.each(FLAVOUR_NAMES)('auth on %s', (flavour: FlavourName) => {
  const { adminGroup } = FLAVOURS[flavour];
  it.override({ simulatorOptions: { flavour, basicAuth: true, loginDelayBaseSeconds: 0 } });

  it("lists the admin group's grants of ALL on every resource type", async ({ as }) => {
    const result = await as('demo', 'auth', 'list', '--group', adminGroup, '--all', '-o', 'json');
    expect(result.code).toBe(0);
    const grants = JSON.parse(result.stdout) as { groupId: string; permissions: string[]; resourceType: number }[];
    expect(grants.map((grant) => grant.resourceType).sort((a, b) => a - b)).toEqual(Object.values(ResourceType).sort((a, b) => a - b));
    expect(grants.every((grant) => grant.groupId === adminGroup && grant.permissions.join() === 'ALL')).toBe(true);
    expect((await as('demo', 'auth', 'count', '--group', adminGroup)).stdout).toBe(`${grants.length}\n`);
  });

  it('creates, updates and deletes an authorization of the admin group; a user without rights is refused', async ({ as }) => {
    const created = await as(
      'demo',
      'auth',
      'create',
      '--type',
      'grant',
      '--group',
      adminGroup,
      '--resource-type',
      'process-definition',
      '--resource-id',
      'invoice',
      '--permissions',
      'READ',
    );
    expect(created.code).toBe(0);
    const id = created.stdout.trim();
    expect((await as('demo', 'auth', 'update', id, '--add-permissions', 'UPDATE')).code).toBe(0);
    expect(JSON.parse((await as('demo', 'auth', 'get', id, '-o', 'json')).stdout)).toMatchObject({
      groupId: adminGroup,
      resourceId: 'invoice',
      permissions: ['READ', 'UPDATE'],
    });
    expect((await as('demo', 'auth', 'delete', id, '--yes')).code).toBe(0);
    const refused = await as(
      'john',
      'auth',
      'create',
      '--type',
      'grant',
      '--group',
      adminGroup,
      '--resource-type',
      'process-definition',
      '--resource-id',
      'invoice',
      '--permissions',
      'READ',
    );
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/403 Forbidden: user 'john' lacks CREATE on Authorization/);
  });
});
