// Why a batch did not change an instance: the failed batch jobs' messages mapped to the objects they
// name, in the report (CSV and JSON) and on stderr. The simulated jobs run as a user (as when someone
// runs a batch's jobs by hand on an engine without a job executor), so each instance's rights are
// checked and fail with the engine's AuthorizationException.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { cliFor, it, test } from '../../helpers/fixtures.js';
import { AuthorizationType, ResourceType, SEEDED_PROCESS_INSTANCE_IDS as PIS, type Simulator } from '../../simulator/index.js';

const APPROVE = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3].sort();

/** john may read invoice's instances and create suspension batches, and suspend the first instance only. */
function grantJohn(engine: Simulator, first: string): void {
  const grant = (id: string, resourceType: number, resourceId: string, permissions: string[]) =>
    engine.state.authorizations.push({
      id,
      type: AuthorizationType.GRANT,
      permissions,
      userId: 'john',
      groupId: null,
      resourceType,
      resourceId,
      removalTime: null,
      rootProcessInstanceId: null,
    });
  grant('john-invoice', ResourceType.PROCESS_DEFINITION, 'invoice', ['READ', 'READ_INSTANCE']);
  grant('john-batch', ResourceType.BATCH, '*', ['CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND', 'READ', 'READ_HISTORY']);
  grant('john-first', ResourceType.PROCESS_INSTANCE, first, ['SUSPEND']);
}

const denied = (id: string) =>
  `The user with id 'john' does not have one of the following permissions: 'SUSPEND' permission on resource '${id}' of type 'ProcessInstance' or 'SUSPEND_INSTANCE' permission on resource 'invoice' of type 'ProcessDefinition' or 'UPDATE' permission on resource '${id}' of type 'ProcessInstance' or 'UPDATE_INSTANCE' permission on resource 'invoice' of type 'ProcessDefinition'`;

describe('instance suspend --async: batch jobs refused per instance', () => {
  test.override({ simulatorOptions: { basicAuth: true, batchJobsPerSecond: 1000 } });

  it('names each instance a failed job left unchanged with that job message, in the report and on stderr', async ({ engine, cwd }) => {
    const [first, second, third] = APPROVE as [string, string, string];
    grantJohn(engine, first);
    engine.state.batchSettings.jobsRunBy = 'john';
    const john = cliFor(engine.url, { cwd });
    const args = ['--username', 'john', '--password', 'john', '--yes', 'instance', 'suspend', '--key', 'invoice', '--activity', 'approveInvoice'];
    const result = await john([...args, '--async', '--wait', '--interval', '0.1', '--report', 'out.csv']);
    expect(result.code, result.stderr).toBe(8);
    expect(engine.state.findProcessInstance(first)!.suspended).toBe(true);
    expect([second, third].map((id) => engine.state.findProcessInstance(id)!.suspended)).toEqual([false, false]);
    const batch = engine.state.batches.at(-1)!;
    const jobOf = (id: string) => batch.jobs.find((job) => job.processInstanceIds.includes(id))!.jobId;

    const [header, ...rows] = readFileSync(join(cwd, 'out.csv'), 'utf8').trim().split('\n');
    expect(header).toBe('processInstanceId,outcome,definitionId,batchJobFailure,mode,batchIds,finishedAt');
    const failureOf = (id: string) => rows.find((row) => row.startsWith(`${id},`))!;
    expect(failureOf(first)).toMatch(new RegExp(`^${first},suspended,[^,]+,,async,`));
    for (const id of [second, third]) {
      expect(failureOf(id)).toContain(`${id},not-suspended,`);
      expect(failureOf(id)).toContain(`,batch job ${jobOf(id)} failed: ${denied(id)},async,`);
    }
    expect(result.stderr).toContain(`batch ${batch.id}: 2 jobs failed; 2 instances not suspended, and why (the report names each):`);
    expect(result.stderr).toContain(`  ${second}: batch job ${jobOf(second)} failed: ${denied(second)}`);
    expect(result.stderr).toContain(`  ${third}: batch job ${jobOf(third)} failed: ${denied(third)}`);

    // The same in JSON, and on stdout's summary: the failed jobs with the objects they name.
    engine.state.batchSettings.jobsRunBy = 'john';
    const json = await john(['-o', 'json', ...args, '--async', '--wait', '--interval', '0.1', '--report', 'out.json']);
    expect(json.code).toBe(8);
    const report = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as { objects: { id: string; outcome: string; batchJobFailure?: string }[] };
    expect(report.objects.filter((object) => object.batchJobFailure !== undefined).map((object) => object.id)).toEqual([second, third]);
    const summary = JSON.parse(json.stdout) as { batchJobFailures: { objects: string[]; message: string }[] };
    expect(summary.batchJobFailures.map((failure) => [failure.objects, failure.message])).toEqual([
      [[second], denied(second)],
      [[third], denied(third)],
    ]);
  });

  it('an instance no failed message names, in a job of several, is presumably in one of them', async ({ engine, cwd }) => {
    const [first, second, third] = APPROVE as [string, string, string];
    grantJohn(engine, first);
    engine.state.batchSettings.jobsRunBy = 'john';
    // Two instances a job: the first job fails at the second instance, and the first is not changed either.
    engine.state.batchSettings.invocationsPerBatchJob = 2;
    const john = cliFor(engine.url, { cwd });
    const result = await john(
      ['--username', 'john', '--password', 'john', '--yes', 'instance', 'suspend', '--instances', APPROVE.join(','), '--async', '--wait', '--interval', '0.1'],
      { cwd },
    );
    expect(result.code).toBe(8);
    expect(result.stdout).toMatch(/not-suspended\s+3/);
    expect(result.stderr).toContain('2 jobs failed; 3 instances not suspended');
    expect(result.stderr).toContain(
      `  ${first}: presumably in one of the batch's 2 failed jobs (no message names it): 2 different messages, the first: ${denied(second)}`,
    );
    expect(result.stderr).toContain(`  ${second}: batch job `);
    expect(result.stderr).toContain(`  ${third}: batch job `);
  });
});
