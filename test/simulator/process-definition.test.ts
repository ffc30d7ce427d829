// GET /process-definition, /count, /{id} and /{id}/statistics over the real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFS, startSimulator } from './index.js';
import type { ProcessDefinitionDto, Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;

// Queries do not change state; tests that tweak it restore it.
beforeAll(async () => {
  sim = await startSimulator();
});

afterAll(async () => {
  await sim.close();
});

async function call(path: string): Promise<{ status: number; contentType: string | null; body: unknown }> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() };
}

async function list(query: string): Promise<ProcessDefinitionDto[]> {
  const result = await call(`/process-definition${query}`);
  expect(result.status).toBe(200);
  return result.body as ProcessDefinitionDto[];
}

async function ids(query: string): Promise<string[]> {
  return (await list(query)).map((definition) => definition.id);
}

async function count(query: string): Promise<number> {
  const result = await call(`/process-definition/count${query}`);
  expect(result.status).toBe(200);
  expect(Object.keys(result.body as object)).toEqual(['count']);
  return (result.body as { count: number }).count;
}

const ALL_BY_ID = [DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2, DEFS.sharedTenantA, DEFS.sharedTenantB];

describe('GET /process-definition', () => {
  it('answers the captured query exactly like process-definition-list.json', async () => {
    const result = await call('/process-definition?key=refengine-demo&sortBy=version&sortOrder=asc');
    expect(result).toEqual({ status: 200, contentType: 'application/json', body: loadSample('process-definition-list') });
  });

  it('serializes the DTO fields only, in engine order', async () => {
    const [first] = await list(`?processDefinitionId=${DEFS.invoiceV2}`);
    expect(Object.keys(first ?? {})).toEqual([
      'id', 'key', 'category', 'description', 'name', 'version', 'resource', 'deploymentId', 'diagram', 'suspended', 'tenantId', 'versionTag',
      'historyTimeToLive', 'startableInTasklist',
    ]);
    expect(first).toMatchObject({ key: 'invoice', version: 2, versionTag: 'V2.0', tenantId: null, name: 'Invoice Receipt' });
  });

  it('lists everything by id when unsorted', async () => {
    expect(await ids('')).toEqual(ALL_BY_ID);
    expect(await count('')).toBe(6);
  });

  it('resolves key and version (and the deprecated alias ver)', async () => {
    expect(await ids('?key=invoice&version=1')).toEqual([DEFS.invoiceV1]);
    expect(await ids('?key=invoice&ver=2')).toEqual([DEFS.invoiceV2]);
    expect(await ids('?key=invoice&version=3')).toEqual([]);
  });

  it('gives one row per tenant for a key deployed to several tenants', async () => {
    expect(await ids('?key=shared-process&version=1')).toEqual([DEFS.sharedTenantA, DEFS.sharedTenantB]);
    expect(await ids('?key=shared-process&version=1&tenantIdIn=tenant-b')).toEqual([DEFS.sharedTenantB]);
    expect(await ids('?key=shared-process&tenantIdIn=tenant-a,tenant-b')).toEqual([DEFS.sharedTenantA, DEFS.sharedTenantB]);
    expect(await ids('?key=shared-process&withoutTenantId=true')).toEqual([]);
  });

  it('filters by tenant like the engine: withoutTenantId wins, includeProcessDefinitionsWithoutTenantId widens tenantIdIn', async () => {
    expect(await ids('?withoutTenantId=true')).toEqual([DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2]);
    expect(await ids('?tenantIdIn=tenant-a&withoutTenantId=true')).toEqual([DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2]);
    expect(await ids('?tenantIdIn=tenant-a&includeProcessDefinitionsWithoutTenantId=true')).toEqual([
      DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2, DEFS.sharedTenantA,
    ]);
    expect(await ids('?includeProcessDefinitionsWithoutTenantId=true')).toEqual(ALL_BY_ID);
  });

  it('gives the latest version per key and tenant (and the deprecated alias latest)', async () => {
    expect(await ids('?latestVersion=true')).toEqual([DEFS.invoiceV2, DEFS.v2, DEFS.sharedTenantA, DEFS.sharedTenantB]);
    expect(await ids('?key=invoice&latestVersion=true')).toEqual([DEFS.invoiceV2]);
    expect(await ids('?key=invoice&latest=true')).toEqual([DEFS.invoiceV2]);
    expect(await ids('?keyLike=ref%25&latestVersion=true')).toEqual([DEFS.v2]);
    expect(await ids('?key=invoice&latestVersion=false')).toEqual([DEFS.invoiceV1, DEFS.invoiceV2]);
  });

  it('computes the latest version over all definitions of the key, not over the other filters', async () => {
    // The latest invoice is active, so asking for suspended latest ones finds nothing.
    const v1 = sim.state.findProcessDefinition(DEFS.invoiceV1);
    if (!v1) throw new Error('seed missing');
    v1.suspended = true;
    try {
      expect(await ids('?key=invoice&suspended=true')).toEqual([DEFS.invoiceV1]);
      expect(await ids('?key=invoice&suspended=true&latestVersion=true')).toEqual([]);
      expect(await ids('?key=invoice&active=true')).toEqual([DEFS.invoiceV2]);
    } finally {
      v1.suspended = false;
    }
  });

  it.each([
    ['version', '?key=invoice&version=1&latestVersion=true'],
    ['ver', '?key=invoice&ver=1&latest=true'],
    ['processDefinitionId', `?processDefinitionId=${DEFS.v1}&latestVersion=true`],
    ['deploymentId', '?deploymentId=c8cbcfe2-e5fe-11f1-a2ca-02fc00000001&latestVersion=true'],
  ])('answers latestVersion together with %s with the engine 500', async (_label, query) => {
    const expected = {
      status: 500,
      contentType: 'application/json',
      body: {
        type: 'ProcessEngineException',
        message: 'Calling latest() can only be used in combination with key(String) and keyLike(String) or name(String) and nameLike(String)',
        code: 0,
      },
    };
    expect(await call(`/process-definition${query}`)).toEqual(expected);
    expect(await call(`/process-definition/count${query}`)).toEqual(expected);
  });

  it('filters by id lists, keys, names and LIKE patterns', async () => {
    expect(await ids(`?processDefinitionIdIn=${DEFS.v2},${DEFS.invoiceV1}`)).toEqual([DEFS.invoiceV1, DEFS.v2]);
    expect(await ids('?keysIn=invoice,shared-process&version=2')).toEqual([DEFS.invoiceV2]);
    expect(await ids('?name=RefEngine%20Demo')).toEqual([DEFS.v1, DEFS.v2]);
    expect(await ids('?nameLike=%25Receipt')).toEqual([DEFS.invoiceV1, DEFS.invoiceV2]);
    expect(await ids('?keyLike=_nvoice')).toEqual([DEFS.invoiceV1, DEFS.invoiceV2]);
    expect(await ids('?keyLike=invoice_')).toEqual([]);
    expect(await ids('?versionTag=V1.0')).toEqual([DEFS.invoiceV1]);
    expect(await ids('?versionTagLike=V%25&withoutTenantId=true')).toEqual([DEFS.invoiceV1, DEFS.invoiceV2]);
    expect(await ids('?withoutVersionTag=true&key=refengine-demo')).toEqual([DEFS.v1, DEFS.v2]);
    expect(await ids('?resourceName=refengine-demo-v2.bpmn')).toEqual([DEFS.v2]);
    expect(await ids('?category=http://camunda.org/examples')).toEqual([DEFS.invoiceV1, DEFS.invoiceV2]);
    expect(await ids('?deploymentId=c90b49fb-e5fe-11f1-a2ca-02fc00000001')).toEqual([DEFS.v2]);
    expect(await ids('?incidentType=failedJob')).toEqual([]);
  });

  it('filters by deployment time in the engine date format', async () => {
    expect(await ids('?deployedAfter=2026-11-21T22:56:26.500%2B0000')).toEqual([DEFS.v2]);
    expect(await ids('?deployedAt=2026-11-21T23:56:00.512%2B0100')).toEqual([DEFS.invoiceV2]);
    expect(await call('/process-definition?deployedAfter=yesterday')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: {
        type: 'InvalidRequestException',
        message: `Cannot set query parameter 'deployedAfter' to value 'yesterday': Cannot convert value "yesterday" to java type java.util.Date`,
        code: null,
      },
    });
  });

  it.each([
    ['key', 'asc', [DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2, DEFS.sharedTenantA, DEFS.sharedTenantB]],
    ['version', 'desc', [DEFS.invoiceV2, DEFS.v2, DEFS.invoiceV1, DEFS.v1, DEFS.sharedTenantA, DEFS.sharedTenantB]],
    ['deployTime', 'asc', [DEFS.invoiceV1, DEFS.invoiceV2, DEFS.sharedTenantA, DEFS.sharedTenantB, DEFS.v1, DEFS.v2]],
    ['tenantId', 'desc', [DEFS.sharedTenantB, DEFS.sharedTenantA, DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2]],
    ['versionTag', 'asc', [DEFS.v1, DEFS.v2, DEFS.sharedTenantA, DEFS.sharedTenantB, DEFS.invoiceV1, DEFS.invoiceV2]],
    ['name', 'asc', [DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2, DEFS.sharedTenantA, DEFS.sharedTenantB]],
    ['id', 'desc', [...ALL_BY_ID].reverse()],
  ])('sorts by %s %s (ties by id)', async (sortBy, sortOrder, expected) => {
    expect(await ids(`?sortBy=${sortBy}&sortOrder=${sortOrder}`)).toEqual(expected);
  });

  it('pages with firstResult and maxResults', async () => {
    expect(await ids('?firstResult=1&maxResults=2')).toEqual(ALL_BY_ID.slice(1, 3));
    expect(await ids('?firstResult=10')).toEqual([]);
    expect((await call('/process-definition?maxResults=x')).status).toBe(404);
  });

  it('rejects bad parameters like the engine', async () => {
    expect(await call('/process-definition?sortBy=nope&sortOrder=asc')).toMatchObject({
      status: 400,
      body: { type: 'InvalidRequestException', message: "Cannot set query parameter 'sortBy' to value 'nope'", code: null },
    });
    expect((await call('/process-definition?sortBy=version')).body).toEqual(loadSample('query-sort-without-order'));
    expect((await call('/process-definition/count?version=abc')).body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'version' to value 'abc': Cannot convert value abc to java type java.lang.Integer",
      code: null,
    });
    expect((await call('/process-definition?latestVersion=yes')).body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'latestVersion' to value 'yes': Cannot convert value yes to java type java.lang.Boolean",
      code: null,
    });
  });

  it('counts an empty engine like named-engine-path.json and answers unknown engines like unknown-engine.json', async () => {
    const saved = sim.state.processDefinitions;
    sim.state.processDefinitions = [];
    try {
      expect(await call('/engine/default/process-definition/count')).toEqual({ status: 200, contentType: 'application/json', body: loadSample('named-engine-path') });
    } finally {
      sim.state.processDefinitions = saved;
    }
    expect(await call('/engine/nope/process-definition')).toEqual({ status: 400, contentType: 'application/json', body: loadSample('unknown-engine') });
    expect((await call('/engine/nope/process-definition/count')).body).toEqual(loadSample('unknown-engine'));
    // The query is parsed before the engine is looked up.
    expect((await call('/engine/nope/process-definition?version=x')).body).toMatchObject({ message: expect.stringContaining("'version'") });
  });
});

describe('GET /process-definition/{id}', () => {
  it('returns the DTO of a definition', async () => {
    const [expected] = loadSample<ProcessDefinitionDto[]>('process-definition-list');
    expect(await call(`/process-definition/${DEFS.v1}`)).toEqual({ status: 200, contentType: 'application/json', body: expected });
    expect((await call(`/engine/default/process-definition/${encodeURIComponent(DEFS.sharedTenantB)}`)).body).toMatchObject({ tenantId: 'tenant-b', key: 'shared-process' });
  });

  it('answers an unknown id like process-definition-get-404.json', async () => {
    expect(await call('/process-definition/does-not-exist')).toEqual({ status: 404, contentType: 'application/json', body: loadSample('process-definition-get-404') });
  });
});

describe('GET /process-definition/{id}/statistics', () => {
  const row = (id: string, instances: number): Record<string, unknown> => ({
    '@class': 'org.camunda.bpm.engine.rest.dto.repository.ActivityStatisticsResultDto',
    id,
    instances,
    failedJobs: 0,
    incidents: [],
  });

  it('counts the running activity (and transition) instances per activity, suspended ones included', async () => {
    const result = await call(`/process-definition/${DEFS.invoiceV1}/statistics`);
    expect(result).toEqual({
      status: 200,
      contentType: 'application/json',
      body: [row('approveInvoice', 3), row('archiveInvoice', 1), row('prepareBankTransfer', 2)],
    });
    expect(Object.keys((result.body as object[])[0] ?? {})).toEqual(['@class', 'id', 'instances', 'failedJobs', 'incidents']);
    expect((await call(`/process-definition/${DEFS.v1}/statistics?failedJobs=true&incidents=true`)).body).toEqual([row('approve', 3)]);
    expect((await call(`/process-definition/${DEFS.v2}/statistics?incidentsForType=failedJob`)).body).toEqual([row('approve', 2), row('review', 1)]);
  });

  it('answers 200 [] for a definition without instances or an unknown id (it is a query)', async () => {
    expect(await call(`/process-definition/${DEFS.invoiceV2}/statistics`)).toEqual({ status: 200, contentType: 'application/json', body: [] });
    expect((await call('/process-definition/does-not-exist/statistics')).body).toEqual([]);
  });

  it('rejects incidents together with incidentsForType', async () => {
    expect(await call(`/process-definition/${DEFS.v1}/statistics?incidents=false&incidentsForType=failedJob`)).toEqual({
      status: 400,
      contentType: 'application/json',
      body: {
        type: 'InvalidRequestException',
        message: 'Only one of the query parameter includeIncidents or includeIncidentsForType can be set.',
        code: null,
      },
    });
  });

  it('checks the engine before anything else', async () => {
    expect((await call(`/engine/nope/process-definition/${DEFS.v1}/statistics`)).body).toEqual(loadSample('unknown-engine'));
    expect((await call(`/engine/nope/process-definition/${DEFS.v1}`)).body).toEqual(loadSample('unknown-engine'));
  });
});
