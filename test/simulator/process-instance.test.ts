// GET/POST /process-instance and /process-instance/count over the real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_INCIDENT_IDS, SEEDED_PROCESS_DEFINITION_IDS as DEFS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { ProcessInstanceDto, Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator();
});

afterAll(async () => {
  await sim.close();
});

interface Answer {
  status: number;
  contentType: string | null;
  body: unknown;
}

async function get(path: string): Promise<Answer> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() };
}

async function post(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() };
}

const idsOf = (answer: Answer): string[] => {
  expect(answer.status).toBe(200);
  return (answer.body as ProcessInstanceDto[]).map((instance) => instance.id);
};

const INVOICE = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3, PIS.invoicePrepare1, PIS.invoicePrepare2, PIS.invoiceArchive];
const SHARED = [PIS.sharedTenantA, PIS.sharedTenantB];
const DEMO_V1 = [PIS.demoV1First, PIS.demoV1Second, PIS.demoV1Third];
const DEMO_V2 = [PIS.demoV2First, PIS.demoV2Extra, PIS.demoV2Third];
const APPROVAL = [PIS.approvalApprove1, PIS.approvalApprove2, PIS.approvalCheckBudget, PIS.approvalArchive, PIS.approvalReminder];
/** invoice-approval's instances and the child of one of them (archive-invoice), by id. */
const APPROVAL_AND_CHILD = [...APPROVAL.slice(0, 4), PIS.archiveChild, PIS.approvalReminder];
const ALL = [...INVOICE, ...APPROVAL_AND_CHILD, ...SHARED, ...DEMO_V1, ...DEMO_V2];

describe('GET /process-instance', () => {
  it('answers the captured query exactly like process-instance-list.json', async () => {
    const answer = await get(`/process-instance?processDefinitionId=${DEFS.v1}`);
    expect(answer).toEqual({ status: 200, contentType: 'application/json', body: loadSample('process-instance-list') });
    expect(Object.keys((answer.body as object[])[0] ?? {})).toEqual([
      'links',
      'id',
      'definitionId',
      'businessKey',
      'caseInstanceId',
      'ended',
      'suspended',
      'tenantId',
      'definitionKey',
    ]);
  });

  it('lists every instance by id when unsorted; the refengine-demo ones count like process-instance-count.json', async () => {
    expect(idsOf(await get('/process-instance'))).toEqual(ALL);
    expect((await get('/process-instance/count?processDefinitionKey=refengine-demo')).body).toEqual(loadSample('process-instance-count'));
    expect((await get('/process-instance/count')).body).toEqual({ count: ALL.length });
  });

  it('filters by definition, key, business key, ids and activity', async () => {
    expect(idsOf(await get(`/process-instance?processDefinitionId=${DEFS.invoiceV1}&activityIdIn=approveInvoice`))).toEqual(INVOICE.slice(0, 3));
    expect(idsOf(await get('/process-instance?processDefinitionKey=invoice&activityIdIn=prepareBankTransfer,archiveInvoice'))).toEqual(INVOICE.slice(3));
    expect(idsOf(await get('/process-instance?businessKey=v1-2'))).toEqual([PIS.demoV1Second]);
    expect(idsOf(await get('/process-instance?businessKeyLike=invoice-%25&activityIdIn=archiveInvoice'))).toEqual([PIS.invoiceArchive]);
    expect(idsOf(await get(`/process-instance?processInstanceIds=${PIS.demoV2Extra},${PIS.sharedTenantA},nope`))).toEqual([PIS.sharedTenantA, PIS.demoV2Extra]);
    expect(idsOf(await get('/process-instance?processDefinitionKeyIn=shared-process,invoice&processDefinitionKeyNotIn=invoice'))).toEqual(SHARED);
    expect(idsOf(await get('/process-instance?deploymentId=c90b49fb-e5fe-11f1-a2ca-02fc00000001'))).toEqual(DEMO_V2);
    expect(idsOf(await get(`/process-instance?rootProcessInstanceId=${PIS.demoV1Third}&leafProcessInstances=true`))).toEqual([PIS.demoV1Third]);
  });

  it('filters by suspension state and tenant', async () => {
    expect(idsOf(await get('/process-instance?suspended=true'))).toEqual([PIS.invoicePrepare2]);
    expect((await get('/process-instance/count?active=true')).body).toEqual({ count: ALL.length - 1 });
    expect(idsOf(await get('/process-instance?tenantIdIn=tenant-b'))).toEqual([PIS.sharedTenantB]);
    expect((await get('/process-instance/count?withoutTenantId=true')).body).toEqual({ count: ALL.length - 2 });
    expect((await get('/process-instance/count?tenantIdIn=tenant-a&withoutTenantId=true')).body).toEqual({ count: ALL.length - 2 });
    expect((await get('/process-instance/count?processDefinitionWithoutTenantId=true')).body).toEqual({ count: ALL.length - 2 });
  });

  it('finds the instance with the seeded incident by its incident', async () => {
    for (const query of ['incidentType=failedJob', 'incidentMessageLike=Budget%25', `incidentId=${SEEDED_INCIDENT_IDS.checkBudgetFailedJob}`]) {
      expect({ query, ids: idsOf(await get(`/process-instance?${query}`)) }).toEqual({ query, ids: [PIS.approvalCheckBudget] });
    }
    expect(idsOf(await get('/process-instance?withIncident=true'))).toEqual([PIS.approvalCheckBudget, PIS.approvalReminder]);
    expect(idsOf(await get('/process-instance?incidentType=customIncident'))).toEqual([]);
    expect(idsOf(await post('/process-instance', { withIncident: true, processDefinitionKey: 'invoice' }))).toEqual([]);
  });

  it('answers the call hierarchy: super and sub instances, roots, leaves and the root of a child', async () => {
    expect(idsOf(await get(`/process-instance?superProcessInstance=${PIS.approvalArchive}`))).toEqual([PIS.archiveChild]);
    expect(idsOf(await post('/process-instance', { subProcessInstance: PIS.archiveChild }))).toEqual([PIS.approvalArchive]);
    expect(idsOf(await get(`/process-instance?superProcessInstance=${PIS.demoV1First}`))).toEqual([]);
    expect(idsOf(await get(`/process-instance?subProcessInstance=${PIS.approvalArchive}`))).toEqual([]);
    const approval = { processDefinitionId: DEFS.invoiceApprovalV1 };
    expect(idsOf(await post('/process-instance', { ...approval, leafProcessInstances: true }))).not.toContain(PIS.approvalArchive);
    expect((await post('/process-instance/count', { ...approval, leafProcessInstances: true })).body).toEqual({ count: 4 });
    expect((await post('/process-instance/count', { processInstanceIds: [PIS.archiveChild, PIS.approvalArchive], rootProcessInstances: true })).body).toEqual({
      count: 1,
    });
    expect(idsOf(await get(`/process-instance?rootProcessInstanceId=${PIS.approvalArchive}`))).toEqual([PIS.approvalArchive, PIS.archiveChild].sort());
    // ProcessInstanceQueryImpl refuses the contradictions when the DTO applies its filters.
    expect(await post('/process-instance', { superProcessInstance: PIS.approvalArchive, rootProcessInstances: true })).toMatchObject({
      status: 500,
      body: { type: 'ProcessEngineException', message: 'Invalid query usage: cannot set both rootProcessInstances and superProcessInstanceId' },
    });
    expect((await get(`/process-instance/count?subProcessInstance=${PIS.archiveChild}&leafProcessInstances=true`)).body).toMatchObject({
      message: 'Invalid query usage: cannot set both leafProcessInstances and subProcessInstanceId',
    });
  });

  it('finds nothing for what the simulator does not hold (case instances, variables)', async () => {
    for (const query of ['caseInstanceId=x', `superCaseInstance=${PIS.demoV1First}`, 'variables=amount_eq_1']) {
      expect({ query, ids: idsOf(await get(`/process-instance?${query}`)) }).toEqual({ query, ids: [] });
    }
    expect((await get('/process-instance?variables=amount_between_1')).body).toEqual({
      type: 'InvalidRequestException',
      message: 'Invalid variable comparator specified: between',
      code: null,
    });
  });

  it.each([
    ['businessKey', 'asc', [PIS.archiveChild, PIS.demoV2Extra, ...APPROVAL, ...INVOICE, ...SHARED, ...DEMO_V1, PIS.demoV2First, PIS.demoV2Third]],
    ['definitionKey', 'desc', [...SHARED, ...DEMO_V1, ...DEMO_V2, ...APPROVAL, ...INVOICE, PIS.archiveChild]],
    ['tenantId', 'desc', [PIS.sharedTenantB, PIS.sharedTenantA, ...INVOICE, ...APPROVAL_AND_CHILD, ...DEMO_V1, ...DEMO_V2]],
    ['instanceId', 'desc', [...ALL].reverse()],
  ])('sorts by %s %s', async (sortBy, sortOrder, expected) => {
    expect(idsOf(await get(`/process-instance?sortBy=${sortBy}&sortOrder=${sortOrder}`))).toEqual(expected);
  });

  it('pages with firstResult and maxResults', async () => {
    expect(idsOf(await get('/process-instance?processDefinitionKey=invoice&firstResult=2&maxResults=3'))).toEqual(INVOICE.slice(2, 5));
  });

  it('answers bad sorting like query-invalid-sort.json and query-sort-without-order.json', async () => {
    expect(await get('/process-instance?sortBy=nope&sortOrder=asc')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: loadSample('query-invalid-sort'),
    });
    expect(await get('/process-instance?sortBy=instanceId')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: loadSample('query-sort-without-order'),
    });
    expect((await get('/process-instance/count?suspended=maybe')).body).toMatchObject({
      message: "Cannot set query parameter 'suspended' to value 'maybe': Cannot convert value maybe to java type java.lang.Boolean",
    });
  });

  it('answers an unknown engine like unknown-engine.json', async () => {
    expect(await get('/engine/nope/process-instance')).toEqual({ status: 400, contentType: 'application/json', body: loadSample('unknown-engine') });
    expect((await get('/engine/default/process-instance/count?processDefinitionKey=refengine-demo')).body).toEqual({ count: 6 });
  });
});

describe('POST /process-instance', () => {
  it('takes the same filters as a JSON body', async () => {
    const answer = await post('/process-instance', { processDefinitionId: DEFS.v1 });
    expect(answer).toEqual({ status: 200, contentType: 'application/json', body: loadSample('process-instance-list') });
    expect(idsOf(await post('/process-instance', { processInstanceIds: [PIS.invoiceArchive, PIS.demoV1First], activityIdIn: ['archiveInvoice'] }))).toEqual([
      PIS.invoiceArchive,
    ]);
    expect(idsOf(await post('/process-instance', { tenantIdIn: ['tenant-a', 'tenant-b'], processDefinitionKey: 'shared-process' }))).toEqual(SHARED);
    expect(idsOf(await post('/process-instance', { suspended: true }))).toEqual([PIS.invoicePrepare2]);
    expect((await post('/process-instance/count', { processDefinitionKey: 'invoice', activityIdIn: ['approveInvoice'] })).body).toEqual({ count: 3 });
  });

  it('ignores unknown properties and treats an empty body as {}', async () => {
    expect((await post('/process-instance/count', { processDefinitionKey: 'refengine-demo', noSuchFilter: true })).body).toEqual({ count: 6 });
    expect((await post('/process-instance/count', '')).body).toEqual({ count: ALL.length });
  });

  it('pages with the URL query and sorts by the body (sortBy/sortOrder, then sorting)', async () => {
    expect(idsOf(await post('/process-instance?firstResult=1&maxResults=2', { processDefinitionKey: 'invoice' }))).toEqual(INVOICE.slice(1, 3));
    expect(idsOf(await post('/process-instance', { processDefinitionKey: 'refengine-demo', sortBy: 'businessKey', sortOrder: 'desc' }))).toEqual([
      PIS.demoV2Third,
      PIS.demoV2First,
      PIS.demoV1Third,
      PIS.demoV1Second,
      PIS.demoV1First,
      PIS.demoV2Extra,
    ]);
    const sorting = [
      { sortBy: 'definitionId', sortOrder: 'desc' },
      { sortBy: 'businessKey', sortOrder: 'asc' },
    ];
    expect(idsOf(await post('/process-instance', { processDefinitionKey: 'refengine-demo', sorting }))).toEqual([
      PIS.demoV2Extra,
      PIS.demoV2First,
      PIS.demoV2Third,
      ...DEMO_V1,
    ]);
  });

  it('answers malformed JSON like invalid-json-syntax.json and wrong JSON types like invalid-json-type.json', async () => {
    expect(await post('/process-instance', '{"processDefinitionId": ')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: loadSample('invalid-json-syntax'),
    });
    expect((await post('/process-instance', { processInstanceIds: 'not-an-array' })).body).toEqual(loadSample('invalid-json-type'));
    expect((await post('/process-instance/count', { suspended: { yes: true } })).body).toEqual(loadSample('invalid-json-type'));
    expect((await post('/process-instance', { sortBy: 'nope', sortOrder: 'asc' })).body).toEqual(loadSample('invalid-json-type'));
  });

  it('rejects a lone sortBy, an empty id set and unknown variable operators like the engine', async () => {
    expect(await post('/process-instance', { sortBy: 'instanceId' })).toEqual({
      status: 400,
      contentType: 'application/json',
      body: loadSample('query-sort-without-order'),
    });
    expect(await post('/process-instance', { processInstanceIds: [] })).toEqual({
      status: 500,
      contentType: 'application/json',
      body: { type: 'ProcessEngineException', message: 'Set of process instance ids is empty', code: 0 },
    });
    expect((await post('/process-instance', { variables: [{ name: 'a', operator: 'near', value: 1 }] })).body).toEqual({
      type: 'InvalidRequestException',
      message: 'Invalid variable comparator specified: near',
      code: null,
    });
  });

  it('parses the body before it looks the engine up', async () => {
    expect((await post('/engine/nope/process-instance', '{')).body).toEqual(loadSample('invalid-json-syntax'));
    expect((await post('/engine/nope/process-instance/count', {})).body).toEqual(loadSample('unknown-engine'));
  });
});
