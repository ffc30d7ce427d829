// /group, members and /user with the Basic auth filter on: the caller's authorizations decide what it
// sees (READ-filtered queries, 404 for an unreadable group), what it may do (403 AuthorizationException)
// and which OPTIONS links it gets. Over the real socket.
//
// Seed: demo is in camunda-admin (ALL on every resource type); john (sales) and mary (accounting) have
// no authorization on GROUP, GROUP_MEMBERSHIP or USER.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './client.js';
import type { Answer } from './client.js';
import { AuthorizationType, ResourceType, startSimulator } from './index.js';
import type { AuthorizationRecord, Simulator } from './index.js';
import { loadSample, sampleIndex } from './samples.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator({ basicAuth: true });
});

afterEach(async () => {
  await sim.close();
});

type User = 'demo' | 'john' | 'mary' | 'max';
const request = (user: User, method: string, path: string, body?: unknown): Promise<Answer> => call(sim, method, path, { basicAuth: `${user}:${user}`, body });
const ids = async (user: User, path: string): Promise<string[]> => ((await request(user, 'GET', path)).body as { id: string }[]).map((row) => row.id);
const links = async (user: User, path: string): Promise<string[]> =>
  ((await request(user, 'OPTIONS', path)).body as { links: { rel: string }[] }).links.map((link) => link.rel);

let grantCount = 0;
function grant(fields: Partial<AuthorizationRecord> & Pick<AuthorizationRecord, 'permissions' | 'resourceType' | 'resourceId'>): void {
  grantCount += 1;
  sim.state.authorizations.push({
    id: `test-grant-${grantCount}`,
    type: AuthorizationType.GRANT,
    userId: null,
    groupId: null,
    removalTime: null,
    rootProcessInstanceId: null,
    ...fields,
  });
}

const denied = (user: string, permission: string, resourceName: string, resourceId: string | null): Answer => ({
  status: 403,
  contentType: 'application/json',
  body: {
    type: 'AuthorizationException',
    message:
      resourceId === null
        ? `The user with id '${user}' does not have '${permission}' permission on resource '${resourceName}'.`
        : `The user with id '${user}' does not have '${permission}' permission on resource '${resourceId}' of type '${resourceName}'.`,
    code: 0,
    userId: user,
    resourceName,
    resourceId,
    permissionName: permission,
    missingAuthorizations: [{ permissionName: permission, resourceName, resourceId }],
  },
});
const NO_CONTENT: Answer = { status: 204, contentType: null, body: '' };

describe('group queries see only the groups the caller may READ', () => {
  it('shows everything to demo (camunda-admin) and nothing to john', async () => {
    expect(await ids('demo', '/group')).toEqual(['accounting', 'camunda-admin', 'management', 'sales']);
    expect(await ids('john', '/group')).toEqual([]);
    expect((await request('john', 'GET', '/group/count')).body).toEqual({ count: 0 });
    expect((await request('john', 'POST', '/group/count', {})).body).toEqual({ count: 0 });
    expect((await request('john', 'GET', '/group/sales')).status).toBe(404);
  });

  it('follows grants on single groups and on *, to the user or to its groups', async () => {
    grant({ userId: 'john', permissions: ['READ'], resourceType: ResourceType.GROUP, resourceId: 'sales' });
    expect(await ids('john', '/group')).toEqual(['sales']);
    expect((await request('john', 'GET', '/group/sales')).body).toEqual({ id: 'sales', name: 'Sales', type: 'WORKFLOW' });
    grant({ groupId: 'accounting', permissions: ['ALL'], resourceType: ResourceType.GROUP, resourceId: '*' });
    expect(await ids('mary', '/group?sortBy=id&sortOrder=desc&maxResults=2')).toEqual(['sales', 'management']);
    expect(await ids('john', '/group')).toEqual(['sales']);
  });

  it('applies REVOKEs once some exist for the caller (user before group, specific id before *)', async () => {
    grant({ groupId: 'sales', permissions: ['READ'], resourceType: ResourceType.GROUP, resourceId: '*' });
    sim.state.authorizations.push({
      id: 'revoke',
      type: AuthorizationType.REVOKE,
      permissions: ['READ'],
      userId: 'john',
      groupId: null,
      resourceType: ResourceType.GROUP,
      resourceId: 'management',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    expect(await ids('john', '/group')).toEqual(['accounting', 'camunda-admin', 'sales']);
    expect(await ids('max', '/group')).toEqual(['accounting', 'camunda-admin', 'management', 'sales']);
  });

  it('lets members read a group created through REST (the default authorization)', async () => {
    expect(await request('demo', 'POST', '/group/create', { id: 'finance', name: 'Finance', type: 'WORKFLOW' })).toEqual(NO_CONTENT);
    expect(await request('demo', 'PUT', '/group/finance/members/john')).toEqual(NO_CONTENT);
    expect(await ids('john', '/group')).toEqual(['finance']);
    expect(await ids('mary', '/group')).toEqual([]);
  });
});

describe('writes want their permission', () => {
  it('answers john creating a group with auth-denied-group-create.json', async () => {
    const entry = sampleIndex().find((sample) => sample.name === 'auth-denied-group-create');
    expect(entry?.basicAuth).toBe('john');
    expect(await request('john', 'POST', '/group/create', entry?.request)).toEqual({
      status: 403,
      contentType: 'application/json',
      body: loadSample('auth-denied-group-create'),
    });
    expect(sim.state.findGroup('g2')).toBeUndefined();
  });

  it('checks the id pattern before CREATE, and CREATE before the duplicate', async () => {
    expect((await request('john', 'POST', '/group/create', { id: 'my-group' })).status).toBe(500);
    expect(await request('john', 'POST', '/group/create', { id: 'sales' })).toEqual(denied('john', 'CREATE', 'Group', null));
    grant({ userId: 'john', permissions: ['CREATE'], resourceType: ResourceType.GROUP, resourceId: '*' });
    expect((await request('john', 'POST', '/group/create', { id: 'sales' })).status).toBe(400);
    expect(await request('john', 'POST', '/group/create', { id: 'g2', name: 'G2' })).toEqual(NO_CONTENT);
  });

  it('updates only a readable group, with UPDATE on it', async () => {
    expect((await request('john', 'PUT', '/group/sales', { id: 'sales', name: 'x' })).status).toBe(404);
    grant({ userId: 'john', permissions: ['READ'], resourceType: ResourceType.GROUP, resourceId: 'sales' });
    expect(await request('john', 'PUT', '/group/sales', { id: 'sales', name: 'x' })).toEqual(denied('john', 'UPDATE', 'Group', 'sales'));
    grant({ userId: 'john', permissions: ['UPDATE'], resourceType: ResourceType.GROUP, resourceId: 'sales' });
    expect(await request('john', 'PUT', '/group/sales', { id: 'sales', name: 'x' })).toEqual(NO_CONTENT);
    expect(sim.state.findGroup('sales')?.name).toBe('x');
    expect(await request('demo', 'PUT', '/group/sales', { id: 'sales', name: 'Sales', type: 'WORKFLOW' })).toEqual(NO_CONTENT);
  });

  it('deletes with DELETE and then READ on the id, even for an unknown group', async () => {
    expect(await request('john', 'DELETE', '/group/nope')).toEqual(denied('john', 'DELETE', 'Group', 'nope'));
    grant({ userId: 'john', permissions: ['DELETE'], resourceType: ResourceType.GROUP, resourceId: 'sales' });
    expect(await request('john', 'DELETE', '/group/sales')).toEqual(denied('john', 'READ', 'Group', 'sales'));
    grant({ userId: 'john', permissions: ['READ'], resourceType: ResourceType.GROUP, resourceId: 'sales' });
    expect(await request('john', 'DELETE', '/group/sales')).toEqual(NO_CONTENT);
    expect(sim.state.findGroup('sales')).toBeUndefined();
    expect(await request('demo', 'DELETE', '/group/nope')).toEqual(NO_CONTENT);
  });

  it('adds a member with CREATE on GROUP_MEMBERSHIP <group>, READ on the user, then READ on the group', async () => {
    expect(await request('john', 'PUT', '/group/sales/members/mary')).toEqual(denied('john', 'CREATE', 'Group membership', 'sales'));
    grant({ userId: 'john', permissions: ['CREATE'], resourceType: ResourceType.GROUP_MEMBERSHIP, resourceId: 'sales' });
    expect(await request('john', 'PUT', '/group/sales/members/mary')).toEqual(denied('john', 'READ', 'User', 'mary'));
    grant({ userId: 'john', permissions: ['READ'], resourceType: ResourceType.USER, resourceId: '*' });
    expect((await request('john', 'PUT', '/group/sales/members/nobody')).body).toMatchObject({ type: 'NullValueException' });
    expect(await request('john', 'PUT', '/group/sales/members/mary')).toEqual(denied('john', 'READ', 'Group', 'sales'));
    grant({ userId: 'john', permissions: ['READ'], resourceType: ResourceType.GROUP, resourceId: 'sales' });
    expect(await request('john', 'PUT', '/group/sales/members/mary')).toEqual(NO_CONTENT);
    expect(sim.state.hasMembership('mary', 'sales')).toBe(true);
  });

  it('removes a member with DELETE on GROUP_MEMBERSHIP <group>', async () => {
    expect(await request('john', 'DELETE', '/group/sales/members/max')).toEqual(denied('john', 'DELETE', 'Group membership', 'sales'));
    expect(await request('demo', 'DELETE', '/group/sales/members/max')).toEqual(NO_CONTENT);
    expect(sim.state.hasMembership('max', 'sales')).toBe(false);
  });
});

describe('OPTIONS links follow the permissions', () => {
  it('gives demo every link and john only the reading ones', async () => {
    expect(await links('demo', '/group')).toEqual(['list', 'count', 'create']);
    expect(await links('john', '/group')).toEqual(['list', 'count']);
    expect(await links('demo', '/group/sales')).toEqual(['self', 'delete', 'update']);
    expect(await links('john', '/group/sales')).toEqual(['self']);
    expect(await links('demo', '/group/sales/members')).toEqual(['delete', 'create']);
    expect(await links('john', '/group/sales/members')).toEqual([]);
    expect(await links('john', '/user')).toEqual(['list', 'count']);
  });

  it('shows a link once the permission is granted on that id', async () => {
    grant({ userId: 'john', permissions: ['UPDATE'], resourceType: ResourceType.GROUP, resourceId: 'sales' });
    grant({ userId: 'john', permissions: ['CREATE'], resourceType: ResourceType.GROUP_MEMBERSHIP, resourceId: 'sales' });
    expect(await links('john', '/group/sales')).toEqual(['self', 'update']);
    expect(await links('john', '/group/accounting')).toEqual(['self']);
    expect(await links('john', '/group/sales/members')).toEqual(['create']);
  });
});

describe('user queries see only the users the caller may READ', () => {
  it('lists members for demo and nobody for john until READ on USER is granted', async () => {
    expect((await request('demo', 'GET', '/user/count?memberOfGroup=accounting')).body).toEqual({ count: 12 });
    expect(await ids('john', '/user?memberOfGroup=accounting')).toEqual([]);
    grant({ userId: 'john', permissions: ['READ'], resourceType: ResourceType.USER, resourceId: 'mary' });
    expect(await ids('john', '/user?memberOfGroup=accounting')).toEqual(['mary']);
    grant({ groupId: 'sales', permissions: ['READ'], resourceType: ResourceType.USER, resourceId: '*' });
    expect((await request('john', 'GET', '/user/count?memberOfGroup=accounting')).body).toEqual({ count: 12 });
  });
});
