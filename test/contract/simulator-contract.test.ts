// The simulator against the official API contract, and the contract checker against real captures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMigrationBatch,
  FLAVOURS,
  raiseIncident,
  SEEDED_AUTHORIZATION_IDS,
  SEEDED_PROCESS_DEFINITION_IDS,
  SEEDED_PROCESS_INSTANCE_IDS,
  startSimulator,
} from '../simulator/index.js';
import type { FlavourName, MigrationPlan, Simulator } from '../simulator/index.js';
import { createCaseInstance, deployCases } from '../simulator/case-definition.js';
import { forkSampleIndex, loadForkSample, loadSample, sampleIndex } from '../simulator/samples.js';
import type { SampleEntry } from '../simulator/samples.js';
import { contractDocument, ContractValidator, UNDOCUMENTED_STATUSES, validateRequest, validateResponse } from './validate.js';

/** Path below the REST root, with the query: '/authorization?type=1'. */
function pathOf(sample: SampleEntry): string {
  const url = new URL(sample.url);
  return `${url.pathname.replace(/^\/engine-rest/, '')}${url.search}`;
}

function bodyOf(sample: SampleEntry): unknown {
  return sample.file ? loadSample(sample.file.replace(/\.json$/, '')) : undefined;
}

describe('the committed contract', () => {
  it('is the documented OpenAPI 3.0 subset with its source note', () => {
    const document = contractDocument as unknown as Record<string, unknown>;
    expect(contractDocument.openapi).toMatch(/^3\.0\./);
    expect(document['x-source']).toMatchObject({
      repository: 'camunda/camunda-bpm-platform',
      commit: '3dd653fe66d352d15009a6b4b355e81bf683d319',
      licence: 'Apache-2.0',
    });
    expect(Object.keys(contractDocument.paths).sort()).toEqual(
      [
        '/authorization',
        '/authorization/check',
        '/authorization/count',
        '/authorization/create',
        '/authorization/{id}',
        '/batch',
        '/batch/count',
        '/batch/statistics',
        '/batch/statistics/count',
        '/batch/{id}',
        '/batch/{id}/suspended',
        '/case-definition',
        '/case-definition/count',
        '/case-definition/{id}/xml',
        '/case-instance',
        '/case-instance/count',
        '/deployment',
        '/deployment/count',
        '/deployment/create',
        '/deployment/{id}',
        '/deployment/{id}/resources',
        '/deployment/{id}/resources/{resourceId}/data',
        '/engine',
        '/external-task',
        '/external-task/count',
        '/external-task/retries',
        '/external-task/retries-async',
        '/external-task/{id}/retries',
        '/group',
        '/group/count',
        '/group/create',
        '/group/{id}',
        '/group/{id}/members',
        '/group/{id}/members/{userId}',
        '/history/batch',
        '/history/batch/cleanable-batch-report',
        '/history/batch/cleanable-batch-report/count',
        '/history/batch/count',
        '/history/batch/{id}',
        '/history/cleanup',
        '/history/cleanup/configuration',
        '/history/cleanup/job',
        '/history/cleanup/jobs',
        '/history/decision-definition/cleanable-decision-instance-report',
        '/history/decision-definition/cleanable-decision-instance-report/count',
        '/history/decision-instance',
        '/history/decision-instance/count',
        '/history/job-log',
        '/history/job-log/count',
        '/history/process-definition/cleanable-process-instance-report',
        '/history/process-definition/cleanable-process-instance-report/count',
        '/history/process-instance',
        '/history/process-instance/count',
        '/history/process-instance/delete',
        '/history/process-instance/set-removal-time',
        '/history/process-instance/{id}',
        '/incident',
        '/incident/count',
        '/incident/{id}',
        '/job',
        '/job-definition',
        '/job-definition/count',
        '/job/count',
        '/job/{id}/execute',
        '/job/retries',
        '/job/{id}/duedate',
        '/job/{id}/retries',
        '/metrics',
        '/metrics/task-worker',
        '/metrics/{metrics-name}/sum',
        '/migration/execute',
        '/migration/executeAsync',
        '/migration/generate',
        '/migration/validate',
        '/process-definition',
        '/process-definition/count',
        '/process-definition/{id}',
        '/process-definition/{id}/statistics',
        '/process-definition/{id}/xml',
        '/process-definition/statistics',
        '/process-definition/{id}/history-time-to-live',
        '/decision-definition',
        '/decision-definition/count',
        '/decision-definition/{id}',
        '/decision-definition/{id}/history-time-to-live',
        '/process-instance',
        '/process-instance/count',
        '/process-instance/delete',
        '/process-instance/variables-async',
        '/process-instance/{id}',
        '/process-instance/{id}/variables',
        '/process-instance/suspended',
        '/process-instance/suspended-async',
        '/history/user-operation',
        '/history/user-operation/{operationId}/set-annotation',
        '/telemetry/data',
        '/identity/password-policy',
        '/tenant',
        '/tenant/count',
        '/tenant/create',
        '/tenant/{id}',
        '/tenant/{id}/group-members',
        '/tenant/{id}/group-members/{groupId}',
        '/tenant/{id}/user-members',
        '/tenant/{id}/user-members/{userId}',
        '/user',
        '/user/count',
        '/user/create',
        '/user/{id}',
        '/user/{id}/credentials',
        '/user/{id}/profile',
        '/user/{id}/unlock',
        '/variable-instance',
        '/variable-instance/count',
        '/version',
        '/schema/log',
        '/decision-definition/{id}/xml',
      ].sort(),
    );
  });

  it('resolves every $ref inside itself and keeps no unused schema', () => {
    const refs = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.add(value);
          else collect(value);
        }
      }
    };
    collect(contractDocument);
    const names = [...refs].map((ref) => ref.replace('#/components/schemas/', ''));
    expect(names.filter((name) => !(name in contractDocument.components.schemas))).toEqual([]);
    expect(Object.keys(contractDocument.components.schemas).sort()).toEqual([...new Set(names)].sort());
  });
});

describe('real captured responses', () => {
  const samples = sampleIndex();
  const validator = new ContractValidator();
  const outsideContract = samples.filter((sample) => validator.matchOperation(sample.method, pathOf(sample)) === undefined);

  it('are all covered by the contract except the deliberately foreign ones', () => {
    // invalid-json-syntax was captured on POST /process-definition/{id}/start, which camunda-admin does not use.
    expect(outsideContract.map((sample) => sample.name).sort()).toEqual(['invalid-json-syntax', 'unknown-path-404']);
  });

  it.each(samples.filter((sample) => !outsideContract.includes(sample)).map((sample) => [sample.name, sample] as const))('%s conforms', (_name, sample) => {
    const result = validateResponse(sample.method, pathOf(sample), sample.status, bodyOf(sample));
    expect(result.errors).toEqual([]);
  });

  it('allows only deviations that are real: undocumented statuses, each backed by a captured sample', () => {
    const names = new Set([...samples, ...forkSampleIndex()].map((sample) => sample.name));
    for (const [operation, entries] of Object.entries(UNDOCUMENTED_STATUSES)) {
      for (const entry of entries) {
        if (operation !== '*') {
          const [method = '', template = ''] = operation.split(' ');
          const documented = contractDocument.paths[template]?.[method.toLowerCase() as 'get']?.responses;
          expect(documented, operation).toBeDefined();
          expect({ operation, status: entry.status, documented: documented !== undefined && String(entry.status) in documented }).toEqual({
            operation,
            status: entry.status,
            documented: false,
          });
        }
        const cited = entry.evidence.split(/,\s*/).map((text) => text.split(' ')[0] ?? '');
        expect(cited.filter((name) => !names.has(name))).toEqual([]);
      }
    }
  });

  // Requests that the engine accepted must be valid; the rejected ones were sent on purpose.
  const deliberatelyInvalid = new Set([
    'authorization-update-unknown-json-property', // 204: the engine ignores the unknown property
    'metrics-sum-unknown-name', // 200: the engine answers 0 for any name, the contract lists the known ones
    'invalid-json-type',
    'query-invalid-sort',
    'metrics-sum-invalid-date',
    'metrics-list-invalid-interval',
  ]);
  const requests = samples.filter((sample) => !outsideContract.includes(sample) && typeof sample.request !== 'string');

  it.each(requests.map((sample) => [sample.name, sample] as const))('request %s matches its expectation', (name, sample) => {
    const url = new URL(sample.url);
    const result = validateRequest(sample.method, url.pathname.replace(/^\/engine-rest/, ''), url.searchParams, sample.request ?? undefined);
    expect({ name, valid: result.valid }).toEqual({ name, valid: !deliberatelyInvalid.has(name) });
  });
});

describe('real captured responses of Camunda, Operaton and CIB seven (samples/forks)', () => {
  const forkSamples = forkSampleIndex();
  // GET /process-definition/statistics (all definitions) is not an endpoint camunda-admin calls (the
  // contract would take it for GET /process-definition/{id}); those samples only show the `@class` packages.
  const inContract = forkSamples.filter((sample) => sample.path !== '/process-definition/statistics');

  it('leave out only the statistics', () => {
    expect(forkSamples.filter((sample) => !inContract.includes(sample)).map((sample) => sample.name)).toEqual(
      ['camunda', 'operaton', 'cibseven'].map((product) => `${product}-process-definition-statistics`),
    );
  });

  it.each(inContract.map((sample) => [sample.name, sample] as const))('%s conforms', (_name, sample) => {
    const result = validateResponse(sample.method, sample.path, sample.status, loadForkSample(sample.file.replace(/\.json$/, '')));
    expect(result.errors).toEqual([]);
  });
});

describe('the simulator', () => {
  let sim: Simulator;
  let secured: Simulator;

  /** Batches the calls name as {doneBatch}, {failedBatch} and {pendingBatch}: completed, with a failed job, never run. */
  const batchIds: Record<string, string> = {};
  const resolve = (path: string): string => path.replace(/\{(\w+Batch)\}/g, (_match, name: string) => batchIds[name] ?? name);

  beforeAll(async () => {
    // Batches move only when advanced here, so every call sees the same batch states.
    sim = await startSimulator({ batchJobsPerSecond: 0 });
    secured = await startSimulator({ basicAuth: true });
    const state = sim.state;
    const definition = (id: string): MigrationPlan['source'] => {
      const found = state.findProcessDefinition(id);
      if (!found) throw new Error(`seed misses ${id}`);
      return found;
    };
    const invoicePlan: MigrationPlan = {
      source: definition(defs.invoiceV1),
      target: definition(defs.invoiceV2),
      instructions: [{ sourceActivityId: 'approveInvoice', targetActivityId: 'approveInvoiceV2', updateEventTrigger: false }],
      variables: null,
    };
    batchIds.doneBatch = createMigrationBatch(state, { plan: invoicePlan, processInstanceIds: [pis.invoiceApprove3] }).id;
    batchIds.failedBatch = createMigrationBatch(state, { plan: invoicePlan, processInstanceIds: ['gone'] }).id;
    expect(sim.advanceBatches(10)).toBe(4);
    batchIds.pendingBatch = createMigrationBatch(state, { plan: invoicePlan, processInstanceIds: [pis.invoiceApprove2], createUserId: 'demo' }).id;
    // One instance has ended: its historic row has an end time and a duration.
    state.endProcessInstance(pis.sharedTenantB, 'COMPLETED');
    // One open incident, for the incident queries.
    raiseIncident(state, state.findProcessInstance(pis.invoiceApprove1)!, { incidentMessage: 'boom' });
    // A deployed case with one case instance, for the CMMN calls.
    const cmmn = `<definitions xmlns="http://www.omg.org/spec/CMMN/20151109/MODEL" targetNamespace="t" id="d"><case id="contract-case" name="Case"><casePlanModel id="p" /></case></definitions>`;
    deployCases(state, { id: 'contract-case-deployment', tenantId: null }, 'contract.cmmn', cmmn)[0]!.id = CASE_DEFINITION_ID;
    createCaseInstance(state, CASE_DEFINITION_ID, { businessKey: 'b1' });
    // An authorization for the DELETE calls (the seeded ones are read by earlier calls).
    state.authorizations.push({
      id: DELETABLE_AUTHORIZATION,
      type: 1,
      permissions: ['READ'],
      userId: 'mary',
      groupId: null,
      resourceType: 9,
      resourceId: '*',
      removalTime: null,
      rootProcessInstanceId: null,
    });
  });

  afterAll(async () => {
    await Promise.all([sim.close(), secured.close()]);
  });

  const adminId = SEEDED_AUTHORIZATION_IDS.adminApplication;
  const johnGrant = SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant;
  const DELETABLE_AUTHORIZATION = 'contract-deletable';
  const CASE_DEFINITION_ID = 'contract-case:1:c0ffee00-0000-11f1-a2ca-02fc00000001';
  const CHECK = '/authorization/check?permissionName=READ&resourceName=Process%20Definition&resourceType=6&resourceId=refengine-demo';
  const johnReadUpdate = { type: 1, permissions: ['READ', 'UPDATE'], userId: 'john', groupId: null, resourceType: 6, resourceId: 'refengine-demo' };
  const johnReadOnly = { permissions: ['READ'], userId: 'john', groupId: null, resourceType: 6, resourceId: 'refengine-demo' };
  const defs = SEEDED_PROCESS_DEFINITION_IDS;
  const pis = SEEDED_PROCESS_INSTANCE_IDS;
  const instruction = (source: string, target: string): Record<string, unknown> => ({ sourceActivityIds: [source], targetActivityIds: [target] });
  const demoPlan = { sourceProcessDefinitionId: defs.v1, targetProcessDefinitionId: defs.v2, instructions: [instruction('approve', 'approve')] };
  const invoicePlanDto = {
    sourceProcessDefinitionId: defs.invoiceV1,
    targetProcessDefinitionId: defs.invoiceV2,
    instructions: [instruction('approveInvoice', 'approveInvoiceV2'), instruction('archiveInvoice', 'archiveInvoice')],
  };
  const javaObject = {
    type: 'Object',
    value: 'rO0ABXNyABNqYXZhLnV0aWwuQXJyYXlMaXN0eIHSHZnHYZ0DAAFJAARzaXpleHAAAAAAdwQAAAAAeA==',
    valueInfo: { objectTypeName: 'java.util.ArrayList', serializationDataFormat: 'application/x-java-serialized-object' },
  };
  /** `body`: a JSON value, or a string sent as it is (malformed JSON). */
  const calls: { method: string; path: string; status: number; body?: unknown }[] = [
    { method: 'GET', path: '/engine', status: 200 },
    { method: 'GET', path: '/version', status: 200 },
    { method: 'GET', path: '/engine/default/version', status: 200 },
    { method: 'GET', path: '/telemetry/data', status: 200 },
    { method: 'GET', path: '/schema/log?sortBy=timestamp&sortOrder=desc&firstResult=0&maxResults=1', status: 200 },
    { method: 'GET', path: '/engine/default/telemetry/data', status: 200 },
    { method: 'GET', path: '/authorization', status: 200 },
    { method: 'GET', path: '/case-definition', status: 200 },
    { method: 'GET', path: '/case-definition?latestVersion=true&sortBy=id&sortOrder=asc&firstResult=0&maxResults=5000', status: 200 },
    { method: 'GET', path: `/case-definition?caseDefinitionIdIn=${CASE_DEFINITION_ID},nope&key=contract-case&version=1`, status: 200 },
    { method: 'GET', path: '/case-definition?sortBy=id', status: 400 },
    { method: 'GET', path: '/case-definition?sortBy=bogus&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/case-definition/count?latestVersion=true', status: 200 },
    { method: 'GET', path: `/case-definition/${CASE_DEFINITION_ID}/xml`, status: 200 },
    { method: 'GET', path: '/case-definition/nope/xml', status: 404 },
    { method: 'GET', path: '/case-instance', status: 200 },
    { method: 'GET', path: '/case-instance?active=true&sortBy=caseInstanceId&sortOrder=asc&firstResult=0&maxResults=5000', status: 200 },
    { method: 'GET', path: '/case-instance?sortBy=id&sortOrder=asc', status: 400 },
    { method: 'GET', path: `/case-instance/count?caseDefinitionId=${CASE_DEFINITION_ID}`, status: 200 },
    { method: 'GET', path: '/authorization?groupIdIn=camunda-admin&resourceType=0', status: 200 },
    { method: 'GET', path: '/authorization?userIdIn=john,mary&type=1&resourceId=refengine-demo', status: 200 },
    { method: 'GET', path: '/authorization?sortBy=resourceType&sortOrder=desc&firstResult=1&maxResults=5', status: 200 },
    { method: 'GET', path: `/authorization?id=${adminId}`, status: 200 },
    { method: 'GET', path: '/authorization?sortBy=resourceType', status: 400 },
    { method: 'GET', path: '/authorization?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/authorization/count', status: 200 },
    { method: 'GET', path: '/authorization/count?groupIdIn=sales', status: 200 },
    { method: 'GET', path: '/engine/default/authorization/count', status: 200 },
    { method: 'GET', path: `/authorization/${adminId}`, status: 200 },
    { method: 'GET', path: `/authorization/${SEEDED_AUTHORIZATION_IDS.globalFilterRead}`, status: 200 },
    { method: 'GET', path: `/engine/default/authorization/${SEEDED_AUTHORIZATION_IDS.johnProcessDefinitionGrant}`, status: 200 },
    { method: 'GET', path: '/authorization/does-not-exist', status: 404 },
    { method: 'GET', path: '/authorization/a%2Fb', status: 404 },
    { method: 'OPTIONS', path: '/authorization', status: 200 },
    { method: 'OPTIONS', path: `/authorization/${adminId}`, status: 200 },
    { method: 'GET', path: '/engine/nope/process-definition', status: 400 },

    { method: 'GET', path: '/process-definition', status: 200 },
    { method: 'GET', path: '/process-definition?key=refengine-demo&sortBy=version&sortOrder=asc', status: 200 },
    { method: 'GET', path: '/process-definition?key=invoice&latestVersion=true', status: 200 },
    { method: 'GET', path: '/process-definition?key=shared-process&tenantIdIn=tenant-a,tenant-b&firstResult=0&maxResults=1', status: 200 },
    { method: 'GET', path: '/process-definition?keyLike=inv%25&withoutTenantId=true&suspended=false&sortBy=deployTime&sortOrder=desc', status: 200 },
    { method: 'GET', path: '/process-definition?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/process-definition/count', status: 200 },
    { method: 'GET', path: '/process-definition/count?key=shared-process&includeProcessDefinitionsWithoutTenantId=true', status: 200 },
    { method: 'GET', path: '/process-definition/count?version=abc', status: 400 },
    { method: 'GET', path: '/engine/default/process-definition/count', status: 200 },
    { method: 'GET', path: `/process-definition/${defs.v1}`, status: 200 },
    { method: 'GET', path: `/process-definition/${defs.sharedTenantB}`, status: 200 },
    { method: 'GET', path: '/process-definition/does-not-exist', status: 404 },
    { method: 'GET', path: `/process-definition/${defs.invoiceV1}/statistics`, status: 200 },
    { method: 'GET', path: `/process-definition/${defs.v1}/statistics?failedJobs=true&incidents=true`, status: 200 },
    { method: 'GET', path: '/process-definition/does-not-exist/statistics', status: 200 },
    { method: 'GET', path: `/process-definition/${defs.v1}/statistics?incidents=true&incidentsForType=failedJob`, status: 400 },
    { method: 'GET', path: `/process-definition/${defs.invoiceApprovalV1}/statistics?failedJobs=true&incidents=true`, status: 200 },
    { method: 'GET', path: '/process-definition/statistics', status: 200 },
    { method: 'GET', path: '/process-definition/statistics?failedJobs=true&incidents=true', status: 200 },
    { method: 'GET', path: '/process-definition/statistics?rootIncidents=true', status: 200 },
    { method: 'GET', path: '/process-definition/statistics?incidents=true&incidentsForType=failedJob', status: 400 },
    { method: 'GET', path: `/process-definition/${defs.invoiceApprovalV2}/xml`, status: 200 },
    { method: 'GET', path: '/process-definition/does-not-exist/xml', status: 404 },
    { method: 'GET', path: '/process-instance', status: 200 },
    { method: 'GET', path: `/process-instance?processDefinitionId=${defs.v1}`, status: 200 },
    {
      method: 'GET',
      path: `/process-instance?processInstanceIds=${pis.demoV1First},${pis.sharedTenantA}&tenantIdIn=tenant-a&sortBy=businessKey&sortOrder=desc`,
      status: 200,
    },
    { method: 'GET', path: '/process-instance?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/process-instance?sortBy=instanceId', status: 400 },
    { method: 'GET', path: '/process-instance/count?activityIdIn=approve&suspended=false', status: 200 },
    { method: 'GET', path: '/engine/default/process-instance/count', status: 200 },
    {
      method: 'POST',
      path: '/process-instance',
      status: 200,
      body: { processDefinitionKey: 'invoice', sorting: [{ sortBy: 'businessKey', sortOrder: 'desc' }] },
    },
    { method: 'POST', path: '/process-instance?firstResult=0&maxResults=2', status: 200, body: { activityIdIn: ['approveInvoice'], active: true } },
    { method: 'POST', path: '/process-instance', status: 400, body: { processInstanceIds: 'not-a-list' } },
    { method: 'POST', path: '/process-instance/count', status: 200, body: { tenantIdIn: ['tenant-a', 'tenant-b'] } },
    { method: 'POST', path: '/process-instance/count', status: 400, body: '{"businessKey": ' },
    { method: 'PUT', path: '/process-instance/suspended', status: 204, body: { processInstanceIds: [pis.demoV1First], suspended: true } },
    { method: 'PUT', path: '/process-instance/suspended', status: 400, body: { processInstanceIds: ['no-such-instance'], suspended: true } },
    { method: 'PUT', path: '/process-instance/suspended', status: 400, body: { suspended: true } },
    { method: 'POST', path: '/process-instance/suspended-async', status: 200, body: { processInstanceIds: [pis.demoV1Second], suspended: false } },
    { method: 'POST', path: '/process-instance/suspended-async', status: 400, body: { suspended: true } },
    { method: 'GET', path: '/history/user-operation?operationType=SuspendJob&sortBy=timestamp&sortOrder=desc&firstResult=0&maxResults=10', status: 200 },
    { method: 'GET', path: '/history/user-operation?afterTimestamp=nope', status: 400 },
    { method: 'PUT', path: '/history/user-operation/no-such-operation/set-annotation', status: 400, body: { annotation: 'INC-1' } },
    { method: 'POST', path: '/job?firstResult=0&maxResults=5', status: 200, body: { noRetriesLeft: true, sorting: [{ sortBy: 'jobId', sortOrder: 'asc' }] } },
    { method: 'POST', path: '/job/count', status: 200, body: { processInstanceIds: [pis.approvalCheckBudget] } },
    { method: 'PUT', path: '/job/no-such-job/retries', status: 500, body: { retries: 1 } },
    { method: 'PUT', path: '/job/no-such-job/duedate', status: 500, body: { duedate: null } },
    { method: 'POST', path: '/job/retries', status: 400, body: { jobIds: ['a'] } },
    { method: 'GET', path: '/external-task?noRetriesLeft=true&sortBy=id&sortOrder=asc', status: 200 },
    { method: 'GET', path: '/external-task/count?processDefinitionKey=invoice-approval', status: 200 },
    { method: 'POST', path: '/external-task?firstResult=0&maxResults=5', status: 200, body: { externalTaskIdIn: ['a', 'b'] } },
    { method: 'POST', path: '/external-task/count', status: 200, body: { withRetriesLeft: true } },
    { method: 'PUT', path: '/external-task/retries', status: 404, body: { externalTaskIds: ['no-such-task'], retries: 1 } },
    { method: 'PUT', path: '/external-task/retries', status: 400, body: { externalTaskIds: [], retries: 1 } },
    { method: 'POST', path: '/external-task/retries-async', status: 400, body: { retries: 1 } },
    { method: 'PUT', path: '/external-task/no-such-task/retries', status: 404, body: { retries: 1 } },
    { method: 'PUT', path: '/external-task/no-such-task/retries', status: 400, body: {} },
    { method: 'DELETE', path: '/incident/no-such-incident', status: 404 },
    {
      method: 'POST',
      path: '/migration/generate',
      status: 200,
      body: { sourceProcessDefinitionId: defs.v1, targetProcessDefinitionId: defs.v2, updateEventTriggers: true },
    },
    {
      method: 'POST',
      path: '/migration/generate',
      status: 200,
      body: {
        sourceProcessDefinitionId: defs.invoiceV1,
        targetProcessDefinitionId: defs.invoiceV2,
        variables: { note: { type: 'String', value: 'x' }, list: { type: 'Object', value: '[]', valueInfo: { serializationDataFormat: 'application/json' } } },
      },
    },
    { method: 'POST', path: '/migration/generate', status: 400, body: {} },
    { method: 'POST', path: '/migration/generate', status: 400, body: { sourceProcessDefinitionId: 'nope:1:1', targetProcessDefinitionId: defs.v2 } },
    {
      method: 'POST',
      path: '/migration/generate',
      status: 400,
      body: { sourceProcessDefinitionId: defs.v1, targetProcessDefinitionId: defs.v2, variables: { foo: javaObject } },
    },
    {
      method: 'POST',
      path: '/migration/validate',
      status: 200,
      body: {
        sourceProcessDefinitionId: defs.v1,
        targetProcessDefinitionId: defs.v2,
        instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
      },
    },
    {
      method: 'POST',
      path: '/migration/validate',
      status: 200,
      body: {
        sourceProcessDefinitionId: defs.v1,
        targetProcessDefinitionId: defs.v2,
        instructions: [
          { sourceActivityIds: ['approve'], targetActivityIds: ['nope'] },
          { sourceActivityIds: ['start'], targetActivityIds: ['review'], updateEventTrigger: true },
          { sourceActivityIds: ['approve'], targetActivityIds: ['review'] },
        ],
        variables: { foo: javaObject, bar: { type: 'Integer', value: 1 } },
      },
    },
    {
      method: 'POST',
      path: '/migration/validate',
      status: 400,
      body: { sourceProcessDefinitionId: defs.v1, targetProcessDefinitionId: 'nope:1:1', instructions: [] },
    },
    {
      method: 'POST',
      path: '/migration/validate',
      status: 400,
      body: { sourceProcessDefinitionId: defs.v1, targetProcessDefinitionId: defs.v2, variables: { x: { type: 'Foo' } } },
    },

    {
      method: 'POST',
      path: '/migration/execute',
      status: 204,
      body: { migrationPlan: demoPlan, processInstanceIds: [pis.demoV1First], skipCustomListeners: true },
    },
    {
      method: 'POST',
      path: '/migration/execute',
      status: 204,
      body: {
        migrationPlan: { ...invoicePlanDto, instructions: [instruction('prepareBankTransfer', 'prepareBankTransfer')] },
        processInstanceQuery: { processDefinitionId: defs.invoiceV1, activityIdIn: ['prepareBankTransfer'] },
        skipIoMappings: false,
      },
    },
    {
      method: 'POST',
      path: '/migration/execute',
      status: 400,
      body: { migrationPlan: { ...demoPlan, instructions: [instruction('approve', 'nope')] }, processInstanceIds: [pis.demoV1Second] },
    },
    {
      method: 'POST',
      path: '/migration/execute',
      status: 400,
      body: { migrationPlan: { ...demoPlan, instructions: [] }, processInstanceIds: [pis.demoV1Second] },
    },
    {
      method: 'POST',
      path: '/migration/execute',
      status: 400,
      body: {
        migrationPlan: { ...invoicePlanDto, instructions: [instruction('approveInvoice', 'approveInvoiceV2')] },
        processInstanceIds: [pis.invoiceArchive],
      },
    },
    { method: 'POST', path: '/migration/execute', status: 400, body: { migrationPlan: demoPlan, processInstanceQuery: { businessKey: 'nobody' } } },
    { method: 'POST', path: '/migration/execute', status: 400, body: { migrationPlan: demoPlan, processInstanceIds: [null] } },
    { method: 'POST', path: '/migration/execute', status: 500, body: { migrationPlan: demoPlan, processInstanceIds: ['does-not-exist'] } },
    { method: 'POST', path: '/migration/execute', status: 500, body: { migrationPlan: demoPlan, processInstanceIds: [pis.demoV2First] } },
    { method: 'POST', path: '/migration/execute', status: 500, body: { processInstanceIds: [pis.demoV1Second] } },
    {
      method: 'POST',
      path: '/migration/executeAsync',
      status: 200,
      body: { migrationPlan: demoPlan, processInstanceIds: [pis.demoV1Second, pis.demoV1Third] },
    },
    {
      method: 'POST',
      path: '/migration/executeAsync',
      status: 200,
      body: { migrationPlan: demoPlan, processInstanceQuery: { processDefinitionKey: 'refengine-demo' } },
    },
    {
      method: 'POST',
      path: '/migration/executeAsync',
      status: 400,
      body: { migrationPlan: { ...demoPlan, instructions: [instruction('start', 'review')] }, processInstanceIds: [pis.demoV1Second] },
    },
    { method: 'POST', path: '/migration/executeAsync', status: 400, body: { migrationPlan: demoPlan, processInstanceIds: [] } },
    { method: 'POST', path: '/migration/executeAsync', status: 500, body: { processInstanceIds: [pis.demoV1Second] } },

    { method: 'GET', path: '/batch', status: 200 },
    {
      method: 'GET',
      path: '/batch?type=instance-migration&suspended=false&withoutTenantId=true&sortBy=batchId&sortOrder=desc&firstResult=0&maxResults=10',
      status: 200,
    },
    { method: 'GET', path: '/batch?tenantIdIn=tenant-a&sortBy=tenantId&sortOrder=asc', status: 200 },
    { method: 'GET', path: '/batch?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/batch/count', status: 200 },
    { method: 'GET', path: '/batch/count?batchId={pendingBatch}', status: 200 },
    { method: 'GET', path: '/batch/statistics', status: 200 },
    { method: 'GET', path: '/batch/statistics?withFailures=true&createdBy=demo', status: 200 },
    {
      method: 'GET',
      path: '/batch/statistics?startedAfter=2020-01-01T00:00:00.000%2B0000&withoutFailures=true&sortBy=batchId&sortOrder=asc&maxResults=5',
      status: 200,
    },
    { method: 'GET', path: '/batch/statistics?batchId={failedBatch}', status: 200 },
    { method: 'GET', path: '/batch/statistics?startedBefore=yesterday', status: 400 },
    { method: 'GET', path: '/batch/statistics/count?suspended=false', status: 200 },
    { method: 'GET', path: '/batch/{pendingBatch}', status: 200 },
    { method: 'GET', path: '/engine/default/batch/{failedBatch}', status: 200 },
    { method: 'GET', path: '/batch/{doneBatch}', status: 404 },
    { method: 'GET', path: '/batch/does-not-exist', status: 404 },
    { method: 'PUT', path: '/batch/{pendingBatch}/suspended', status: 204, body: { suspended: true } },
    { method: 'PUT', path: '/batch/{pendingBatch}/suspended', status: 204, body: { suspended: false } },
    { method: 'PUT', path: '/batch/nope/suspended', status: 400, body: { suspended: true } },
    { method: 'DELETE', path: '/batch/nope', status: 400 },
    { method: 'GET', path: '/history/batch', status: 200 },
    { method: 'GET', path: '/history/batch?completed=true&type=instance-migration&sortBy=endTime&sortOrder=desc&maxResults=3', status: 200 },
    { method: 'GET', path: '/history/batch?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/history/batch/count?completed=false', status: 200 },
    { method: 'GET', path: '/history/batch/{doneBatch}', status: 200 },
    { method: 'GET', path: '/history/batch/{pendingBatch}', status: 200 },
    { method: 'GET', path: '/history/batch/nope', status: 404 },
    { method: 'DELETE', path: '/batch/{failedBatch}?cascade=false', status: 204 },
    { method: 'GET', path: '/history/batch/{failedBatch}', status: 200 },
    { method: 'GET', path: '/history/job-log', status: 200 },
    {
      method: 'GET',
      path: '/history/job-log?jobDefinitionConfiguration={failedBatch}&sortBy=occurrence&sortOrder=asc&firstResult=0&maxResults=50',
      status: 200,
    },
    { method: 'GET', path: '/history/job-log?failureLog=true&deletionLog=false&withoutTenantId=true&jobPriorityLowerThanOrEquals=0', status: 200 },
    { method: 'GET', path: '/history/job-log?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/history/job-log/count?jobDefinitionConfiguration={failedBatch}&deletionLog=true', status: 200 },
    { method: 'GET', path: '/history/job-log/count?successLog=true&tenantIdIn=tenant-a,tenant-b', status: 200 },

    { method: 'GET', path: `/history/process-instance?processInstanceIds=${pis.demoV1First},${pis.sharedTenantB},${pis.invoicePrepare2}`, status: 200 },
    { method: 'GET', path: '/history/process-instance?finished=true&sortBy=endTime&sortOrder=desc&firstResult=0&maxResults=5', status: 200 },
    { method: 'GET', path: '/history/process-instance?processDefinitionKey=invoice&unfinished=true&startedAfter=2020-01-01T00:00:00.000%2B0000', status: 200 },
    { method: 'GET', path: '/history/process-instance?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/history/process-instance?active=true&suspended=true', status: 400 },
    { method: 'GET', path: '/history/process-instance/count?processDefinitionKey=invoice', status: 200 },
    { method: 'POST', path: '/history/process-instance', status: 200, body: { processInstanceIds: [pis.demoV1First, pis.sharedTenantB] } },
    {
      method: 'POST',
      path: '/history/process-instance?firstResult=0&maxResults=2',
      status: 200,
      body: { processDefinitionKey: 'refengine-demo', startedBefore: '2099-01-01T00:00:00.000+0000', sorting: [{ sortBy: 'startTime', sortOrder: 'desc' }] },
    },
    { method: 'POST', path: '/history/process-instance', status: 400, body: { processInstanceIds: 'x' } },
    { method: 'POST', path: '/history/process-instance/count', status: 200, body: { completed: true } },
    {
      method: 'POST',
      path: `/process-instance/${pis.demoV2Extra}/variables`,
      status: 204,
      body: { modifications: { amount: { value: 5, type: 'Integer' }, note: { value: 'x' } } },
    },
    { method: 'POST', path: '/process-instance/gone/variables', status: 500, body: { modifications: { a: { value: 1 } } } },
    { method: 'POST', path: `/process-instance/${pis.demoV2Extra}/variables`, status: 400, body: { modifications: { a: { value: 'x', type: 'Short' } } } },
    {
      method: 'POST',
      path: '/variable-instance?firstResult=0&maxResults=10&deserializeValues=false',
      status: 200,
      body: { variableScopeIdIn: [pis.demoV2Extra] },
    },
    { method: 'POST', path: '/variable-instance/count', status: 200, body: { variableName: 'amount', processInstanceIdIn: [pis.demoV2Extra] } },
    { method: 'POST', path: '/process-instance/variables-async', status: 200, body: { processInstanceIds: ['gone'], variables: { a: { value: 1 } } } },
    { method: 'POST', path: '/process-instance/variables-async', status: 400, body: { processInstanceIds: ['gone'], variables: {} } },
    {
      method: 'DELETE',
      path: `/process-instance/${pis.demoV2Extra}?skipCustomListeners=true&skipIoMappings=true&skipSubprocesses=false&failIfNotExists=false`,
      status: 204,
    },
    { method: 'DELETE', path: `/process-instance/${pis.demoV2Extra}`, status: 404 },
    {
      method: 'POST',
      path: '/process-instance/delete',
      status: 200,
      body: { processInstanceIds: ['gone'], deleteReason: 'contract', skipCustomListeners: true },
    },
    { method: 'POST', path: '/process-instance/delete', status: 400, body: { processInstanceIds: [] } },
    { method: 'DELETE', path: `/history/process-instance/${pis.demoV2Extra}?failIfNotExists=false`, status: 204 },
    { method: 'DELETE', path: `/history/process-instance/${pis.demoV2Extra}`, status: 404 },
    { method: 'POST', path: '/history/process-instance/delete', status: 200, body: { historicProcessInstanceIds: ['gone'], deleteReason: 'contract' } },
    { method: 'POST', path: '/history/process-instance/delete', status: 400, body: { historicProcessInstanceIds: [] } },

    { method: 'GET', path: `/incident?processInstanceId=${pis.invoiceApprove1}&firstResult=0&maxResults=10`, status: 200 },
    {
      method: 'GET',
      path: '/incident?incidentType=failedJob&incidentMessageLike=bo%25&processDefinitionKeyIn=invoice,x&sortBy=incidentTimestamp&sortOrder=desc',
      status: 200,
    },
    { method: 'GET', path: '/incident?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/incident/count?processDefinitionId=nope', status: 200 },
    {
      method: 'GET',
      path: '/incident?incidentTimestampAfter=2026-11-21T00:00:00.000%2B0000&incidentTimestampBefore=2099-01-01T00:00:00.000%2B0000&activityId=approveInvoice',
      status: 200,
    },
    { method: 'GET', path: '/incident?incidentTimestampAfter=yesterday', status: 400 },

    {
      method: 'GET',
      path: `/job?processDefinitionId=${defs.invoiceApprovalV1}&withException=true&noRetriesLeft=true&sortBy=jobId&sortOrder=asc&firstResult=0&maxResults=10`,
      status: 200,
    },
    {
      method: 'GET',
      path: `/job?messages=true&processInstanceIds=${pis.invoiceArchive},${pis.demoV1First}&withRetriesLeft=true`,
      status: 200,
    },
    // Not with processInstanceIds: Job.xml joins the two without `and`, a 500 on 7.24 and the forks (test/simulator/job.test.ts).
    { method: 'GET', path: '/job?jobDefinitionId=x&messages=true&withRetriesLeft=true', status: 200 },
    { method: 'GET', path: '/job?sortBy=nope&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/job/count?processDefinitionKey=invoice', status: 200 },
    {
      method: 'GET',
      path: `/job-definition?processDefinitionId=${defs.invoiceV1}&jobType=async-continuation&activityIdIn=archiveInvoice,x&sortBy=activityId&sortOrder=asc`,
      status: 200,
    },
    { method: 'GET', path: '/job-definition/count?jobConfiguration=async-before', status: 200 },
    { method: 'POST', path: '/job/nope/execute', status: 404 },

    // Groups and users: reads first, then writes on groups of their own (the seeded ones stay for the reads).
    { method: 'GET', path: '/group', status: 200 },
    { method: 'GET', path: '/group?idIn=sales,accounting&type=WORKFLOW&sortBy=name&sortOrder=desc&firstResult=0&maxResults=5', status: 200 },
    { method: 'GET', path: '/group?id=sales&name=Sales&nameLike=S%25&member=john', status: 200 },
    { method: 'GET', path: '/group?memberOfTenant=tenant-a', status: 200 },
    { method: 'GET', path: '/group?sortBy=name', status: 400 },
    { method: 'GET', path: '/group?sortBy=member&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/group/count', status: 200 },
    { method: 'GET', path: '/group/count?type=WORKFLOW&nameLike=%25a%25', status: 200 },
    { method: 'GET', path: '/engine/default/group/count?member=max', status: 200 },
    { method: 'POST', path: '/group', status: 200, body: { nameLike: '%a%', sorting: [{ sortBy: 'id', sortOrder: 'desc' }] } },
    { method: 'POST', path: '/group?firstResult=0&maxResults=2', status: 200, body: { idIn: ['sales', 'accounting', 'management'], type: 'WORKFLOW' } },
    { method: 'POST', path: '/group', status: 400, body: { idIn: 'sales' } },
    { method: 'POST', path: '/group/count', status: 200, body: { member: 'mary' } },
    { method: 'POST', path: '/group/count', status: 400, body: '{"id": ' },
    { method: 'GET', path: '/group/sales', status: 200 },
    { method: 'GET', path: '/engine/default/group/camunda-admin', status: 200 },
    { method: 'GET', path: '/group/nope', status: 404 },
    { method: 'OPTIONS', path: '/group', status: 200 },
    { method: 'OPTIONS', path: '/group/sales', status: 200 },
    { method: 'OPTIONS', path: '/group/sales/members', status: 200 },
    { method: 'GET', path: '/user', status: 200 },
    { method: 'GET', path: '/user?memberOfGroup=accounting&sortBy=userId&sortOrder=asc&firstResult=0&maxResults=5', status: 200 },
    { method: 'GET', path: '/user?idIn=karla,nora&firstNameLike=%25a&lastName=Richter&emailLike=%25', status: 200 },
    { method: 'GET', path: '/user?id=mary&firstName=Mary&lastNameLike=A%25&email=mary@camunda.org&memberOfTenant=t&potentialStarter=p', status: 200 },
    { method: 'GET', path: '/user?sortBy=id&sortOrder=asc', status: 400 },
    { method: 'GET', path: '/user/count?memberOfGroup=accounting', status: 200 },
    { method: 'OPTIONS', path: '/user', status: 200 },
    { method: 'POST', path: '/group/create', status: 204, body: { id: 'contract', name: 'Contract', type: 'WORKFLOW' } },
    { method: 'POST', path: '/group/create', status: 400, body: { id: 'contract', name: 'Contract' } },
    { method: 'POST', path: '/group/create', status: 500, body: { name: 'No id' } },
    { method: 'POST', path: '/group/create', status: 500, body: { id: 'my-group' } },
    { method: 'PUT', path: '/group/contract', status: 204, body: { id: 'contract', name: 'Contract Dept' } },
    { method: 'PUT', path: '/group/contract', status: 500, body: { name: 'no id' } },
    { method: 'PUT', path: '/group/nope', status: 404, body: { id: 'nope', name: 'x' } },
    { method: 'PUT', path: '/group/contract/members/mary', status: 204 },
    { method: 'PUT', path: '/group/contract/members/mary', status: 500 },
    { method: 'PUT', path: '/group/contract/members/nobody', status: 500 },
    { method: 'PUT', path: '/group/nope/members/mary', status: 500 },
    { method: 'DELETE', path: '/group/contract/members/mary', status: 204 },
    { method: 'DELETE', path: '/group/contract/members/nobody', status: 204 },
    { method: 'DELETE', path: '/group/contract', status: 204 },
    { method: 'DELETE', path: '/group/nope', status: 204 },

    // Metrics over the seeded meter logs; the task-worker delete last.
    { method: 'GET', path: '/metrics', status: 200 },
    {
      method: 'GET',
      path: '/metrics?name=process-instances&interval=86400&aggregateByReporter=true&startDate=2020-01-01T00:00:00.000%2B0000&endDate=2099-01-01T00:00:00.000%2B0000&firstResult=0&maxResults=10',
      status: 200,
    },
    { method: 'GET', path: '/metrics?name=flow-node-instances&reporter=127.0.0.1%24default&maxResults=3', status: 200 },
    { method: 'GET', path: '/metrics?interval=abc', status: 400 },
    { method: 'GET', path: '/metrics?startDate=yesterday', status: 400 },
    { method: 'GET', path: '/metrics/process-instances/sum', status: 200 },
    { method: 'GET', path: '/metrics/flow-node-instances/sum?startDate=2020-01-01T00:00:00.000%2B0000&endDate=2099-01-01T00:00:00.000%2B0000', status: 200 },
    { method: 'GET', path: '/metrics/task-users/sum?startDate=2020-01-01T00:00:00.000%2B0000', status: 200 },
    { method: 'GET', path: '/engine/default/metrics/unique-task-workers/sum', status: 200 },
    { method: 'GET', path: '/metrics/activity-instance-start/sum?startDate=yesterday', status: 400 },
    { method: 'DELETE', path: '/metrics/task-worker?date=2020-01-01T00:00:00.000%2B0000', status: 204 },
    { method: 'DELETE', path: '/metrics/task-worker', status: 204 },

    // Writes to /authorization last: the reads above see the seed.
    // The seed holds johnReadUpdate and a GLOBAL on filter '*' already: those would be duplicates.
    { method: 'POST', path: '/authorization/create', status: 200, body: { ...johnReadUpdate, resourceId: 'invoice' } },
    { method: 'POST', path: '/authorization/create', status: 500, body: johnReadUpdate },
    { method: 'POST', path: '/authorization/create', status: 200, body: { type: 0, permissions: ['ALL'], userId: '*', resourceType: 5, resourceId: 'f1' } },
    {
      method: 'POST',
      path: '/engine/default/authorization/create',
      status: 200,
      body: { type: 2, permissions: ['DELETE', 'READ'], groupId: 'sales', resourceType: 13, resourceId: '*' },
    },
    { method: 'POST', path: '/authorization/create', status: 200, body: { type: 1, permissions: [], groupId: 'sales', resourceType: 9 } },
    { method: 'POST', path: '/authorization/create', status: 400, body: { type: 'abc' } },
    { method: 'POST', path: '/authorization/create', status: 400, body: { ...johnReadUpdate, permissions: ['FLY'] } },
    { method: 'POST', path: '/authorization/create', status: 400, body: { ...johnReadUpdate, resourceType: 1, permissions: ['READ_TASK'] } },
    { method: 'POST', path: '/authorization/create', status: 500, body: { ...johnReadUpdate, groupId: 'sales' } },
    { method: 'POST', path: '/authorization/create', status: 500, body: { ...johnReadUpdate, type: 0 } },
    { method: 'POST', path: '/authorization/create', status: 500, body: { ...johnReadUpdate, type: 3 } },
    { method: 'POST', path: '/authorization/create', status: 500, body: { permissions: ['READ'] } },
    { method: 'PUT', path: `/authorization/${johnGrant}`, status: 204, body: johnReadOnly },
    {
      method: 'PUT',
      path: `/engine/default/authorization/${SEEDED_AUTHORIZATION_IDS.globalFilterRead}`,
      status: 204,
      body: { userId: '*', resourceType: 5, resourceId: '*' },
    },
    { method: 'PUT', path: `/authorization/${johnGrant}`, status: 400, body: { ...johnReadOnly, permissions: ['FLY'] } },
    { method: 'PUT', path: `/authorization/${johnGrant}`, status: 400, body: '{"userId": ' },
    { method: 'PUT', path: '/authorization/does-not-exist', status: 404, body: johnReadOnly },
    { method: 'PUT', path: `/authorization/${johnGrant}`, status: 500, body: { resourceId: 'x' } },
    { method: 'PUT', path: `/authorization/${johnGrant}`, status: 500, body: { userId: 'john', permissions: ['READ'] } },
    { method: 'DELETE', path: `/authorization/${DELETABLE_AUTHORIZATION}`, status: 204 },
    { method: 'DELETE', path: `/authorization/${DELETABLE_AUTHORIZATION}`, status: 404 },
    { method: 'GET', path: CHECK, status: 401 },
    { method: 'GET', path: '/authorization/check?resourceName=x&resourceType=6', status: 400 },
    { method: 'GET', path: '/authorization/check?permissionName=READ&resourceName=x&resourceType=abc', status: 404 },
  ];

  it.each(calls.map((call) => [`${call.method} ${call.path} ${call.body === undefined ? '' : JSON.stringify(call.body)}`.trim(), call] as const))(
    '%s answers by the contract',
    async (_name, call) => {
      const init: RequestInit = { method: call.method };
      if (call.body !== undefined) {
        init.headers = { 'content-type': 'application/json' };
        init.body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
      }
      const path = resolve(call.path);
      const response = await fetch(`${sim.url}${path}`, init);
      const text = await response.text();
      expect(response.status).toBe(call.status);
      expect(response.headers.get('content-type')).toBe(call.status === 204 ? null : 'application/json');
      const result = validateResponse(call.method, path, response.status, text === '' ? undefined : JSON.parse(text));
      expect(result.errors).toEqual([]);
    },
  );

  it.each(
    calls
      .filter((call) => call.status < 400)
      .map((call) => [`${call.method} ${call.path} ${call.body === undefined ? '' : JSON.stringify(call.body)}`.trim(), call] as const),
  )('%s is a request the contract allows', (_name, call) => {
    expect(validateRequest(call.method, resolve(call.path), undefined, call.body).errors).toEqual([]);
  });

  /** Against the simulator with Basic auth on; `as` is the user (password = user id). */
  const securedCalls: { as: 'demo' | 'john'; method: string; path: string; status: number; body?: unknown }[] = [
    { as: 'demo', method: 'GET', path: CHECK, status: 200 },
    { as: 'john', method: 'GET', path: CHECK, status: 200 },
    {
      as: 'demo',
      method: 'GET',
      path: '/authorization/check?permissionName=ACCESS&resourceName=Application&resourceType=0&resourceId=*&userId=john',
      status: 200,
    },
    { as: 'john', method: 'GET', path: '/authorization/check?permissionName=READ&resourceName=x&resourceType=6&userId=mary', status: 403 },
    { as: 'john', method: 'GET', path: '/authorization/check?permissionName=FLY&resourceName=x&resourceType=6', status: 400 },
    { as: 'john', method: 'GET', path: '/authorization/check?permissionName=READ_TASK&resourceName=User&resourceType=1', status: 400 },
    { as: 'john', method: 'GET', path: '/authorization?sortBy=resourceId&sortOrder=asc', status: 200 },
    { as: 'john', method: 'GET', path: '/authorization/count', status: 200 },
    { as: 'john', method: 'GET', path: `/authorization/${johnGrant}`, status: 200 },
    { as: 'john', method: 'GET', path: `/authorization/${adminId}`, status: 404 },
    { as: 'john', method: 'OPTIONS', path: '/authorization', status: 200 },
    { as: 'john', method: 'OPTIONS', path: `/authorization/${johnGrant}`, status: 200 },
    { as: 'john', method: 'POST', path: '/authorization/create', status: 403, body: johnReadUpdate },
    { as: 'john', method: 'PUT', path: `/authorization/${johnGrant}`, status: 403, body: johnReadOnly },
    {
      as: 'john',
      method: 'PUT',
      path: `/authorization/${adminId}`,
      status: 404,
      body: { permissions: ['READ'], groupId: 'camunda-admin', resourceType: 0, resourceId: '*' },
    },
    { as: 'john', method: 'DELETE', path: `/authorization/${johnGrant}`, status: 403 },
    { as: 'demo', method: 'POST', path: '/authorization/create', status: 200, body: { ...johnReadUpdate, resourceId: 'created-by-demo' } },
    { as: 'demo', method: 'PUT', path: `/authorization/${johnGrant}`, status: 204, body: johnReadOnly },
    { as: 'john', method: 'GET', path: '/group', status: 200 },
    { as: 'john', method: 'GET', path: '/group/count', status: 200 },
    { as: 'john', method: 'GET', path: '/group/sales', status: 404 },
    { as: 'john', method: 'OPTIONS', path: '/group', status: 200 },
    { as: 'john', method: 'OPTIONS', path: '/group/sales/members', status: 200 },
    { as: 'john', method: 'POST', path: '/group/create', status: 403, body: { id: 'g2', name: 'G2' } },
    { as: 'john', method: 'PUT', path: '/group/sales', status: 404, body: { id: 'sales', name: 'x' } },
    { as: 'john', method: 'DELETE', path: '/group/sales', status: 403 },
    { as: 'john', method: 'PUT', path: '/group/sales/members/mary', status: 403 },
    { as: 'john', method: 'DELETE', path: '/group/sales/members/john', status: 403 },
    { as: 'john', method: 'GET', path: '/user?memberOfGroup=sales', status: 200 },
    { as: 'demo', method: 'GET', path: '/user/count?memberOfGroup=accounting', status: 200 },
    { as: 'demo', method: 'PUT', path: '/group/sales/members/mary', status: 204 },
    { as: 'john', method: 'GET', path: '/metrics/task-users/sum', status: 200 },
    { as: 'john', method: 'GET', path: '/metrics?name=decision-instances&maxResults=2', status: 200 },
    { as: 'john', method: 'DELETE', path: '/metrics/task-worker', status: 403 },
    { as: 'demo', method: 'DELETE', path: '/metrics/task-worker', status: 204 },
    { as: 'john', method: 'GET', path: '/telemetry/data', status: 403 },
    { as: 'demo', method: 'GET', path: '/telemetry/data', status: 200 },
  ];

  it.each(securedCalls.map((call) => [`${call.as}: ${call.method} ${call.path}`, call] as const))('%s answers by the contract', async (_name, call) => {
    const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${call.as}:${call.as}`).toString('base64')}` };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${secured.url}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    const text = await response.text();
    expect(response.status).toBe(call.status);
    expect(validateResponse(call.method, call.path, response.status, text === '' ? undefined : JSON.parse(text)).errors).toEqual([]);
    if (call.status < 400) expect(validateRequest(call.method, call.path, undefined, call.body).errors).toEqual([]);
  });

  it('answers the Basic auth 401 by the contract', async () => {
    const response = await fetch(`${secured.url}/authorization/count`);
    expect(response.status).toBe(401);
    expect(validateResponse('GET', '/authorization/count', 401, await response.text()).errors).toEqual([]);
  });
});

// The forks answer what differs (flavour.ts) by the same contract; the rest is the same code as above.
describe.each(['operaton', 'cibseven'] as const)('the simulator as %s', (flavour: FlavourName) => {
  let fork: Simulator;
  beforeAll(async () => {
    fork = await startSimulator({ flavour, basicAuth: true, loginDelayBaseSeconds: 0 });
  });
  afterAll(async () => {
    await fork.close();
  });

  const { adminGroup } = FLAVOURS[flavour];
  const otherAdminGroup = adminGroup === 'operaton-admin' ? 'camunda-admin' : 'operaton-admin';
  const calls: { as: 'demo' | 'john'; method: string; path: string; status: number; body?: unknown }[] = [
    { as: 'demo', method: 'GET', path: '/version', status: 200 },
    { as: 'demo', method: 'GET', path: '/telemetry/data', status: 200 },
    { as: 'john', method: 'GET', path: '/telemetry/data', status: 403 },
    { as: 'demo', method: 'GET', path: `/process-definition/${SEEDED_PROCESS_DEFINITION_IDS.v1}/statistics`, status: 200 },
    { as: 'demo', method: 'GET', path: `/group/${adminGroup}`, status: 200 },
    { as: 'demo', method: 'POST', path: '/group/create', status: 400, body: { id: adminGroup, name: 'Admins' } },
    { as: 'demo', method: 'POST', path: '/group/create', status: 500, body: { id: otherAdminGroup, name: 'Admins' } },
  ];

  it.each(calls.map((call) => [`${call.as}: ${call.method} ${call.path} ${call.body === undefined ? '' : JSON.stringify(call.body)}`.trim(), call] as const))(
    '%s answers by the contract',
    async (_name, call) => {
      const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${call.as}:${call.as}`).toString('base64')}` };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${fork.url}${call.path}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      const text = await response.text();
      expect(response.status).toBe(call.status);
      expect(validateResponse(call.method, call.path, response.status, text === '' ? undefined : JSON.parse(text)).errors).toEqual([]);
    },
  );
});

describe('the checker rejects what breaks the contract', () => {
  const good = loadSample<Record<string, unknown>>('authorization-get');

  it('accepts the real body', () => {
    expect(validateResponse('GET', '/authorization/{id}', 200, good)).toEqual({ valid: true, errors: [], operation: 'GET /authorization/{id}' });
  });

  it('rejects `type` as a string in AuthorizationDto', () => {
    const result = validateResponse('GET', '/authorization/x', 200, { ...good, type: '1' });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(['body.type: expected integer, got string "1"']);
  });

  it.each([
    ['a misspelt field', { ...good, resourceID: '*' }, 'body.resourceID: property is not declared in the schema'],
    ['a string in the permissions array', { ...good, permissions: [1] }, 'body.permissions[0]: expected string, got integer 1'],
    ['permissions as a number (the upstream example)', { ...good, permissions: 16 }, 'body.permissions: expected array, got integer 16'],
    [
      'a non-engine date',
      { ...good, removalTime: '2024-01-01T00:00:00Z' },
      "body.removalTime: '2024-01-01T00:00:00Z' is not an engine date-time (yyyy-MM-dd'T'HH:mm:ss.SSSZ)",
    ],
    ['an array instead of the object', [good], 'body: expected object, got array'],
  ])('rejects %s', (_label, body, error) => {
    expect(validateResponse('GET', '/authorization/{id}', 200, body).errors).toEqual([error]);
  });

  it('rejects null where the schema is not nullable', () => {
    expect(validateResponse('GET', '/authorization/count', 200, { count: null }).errors).toEqual(['body.count: null is not allowed']);
    expect(validateResponse('GET', '/engine', 200, null).errors).toEqual(['body: null is not allowed']);
  });

  it('accepts `code: null` in error bodies (the engine sends it) but not a string', () => {
    expect(validateResponse('GET', '/authorization/x', 404, loadSample('authorization-get-404')).valid).toBe(true);
    expect(validateResponse('GET', '/authorization/x', 404, { type: 'X', message: 'y', code: 'z' }).errors).toEqual([
      'body.code: expected number, got string "z"',
    ]);
  });

  it('checks AuthorizationException bodies against their richer schema', () => {
    const denied = loadSample<Record<string, unknown>>('auth-denied-group-create');
    expect(validateResponse('POST', '/group/create', 403, denied).valid).toBe(true);
    expect(validateResponse('POST', '/group/create', 403, { ...denied, missingAuthorizations: 'none' }).valid).toBe(false);
  });

  it('rejects statuses and bodies the operation does not have', () => {
    expect(validateResponse('GET', '/version', 404, loadSample('authorization-get-404')).errors).toEqual(['status 404 is not documented for GET /version']);
    expect(validateResponse('DELETE', '/authorization/x', 204, { unexpected: true }).valid).toBe(false);
    expect(validateResponse('GET', '/version', 200, undefined).errors).toEqual(['GET /version 200 needs a body']);
    expect(validateResponse('GET', '/version', 401, { type: 'x' }).valid).toBe(false);
    expect(validateResponse('GET', '/no-such-resource', 404, {}).errors).toEqual(['no operation GET /no-such-resource in the contract']);
  });

  it('checks requests: declared and typed query parameters, required ones, and the body', () => {
    expect(validateRequest('GET', '/authorization', { userIdIn: 'john', firstResult: '0' }).valid).toBe(true);
    expect(validateRequest('GET', '/authorization', { userId: 'john' }).errors).toEqual(["query parameter 'userId' is not declared for GET /authorization"]);
    expect(validateRequest('GET', '/authorization/count', 'firstResult=0').errors).toEqual([
      "query parameter 'firstResult' is not declared for GET /authorization/count",
    ]);
    expect(validateRequest('GET', '/authorization?type=one').errors).toEqual(["query.type: 'one' is not an integer"]);
    expect(validateRequest('GET', '/authorization/check', { permissionName: 'READ', resourceName: 'User' }).errors).toEqual([
      "required query parameter 'resourceType' is missing",
    ]);
    const create = { type: 1, permissions: ['READ'], userId: 'john', groupId: null, resourceType: 6, resourceId: 'x' };
    expect(validateRequest('POST', '/authorization/create', undefined, create).valid).toBe(true);
    expect(validateRequest('POST', '/authorization/create', undefined, { ...create, type: 'abc' }).errors).toEqual([
      'body.type: expected integer, got string "abc"',
    ]);
    expect(validateRequest('GET', '/authorization', undefined, {}).errors).toEqual(['GET /authorization takes no JSON body']);
  });

  it('reports the undeclared aliases ver and latest of GET /process-definition', () => {
    expect(validateRequest('GET', '/process-definition', { key: 'invoice', ver: '1', latest: 'true' }).errors).toEqual([
      "query parameter 'ver' is not declared for GET /process-definition",
      "query parameter 'latest' is not declared for GET /process-definition",
    ]);
  });

  it('reports sortBy=startTime on /batch/statistics, which 7.18+ engines (and the simulator) accept', () => {
    expect(validateRequest('GET', '/batch/statistics', { sortBy: 'startTime', sortOrder: 'asc' }).errors).toEqual([
      'query.sortBy: "startTime" is not one of ["batchId","tenantId"]',
    ]);
  });

  it('checks activity statistics rows', () => {
    const row = {
      '@class': 'org.camunda.bpm.engine.rest.dto.repository.ActivityStatisticsResultDto',
      id: 'approve',
      instances: 3,
      failedJobs: 0,
      incidents: [],
    };
    expect(validateResponse('GET', '/process-definition/x/statistics', 200, [row]).valid).toBe(true);
    expect(validateResponse('GET', '/process-definition/x/statistics', 200, [{ ...row, instances: '3' }]).errors).toEqual([
      'body[0].instances: expected integer, got string "3"',
    ]);
  });

  it('matches literal path segments before templates and strips named-engine prefixes', () => {
    const validator = new ContractValidator();
    expect(validator.matchOperation('GET', '/batch/statistics')?.template).toBe('/batch/statistics');
    expect(validator.matchOperation('GET', '/batch/abc')?.template).toBe('/batch/{id}');
    expect(validator.matchOperation('GET', '/engine/default/group/sales%2Fx')).toMatchObject({ template: '/group/{id}', pathParams: { id: 'sales/x' } });
    expect(validator.matchOperation('GET', '/engine')?.template).toBe('/engine');
    expect(validator.matchOperation('PATCH', '/version')).toBeUndefined();
  });
});
