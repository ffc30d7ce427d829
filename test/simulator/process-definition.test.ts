// GET /process-definition, /count, /{id} and /{id}/statistics over the real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_INCIDENT_IDS, SEEDED_PROCESS_DEFINITION_IDS as DEFS, startSimulator } from './index.js';
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

const ALL_BY_ID = [
  DEFS.archiveInvoiceV1,
  DEFS.invoiceApprovalV1,
  DEFS.invoiceApprovalV2,
  DEFS.invoiceV1,
  DEFS.invoiceV2,
  DEFS.v1,
  DEFS.v2,
  DEFS.sharedTenantA,
  DEFS.sharedTenantB,
];
const APPROVAL = [DEFS.invoiceApprovalV1, DEFS.invoiceApprovalV2];

describe('GET /process-definition', () => {
  it('answers the captured query exactly like process-definition-list.json', async () => {
    const result = await call('/process-definition?key=refengine-demo&sortBy=version&sortOrder=asc');
    expect(result).toEqual({ status: 200, contentType: 'application/json', body: loadSample('process-definition-list') });
  });

  it('serializes the DTO fields only, in engine order', async () => {
    const [first] = await list(`?processDefinitionId=${DEFS.invoiceV2}`);
    expect(Object.keys(first ?? {})).toEqual([
      'id',
      'key',
      'category',
      'description',
      'name',
      'version',
      'resource',
      'deploymentId',
      'diagram',
      'suspended',
      'tenantId',
      'versionTag',
      'historyTimeToLive',
      'startableInTasklist',
    ]);
    expect(first).toMatchObject({ key: 'invoice', version: 2, versionTag: 'V2.0', tenantId: null, name: 'Invoice Receipt' });
  });

  it('lists everything by id when unsorted', async () => {
    expect(await ids('')).toEqual(ALL_BY_ID);
    expect(await count('')).toBe(9);
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
    expect(await ids('?withoutTenantId=true')).toEqual([DEFS.archiveInvoiceV1, ...APPROVAL, DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2]);
    expect(await ids('?tenantIdIn=tenant-a&withoutTenantId=true')).toEqual([
      DEFS.archiveInvoiceV1,
      ...APPROVAL,
      DEFS.invoiceV1,
      DEFS.invoiceV2,
      DEFS.v1,
      DEFS.v2,
    ]);
    expect(await ids('?tenantIdIn=tenant-a&includeProcessDefinitionsWithoutTenantId=true')).toEqual([
      DEFS.archiveInvoiceV1,
      ...APPROVAL,
      DEFS.invoiceV1,
      DEFS.invoiceV2,
      DEFS.v1,
      DEFS.v2,
      DEFS.sharedTenantA,
    ]);
    expect(await ids('?includeProcessDefinitionsWithoutTenantId=true')).toEqual(ALL_BY_ID);
  });

  it('gives the latest version per key and tenant (and the deprecated alias latest)', async () => {
    expect(await ids('?latestVersion=true')).toEqual([
      DEFS.archiveInvoiceV1,
      DEFS.invoiceApprovalV2,
      DEFS.invoiceV2,
      DEFS.v2,
      DEFS.sharedTenantA,
      DEFS.sharedTenantB,
    ]);
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
    expect(await ids('?keyLike=invoice_%25')).toEqual(APPROVAL);
    expect(await ids('?versionTag=V1.0')).toEqual([DEFS.invoiceV1]);
    expect(await ids('?versionTagLike=V%25&withoutTenantId=true')).toEqual([DEFS.invoiceV1, DEFS.invoiceV2]);
    expect(await ids('?withoutVersionTag=true&key=refengine-demo')).toEqual([DEFS.v1, DEFS.v2]);
    expect(await ids('?resourceName=refengine-demo-v2.bpmn')).toEqual([DEFS.v2]);
    expect(await ids('?category=http://camunda.org/examples')).toEqual([DEFS.archiveInvoiceV1, ...APPROVAL, DEFS.invoiceV1, DEFS.invoiceV2]);
    expect(await ids('?deploymentId=c90b49fb-e5fe-11f1-a2ca-02fc00000001')).toEqual([DEFS.v2]);
    // The seeded incident is on an instance of invoice-approval v1.
    expect(await ids('?incidentType=failedJob')).toEqual([DEFS.invoiceApprovalV1]);
    expect(await ids('?incidentType=customIncident')).toEqual([]);
    expect(await ids('?incidentMessageLike=%25unavailable')).toEqual([DEFS.invoiceApprovalV1]);
    expect(await ids(`?incidentId=${SEEDED_INCIDENT_IDS.checkBudgetFailedJob}`)).toEqual([DEFS.invoiceApprovalV1]);
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
    ['key', 'asc', [DEFS.archiveInvoiceV1, DEFS.invoiceV1, DEFS.invoiceV2, ...APPROVAL, DEFS.v1, DEFS.v2, DEFS.sharedTenantA, DEFS.sharedTenantB]],
    [
      'version',
      'desc',
      [
        DEFS.invoiceApprovalV2,
        DEFS.invoiceV2,
        DEFS.v2,
        DEFS.archiveInvoiceV1,
        DEFS.invoiceApprovalV1,
        DEFS.invoiceV1,
        DEFS.v1,
        DEFS.sharedTenantA,
        DEFS.sharedTenantB,
      ],
    ],
    ['deployTime', 'asc', [DEFS.invoiceV1, DEFS.invoiceV2, DEFS.archiveInvoiceV1, ...APPROVAL, DEFS.sharedTenantA, DEFS.sharedTenantB, DEFS.v1, DEFS.v2]],
    ['tenantId', 'desc', [DEFS.sharedTenantB, DEFS.sharedTenantA, DEFS.archiveInvoiceV1, ...APPROVAL, DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2]],
    ['versionTag', 'asc', [DEFS.archiveInvoiceV1, ...APPROVAL, DEFS.v1, DEFS.v2, DEFS.sharedTenantA, DEFS.sharedTenantB, DEFS.invoiceV1, DEFS.invoiceV2]],
    ['name', 'asc', [DEFS.archiveInvoiceV1, ...APPROVAL, DEFS.invoiceV1, DEFS.invoiceV2, DEFS.v1, DEFS.v2, DEFS.sharedTenantA, DEFS.sharedTenantB]],
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
      expect(await call('/engine/default/process-definition/count')).toEqual({
        status: 200,
        contentType: 'application/json',
        body: loadSample('named-engine-path'),
      });
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
    expect((await call(`/engine/default/process-definition/${encodeURIComponent(DEFS.sharedTenantB)}`)).body).toMatchObject({
      tenantId: 'tenant-b',
      key: 'shared-process',
    });
  });

  it('answers an unknown id like process-definition-get-404.json', async () => {
    expect(await call('/process-definition/does-not-exist')).toEqual({
      status: 404,
      contentType: 'application/json',
      body: loadSample('process-definition-get-404'),
    });
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

describe('statistics with incidents and failed jobs', () => {
  const incidentRow = { incidentType: 'failedJob', incidentCount: 1 };

  it('counts the failed job and its incident on the activity when asked, and only then', async () => {
    const path = `/process-definition/${DEFS.invoiceApprovalV1}/statistics`;
    const rows = (await call(`${path}?failedJobs=true&incidents=true`)).body as { id: string; instances: number; failedJobs: number; incidents: unknown[] }[];
    expect(rows.map(({ id, instances, failedJobs, incidents }) => ({ id, instances, failedJobs, incidents }))).toEqual([
      { id: 'approve', instances: 3, failedJobs: 0, incidents: [] },
      { id: 'archive', instances: 1, failedJobs: 0, incidents: [] },
      { id: 'checkBudget', instances: 1, failedJobs: 1, incidents: [incidentRow] },
      // A failed external task is an incident, not a failed job.
      { id: 'sendReminder', instances: 1, failedJobs: 0, incidents: [{ incidentType: 'failedExternalTask', incidentCount: 1 }] },
    ]);
    const plain = (await call(path)).body as { failedJobs: number; incidents: unknown[] }[];
    expect(plain.map((row) => [row.failedJobs, row.incidents])).toEqual([
      [0, []],
      [0, []],
      [0, []],
      [0, []],
    ]);
    const ofType = (await call(`${path}?incidentsForType=customIncident`)).body as { incidents: unknown[] }[];
    expect(ofType.map((row) => row.incidents)).toEqual([[], [], [], []]);
  });

  it('GET /process-definition/statistics gives every definition with its counts and the definition itself', async () => {
    const result = await call('/process-definition/statistics?failedJobs=true&incidents=true');
    expect(result.status).toBe(200);
    const rows = result.body as { id: string; instances: number; failedJobs: number; incidents: unknown[]; definition: ProcessDefinitionDto }[];
    expect(rows.map((row) => row.id)).toEqual(ALL_BY_ID);
    expect(Object.keys(rows[0] ?? {})).toEqual(['@class', 'id', 'instances', 'failedJobs', 'incidents', 'definition']);
    const approval = rows.find((row) => row.id === DEFS.invoiceApprovalV1);
    expect(approval).toMatchObject({ instances: 5, failedJobs: 1, definition: { key: 'invoice-approval', version: 1 } });
    expect(approval?.incidents).toEqual(expect.arrayContaining([incidentRow, { incidentType: 'failedExternalTask', incidentCount: 1 }]));
    expect(rows.find((row) => row.id === DEFS.archiveInvoiceV1)).toMatchObject({ instances: 1, failedJobs: 0, incidents: [] });
    expect(rows.find((row) => row.id === DEFS.invoiceV2)).toMatchObject({ instances: 0, failedJobs: 0, incidents: [] });
    expect(rows.find((row) => row.id === DEFS.invoiceV1)?.instances).toBe(6);
    // Without the flags the engine counts instances only.
    const bare = (await call('/process-definition/statistics')).body as { id: string; failedJobs: number; incidents: unknown[] }[];
    expect(bare.find((row) => row.id === DEFS.invoiceApprovalV1)).toMatchObject({ failedJobs: 0, incidents: [] });
  });

  it.each([
    ['incidents=true&incidentsForType=failedJob', 'Only one of the query parameter includeIncidents or includeIncidentsForType can be set.'],
    ['incidents=true&rootIncidents=true', 'Only one of the query parameter includeIncidents or includeRootIncidents can be set.'],
    ['rootIncidents=true&incidentsForType=failedJob', 'Only one of the query parameter includeRootIncidents or includeIncidentsForType can be set.'],
  ])('GET /process-definition/statistics?%s is a 400', async (query, message) => {
    expect(await call(`/process-definition/statistics?${query}`)).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message, code: null },
    });
  });
});

describe('GET /process-definition/{id}/xml', () => {
  it('answers the ProcessDefinitionDiagramDto: the id and the deployed BPMN XML', async () => {
    const result = await call(`/process-definition/${DEFS.invoiceApprovalV2}/xml`);
    expect(result.status).toBe(200);
    const body = result.body as { id: string; bpmn20Xml: string };
    expect(Object.keys(body)).toEqual(['id', 'bpmn20Xml']);
    expect(body.id).toBe(DEFS.invoiceApprovalV2);
    expect(body.bpmn20Xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<bpmn:definitions /);
    expect(body.bpmn20Xml).toContain('<bpmn:process id="invoice-approval"');
  });

  it('answers an unknown id with the 404 of the definition resource', async () => {
    expect(await call('/process-definition/does-not-exist/xml')).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: 'No matching definition with id does-not-exist', code: 0 },
    });
  });

  it('answers with the XML a test gave the definition', async () => {
    const definition = sim.state.findProcessDefinition(DEFS.v1);
    if (!definition) throw new Error('seed missing');
    definition.bpmnXml = '<definitions/>';
    try {
      expect((await call(`/process-definition/${DEFS.v1}/xml`)).body).toEqual({ id: DEFS.v1, bpmn20Xml: '<definitions/>' });
    } finally {
      delete definition.bpmnXml;
    }
  });

  it('is refused (403) without READ on the definition when Basic auth is on', async () => {
    const secured = await startSimulator({ basicAuth: true });
    try {
      const as = (user: string) => ({ headers: { authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}` } });
      const john = await fetch(`${secured.url}/process-definition/${DEFS.invoiceV1}/xml`, as('john'));
      expect(john.status).toBe(403);
      expect(await john.json()).toMatchObject({ type: 'AuthorizationException' });
      expect((await fetch(`${secured.url}/process-definition/${DEFS.v1}/xml`, as('john'))).status).toBe(200);
    } finally {
      await secured.close();
    }
  });
});
