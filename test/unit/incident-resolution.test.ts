// Resolving incidents by hand (src/bulk/operations/incident-resolution.ts): the incidents of failed
// jobs and external tasks are refused before anything is sent, naming the retry command; others go.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolutionRefusal, resolveIncidents } from '../../src/bulk/operations/incident-resolution.js';
import { ChangeFailedError } from '../../src/change/errors.js';
import { EngineClient } from '../../src/engine/client.js';
import { raiseIncident, SEEDED_INCIDENT_IDS, SEEDED_PROCESS_INSTANCE_IDS, startSimulator } from '../simulator/index.js';
import type { Simulator } from '../simulator/index.js';

let sim: Simulator;
let client: EngineClient;
beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
  client = new EngineClient({ baseUrl: sim.url, timeoutMs: 10_000, retries: 0, userAgent: 't' });
});
afterEach(async () => {
  await client.close();
  await sim.close();
});

const deletes = () => sim.requests.filter((request) => request.method === 'DELETE');

describe('resolving incidents', () => {
  it('refuses failedJob and failedExternalTask incidents without sending anything, naming the command that retries them', async () => {
    const custom = raiseIncident(sim.state, sim.state.findProcessInstance(SEEDED_PROCESS_INSTANCE_IDS.demoV1First)!, { incidentType: 'custom' });
    const refused = resolveIncidents(client, [custom.id, SEEDED_INCIDENT_IDS.checkBudgetFailedJob, SEEDED_INCIDENT_IDS.sendReminderFailedExternalTask]);
    await expect(refused).rejects.toBeInstanceOf(ChangeFailedError);
    await expect(refused).rejects.toMatchObject({
      kind: 'refused',
      message: [
        `incident ${SEEDED_INCIDENT_IDS.checkBudgetFailedJob} is of type failedJob: the engine resolves it only when its job gets retries above 0 (it refuses DELETE /incident for this type), so it was not sent; run: camunda-admin job retry --instances ${SEEDED_PROCESS_INSTANCE_IDS.approvalCheckBudget}`,
        `incident ${SEEDED_INCIDENT_IDS.sendReminderFailedExternalTask} is of type failedExternalTask: the engine resolves it only when its external task gets retries above 0 (it refuses DELETE /incident for this type), so it was not sent; run: camunda-admin external-task retry --instances ${SEEDED_PROCESS_INSTANCE_IDS.approvalReminder}`,
      ].join('\n'),
    });
    expect(deletes()).toEqual([]);
    expect(await resolveIncidents(client, [custom.id])).toEqual({ resolved: [custom.id] });
    expect(deletes()).toHaveLength(1);
    await expect(resolveIncidents(client, [custom.id])).rejects.toMatchObject({ kind: 'not-found' });
    expect(resolutionRefusal({ id: 'x', incidentType: 'custom', processInstanceId: null })).toBeUndefined();
  });
});
