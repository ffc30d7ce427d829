// Authorization checks of the migration, batch, process definition and process instance resources with
// the Basic auth filter on: READ-filtered queries (a 404 or a shorter list, never a 403), the READ checks
// of plan creation, the conjunctive MIGRATE_INSTANCE check and the batch creation check. Over the real
// socket.
//
// Seed: demo is in camunda-admin (ALL on every resource type). john (group sales, which has a REVOKE of
// DELETE on PROCESS_DEFINITION '*', so revoke checks run for him) has READ and UPDATE on PROCESS_DEFINITION
// 'refengine-demo' and nothing else here; mary has no authorization on these resources. The aux engine
// of the captures gave john no authorization at all: the tests reproducing its samples remove his grant.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateResponse } from '../contract/validate.js';
import { call } from './client.js';
import type { Answer } from './client.js';
import {
  AuthorizationType,
  ResourceType,
  SEEDED_AUTHORIZATION_IDS,
  SEEDED_PROCESS_DEFINITION_IDS as DEFS,
  SEEDED_PROCESS_INSTANCE_IDS as PIS,
  startSimulator,
} from './index.js';
import type { AuthorizationRecord, BatchDto, ProcessInstanceDto, Simulator } from './index.js';
import { loadSample, sampleIndex } from './samples.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSimulator({ basicAuth: true, batchJobsPerSecond: 0 });
});

afterEach(async () => {
  await sim.close();
});

type User = 'demo' | 'john' | 'mary';
const request = (user: User, method: string, path: string, body?: unknown): Promise<Answer> => call(sim, method, path, { basicAuth: `${user}:${user}`, body });
const ids = async (user: User, path: string): Promise<string[]> => ((await request(user, 'GET', path)).body as { id: string }[]).map((row) => row.id);
const count = async (user: User, path: string, body?: unknown): Promise<unknown> => (await request(user, body === undefined ? 'GET' : 'POST', path, body)).body;

let grantCount = 0;
function grant(userId: string, resourceType: number, resourceId: string, permissions: string[]): void {
  grantCount += 1;
  const record: AuthorizationRecord = {
    id: `test-grant-${grantCount}`,
    type: AuthorizationType.GRANT,
    permissions,
    userId,
    groupId: null,
    resourceType,
    resourceId,
    removalTime: null,
    rootProcessInstanceId: null,
  };
  sim.state.authorizations.push(record);
}

/** Like the aux engine of the captures: john without his seeded READ, UPDATE on 'refengine-demo'. */
function withoutJohnsGrant(): void {
  sim.state.authorizations = sim.state.authorizations.filter((auth) => auth.id !== SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant);
}

const missing = (permissionName: string, resourceName: string, resourceId: string | null): Record<string, unknown> => ({
  permissionName,
  resourceName,
  resourceId,
});
const describeMissing = ({ permissionName, resourceName, resourceId }: Record<string, unknown>): string =>
  `'${String(permissionName)}' permission on resource '${resourceId === null ? '' : `${String(resourceId)}' of type '`}${String(resourceName)}'`;

/** The 403 of an AuthorizationException with several missing authorizations (the deprecated fields null). */
const deniedAll = (user: string, entries: Record<string, unknown>[]): Answer => ({
  status: 403,
  contentType: 'application/json',
  body: {
    type: 'AuthorizationException',
    message: `The user with id '${user}' does not have one of the following permissions: ${entries.map(describeMissing).join(' or ')}`,
    code: 0,
    userId: user,
    resourceName: null,
    resourceId: null,
    permissionName: null,
    missingAuthorizations: entries,
  },
});

/** The 403 of an AuthorizationException with one missing authorization. */
const denied = (user: string, permissionName: string, resourceName: string, resourceId: string | null): Answer => {
  const entry = missing(permissionName, resourceName, resourceId);
  return {
    status: 403,
    contentType: 'application/json',
    body: {
      type: 'AuthorizationException',
      message: `The user with id '${user}' does not have ${describeMissing(entry)}.`,
      code: 0,
      userId: user,
      resourceName,
      resourceId,
      permissionName,
      missingAuthorizations: [entry],
    },
  };
};

const instruction = (source: string, target: string): Record<string, unknown> => ({ sourceActivityIds: [source], targetActivityIds: [target] });
const DEMO_PLAN = { sourceProcessDefinitionId: DEFS.v1, targetProcessDefinitionId: DEFS.v2, instructions: [instruction('approve', 'approve')] };
/** invoice v1 -> refengine-demo v2 (user task to user task): a valid plan across two keys. */
const CROSS_PLAN = { sourceProcessDefinitionId: DEFS.invoiceV1, targetProcessDefinitionId: DEFS.v2, instructions: [instruction('approveInvoice', 'approve')] };
const DEMO_V1 = [PIS.demoV1First, PIS.demoV1Second, PIS.demoV1Third];

const MIGRATE_BOTH_DEMO = [
  missing('MIGRATE_INSTANCE', 'ProcessDefinition', 'refengine-demo'),
  missing('MIGRATE_INSTANCE', 'ProcessDefinition', 'refengine-demo'),
];
const CREATE_BATCH = [missing('CREATE', 'Batch', null), missing('CREATE_BATCH_MIGRATE_PROCESS_INSTANCES', 'Batch', null)];

function capturedRequest(name: string): Record<string, unknown> {
  const entry = sampleIndex().find((sample) => sample.name === name);
  if (!entry) throw new Error(`no sample ${name}`);
  return entry.request as Record<string, unknown>;
}

function definitionOf(id: string): string | undefined {
  return sim.state.findProcessInstance(id)?.definitionId;
}

async function demoBatch(): Promise<BatchDto> {
  const created = await request('demo', 'POST', '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceIds: DEMO_V1 });
  expect(created.status).toBe(200);
  return created.body as BatchDto;
}

describe('the captured samples', () => {
  it('batch-get-without-read-permission: a batch john may not READ is a 404, not a 403', async () => {
    const batch = await demoBatch();
    const sample = loadSample<{ message: string }>('batch-get-without-read-permission');
    const capturedId = new URL(sampleIndex().find((entry) => entry.name === 'batch-get-without-read-permission')?.url ?? '').pathname.split('/').pop() ?? '';
    expect(await request('john', 'GET', `/batch/${batch.id}`)).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { ...sample, message: sample.message.replace(capturedId, batch.id) },
    });
    expect((await request('demo', 'GET', `/batch/${batch.id}`)).body).toEqual(batch);
  });

  it('process-definition-list-as-unprivileged-user: the list is filtered, not denied', async () => {
    withoutJohnsGrant();
    expect(await request('john', 'GET', '/process-definition')).toEqual({
      status: 200,
      contentType: 'application/json',
      body: loadSample('process-definition-list-as-unprivileged-user'),
    });
    expect(await count('john', '/process-definition/count')).toEqual({ count: 0 });
    expect(await ids('mary', '/process-definition')).toEqual([]);
  });

  it('auth-denied-migration-execute-async: READ on the source definition is checked first', async () => {
    withoutJohnsGrant();
    const captured = capturedRequest('auth-denied-migration-execute-async');
    const body = { ...captured, migrationPlan: { ...(captured.migrationPlan as object), ...DEMO_PLAN }, processInstanceIds: [PIS.demoV1First] };
    expect(await request('john', 'POST', '/migration/executeAsync', body)).toEqual({
      status: 403,
      contentType: 'application/json',
      body: loadSample('auth-denied-migration-execute-async'),
    });
    expect(sim.state.batches).toEqual([]);
  });

  it('gives the same READ 403 on generate, validate (not a report) and execute', async () => {
    withoutJohnsGrant();
    const expected = { status: 403, contentType: 'application/json', body: loadSample('auth-denied-migration-execute-async') };
    expect(await request('john', 'POST', '/migration/generate', { sourceProcessDefinitionId: DEFS.v1, targetProcessDefinitionId: DEFS.v2 })).toEqual(expected);
    expect(await request('john', 'POST', '/migration/validate', DEMO_PLAN)).toEqual(expected);
    expect(await request('john', 'POST', '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First] })).toEqual(expected);
    expect(definitionOf(PIS.demoV1First)).toBe(DEFS.v1);
  });
});

describe('process definitions: READ on PROCESS_DEFINITION with the key', () => {
  it('filters lists and counts by key', async () => {
    expect(await ids('john', '/process-definition')).toEqual([DEFS.v1, DEFS.v2]);
    expect(await count('john', '/process-definition/count')).toEqual({ count: 2 });
    expect(await ids('john', '/process-definition?key=invoice')).toEqual([]);
    expect(await ids('john', '/process-definition?key=refengine-demo&latestVersion=true')).toEqual([DEFS.v2]);
    grant('mary', ResourceType.PROCESS_DEFINITION, 'invoice', ['READ']);
    expect(await ids('mary', '/process-definition?sortBy=version&sortOrder=desc')).toEqual([DEFS.invoiceV2, DEFS.invoiceV1]);
    grant('mary', ResourceType.PROCESS_DEFINITION, '*', ['READ']);
    expect(await count('mary', '/process-definition/count')).toEqual(await count('demo', '/process-definition/count'));
  });

  it('answers a definition the caller may not READ like an unknown one (the resource wraps the AuthorizationException in its 404)', async () => {
    expect((await request('john', 'GET', `/process-definition/${DEFS.v1}`)).status).toBe(200);
    expect(await request('john', 'GET', `/process-definition/${DEFS.invoiceV1}`)).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: `No matching definition with id ${DEFS.invoiceV1}`, code: 0 },
    });
    expect((await request('demo', 'GET', `/process-definition/${DEFS.invoiceV1}`)).status).toBe(200);
  });
});

describe('process instances: READ on the instance or READ_INSTANCE on its definition key', () => {
  it('shows nothing without either', async () => {
    expect(await ids('mary', '/process-instance')).toEqual([]);
    expect(await count('mary', '/process-instance/count')).toEqual({ count: 0 });
    expect(await count('mary', '/process-instance/count', {})).toEqual({ count: 0 });
    // john's READ on the definition is not READ_INSTANCE.
    expect(await ids('john', '/process-instance?processDefinitionKey=refengine-demo')).toEqual([]);
  });

  it('unites the instances readable one by one and those of readable definitions', async () => {
    grant('mary', ResourceType.PROCESS_INSTANCE, PIS.demoV1First, ['READ']);
    expect(await ids('mary', '/process-instance')).toEqual([PIS.demoV1First]);
    grant('mary', ResourceType.PROCESS_DEFINITION, 'invoice', ['READ_INSTANCE']);
    const invoice = (await ids('demo', '/process-instance?processDefinitionKey=invoice')).sort();
    expect((await ids('mary', '/process-instance')).sort()).toEqual([PIS.demoV1First, ...invoice].sort());
    expect(await count('mary', '/process-instance/count')).toEqual({ count: invoice.length + 1 });
    const posted = await request('mary', 'POST', '/process-instance?firstResult=0&maxResults=100', { processDefinitionKeyIn: ['refengine-demo', 'invoice'] });
    expect((posted.body as ProcessInstanceDto[]).length).toBe(invoice.length + 1);
    expect(await count('mary', '/process-instance/count', { processDefinitionKey: 'refengine-demo' })).toEqual({ count: 1 });
  });

  it('counts only readable instances in the activity statistics', async () => {
    grant('mary', ResourceType.PROCESS_INSTANCE, PIS.demoV1First, ['READ']);
    const rows = (await request('mary', 'GET', `/process-definition/${DEFS.v1}/statistics`)).body as { id: string; instances: number }[];
    expect(rows.map(({ id, instances }) => ({ id, instances }))).toEqual([{ id: 'approve', instances: 1 }]);
    const all = (await request('demo', 'GET', `/process-definition/${DEFS.v1}/statistics`)).body as { id: string; instances: number }[];
    expect(all.map(({ id, instances }) => ({ id, instances }))).toEqual([{ id: 'approve', instances: 3 }]);
  });
});

describe('batches: READ (runtime) and READ_HISTORY (history) on BATCH with the batch id', () => {
  it('filters lists, counts and statistics', async () => {
    const first = await demoBatch();
    const second = (await request('demo', 'POST', '/migration/executeAsync', { migrationPlan: CROSS_PLAN, processInstanceIds: [PIS.invoiceApprove1] }))
      .body as BatchDto;
    for (const path of ['/batch', '/batch/statistics', '/history/batch']) expect(await ids('john', path)).toEqual([]);
    for (const path of ['/batch/count', '/batch/statistics/count', '/history/batch/count']) expect(await count('john', path)).toEqual({ count: 0 });
    expect(await ids('demo', '/batch')).toEqual([first.id, second.id].sort());

    grant('john', ResourceType.BATCH, second.id, ['READ']);
    expect(await ids('john', '/batch')).toEqual([second.id]);
    expect(await ids('john', '/batch/statistics')).toEqual([second.id]);
    expect(await count('john', '/batch/statistics/count')).toEqual({ count: 1 });
    expect((await request('john', 'GET', `/batch/${second.id}`)).body).toEqual(second);
    // READ is not READ_HISTORY.
    expect(await ids('john', '/history/batch')).toEqual([]);
    expect(await request('john', 'GET', `/history/batch/${second.id}`)).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { type: 'InvalidRequestException', message: `Historic batch with id '${second.id}' does not exist`, code: null },
    });
    grant('john', ResourceType.BATCH, '*', ['READ_HISTORY']);
    expect(await ids('john', '/history/batch')).toEqual([first.id, second.id].sort());
    expect((await request('john', 'GET', `/history/batch/${first.id}`)).status).toBe(200);
    expect(await count('john', '/batch/count')).toEqual({ count: 1 });
  });

  it('checks UPDATE to suspend and DELETE to delete, after the 400 for an unknown batch', async () => {
    const batch = await demoBatch();
    grant('john', ResourceType.BATCH, batch.id, ['READ']);
    expect(await request('john', 'PUT', `/batch/${batch.id}/suspended`, { suspended: true })).toEqual(denied('john', 'UPDATE', 'Batch', batch.id));
    expect(await request('john', 'DELETE', `/batch/${batch.id}`)).toEqual(denied('john', 'DELETE', 'Batch', batch.id));
    expect((await request('john', 'DELETE', '/batch/nope')).status).toBe(400);
    expect(sim.state.findBatch(batch.id)?.suspended).toBe(false);
    grant('john', ResourceType.BATCH, batch.id, ['UPDATE', 'DELETE']);
    expect((await request('john', 'PUT', `/batch/${batch.id}/suspended`, { suspended: true })).status).toBe(204);
    expect((await request('john', 'DELETE', `/batch/${batch.id}`)).status).toBe(204);
  });
});

describe('plan creation: READ on the source key, then on the target key', () => {
  it('names the target when only the source is readable, the source when neither is', async () => {
    const toInvoice = { sourceProcessDefinitionId: DEFS.v1, targetProcessDefinitionId: DEFS.invoiceV2 };
    expect(await request('john', 'POST', '/migration/generate', toInvoice)).toEqual(denied('john', 'READ', 'ProcessDefinition', 'invoice'));
    expect(await request('john', 'POST', '/migration/validate', { ...toInvoice, instructions: [] })).toEqual(
      denied('john', 'READ', 'ProcessDefinition', 'invoice'),
    );
    expect(await request('john', 'POST', '/migration/execute', { migrationPlan: CROSS_PLAN, processInstanceIds: [PIS.invoiceApprove1] })).toEqual(
      denied('john', 'READ', 'ProcessDefinition', 'invoice'),
    );
    expect(await request('mary', 'POST', '/migration/validate', { ...CROSS_PLAN })).toEqual(denied('mary', 'READ', 'ProcessDefinition', 'invoice'));
  });

  it('resolves both definitions first (400) and checks before validating the plan', async () => {
    withoutJohnsGrant();
    expect((await request('john', 'POST', '/migration/generate', { sourceProcessDefinitionId: DEFS.v1, targetProcessDefinitionId: 'nope:1:1' })).status).toBe(
      400,
    );
    const invalid = { ...DEMO_PLAN, instructions: [instruction('approve', 'nope')] };
    expect((await request('john', 'POST', '/migration/execute', { migrationPlan: invalid, processInstanceIds: [PIS.demoV1First] })).status).toBe(403);
    expect((await request('demo', 'POST', '/migration/execute', { migrationPlan: invalid, processInstanceIds: [PIS.demoV1First] })).status).toBe(400);
  });

  it('lets a reader generate and validate without any MIGRATE_INSTANCE', async () => {
    expect((await request('john', 'POST', '/migration/generate', { sourceProcessDefinitionId: DEFS.v1, targetProcessDefinitionId: DEFS.v2 })).status).toBe(200);
    expect(await request('john', 'POST', '/migration/validate', DEMO_PLAN)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: { instructionReports: [], variableReports: {} },
    });
  });
});

describe('POST /migration/execute: MIGRATE_INSTANCE on the source AND the target key', () => {
  it('lists both checks, even for one key, when one is missing', async () => {
    expect(await request('john', 'POST', '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First] })).toEqual(
      deniedAll('john', MIGRATE_BOTH_DEMO),
    );
    expect(definitionOf(PIS.demoV1First)).toBe(DEFS.v1);
  });

  it('lists the granted check too when only the other key is missing', async () => {
    grant('john', ResourceType.PROCESS_DEFINITION, 'invoice', ['READ', 'MIGRATE_INSTANCE']);
    expect(await request('john', 'POST', '/migration/execute', { migrationPlan: CROSS_PLAN, processInstanceIds: [PIS.invoiceApprove1] })).toEqual(
      deniedAll('john', [missing('MIGRATE_INSTANCE', 'ProcessDefinition', 'invoice'), missing('MIGRATE_INSTANCE', 'ProcessDefinition', 'refengine-demo')]),
    );
    grant('john', ResourceType.PROCESS_DEFINITION, 'refengine-demo', ['MIGRATE_INSTANCE']);
    expect((await request('john', 'POST', '/migration/execute', { migrationPlan: CROSS_PLAN, processInstanceIds: [PIS.invoiceApprove1] })).status).toBe(204);
    expect(definitionOf(PIS.invoiceApprove1)).toBe(DEFS.v2);
  });

  it('answers the 400 for an empty selection before the MIGRATE_INSTANCE check', async () => {
    const answer = await request('john', 'POST', '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceQuery: { businessKey: 'nobody' } });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe('Process instance ids cannot empty: process instance ids is empty');
  });

  it('selects through processInstanceQuery only the instances the user may read; explicit ids are taken as given', async () => {
    grant('john', ResourceType.PROCESS_DEFINITION, 'refengine-demo', ['MIGRATE_INSTANCE']);
    const byQuery = { migrationPlan: DEMO_PLAN, processInstanceQuery: { processDefinitionId: DEFS.v1 } };
    expect((await request('john', 'POST', '/migration/execute', byQuery)).status).toBe(400);
    // Explicit ids are not filtered: john migrates an instance he cannot see.
    expect((await request('john', 'POST', '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First] })).status).toBe(204);
    expect(definitionOf(PIS.demoV1First)).toBe(DEFS.v2);
    grant('john', ResourceType.PROCESS_INSTANCE, PIS.demoV1Second, ['READ']);
    expect((await request('john', 'POST', '/migration/execute', byQuery)).status).toBe(204);
    expect(definitionOf(PIS.demoV1Second)).toBe(DEFS.v2);
    expect(definitionOf(PIS.demoV1Third)).toBe(DEFS.v1);
    grant('john', ResourceType.PROCESS_DEFINITION, 'refengine-demo', ['READ_INSTANCE']);
    expect((await request('john', 'POST', '/migration/execute', byQuery)).status).toBe(204);
    expect(definitionOf(PIS.demoV1Third)).toBe(DEFS.v2);
  });

  it('lets demo (camunda-admin) migrate', async () => {
    expect(
      (await request('demo', 'POST', '/migration/execute', { migrationPlan: DEMO_PLAN, processInstanceQuery: { processDefinitionId: DEFS.v1 } })).status,
    ).toBe(204);
    for (const id of DEMO_V1) expect(definitionOf(id)).toBe(DEFS.v2);
  });
});

describe('POST /migration/executeAsync: CREATE or CREATE_BATCH_MIGRATE_PROCESS_INSTANCES on BATCH, then MIGRATE_INSTANCE', () => {
  it('checks the batch permission first, listing both alternatives', async () => {
    expect(await request('john', 'POST', '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First] })).toEqual(
      deniedAll('john', CREATE_BATCH),
    );
    grant('john', ResourceType.PROCESS_DEFINITION, 'refengine-demo', ['MIGRATE_INSTANCE']);
    expect(await request('john', 'POST', '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First] })).toEqual(
      deniedAll('john', CREATE_BATCH),
    );
    expect(sim.state.batches).toEqual([]);
  });

  it('then the conjunctive MIGRATE_INSTANCE check', async () => {
    grant('john', ResourceType.BATCH, '*', ['CREATE_BATCH_MIGRATE_PROCESS_INSTANCES']);
    expect(await request('john', 'POST', '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First] })).toEqual(
      deniedAll('john', MIGRATE_BOTH_DEMO),
    );
    expect(sim.state.batches).toEqual([]);
  });

  it('creates the batch for an authorized user (CREATE on BATCH does as well) and for demo', async () => {
    grant('john', ResourceType.BATCH, '*', ['CREATE']);
    grant('john', ResourceType.PROCESS_DEFINITION, 'refengine-demo', ['MIGRATE_INSTANCE']);
    const answer = await request('john', 'POST', '/migration/executeAsync', {
      migrationPlan: DEMO_PLAN,
      processInstanceIds: [PIS.demoV1First, PIS.demoV1Second],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'instance-migration', totalJobs: 2, createUserId: 'john' });
    // The batch jobs run without authentication.
    expect(sim.advanceBatches(10)).toBe(3);
    expect(definitionOf(PIS.demoV1Second)).toBe(DEFS.v2);
    expect(
      (await request('demo', 'POST', '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceQuery: { processDefinitionId: DEFS.v1 } })).body,
    ).toMatchObject({
      totalJobs: 1,
      createUserId: 'demo',
    });
  });

  it('answers the 400 for an empty selection before the batch check', async () => {
    expect(
      (await request('john', 'POST', '/migration/executeAsync', { migrationPlan: DEMO_PLAN, processInstanceQuery: { processDefinitionId: DEFS.v1 } })).status,
    ).toBe(400);
  });
});

describe('the answers follow the engine contract (test/contract)', () => {
  it('for every status these checks produce', async () => {
    const batch = await demoBatch();
    grant('john', ResourceType.BATCH, batch.id, ['READ']);
    const calls: [User, string, string, number, unknown?][] = [
      ['john', 'GET', '/process-definition', 200],
      ['john', 'GET', '/process-definition/count', 200],
      ['john', 'GET', `/process-definition/${DEFS.invoiceV1}`, 404],
      ['mary', 'GET', `/process-definition/${DEFS.v1}/statistics`, 200],
      ['mary', 'GET', '/process-instance', 200],
      ['mary', 'POST', '/process-instance/count', 200, {}],
      ['mary', 'GET', '/batch', 200],
      ['mary', 'GET', `/batch/${batch.id}`, 404],
      ['mary', 'GET', '/batch/statistics/count', 200],
      ['john', 'GET', `/history/batch/${batch.id}`, 404],
      ['john', 'GET', '/history/batch/count', 200],
      ['john', 'PUT', `/batch/${batch.id}/suspended`, 403, { suspended: true }],
      ['john', 'DELETE', `/batch/${batch.id}`, 403],
      ['mary', 'POST', '/migration/generate', 403, { sourceProcessDefinitionId: DEFS.v1, targetProcessDefinitionId: DEFS.v2 }],
      ['mary', 'POST', '/migration/validate', 403, DEMO_PLAN],
      ['john', 'POST', '/migration/execute', 403, { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First] }],
      ['john', 'POST', '/migration/executeAsync', 403, { migrationPlan: DEMO_PLAN, processInstanceIds: [PIS.demoV1First] }],
    ];
    for (const [user, method, path, status, body] of calls) {
      const answer = await request(user, method, path, body);
      expect({ user, method, path, status: answer.status }).toEqual({ user, method, path, status });
      expect({ path, errors: validateResponse(method, path, answer.status, answer.body === '' ? undefined : answer.body).errors }).toEqual({
        path,
        errors: [],
      });
    }
  });
});

describe('without Basic auth', () => {
  it('checks nothing', async () => {
    const open = await startSimulator({ batchJobsPerSecond: 0 });
    try {
      expect(
        (await call(open, 'POST', '/migration/executeAsync', { body: { migrationPlan: DEMO_PLAN, processInstanceQuery: { processDefinitionId: DEFS.v1 } } }))
          .body,
      ).toMatchObject({ totalJobs: 3 });
      expect(((await call(open, 'GET', '/batch')).body as unknown[]).length).toBe(1);
      expect(((await call(open, 'GET', '/process-instance')).body as unknown[]).length).toBe(open.state.processInstances.length);
    } finally {
      await open.close();
    }
  });
});
