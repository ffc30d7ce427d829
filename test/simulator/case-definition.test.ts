// CMMN cases over the real socket: deployed from .cmmn resources, the answers of GET /case-definition,
// its count and XML, and of GET /case-instance, field for field as a real Camunda 7.24 engine sent
// them (captured with curl on 2026-11-28: the bodies below keep its field order and messages).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCaseInstance } from './case-definition.js';
import { get } from './client.js';
import { startSimulator } from './index.js';
import type { Simulator } from './index.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

const cmmn = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/CMMN/20151109/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/cmmn" targetNamespace="http://example.org/cmmn" id="d">
  <case id="${key}" name="${name}">
    <casePlanModel id="plan"><planItem id="item" definitionRef="task" /><humanTask id="task" /></casePlanModel>
  </case>
</definitions>
`;

async function deploy(files: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append('deployment-name', 'cmmn');
  Object.entries(files).forEach(([name, text], index) => form.append(`file${index}`, new Blob([text]), name));
  const response = await fetch(`${sim.url}/deployment/create`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('CMMN case definitions', () => {
  it('are deployed from .cmmn, each the next version of its key, and answered as the engine does', async () => {
    const first = await deploy({ 'loan.cmmn': cmmn('loanCase', 'Loan case'), 'clean.cmmn': cmmn('cleanCase', 'Clean case') });
    expect(first.status).toBe(200);
    const deployed = Object.values(first.body['deployedCaseDefinitions'] as Record<string, Record<string, unknown>>);
    expect(deployed.map((definition) => Object.keys(definition))).toEqual([
      ['id', 'key', 'category', 'name', 'version', 'resource', 'deploymentId', 'tenantId', 'historyTimeToLive'],
      ['id', 'key', 'category', 'name', 'version', 'resource', 'deploymentId', 'tenantId', 'historyTimeToLive'],
    ]);
    expect(first.body['deployedProcessDefinitions']).toBeNull();
    const second = await deploy({ 'loan.cmmn': `${cmmn('loanCase', 'Loan case')}<!-- 2 -->` });
    const loan2 = Object.values(second.body['deployedCaseDefinitions'] as Record<string, { id: string; version: number }>)[0]!;
    expect(loan2.version).toBe(2);

    const latest = await get(sim, '/case-definition?latestVersion=true&sortBy=key&sortOrder=asc');
    expect(latest.body).toEqual([
      {
        id: expect.stringMatching(/^cleanCase:1:/),
        key: 'cleanCase',
        category: 'http://example.org/cmmn',
        name: 'Clean case',
        version: 1,
        resource: 'clean.cmmn',
        deploymentId: first.body['id'],
        tenantId: null,
        historyTimeToLive: null,
      },
      expect.objectContaining({ id: loan2.id, key: 'loanCase', version: 2, resource: 'loan.cmmn', deploymentId: second.body['id'] }),
    ]);
    expect((await get(sim, '/case-definition/count')).body).toEqual({ count: 3 });
    expect((await get(sim, '/case-definition/count?key=loanCase&version=1')).body).toEqual({ count: 1 });

    const xml = await get(sim, `/case-definition/${loan2.id}/xml`);
    expect(xml.body).toEqual({ id: loan2.id, cmmnXml: `${cmmn('loanCase', 'Loan case')}<!-- 2 -->` });
  });

  it('refuses as the engine does', async () => {
    expect(await get(sim, '/case-definition/nope/xml')).toMatchObject({
      status: 404,
      body: { type: 'InvalidRequestException', message: "no deployed case definition found with id 'nope': caseDefinition is null", code: 0 },
    });
    expect(await get(sim, '/case-definition?sortBy=bogus')).toMatchObject({
      status: 400,
      body: { type: 'InvalidRequestException', message: "Cannot set query parameter 'sortBy' to value 'bogus'", code: null },
    });
    expect(await get(sim, '/case-instance?sortBy=id')).toMatchObject({ status: 400, body: { message: "Cannot set query parameter 'sortBy' to value 'id'" } });
    expect(await get(sim, '/case-definition?sortOrder=asc')).toMatchObject({
      status: 400,
      body: { message: 'Only a single sorting parameter specified. sortBy and sortOrder required' },
    });
    const broken = await deploy({ 'broken.cmmn': '<definitions><case id="x"></definitions>' });
    expect(broken).toEqual({
      status: 500,
      body: { type: 'ProcessEngineException', message: "ENGINE-04001 Could not transform resource 'broken.cmmn'.", code: 0 },
    });
  });

  it('lists the case instances in the runtime, with their state; a deployment delete refuses them without cascade, forgets them with', async () => {
    const deployment = await deploy({ 'loan.cmmn': cmmn('loanCase', 'Loan case') });
    const id = Object.keys(deployment.body['deployedCaseDefinitions'] as Record<string, unknown>)[0]!;
    expect((await get(sim, '/case-instance')).body).toEqual([]);
    const active = createCaseInstance(sim.state, id, { businessKey: 'b1' });
    createCaseInstance(sim.state, id, { state: 'completed' });
    const listed = await get(sim, '/case-instance?active=true');
    expect(listed.body).toEqual([
      { links: [], id: active.id, caseDefinitionId: id, businessKey: 'b1', tenantId: null, active: true, completed: false, terminated: false },
    ]);
    expect((await get(sim, `/case-instance/count?caseDefinitionKey=loanCase`)).body).toEqual({ count: 2 });
    const refused = await fetch(`${sim.url}/deployment/${String(deployment.body['id'])}`, { method: 'DELETE' });
    expect({ status: refused.status, body: (await refused.json()) as unknown }).toEqual({
      status: 500,
      body: {
        type: 'ProcessEnginePersistenceException',
        message: 'An exception occurred in the persistence layer. Please check the server logs for a detailed message and the entire exception stack trace.',
        code: 10001,
      },
    });
    const removed = await fetch(`${sim.url}/deployment/${String(deployment.body['id'])}?cascade=true`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await get(sim, '/case-instance/count')).body).toEqual({ count: 0 });
    expect((await get(sim, '/case-definition/count')).body).toEqual({ count: 0 });
  });
});
