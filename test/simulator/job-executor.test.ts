// The jobs of timers and the job executor pass (job-executor.ts), through the REST API as the CLI sees them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post } from './client.js';
import { runDueJobs, startSimulator } from './index.js';
import type { JobDto, Simulator } from './index.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
});
afterEach(async () => {
  await sim.close();
});

const V1 = [
  { id: 'start', type: 'startEvent' as const },
  { id: 'approve', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];
const V2 = [
  ...V1,
  { id: 'remind', type: 'boundaryTimerEvent' as const, attachedTo: 'approve', timerDueMs: 0, next: 'charge' },
  { id: 'charge', type: 'serviceTask' as const, async: true, fails: 'Payment service unavailable' },
];

function migrate(source: string, target: string, ids: string[], instructions = [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }]) {
  return post(sim, '/migration/execute', {
    migrationPlan: { sourceProcessDefinitionId: source, targetProcessDefinitionId: target, instructions },
    processInstanceIds: ids,
  });
}

describe('timer jobs and the job executor', () => {
  it('creates the job of a boundary timer the target adds, due at once; one executor pass fires it and the task after it fails for good', async () => {
    const [v1, v2] = sim.state.deployVersions('order', [{ activities: V1, instances: { approve: 2 } }, { activities: V2 }]);
    const [first, second] = v1!.instanceIds;
    expect((await migrate(v1!.definition.id, v2!.definition.id, [first!])).status).toBe(204);
    const timers = (await get(sim, `/job?processInstanceId=${first}&timers=true`)).body as JobDto[];
    expect(timers).toEqual([
      expect.objectContaining({ processInstanceId: first, retries: 3, exceptionMessage: null, dueDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
    ]);
    expect((await get(sim, `/job?processInstanceId=${second}`)).body).toEqual([]);

    expect(runDueJobs(sim.state)).toBe(2);
    expect(sim.state.findProcessInstance(first!)?.activityIds).toEqual(['charge']);
    const jobs = (await get(sim, `/job?processInstanceIds=${first}`)).body as JobDto[];
    expect(jobs).toEqual([expect.objectContaining({ retries: 0, exceptionMessage: 'Payment service unavailable', failedActivityId: 'charge', dueDate: null })]);
    const incidents = (await get(sim, `/incident?processInstanceId=${first}`)).body as { incidentType: string; activityId: string; configuration: string }[];
    expect(incidents).toEqual([expect.objectContaining({ incidentType: 'failedJob', activityId: 'charge' })]);
    // Nothing more to run: the failed job has no retries left.
    expect(runDueJobs(sim.state)).toBe(0);
  });

  it('runs no timer before it is due', async () => {
    const later = V2.map((activity) => (activity.id === 'remind' ? { ...activity, timerDueMs: 3_600_000 } : activity));
    const [v1, v2] = sim.state.deployVersions('order', [{ activities: V1, instances: { approve: 1 } }, { activities: later }]);
    await migrate(v1!.definition.id, v2!.definition.id, v1!.instanceIds);
    expect(runDueJobs(sim.state)).toBe(0);
    expect(sim.state.timerJobs).toHaveLength(1);
  });

  it("removes a boundary event's incident and timer that no instruction maps, and moves them when one does", async () => {
    const [v2, v1] = sim.state.deployVersions('order', [{ activities: V2, instances: { approve: 2 } }, { activities: V1 }]);
    const [removed, kept] = v2!.instanceIds;
    for (const id of [removed!, kept!])
      sim.state.incidents.push({
        id: `i-${id}`,
        incidentType: 'failedJob',
        processInstanceId: id,
        activityId: 'remind',
        incidentMessage: 'x',
        incidentTimestamp: '2026-01-01T00:00:00.000+0000',
        configuration: null,
      });
    expect((await migrate(v2!.definition.id, v1!.definition.id, [removed!])).status).toBe(204);
    expect(sim.state.incidents.filter((incident) => incident.processInstanceId === removed)).toEqual([]);
    const [, v3] = sim.state.deployVersions('order', [{ activities: V1 }, { activities: V2 }]);
    const mapped = [
      { sourceActivityIds: ['approve'], targetActivityIds: ['approve'] },
      { sourceActivityIds: ['remind'], targetActivityIds: ['remind'] },
    ];
    expect((await migrate(v2!.definition.id, v3!.definition.id, [kept!], mapped)).status).toBe(204);
    expect(sim.state.incidents.filter((incident) => incident.processInstanceId === kept)).toEqual([expect.objectContaining({ activityId: 'remind' })]);
    // The mapped timer migrated: no new one emerges.
    expect(sim.state.timerJobs.filter((job) => job.processInstanceId === kept)).toEqual([]);
  });

  it("lists the job definitions of a runtime migration batch, the seed one with the source's deployment", async () => {
    const [v1, v2] = sim.state.deployVersions('order', [{ activities: V1, instances: { approve: 1 } }, { activities: V1 }]);
    const created = await post(sim, '/migration/executeAsync', {
      migrationPlan: {
        sourceProcessDefinitionId: v1!.definition.id,
        targetProcessDefinitionId: v2!.definition.id,
        instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
      },
      processInstanceIds: v1!.instanceIds,
    });
    const batch = created.body as { id: string; seedJobDefinitionId: string };
    const seed = (await get(sim, `/job-definition?jobDefinitionId=${batch.seedJobDefinitionId}`)).body;
    expect(seed).toEqual([
      expect.objectContaining({ jobType: 'batch-seed-job', jobConfiguration: batch.id, deploymentId: v1!.definition.deploymentId, processDefinitionId: null }),
    ]);
    sim.advanceBatches(10);
    expect((await get(sim, `/job-definition?jobDefinitionId=${batch.seedJobDefinitionId}`)).body).toEqual([]);
  });
});
