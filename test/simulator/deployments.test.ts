// /deployment over the real socket, the form sent by Node's own FormData (not camunda-admin's body):
// the engine's multipart reading, duplicate filtering by name, source and tenant, the versions of the
// definitions, the TTL refusal, and the answers of the reads and deletes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deploymentStore } from './deployments.js';
import { startSimulator } from './index.js';
import type { Simulator } from './index.js';
import { loadSample } from './samples.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

const model = (id: string, ttl = ' camunda:historyTimeToLive="5"', end = 'end') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="${id}" isExecutable="true"${ttl}>
    <bpmn:startEvent id="start" /><bpmn:endEvent id="${end}" />
  </bpmn:process>
</bpmn:definitions>
`;

async function deploy(fields: Record<string, string>, files: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  Object.entries(files).forEach(([name, text], index) => form.append(`file${index}`, new Blob([text]), name));
  const response = await fetch(`${sim.url}/deployment/create`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const versions = (body: Record<string, unknown>) =>
  Object.values((body.deployedProcessDefinitions ?? {}) as Record<string, { key: string; version: number }>).map(
    (definition) => `${definition.key}:${definition.version}`,
  );

describe('POST /deployment/create', () => {
  it('answers with the deployment and its definitions, each the next version of its key', async () => {
    const first = await deploy({ 'deployment-name': 'rel', 'deployment-source': 'ci' }, { 'a.bpmn': model('dep-a'), 'forms/x.form': '{"id":"x"}' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'rel', source: 'ci', tenantId: null, deployedCaseDefinitions: null, deployedDecisionDefinitions: null });
    expect((first.body.links as { rel: string; href: string }[])[0]).toEqual({
      method: 'GET',
      href: `${sim.url}/deployment/${String(first.body.id)}`,
      rel: 'self',
    });
    expect(versions(first.body)).toEqual(['dep-a:1']);
    expect(versions((await deploy({}, { 'a.bpmn': model('dep-a') })).body)).toEqual(['dep-a:2']);
    expect(versions((await deploy({ 'tenant-id': 't1' }, { 'a.bpmn': model('dep-a') })).body)).toEqual(['dep-a:1']);
    const formOnly = await deploy({}, { 'x.form': '{}' });
    expect(formOnly.body.deployedProcessDefinitions).toBeNull();
  });

  it('filters duplicates by name, source and tenant: nothing, everything or the changed files', async () => {
    const files = { 'a.bpmn': model('dep-a'), 'b.bpmn': model('dep-b') };
    const first = await deploy({ 'deployment-name': 'rel', 'enable-duplicate-filtering': 'true' }, files);
    const same = await deploy({ 'deployment-name': 'rel', 'enable-duplicate-filtering': 'true' }, files);
    expect(same.body).toMatchObject({ id: first.body.id, deployedProcessDefinitions: null });
    const otherSource = await deploy({ 'deployment-name': 'rel', 'deployment-source': 'ci', 'enable-duplicate-filtering': 'true' }, files);
    expect(versions(otherSource.body)).toEqual(['dep-a:2', 'dep-b:2']);
    const changed = { ...files, 'b.bpmn': model('dep-b', ' camunda:historyTimeToLive="5"', 'done') };
    expect(versions((await deploy({ 'deployment-name': 'rel', 'enable-duplicate-filtering': 'true' }, changed)).body)).toEqual(['dep-a:3', 'dep-b:3']);
    const onlyChanged = { ...changed, 'a.bpmn': model('dep-a', ' camunda:historyTimeToLive="6"') };
    const answer = await deploy({ 'deployment-name': 'rel', 'deploy-changed-only': 'true' }, onlyChanged);
    expect(versions(answer.body)).toEqual(['dep-a:4']);
    expect(
      deploymentStore(sim.state)
        .deployments.at(-1)
        ?.resources.map((resource) => resource.name),
    ).toEqual(['a.bpmn']);
  });

  it('refuses a process without a time-to-live as the engine does, at the end of its start tag', async () => {
    const refused = await deploy({}, { 'no-ttl.bpmn': model('dep-nottl', '') });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: 'ParseException', code: 0 });
    const [error] = (refused.body.details as Record<string, { errors: Record<string, unknown>[] }>)['no-ttl.bpmn']!.errors;
    expect(error).toMatchObject({ line: 3, column: 52, mainElementId: 'dep-nottl' });
    expect(String(error?.message)).toMatch(/^ENGINE-12018 History Time To Live \(TTL\) cannot be null\./);
    deploymentStore(sim.state).enforceHistoryTimeToLive = false;
    expect((await deploy({}, { 'no-ttl.bpmn': model('dep-nottl', '') })).status).toBe(200);
  });

  it('refuses a form without resources', async () => {
    expect(await deploy({ 'deployment-name': 'empty' }, {})).toEqual({
      status: 400,
      body: { type: 'InvalidRequestException', message: 'No deployment resources contained in the form upload.', code: null },
    });
  });
});

describe('GET and DELETE /deployment', () => {
  it('lists, counts, reads the resources, and deletes with cascade only when instances run', async () => {
    const created = await deploy({ 'deployment-name': 'dep-list' }, { 'a.bpmn': model('dep-a') });
    const id = String(created.body.id);
    const listed = (await (await fetch(`${sim.url}/deployment?name=dep-list`)).json()) as unknown[];
    expect(listed).toEqual([{ links: [], id, name: 'dep-list', source: null, deploymentTime: expect.any(String), tenantId: null }]);
    expect(await (await fetch(`${sim.url}/deployment/count?nameLike=dep-%25`)).json()).toEqual({ count: 1 });
    expect(await (await fetch(`${sim.url}/deployment/${id}/resources`)).json()).toEqual([{ id: expect.any(String), name: 'a.bpmn', deploymentId: id }]);
    expect((await fetch(`${sim.url}/deployment/nope`)).status).toBe(404);

    const definition = sim.state.processDefinitions.find((candidate) => candidate.deploymentId === id)!;
    sim.state.processInstances.push({
      id: 'dep-i',
      definitionId: definition.id,
      businessKey: null,
      tenantId: null,
      suspended: false,
      activityIds: ['start'],
      startUserId: null,
    });
    const refused = await fetch(`${sim.url}/deployment/${id}`, { method: 'DELETE' });
    expect(refused.status).toBe(500);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^ENGINE-03076 .* because there are 1 dependent process instances\.$/);
    expect((await fetch(`${sim.url}/deployment/${id}?cascade=true`, { method: 'DELETE' })).status).toBe(204);
    expect(sim.state.processInstances.some((instance) => instance.id === 'dep-i')).toBe(false);
    expect((await fetch(`${sim.url}/deployment/${id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('GET /deployment/{id}/resources/{resourceId}/data', () => {
  it("answers a resource's bytes with the media type of its extension, and an unknown one as the engine does", async () => {
    const script = '// total\nvar x = 1;\n';
    const created = await deploy({ 'deployment-name': 'dep-data' }, { 'a.bpmn': model('dep-data'), 'scripts/total.js': script, 'notes.bin': 'x' });
    const id = String(created.body.id);
    const resources = (await (await fetch(`${sim.url}/deployment/${id}/resources`)).json()) as { id: string; name: string }[];
    const data = (name: string) => fetch(`${sim.url}/deployment/${id}/resources/${resources.find((resource) => resource.name === name)!.id}/data`);
    const js = await data('scripts/total.js');
    expect([js.status, js.headers.get('content-type'), js.headers.get('content-disposition'), await js.text()]).toEqual([
      200,
      'text/plain;charset=utf-8',
      `attachment; filename="total.js"; filename*=UTF-8''total.js`,
      script,
    ]);
    expect((await data('a.bpmn')).headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    expect((await data('notes.bin')).headers.get('content-type')).toBe('application/octet-stream');
    const missing = await fetch(`${sim.url}/deployment/${id}/resources/nope/data`);
    expect([missing.status, await missing.json()]).toEqual([
      500,
      { type: 'NullValueException', message: `no resource found with id 'nope' in deployment '${id}': resource is null`, code: 0 },
    ]);
  });
});

describe('reading resources with authorization checks', () => {
  it('refuses a user without READ on the deployment as the engine does (sample deployment-resources-denied)', async () => {
    const authed = await startSimulator({ basicAuth: true });
    try {
      const asUser = (user: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}` });
      const form = new FormData();
      form.append('deployment-name', 'dep-denied');
      form.append('a', new Blob([model('dep-denied')]), 'a.bpmn');
      const created = (await (await fetch(`${authed.url}/deployment/create`, { method: 'POST', body: form, headers: asUser('demo') })).json()) as {
        id: string;
      };
      const denied = await fetch(`${authed.url}/deployment/${created.id}/resources`, { headers: asUser('john') });
      const sample = loadSample('deployment-resources-denied') as Record<string, unknown>;
      const body = (await denied.json()) as Record<string, unknown>;
      expect(denied.status).toBe(403);
      expect(Object.keys(body)).toEqual(Object.keys(sample));
      expect(body['message']).toBe(`The user with id 'john' does not have 'READ' permission on resource '${created.id}' of type 'Deployment'.`);
      expect(body['missingAuthorizations']).toEqual([{ permissionName: 'READ', resourceName: 'Deployment', resourceId: created.id }]);
    } finally {
      await authed.close();
    }
  });
});
