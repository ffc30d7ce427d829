// /group, its members and /user over the real socket, without the Basic auth filter (nobody
// authenticated, nothing checked). With an authenticated user: group-auth.test.ts.
//
// Seed: groups accounting (mary + 11: 12 members), camunda-admin (demo), management (max, nora),
// sales (john, lena, max); 17 users, password = id.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, get, post } from './client.js';
import type { Answer } from './client.js';
import { engineUuid, PERSISTENCE_EXCEPTION_MESSAGE, ResourceType, startSimulator } from './index.js';
import type { AuthorizationRecord, Simulator } from './index.js';
import { loadSample, loadSampleAt, sampleIndex } from './samples.js';
import type { SampleEntry } from './samples.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  await sim.close();
});

const error = (status: number, type: string, message: string, code: number | null = 0): Answer => ({
  status,
  contentType: 'application/json',
  body: { type, message, code },
});
const ok = (body: unknown): Answer => ({ status: 200, contentType: 'application/json', body });
const NO_CONTENT: Answer = { status: 204, contentType: null, body: '' };

const put = (path: string, body?: unknown): Promise<Answer> => call(sim, 'PUT', path, { body });
const remove = (path: string): Promise<Answer> => call(sim, 'DELETE', path);
const ids = async (path: string): Promise<string[]> => ((await get(sim, path)).body as { id: string }[]).map((row) => row.id);

const ACCOUNTING = ['anna', 'ben', 'clara', 'david', 'emma', 'felix', 'greta', 'henry', 'ida', 'jonas', 'karla', 'mary'];

describe('the captured group requests, replayed in capture order against the capture engine state', () => {
  // The capture engine had only camunda-admin (and demo as its member) when group-list ran.
  const entries = sampleIndex().filter((entry) => entry.name.startsWith('group-'));

  it('covers every group sample', () => {
    expect(entries.map((entry) => entry.name)).toEqual([
      'group-list',
      'group-create',
      'group-create-duplicate',
      'group-create-without-id',
      'group-get',
      'group-get-404',
      'group-count',
      'group-query-post',
      'group-options',
      'group-options-id',
      'group-update',
      'group-update-404',
      'group-member-add',
      'group-member-add-unknown-user',
      'group-member-add-unknown-group',
      'group-members-options',
      'group-member-delete',
      'group-delete-404',
    ]);
  });

  it('answers each exactly like the engine did', async () => {
    sim.state.groups = sim.state.groups.filter((group) => group.id === 'camunda-admin');
    sim.state.memberships = sim.state.memberships.filter((membership) => membership.groupId === 'camunda-admin');
    const replay = async (entry: SampleEntry): Promise<{ name: string; status: number; contentType: string | null; body: unknown }> => {
      const url = new URL(entry.url);
      const answer = await call(sim, entry.method, `${url.pathname.replace(/^\/engine-rest/, '')}${url.search}`, {
        body: entry.request === null ? undefined : entry.request,
      });
      return { name: entry.name, ...answer };
    };
    for (const entry of entries) {
      expect(await replay(entry)).toEqual({
        name: entry.name,
        status: entry.status,
        contentType: entry.contentType ?? null,
        body: entry.file ? loadSampleAt(entry.file.replace(/\.json$/, ''), sim.url) : '',
      });
    }
    // What the writes left behind: sales renamed, demo added and removed again.
    expect(sim.state.findGroup('sales')).toMatchObject({ id: 'sales', name: 'Sales Dept', type: 'WORKFLOW' });
    expect(sim.state.memberIdsOf('sales')).toEqual([]);
  });
});

describe('GET /group and /group/count', () => {
  it('lists every group by id, as GroupDto', async () => {
    expect(await get(sim, '/group')).toEqual(
      ok([
        { id: 'accounting', name: 'Accounting', type: 'WORKFLOW' },
        { id: 'camunda-admin', name: 'camunda BPM Administrators', type: 'SYSTEM' },
        { id: 'management', name: 'Management', type: 'WORKFLOW' },
        { id: 'sales', name: 'Sales', type: 'WORKFLOW' },
      ]),
    );
    expect(await get(sim, '/group/count')).toEqual(ok({ count: 4 }));
    expect(await get(sim, '/engine/default/group/count')).toEqual(ok({ count: 4 }));
  });

  it.each([
    ['?id=sales', ['sales']],
    ['?idIn=sales,management,nope', ['management', 'sales']],
    ['?idIn=', []],
    ['?name=Sales', ['sales']],
    ['?name=sales', []],
    ['?nameLike=%25ment', ['management']],
    // LIKE is case-sensitive: 'Accounting' has no lower-case a.
    ['?nameLike=%25a%25', ['camunda-admin', 'management', 'sales']],
    ['?nameLike=S_les', ['sales']],
    ['?type=SYSTEM', ['camunda-admin']],
    ['?member=max', ['management', 'sales']],
    ['?member=demo&type=WORKFLOW', []],
    ['?member=nobody', []],
    ['?memberOfTenant=tenant-a', []],
    ['?unknownParameter=x', ['accounting', 'camunda-admin', 'management', 'sales']],
    ['?id=sales&id=accounting', ['sales']],
  ])('filters %s', async (query, expected) => {
    expect(await ids(`/group${query}`)).toEqual(expected);
    expect((await get(sim, `/group/count${query}`)).body).toEqual({ count: expected.length });
  });

  it.each([
    ['?sortBy=id&sortOrder=desc', ['sales', 'management', 'camunda-admin', 'accounting']],
    ['?sortBy=name&sortOrder=asc', ['accounting', 'management', 'sales', 'camunda-admin']],
    ['?sortBy=type&sortOrder=desc', ['accounting', 'management', 'sales', 'camunda-admin']],
    ['?sortBy=type&sortOrder=asc', ['camunda-admin', 'accounting', 'management', 'sales']],
  ])('sorts %s (ties by id)', async (query, expected) => {
    expect(await ids(`/group${query}`)).toEqual(expected);
  });

  it('pages with firstResult and maxResults; count ignores them', async () => {
    expect(await ids('/group?firstResult=1&maxResults=2')).toEqual(['camunda-admin', 'management']);
    expect(await ids('/group?firstResult=3')).toEqual(['sales']);
    expect(await ids('/group?maxResults=0')).toEqual([]);
    expect((await get(sim, '/group/count?firstResult=3&maxResults=1')).body).toEqual({ count: 4 });
  });

  it('sorts a null name lowest (H2)', async () => {
    expect((await put('/group/management', { id: 'management' })).status).toBe(204);
    expect(await ids('/group?sortBy=name&sortOrder=asc')).toEqual(['management', 'accounting', 'sales', 'camunda-admin']);
  });

  it('rejects like the engine: sort pair, sortBy value, paging', async () => {
    expect(await get(sim, '/group?sortBy=name')).toEqual(
      error(400, 'InvalidRequestException', 'Only a single sorting parameter specified. sortBy and sortOrder required', null),
    );
    expect(await get(sim, '/group/count?sortOrder=asc')).toEqual(
      error(400, 'InvalidRequestException', 'Only a single sorting parameter specified. sortBy and sortOrder required', null),
    );
    expect(await get(sim, '/group?sortBy=member&sortOrder=asc')).toEqual(
      error(400, 'InvalidRequestException', "Cannot set query parameter 'sortBy' to value 'member'", null),
    );
    expect(await get(sim, '/group?sortBy=id&sortOrder=up')).toEqual(
      error(400, 'InvalidRequestException', "Cannot set query parameter 'sortOrder' to value 'up'", null),
    );
    expect((await get(sim, '/group?maxResults=ten')).status).toBe(404);
  });

  it('answers an unknown engine with 400 after the parameters are read', async () => {
    expect(await get(sim, '/engine/nope/group')).toEqual(error(400, 'InvalidRequestException', 'No process engine available', null));
    expect((await get(sim, '/engine/nope/group?sortBy=x&sortOrder=asc')).body).toMatchObject({ message: "Cannot set query parameter 'sortBy' to value 'x'" });
  });
});

describe('POST /group and /group/count (GroupQueryDto)', () => {
  it('takes the same filters as a JSON body, idIn as an array, paging in the URL', async () => {
    expect((await post(sim, '/group?firstResult=0&maxResults=10', { nameLike: '%a%', type: 'WORKFLOW' })).body).toEqual([
      { id: 'management', name: 'Management', type: 'WORKFLOW' },
      { id: 'sales', name: 'Sales', type: 'WORKFLOW' },
    ]);
    expect((await post(sim, '/group', { idIn: ['sales', 'accounting'], member: 'mary' })).body).toEqual([
      { id: 'accounting', name: 'Accounting', type: 'WORKFLOW' },
    ]);
    expect((await post(sim, '/group/count', { idIn: ['sales', 'accounting'] })).body).toEqual({ count: 2 });
    expect((await post(sim, '/group/count', { idIn: [] })).body).toEqual({ count: 4 });
    expect((await post(sim, '/group/count', { id: null, unknown: 1 })).body).toEqual({ count: 4 });
    expect((await post(sim, '/group/count', '')).body).toEqual({ count: 4 });
    expect(await ids('/group?firstResult=1&maxResults=1')).toEqual(['camunda-admin']);
    expect(((await post(sim, '/group?firstResult=1&maxResults=1', {})).body as { id: string }[]).map((group) => group.id)).toEqual(['camunda-admin']);
  });

  it('sorts by the `sorting` list after a top-level pair', async () => {
    const order = async (body: unknown): Promise<unknown> => ((await post(sim, '/group', body)).body as { id: string }[]).map((group) => group.id);
    expect(
      await order({
        sorting: [
          { sortBy: 'type', sortOrder: 'asc' },
          { sortBy: 'id', sortOrder: 'desc' },
        ],
      }),
    ).toEqual(['camunda-admin', 'sales', 'management', 'accounting']);
    expect(await order({ sortBy: 'name', sortOrder: 'desc', sorting: [{ sortBy: 'id', sortOrder: 'asc' }] })).toEqual([
      'camunda-admin',
      'sales',
      'management',
      'accounting',
    ]);
  });

  it('rejects what Jackson or the query rejects', async () => {
    const invalid = error(400, 'InvalidRequestException', '', null);
    expect(await post(sim, '/group', { idIn: 'sales' })).toEqual(invalid);
    expect(await post(sim, '/group', { sortBy: 'nope', sortOrder: 'asc' })).toEqual(invalid);
    expect(await post(sim, '/group/count', '{"id": ')).toEqual(invalid);
    expect(await post(sim, '/group', [])).toEqual(invalid);
    expect(await post(sim, '/group', { sortBy: 'id' })).toEqual(
      error(400, 'InvalidRequestException', 'Only a single sorting parameter specified. sortBy and sortOrder required', null),
    );
    expect(await post(sim, '/group', { sorting: [{ sortOrder: 'asc' }] })).toEqual(
      error(400, 'NotValidException', 'You should call any of the orderBy methods first before specifying a direction: currentOrderingProperty is null'),
    );
    expect(await post(sim, '/group', { sorting: [{ sortBy: 'id' }] })).toEqual(
      error(400, 'NotValidException', 'Invalid query: call asc() or desc() after using orderByXX(): direction is null'),
    );
    expect((await post(sim, '/group?firstResult=x', {})).status).toBe(404);
  });
});

describe('GET /group/{id}', () => {
  it('answers group-get.json and group-get-404.json', async () => {
    expect(await get(sim, '/group/sales')).toEqual(ok(loadSample('group-get')));
    expect(await get(sim, '/group/nope')).toEqual({ status: 404, contentType: 'application/json', body: loadSample('group-get-404') });
    expect((await get(sim, '/engine/nope/group/sales')).status).toBe(400);
  });

  it('decodes the path id (a%2Fb is a/b)', async () => {
    expect(await get(sim, '/group/a%2Fb')).toEqual(error(404, 'InvalidRequestException', 'Group with id a/b does not exist', null));
  });
});

describe('POST /group/create', () => {
  const create = (body: unknown): Promise<Answer> => post(sim, '/group/create', body);

  it('creates with 204 and the default authorization GRANT READ on the group for its members', async () => {
    expect(await create({ id: 'finance', name: 'Finance', type: 'WORKFLOW' })).toEqual(NO_CONTENT);
    expect(await get(sim, '/group/finance')).toEqual(ok({ id: 'finance', name: 'Finance', type: 'WORKFLOW' }));
    const auth: AuthorizationRecord = {
      id: engineUuid(0xd0000001),
      type: 1,
      permissions: ['READ'],
      userId: null,
      groupId: 'finance',
      resourceType: ResourceType.GROUP,
      resourceId: 'finance',
      removalTime: null,
      rootProcessInstanceId: null,
    };
    expect((await get(sim, '/authorization?resourceType=2&resourceId=finance')).body).toEqual([auth]);
  });

  it('stores absent name and type as null; ignores unknown properties', async () => {
    expect(await create({ id: 'bare', colour: 'red' })).toEqual(NO_CONTENT);
    expect((await get(sim, '/group/bare')).body).toEqual({ id: 'bare', name: null, type: null });
  });

  it('answers a duplicate with group-create-duplicate.json (400) and creates nothing', async () => {
    const authorizations = sim.state.authorizations.length;
    expect(await create({ id: 'sales', name: 'Other' })).toEqual({ status: 400, contentType: 'application/json', body: loadSample('group-create-duplicate') });
    expect(sim.state.groups.filter((group) => group.id === 'sales')).toEqual([{ id: 'sales', name: 'Sales', type: 'WORKFLOW' }]);
    expect(sim.state.authorizations).toHaveLength(authorizations);
  });

  it('answers a missing id with group-create-without-id.json (500)', async () => {
    expect(await create({ name: 'No id' })).toEqual({ status: 500, contentType: 'application/json', body: loadSample('group-create-without-id') });
    expect(await create({})).toEqual(error(500, 'NullValueException', 'groupId is null'));
    expect(await create('')).toEqual(error(500, 'NullValueException', 'groupId is null'));
  });

  it.each(['my-group', 'team_a', 'a b', 'x.y', '', 'camunda-admins'])("rejects the id '%s' outside the whitelist [a-zA-Z0-9]+|camunda-admin", async (id) => {
    expect(await create({ id, name: 'x' })).toEqual(
      error(500, 'ProcessEngineException', `Group has an invalid id: '${id}' is not a valid resource identifier.`),
    );
  });

  it('accepts camunda-admin as an id (it matches the pattern), then finds it taken', async () => {
    expect(await create({ id: 'camunda-admin' })).toEqual({ status: 400, contentType: 'application/json', body: loadSample('group-create-duplicate') });
  });

  it('rejects bodies Jackson cannot bind, and a JSON null body', async () => {
    expect(await create({ id: ['x'] })).toEqual(error(400, 'InvalidRequestException', '', null));
    expect(await create('{"id":')).toEqual(error(400, 'InvalidRequestException', '', null));
    expect(await create(null)).toEqual(
      error(500, 'NullPointerException', 'Cannot invoke "org.camunda.bpm.engine.rest.dto.identity.GroupDto.getId()" because "groupDto" is null', null),
    );
    expect(await create({ id: 7 })).toEqual(NO_CONTENT);
    expect((await get(sim, '/group/7')).body).toEqual({ id: '7', name: null, type: null });
  });

  it('binds the body before it looks for the engine', async () => {
    expect((await post(sim, '/engine/nope/group/create', '{')).status).toBe(400);
    expect(await post(sim, '/engine/nope/group/create', { id: 'x' })).toEqual(error(400, 'InvalidRequestException', 'No process engine available', null));
  });
});

describe('PUT /group/{id}', () => {
  it('replaces id, name and type: absent fields become null (group-update)', async () => {
    expect(await put('/group/sales', { id: 'sales', name: 'Sales Dept', type: 'WORKFLOW' })).toEqual(NO_CONTENT);
    expect((await get(sim, '/group/sales')).body).toEqual({ id: 'sales', name: 'Sales Dept', type: 'WORKFLOW' });
    expect(await put('/group/sales', { id: 'sales', name: 'Sales' })).toEqual(NO_CONTENT);
    expect((await get(sim, '/group/sales')).body).toEqual({ id: 'sales', name: 'Sales', type: null });
    expect(await put('/group/sales', { id: 'sales' })).toEqual(NO_CONTENT);
    expect((await get(sim, '/group/sales')).body).toEqual({ id: 'sales', name: null, type: null });
  });

  it('answers an unknown group with group-update-404.json', async () => {
    expect(await put('/group/nope', { id: 'nope', name: 'x' })).toEqual({ status: 404, contentType: 'application/json', body: loadSample('group-update-404') });
  });

  it('fails without an id in the body: the whitelist check dereferences null (inferred)', async () => {
    expect(await put('/group/sales', { name: 'x' })).toEqual(
      error(500, 'NullPointerException', 'Cannot invoke "java.lang.CharSequence.length()" because "this.text" is null', null),
    );
    expect(sim.state.findGroup('sales')?.name).toBe('Sales');
  });

  it('fails with another id: no row to update at that id (OptimisticLockingException, inferred)', async () => {
    expect(await put('/group/sales', { id: 'salesnew', name: 'x' })).toEqual(
      error(
        500,
        'OptimisticLockingException',
        "ENGINE-03005 Execution of 'UPDATE GroupEntity[salesnew]' failed. Entity was updated by another transaction concurrently.",
        1,
      ),
    );
    expect(await put('/group/sales', { id: 'bad id' })).toEqual(
      error(500, 'ProcessEngineException', "Group has an invalid id: 'bad id' is not a valid resource identifier."),
    );
    expect(sim.state.findGroup('salesnew')).toBeUndefined();
  });

  it('overwrites another group with the same revision instead, like the SQL does (inferred)', async () => {
    expect(await put('/group/sales', { id: 'management', name: 'Taken over' })).toEqual(NO_CONTENT);
    expect((await get(sim, '/group/management')).body).toEqual({ id: 'management', name: 'Taken over', type: null });
    expect((await get(sim, '/group/sales')).body).toEqual({ id: 'sales', name: 'Sales', type: 'WORKFLOW' });
    // Now their revisions differ.
    expect((await put('/group/sales', { id: 'management' })).status).toBe(500);
  });

  it('rejects bad bodies with 400 and a JSON null with the NullPointerException', async () => {
    expect(await put('/group/sales', { name: {} })).toEqual(error(400, 'InvalidRequestException', '', null));
    expect(await put('/group/sales', null)).toEqual(
      error(
        500,
        'NullPointerException',
        'Cannot invoke "org.camunda.bpm.engine.rest.dto.identity.GroupDto.update(org.camunda.bpm.engine.identity.Group)" because "group" is null',
        null,
      ),
    );
  });
});

describe('DELETE /group/{id}', () => {
  it('deletes with 204, with its memberships and the authorizations on it (not those granted to it)', async () => {
    const granted = sim.state.authorizations.filter((auth) => auth.groupId === 'sales').map((auth) => auth.id);
    sim.state.authorizations.push(
      {
        id: 'on-sales',
        type: 1,
        permissions: ['READ'],
        userId: 'mary',
        groupId: null,
        resourceType: ResourceType.GROUP,
        resourceId: 'sales',
        removalTime: null,
        rootProcessInstanceId: null,
      },
      {
        id: 'on-sales-members',
        type: 1,
        permissions: ['ALL'],
        userId: 'mary',
        groupId: null,
        resourceType: ResourceType.GROUP_MEMBERSHIP,
        resourceId: 'sales',
        removalTime: null,
        rootProcessInstanceId: null,
      },
    );
    expect(await remove('/group/sales')).toEqual(NO_CONTENT);
    expect((await get(sim, '/group/sales')).status).toBe(404);
    expect(sim.state.memberships.filter((membership) => membership.groupId === 'sales')).toEqual([]);
    expect(sim.state.findAuthorization('on-sales')).toBeUndefined();
    expect(sim.state.findAuthorization('on-sales-members')).toBeDefined();
    expect(granted.every((id) => sim.state.findAuthorization(id) !== undefined)).toBe(true);
    expect((await get(sim, '/user?id=john')).body).toHaveLength(1);
  });

  it('answers 204 for an unknown group (group-delete-404)', async () => {
    expect(await remove('/group/nope')).toEqual(NO_CONTENT);
    expect(sim.state.groups).toHaveLength(4);
  });
});

describe('PUT and DELETE /group/{id}/members/{userId}', () => {
  it('adds and removes a member', async () => {
    expect(await put('/group/sales/members/demo')).toEqual(NO_CONTENT);
    expect(await ids('/user?memberOfGroup=sales')).toEqual(['demo', 'john', 'lena', 'max']);
    expect(await ids('/group?member=demo')).toEqual(['camunda-admin', 'sales']);
    expect(await remove('/group/sales/members/demo')).toEqual(NO_CONTENT);
    expect(await ids('/user?memberOfGroup=sales')).toEqual(['john', 'lena', 'max']);
  });

  it('answers unknown users and groups like group-member-add-unknown-*.json; the user is looked up first', async () => {
    expect(await put('/group/sales/members/nobody')).toEqual({
      status: 500,
      contentType: 'application/json',
      body: loadSample('group-member-add-unknown-user'),
    });
    expect(await put('/group/nope/members/demo')).toEqual({ status: 500, contentType: 'application/json', body: loadSample('group-member-add-unknown-group') });
    expect((await put('/group/nope/members/nobody')).body).toMatchObject({ message: "No user found with id 'nobody'.: user is null" });
  });

  it('answers an existing membership with the generic persistence error, as Camunda 7.24 does', async () => {
    expect(await put('/group/sales/members/john')).toEqual(error(500, 'ProcessEnginePersistenceException', PERSISTENCE_EXCEPTION_MESSAGE));
    expect(sim.state.memberships.filter((membership) => membership.userId === 'john' && membership.groupId === 'sales')).toHaveLength(1);
  });

  it('removes a membership that is not there with 204 and touches nothing', async () => {
    sim.state.authorizations.push({
      id: 'm',
      type: 1,
      permissions: ['ALL'],
      userId: 'mary',
      groupId: null,
      resourceType: 3,
      resourceId: 'sales',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    expect(await remove('/group/sales/members/mary')).toEqual(NO_CONTENT);
    expect(await remove('/group/nope/members/nobody')).toEqual(NO_CONTENT);
    expect(sim.state.findAuthorization('m')).toBeDefined();
  });

  it("removing an existing member also drops that user's GROUP_MEMBERSHIP authorizations on that group (deleteMembership), no one else's", async () => {
    sim.state.authorizations.push({
      id: 'm',
      type: 1,
      permissions: ['ALL'],
      userId: 'mary',
      groupId: null,
      resourceType: 3,
      resourceId: 'sales',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    sim.state.authorizations.push({
      id: 'j',
      type: 1,
      permissions: ['ALL'],
      userId: 'john',
      groupId: null,
      resourceType: 3,
      resourceId: 'sales',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    sim.state.authorizations.push({
      id: 'g',
      type: 1,
      permissions: ['ALL'],
      userId: null,
      groupId: 'sales',
      resourceType: 3,
      resourceId: 'sales',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    expect(await remove('/group/sales/members/john')).toEqual(NO_CONTENT);
    expect(sim.state.findAuthorization('j')).toBeUndefined();
    expect(sim.state.findAuthorization('m')).toBeDefined();
    expect(sim.state.findAuthorization('g')).toBeDefined();
  });

  it('decodes the user id in the path', async () => {
    expect((await put('/group/sales/members/a%2Fb')).body).toMatchObject({ message: "No user found with id 'a/b'.: user is null" });
  });
});

describe('OPTIONS', () => {
  it('answers group-options.json, group-options-id.json and group-members-options.json', async () => {
    expect(await call(sim, 'OPTIONS', '/group')).toEqual(ok(loadSampleAt('group-options', sim.url)));
    expect(await call(sim, 'OPTIONS', '/group/sales')).toEqual(ok(loadSampleAt('group-options-id', sim.url)));
    expect(await call(sim, 'OPTIONS', '/group/sales/members')).toEqual(ok(loadSampleAt('group-members-options', sim.url)));
  });

  it('does not check that the group exists, and links to the named engine', async () => {
    expect((await call(sim, 'OPTIONS', '/engine/default/group/nope/members')).body).toEqual({
      links: [
        { method: 'DELETE', href: `${sim.url}/engine/default/group/nope/members`, rel: 'delete' },
        { method: 'PUT', href: `${sim.url}/engine/default/group/nope/members`, rel: 'create' },
      ],
    });
  });

  it('lists the /user links', async () => {
    expect((await call(sim, 'OPTIONS', '/user')).body).toEqual({
      links: [
        { method: 'GET', href: `${sim.url}/user`, rel: 'list' },
        { method: 'GET', href: `${sim.url}/user/count`, rel: 'count' },
        { method: 'POST', href: `${sim.url}/user/create`, rel: 'create' },
      ],
    });
  });
});

describe('GET /user and /user/count', () => {
  it('lists the 12 members of accounting by id, as UserProfileDto', async () => {
    expect(await ids('/user?memberOfGroup=accounting')).toEqual(ACCOUNTING);
    expect((await get(sim, '/user/count?memberOfGroup=accounting')).body).toEqual({ count: 12 });
    expect((await get(sim, '/user?id=mary')).body).toEqual([{ id: 'mary', firstName: 'Mary', lastName: 'Anne', email: 'mary@camunda.org' }]);
    expect((await get(sim, '/user?id=karla')).body).toEqual([{ id: 'karla', firstName: 'Karla', lastName: 'Richter', email: null }]);
  });

  it('pages the members like `members list` does (sortBy=userId, pages of 5)', async () => {
    const page = (first: number): Promise<string[]> => ids(`/user?memberOfGroup=accounting&sortBy=userId&sortOrder=asc&firstResult=${first}&maxResults=5`);
    expect([...(await page(0)), ...(await page(5)), ...(await page(10))]).toEqual(ACCOUNTING);
    expect(await page(10)).toEqual(['karla', 'mary']);
    expect(await page(15)).toEqual([]);
  });

  it.each([
    ['?idIn=mary,john,nobody', ['john', 'mary']],
    ['?firstName=Anna', ['anna']],
    ['?firstNameLike=J%25', ['john', 'jonas']],
    ['?lastName=Doe', ['john']],
    ['?lastNameLike=%25er', ['ben', 'clara', 'emma', 'felix', 'greta', 'karla']],
    ['?email=nora@example.org', ['nora']],
    ['?emailLike=%25@camunda.org', ['demo', 'john', 'mary']],
    ['?memberOfGroup=management&lastNameLike=M%25', ['max']],
    ['?memberOfGroup=nope', []],
    ['?memberOfTenant=tenant-a', []],
    ['?potentialStarter=invoice', []],
  ])('filters %s', async (query, expected) => {
    expect((await ids(`/user${query}`)).sort()).toEqual([...expected].sort());
    expect((await get(sim, `/user/count${query}`)).body).toEqual({ count: expected.length });
  });

  it('sorts by userId, firstName, lastName and email (null lowest)', async () => {
    expect((await ids('/user?sortBy=userId&sortOrder=desc')).slice(0, 3)).toEqual(['nora', 'max', 'mary']);
    expect(await ids('/user?memberOfGroup=sales&sortBy=firstName&sortOrder=desc')).toEqual(['max', 'lena', 'john']);
    expect(await ids('/user?memberOfGroup=management&sortBy=lastName&sortOrder=asc')).toEqual(['nora', 'max']);
    expect(await ids('/user?idIn=karla,anna&sortBy=email&sortOrder=asc')).toEqual(['karla', 'anna']);
  });

  it('rejects like the engine', async () => {
    expect(await get(sim, '/user?sortBy=id&sortOrder=asc')).toEqual(
      error(400, 'InvalidRequestException', "Cannot set query parameter 'sortBy' to value 'id'", null),
    );
    expect(await get(sim, '/user?sortBy=email')).toEqual(
      error(400, 'InvalidRequestException', 'Only a single sorting parameter specified. sortBy and sortOrder required', null),
    );
    expect((await get(sim, '/user?firstResult=-')).status).toBe(404);
    expect((await get(sim, '/engine/nope/user/count')).status).toBe(400);
  });
});
