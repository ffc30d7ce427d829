// POST /migration/execute and /migration/executeAsync over the real socket.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, post } from './client.js';
import type { Answer } from './client.js';
import {
  javaHashMapOrder,
  SEEDED_PROCESS_DEFINITION_IDS as DEFS,
  SEEDED_PROCESS_INSTANCE_IDS as PIS,
  startSimulator,
  UNSUPPORTED_ACTIVITY_INSTANCE_FAILURE,
} from './index.js';
import type { ProcessDefinitionRecord, ProcessInstanceDto, Simulator } from './index.js';
import { loadSample, sampleIndex } from './samples.js';

let sim: Simulator;

// Every test migrates: each gets a fresh engine whose batches only move when told to.
beforeEach(async () => {
  sim = await startSimulator({ batchJobsPerSecond: 0 });
});

afterEach(async () => {
  await sim.close();
});

function capturedRequest(name: string): unknown {
  const entry = sampleIndex().find((sample) => sample.name === name);
  if (!entry) throw new Error(`no sample ${name}`);
  return entry.request;
}

const instruction = (source: string, target: string, updateEventTrigger = false): Record<string, unknown> => ({
  sourceActivityIds: [source],
  targetActivityIds: [target],
  updateEventTrigger,
});

const DEMO_PLAN = {
  sourceProcessDefinitionId: DEFS.v1,
  targetProcessDefinitionId: DEFS.v2,
  instructions: [instruction('approve', 'approve')],
};

const INVOICE_PLAN = {
  sourceProcessDefinitionId: DEFS.invoiceV1,
  targetProcessDefinitionId: DEFS.invoiceV2,
  instructions: [
    instruction('approveInvoice', 'approveInvoiceV2'),
    instruction('prepareBankTransfer', 'prepareBankTransfer'),
    instruction('archiveInvoice', 'archiveInvoice'),
  ],
};

async function definitionOf(id: string): Promise<string | undefined> {
  const answer = await get(sim, `/process-instance?processInstanceIds=${id}`);
  return (answer.body as ProcessInstanceDto[])[0]?.definitionId;
}

async function countOn(definitionId: string): Promise<unknown> {
  return (await get(sim, `/process-instance/count?processDefinitionId=${definitionId}`)).body;
}

function deploy(definition: Partial<ProcessDefinitionRecord> & Pick<ProcessDefinitionRecord, 'id' | 'activities'>): void {
  const base = sim.state.findProcessDefinition(DEFS.invoiceV1);
  if (!base) throw new Error('seed missing');
  sim.state.processDefinitions.push({ ...base, version: 3, ...definition });
}

const empty = (status: number): Answer => ({ status, contentType: null, body: '' });

describe('POST /migration/execute: the captured requests', () => {
  it.each([
    ['migration-execute-invalid-plan', 400],
    ['migration-execute-instance-validation', 400],
    ['migration-execute-foreign-instance', 500],
    ['migration-execute-no-instances', 400],
    ['migration-execute-no-plan', 500],
  ])('answers like %s.json', async (name, status) => {
    expect(await post(sim, '/migration/execute', capturedRequest(name))).toEqual({ status, contentType: 'application/json', body: loadSample(name) });
    // Nothing moved.
    expect(await countOn(DEFS.v2)).toEqual({ count: 3 });
  });

  it('migrates like migration-execute (204, no body) and then counts like process-instance-count-v2-after-migration.json', async () => {
    expect(await post(sim, '/migration/execute', capturedRequest('migration-execute'))).toEqual(empty(204));
    expect(await definitionOf(PIS.demoV1First)).toBe(DEFS.v2);
    expect(await countOn(DEFS.v2)).toEqual({ count: 4 });
    // The capture then migrated v1-2 and v1-3 (asynchronously): six on v2.
    expect(await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1Second, PIS.demoV1Third] })).toEqual(empty(204));
    expect(await countOn(DEFS.v2)).toEqual(loadSample('process-instance-count-v2-after-migration'));
    expect(await countOn(DEFS.v1)).toEqual({ count: 0 });
  });
});

describe('POST /migration/execute: selection', () => {
  it('migrates the union of processInstanceIds and processInstanceQuery, each instance once', async () => {
    const answer = await post(sim, '/migration/execute', {
      migrationPlan: DEMO_PLAN,
      processInstanceIds: [PIS.demoV1First, PIS.demoV1First],
      processInstanceQuery: { businessKeyLike: 'v1-%', processDefinitionId: DEFS.v1 },
    });
    expect(answer).toEqual(empty(204));
    expect(await countOn(DEFS.v2)).toEqual(loadSample('process-instance-count-v2-after-migration'));
  });

  it('answers a query that matches nothing like migration-execute-no-instances.json', async () => {
    const answer = await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceQuery: { processDefinitionId: DEFS.invoiceV2 } });
    expect(answer).toEqual({ status: 400, contentType: 'application/json', body: loadSample('migration-execute-no-instances') });
    expect((await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [] })).body).toEqual(
      loadSample('migration-execute-no-instances'),
    );
  });

  it('rejects a null id', async () => {
    expect(await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First, null] })).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { type: 'BadUserRequestException', message: 'Process instance ids cannot be null: process instance ids contains null value', code: 0 },
    });
  });

  it("passes the query's own errors through", async () => {
    expect((await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceQuery: { processInstanceIds: [] } })).body).toEqual({
      type: 'ProcessEngineException',
      message: 'Set of process instance ids is empty',
      code: 0,
    });
    expect((await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceQuery: { sortBy: 'instanceId' } })).body).toEqual({
      type: 'InvalidRequestException',
      message: 'Only a single sorting parameter specified. sortBy and sortOrder required',
      code: null,
    });
    expect((await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceQuery: { sortBy: 'nope', sortOrder: 'asc' } })).status).toBe(400);
  });

  it('checks the plan before the selection', async () => {
    const invalid = capturedRequest('migration-execute-invalid-plan') as Record<string, unknown>;
    expect((await post(sim, '/migration/execute', { ...invalid, processInstanceIds: [] })).body).toEqual(loadSample('migration-execute-invalid-plan'));
    expect(
      (await post(sim, '/migration/execute', { migrationPlan: { ...DEMO_PLAN, targetProcessDefinitionId: 'nope:1:1' }, processInstanceIds: [] })).body,
    ).toEqual({
      type: 'InvalidRequestException',
      message: "ENGINE-23008 Target process definition with id 'nope:1:1' does not exist",
      code: 0,
    });
  });

  it('answers malformed bodies like Jackson and a null body with the NullPointerException', async () => {
    for (const body of [
      '{"migrationPlan": ',
      { migrationPlan: 'x' },
      { processInstanceIds: 'a' },
      { skipIoMappings: 'maybe' },
      { processInstanceQuery: [] },
      [],
    ]) {
      expect(await post(sim, '/migration/execute', body)).toEqual({ status: 400, contentType: 'application/json', body: loadSample('invalid-json-type') });
    }
    expect((await post(sim, '/migration/execute', 'null')).body).toEqual({
      type: 'NullPointerException',
      message: 'Cannot invoke "org.camunda.bpm.engine.rest.dto.migration.MigrationExecutionDto.getMigrationPlan()" because "migrationExecution" is null',
      code: null,
    });
  });

  it('accepts plan variables and the skip flags without storing anything', async () => {
    const answer = await post(sim, '/migration/execute', {
      migrationPlan: { ...DEMO_PLAN, variables: { note: { type: 'String', value: 'migrated' } } },
      processInstanceIds: [PIS.demoV1First],
      skipCustomListeners: true,
      skipIoMappings: true,
    });
    expect(answer).toEqual(empty(204));
    expect(await definitionOf(PIS.demoV1First)).toBe(DEFS.v2);
  });

  it('answers an unknown engine like the other resources', async () => {
    expect((await post(sim, '/engine/nope/migration/execute', capturedRequest('migration-execute'))).body).toEqual(loadSample('unknown-engine'));
    expect((await post(sim, '/engine/default/migration/execute', capturedRequest('migration-execute'))).status).toBe(204);
  });
});

describe('POST /migration/execute: per instance', () => {
  it('reports an instance of another definition with ENGINE-23002', async () => {
    expect(await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV2First] })).toEqual({
      status: 500,
      contentType: 'application/json',
      body: {
        type: 'ProcessEngineException',
        message: `ENGINE-23002 Process instance '${PIS.demoV2First}' cannot be migrated. Its process definition '${DEFS.v2}' does not match the source process definition of the migration plan '${DEFS.v1}'`,
        code: 0,
      },
    });
  });

  it('reports an instance that has ended meanwhile as not existing (ENGINE-23003)', async () => {
    sim.state.endProcessInstance(PIS.demoV1Second);
    expect((await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1Second] })).body).toEqual({
      type: 'ProcessEngineException',
      message: `ENGINE-23003 Process instance '${PIS.demoV1Second}' cannot be migrated. The process instance does not exist`,
      code: 0,
    });
  });

  it('migrates all or nothing: one failing instance keeps the others where they are', async () => {
    const answer = await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First, PIS.demoV1Second, 'gone'] });
    expect(answer.status).toBe(500);
    expect(await countOn(DEFS.v1)).toEqual({ count: 3 });
  });

  it("reports the first failing instance in the engine's HashSet order, not in request order", async () => {
    const requested = ['zz-missing', PIS.demoV2First];
    const first = javaHashMapOrder(requested)[0];
    // The two orders differ for these ids, so the test tells them apart.
    expect(first).toBe(PIS.demoV2First);
    const answer = await post(sim, '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: requested });
    expect((answer.body as { message: string }).message).toMatch(/^ENGINE-23002 /);
  });

  it('validates every active activity: unmapped ones, with the instruction for mapped ones', async () => {
    sim.state.processInstances.push({
      id: 'multi-1',
      definitionId: DEFS.invoiceV1,
      businessKey: 'multi',
      tenantId: null,
      suspended: false,
      activityIds: ['approveInvoice', 'prepareBankTransfer', 'archiveInvoice'],
      activityInstanceIds: ['approveInvoice:a1', 'prepareBankTransfer:a2', 't3'],
    });
    const answer = await post(sim, '/migration/execute', {
      migrationPlan: { ...INVOICE_PLAN, instructions: [instruction('prepareBankTransfer', 'prepareBankTransfer')] },
      processInstanceIds: ['multi-1'],
    });
    const failure = "There is no migration instruction for this instance's activity";
    expect(answer).toEqual({
      status: 400,
      contentType: 'application/json',
      body: {
        type: 'MigratingProcessInstanceValidationException',
        message: `ENGINE-23004 Cannot migrate process instance 'multi-1':\n\tCannot migrate activity instance 'approveInvoice:a1':\n\t\t${failure}\n\tCannot migrate transition instance 't3':\n\t\t${failure}\n`,
        code: 0,
        validationReport: {
          processInstanceId: 'multi-1',
          failures: [],
          activityInstanceValidationReports: [
            { migrationInstruction: null, activityInstanceId: 'approveInvoice:a1', sourceScopeId: 'approveInvoice', failures: [failure] },
          ],
          transitionInstanceValidationReports: [
            { migrationInstruction: null, transitionInstanceId: 't3', sourceScopeId: 'archiveInvoice', failures: [failure] },
          ],
        },
      },
    });
  });

  it('reports the seeded transition instance (asyncBefore archiveInvoice) by its execution, the process instance', async () => {
    const answer = await post(sim, '/migration/execute', {
      migrationPlan: { ...INVOICE_PLAN, instructions: [instruction('approveInvoice', 'approveInvoiceV2')] },
      processInstanceIds: [PIS.invoiceArchive],
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { validationReport: unknown }).validationReport).toEqual({
      processInstanceId: PIS.invoiceArchive,
      failures: [],
      activityInstanceValidationReports: [],
      transitionInstanceValidationReports: [
        {
          migrationInstruction: null,
          transitionInstanceId: PIS.invoiceArchive,
          sourceScopeId: 'archiveInvoice',
          failures: ["There is no migration instruction for this instance's activity"],
        },
      ],
    });
  });

  it('requires an asyncBefore target for a transition instance', async () => {
    const v1 = sim.state.findProcessDefinition(DEFS.invoiceV1);
    deploy({
      id: 'invoice:3:c7d0a1b4-e5fe-11f1-a2ca-02fc00000001',
      activities: (v1?.activities ?? []).map((activity) =>
        activity.id === 'archiveInvoice' ? { id: 'archiveInvoice', type: 'serviceTask' as const } : activity,
      ),
    });
    const answer = await post(sim, '/migration/execute', {
      migrationPlan: {
        sourceProcessDefinitionId: DEFS.invoiceV1,
        targetProcessDefinitionId: 'invoice:3:c7d0a1b4-e5fe-11f1-a2ca-02fc00000001',
        instructions: [instruction('archiveInvoice', 'archiveInvoice')],
      },
      processInstanceIds: [PIS.invoiceArchive],
    });
    expect((answer.body as { message: string }).message).toBe(
      `ENGINE-23004 Cannot migrate process instance '${PIS.invoiceArchive}':\n\tCannot migrate transition instance '${PIS.invoiceArchive}':\n\t\tTarget activity is not asyncBefore\n`,
    );
    expect(
      (answer.body as { validationReport: { transitionInstanceValidationReports: unknown[] } }).validationReport.transitionInstanceValidationReports,
    ).toEqual([
      {
        migrationInstruction: instruction('archiveInvoice', 'archiveInvoice'),
        transitionInstanceId: PIS.invoiceArchive,
        sourceScopeId: 'archiveInvoice',
        failures: ['Target activity is not asyncBefore'],
      },
    ]);
  });

  it('rejects an activity instance of an unsupported type even when it is mapped', async () => {
    const v1 = sim.state.findProcessDefinition(DEFS.invoiceV1);
    sim.state.processInstances.push({
      id: 'manual-1',
      definitionId: DEFS.invoiceV1,
      businessKey: null,
      tenantId: null,
      suspended: false,
      activityIds: ['assignApprover'],
    });
    expect(v1?.activities.find((activity) => activity.id === 'assignApprover')?.type).toBe('businessRuleTask');
    const answer = await post(sim, '/migration/execute', {
      migrationPlan: { ...INVOICE_PLAN, instructions: [instruction('assignApprover', 'assignApprover')] },
      processInstanceIds: ['manual-1'],
    });
    const report = (answer.body as { validationReport: { activityInstanceValidationReports: { activityInstanceId: string }[] } }).validationReport;
    expect(report.activityInstanceValidationReports).toEqual([
      {
        migrationInstruction: instruction('assignApprover', 'assignApprover'),
        activityInstanceId: expect.stringMatching(/^assignApprover:[0-9a-f]{8}-e5fe-11f1-a2ca-02fc00000001$/) as unknown,
        sourceScopeId: 'assignApprover',
        failures: [UNSUPPORTED_ACTIVITY_INSTANCE_FAILURE],
      },
    ]);
    // The generated activity instance id sticks.
    const again = await post(sim, '/migration/execute', {
      migrationPlan: { ...INVOICE_PLAN, instructions: [instruction('assignApprover', 'assignApprover')] },
      processInstanceIds: ['manual-1'],
    });
    expect((again.body as { validationReport: unknown }).validationReport).toEqual(report);
  });

  it('moves instances to the target activities of the instructions', async () => {
    const answer = await post(sim, '/migration/execute', {
      migrationPlan: INVOICE_PLAN,
      processInstanceQuery: { processDefinitionId: DEFS.invoiceV1 },
    });
    expect(answer).toEqual(empty(204));
    expect(await countOn(DEFS.invoiceV2)).toEqual({ count: 6 });
    expect((await get(sim, '/process-instance/count?activityIdIn=approveInvoiceV2')).body).toEqual({ count: 3 });
    expect(sim.state.findProcessInstance(PIS.invoiceApprove1)).toMatchObject({
      definitionId: DEFS.invoiceV2,
      activityIds: ['approveInvoiceV2'],
      activityInstanceIds: ['approveInvoice:c7e72485-e5fe-11f1-a2ca-02fc00000001'],
    });
    // A suspended instance migrates too.
    expect(sim.state.findProcessInstance(PIS.invoicePrepare2)).toMatchObject({ definitionId: DEFS.invoiceV2, suspended: true });
  });

  it('keeps instances within their tenant (ENGINE-23010)', async () => {
    const plan = { sourceProcessDefinitionId: DEFS.sharedTenantA, targetProcessDefinitionId: DEFS.sharedTenantB, instructions: [instruction('task', 'task')] };
    expect((await post(sim, '/migration/execute', { migrationPlan: plan, processInstanceIds: [PIS.sharedTenantA] })).body).toEqual({
      type: 'ProcessEngineException',
      message: `ENGINE-23010 Cannot migrate process instance '${PIS.sharedTenantA}' to a process definition of a different tenant ('tenant-a' != 'tenant-b')`,
      code: 0,
    });
    sim.state.processInstances.push({
      id: 'no-tenant',
      definitionId: DEFS.sharedTenantA,
      businessKey: null,
      tenantId: null,
      suspended: false,
      activityIds: ['task'],
    });
    expect((await post(sim, '/migration/execute', { migrationPlan: plan, processInstanceIds: ['no-tenant'] })).body).toMatchObject({
      message: "ENGINE-23010 Cannot migrate process instance 'no-tenant' without tenant to a process definition with a tenant ('tenant-b')",
    });
  });
});

describe('POST /migration/executeAsync', () => {
  const BATCH_ID = /^[0-9a-f]{8}-e5fe-11f1-a2ca-02fc00000001$/;

  it('creates a pending batch shaped like migration-execute-async.json', async () => {
    const answer = await post(sim, '/migration/executeAsync', capturedRequest('migration-execute-async'));
    const sample = loadSample<Record<string, unknown>>('migration-execute-async');
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/json');
    const body = answer.body as Record<string, string>;
    expect(Object.keys(body)).toEqual(Object.keys(sample));
    expect(body).toEqual({
      ...sample,
      id: body.id,
      seedJobDefinitionId: body.seedJobDefinitionId,
      monitorJobDefinitionId: body.monitorJobDefinitionId,
      batchJobDefinitionId: body.batchJobDefinitionId,
      startTime: body.startTime,
    });
    // The batch id first, then the seed, monitor and batch job definitions.
    expect([body.id, body.seedJobDefinitionId, body.monitorJobDefinitionId, body.batchJobDefinitionId]).toEqual([
      'd0000001-e5fe-11f1-a2ca-02fc00000001',
      'd0000002-e5fe-11f1-a2ca-02fc00000001',
      'd0000003-e5fe-11f1-a2ca-02fc00000001',
      'd0000004-e5fe-11f1-a2ca-02fc00000001',
    ]);
    expect(body.startTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    // Nothing has moved yet.
    expect(await countOn(DEFS.v1)).toEqual({ count: 3 });
  });

  it('records the Basic auth user as createUserId, like batch-migration-execute-async-pending.json', async () => {
    const secured = await startSimulator({ basicAuth: true, batchJobsPerSecond: 0 });
    try {
      const plan = { ...DEMO_PLAN };
      const answer = await post(
        secured,
        '/migration/executeAsync',
        { migrationPlan: plan, processInstanceQuery: { processDefinitionId: DEFS.v1 } },
        { basicAuth: 'demo:demo' },
      );
      const sample = loadSample<Record<string, unknown>>('batch-migration-execute-async-pending');
      const body = answer.body as Record<string, unknown>;
      expect(body).toEqual({
        ...sample,
        id: body.id,
        seedJobDefinitionId: body.seedJobDefinitionId,
        monitorJobDefinitionId: body.monitorJobDefinitionId,
        batchJobDefinitionId: body.batchJobDefinitionId,
        startTime: body.startTime,
      });
      expect(body.id).toMatch(BATCH_ID);
      // A client cannot claim a user by sending the internal header itself.
      const spoofed = await fetch(`${sim.url}/migration/executeAsync`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-camunda-simulator-authenticated-user': 'mallory' },
        body: JSON.stringify({ migrationPlan: plan, processInstanceIds: [PIS.demoV1First] }),
      });
      expect(((await spoofed.json()) as { createUserId: unknown }).createUserId).toBeNull();
    } finally {
      await secured.close();
    }
  });

  it('makes ceil(instances / invocationsPerBatchJob) jobs', async () => {
    sim.state.batchSettings.invocationsPerBatchJob = 2;
    const answer = await post(sim, '/migration/executeAsync', { migrationPlan: INVOICE_PLAN, processInstanceQuery: { processDefinitionKey: 'invoice' } });
    expect(answer.body).toMatchObject({ totalJobs: 3, invocationsPerBatchJob: 2, batchJobsPerSeed: 100, jobsCreated: 0 });
  });

  it.each([
    ['migration-execute-async-invalid-plan', 'migration-execute-async-invalid-plan', 400],
    ['migration-execute-no-instances', 'migration-execute-no-instances', 400],
    ['migration-execute-no-plan', 'migration-execute-no-plan', 500],
  ])('checks the plan and the selection like execute (%s)', async (request, sample, status) => {
    expect(await post(sim, '/migration/executeAsync', capturedRequest(request))).toEqual({ status, contentType: 'application/json', body: loadSample(sample) });
    expect(sim.state.batches).toEqual([]);
  });

  it('does not check the instances: unknown, foreign and unmapped ones become failed jobs later', async () => {
    const answer = await post(sim, '/migration/executeAsync', {
      migrationPlan: { ...DEMO_PLAN, instructions: [] },
      processInstanceIds: ['does-not-exist', PIS.demoV2First, PIS.demoV1First],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalJobs: 3 });
  });

  it('evaluates the query when the batch is created', async () => {
    const created = await post(sim, '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceQuery: { processDefinitionId: DEFS.v1 } });
    expect(created.body).toMatchObject({ totalJobs: 3 });
    sim.state.processInstances.push({ id: 'late-1', definitionId: DEFS.v1, businessKey: 'late', tenantId: null, suspended: false, activityIds: ['approve'] });
    expect(sim.advanceBatches(10)).toBe(4);
    expect(await countOn(DEFS.v1)).toEqual({ count: 1 });
    expect(await definitionOf('late-1')).toBe(DEFS.v1);
  });

  it("takes the instances into jobs in the engine's HashSet order", async () => {
    const ids = [PIS.demoV1Third, PIS.demoV1First, PIS.demoV1Second];
    await post(sim, '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceIds: ids });
    expect(sim.state.batches[0]?.jobs.map((job) => job.processInstanceIds)).toEqual(javaHashMapOrder(ids).map((id) => [id]));
  });
});
