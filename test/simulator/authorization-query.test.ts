// GET /authorization and /authorization/count: filters, paging, sorting and the engine's 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGrantId, ResourceType, SEEDED_AUTHORIZATION_IDS, startSimulator } from './index.js';
import type { AuthorizationRecord, Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;

// Queries do not change state, so one simulator serves the whole file.
beforeAll(async () => {
  sim = await startSimulator();
});

afterAll(async () => {
  await sim.close();
});

async function list(query: string): Promise<AuthorizationRecord[]> {
  const response = await fetch(`${sim.url}/authorization${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AuthorizationRecord[];
}

async function count(query: string): Promise<number> {
  const response = await fetch(`${sim.url}/authorization/count${query}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { count: number };
  expect(Object.keys(body)).toEqual(['count']);
  return body.count;
}

async function error(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, body: await response.json() };
}

const ids = (items: AuthorizationRecord[]): string[] => items.map((item) => item.id);
const ADMIN_GRANT_COUNT = Object.keys(ResourceType).length;
/** Besides the admin grants: john's two grants, the sales revoke and the global filter read. */
const EXTRA_COUNT = 4;

describe('seed', () => {
  it('has one camunda-admin grant per resource type plus the four extra authorizations', async () => {
    expect(ADMIN_GRANT_COUNT).toBe(22);
    expect(await count('')).toBe(ADMIN_GRANT_COUNT + EXTRA_COUNT);
    expect(await count('?groupIdIn=camunda-admin')).toBe(ADMIN_GRANT_COUNT);
    for (const resourceType of Object.values(ResourceType)) {
      const [grant] = await list(`?groupIdIn=camunda-admin&resourceType=${resourceType}`);
      expect(grant).toEqual({
        id: adminGrantId(resourceType),
        type: 1,
        permissions: ['ALL'],
        userId: null,
        groupId: 'camunda-admin',
        resourceType,
        resourceId: '*',
        removalTime: null,
        rootProcessInstanceId: null,
      });
    }
  });
});

describe('filters', () => {
  it('reproduces authorization-list-camunda-admin.json', async () => {
    expect(await list('?groupIdIn=camunda-admin&resourceType=0')).toEqual(loadSample('authorization-list-camunda-admin'));
  });

  it('returns everything ordered by id without filters', async () => {
    const all = await list('');
    expect(all).toHaveLength(ADMIN_GRANT_COUNT + EXTRA_COUNT);
    expect(ids(all)).toEqual([...ids(all)].sort());
  });

  it.each([
    ['?userIdIn=john', [SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant, SEEDED_AUTHORIZATION_IDS.johnReadsOwnGrant]],
    ['?userIdIn=john,demo', [SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant, SEEDED_AUTHORIZATION_IDS.johnReadsOwnGrant]],
    [`?resourceType=4&userIdIn=john`, [SEEDED_AUTHORIZATION_IDS.johnReadsOwnGrant]],
    ['?userIdIn=*', [SEEDED_AUTHORIZATION_IDS.globalFilterRead]],
    ['?groupIdIn=sales', [SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke]],
    ['?groupIdIn=sales,nobody', [SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke]],
    // The engine ANDs the user and the group filter, so no authorization has both.
    ['?userIdIn=john&groupIdIn=sales', []],
    ['?type=0', [SEEDED_AUTHORIZATION_IDS.globalFilterRead]],
    ['?type=2', [SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke]],
    ['?resourceId=refengine-demo', [SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant]],
    ['?resourceType=5&type=0', [SEEDED_AUTHORIZATION_IDS.globalFilterRead]],
    ['?resourceType=6&groupIdIn=camunda-admin', [adminGrantId(6)]],
    [`?id=${SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke}`, [SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke]],
    ['?id=nope', []],
    // Repeated parameters: only the first value counts.
    ['?type=2&type=0', [SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke]],
    // Unknown parameters are ignored.
    ['?type=2&noSuchFilter=x', [SEEDED_AUTHORIZATION_IDS.salesProcessDefinitionRevoke]],
  ])('%s', async (query, expected) => {
    expect(ids(await list(query))).toEqual(expected);
    expect(await count(query)).toBe(expected.length);
  });

  it('matches the resource type filter on every result', async () => {
    const processDefinitionAuths = await list('?resourceType=6');
    expect(processDefinitionAuths).toHaveLength(3);
    expect(processDefinitionAuths.every((auth) => auth.resourceType === 6)).toBe(true);
  });
});

describe('sorting', () => {
  it('sorts by resourceType descending', async () => {
    const sorted = await list('?sortBy=resourceType&sortOrder=desc');
    const types = sorted.map((auth) => auth.resourceType);
    expect(types[0]).toBe(21);
    expect(types).toEqual([...types].sort((a, b) => b - a));
    expect(sorted).toHaveLength(ADMIN_GRANT_COUNT + EXTRA_COUNT);
  });

  it('sorts by resourceId ascending, then by id', async () => {
    const sorted = await list('?sortBy=resourceId&sortOrder=asc');
    // '*' < 'c950b77a-...' (johnReadsOwnGrant's resource) < 'refengine-demo'
    expect(ids(sorted.slice(-2))).toEqual([SEEDED_AUTHORIZATION_IDS.johnReadsOwnGrant, SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant]);
    const star = sorted.slice(0, -2);
    expect(star.every((auth) => auth.resourceId === '*')).toBe(true);
    expect(ids(star)).toEqual([...ids(star)].sort());
  });

  it('rejects sortBy without sortOrder like query-sort-without-order.json', async () => {
    expect(await error('/authorization?sortBy=resourceType')).toEqual({ status: 400, body: loadSample('query-sort-without-order') });
    expect(await error('/authorization?sortOrder=asc')).toEqual({ status: 400, body: loadSample('query-sort-without-order') });
    expect(await error('/authorization/count?sortBy=resourceId')).toEqual({ status: 400, body: loadSample('query-sort-without-order') });
  });

  it('rejects an unknown sortBy like query-invalid-sort.json', async () => {
    expect(await error('/authorization?sortBy=nope&sortOrder=asc')).toEqual({ status: 400, body: loadSample('query-invalid-sort') });
    expect(await error('/authorization?sortBy=id&sortOrder=asc')).toEqual({
      status: 400,
      body: { type: 'InvalidRequestException', message: "Cannot set query parameter 'sortBy' to value 'id'", code: null },
    });
  });

  it('rejects an unknown sortOrder', async () => {
    expect(await error('/authorization?sortBy=resourceId&sortOrder=up')).toEqual({
      status: 400,
      body: { type: 'InvalidRequestException', message: "Cannot set query parameter 'sortOrder' to value 'up'", code: null },
    });
  });
});

describe('conversion errors', () => {
  it.each(['type', 'resourceType'])('rejects a non-integer %s with the engine message', async (name) => {
    expect(await error(`/authorization?${name}=abc`)).toEqual({
      status: 400,
      body: {
        type: 'InvalidRequestException',
        message: `Cannot set query parameter '${name}' to value 'abc': Cannot convert value abc to java type java.lang.Integer`,
        code: null,
      },
    });
    expect((await error(`/authorization/count?${name}=1.5`)).status).toBe(400);
  });

  it('reports a bad query value before an unknown engine', async () => {
    expect((await error('/engine/nope/authorization?type=abc')).body).toMatchObject({ message: expect.stringContaining("'type'") });
    expect((await error('/engine/nope/authorization?type=1')).body).toEqual(loadSample('unknown-engine'));
  });
});

describe('paging', () => {
  it('slices the sorted list with firstResult and maxResults', async () => {
    const all = await list('');
    expect(await list('?firstResult=2&maxResults=3')).toEqual(all.slice(2, 5));
    expect(await list('?firstResult=20')).toEqual(all.slice(20));
    expect(await list('?maxResults=1')).toEqual(all.slice(0, 1));
    expect(await list('?maxResults=0')).toEqual([]);
    expect(await list('?firstResult=100')).toEqual([]);
  });

  it('pages after filtering and sorting', async () => {
    const sorted = await list('?sortBy=resourceType&sortOrder=desc&groupIdIn=camunda-admin');
    expect(await list('?sortBy=resourceType&sortOrder=desc&groupIdIn=camunda-admin&firstResult=1&maxResults=2')).toEqual(sorted.slice(1, 3));
  });

  it('ignores paging on count', async () => {
    expect(await count('?firstResult=5&maxResults=1')).toBe(ADMIN_GRANT_COUNT + EXTRA_COUNT);
  });

  it('rejects non-integer paging values as a RESTEasy 404', async () => {
    const result = await error('/authorization?firstResult=abc');
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ type: 'NotFoundException', code: null });
  });
});
