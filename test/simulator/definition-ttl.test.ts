// Decision definitions, the time-to-live PUTs and the cleanable reports' counts, over the real socket.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, get } from './client.js';
import { SEEDED_DECISION_DEFINITION_IDS as DECISIONS, SEEDED_PROCESS_DEFINITION_IDS as DEFS, startSimulator } from './index.js';
import type { Simulator } from './index.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  await sim.close();
});

const put = (path: string, body: unknown, basicAuth?: string) => call(sim, 'PUT', path, { body, ...(basicAuth ? { basicAuth } : {}) });
const ids = async (path: string) => ((await get(sim, path)).body as { id: string }[]).map((row) => row.id);

describe('GET /decision-definition', () => {
  it('lists the seeded decisions in id order with the DTO fields in engine order, and filters like the engine', async () => {
    const all = await get(sim, '/decision-definition');
    expect(all.status).toBe(200);
    const rows = all.body as Record<string, unknown>[];
    // By id: key:version:uuid, so the tenant's version 1 comes before version 2.
    expect(rows.map((row) => row.id)).toEqual([
      DECISIONS.assignApproverV1,
      DECISIONS.classificationV1,
      DECISIONS.classificationTenantA,
      DECISIONS.classificationV2,
    ]);
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'key',
      'category',
      'name',
      'version',
      'resource',
      'deploymentId',
      'tenantId',
      'decisionRequirementsDefinitionId',
      'decisionRequirementsDefinitionKey',
      'historyTimeToLive',
      'versionTag',
    ]);
    expect(await ids('/decision-definition?key=invoice-classification&tenantIdIn=tenant-a')).toEqual([DECISIONS.classificationTenantA]);
    expect(await ids('/decision-definition?key=invoice-classification&latestVersion=true')).toEqual([
      DECISIONS.classificationTenantA,
      DECISIONS.classificationV2,
    ]);
    expect(await ids('/decision-definition?withoutTenantId=true&sortBy=version&sortOrder=desc')).toEqual([
      DECISIONS.classificationV2,
      DECISIONS.assignApproverV1,
      DECISIONS.classificationV1,
    ]);
    expect((await get(sim, '/decision-definition/count?key=invoice-classification')).body).toEqual({ count: 3 });
    expect((await get(sim, '/decision-definition?sortBy=nope')).status).toBe(400);
  });

  it('answers one by id, and 404 in the words of the engine for an unknown id', async () => {
    expect((await get(sim, `/decision-definition/${DECISIONS.classificationV1}`)).body).toMatchObject({
      key: 'invoice-classification',
      historyTimeToLive: null,
    });
    expect(await get(sim, '/decision-definition/nope')).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: "no deployed decision definition found with id 'nope': decisionDefinition is null", code: 0 },
    });
  });
});

describe('PUT /{process,decision}-definition/{id}/history-time-to-live', () => {
  it('sets the time-to-live of that version alone (204)', async () => {
    expect(await put(`/process-definition/${DEFS.invoiceV1}/history-time-to-live`, { historyTimeToLive: 7 })).toMatchObject({ status: 204, body: '' });
    expect((await get(sim, `/process-definition/${DEFS.invoiceV1}`)).body).toMatchObject({ historyTimeToLive: 7 });
    expect((await get(sim, `/process-definition/${DEFS.invoiceV2}`)).body).toMatchObject({ historyTimeToLive: 45 });
    expect((await put(`/decision-definition/${DECISIONS.classificationV1}/history-time-to-live`, { historyTimeToLive: 0 })).status).toBe(204);
    expect((await get(sim, `/decision-definition/${DECISIONS.classificationV1}`)).body).toMatchObject({ historyTimeToLive: 0 });
  });

  it('refuses a negative value, a null while enforcing, and answers an unknown id with the NullPointerException of the real engines', async () => {
    const path = `/process-definition/${DEFS.invoiceV1}/history-time-to-live`;
    expect(await put(path, { historyTimeToLive: -1 })).toMatchObject({
      status: 400,
      body: { type: 'BadUserRequestException', message: 'historyTimeToLive is not greater than or equal to 0', code: 0 },
    });
    expect(await put(path, { historyTimeToLive: null })).toMatchObject({
      status: 400,
      body: { type: 'NotAllowedException', message: 'Null historyTimeToLive values are not allowed', code: 0 },
    });
    // An empty object is a null too.
    expect((await put(`/decision-definition/${DECISIONS.classificationV2}/history-time-to-live`, {})).status).toBe(400);
    expect(await put(path, { historyTimeToLive: 'abc' })).toMatchObject({ status: 400, body: { type: 'InvalidRequestException', message: '' } });
    expect(await put('/decision-definition/nope/history-time-to-live', { historyTimeToLive: 3 })).toMatchObject({
      status: 500,
      body: {
        type: 'NullPointerException',
        message:
          'Cannot invoke "org.camunda.bpm.engine.impl.dmn.entity.repository.DecisionDefinitionEntity.getHistoryTimeToLive()" because "<parameter2>" is null',
      },
    });
    sim.state.enforceHistoryTimeToLive = false;
    expect((await put(path, { historyTimeToLive: null })).status).toBe(204);
    expect((await get(sim, `/process-definition/${DEFS.invoiceV1}`)).body).toMatchObject({ historyTimeToLive: null });
  });
});

describe('PUT history-time-to-live as a user', () => {
  beforeEach(async () => {
    await sim.close();
    sim = await startSimulator({ basicAuth: true });
  });

  it('wants UPDATE on the definition key: john may update refengine-demo, mary nothing', async () => {
    expect((await put(`/process-definition/${DEFS.v1}/history-time-to-live`, { historyTimeToLive: 5 }, 'john:john')).status).toBe(204);
    const refused = await put(`/process-definition/${DEFS.invoiceV1}/history-time-to-live`, { historyTimeToLive: 5 }, 'mary:mary');
    expect(refused).toMatchObject({ status: 403, body: { type: 'AuthorizationException' } });
  });
});
