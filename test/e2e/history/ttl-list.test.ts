// history ttl list against the simulator, in-process: versions with and without a time-to-live, by key.
import { describe, expect } from 'vitest';
import { SEEDED_DECISION_DEFINITION_IDS as DECISIONS, SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS, type Simulator } from '../../simulator/index.js';
import { test } from '../../helpers/fixtures.js';

interface Group {
  key: string;
  tenantId: string | null;
  versions: number;
  withoutTimeToLive: number;
  running?: number;
  finished: number | null;
  definitions: { id: string; version: number; historyTimeToLive: number | null; resource?: string; counts: { running?: number; finished: number | null } }[];
}

/** invoice:1 as deployed before 7.20 (no time-to-live), with two of its instances finished. */
function legacyInvoice(engine: Simulator): void {
  const v1 = engine.state.processDefinitions.find((definition) => definition.id === DEFINITIONS.invoiceV1)!;
  v1.historyTimeToLive = null;
  const running = engine.state.processInstances.filter((instance) => instance.definitionId === DEFINITIONS.invoiceV1 && !instance.suspended);
  for (const instance of running.slice(0, 2)) engine.state.endProcessInstance(instance.id);
}

const paths = (engine: Simulator) => engine.requests.map((request) => decodeURIComponent(request.path.replace(/^\/engine-rest/, '').split('?')[0]!));

describe('history ttl list', () => {
  test('groups every version by key and tenant with running and finished instances, in three kinds of requests', async ({ engine, cli }) => {
    legacyInvoice(engine);
    const runningV1 = engine.state.processInstances.filter((instance) => instance.definitionId === DEFINITIONS.invoiceV1).length;
    engine.requests.length = 0;
    const result = await cli(['history', 'ttl', 'list', '-o', 'json']);
    expect(result.code).toBe(0);
    const groups = JSON.parse(result.stdout) as Group[];
    expect(groups.map((group) => [group.key, group.tenantId, group.versions])).toEqual([
      ['archive-invoice', null, 1],
      ['invoice', null, 2],
      ['invoice-approval', null, 2],
      ['refengine-demo', null, 2],
      ['shared-process', 'tenant-a', 1],
      ['shared-process', 'tenant-b', 1],
    ]);
    const invoice = groups.find((group) => group.key === 'invoice')!;
    expect(invoice).toMatchObject({ withoutTimeToLive: 1, finished: 2 });
    expect(invoice.definitions.map((definition) => [definition.version, definition.historyTimeToLive, definition.counts])).toEqual([
      [1, null, { running: runningV1, finished: 2 }],
      [2, 45, { running: 0, finished: 0 }],
    ]);
    // The engine's definition unchanged beside the counts.
    expect(invoice.definitions[0]).toMatchObject({ id: DEFINITIONS.invoiceV1, resource: 'invoice.v1.bpmn' });
    expect(result.stderr).toBe(
      '1 of 9 process definition versions (1 key) has no time-to-live: its history is never cleaned up; set one with: camunda-admin history ttl set KEY --days N\n',
    );
    // No count per version: the definitions, one statistics request, one cleanable report.
    expect(paths(engine).sort()).toEqual([
      '/history/process-definition/cleanable-process-instance-report',
      '/process-definition',
      '/process-definition/statistics',
    ]);
  });

  test('--missing lists only the versions without a time-to-live; --detailed-exitcode exits 10 until every one has one', async ({ engine, cli }) => {
    legacyInvoice(engine);
    const missing = await cli(['history', 'ttl', 'list', '--missing', '--detailed-exitcode']);
    expect(missing.code).toBe(10);
    expect(missing.stdout.trimEnd().split('\n')).toEqual([
      'Key\tTenant\tVersions\tWithout TTL\tTTL (days)\tRunning\tFinished',
      expect.stringMatching(/^invoice\t-\t2\t1 \(1\)\tnone\t\d+\t2$/),
    ]);
    expect((await cli(['history', 'ttl', 'list', '--detailed-exitcode'])).code).toBe(10);
    expect((await cli(['history', 'ttl', 'list', '--missing'])).code).toBe(0);
    engine.state.processDefinitions.find((definition) => definition.id === DEFINITIONS.invoiceV1)!.historyTimeToLive = 30;
    const none = await cli(['history', 'ttl', 'list', '--missing', '--detailed-exitcode']);
    expect(none.code).toBe(0);
    // Off a terminal stdout carries rows only.
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('every one of 9 process definition versions has a time-to-live\n');
  });

  test('--key shows a row per version and asks the report for that key only', async ({ engine, cli }) => {
    legacyInvoice(engine);
    engine.requests.length = 0;
    const result = await cli(['history', 'ttl', 'list', '--key', 'invoice']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Key\tVersion\tTenant\tTTL (days)\tRunning\tFinished\tId');
    expect(lines.slice(1).map((line) => line.split('\t').filter((_cell, index) => [1, 3, 5, 6].includes(index)))).toEqual([
      ['1', 'none', '2', DEFINITIONS.invoiceV1],
      ['2', '45', '0', DEFINITIONS.invoiceV2],
    ]);
    const report = engine.requests.find((request) => request.path.includes('cleanable-process-instance-report'))!;
    expect(new URL(`http://h${report.path}`).searchParams.get('processDefinitionKeyIn')).toBe('invoice');
    const unknown = await cli(['history', 'ttl', 'list', '--key', 'invoise']);
    expect(unknown.code).toBe(0);
    expect(unknown.stderr).toBe("warning: no process definition with key 'invoise' (did you mean invoice?)\n");
  });

  test('--decisions lists decision definitions with their evaluations, a tenant by itself', async ({ engine, cli }) => {
    // The evaluations as the engine's cleanable report counts them, whatever the simulator's history holds.
    const report = (await (await fetch(`${engine.url}/history/decision-definition/cleanable-decision-instance-report`)).json()) as {
      decisionDefinitionId: string;
      finishedDecisionInstanceCount: number;
    }[];
    const evaluations = (id: string) => report.find((row) => row.decisionDefinitionId === id)!.finishedDecisionInstanceCount;
    const result = await cli(['history', 'ttl', 'list', '--decisions', '-o', 'json', '--detailed-exitcode']);
    expect(result.code).toBe(10);
    const groups = JSON.parse(result.stdout) as Group[];
    expect(groups.map((group) => [group.key, group.tenantId, group.versions, group.withoutTimeToLive, group.finished, 'running' in group])).toEqual([
      ['invoice-assign-approver', null, 1, 1, evaluations(DECISIONS.assignApproverV1), false],
      ['invoice-classification', null, 2, 1, evaluations(DECISIONS.classificationV1) + evaluations(DECISIONS.classificationV2), false],
      ['invoice-classification', 'tenant-a', 1, 0, evaluations(DECISIONS.classificationTenantA), false],
    ]);
    expect(groups[1]!.definitions.map((definition) => [definition.id, definition.historyTimeToLive, definition.counts])).toEqual([
      [DECISIONS.classificationV1, null, { finished: evaluations(DECISIONS.classificationV1) }],
      [DECISIONS.classificationV2, 45, { finished: evaluations(DECISIONS.classificationV2) }],
    ]);
    const table = await cli(['history', 'ttl', 'list', '--decisions', '--missing']);
    expect(table.stdout.split('\n')[0]).toBe('Key\tTenant\tVersions\tWithout TTL\tTTL (days)\tEvaluations');
    expect(table.stderr).toContain('--decision\n');
  });
});

describe('history ttl list as a user', () => {
  test.override({ simulatorOptions: { basicAuth: true } });

  test('without READ_HISTORY the finished counts are unknown, not 0, and it says why', async ({ engine, cli }) => {
    // john may READ refengine-demo but not its history: the report leaves his definitions out.
    const result = await cli(['--username', 'john', '--password', 'john', 'history', 'ttl', 'list', '-o', 'json']);
    expect(result.code).toBe(0);
    const groups = JSON.parse(result.stdout) as Group[];
    expect(groups.map((group) => [group.key, group.finished])).toEqual([['refengine-demo', null]]);
    expect(result.stderr).toContain(
      'warning: finished counts of 2 versions left out: the cleanable report has no row for them (READ_HISTORY on the definition)\n',
    );
    expect(engine.requests.some((request) => request.path.includes('/history/process-instance/count'))).toBe(false);
  });

  test('a user who may read no definition is told that none found may be none readable; the gate stays 0', async ({ cli }) => {
    // mary has no authorization of her own: the engine's queries leave every definition out.
    const result = await cli(['--username', 'mary', '--password', 'mary', 'history', 'ttl', 'list', '--missing', '--detailed-exitcode']);
    expect([result.code, result.stdout]).toEqual([0, '']);
    expect(result.stderr).toMatch(/^no process definitions \(none is deployed, or these credentials may read none\)$/m);
  });
});
