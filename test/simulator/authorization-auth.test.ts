// /authorization with the Basic auth filter on: the caller's authorizations decide what it sees
// (filtered queries, 404 for unreadable ids), what it may do (403 AuthorizationException), which
// OPTIONS links it gets, and what GET /authorization/check answers. Over the real socket.
//
// Seed: demo is in camunda-admin (ALL on every resource type through the group's grants); john is in
// sales and has READ, UPDATE on PROCESS_DEFINITION 'refengine-demo' plus READ on that one
// authorization (johnReadsOwnGrant); sales has a REVOKE of DELETE on PROCESS_DEFINITION '*'; everybody
// has READ on FILTER '*'; mary (accounting) has nothing of her own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, get } from './client.js';
import type { Answer } from './client.js';
import { adminGrantId, engineUuid, ResourceType, SEEDED_AUTHORIZATION_IDS as IDS, startSimulator } from './index.js';
import type { AuthorizationRecord, Simulator } from './index.js';
import { loadSample, sampleIndex } from './samples.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator({ basicAuth: true });
});

afterEach(async () => {
  await sim.close();
});

type User = 'demo' | 'john' | 'mary';

const as = (user: User) => ({ basicAuth: `${user}:${user}` });
const request = (user: User, method: string, path: string, body?: unknown): Promise<Answer> => call(sim, method, path, { ...as(user), body });

function capturedRequest(name: string): unknown {
  const entry = sampleIndex().find((sample) => sample.name === name);
  if (!entry) throw new Error(`no sample ${name}`);
  return entry.request;
}

/** A sample captured against another engine (other ids, other port), with its text replaced. */
function sampleWith<T = unknown>(name: string, replacements: Record<string, string>): T {
  let text = JSON.stringify(loadSample(name));
  for (const [from, to] of Object.entries(replacements)) text = text.split(from).join(to);
  return JSON.parse(text) as T;
}

/** The aux engine's id of its camunda-admin grant on APPLICATION (authorization-*-without-*-permission.json). */
const AUX_ADMIN_GRANT = 'c86ac48f-e5fe-11f1-91bb-02fc00000001';
const AUX_ROOT = 'http://127.0.0.1:8081/engine-rest';
const ADMIN = IDS.adminApplication;
const JOHN = IDS.johnProcessDefinitionGrant;

function push(fields: Partial<AuthorizationRecord> & Pick<AuthorizationRecord, 'id' | 'type' | 'permissions' | 'resourceType'>): void {
  sim.state.authorizations.push({ userId: null, groupId: null, resourceId: '*', removalTime: null, rootProcessInstanceId: null, ...fields });
}

const denied = (user: string, permission: string, resourceId: string | null): Record<string, unknown> => ({
  type: 'AuthorizationException',
  message:
    resourceId === null
      ? `The user with id '${user}' does not have '${permission}' permission on resource 'Authorization'.`
      : `The user with id '${user}' does not have '${permission}' permission on resource '${resourceId}' of type 'Authorization'.`,
  code: 0,
  userId: user,
  resourceName: 'Authorization',
  resourceId,
  permissionName: permission,
  missingAuthorizations: [{ permissionName: permission, resourceName: 'Authorization', resourceId }],
});

describe('queries see only what the caller may READ', () => {
  it('lists and counts everything for demo (camunda-admin has ALL on AUTHORIZATION)', async () => {
    const list = await request('demo', 'GET', '/authorization');
    expect((list.body as unknown[]).length).toBe(sim.state.authorizations.length);
    expect((await request('demo', 'GET', '/authorization/count')).body).toEqual({ count: sim.state.authorizations.length });
  });

  it('lists only the readable authorization for john, filters and paging applied on top', async () => {
    expect((await request('john', 'GET', '/authorization')).body).toEqual([sim.state.findAuthorization(JOHN)]);
    expect((await request('john', 'GET', '/authorization/count')).body).toEqual({ count: 1 });
    expect((await request('john', 'GET', '/authorization?groupIdIn=camunda-admin')).body).toEqual([]);
    expect((await request('john', 'GET', '/authorization?firstResult=1')).body).toEqual([]);
  });

  it('lists nothing for mary', async () => {
    expect((await request('mary', 'GET', '/authorization')).body).toEqual([]);
    expect((await request('mary', 'GET', '/authorization/count')).body).toEqual({ count: 0 });
  });

  it('answers an id the caller cannot READ with 404, like authorization-get-without-read-permission.json', async () => {
    expect(await request('john', 'GET', `/authorization/${ADMIN}`)).toEqual({
      status: 404,
      contentType: 'application/json',
      body: sampleWith('authorization-get-without-read-permission', { [AUX_ADMIN_GRANT]: ADMIN }),
    });
    expect((await request('john', 'GET', `/authorization/${JOHN}`)).body).toEqual(loadSample('authorization-create'));
  });

  it('follows a READ grant on the whole AUTHORIZATION type', async () => {
    push({ id: 'mary-reads-all', type: 1, userId: 'mary', permissions: ['READ'], resourceType: ResourceType.AUTHORIZATION });
    expect((await request('mary', 'GET', '/authorization/count')).body).toEqual({ count: sim.state.authorizations.length });
  });

  it('counts a GRANT to userId "*" in queries as long as the caller has no revokes (the engine joins on it)', async () => {
    push({ id: 'grant-to-everybody', type: 1, userId: '*', permissions: ['READ'], resourceType: ResourceType.AUTHORIZATION });
    expect((await request('mary', 'GET', '/authorization/count')).body).toEqual({ count: sim.state.authorizations.length });
    // ... but the check itself (Authorization.xml#authCheck) only looks at the user's own rows, groups and GLOBALs.
    expect((await request('mary', 'GET', '/authorization/check?permissionName=READ&resourceName=Authorization&resourceType=4')).body).toMatchObject({
      authorized: false,
    });
    // john's group sales has a REVOKE, so his queries use the check: still only his own grant.
    expect((await request('john', 'GET', '/authorization/count')).body).toEqual({ count: 1 });
  });
});

describe('POST /authorization/create', () => {
  const body = { type: 1, permissions: ['READ'], userId: 'mary', resourceType: 6, resourceId: 'invoice' };

  it('creates as demo', async () => {
    const answer = await request('demo', 'POST', '/authorization/create', body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...body, id: engineUuid(0xd0000001) });
  });

  it('wants CREATE on AUTHORIZATION: 403 like auth-denied-group-create.json, for Authorization', async () => {
    const answer = await request('john', 'POST', '/authorization/create', body);
    const expected = sampleWith<Record<string, unknown>>('auth-denied-group-create', { "'Group'": "'Authorization'", '"Group"': '"Authorization"' });
    expect(answer).toEqual({ status: 403, contentType: 'application/json', body: expected });
    expect(answer.body).toEqual(denied('john', 'CREATE', null));
    expect(sim.state.authorizations.some((auth) => auth.userId === 'mary')).toBe(false);
  });

  it('checks CREATE after the JSON and the type, before the type value and everything else', async () => {
    expect((await request('john', 'POST', '/authorization/create', { type: 'x' })).status).toBe(400);
    expect((await request('john', 'POST', '/authorization/create', {})).body).toMatchObject({ type: 'NullPointerException' });
    expect((await request('john', 'POST', '/authorization/create', { type: 9, permissions: ['FLY'] })).status).toBe(403);
  });

  it('creates for a caller with CREATE but answers 404 when the caller cannot READ the new authorization', async () => {
    push({ id: 'john-creates', type: 1, userId: 'john', permissions: ['CREATE'], resourceType: ResourceType.AUTHORIZATION });
    const answer = await request('john', 'POST', '/authorization/create', body);
    const id = engineUuid(0xd0000001);
    expect(answer).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: `Authorization with id ${id} does not exist.`, code: null },
    });
    expect((await request('demo', 'GET', `/authorization/${id}`)).body).toMatchObject(body);
  });

  it('answers 200 when the caller can also READ it', async () => {
    push({ id: 'john-creates-reads', type: 1, userId: 'john', permissions: ['CREATE', 'READ'], resourceType: ResourceType.AUTHORIZATION });
    expect((await request('john', 'POST', '/authorization/create', body)).status).toBe(200);
  });
});

describe('PUT /authorization/{id}', () => {
  it('answers an authorization the caller cannot READ with 404, like authorization-update-without-permission.json', async () => {
    expect(await request('john', 'PUT', `/authorization/${ADMIN}`, capturedRequest('authorization-update-without-permission'))).toEqual({
      status: 404,
      contentType: 'application/json',
      body: sampleWith('authorization-update-without-permission', { [AUX_ADMIN_GRANT]: ADMIN }),
    });
  });

  it('wants UPDATE on the authorization: 403 naming its id, nothing changed', async () => {
    const before = structuredClone(sim.state.findAuthorization(JOHN));
    const answer = await request('john', 'PUT', `/authorization/${JOHN}`, capturedRequest('authorization-update'));
    expect(answer).toEqual({ status: 403, contentType: 'application/json', body: denied('john', 'UPDATE', JOHN) });
    expect(sim.state.findAuthorization(JOHN)).toEqual(before);
  });

  it('validates before it checks UPDATE', async () => {
    expect(await request('john', 'PUT', `/authorization/${JOHN}`, capturedRequest('authorization-update-invalid-permission'))).toMatchObject({
      status: 400,
      body: loadSample('authorization-update-invalid-permission'),
    });
    expect((await request('john', 'PUT', `/authorization/${JOHN}`, { resourceId: 'x' })).body).toMatchObject({ type: 'NullValueException' });
  });

  it('updates with UPDATE on the id', async () => {
    push({ id: 'john-updates-own', type: 1, userId: 'john', permissions: ['UPDATE'], resourceType: ResourceType.AUTHORIZATION, resourceId: JOHN });
    expect((await request('john', 'PUT', `/authorization/${JOHN}`, capturedRequest('authorization-update'))).status).toBe(204);
    expect((await request('john', 'GET', `/authorization/${JOHN}`)).body).toEqual(loadSample('authorization-get-after-update'));
  });

  it('updates as demo', async () => {
    expect((await request('demo', 'PUT', `/authorization/${JOHN}`, capturedRequest('authorization-update'))).status).toBe(204);
  });
});

describe('DELETE /authorization/{id}', () => {
  it('answers an unreadable authorization with 404', async () => {
    expect((await request('john', 'DELETE', `/authorization/${ADMIN}`)).status).toBe(404);
    expect(sim.state.findAuthorization(ADMIN)).toBeDefined();
  });

  it('wants DELETE on the authorization: 403 naming its id', async () => {
    expect(await request('john', 'DELETE', `/authorization/${JOHN}`)).toEqual({
      status: 403,
      contentType: 'application/json',
      body: denied('john', 'DELETE', JOHN),
    });
    expect(sim.state.findAuthorization(JOHN)).toBeDefined();
  });

  it('deletes with DELETE on the id, and as demo', async () => {
    push({ id: 'john-deletes-own', type: 1, userId: 'john', permissions: ['DELETE'], resourceType: ResourceType.AUTHORIZATION, resourceId: JOHN });
    expect((await request('john', 'DELETE', `/authorization/${JOHN}`)).status).toBe(204);
    expect((await request('demo', 'DELETE', `/authorization/${IDS.globalFilterRead}`)).status).toBe(204);
    expect(sim.state.findAuthorization(IDS.globalFilterRead)).toBeUndefined();
  });
});

describe('OPTIONS', () => {
  const links = (answer: Answer): string[] => (answer.body as { links: { rel: string }[] }).links.map((link) => link.rel);

  it('offers john no create link, like auth-options-as-john.json', async () => {
    expect(await request('john', 'OPTIONS', '/authorization')).toEqual({
      status: 200,
      contentType: 'application/json',
      body: sampleWith('auth-options-as-john', { [AUX_ROOT]: sim.url }),
    });
  });

  it('offers demo the create link, like authorization-options.json', async () => {
    expect(links(await request('demo', 'OPTIONS', '/authorization'))).toEqual(['list', 'count', 'create']);
  });

  it('offers delete and update per permission on the id', async () => {
    expect(links(await request('demo', 'OPTIONS', `/authorization/${JOHN}`))).toEqual(['self', 'delete', 'update']);
    expect(links(await request('john', 'OPTIONS', `/authorization/${JOHN}`))).toEqual(['self']);
    push({ id: 'john-updates-own', type: 1, userId: 'john', permissions: ['UPDATE'], resourceType: ResourceType.AUTHORIZATION, resourceId: JOHN });
    expect(links(await request('john', 'OPTIONS', `/authorization/${JOHN}`))).toEqual(['self', 'update']);
    expect(links(await request('john', 'OPTIONS', '/authorization/other'))).toEqual(['self']);
  });
});

describe('GET /authorization/check', () => {
  const CHECK = '/authorization/check?permissionName=READ&resourceName=Process%20Definition&resourceType=6&resourceId=refengine-demo';
  const check = async (user: User, query: string): Promise<Answer> => request(user, 'GET', `/authorization/check?${query}`);
  const authorized = async (user: User, query: string): Promise<unknown> => {
    const answer = await check(user, query);
    expect(answer.status).toBe(200);
    return (answer.body as { authorized: boolean }).authorized;
  };

  it('answers like auth-check-as-john.json for a user without the grant (mary)', async () => {
    expect(await request('mary', 'GET', CHECK)).toEqual({ status: 200, contentType: 'application/json', body: loadSample('auth-check-as-john') });
  });

  it('answers true for john, who has the grant in this seed', async () => {
    expect((await request('john', 'GET', CHECK)).body).toEqual({ ...loadSample<object>('auth-check-as-john'), authorized: true });
  });

  it('echoes resourceName and resourceId as given (null without one) and checks by resourceType', async () => {
    expect((await check('john', 'permissionName=READ&resourceName=anything&resourceType=5')).body).toEqual({
      permissionName: 'READ',
      resourceName: 'anything',
      resourceId: null,
      authorized: true,
    });
  });

  it('checks another user with READ on AUTHORIZATION, with that user groups', async () => {
    expect(await authorized('demo', 'permissionName=READ&resourceName=x&resourceType=6&resourceId=refengine-demo&userId=john')).toBe(true);
    expect(await authorized('demo', 'permissionName=READ&resourceName=x&resourceType=6&resourceId=refengine-demo&userId=mary')).toBe(false);
    expect(await authorized('demo', 'permissionName=ACCESS&resourceName=x&resourceType=0&userId=demo')).toBe(true);
    expect(await authorized('demo', 'permissionName=ACCESS&resourceName=x&resourceType=0&userId=nobody')).toBe(false);
  });

  it('answers 403 InvalidRequestException for another user without READ on AUTHORIZATION', async () => {
    expect(await check('john', 'permissionName=READ&resourceName=x&resourceType=6&userId=mary')).toEqual({
      status: 403,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: 'You must have READ permission for Authorization resource.', code: null },
    });
    // The caller itself needs no READ.
    expect((await check('john', 'permissionName=READ&resourceName=x&resourceType=6&userId=john')).status).toBe(200);
  });

  it('wants READ on AUTHORIZATION as a whole: READ on one authorization is not enough', async () => {
    // john reads his own grant (johnReadsOwnGrant) but not the type.
    expect((await check('john', 'permissionName=READ&resourceName=x&resourceType=6&userId=demo')).status).toBe(403);
  });

  it('looks up the other user groups through a group query: only groups the caller may READ count', async () => {
    push({ id: 'mary-reads-auths', type: 1, userId: 'mary', permissions: ['READ'], resourceType: ResourceType.AUTHORIZATION });
    const asJohn = 'permissionName=ACCESS&resourceName=x&resourceType=0&userId=demo';
    expect(await authorized('mary', asJohn)).toBe(false);
    push({ id: 'mary-reads-groups', type: 1, userId: 'mary', permissions: ['READ'], resourceType: ResourceType.GROUP, resourceId: 'camunda-admin' });
    expect(await authorized('mary', asJohn)).toBe(true);
  });

  it('rejects a permission name the resource type does not know (400)', async () => {
    expect(await check('john', 'permissionName=FLY&resourceName=x&resourceType=6')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { type: 'BadUserRequestException', message: "The permission 'FLY' is not valid for 'PROCESS_DEFINITION' resource type.", code: 0 },
    });
    expect((await check('john', 'permissionName=ACCESS&resourceName=x&resourceType=13')).body).toMatchObject({
      message: "The permission 'ACCESS' is not valid for 'BATCH' resource type.",
    });
    expect((await check('john', 'permissionName=READ&resourceName=x&resourceType=77')).body).toMatchObject({
      message: "ENGINE-03086 The resource type 'x' is not valid for 'READ' permission.",
    });
  });

  it('rejects a generic permission that does not apply with ENGINE-03086, naming resourceName', async () => {
    expect(await check('john', 'permissionName=READ_TASK&resourceName=User&resourceType=1')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { type: 'BadUserRequestException', message: "ENGINE-03086 The resource type 'User' is not valid for 'READ_TASK' permission.", code: 0 },
    });
  });

  it('validates the permission before the READ check for another user', async () => {
    expect((await check('john', 'permissionName=FLY&resourceName=x&resourceType=6&userId=mary')).status).toBe(400);
  });

  describe('precedence (Authorization.xml#authCheck)', () => {
    const READ_DEPLOYMENT = 'permissionName=READ&resourceName=Deployment&resourceType=9';

    it('a GLOBAL grant gives everybody the permission', async () => {
      expect(await authorized('mary', READ_DEPLOYMENT)).toBe(false);
      push({ id: 'global', type: 0, userId: '*', permissions: ['READ'], resourceType: 9 });
      expect(await authorized('mary', READ_DEPLOYMENT)).toBe(true);
      expect(await authorized('mary', `${READ_DEPLOYMENT}&resourceId=d1`)).toBe(true);
    });

    it('a group REVOKE beats a GLOBAL grant, a user GRANT beats the group REVOKE', async () => {
      push({ id: 'global', type: 0, userId: '*', permissions: ['READ'], resourceType: 9 });
      push({ id: 'group-revoke', type: 2, groupId: 'accounting', permissions: ['READ'], resourceType: 9 });
      expect(await authorized('mary', READ_DEPLOYMENT)).toBe(false);
      expect(await authorized('john', READ_DEPLOYMENT)).toBe(true);
      push({ id: 'user-grant', type: 1, userId: 'mary', permissions: ['READ'], resourceType: 9 });
      expect(await authorized('mary', READ_DEPLOYMENT)).toBe(true);
    });

    it('a user REVOKE on one id beats the user GRANT on "*" for that id only', async () => {
      push({ id: 'user-grant', type: 1, userId: 'mary', permissions: ['READ'], resourceType: 9 });
      push({ id: 'user-revoke', type: 2, userId: 'mary', permissions: ['READ'], resourceType: 9, resourceId: 'd1' });
      expect(await authorized('mary', `${READ_DEPLOYMENT}&resourceId=d1`)).toBe(false);
      expect(await authorized('mary', `${READ_DEPLOYMENT}&resourceId=d2`)).toBe(true);
      expect(await authorized('mary', READ_DEPLOYMENT)).toBe(true);
      expect(await authorized('mary', `${READ_DEPLOYMENT}&resourceId=*`)).toBe(true);
    });

    it('on the same level and resource id a GRANT beats a REVOKE', async () => {
      push({ id: 'user-revoke', type: 2, userId: 'mary', permissions: ['READ'], resourceType: 9, resourceId: 'd1' });
      push({ id: 'user-grant', type: 1, userId: 'mary', permissions: ['READ'], resourceType: 9, resourceId: 'd1' });
      expect(await authorized('mary', `${READ_DEPLOYMENT}&resourceId=d1`)).toBe(true);
      push({ id: 'group-revoke', type: 2, groupId: 'sales', permissions: ['READ'], resourceType: 9 });
      push({ id: 'group-grant', type: 1, groupId: 'sales', permissions: ['READ'], resourceType: 9 });
      expect(await authorized('john', READ_DEPLOYMENT)).toBe(true);
    });

    it('a group GRANT on the id beats a group REVOKE on "*"', async () => {
      push({ id: 'group-revoke', type: 2, groupId: 'accounting', permissions: ['ALL'], resourceType: 9 });
      push({ id: 'group-grant', type: 1, groupId: 'accounting', permissions: ['READ'], resourceType: 9, resourceId: 'd1' });
      expect(await authorized('mary', `${READ_DEPLOYMENT}&resourceId=d1`)).toBe(true);
      expect(await authorized('mary', `${READ_DEPLOYMENT}&resourceId=d2`)).toBe(false);
    });

    it('a REVOKE only takes away what it revokes', async () => {
      // sales revokes DELETE on PROCESS_DEFINITION '*'; john's READ, UPDATE grant is on 'refengine-demo'.
      expect(await authorized('john', 'permissionName=DELETE&resourceName=x&resourceType=6&resourceId=refengine-demo')).toBe(false);
      expect(await authorized('john', 'permissionName=UPDATE&resourceName=x&resourceType=6&resourceId=refengine-demo')).toBe(true);
      expect(await authorized('john', 'permissionName=UPDATE&resourceName=x&resourceType=6&resourceId=invoice')).toBe(false);
      // A type-level check sees only '*' rows.
      expect(await authorized('john', 'permissionName=READ&resourceName=x&resourceType=6')).toBe(false);
    });

    it('ALL is granted only by ALL; any grant row has NONE', async () => {
      expect(await authorized('john', 'permissionName=ALL&resourceName=x&resourceType=6&resourceId=refengine-demo')).toBe(false);
      expect(await authorized('demo', 'permissionName=ALL&resourceName=x&resourceType=6&resourceId=refengine-demo')).toBe(true);
      expect(await authorized('john', 'permissionName=NONE&resourceName=x&resourceType=6&resourceId=refengine-demo')).toBe(true);
      expect(await authorized('mary', 'permissionName=NONE&resourceName=x&resourceType=6&resourceId=refengine-demo')).toBe(false);
    });

    it('a GLOBAL row without the bit on the id denies before the GLOBAL grant on "*", once revoke checks are on', async () => {
      push({ id: 'global-all', type: 0, userId: '*', permissions: ['READ'], resourceType: 9 });
      push({ id: 'global-d1', type: 0, userId: '*', permissions: ['DELETE'], resourceType: 9, resourceId: 'd1' });
      // mary has no REVOKE anywhere: revoke checks are off, the '*' grant decides.
      expect(await authorized('mary', `${READ_DEPLOYMENT}&resourceId=d1`)).toBe(true);
      // john's group sales has a REVOKE: revoke checks are on, the d1 row without READ decides.
      expect(await authorized('john', `${READ_DEPLOYMENT}&resourceId=d1`)).toBe(false);
    });

    it('gives camunda-admin no shortcut: the admin grants decide', async () => {
      expect(await authorized('demo', READ_DEPLOYMENT)).toBe(true);
      push({ id: 'demo-revoke', type: 2, userId: 'demo', permissions: ['READ'], resourceType: 9 });
      expect(await authorized('demo', READ_DEPLOYMENT)).toBe(false);
      sim.state.authorizations.splice(
        sim.state.authorizations.findIndex((auth) => auth.id === adminGrantId(4)),
        1,
      );
      expect((await request('demo', 'GET', '/authorization')).body).toEqual([]);
      expect((await request('demo', 'POST', '/authorization/create', { type: 1, userId: 'x', permissions: [], resourceType: 1 })).status).toBe(403);
    });
  });
});

describe('without credentials the filter answers first', () => {
  it('401 with an empty body for every authorization route', async () => {
    for (const [method, path] of [
      ['POST', '/authorization/create'],
      ['PUT', `/authorization/${JOHN}`],
      ['DELETE', `/authorization/${JOHN}`],
      ['GET', '/authorization/check'],
    ] as const) {
      expect(await call(sim, method, path, { body: method === 'POST' || method === 'PUT' ? {} : undefined })).toEqual({
        status: 401,
        contentType: null,
        body: '',
      });
    }
    expect((await get(sim, '/authorization/check', as('mary'))).status).toBe(400);
  });
});
