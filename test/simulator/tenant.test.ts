// /tenant, its user and group members, and the memberOfTenant filters of /user and /group, over the
// real socket: without authentication first, then with the Basic auth filter on (READ-filtered
// queries, 403 for a missing permission). The answers are those of Camunda 7.24 (docs/engine-notes.md#tenants).
//
// Seed: no tenant; demo is in camunda-admin (ALL on every resource type), john in sales, mary in
// accounting, with no authorization on TENANT or TENANT_MEMBERSHIP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, get, post } from './client.js';
import type { Answer } from './client.js';
import { AuthorizationType, PERSISTENCE_EXCEPTION_MESSAGE, ResourceType, startSimulator } from './index.js';
import type { Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;

afterEach(async () => {
  await sim.close();
});

const error = (status: number, type: string, message: string, code: number | null = 0): Answer => ({
  status,
  contentType: 'application/json',
  body: { type, message, code },
});
const NO_CONTENT: Answer = { status: 204, contentType: null, body: '' };
const put = (path: string, body?: unknown): Promise<Answer> => call(sim, 'PUT', path, { body });
const remove = (path: string): Promise<Answer> => call(sim, 'DELETE', path);
const ids = async (path: string): Promise<string[]> => ((await get(sim, path)).body as { id: string }[]).map((row) => row.id);
const tenantGrants = () =>
  sim.state.authorizations
    .filter((auth) => auth.resourceType === ResourceType.TENANT && auth.resourceId !== '*')
    .map((auth) => ({ userId: auth.userId, groupId: auth.groupId, resourceId: auth.resourceId, permissions: auth.permissions, type: auth.type }));

describe('tenants without authentication', () => {
  beforeEach(async () => {
    sim = await startSimulator();
  });

  it('creates, refuses a duplicate, an invalid id, a missing id and a null body as the engine does', async () => {
    expect(await post(sim, '/tenant/create', { id: 'acme', name: 'Acme' })).toEqual(NO_CONTENT);
    expect(await post(sim, '/tenant/create', { id: 'acme', name: 'Acme' })).toEqual({
      status: 400,
      contentType: 'application/json',
      body: loadSample('tenant-create-duplicate'),
    });
    expect(await post(sim, '/tenant/create', { id: 'ten-bad', name: 'x' })).toEqual(
      error(500, 'ProcessEngineException', "Tenant has an invalid id: 'ten-bad' is not a valid resource identifier."),
    );
    expect(await post(sim, '/tenant/create', { name: 'x' })).toEqual(error(500, 'NullValueException', 'tenantId is null'));
    expect((await post(sim, '/tenant/create', 'null')).body).toMatchObject({ type: 'NullPointerException', code: null });
    expect((await get(sim, '/tenant/acme')).body).toEqual({ id: 'acme', name: 'Acme' });
    expect(await get(sim, '/tenant/nope')).toEqual(error(404, 'InvalidRequestException', 'Tenant with id nope does not exist', null));
    // No default authorization for a new tenant.
    expect(tenantGrants()).toEqual([]);
  });

  it('updates id and name from the body: without an id a NullPointerException, a missing tenant a 404', async () => {
    await post(sim, '/tenant/create', { id: 'acme', name: 'Acme' });
    expect(await put('/tenant/acme', { id: 'acme', name: 'Acme Inc.' })).toEqual(NO_CONTENT);
    expect((await get(sim, '/tenant/acme')).body).toEqual({ id: 'acme', name: 'Acme Inc.' });
    expect((await put('/tenant/acme', { name: 'No id' })).body).toMatchObject({ type: 'NullPointerException' });
    expect(await put('/tenant/acme', { id: 'acme' })).toEqual(NO_CONTENT);
    expect((await get(sim, '/tenant/acme')).body).toEqual({ id: 'acme', name: null });
    expect((await put('/tenant/nope', { id: 'nope', name: 'x' })).status).toBe(404);
  });

  it('adds and removes user and group members with the default READ grant, refusing unknown ones and duplicates', async () => {
    await post(sim, '/tenant/create', { id: 'acme', name: 'Acme' });
    expect(await put('/tenant/acme/user-members/john')).toEqual(NO_CONTENT);
    expect(await put('/tenant/acme/group-members/accounting')).toEqual(NO_CONTENT);
    expect(await put('/tenant/acme/user-members/john')).toEqual(error(500, 'ProcessEnginePersistenceException', PERSISTENCE_EXCEPTION_MESSAGE));
    expect(await put('/tenant/acme/group-members/accounting')).toEqual(error(500, 'ProcessEnginePersistenceException', PERSISTENCE_EXCEPTION_MESSAGE));
    expect(await put('/tenant/acme/user-members/nobody')).toEqual(error(500, 'NullValueException', "No user found with id 'nobody'.: user is null"));
    expect(await put('/tenant/acme/group-members/nogroup')).toEqual(error(500, 'NullValueException', "No group found with id 'nogroup'.: group is null"));
    expect(await put('/tenant/nope/user-members/john')).toEqual(error(500, 'NullValueException', "No tenant found with id 'nope'.: tenant is null"));
    expect(tenantGrants()).toEqual([
      { userId: 'john', groupId: null, resourceId: 'acme', permissions: ['READ'], type: AuthorizationType.GRANT },
      { userId: null, groupId: 'accounting', resourceId: 'acme', permissions: ['READ'], type: AuthorizationType.GRANT },
    ]);
    expect(await ids('/user?memberOfTenant=acme')).toEqual(['john']);
    expect(await ids('/group?memberOfTenant=acme')).toEqual(['accounting']);
    expect(await remove('/tenant/acme/user-members/john')).toEqual(NO_CONTENT);
    expect(await remove('/tenant/acme/user-members/john')).toEqual(NO_CONTENT);
    expect(await ids('/user?memberOfTenant=acme')).toEqual([]);
    expect(tenantGrants().map((grant) => grant.groupId)).toEqual(['accounting']);
  });

  it('filters by member (with the groups of a user), name and sorts by name', async () => {
    await post(sim, '/tenant/create', { id: 'acme', name: 'Zeta' });
    await post(sim, '/tenant/create', { id: 'beta', name: 'Alpha' });
    await post(sim, '/tenant/create', { id: 'gamma', name: 'Mid' });
    await put('/tenant/acme/user-members/mary');
    await put('/tenant/beta/group-members/accounting');
    expect(await ids('/tenant?userMember=mary')).toEqual(['acme']);
    expect(await ids('/tenant?userMember=mary&includingGroupsOfUser=true')).toEqual(['acme', 'beta']);
    expect(await ids('/tenant?groupMember=accounting')).toEqual(['beta']);
    expect(await ids('/tenant?nameLike=%25a')).toEqual(['acme', 'beta']);
    expect(await ids('/tenant?sortBy=name&sortOrder=asc')).toEqual(['beta', 'gamma', 'acme']);
    expect((await get(sim, '/tenant/count?name=Mid')).body).toEqual({ count: 1 });
    expect((await get(sim, '/tenant?sortBy=name')).status).toBe(400);
  });

  it('a deleted tenant takes its memberships and the authorizations on it; a deleted group its tenant memberships', async () => {
    await post(sim, '/tenant/create', { id: 'acme', name: 'Acme' });
    await post(sim, '/tenant/create', { id: 'beta', name: 'Beta' });
    await put('/tenant/acme/user-members/john');
    await put('/tenant/beta/group-members/sales');
    expect(await remove('/tenant/acme')).toEqual(NO_CONTENT);
    expect(await remove('/tenant/acme')).toEqual(NO_CONTENT);
    expect(sim.state.tenantMemberships).toEqual([{ tenantId: 'beta', groupId: 'sales' }]);
    expect(tenantGrants().map((grant) => grant.resourceId)).toEqual(['beta']);
    expect(await remove('/group/sales')).toEqual(NO_CONTENT);
    expect(sim.state.tenantMemberships).toEqual([]);
    expect(tenantGrants()).toEqual([]);
  });
});

describe('tenants with the Basic auth filter', () => {
  beforeEach(async () => {
    sim = await startSimulator({ basicAuth: true });
  });

  type User = 'demo' | 'john' | 'mary';
  const request = (user: User, method: string, path: string, body?: unknown): Promise<Answer> =>
    call(sim, method, path, { basicAuth: `${user}:${user}`, body });

  it('needs CREATE on TENANT, hides unreadable tenants, and shows a member the tenant it was added to', async () => {
    const denied = await request('john', 'POST', '/tenant/create', { id: 'acme', name: 'Acme' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      type: 'AuthorizationException',
      missingAuthorizations: [{ permissionName: 'CREATE', resourceName: 'Tenant', resourceId: null }],
    });
    expect(await request('demo', 'POST', '/tenant/create', { id: 'acme', name: 'Acme' })).toEqual(NO_CONTENT);
    expect((await request('john', 'GET', '/tenant/acme')).status).toBe(404);
    expect((await request('john', 'GET', '/tenant/count')).body).toEqual({ count: 0 });
    expect((await request('john', 'PUT', '/tenant/acme/user-members/mary')).status).toBe(403);
    expect(await request('demo', 'PUT', '/tenant/acme/user-members/john')).toEqual(NO_CONTENT);
    expect((await request('john', 'GET', '/tenant/acme')).body).toEqual({ id: 'acme', name: 'Acme' });
    expect((await request('john', 'DELETE', '/tenant/acme')).status).toBe(403);
    const links = (await request('john', 'OPTIONS', '/tenant/acme')).body as { links: { rel: string }[] };
    expect(links.links.map((link) => link.rel)).toEqual(['self']);
    const adminLinks = (await request('demo', 'OPTIONS', '/tenant/acme/user-members')).body as { links: { rel: string }[] };
    expect(adminLinks.links.map((link) => link.rel)).toEqual(['delete', 'create']);
  });
});
