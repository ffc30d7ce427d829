// Incidents (GET /incident, /incident/count), versions deployed for sweeps, and what a migration does to both.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post } from './client.js';
import { raiseIncident, SEEDED_INCIDENT_IDS, SEEDED_PROCESS_DEFINITION_IDS as DEFS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { IncidentDto, Simulator } from './index.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
});
afterEach(async () => {
  await sim.close();
});

const ORDER_ACTIVITIES = [
  { id: 'start', type: 'startEvent' as const },
  { id: 'approve', type: 'userTask' as const },
  { id: 'ship', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];

describe('GET /incident', () => {
  it('lists incidents as IncidentDto, by process instance, and counts them', async () => {
    // The seeded failed job and failed external task of invoice-approval.
    expect((await get(sim, '/incident')).body).toMatchObject([
      { id: SEEDED_INCIDENT_IDS.checkBudgetFailedJob, processInstanceId: PIS.approvalCheckBudget, activityId: 'checkBudget' },
      {
        id: SEEDED_INCIDENT_IDS.sendReminderFailedExternalTask,
        processInstanceId: PIS.approvalReminder,
        activityId: 'sendReminder',
        incidentType: 'failedExternalTask',
      },
    ]);
    const incident = raiseIncident(sim.state, sim.state.findProcessInstance(PIS.invoiceApprove1)!, { incidentMessage: 'boom' });
    raiseIncident(sim.state, sim.state.findProcessInstance(PIS.invoiceApprove2)!);
    const answer = await get(sim, `/incident?processInstanceId=${PIS.invoiceApprove1}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: incident.id,
        processDefinitionId: DEFS.invoiceV1,
        processInstanceId: PIS.invoiceApprove1,
        executionId: PIS.invoiceApprove1,
        incidentTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/),
        incidentType: 'failedJob',
        activityId: 'approveInvoice',
        failedActivityId: 'approveInvoice',
        causeIncidentId: incident.id,
        rootCauseIncidentId: incident.id,
        configuration: incident.configuration,
        tenantId: null,
        incidentMessage: 'boom',
        jobDefinitionId: null,
        annotation: null,
      },
    ]);
    expect((await get(sim, '/incident/count?processDefinitionId=' + DEFS.invoiceV1)).body).toEqual({ count: 2 });
    expect((await get(sim, '/incident/count?incidentMessageLike=bo%25')).body).toEqual({ count: 1 });
  });

  it('ignores a parameter it does not know, as the engine does: processInstanceIdIn filters nothing', async () => {
    raiseIncident(sim.state, sim.state.findProcessInstance(PIS.invoiceApprove1)!);
    raiseIncident(sim.state, sim.state.findProcessInstance(PIS.demoV1First)!);
    const answer = await get(sim, `/incident?processInstanceIdIn=${PIS.invoiceApprove1}`);
    expect((answer.body as IncidentDto[]).map((incident) => incident.processInstanceId).sort()).toEqual(
      [PIS.approvalCheckBudget, PIS.approvalReminder, PIS.demoV1First, PIS.invoiceApprove1].sort(),
    );
  });

  it('refuses an unknown sortBy, and a sortBy without sortOrder, like every query', async () => {
    expect((await get(sim, '/incident?sortBy=nope&sortOrder=asc')).status).toBe(400);
    expect((await get(sim, '/incident?sortBy=incidentId')).status).toBe(400);
  });

  it('finds process instances withIncident and by incidentType', async () => {
    raiseIncident(sim.state, sim.state.findProcessInstance(PIS.invoicePrepare1)!, { incidentType: 'custom' });
    expect(((await post(sim, '/process-instance', { withIncident: true })).body as { id: string }[]).map((instance) => instance.id).sort()).toEqual(
      [PIS.approvalCheckBudget, PIS.approvalReminder, PIS.invoicePrepare1].sort(),
    );
    expect((await post(sim, '/process-instance/count', { incidentType: 'custom' })).body).toEqual({ count: 1 });
  });
});

describe('deployVersions', () => {
  it('numbers versions after those deployed, with instances where named, and generate maps equal ids between any two', async () => {
    const [v1, v2, v3] = sim.state.deployVersions('order', [
      { activities: ORDER_ACTIVITIES, instances: { approve: 2, ship: 1 } },
      { activities: ORDER_ACTIVITIES, instances: {} },
      {
        activities: ORDER_ACTIVITIES.map((activity) => (activity.id === 'approve' ? { ...activity, id: 'approveOrder' } : activity)),
        instances: { approveOrder: 1 },
      },
    ]);
    expect([v1, v2, v3].map((deployed) => deployed!.definition.version)).toEqual([1, 2, 3]);
    expect(v1!.instanceIds).toHaveLength(3);
    const latest = await get(sim, '/process-definition?key=order&latestVersion=true');
    expect((latest.body as { id: string }[]).map((definition) => definition.id)).toEqual([v3!.definition.id]);
    expect((await post(sim, '/process-instance/count', { processDefinitionId: v1!.definition.id })).body).toEqual({ count: 3 });
    const generated = await post(sim, '/migration/generate', { sourceProcessDefinitionId: v1!.definition.id, targetProcessDefinitionId: v3!.definition.id });
    expect((generated.body as { instructions: { sourceActivityIds: string[] }[] }).instructions.map((instruction) => instruction.sourceActivityIds[0])).toEqual(
      ['ship'],
    );
    expect(sim.state.deployVersions('order', [{ activities: ORDER_ACTIVITIES }])[0]!.definition.version).toBe(4);
  });
});

describe('incidents and migration', () => {
  it("carries an instance's incidents to the target, and raises the ones a test arranges, sync and in a batch", async () => {
    const [source, target] = sim.state.deployVersions('order', [{ activities: ORDER_ACTIVITIES, instances: { approve: 3 } }, { activities: ORDER_ACTIVITIES }]);
    const [first, second, third] = source!.instanceIds as [string, string, string];
    const earlier = raiseIncident(sim.state, sim.state.findProcessInstance(first)!);
    sim.state.incidentsOnMigration.push({ targetDefinitionId: target!.definition.id, processInstanceIds: [second, third], activityId: 'approve' });
    const plan = {
      sourceProcessDefinitionId: source!.definition.id,
      targetProcessDefinitionId: target!.definition.id,
      instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
    };
    expect((await post(sim, '/migration/execute', { migrationPlan: plan, processInstanceIds: [first, second] })).status).toBe(204);
    const incidents = (await get(sim, `/incident?processDefinitionId=${target!.definition.id}`)).body as IncidentDto[];
    expect(incidents.map((incident) => incident.processInstanceId).sort()).toEqual([first, second].sort());
    expect(incidents.find((incident) => incident.processInstanceId === first)!.id).toBe(earlier.id);
    expect((await post(sim, '/migration/executeAsync', { migrationPlan: plan, processInstanceIds: [third] })).status).toBe(200);
    sim.advanceBatches(10);
    expect((await get(sim, `/incident/count?processInstanceId=${third}`)).body).toEqual({ count: 1 });
  });
});

describe('incidents by time', () => {
  it('compares incidentTimestampAfter and Before strictly, as instants, and refuses a value not in the engine format', async () => {
    const at = (id: string) => sim.state.findProcessInstance(id)!;
    raiseIncident(sim.state, at(PIS.invoiceApprove1)).incidentTimestamp = '2026-11-25T10:00:00.000+0100';
    const ids = async (query: string) => ((await get(sim, `/incident?${query}`)).body as IncidentDto[]).map((incident) => incident.incidentTimestamp);
    // 10:00 at +0100 is 09:00 UTC.
    expect(await ids('incidentTimestampAfter=2026-11-25T08:59:59.999%2B0000')).toEqual(['2026-11-25T10:00:00.000+0100']);
    expect(await ids('incidentTimestampAfter=2026-11-25T09:00:00.000%2B0000')).toEqual([]);
    expect(await ids('incidentTimestampBefore=2026-11-25T09:00:00.000%2B0000')).toHaveLength(2);
    expect(await get(sim, '/incident?incidentTimestampBefore=2026-11-25')).toMatchObject({
      status: 400,
      body: {
        type: 'InvalidRequestException',
        message: "Cannot set query parameter 'incidentTimestampBefore' to value '2026-11-25': Cannot convert value \"2026-11-25\" to java type java.util.Date",
      },
    });
  });
});
