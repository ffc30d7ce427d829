// GET/POST /history/process-instance (and /count) over the real socket: where an instance is now.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, ManualClock, post } from './client.js';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { HistoricProcessInstanceDto, Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;
let clock: ManualClock;

beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
  clock = new ManualClock(Date.UTC(2026, 10, 21, 23, 30, 0, 0));
  sim.state.clock = clock.read;
});

afterEach(async () => {
  await sim.close();
});

const rows = (answer: { status: number; body: unknown }): HistoricProcessInstanceDto[] => {
  expect(answer.status).toBe(200);
  return answer.body as HistoricProcessInstanceDto[];
};
const ids = (answer: { status: number; body: unknown }): string[] => rows(answer).map((row) => row.id);

const ALL = Object.values(PIS).sort();

const DEMO_V1_FIRST: HistoricProcessInstanceDto = {
  id: PIS.demoV1First,
  businessKey: 'v1-1',
  processDefinitionId: DEFS.v1,
  processDefinitionKey: 'refengine-demo',
  processDefinitionName: 'RefEngine Demo',
  processDefinitionVersion: 1,
  startTime: '2026-11-21T22:56:26.402+0000',
  endTime: null,
  removalTime: null,
  durationInMillis: null,
  startUserId: null,
  startActivityId: 'start',
  deleteReason: null,
  rootProcessInstanceId: PIS.demoV1First,
  superProcessInstanceId: null,
  superCaseInstanceId: null,
  caseInstanceId: null,
  tenantId: null,
  state: 'ACTIVE',
  restartedProcessInstanceId: null,
};

describe('GET /history/process-instance', () => {
  it('returns HistoricProcessInstanceDto rows for processInstanceIds, every field in engine order', async () => {
    const answer = await get(sim, `/history/process-instance?processInstanceIds=${PIS.demoV1First},${PIS.invoicePrepare2},nope`);
    expect(answer.contentType).toBe('application/json');
    expect(rows(answer)).toEqual([
      {
        ...DEMO_V1_FIRST,
        id: PIS.invoicePrepare2,
        businessKey: 'invoice-5',
        processDefinitionId: DEFS.invoiceV1,
        processDefinitionKey: 'invoice',
        processDefinitionName: 'Invoice Receipt',
        startTime: '2026-11-21T22:55:59.650+0000',
        startActivityId: 'StartEvent_1',
        rootProcessInstanceId: PIS.invoicePrepare2,
        state: 'SUSPENDED',
      },
      DEMO_V1_FIRST,
    ]);
    expect(Object.keys(rows(answer)[1] ?? {})).toEqual(Object.keys(DEMO_V1_FIRST));
  });

  it('lists every instance by id, running and ended', async () => {
    sim.state.endProcessInstance(PIS.demoV2Extra);
    expect(ids(await get(sim, '/history/process-instance'))).toEqual(ALL);
    expect((await get(sim, '/history/process-instance/count')).body).toEqual({ count: ALL.length });
    expect((await get(sim, '/process-instance/count')).body).toEqual({ count: ALL.length - 1 });
  });

  it('follows migrations: the row names the definition the instance is on now', async () => {
    const request = {
      migrationPlan: {
        sourceProcessDefinitionId: DEFS.v1,
        targetProcessDefinitionId: DEFS.v2,
        instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
      },
      processInstanceIds: [PIS.demoV1First],
    };
    expect((await post(sim, '/migration/execute', request)).status).toBe(204);
    expect(rows(await get(sim, `/history/process-instance?processInstanceIds=${PIS.demoV1First}`))).toEqual([
      { ...DEMO_V1_FIRST, processDefinitionId: DEFS.v2, processDefinitionVersion: 2 },
    ]);
    expect(ids(await get(sim, `/history/process-instance?processDefinitionId=${DEFS.v1}`))).toEqual([PIS.demoV1Second, PIS.demoV1Third]);
  });

  it('shows an instance that ended meanwhile with its end, duration and state', async () => {
    clock.now = Date.UTC(2026, 10, 21, 22, 56, 30, 402);
    const ended = sim.state.endProcessInstance(PIS.demoV1First);
    expect(ended).toMatchObject({ endTime: '2026-11-21T22:56:30.402+0000', state: 'COMPLETED' });
    sim.state.endProcessInstance(PIS.demoV1Second, 'EXTERNALLY_TERMINATED', { endTime: '2026-11-22T00:00:00.000+0000', deleteReason: 'cancelled by ops' });
    sim.state.endProcessInstance(PIS.demoV1Third, 'INTERNALLY_TERMINATED');
    const answer = rows(await get(sim, `/history/process-instance?processDefinitionId=${DEFS.v1}&sortBy=instanceId&sortOrder=asc`));
    // A root instance's end gives it end + its definition's TTL (180 days) as removal time (strategy "end").
    expect(answer[0]).toEqual({
      ...DEMO_V1_FIRST,
      endTime: '2026-11-21T22:56:30.402+0000',
      removalTime: '2027-05-20T22:56:30.402+0000',
      durationInMillis: 4000,
      state: 'COMPLETED',
    });
    expect(answer[1]).toMatchObject({ state: 'EXTERNALLY_TERMINATED', deleteReason: 'cancelled by ops', endTime: '2026-11-22T00:00:00.000+0000' });
    expect(answer[2]).toMatchObject({ state: 'INTERNALLY_TERMINATED', deleteReason: null });
    expect((await get(sim, `/process-instance?processInstanceIds=${PIS.demoV1First}`)).body).toEqual([]);
    expect(() => sim.state.endProcessInstance(PIS.demoV1First)).toThrow(/no running process instance/);
  });

  it('filters by state, finished, business key, definition, tenant, start user, activities and dates', async () => {
    sim.state.endProcessInstance(PIS.demoV1First, 'COMPLETED', { endTime: '2026-11-21T23:00:00.000+0000' });
    const q = async (query: string): Promise<string[]> => ids(await get(sim, `/history/process-instance?${query}`));
    expect(await q('completed=true')).toEqual([PIS.demoV1First]);
    expect(await q('finished=true')).toEqual([PIS.demoV1First]);
    expect(await q('suspended=true')).toEqual([PIS.invoicePrepare2]);
    expect(await q(`unfinished=true&processDefinitionId=${DEFS.v1}`)).toEqual([PIS.demoV1Second, PIS.demoV1Third]);
    expect(await q(`active=true&processDefinitionKey=invoice`)).toHaveLength(5);
    expect(await q('processInstanceBusinessKeyLike=v1-%25&processInstanceIdNotIn=' + PIS.demoV1Second)).toEqual([PIS.demoV1First, PIS.demoV1Third]);
    expect(await q('processInstanceBusinessKeyIn=shared-a,shared-b&tenantIdIn=tenant-b')).toEqual([PIS.sharedTenantB]);
    expect(await q('processDefinitionKeyIn=shared-process&withoutTenantId=true')).toEqual([]);
    expect(await q('processDefinitionNameLike=Shared%25&processDefinitionKeyNotIn=invoice')).toEqual([PIS.sharedTenantA, PIS.sharedTenantB]);
    expect(await q('startedBy=demo')).toEqual([PIS.demoV2First]);
    expect(await q('activeActivityIdIn=review')).toEqual([PIS.demoV2Third]);
    expect(await q('activityIdIn=approve&processDefinitionId=' + DEFS.v1)).toEqual([PIS.demoV1Second, PIS.demoV1Third]);
    expect(await q('executedActivityIdIn=StartEvent_1')).toHaveLength(6);
    expect(await q(`startedAfter=${encodeURIComponent('2026-11-21T22:56:26.800+0000')}`)).toEqual([PIS.demoV2Third]);
    expect(await q(`startedBefore=${encodeURIComponent('2026-11-21T22:55:59.240+0000')}`)).toEqual([PIS.invoiceApprove1, PIS.invoiceApprove2].sort());
    expect(await q(`finishedAfter=${encodeURIComponent('2026-11-21T22:59:00.000+0000')}`)).toEqual([PIS.demoV1First]);
    expect(await q(`finishedBefore=${encodeURIComponent('2026-11-21T22:59:00.000+0000')}`)).toEqual([]);
    // Nothing of this is simulated in the history: no incidents, jobs or variables.
    expect(await q('withIncidents=true')).toEqual([]);
    expect(await q('variables=a_eq_b')).toEqual([]);
    // The call hierarchy: one child, whose parent waits in a call activity.
    expect(await q('superProcessInstanceId=x')).toEqual([]);
    expect(await q(`superProcessInstanceId=${PIS.approvalArchive}`)).toEqual([PIS.archiveChild]);
    expect(await q(`subProcessInstanceId=${PIS.archiveChild}`)).toEqual([PIS.approvalArchive]);
    expect(await q('rootProcessInstances=true')).toHaveLength(ALL.length - 1);
    const child = (await get(sim, `/history/process-instance?processInstanceId=${PIS.archiveChild}`)).body as {
      superProcessInstanceId: string;
      rootProcessInstanceId: string;
    }[];
    expect(child).toMatchObject([{ superProcessInstanceId: PIS.approvalArchive, rootProcessInstanceId: PIS.approvalArchive }]);
  });

  it('sorts and pages', async () => {
    const q = async (query: string): Promise<string[]> => ids(await get(sim, `/history/process-instance?${query}`));
    expect(await q('processDefinitionKey=refengine-demo&sortBy=startTime&sortOrder=desc&maxResults=2')).toEqual([PIS.demoV2Third, PIS.demoV2Extra]);
    expect(await q('processDefinitionKey=refengine-demo&sortBy=definitionVersion&sortOrder=desc&firstResult=3')).toEqual([
      PIS.demoV1First,
      PIS.demoV1Second,
      PIS.demoV1Third,
    ]);
    // The child of ia-4 has no business key: nulls come first.
    expect(await q('sortBy=businessKey&sortOrder=asc&maxResults=2')).toEqual([PIS.archiveChild, PIS.demoV2Extra]);
  });

  it('answers bad parameters like the other queries', async () => {
    expect((await get(sim, '/history/process-instance?sortBy=nope&sortOrder=asc')).body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'sortBy' to value 'nope'",
      code: null,
    });
    expect((await get(sim, '/history/process-instance?sortBy=startTime')).body).toEqual(loadSample('query-sort-without-order'));
    expect((await get(sim, '/history/process-instance?startedBefore=yesterday')).status).toBe(400);
    expect((await get(sim, '/history/process-instance?finished=maybe')).status).toBe(400);
    expect((await get(sim, '/history/process-instance?variables=a_is_b')).body).toEqual({
      type: 'InvalidRequestException',
      message: 'Invalid variable comparator specified: is',
      code: null,
    });
    expect(await get(sim, '/history/process-instance?active=true&completed=true')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { type: 'BadUserRequestException', message: 'Already querying for historic process instance with another state: state is not null', code: 0 },
    });
    expect((await get(sim, '/engine/nope/history/process-instance')).body).toEqual(loadSample('unknown-engine'));
  });
});

describe('POST /history/process-instance', () => {
  it('takes the query as a body and the paging in the URL', async () => {
    const body = { processInstanceIds: [PIS.demoV1First, PIS.demoV1Second, PIS.demoV1Third], sorting: [{ sortBy: 'businessKey', sortOrder: 'desc' }] };
    expect(ids(await post(sim, '/history/process-instance?firstResult=1&maxResults=1', body))).toEqual([PIS.demoV1Second]);
    expect((await post(sim, '/history/process-instance/count', body)).body).toEqual({ count: 3 });
    expect(ids(await post(sim, '/history/process-instance', { startedAfter: '2026-11-21T22:56:26.800+0000' }))).toEqual([PIS.demoV2Third]);
  });

  it('answers what Jackson cannot bind with 400, an empty id set with 500', async () => {
    for (const body of ['{', { processInstanceIds: 'x' }, { startedAfter: 'yesterday' }, { sortBy: 'nope' }, []]) {
      expect(await post(sim, '/history/process-instance', body)).toEqual({
        status: 400,
        contentType: 'application/json',
        body: loadSample('invalid-json-type'),
      });
    }
    expect(await post(sim, '/history/process-instance', { processInstanceIds: [] })).toEqual({
      status: 500,
      contentType: 'application/json',
      body: { type: 'ProcessEngineException', message: 'Set of process instance ids is empty', code: 0 },
    });
  });
});
