// External tasks (external-task.ts): the query, the retries of one task, of many in one transaction,
// and the set-external-task-retries batch; the failedExternalTask incident and the workers follow them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateResponse } from '../contract/validate.js';
import { call, get, post } from './client.js';
import type { Answer } from './client.js';
import { runExternalTaskWorkers, SEEDED_INCIDENT_IDS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { BatchDto, ExternalTaskDto, Simulator } from './index.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
});
afterEach(async () => {
  await sim.close();
});

function conforming(method: string, path: string, answer: Answer): Answer {
  expect(validateResponse(method, path, answer.status, answer.body === '' ? undefined : answer.body).errors).toEqual([]);
  return answer;
}

const put = async (path: string, body: unknown): Promise<Answer> => conforming('PUT', path, await call(sim, 'PUT', path, { body }));
const tasks = async (query = ''): Promise<ExternalTaskDto[]> =>
  conforming('GET', '/external-task', await get(sim, `/external-task${query}`)).body as ExternalTaskDto[];
const seededTaskId = () => sim.state.incidents.find((incident) => incident.id === SEEDED_INCIDENT_IDS.sendReminderFailedExternalTask)!.configuration!;

/** Four instances waiting at the external task `notify` (its worker fails while `fails` is set), none tried yet. */
function notifying(fails: string | undefined): string[] {
  const [deployed] = sim.state.deployVersions('mailing', [
    {
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'notify', type: 'externalTask', ...(fails === undefined ? {} : { fails }), next: 'done' },
        { id: 'done', type: 'userTask' },
      ],
      instances: { notify: 4 },
    },
  ]);
  return deployed!.instanceIds;
}

describe('GET /external-task', () => {
  it('has the task of every instance at an external task; the failed one without retries, its incident configured with its id', async () => {
    const all = await tasks();
    expect(all).toHaveLength(1);
    expect(all[0]).toEqual({
      activityId: 'sendReminder',
      activityInstanceId: expect.stringMatching(/^sendReminder:/) as unknown,
      errorMessage: 'Mail server refused the connection',
      executionId: PIS.approvalReminder,
      id: seededTaskId(),
      lockExpirationTime: null,
      createTime: '2026-11-21T22:56:03.160+0000',
      processDefinitionId: expect.stringMatching(/^invoice-approval:1:/) as unknown,
      processDefinitionKey: 'invoice-approval',
      processDefinitionVersionTag: null,
      processInstanceId: PIS.approvalReminder,
      retries: 0,
      suspended: false,
      workerId: null,
      topicName: 'sendReminder',
      tenantId: null,
      priority: 0,
      businessKey: 'ia-5',
    });
    const ids = notifying(undefined);
    expect((await tasks('?noRetriesLeft=true')).map((task) => task.id)).toEqual([seededTaskId()]);
    expect(await tasks(`?withRetriesLeft=true&processInstanceIdIn=${ids[0]}`)).toMatchObject([{ processInstanceId: ids[0], retries: null }]);
    expect((await get(sim, '/external-task/count?processDefinitionKey=mailing')).body).toEqual({ count: 4 });
    const byIds = await post(sim, '/external-task?firstResult=0&maxResults=2', { externalTaskIdIn: [seededTaskId(), 'gone'] });
    expect((byIds.body as ExternalTaskDto[]).map((task) => task.id)).toEqual([seededTaskId()]);
    expect((await get(sim, '/external-task?sortBy=nope&sortOrder=asc')).status).toBe(400);
  });
});

describe('the retries of external tasks', () => {
  it('PUT /external-task/{id}/retries resolves the incident above 0 and opens it at 0', async () => {
    const id = seededTaskId();
    expect((await put(`/external-task/${id}/retries`, { retries: 2 })).status).toBe(204);
    expect(sim.state.incidents.map((incident) => incident.incidentType)).toEqual(['failedJob']);
    expect(await tasks()).toMatchObject([{ id, retries: 2, errorMessage: 'Mail server refused the connection' }]);
    expect((await put(`/external-task/${id}/retries`, { retries: 0 })).status).toBe(204);
    expect(sim.state.incidents.filter((incident) => incident.incidentType === 'failedExternalTask')).toMatchObject([{ configuration: id }]);
    expect((await put('/external-task/nope/retries', { retries: 1 })).body).toEqual({
      type: 'RestException',
      message: 'External task with id nope does not exist',
      code: 0,
    });
    expect((await put(`/external-task/${id}/retries`, { retries: -1 })).body).toMatchObject({ type: 'BadUserRequestException' });
    expect((await put(`/external-task/${id}/retries`, {})).body).toMatchObject({ message: 'The number of retries cannot be null.' });
  });

  it('PUT /external-task/retries changes all in one transaction: one task gone refuses them all (404)', async () => {
    const ids = notifying('SMTP down');
    const all = (await tasks('?processDefinitionKey=mailing')).map((task) => task.id);
    const refused = await put('/external-task/retries', { externalTaskIds: [...all, 'gone'], retries: 1 });
    expect(refused).toMatchObject({
      status: 404,
      body: { type: 'InvalidRequestException', message: 'Cannot find external task with id gone: externalTask is null' },
    });
    expect((await tasks('?processDefinitionKey=mailing')).map((task) => task.retries)).toEqual([null, null, null, null]);
    expect((await put('/external-task/retries', { externalTaskIds: all, retries: 1 })).status).toBe(204);
    expect((await put('/external-task/retries', { processInstanceIds: [ids[0]], retries: 5 })).status).toBe(204);
    expect((await tasks('?processDefinitionKey=mailing')).map((task) => task.retries).sort()).toEqual([1, 1, 1, 5]);
    expect((await put('/external-task/retries', { externalTaskIds: [], retries: 1 })).body).toMatchObject({ message: 'externalTaskIds is empty' });
    expect((await put('/external-task/retries', { externalTaskIds: all, retries: -1 })).status).toBe(400);
  });

  it('POST /external-task/retries-async creates a batch whose jobs set the retries; a task gone fails its job', async () => {
    notifying('SMTP down');
    const all = (await tasks('?processDefinitionKey=mailing')).map((task) => task.id);
    const answer = conforming(
      'POST',
      '/external-task/retries-async',
      await post(sim, '/external-task/retries-async', { externalTaskIds: [...all, 'gone'], retries: 3 }),
    );
    expect(answer.body).toMatchObject({ type: 'set-external-task-retries', totalJobs: 5 });
    sim.advanceBatches(10);
    expect((await tasks('?processDefinitionKey=mailing')).map((task) => task.retries)).toEqual([3, 3, 3, 3]);
    expect((await get(sim, `/batch/statistics?batchId=${(answer.body as BatchDto).id}`)).body).toMatchObject([{ failedJobs: 1 }]);
  });

  it('the workers fail a task again while its activity fails, and complete it once it does not', async () => {
    const ids = notifying('SMTP down');
    expect(runExternalTaskWorkers(sim.state)).toBe(4);
    const failed = await tasks('?processDefinitionKey=mailing');
    expect(failed.map((task) => [task.retries, task.errorMessage])).toEqual(Array.from({ length: 4 }, () => [0, 'SMTP down']));
    expect(runExternalTaskWorkers(sim.state)).toBe(0);
    delete sim.state.processDefinitions.at(-1)!.activities.find((activity) => activity.id === 'notify')!.fails;
    await put(`/external-task/${failed[0]!.id}/retries`, { retries: 1 });
    expect(runExternalTaskWorkers(sim.state)).toBe(1);
    expect((await tasks('?processDefinitionKey=mailing')).map((task) => task.id)).toEqual(failed.slice(1).map((task) => task.id));
    expect(sim.state.findProcessInstance(failed[0]!.processInstanceId)?.activityIds).toEqual(['done']);
    expect(ids).toContain(failed[0]!.processInstanceId);
  });
});
