// The retries and due dates of jobs (job-retries.ts): one job, the set-job-retries batch, and how the
// failedJob incident and the job executor follow them; DELETE /incident refusing a failed job's incident.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateResponse } from '../contract/validate.js';
import { call, get, post } from './client.js';
import type { Answer } from './client.js';
import { runDueJobs, SEEDED_INCIDENT_IDS, SEEDED_PROCESS_INSTANCE_IDS as PIS, startSimulator } from './index.js';
import type { BatchDto, JobDto, Simulator } from './index.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
});
afterEach(async () => {
  await sim.close();
});

/** The answer, checked against the engine's OpenAPI document (for the statuses it documents). */
function conforming(method: string, path: string, answer: Answer): Answer {
  expect(validateResponse(method, path, answer.status, answer.body === '' ? undefined : answer.body).errors).toEqual([]);
  return answer;
}

const put = async (path: string, body: unknown): Promise<Answer> => conforming('PUT', path, await call(sim, 'PUT', path, { body }));
const failedJob = async (): Promise<JobDto> => ((await get(sim, `/job?processInstanceId=${PIS.approvalCheckBudget}`)).body as JobDto[])[0]!;
const failedIncident = () =>
  sim.state.incidents.filter((incident) => incident.incidentType === 'failedJob' && incident.processInstanceId === PIS.approvalCheckBudget);

/** Five instances of a definition whose async service task `charge` failed for good (an incident each). */
function failedCharges(fails: string | undefined): string[] {
  const [deployed] = sim.state.deployVersions('order', [
    {
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'charge', type: 'serviceTask', async: true, fails: 'Payment service unavailable', next: 'ship' },
        { id: 'ship', type: 'userTask' },
      ],
      instances: { charge: 5 },
    },
  ]);
  runDueJobs(sim.state);
  const charge = deployed!.definition.activities.find((activity) => activity.id === 'charge')!;
  if (fails === undefined) delete charge.fails;
  else charge.fails = fails;
  return deployed!.instanceIds;
}

describe('PUT /job/{id}/retries', () => {
  it('resolves the failedJob incident with retries above 0, keeps the job and its exception, and opens it again with 0', async () => {
    const job = await failedJob();
    expect(failedIncident()).toHaveLength(1);
    expect((await put(`/job/${job.id}/retries`, { retries: 2 })).status).toBe(204);
    expect(failedIncident()).toEqual([]);
    expect(await failedJob()).toMatchObject({ id: job.id, retries: 2, exceptionMessage: 'Budget service unavailable', dueDate: null });
    expect((await put(`/job/${job.id}/retries`, { retries: 0 })).status).toBe(204);
    expect(await failedJob()).toMatchObject({ id: job.id, retries: 0 });
    expect(failedIncident()).toMatchObject([{ configuration: job.id, incidentMessage: 'Budget service unavailable' }]);
    expect(failedIncident()[0]!.id).not.toBe(SEEDED_INCIDENT_IDS.checkBudgetFailedJob);
  });

  it('sets a due date when one is sent, clears it with null, and leaves it when none is', async () => {
    const job = await failedJob();
    await put(`/job/${job.id}/retries`, { retries: 1, dueDate: '2030-01-02T03:04:05.000+0100' });
    expect((await failedJob()).dueDate).toBe('2030-01-02T02:04:05.000+0000');
    await put(`/job/${job.id}/retries`, { retries: 1 });
    expect((await failedJob()).dueDate).toBe('2030-01-02T02:04:05.000+0000');
    await put(`/job/${job.id}/retries`, { retries: 1, dueDate: null });
    expect((await failedJob()).dueDate).toBeNull();
    expect((await put(`/job/${job.id}/duedate`, { duedate: '2031-05-06T07:08:09.000+0000', cascade: false })).status).toBe(204);
    expect((await failedJob()).dueDate).toBe('2031-05-06T07:08:09.000+0000');
  });

  it('answers as the engine for a job that does not exist, negative retries and a missing retries', async () => {
    expect((await put('/job/nope/retries', { retries: 1 })).body).toEqual({
      type: 'InvalidRequestException',
      message: "ENGINE-13053 No job found with id 'nope'.'",
      code: null,
    });
    const job = await failedJob();
    const negative = await put(`/job/${job.id}/retries`, { retries: -1 });
    expect([negative.status, (negative.body as { message: string }).message]).toEqual([
      500,
      "ENGINE-13054 The number of job retries must be a non-negative Integer, but '-1' has been provided.",
    ]);
    const missing = await call(sim, 'PUT', `/job/${job.id}/retries`, { body: {} });
    expect(missing).toMatchObject({ status: 500, body: { type: 'NullPointerException' } });
    expect((await put('/job/nope/duedate', { duedate: null })).body).toMatchObject({ message: "No job found with id 'nope'." });
    expect(failedIncident()).toHaveLength(1);
  });

  it('needs RETRY_JOB or UPDATE on the instance, or RETRY_JOB or UPDATE_INSTANCE on the definition', async () => {
    const secured = await startSimulator({ basicAuth: true });
    try {
      const job = ((await get(secured, `/job?processInstanceId=${PIS.approvalCheckBudget}`, { basicAuth: 'demo:demo' })).body as JobDto[])[0]!;
      const denied = await call(secured, 'PUT', `/job/${job.id}/retries`, { body: { retries: 1 }, basicAuth: 'john:john' });
      expect(denied.status).toBe(403);
      expect((denied.body as { missingAuthorizations: { permissionName: string }[] }).missingAuthorizations.map((missing) => missing.permissionName)).toEqual([
        'RETRY_JOB',
        'RETRY_JOB',
        'UPDATE',
        'UPDATE_INSTANCE',
      ]);
      expect((await call(secured, 'PUT', `/job/${job.id}/retries`, { body: { retries: 1 }, basicAuth: 'demo:demo' })).status).toBe(204);
    } finally {
      await secured.close();
    }
  });
});

describe('the job executor after a retry', () => {
  it('fails the job again while its activity fails: a new incident, the same job', async () => {
    const ids = failedCharges('Still unavailable');
    const jobs = (await post(sim, '/job', { processInstanceIds: ids })).body as JobDto[];
    expect(jobs.map((job) => job.retries)).toEqual([0, 0, 0, 0, 0]);
    await put(`/job/${jobs[0]!.id}/retries`, { retries: 3 });
    expect(runDueJobs(sim.state)).toBe(1);
    expect((await post(sim, '/job', { jobIds: [jobs[0]!.id] })).body).toMatchObject([{ id: jobs[0]!.id, retries: 0, exceptionMessage: 'Still unavailable' }]);
  });

  it('runs a retried job well once its activity no longer fails: the job is gone, the instance moves on; a due date ahead waits', async () => {
    const ids = failedCharges(undefined);
    const jobs = (await post(sim, '/job', { processInstanceIds: ids })).body as JobDto[];
    await put(`/job/${jobs[0]!.id}/retries`, { retries: 1 });
    await put(`/job/${jobs[1]!.id}/retries`, { retries: 1, dueDate: '2999-01-01T00:00:00.000+0000' });
    expect(runDueJobs(sim.state)).toBe(1);
    const left = (await post(sim, '/job', { jobIds: jobs.map((job) => job.id) })).body as JobDto[];
    expect(left.map((job) => job.id)).toEqual(jobs.slice(1).map((job) => job.id));
    expect(sim.state.findProcessInstance(jobs[0]!.processInstanceId!)?.activityIds).toEqual(['ship']);
    // Never retried: still failed, still there.
    expect(left.filter((job) => job.retries === 0)).toHaveLength(3);
  });
});

describe('POST /job/retries', () => {
  it('creates a set-job-retries batch whose jobs set the retries (and due date) of their ids', async () => {
    const ids = failedCharges('Still unavailable');
    const jobs = (await post(sim, '/job', { processInstanceIds: ids })).body as JobDto[];
    const answer = conforming('POST', '/job/retries', await post(sim, '/job/retries', { jobIds: jobs.map((job) => job.id), retries: 2, dueDate: null }));
    expect(answer.status).toBe(200);
    const batch = answer.body as BatchDto;
    expect(batch).toMatchObject({ type: 'set-job-retries', totalJobs: 5, jobsCreated: 0, invocationsPerBatchJob: 1 });
    expect(sim.advanceBatches(6)).toBe(6);
    const after = (await post(sim, '/job', { jobIds: jobs.map((job) => job.id) })).body as JobDto[];
    expect(after.map((job) => job.retries)).toEqual([2, 2, 2, 2, 2]);
    expect((await get(sim, `/batch/${batch.id}`)).status).toBe(404);
  });

  it('fails the batch job of a job that is gone by then (ENGINE-13053), and takes a jobQuery', async () => {
    const ids = failedCharges('Still unavailable');
    const answer = await post(sim, '/job/retries', { jobIds: ['gone'], jobQuery: { processInstanceIds: ids.slice(0, 2) }, retries: 1 });
    expect((answer.body as BatchDto).totalJobs).toBe(3);
    sim.advanceBatches(10);
    const statistics = (await get(sim, '/batch/statistics')).body as { failedJobs: number }[];
    expect(statistics).toMatchObject([{ failedJobs: 1, remainingJobs: 1 }]);
    const log = (await get(sim, '/history/job-log?failureLog=true')).body as { jobExceptionMessage: string }[];
    expect(log.at(-1)?.jobExceptionMessage).toBe("ENGINE-13053 No job found with id 'gone'.'");
  });

  it('answers as the engine without jobs, without retries, with negative retries', async () => {
    expect((await post(sim, '/job/retries', { retries: 1 })).body).toEqual({
      type: 'ProcessEngineException',
      message: 'ENGINE-13050 You must specify at least one of jobIds or jobQuery.',
      code: 0,
    });
    expect(conforming('POST', '/job/retries', await post(sim, '/job/retries', { jobIds: ['a'] })).body).toEqual({
      type: 'InvalidRequestException',
      message: 'retries is null',
      code: null,
    });
    expect((await post(sim, '/job/retries', { jobQuery: { processInstanceId: 'none' }, retries: 1 })).body).toMatchObject({ message: 'jobIds is empty' });
    expect((await post(sim, '/job/retries', { jobIds: ['a'], retries: -1 })).body).toMatchObject({
      type: 'ProcessEngineException',
      message: 'Retries count is not greater than or equal to 0',
    });
    expect(sim.state.batches).toEqual([]);
  });
});

describe('DELETE /incident/{id}', () => {
  it('refuses the incidents of failed jobs and external tasks, 404 for none, and resolves another type', async () => {
    for (const id of [SEEDED_INCIDENT_IDS.checkBudgetFailedJob, SEEDED_INCIDENT_IDS.sendReminderFailedExternalTask]) {
      const answer = conforming('DELETE', '/incident/{id}', await call(sim, 'DELETE', `/incident/${id}`));
      expect(answer.status).toBe(400);
    }
    expect((await call(sim, 'DELETE', `/incident/${SEEDED_INCIDENT_IDS.checkBudgetFailedJob}`)).body).toEqual({
      type: 'InvalidRequestException',
      message: 'Cannot resolve an incident of type failedJob',
      code: null,
    });
    expect(conforming('DELETE', '/incident/{id}', await call(sim, 'DELETE', '/incident/nope')).body).toMatchObject({
      message: "Cannot find an incident with id 'nope': incident is null",
    });
    const custom = sim.state.incidents.push({ ...sim.state.incidents[0]!, id: 'custom-1', incidentType: 'custom' });
    expect(custom).toBe(3);
    expect(conforming('DELETE', '/incident/{id}', await call(sim, 'DELETE', '/incident/custom-1')).status).toBe(204);
    expect(sim.state.incidents.map((incident) => incident.id).sort()).toEqual(Object.values(SEEDED_INCIDENT_IDS).sort());
  });

  it('filters incidents by their timestamp, strictly', async () => {
    const after = (await get(sim, '/incident?incidentTimestampAfter=2026-11-21T22:56:04.102%2B0000')).body as { id: string }[];
    expect(after.map((incident) => incident.id)).toEqual([SEEDED_INCIDENT_IDS.sendReminderFailedExternalTask]);
    expect((await get(sim, '/incident/count?incidentTimestampBefore=2026-11-21T22:56:04.377%2B0000')).body).toEqual({ count: 1 });
    expect((await get(sim, '/incident?incidentTimestampAfter=yesterday')).status).toBe(400);
  });
});
