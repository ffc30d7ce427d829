// POST /authorization/create, PUT and DELETE /authorization/{id} and GET /authorization/check over the
// real socket, without the Basic auth filter (nobody authenticated, nothing checked). The behaviour
// with an authenticated user is in authorization-auth.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, get, post } from './client.js';
import type { Answer } from './client.js';
import { engineUuid, SEEDED_AUTHORIZATION_IDS as IDS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { AuthorizationRecord, Simulator } from './index.js';
import { loadSample, sampleIndex } from './samples.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  await sim.close();
});

function capturedRequest(name: string): unknown {
  const entry = sampleIndex().find((sample) => sample.name === name);
  if (!entry) throw new Error(`no sample ${name}`);
  return entry.request;
}

const error = (status: number, type: string, message: string, code: number | null = 0): Answer => ({
  status,
  contentType: 'application/json',
  body: { type, message, code },
});
const nullPointer = (message: string): Answer => error(500, 'NullPointerException', message, null);
const badUserRequest = (message: string): Answer => error(400, 'BadUserRequestException', message);

/** The first id POST /authorization/create hands out in a fresh simulator. */
const FIRST_CREATED_ID = engineUuid(0xd0000001);

const create = (body: unknown): Promise<Answer> => post(sim, '/authorization/create', body);
const put = (id: string, body: unknown): Promise<Answer> => call(sim, 'PUT', `/authorization/${encodeURIComponent(id)}`, { body });
const remove = (id: string): Promise<Answer> => call(sim, 'DELETE', `/authorization/${encodeURIComponent(id)}`);
const grant = (fields: Record<string, unknown>): Record<string, unknown> => ({ type: 1, userId: 'john', resourceType: 6, resourceId: 'x', ...fields });

function stored(id: string): AuthorizationRecord {
  const auth = sim.state.findAuthorization(id);
  if (!auth) throw new Error(`no authorization ${id}`);
  return auth;
}

/**
 * The seeded john grant is what authorization-create.json created: the capture's request would now be
 * a duplicate. Removed in place (tests may hold on to the array).
 */
function dropSeededJohnGrant(): void {
  sim.state.authorizations.splice(
    sim.state.authorizations.findIndex((auth) => auth.id === IDS.johnProcessDefinitionGrant),
    1,
  );
}

describe('POST /authorization/create', () => {
  it('creates like authorization-create.json: 200 with the new object, read back', async () => {
    dropSeededJohnGrant();
    const answer = await create(capturedRequest('authorization-create'));
    expect(answer).toEqual({ status: 200, contentType: 'application/json', body: { ...loadSample<object>('authorization-create'), id: FIRST_CREATED_ID } });
    expect((await get(sim, `/authorization/${FIRST_CREATED_ID}`)).body).toEqual(answer.body);
    expect(sim.state.authorizations.at(-1)?.id).toBe(FIRST_CREATED_ID);
  });

  it('hands out a new id per authorization', async () => {
    const first = await create(grant({ permissions: ['READ'], resourceId: 'a' }));
    const second = await create(grant({ permissions: ['READ'], resourceId: 'b' }));
    expect((second.body as AuthorizationRecord).id).not.toBe((first.body as AuthorizationRecord).id);
  });

  describe('the unique constraints ACT_UNIQ_AUTH_USER / ACT_UNIQ_AUTH_GROUP (type, owner, resource type, resource id)', () => {
    it('answers the same authorization created twice like authorization-create-duplicate.json, and keeps one', async () => {
      dropSeededJohnGrant();
      expect((await create(capturedRequest('authorization-create'))).status).toBe(200);
      const before = sim.state.authorizations.length;
      expect(await create(capturedRequest('authorization-create-duplicate'))).toEqual({
        status: 500,
        contentType: 'application/json',
        body: loadSample('authorization-create-duplicate'),
      });
      expect(sim.state.authorizations).toHaveLength(before);
    });

    it('refuses a duplicate whatever its permissions, for a group and for GLOBAL too', async () => {
      expect((await create(grant({ permissions: ['READ'], resourceId: 'dup' }))).status).toBe(200);
      expect((await create(grant({ permissions: ['DELETE'], resourceId: 'dup' }))).status).toBe(500);
      const group = { type: 1, groupId: 'sales', resourceType: 5, resourceId: 'f1', permissions: ['READ'] };
      expect((await create(group)).status).toBe(200);
      expect((await create(group)).body).toEqual(loadSample('authorization-create-duplicate'));
      const global = { type: 0, userId: '*', resourceType: 5, resourceId: 'f1', permissions: ['READ'] };
      expect((await create(global)).status).toBe(200);
      expect((await create(global)).status).toBe(500);
    });

    it.each([
      ['another type (a revoke beside a grant)', { type: 2 }],
      ['another user', { userId: 'mary' }],
      ['a group of the same name', { userId: undefined, groupId: 'john' }],
      ['another resource type', { resourceType: 7 }],
      ['another resource id', { resourceId: 'y' }],
    ])('accepts the same with %s', async (_label, change) => {
      expect((await create(grant({ permissions: ['READ'], resourceId: 'y0' }))).status).toBe(200);
      expect((await create(grant({ permissions: ['READ'], resourceId: 'y0', ...change }))).status).toBe(200);
    });

    it('never counts a null resource id as equal (SQL NULLs)', async () => {
      const body = { type: 1, permissions: ['CREATE'], userId: 'john', resourceType: 9 };
      expect((await create(body)).status).toBe(200);
      expect((await create(body)).status).toBe(200);
    });
  });

  it.each([
    ['authorization-create-user-and-group', 500],
    ['authorization-create-global-with-user', 500],
    ['authorization-create-invalid-permission', 400],
    ['invalid-json-type', 400],
  ])('answers %s exactly', async (name, status) => {
    const before = sim.state.authorizations.length;
    expect(await create(capturedRequest(name))).toEqual({ status, contentType: 'application/json', body: loadSample(name) });
    expect(sim.state.authorizations).toHaveLength(before);
  });

  describe('missing fields: the REST layer unboxes a null', () => {
    it('type: NullPointerException in AuthorizationCreateDto.getType()', async () => {
      expect(await create({ permissions: ['READ'], userId: 'john', resourceType: 6 })).toEqual(
        nullPointer('Cannot invoke "java.lang.Integer.intValue()" because "this.type" is null'),
      );
    });

    it('resourceType: NullPointerException on the getter', async () => {
      expect(await create({ type: 1, permissions: ['READ'], userId: 'john' })).toEqual(
        nullPointer(
          'Cannot invoke "java.lang.Integer.intValue()" because the return value of "org.camunda.bpm.engine.rest.dto.authorization.AuthorizationCreateDto.getResourceType()" is null',
        ),
      );
    });

    it('permissions: NullPointerException in PermissionConverter', async () => {
      expect(await create({ type: 1, userId: 'john', resourceType: 6 })).toEqual(nullPointer('Cannot read the array length because "names" is null'));
    });

    it('the whole body (JSON null)', async () => {
      expect(await create('null')).toEqual(
        nullPointer('Cannot invoke "org.camunda.bpm.engine.rest.dto.authorization.AuthorizationCreateDto.getType()" because "dto" is null'),
      );
    });

    it('an empty body counts as {}: the type is missing', async () => {
      expect((await create('')).body).toMatchObject({ message: 'Cannot invoke "java.lang.Integer.intValue()" because "this.type" is null' });
    });
  });

  describe('owner and type rules', () => {
    const OWNER = "Authorization must either have a 'userId' or a 'groupId'.";

    it.each([
      ['neither userId nor groupId', { type: 1, permissions: ['READ'], resourceType: 6, resourceId: 'x' }],
      ['GLOBAL without userId (the REST layer overwrites the default "*" with null)', { type: 0, permissions: ['READ'], resourceType: 6, resourceId: 'x' }],
      ['a REVOKE for user and group', { type: 2, permissions: ['READ'], userId: 'john', groupId: 'sales', resourceType: 6 }],
    ])('%s: 500 NullValueException', async (_label, body) => {
      expect(await create(body)).toEqual(error(500, 'NullValueException', OWNER));
    });

    it('GLOBAL with a groupId: ENGINE-03027', async () => {
      expect(await create({ type: 0, permissions: ['READ'], groupId: 'sales', resourceType: 6 })).toEqual(
        error(500, 'ProcessEngineException', "ENGINE-03027 Cannot use 'groupId' for GLOBAL authorization"),
      );
    });

    it('checks groupId before userId on GLOBAL', async () => {
      expect((await create({ type: 0, permissions: ['READ'], userId: 'john', groupId: 'sales', resourceType: 6 })).body).toMatchObject({
        message: "ENGINE-03027 Cannot use 'groupId' for GLOBAL authorization",
      });
    });

    it.each([3, -1, 42])('type %i: ENGINE-03025', async (type) => {
      expect(await create(grant({ type, permissions: ['READ'] }))).toEqual(
        error(500, 'ProcessEngineException', `ENGINE-03025 Unrecognized authorization type '${type}'. Must be one of ['0', '1', '2']`),
      );
    });

    it('checks the type before the owner, the resource type and the permissions', async () => {
      expect((await create({ type: 7 })).body).toMatchObject({ message: expect.stringContaining('ENGINE-03025') });
    });

    it('creates a GLOBAL authorization with userId "*"', async () => {
      const answer = await create({ type: 0, permissions: ['READ'], userId: '*', resourceType: 5, resourceId: 'f1' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ type: 0, userId: '*', groupId: null, permissions: ['READ'], resourceId: 'f1' });
    });

    it('binds "type": null as 0 (the setter takes an int): a GLOBAL authorization', async () => {
      const answer = await create({ type: null, permissions: ['READ'], userId: '*', resourceType: 5, resourceId: 'f1' });
      expect(answer.body).toMatchObject({ type: 0 });
    });

    it('coerces numeric strings and truncates fractions like Jackson', async () => {
      const answer = await create({ type: '1', permissions: ['READ'], userId: 'john', resourceType: 6.9, resourceId: 'x' });
      expect(answer.body).toMatchObject({ type: 1, resourceType: 6 });
    });

    it('stores a missing resourceId as null', async () => {
      expect((await create({ type: 1, permissions: ['CREATE'], userId: 'john', resourceType: 9 })).body).toMatchObject({ resourceId: null });
    });
  });

  describe('JSON types: 400 with an empty message, like invalid-json-type.json', () => {
    it.each([
      ['type as a word', { type: 'one' }],
      ['type as a boolean', { type: true }],
      ['type beyond int', { type: 2147483648 }],
      ['permissions as a string', grant({ permissions: 'READ' })],
      ['permissions with an object', grant({ permissions: [{}] })],
      ['resourceType as a word', grant({ permissions: ['READ'], resourceType: 'six' })],
      ['userId as an object', grant({ permissions: ['READ'], userId: { id: 'john' } })],
      ['a JSON array body', [grant({ permissions: ['READ'] })]],
      ['malformed JSON', '{"type": '],
    ])('%s', async (_label, body) => {
      expect(await create(body)).toEqual({ status: 400, contentType: 'application/json', body: loadSample('invalid-json-type') });
    });

    it('ignores unknown properties and coerces scalars to strings', async () => {
      const answer = await create(grant({ permissions: ['READ'], userId: 42, resourceId: true, bogus: { x: 1 } }));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ userId: '42', resourceId: 'true' });
    });
  });

  describe('permission names (ResourceTypeUtil): 400 BadUserRequestException', () => {
    it.each([
      [6, 'FLY', 'PROCESS_DEFINITION'],
      [13, 'ACCESS', 'BATCH'],
      [8, 'CREATE_INSTANCE', 'PROCESS_INSTANCE'],
      [7, 'MIGRATE_INSTANCE', 'TASK'],
      [17, 'CREATE', 'OPERATION_LOG_CATEGORY'],
      [18, 'READ', 'OPTIMIZE'],
      [19, 'UPDATE', 'HISTORIC_TASK'],
      [20, 'READ_VARIABLE', 'HISTORIC_PROCESS_INSTANCE'],
      [21, 'UPDATE', 'SYSTEM'],
      [1, 'SUSPEND', 'USER'],
      [6, 'read', 'PROCESS_DEFINITION'],
      [99, 'FLY', 'null'],
    ])('type %i, %s: names the resource %s', async (resourceType, permission, constant) => {
      expect(await create(grant({ resourceType, permissions: ['READ', permission] }))).toEqual(
        badUserRequest(`The permission '${permission}' is not valid for '${constant}' resource type.`),
      );
    });

    it('reports a null name as null', async () => {
      expect((await create(grant({ permissions: [null] }))).body).toMatchObject({
        message: "The permission 'null' is not valid for 'PROCESS_DEFINITION' resource type.",
      });
    });

    it.each([
      [6, ['RETRY_JOB', 'SUSPEND', 'READ_TASK_VARIABLE', 'UPDATE_HISTORY']],
      [7, ['TASK_WORK', 'UPDATE_VARIABLE', 'READ_VARIABLE']],
      [8, ['RETRY_JOB', 'SUSPEND', 'UPDATE_VARIABLE']],
      [13, ['CREATE_BATCH_MIGRATE_PROCESS_INSTANCES', 'CREATE_BATCH_CORRELATE_MESSAGE']],
      [17, ['READ', 'UPDATE', 'DELETE']],
      [18, ['EDIT', 'SHARE']],
      [19, ['READ', 'READ_VARIABLE']],
      [20, ['READ']],
      [21, ['READ', 'SET', 'DELETE']],
      [0, ['ACCESS']],
      [3, ['CREATE', 'DELETE']],
      [10, ['CREATE_INSTANCE', 'READ_HISTORY']],
    ])('type %i takes %j', async (resourceType, permissions) => {
      const answer = await create(grant({ resourceType, permissions }));
      expect(answer.status).toBe(200);
      expect((answer.body as AuthorizationRecord).permissions).toEqual(permissions);
    });
  });

  describe('generic permissions that do not apply: ENGINE-03087 on save', () => {
    it('READ_TASK on USER, like docs/engine-notes.md#permission-names', async () => {
      expect(await create(grant({ resourceType: 1, permissions: ['READ_TASK'] }))).toEqual(
        badUserRequest("ENGINE-03087 The resource type with id:'1' is not valid for 'READ_TASK' permission."),
      );
    });

    it.each([
      [0, 'READ'],
      [3, 'READ'],
      [9, 'UPDATE'],
      [14, 'DELETE'],
      [12, 'ACCESS'],
    ])('type %i, %s', async (resourceType, permission) => {
      expect((await create(grant({ resourceType, permissions: [permission] }))).body).toMatchObject({
        message: `ENGINE-03087 The resource type with id:'${resourceType}' is not valid for '${permission}' permission.`,
      });
    });

    it('rejects even ALL on a type no Resources constant has, but takes an empty list there', async () => {
      expect((await create(grant({ resourceType: 99, permissions: ['ALL'] }))).body).toMatchObject({
        message: "ENGINE-03087 The resource type with id:'99' is not valid for 'ALL' permission.",
      });
      expect((await create(grant({ resourceType: 99, permissions: [] }))).body).toMatchObject({ resourceType: 99, permissions: [] });
    });

    it('checks the owner before the compatibility', async () => {
      expect((await create({ type: 1, resourceType: 1, permissions: ['READ_TASK'] })).body).toMatchObject({ type: 'NullValueException' });
    });
  });

  describe('stored permissions, as the engine returns them', () => {
    it.each([
      ['a GRANT of ALL', 1, 6, ['ALL'], ['ALL']],
      ['ALL among others', 1, 6, ['READ', 'ALL'], ['ALL']],
      ['an empty GRANT', 1, 6, [], []],
      ['NONE', 1, 6, ['NONE'], []],
      ['enum order, not request order', 1, 6, ['UPDATE', 'READ_TASK', 'READ'], ['READ', 'UPDATE', 'READ_TASK']],
      ['duplicates', 1, 4, ['READ', 'READ'], ['READ']],
      [
        'every PROCESS_INSTANCE permission one by one (not ALL)',
        1,
        8,
        ['READ', 'UPDATE', 'CREATE', 'DELETE', 'RETRY_JOB', 'SUSPEND', 'UPDATE_VARIABLE'],
        ['READ', 'UPDATE', 'CREATE', 'DELETE', 'RETRY_JOB', 'SUSPEND', 'UPDATE_VARIABLE'],
      ],
      ['a REVOKE: the revoked ones', 2, 6, ['DELETE', 'READ'], ['READ', 'DELETE']],
      ['a REVOKE of ALL', 2, 6, ['ALL'], ['ALL']],
      ['an empty REVOKE', 2, 6, [], []],
      ['a REVOKE of NONE', 2, 6, ['NONE'], []],
      ['a GLOBAL of ALL', 0, 5, ['ALL'], ['ALL']],
    ])('%s', async (_label, type, resourceType, permissions, expected) => {
      const owner = type === 0 ? { userId: '*' } : { groupId: 'sales' };
      const answer = await create({ type, resourceType, permissions, resourceId: 'stored', ...owner });
      expect(answer.status).toBe(200);
      expect((answer.body as AuthorizationRecord).permissions).toEqual(expected);
    });
  });
});

describe('HISTORIC_PROCESS_INSTANCE authorizations (SaveAuthorizationCmd.provideRemovalTime)', () => {
  const instance = PIS.demoV1First;

  it('take the root process instance id and removal time of the historic instance', async () => {
    const answer = await create({ type: 1, permissions: ['READ'], userId: 'john', resourceType: 20, resourceId: instance });
    expect(answer.body).toMatchObject({ resourceType: 20, resourceId: instance, rootProcessInstanceId: instance, removalTime: null });
  });

  it("stay empty for '*' or an unknown instance, and for HISTORIC_TASK (no tasks here)", async () => {
    for (const [resourceType, resourceId] of [
      [20, '*'],
      [20, 'nope'],
      [19, 'task-1'],
    ] as const) {
      const answer = await create({ type: 1, permissions: ['READ'], userId: 'john', resourceType, resourceId });
      expect(answer.body).toMatchObject({ rootProcessInstanceId: null, removalTime: null });
    }
  });

  it('are recomputed on PUT to type 20 and kept on PUT to another type', async () => {
    const id = IDS.johnProcessDefinitionGrant;
    expect((await put(id, { userId: 'john', resourceType: 20, resourceId: instance, permissions: ['READ'] })).status).toBe(204);
    expect(stored(id)).toMatchObject({ rootProcessInstanceId: instance, permissions: ['READ'] });
    expect((await put(id, { userId: 'john', resourceType: 6, resourceId: 'refengine-demo' })).status).toBe(204);
    expect(stored(id)).toMatchObject({ resourceType: 6, rootProcessInstanceId: instance });
    expect((await put(id, { userId: 'john', resourceType: 20, resourceId: '*' })).status).toBe(204);
    expect(stored(id)).toMatchObject({ rootProcessInstanceId: null });
  });
});

describe('PUT /authorization/{id}', () => {
  const JOHN = IDS.johnProcessDefinitionGrant;

  it('replaces like authorization-update (204, empty) and reads back like authorization-get-after-update.json', async () => {
    const answer = await put(JOHN, capturedRequest('authorization-update'));
    expect(answer).toEqual({ status: 204, contentType: null, body: '' });
    expect(await get(sim, `/authorization/${JOHN}`)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: loadSample('authorization-get-after-update'),
    });
  });

  it('ignores unknown JSON properties (authorization-update-unknown-json-property)', async () => {
    expect((await put(JOHN, capturedRequest('authorization-update-unknown-json-property'))).status).toBe(204);
    expect((await get(sim, `/authorization/${JOHN}`)).body).toEqual(loadSample('authorization-get-after-update'));
  });

  it.each([
    ['authorization-update-invalid-permission', JOHN],
    ['authorization-update-permission-wrong-resource', JOHN],
    ['authorization-update-404', 'does-not-exist'],
  ])('answers %s exactly and changes nothing', async (name, id) => {
    const before = structuredClone(sim.state.authorizations);
    const status = name.endsWith('404') ? 404 : 400;
    expect(await put(id, capturedRequest(name))).toEqual({ status, contentType: 'application/json', body: loadSample(name) });
    expect(sim.state.authorizations).toEqual(before);
  });

  it('overwrites userId, groupId and resourceId: omitted means null', async () => {
    const groupGrant = IDS.salesProcessDefinitionRevoke;
    expect((await put(groupGrant, { groupId: 'sales' })).status).toBe(204);
    expect(stored(groupGrant)).toMatchObject({ groupId: 'sales', userId: null, resourceId: null, resourceType: 6, permissions: ['DELETE'] });
  });

  it('fails on save when the owner is dropped (500 NullValueException) and keeps the old values', async () => {
    expect(await put(JOHN, { resourceType: 6, resourceId: 'refengine-demo', permissions: ['READ'] })).toEqual(
      error(500, 'NullValueException', "Authorization must either have a 'userId' or a 'groupId'."),
    );
    expect(stored(JOHN)).toMatchObject({ userId: 'john', permissions: ['READ', 'UPDATE'], resourceId: 'refengine-demo' });
  });

  it('fails at the flush when the change makes it equal to another (500, like authorization-create-duplicate.json) and keeps the old values', async () => {
    const other = (await create(grant({ permissions: ['READ'], resourceId: 'invoice' }))).body as AuthorizationRecord;
    expect(await put(JOHN, { userId: 'john', resourceType: 6, resourceId: 'invoice' })).toEqual({
      status: 500,
      contentType: 'application/json',
      body: loadSample('authorization-create-duplicate'),
    });
    expect(stored(JOHN)).toMatchObject({ resourceId: 'refengine-demo' });
    // Writing an authorization back as it is collides with nothing.
    expect((await put(other.id, { userId: 'john', resourceType: 6, resourceId: 'invoice', permissions: ['READ', 'DELETE'] })).status).toBe(204);
  });

  it('fails on save for user and group together', async () => {
    expect((await put(JOHN, { userId: 'john', groupId: 'sales', resourceId: 'x' })).body).toMatchObject({ type: 'NullValueException' });
  });

  it('keeps resourceType and permissions when they are left out', async () => {
    expect((await put(JOHN, { userId: 'mary', resourceId: 'invoice' })).status).toBe(204);
    expect(stored(JOHN)).toMatchObject({ userId: 'mary', resourceType: 6, resourceId: 'invoice', permissions: ['READ', 'UPDATE'] });
  });

  it('replaces the whole permission set, resolved against the body resource type', async () => {
    expect((await put(JOHN, { userId: 'john', resourceType: 6, resourceId: 'x', permissions: ['MIGRATE_INSTANCE'] })).status).toBe(204);
    expect(stored(JOHN).permissions).toEqual(['MIGRATE_INSTANCE']);
    expect((await put(JOHN, { userId: 'john', resourceType: 6, resourceId: 'x', permissions: [] })).status).toBe(204);
    expect(stored(JOHN).permissions).toEqual([]);
  });

  it('resets a REVOKE to ALL before removing the listed permissions', async () => {
    const revoke = IDS.salesProcessDefinitionRevoke;
    expect((await put(revoke, { groupId: 'sales', resourceType: 6, resourceId: '*', permissions: ['READ'] })).status).toBe(204);
    expect(stored(revoke).permissions).toEqual(['READ']);
  });

  it('answers permissions without resourceType with a NullPointerException', async () => {
    expect(await put(JOHN, { userId: 'john', resourceId: 'x', permissions: ['READ'] })).toEqual(
      nullPointer(
        'Cannot invoke "java.lang.Integer.intValue()" because the return value of "org.camunda.bpm.engine.rest.dto.authorization.AuthorizationDto.getResourceType()" is null',
      ),
    );
  });

  it('keeps the stored permission bits when only the resource type changes (they mean other permissions there)', async () => {
    const created = (await create(grant({ permissions: ['READ_TASK'] }))).body as AuthorizationRecord;
    // READ_TASK is bit 64 on PROCESS_DEFINITION; on PROCESS_INSTANCE bit 64 is SUSPEND.
    expect((await put(created.id, { userId: 'john', resourceType: 8, resourceId: 'x' })).status).toBe(204);
    expect(stored(created.id)).toMatchObject({ resourceType: 8, permissions: ['SUSPEND'] });
  });

  it('ignores type, id, removalTime and rootProcessInstanceId', async () => {
    const body = { id: 'other', type: 2, removalTime: '2030-01-01T00:00:00.000+0000', rootProcessInstanceId: 'root', userId: 'john', resourceId: 'x' };
    expect((await put(JOHN, body)).status).toBe(204);
    expect(stored(JOHN)).toMatchObject({ id: JOHN, type: 1, removalTime: null, rootProcessInstanceId: null });
  });

  it('still binds the ignored fields: a wrong JSON type there is a 400', async () => {
    for (const body of [{ type: 'revoke' }, { removalTime: 'tomorrow' }, { id: ['x'] }]) {
      expect(await put(JOHN, { userId: 'john', ...body })).toEqual({ status: 400, contentType: 'application/json', body: loadSample('invalid-json-type') });
    }
  });

  it('reads the body before looking the authorization up', async () => {
    expect((await put('does-not-exist', '{"userId": ')).status).toBe(400);
  });

  it('applies the GLOBAL rules of the stored type', async () => {
    const global = IDS.globalFilterRead;
    expect((await put(global, { groupId: 'sales', resourceId: '*' })).body).toMatchObject({
      message: "ENGINE-03027 Cannot use 'groupId' for GLOBAL authorization",
    });
    expect((await put(global, { userId: 'john', resourceId: '*' })).body).toMatchObject({
      message: "ENGINE-03028 Illegal value 'john' for userId for GLOBAL authorization. Must be '*'",
    });
    expect((await put(global, { userId: '*', resourceId: 'f1' })).status).toBe(204);
    expect(stored(global)).toMatchObject({ userId: '*', resourceId: 'f1', permissions: ['READ'] });
  });

  it('checks that the permissions apply to the resource (ENGINE-03087)', async () => {
    expect(await put(JOHN, { userId: 'john', resourceType: 1, resourceId: 'x', permissions: ['READ_TASK'] })).toEqual(
      badUserRequest("ENGINE-03087 The resource type with id:'1' is not valid for 'READ_TASK' permission."),
    );
  });

  it('answers a JSON null body with a NullPointerException', async () => {
    expect(await put(JOHN, 'null')).toEqual(
      nullPointer('Cannot invoke "org.camunda.bpm.engine.rest.dto.authorization.AuthorizationDto.getGroupId()" because "dto" is null'),
    );
  });

  it('works under the named engine path', async () => {
    const answer = await call(sim, 'PUT', `/engine/default/authorization/${JOHN}`, { body: capturedRequest('authorization-update') });
    expect(answer.status).toBe(204);
    expect((await call(sim, 'PUT', `/engine/nope/authorization/${JOHN}`, { body: '{' })).body).toEqual(loadSample('unknown-engine'));
  });
});

describe('DELETE /authorization/{id}', () => {
  it('deletes (204, empty), then answers like authorization-delete-404.json', async () => {
    const id = IDS.johnProcessDefinitionGrant;
    expect(await remove(id)).toEqual({ status: 204, contentType: null, body: '' });
    expect((await get(sim, `/authorization/${id}`)).status).toBe(404);
    expect(await remove(id)).toEqual({ status: 404, contentType: 'application/json', body: loadSample('authorization-delete-404') });
  });

  it('also deletes the authorizations on the deleted authorization (resource type 4, its id)', async () => {
    expect(stored(IDS.johnReadsOwnGrant).resourceId).toBe(IDS.johnProcessDefinitionGrant);
    await remove(IDS.johnProcessDefinitionGrant);
    expect(sim.state.findAuthorization(IDS.johnReadsOwnGrant)).toBeUndefined();
    expect(sim.state.findAuthorization(IDS.globalFilterRead)).toBeDefined();
  });

  it('deletes a created authorization', async () => {
    await create(grant({ permissions: ['READ'] }));
    expect((await remove(FIRST_CREATED_ID)).status).toBe(204);
    expect((await get(sim, '/authorization?userIdIn=john&resourceId=x')).body).toEqual([]);
  });
});

describe('GET /authorization/check without an authenticated user', () => {
  const CHECK = '/authorization/check?permissionName=READ&resourceName=Process%20Definition&resourceType=6&resourceId=refengine-demo';

  it('answers 401 like authorization-check.json', async () => {
    expect(await get(sim, CHECK)).toEqual({ status: 401, contentType: 'application/json', body: loadSample('authorization-check') });
  });

  it.each([
    ['resourceName=User&resourceType=1', 'permissionName'],
    ['permissionName=READ&resourceType=1', 'resourceName'],
    ['permissionName=READ&resourceName=User', 'resourceType'],
    ['', 'permissionName'],
  ])('?%s: 400, %s cannot be null', async (query, name) => {
    expect(await get(sim, `/authorization/check?${query}`)).toEqual(error(400, 'InvalidRequestException', `Query parameter '${name}' cannot be null`, null));
  });

  it('rejects a resourceType that is no integer before anything else (RESTEasy 404)', async () => {
    const answer = await get(sim, '/authorization/check?resourceType=abc');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      type: 'NotFoundException',
      message: 'RESTEASY003870: Unable to extract parameter from http request: jakarta.ws.rs.QueryParam("resourceType") value is \'abc\'',
      code: null,
    });
  });

  it('is not taken for an authorization id', async () => {
    expect((await get(sim, '/authorization/check')).body).toMatchObject({ message: "Query parameter 'permissionName' cannot be null" });
  });

  it('answers an unknown engine after the parameter checks', async () => {
    expect((await get(sim, '/engine/nope/authorization/check?resourceName=x')).body).toMatchObject({
      message: "Query parameter 'permissionName' cannot be null",
    });
    expect((await get(sim, '/engine/nope/authorization/check?permissionName=READ&resourceName=x&resourceType=1')).body).toEqual(loadSample('unknown-engine'));
  });
});

describe('OPTIONS without an authenticated user', () => {
  it('shows every link, for any id', async () => {
    const answer = await call(sim, 'OPTIONS', '/authorization/anything');
    expect((answer.body as { links: { rel: string }[] }).links.map((link) => link.rel)).toEqual(['self', 'delete', 'update']);
  });
});
