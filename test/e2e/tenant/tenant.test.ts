// The tenant family against the simulator (whose /tenant answers as Camunda 7.24's: docs/engine-notes.md#tenants).
import { describe, expect } from 'vitest';
import type { RecordedRequest } from '../../simulator/index.js';
import { cleanEnv, runCli } from '../../helpers/cli.js';
import { test } from '../../helpers/fixtures.js';

const it = test.extend<{ requests: (method: string) => RecordedRequest[]; asJohn: (...args: string[]) => ReturnType<typeof runCli> }>({
  requests: async ({ engine }, use) => use((method) => engine.requests.filter((request) => request.method === method)),
  asJohn: async ({ engine }, use) =>
    use((...args) => runCli(['--url', engine.url, '--retries', '0', ...args], { env: cleanEnv({ CAMUNDA_USERNAME: 'john', CAMUNDA_PASSWORD: 'john' }) })),
});

describe('tenant', () => {
  it('create, list, get and count in table, json and yaml', async ({ engine, cli }) => {
    const created = await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme Inc.');
    expect(created.code).toBe(0);
    expect(created.stderr).toBe('created tenant acme\n');
    expect(JSON.parse((await cli('tenant', 'create', '--id', 'beta', '--name', 'Beta', '-o', 'json')).stdout)).toEqual({ id: 'beta', name: 'Beta' });
    engine.requests.length = 0;
    const table = await cli('tenant', 'list');
    expect(table.code).toBe(0);
    expect(table.stdout).toBe('Id\tName\nacme\tAcme Inc.\nbeta\tBeta\n');
    expect(engine.requests[0]?.path).toBe('/engine-rest/tenant?firstResult=0&maxResults=101');
    expect(JSON.parse((await cli('tenant', 'get', 'acme', '-o', 'json')).stdout)).toEqual({ id: 'acme', name: 'Acme Inc.' });
    expect((await cli('tenant', 'get', 'acme', '-o', 'yaml')).stdout).toBe('id: acme\nname: Acme Inc.\n');
    expect((await cli('tenant', 'count', '--name-like', 'A%')).stdout).toBe('1\n');
    const sorted = JSON.parse((await cli('tenant', 'list', '--sort-by', 'name', '--sort-order', 'desc', '--all', '-o', 'json')).stdout);
    expect(sorted.map((tenant: { id: string }) => tenant.id)).toEqual(['beta', 'acme']);
    // --sort-order alone sorts by id.
    engine.requests.length = 0;
    const descending = JSON.parse((await cli('tenant', 'list', '--sort-order', 'desc', '-o', 'json')).stdout);
    expect(descending.map((tenant: { id: string }) => tenant.id)).toEqual(['beta', 'acme']);
    expect(engine.requests[0]?.path).toBe('/engine-rest/tenant?sortBy=id&sortOrder=desc&firstResult=0&maxResults=101');
    const missing = await cli('tenant', 'get', 'nope');
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('Tenant with id nope does not exist');
  });

  it('a duplicate and an id outside the whitelist are the engine refusals, explained', async ({ cli }) => {
    await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme');
    const duplicate = await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme');
    expect(duplicate.code).toBe(6);
    expect(duplicate.stderr).toContain('The tenant already exists');
    const invalid = await cli('tenant', 'create', '--id', 'ten-acme', '--name', 'Acme');
    expect(invalid.code).toBe(6);
    expect(invalid.stderr).toContain("Tenant has an invalid id: 'ten-acme' is not a valid resource identifier.");
    expect(invalid.stderr).toContain('[a-zA-Z0-9]+|camunda-admin');
    expect((await cli('tenant', 'create', '--id', ' ', '--name', 'x')).code).toBe(2);
  });

  it('update reads, merges and writes the whole body; a no-op and --dry-run send nothing', async ({ cli, requests }) => {
    await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme');
    const dry = await cli('tenant', 'update', 'acme', '--name', 'Acme Corp', '--dry-run', '-o', 'json');
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).request.body).toEqual({ id: 'acme', name: 'Acme Corp' });
    const same = await cli('tenant', 'update', 'acme', '--name', 'Acme');
    expect(same.stderr).toContain('no change: tenant acme already looks like that');
    expect(requests('PUT')).toEqual([]);
    const update = await cli('tenant', 'update', 'acme', '--name', 'Acme Corp');
    expect(update.code).toBe(0);
    expect(update.stderr).toContain('updated tenant acme');
    expect(requests('PUT').map((request) => JSON.parse(request.body))).toEqual([{ id: 'acme', name: 'Acme Corp' }]);
    expect(JSON.parse((await cli('tenant', 'get', 'acme', '-o', 'json')).stdout)).toEqual({ id: 'acme', name: 'Acme Corp' });
    expect((await cli('tenant', 'update', 'acme')).code).toBe(2);
    expect((await cli('tenant', 'update', 'nope', '--name', 'x')).code).toBe(5);
  });

  it('delete: refused off a terminal without --yes, a 404 for a missing tenant, and its memberships go with it', async ({ engine, cli, requests }) => {
    await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme');
    await cli('tenant', 'members', 'add', 'acme', '--user', 'john', '--group', 'sales');
    const refused = await cli('tenant', 'delete', 'acme');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('delete tenant acme (Acme) with its memberships (1 user, 1 group) and the authorizations on it');
    expect(refused.stderr).toContain('pass --yes');
    expect(requests('DELETE')).toEqual([]);
    const missing = await cli('tenant', 'delete', 'nope', '--yes');
    expect(missing.code).toBe(5);
    expect(requests('DELETE')).toEqual([]);
    const deleted = await cli('tenant', 'delete', 'acme', '--yes');
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toBe('deleted tenant acme\n');
    expect(engine.state.tenants).toEqual([]);
    expect(engine.state.tenantMemberships).toEqual([]);
  });
});

describe('tenant members', () => {
  it('add users and groups: idempotent, each reported; the filters of tenant, group and definition lists find them', async ({ cli, requests }) => {
    await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme');
    const added = await cli('tenant', 'members', 'add', 'acme', '--user', 'john', 'mary', '--group', 'sales');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe('Kind\tMember\tResult\nuser\tjohn\tadded\nuser\tmary\tadded\ngroup\tsales\tadded\n');
    expect(requests('PUT').map((request) => request.path)).toEqual([
      '/engine-rest/tenant/acme/user-members/john',
      '/engine-rest/tenant/acme/user-members/mary',
      '/engine-rest/tenant/acme/group-members/sales',
    ]);
    const again = await cli('tenant', 'members', 'add', 'acme', '--user', 'john', '--group', 'sales', '-o', 'json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({
      tenant: 'acme',
      action: 'add',
      results: [
        { kind: 'user', id: 'john', ok: true, result: 'already a member' },
        { kind: 'group', id: 'sales', ok: true, result: 'already a member' },
      ],
    });
    expect(again.stderr).toBe('no change: every one is already a member of acme\n');
    expect(requests('PUT')).toHaveLength(3);
    expect((await cli('tenant', 'list', '--user', 'john')).stdout).toBe('Id\tName\nacme\tAcme\n');
    expect((await cli('tenant', 'list', '--group', 'sales')).stdout).toBe('Id\tName\nacme\tAcme\n');
    // max is in sales, not a member himself.
    expect((await cli('tenant', 'list', '--user', 'max')).stdout).toBe('');
    expect((await cli('tenant', 'list', '--user', 'max', '--including-groups-of-user')).stdout).toBe('Id\tName\nacme\tAcme\n');
    expect((await cli('tenant', 'list', '--including-groups-of-user')).code).toBe(2);
    expect((await cli('group', 'list', '--member-of-tenant', 'acme')).stdout).toMatch(/^sales\tSales\tWORKFLOW\n$/m);
    expect((await cli('group', 'count', '--member-of-tenant', 'acme')).stdout).toBe('1\n');
  });

  it('remove: a non-member is reported and nothing sent; some failed is exit 8; none named is a usage error', async ({ cli, engine, requests }) => {
    await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme');
    await cli('tenant', 'members', 'add', 'acme', '--user', 'john');
    const removed = await cli('tenant', 'members', 'remove', 'acme', '--user', 'john', 'mary');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('Kind\tMember\tResult\nuser\tjohn\tremoved\nuser\tmary\tnot a member\n');
    expect(requests('DELETE').map((request) => request.path)).toEqual(['/engine-rest/tenant/acme/user-members/john']);
    engine.inject({
      method: 'PUT',
      path: /^\/tenant\/acme\/user-members\/mary$/,
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'ProcessEngineException', message: 'the database refused the row' }),
    });
    const partial = await cli('tenant', 'members', 'add', 'acme', '--user', 'john', 'mary');
    expect(partial.code).toBe(8);
    expect(partial.stdout).toMatch(/^user\tjohn\tadded$/m);
    expect(partial.stdout).toMatch(/^user\tmary\tPUT \S+: 500 Internal Server Error: ProcessEngineException: the database refused the row/m);
    expect(partial.stderr).toBe('error: 1 of 2 members could not be added\n');
    expect((await cli('tenant', 'members', 'add', 'acme')).code).toBe(2);
  });

  it('add of users or groups the engine does not have: one line naming them and the ids near them, exit 5, nothing sent', async ({ cli, engine, requests }) => {
    await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme');
    engine.requests.length = 0;
    const result = await cli('tenant', 'members', 'add', 'acme', '--user', 'john', 'jhon', 'nobody', '--group', 'sale', 'sales');
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "error: no user 'jhon' (did you mean 'john'?), no user 'nobody', no group 'sale' (did you mean 'sales'?): nothing was added to acme\n",
    );
    expect(requests('PUT')).toEqual([]);
    // One user query and one group query for all the ids (besides the membership queries).
    const lookups = requests('GET').filter((request) => request.path.includes('idIn=') && !request.path.includes('memberOfTenant'));
    expect(lookups.map((request) => request.path)).toEqual([
      '/engine-rest/user?idIn=john%2Cjhon%2Cnobody&firstResult=0&maxResults=3',
      '/engine-rest/group?idIn=sale%2Csales&firstResult=0&maxResults=2',
    ]);
    const single = await cli('tenant', 'members', 'add', 'acme', '--group', 'nogroup');
    expect(single.code).toBe(5);
    expect(single.stderr).toBe("error: no group 'nogroup': nothing was added to acme\n");
    expect(requests('PUT')).toEqual([]);
  });

  it('remove of an id the engine does not have says so (not "not a member"), exit 0, nothing sent', async ({ cli, requests }) => {
    await cli('tenant', 'create', '--id', 'acme', '--name', 'Acme');
    await cli('tenant', 'members', 'add', 'acme', '--user', 'john');
    const result = await cli('tenant', 'members', 'remove', 'acme', '--user', 'jhon', 'mary', '--group', 'nogroup');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Kind\tMember\tResult\nuser\tjhon\tno user of the engine\nuser\tmary\tnot a member\ngroup\tnogroup\tno group of the engine\n');
    expect(result.stderr).toBe(
      "warning: no user 'jhon' (did you mean 'john'?), no group 'nogroup': nothing to remove\nno change: none of them is a member of acme\n",
    );
    const json = await cli('tenant', 'members', 'remove', 'acme', '--user', 'nobody', '-o', 'json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).results).toEqual([{ kind: 'user', id: 'nobody', ok: true, result: 'no user of the engine' }]);
    expect(json.stderr).toBe("warning: no user 'nobody': nothing to remove\n");
    expect(requests('DELETE')).toEqual([]);
  });

  it('a tenant that does not exist is a 404 (exit 5) for add and remove, and nothing is sent', async ({ engine, cli }) => {
    for (const action of ['add', 'remove']) {
      const result = await cli('tenant', 'members', action, 'nope', '--user', 'john');
      expect(result.code, action).toBe(5);
      expect(result.stderr).toBe(`error: GET ${engine.url}/tenant/nope: 404 Not Found: InvalidRequestException: Tenant with id nope does not exist\n`);
    }
    expect(engine.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('tenants with authorizations', () => {
  it.override({ simulatorOptions: { basicAuth: true } });

  it('an unknown member to add is said with what the credentials may not read', async ({ engine }) => {
    engine.state.tenants.push({ id: 'acme', name: 'Acme' });
    const result = await runCli(['--url', engine.url, '--retries', '0', 'tenant', 'members', 'add', 'acme', '--user', 'jhon'], {
      env: cleanEnv({ CAMUNDA_USERNAME: 'demo', CAMUNDA_PASSWORD: 'demo' }),
    });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      "error: no user 'jhon' (did you mean 'john'?): nothing was added to acme (or one these credentials may not read: the engine leaves those out of its queries)\n",
    );
  });

  it('a user without READ on a tenant is told it may not exist or be unreadable; a member sees it', async ({ engine, asJohn }) => {
    engine.state.tenants.push({ id: 'acme', name: 'Acme' });
    const hidden = await asJohn('tenant', 'get', 'acme');
    expect(hidden.code).toBe(5);
    expect(hidden.stderr).toContain('or the user may not read it');
    const refused = await asJohn('tenant', 'create', '--id', 'beta', '--name', 'Beta');
    expect(refused.code).toBe(4);
    expect((await asJohn('tenant', 'list')).stdout).toBe('');
  });
});

describe('definition list --tenant', () => {
  it('lists the definitions of a tenant, without tenant, or both', async ({ engine, cli }) => {
    const ofA = JSON.parse((await cli('definition', 'list', '--tenant', 'tenant-a', '-o', 'json')).stdout);
    expect(ofA.map((definition: { tenantId: string }) => definition.tenantId)).toEqual(['tenant-a']);
    expect(engine.requests.at(-1)?.path).toContain('tenantIdIn=tenant-a');
    const both = JSON.parse((await cli('definition', 'list', '--tenant', 'tenant-a,tenant-b', '--all', '-o', 'json')).stdout);
    expect(new Set(both.map((definition: { tenantId: string }) => definition.tenantId))).toEqual(new Set(['tenant-a', 'tenant-b']));
    const without = JSON.parse((await cli('definition', 'list', '--without-tenant', '--all', '-o', 'json')).stdout);
    expect(without.length).toBeGreaterThan(0);
    expect(without.every((definition: { tenantId: string | null }) => definition.tenantId === null)).toBe(true);
    const withShared = JSON.parse((await cli('definition', 'list', '--tenant', 'tenant-a', '--include-without-tenant', '--all', '-o', 'json')).stdout);
    expect(withShared.length).toBe(without.length + 1);
    expect((await cli('definition', 'list', '--tenant', 'tenant-a', '--without-tenant')).code).toBe(2);
    expect((await cli('definition', 'list', '--include-without-tenant')).code).toBe(2);
  });
});
