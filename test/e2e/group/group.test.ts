// The group family against the simulator (whose PUT replaces id, name and type like the engine's).
import { describe, expect } from 'vitest';
import { AuthorizationType, FLAVOUR_NAMES, FLAVOURS, type FlavourName, type RecordedRequest, ResourceType } from '../../simulator/index.js';
import { cleanEnv, runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

const it = test.extend<{ requests: (method: string) => RecordedRequest[]; asDemo: (...args: string[]) => ReturnType<typeof runCli> }>({
  requests: async ({ engine }, use) => use((method) => engine.requests.filter((request) => request.method === method)),
  asDemo: async ({ engine }, use) =>
    use((...args) => runCli(['--url', engine.url, '--retries', '0', ...args], { env: cleanEnv({ CAMUNDA_USERNAME: 'demo', CAMUNDA_PASSWORD: 'demo' }) })),
});

describe('group', () => {
  it('list, get and count in table, json and yaml', async ({ engine, cli }) => {
    const table = await cli('group', 'list', '--type', 'WORKFLOW', '--sort-by', 'id');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^sales\tSales\tWORKFLOW$/m);
    expect(engine.requests[0]?.path).toBe('/engine-rest/group?type=WORKFLOW&sortBy=id&sortOrder=asc&firstResult=0&maxResults=101');
    const json = JSON.parse((await cli('group', 'get', 'sales', '-o', 'json')).stdout);
    expect(json).toEqual({ id: 'sales', name: 'Sales', type: 'WORKFLOW' });
    const yaml = await cli('group', 'get', 'sales', '-o', 'yaml');
    expect(yaml.stdout).toBe('id: sales\nname: Sales\ntype: WORKFLOW\n');
    const count = await cli('group', 'count', '--type', 'WORKFLOW');
    const listed = JSON.parse((await cli('group', 'list', '--type', 'WORKFLOW', '--all', '-o', 'json')).stdout);
    expect(Number(count.stdout)).toBe(listed.length);
  });

  it('sends a long --id-in as a POST query body, paging in the URL', async ({ cli, requests }) => {
    const ids = ['sales', ...Array.from({ length: 60 }, (_, i) => `missing${i}`)];
    const result = await cli('group', 'list', '--id-in', ids.join(','), '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).map((group: { id: string }) => group.id)).toEqual(['sales']);
    const [post] = requests('POST');
    expect(post?.path).toBe('/engine-rest/group?firstResult=0&maxResults=101');
    expect(JSON.parse(post!.body).idIn).toEqual(ids);
  });

  it('create, then update keeps the type (read, merge, write), then delete after confirmation', async ({ cli, requests }) => {
    expect((await cli('group', 'create', '--id', 'audit', '--name', 'Audit', '--type', 'WORKFLOW')).code).toBe(0);
    const update = await cli('group', 'update', 'audit', '--name', 'Internal Audit');
    expect(update.code).toBe(0);
    expect(requests('PUT').map((request) => JSON.parse(request.body))).toEqual([{ id: 'audit', name: 'Internal Audit', type: 'WORKFLOW' }]);
    expect(JSON.parse((await cli('group', 'get', 'audit', '-o', 'json')).stdout)).toEqual({ id: 'audit', name: 'Internal Audit', type: 'WORKFLOW' });
    const refused = await cli('group', 'delete', 'audit');
    expect(refused.code).toBe(2);
    expect(requests('DELETE')).toEqual([]);
    expect((await cli('group', 'delete', 'audit', '--yes')).code).toBe(0);
    expect((await cli('group', 'get', 'audit')).code).toBe(5);
  });

  it('update --dry-run and a no-op send nothing', async ({ cli, requests }) => {
    const dry = await cli('group', 'update', 'sales', '--type', 'SYSTEM', '--dry-run', '-o', 'json');
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).request.body).toEqual({ id: 'sales', name: 'Sales', type: 'SYSTEM' });
    const same = await cli('group', 'update', 'sales', '--name', 'Sales');
    expect(same.stderr).toContain('no change');
    expect(requests('PUT')).toEqual([]);
  });

  it('delete of a missing group is a 404, not a silent success', async ({ cli, requests }) => {
    const result = await cli('group', 'delete', 'nope', '--yes');
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('Group with id nope does not exist');
    expect(requests('DELETE')).toEqual([]);
  });

  it('explains the engine id whitelist when it refuses an id', async ({ cli }) => {
    const result = await cli('group', 'create', '--id', 'my-group', '--name', 'Mine');
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('is not a valid resource identifier');
    expect(result.stderr).toContain('[a-zA-Z0-9]+|camunda-admin');
  });

  it('options shows the allowed actions', async ({ cli }) => {
    const result = await cli('group', 'options', 'sales', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'delete', 'update']);
    const members = await cli('group', 'members', 'options', 'sales');
    expect(members.stdout).toMatch(/^delete\tDELETE\t/m);
  });
});

/** An engine 500 on one membership PUT: a failure among users the engine has. */
const REFUSED_PUT = (group: string, userId: string) => ({
  method: 'PUT',
  path: new RegExp(`^/group/${group}/members/${userId}$`),
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ type: 'ProcessEngineException', message: 'the database refused the row' }),
});

describe('group members', () => {
  it('add several users: each result reported, exit 8 when some failed', async ({ engine, cli }) => {
    engine.inject(REFUSED_PUT('management', 'demo'));
    const result = await cli('group', 'members', 'add', 'management', 'john', 'demo', 'mary');
    expect(result.code).toBe(8);
    expect(result.stdout).toMatch(/^john\tadded$/m);
    expect(result.stdout).toMatch(/^demo\tPUT \S+: 500 Internal Server Error: ProcessEngineException: the database refused the row/m);
    expect(result.stdout).toMatch(/^mary\tadded$/m);
    expect(result.stderr).toBe('error: 1 of 3 users could not be added\n');
    const members = JSON.parse((await cli('group', 'members', 'list', 'management', '--all', '-o', 'json')).stdout);
    expect(members.map((user: { id: string }) => user.id)).toEqual(expect.arrayContaining(['john', 'mary']));
  });

  it('remove, and a single failing user behaves like any command', async ({ engine, cli }) => {
    await cli('group', 'members', 'add', 'management', 'john');
    expect((await cli('group', 'members', 'remove', 'management', 'john')).code).toBe(0);
    engine.inject(REFUSED_PUT('management', 'mary'));
    const single = await cli('group', 'members', 'add', 'management', 'mary');
    expect(single.code).toBe(6);
    expect(single.stderr).toContain('ProcessEngineException: the database refused the row');
  });

  it('add of users the engine does not have: one line naming them and the ids near them, exit 5, nothing sent', async ({ cli, requests }) => {
    const result = await cli('group', 'members', 'add', 'management', 'john', 'jhon', 'nobody', 'jhon');
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("error: no user 'jhon' (did you mean 'john'?), no user 'nobody': nothing was added to management\n");
    expect(requests('PUT')).toEqual([]);
    // One user query for all the ids (besides the membership query).
    const lookups = requests('GET').filter((request) => request.path.includes('idIn=') && !request.path.includes('memberOfGroup'));
    expect(lookups.map((request) => request.path)).toEqual(['/engine-rest/user?idIn=john%2Cjhon%2Cnobody&firstResult=0&maxResults=3']);
    const single = await cli('group', 'members', 'add', 'management', 'nobody');
    expect(single.code).toBe(5);
    expect(single.stderr).toBe("error: no user 'nobody': nothing was added to management\n");
    expect(requests('PUT')).toEqual([]);
  });

  it('remove of an id the engine has no user for says so (not "not a member"), exit 0, nothing sent', async ({ cli, requests }) => {
    const result = await cli('group', 'members', 'remove', 'sales', 'jhon', 'mary');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('User\tResult\njhon\tno user of the engine\nmary\tnot a member\n');
    expect(result.stderr).toBe("warning: no user 'jhon' (did you mean 'john'?): nothing to remove\nno change: none of the users is a member of sales\n");
    const json = await cli('group', 'members', 'remove', 'sales', 'nobody', '-o', 'json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).results).toEqual([{ userId: 'nobody', ok: true, result: 'no user of the engine' }]);
    expect(json.stderr).toBe("warning: no user 'nobody': nothing to remove\n");
    expect(requests('DELETE')).toEqual([]);
  });

  it('members list pages with --max and says there are more', async ({ engine, cli }) => {
    const all = JSON.parse((await cli('group', 'members', 'list', 'accounting', '--all', '-o', 'json')).stdout);
    expect(all.length).toBeGreaterThan(2);
    const limited = await cli('group', 'members', 'list', 'accounting', '--max', '2', '-o', 'json');
    expect(JSON.parse(limited.stdout)).toEqual(all.slice(0, 2));
    expect(limited.stderr).toContain('there are more');
    expect(engine.requests.some((request) => request.path.startsWith('/engine-rest/user?memberOfGroup=accounting'))).toBe(true);
  });

  it('a group that does not exist is a 404 (exit 5) for members list, add and remove, and nothing is sent', async ({ engine, cli }) => {
    for (const args of [
      ['list', 'nope'],
      ['add', 'nope', 'john', 'mary'],
      ['remove', 'nope', 'john', 'mary'],
      ['remove', 'nope', 'john'],
    ]) {
      const result = await cli('group', 'members', ...args);
      expect(result.code, args.join(' ')).toBe(5);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`error: GET ${engine.url}/group/nope: 404 Not Found: InvalidRequestException: Group with id nope does not exist\n`);
    }
    expect(engine.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('remove reports a user who is not a member as such, sends nothing for them, and exits 0', async ({ engine, cli, requests }) => {
    const result = await cli('group', 'members', 'remove', 'sales', 'mary', 'nobody', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      group: 'sales',
      action: 'remove',
      results: [
        { userId: 'mary', ok: true, result: 'not a member' },
        { userId: 'nobody', ok: true, result: 'no user of the engine' },
      ],
    });
    expect(result.stderr).toBe("warning: no user 'nobody': nothing to remove\nno change: none of the users is a member of sales\n");
    expect(requests('DELETE')).toEqual([]);
    const table = await cli('group', 'members', 'remove', 'sales', 'john', 'mary');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^john\tremoved$/m);
    expect(table.stdout).toMatch(/^mary\tnot a member$/m);
    expect(requests('DELETE').map((request) => request.path)).toEqual(['/engine-rest/group/sales/members/john']);
    expect(engine.state.hasMembership('john', 'sales')).toBe(false);
  });

  it("add reports a user who is already a member as such instead of the engine's persistence error, so a re-run exits 0", async ({ engine, cli, requests }) => {
    const first = await cli('group', 'members', 'add', 'sales', 'john', 'mary', '-o', 'json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).results).toEqual([
      { userId: 'john', ok: true, result: 'already a member' },
      { userId: 'mary', ok: true, result: 'added' },
    ]);
    expect(requests('PUT').map((request) => request.path)).toEqual(['/engine-rest/group/sales/members/mary']);
    // One members query for all the users, not one per user; then one query whether the non-members are users.
    expect(engine.requests.filter((request) => request.path.startsWith('/engine-rest/user')).map((request) => request.path)).toEqual([
      '/engine-rest/user?memberOfGroup=sales&idIn=john%2Cmary&firstResult=0&maxResults=2',
      '/engine-rest/user?idIn=mary&firstResult=0&maxResults=1',
    ]);
    const again = await cli('group', 'members', 'add', 'sales', 'john', 'mary');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^john\talready a member$/m);
    expect(again.stdout).toMatch(/^mary\talready a member$/m);
    expect(again.stderr).toBe('no change: every user is already a member of sales\n');
    const single = await cli('group', 'members', 'add', 'sales', 'john');
    expect(single.code).toBe(0);
    expect(single.stderr).toBe('no change: john is already a member of sales\n');
    expect(requests('PUT')).toHaveLength(1);
  });

  it('a user named twice is changed once', async ({ cli, requests }) => {
    const result = await cli('group', 'members', 'add', 'management', 'john', 'john', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).results.map((row: { result: string }) => row.result)).toEqual(['added', 'already a member']);
    expect(requests('PUT')).toHaveLength(1);
  });

  it('an already-member counts as done, not failed: exit 8 only for the user who failed', async ({ engine, cli }) => {
    engine.inject(REFUSED_PUT('sales', 'mary'));
    const result = await cli('group', 'members', 'add', 'sales', 'john', 'mary');
    expect(result.code).toBe(8);
    expect(result.stdout).toMatch(/^john\talready a member$/m);
    expect(result.stdout).toMatch(/^mary\tPUT \S+: 500 Internal Server Error: ProcessEngineException/m);
    expect(result.stderr).toBe('error: 1 of 2 users could not be added\n');
  });
});

const MAY_NOT_READ = "or the user may not read it: the engine answers a missing READ permission with 'does not exist'";

describe('group members remove with authorization checks on', () => {
  it.override({ simulatorOptions: { basicAuth: true } });
  it('an unknown user to add is said with what the credentials may not read', async ({ engine, requests }) => {
    const result = await runCli(['--url', engine.url, '--retries', '0', 'group', 'members', 'add', 'sales', 'jhon'], {
      env: cleanEnv({ CAMUNDA_USERNAME: 'demo', CAMUNDA_PASSWORD: 'demo' }),
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      "error: no user 'jhon' (did you mean 'john'?): nothing was added to sales (or one these credentials may not read: the engine leaves those out of its queries)\n",
    );
    expect(requests('PUT')).toEqual([]);
  });

  it('finds a member the caller may not READ (the user query hides them) and removes them', async ({ engine, requests }) => {
    // john may read the group and remove its members, but may not read the user lena.
    for (const [permission, resourceType] of [
      ['READ', ResourceType.GROUP],
      ['DELETE', ResourceType.GROUP_MEMBERSHIP],
    ] as const) {
      engine.state.authorizations.push({
        id: `e2e-${permission}`,
        type: AuthorizationType.GRANT,
        userId: 'john',
        groupId: null,
        permissions: [permission],
        resourceType,
        resourceId: 'sales',
        removalTime: null,
        rootProcessInstanceId: null,
      });
    }
    const result = await runCli(
      ['--url', engine.url, '--retries', '0', '--username', 'john', '--password-stdin', 'group', 'members', 'remove', 'sales', 'lena', 'mary', '-o', 'json'],
      { stdin: 'john' },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).results).toEqual([
      { userId: 'lena', ok: true, result: 'removed' },
      { userId: 'mary', ok: true, result: 'not a member' },
    ]);
    expect(engine.state.hasMembership('lena', 'sales')).toBe(false);
    expect(requests('DELETE').map((request) => request.path)).toEqual(['/engine-rest/group/sales/members/lena']);
  });

  it('lists and changes the members of a group the caller may not READ, when the engine allows the change', async ({ engine, requests }) => {
    // john may read users and manage the memberships of sales, but not read the group itself, so
    // GET /group/sales answers 404 for him: that must not pass for a group that does not exist.
    const grants = [
      [['READ'], ResourceType.USER, '*'],
      [['CREATE', 'DELETE'], ResourceType.GROUP_MEMBERSHIP, 'sales'],
    ] as const;
    for (const [permissions, resourceType, resourceId] of grants) {
      engine.state.authorizations.push({
        id: `e2e-${resourceType}`,
        type: AuthorizationType.GRANT,
        userId: 'john',
        groupId: null,
        permissions: [...permissions],
        resourceType,
        resourceId,
        removalTime: null,
        rootProcessInstanceId: null,
      });
    }
    const asJohn = (...args: string[]) => runCli(['--url', engine.url, '--retries', '0', '--username', 'john', '--password-stdin', ...args], { stdin: 'john' });
    const list = await asJohn('group', 'members', 'list', 'sales', '-o', 'json');
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((user: { id: string }) => user.id)).toContain('lena');
    const removed = await asJohn('group', 'members', 'remove', 'sales', 'lena', '-o', 'json');
    expect(removed.stderr).toBe('');
    expect(JSON.parse(removed.stdout).results).toEqual([{ userId: 'lena', ok: true, result: 'removed' }]);
    expect(engine.state.hasMembership('lena', 'sales')).toBe(false);
    // Adding needs READ on the group as well: the group's 404 is the answer, and nothing is sent.
    const added = await asJohn('group', 'members', 'add', 'sales', 'lena');
    expect(added.code).toBe(5);
    // The engine hides from john what he may not read: the line says that this may be why.
    expect(added.stderr).toBe(
      `error: GET ${engine.url}/group/sales: 404 Not Found: InvalidRequestException: Group with id sales does not exist (${MAY_NOT_READ})\n`,
    );
    expect(requests('PUT')).toEqual([]);
    // A group that exists for nobody is still a 404.
    for (const args of [
      ['list', 'nope'],
      ['remove', 'nope', 'lena'],
    ]) {
      const missing = await asJohn('group', 'members', ...args);
      expect(missing.code, args.join(' ')).toBe(5);
      expect(missing.stderr).toBe(
        `error: GET ${engine.url}/group/nope: 404 Not Found: InvalidRequestException: Group with id nope does not exist (${MAY_NOT_READ})\n`,
      );
    }
  });
});

// On each product. Of what the group commands meet, only the admin group (operaton-admin on Operaton)
// and the id whitelist (Operaton's refuses camunda-admin) differ between Camunda, Operaton and CIB
// seven; every other group request answered the same on the real engines (samples/forks/README.md).
// So the cases above run on Camunda alone, and these cover what differs plus one write round trip,
// as the admin (demo) with authorization checks on, on every flavour.
describe.each(FLAVOUR_NAMES)('group on %s', (flavour: FlavourName) => {
  const { adminGroup } = FLAVOURS[flavour];
  it.override({ simulatorOptions: { flavour, basicAuth: true, loginDelayBaseSeconds: 0 } });

  it("lists the product's admin group with demo in it", async ({ asDemo }) => {
    const system = await asDemo('group', 'list', '--type', 'SYSTEM', '-o', 'json');
    expect(JSON.parse(system.stdout)).toEqual([{ id: adminGroup, name: FLAVOURS[flavour].adminGroupName, type: 'SYSTEM' }]);
    const members = await asDemo('group', 'members', 'list', adminGroup, '-o', 'json');
    expect(JSON.parse(members.stdout).map((user: { id: string }) => user.id)).toEqual(['demo']);
  });

  it('creates, updates and deletes a group', async ({ asDemo }) => {
    expect((await asDemo('group', 'create', '--id', 'audit', '--name', 'Audit', '--type', 'WORKFLOW')).code).toBe(0);
    expect((await asDemo('group', 'update', 'audit', '--name', 'Internal Audit')).code).toBe(0);
    expect(JSON.parse((await asDemo('group', 'get', 'audit', '-o', 'json')).stdout)).toEqual({ id: 'audit', name: 'Internal Audit', type: 'WORKFLOW' });
    expect((await asDemo('group', 'delete', 'audit', '--yes')).code).toBe(0);
    expect((await asDemo('group', 'get', 'audit')).code).toBe(5);
  });

  it('says whose admin group the engine refused, and that its own exists', async ({ asDemo }) => {
    const otherAdminGroup = adminGroup === 'operaton-admin' ? 'camunda-admin' : 'operaton-admin';
    const refused = await asDemo('group', 'create', '--id', otherAdminGroup, '--name', 'Admins');
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain(`Group has an invalid id: '${otherAdminGroup}' is not a valid resource identifier.`);
    expect(refused.stderr).toContain(`'${otherAdminGroup}' is the admin group of`);
    expect(refused.stderr).toContain(`(default whitelist [a-zA-Z0-9]+|${adminGroup}, admin group ${adminGroup})`);
    const existing = await asDemo('group', 'create', '--id', adminGroup, '--name', 'Admins');
    expect(existing.code).toBe(6);
    expect(existing.stderr).toContain('The group already exists');
  });
});
