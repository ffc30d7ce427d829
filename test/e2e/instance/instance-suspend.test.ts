// `instance suspend` and `instance activate`: the bulk pipeline end to end against the simulator:
// the selection frozen and previewed, the confirmation, sync, chunks with a journal and --resume,
// --async --wait, the canary, the report, --annotation, and the refusals that send nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { cliFor, it, test, whileBatchesRun } from '../../helpers/fixtures.js';
import { AuthorizationType, ResourceType, SEEDED_PROCESS_INSTANCE_IDS as PIS, type Simulator } from '../../simulator/index.js';

const APPROVE = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3].sort();

function suspendedOf(engine: Simulator, ids: readonly string[]): boolean[] {
  return ids.map((id) => engine.state.findProcessInstance(id)!.suspended);
}

/** The PUT and POST requests the engine received: the changes. */
function changes(engine: Simulator): string[] {
  return engine.requests
    .filter((request) => request.method === 'PUT' || request.path.includes('suspended-async'))
    .map((request) => `${request.method} ${request.path}`);
}

describe('instance suspend', () => {
  it('previews the selection and, with --dry-run, prints the request without sending it', async ({ cli, engine }) => {
    const result = await cli('instance', 'suspend', '--key', 'invoice', '--activity', 'approveInvoice', '--dry-run');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { method: 'PUT', url: `${engine.url}/process-instance/suspended`, body: { processInstanceIds: APPROVE, suspended: true } },
    ]);
    expect(result.stderr).toContain('3 process instances selected');
    expect(result.stderr).toMatch(/invoice:1\s+approveInvoice\s+3/);
    expect(result.stderr).toContain(`first 3: ${APPROVE.join(', ')}`);
    expect(result.stderr).toContain(`dry run: would send 1 request (PUT ${engine.url}/process-instance/suspended) for 3 instances; nothing was sent\n`);
    expect(changes(engine)).toEqual([]);
    expect(suspendedOf(engine, APPROVE)).toEqual([false, false, false]);
  });

  it('refuses to run off a terminal without --yes (exit 2), sending nothing', async ({ cli, engine }) => {
    const result = await cli('instance', 'suspend', '--key', 'invoice', '--activity', 'approveInvoice');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: suspend 3 process instances: confirmation needed; pass --yes to confirm when not on a terminal');
    expect(changes(engine)).toEqual([]);
  });

  it('suspends with --yes in one request and reports every instance (CSV)', async ({ cli, engine, cwd }) => {
    const result = await cli(['--yes', 'instance', 'suspend', '--key', 'invoice', '--activity', 'approveInvoice', '--report', 'out.csv'], { cwd });
    expect(result.code).toBe(0);
    expect(suspendedOf(engine, APPROVE)).toEqual([true, true, true]);
    expect(changes(engine)).toEqual(['PUT /engine-rest/process-instance/suspended']);
    expect(result.stdout).toMatch(/suspended\s+3/);
    expect(result.stdout).toContain('done: 3 of 3 instances suspended');
    const rows = readFileSync(join(cwd, 'out.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('processInstanceId,outcome,definitionId,mode,batchIds,finishedAt');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2).join(','))).toEqual(APPROVE.map((id) => `${id},suspended`));

    // Run again: all suspended already, nothing to send, success.
    const again = await cli(['--yes', 'instance', 'suspend', '--key', 'invoice', '--activity', 'approveInvoice'], { cwd });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('3 selected process instances are suspended already: not sent');
    expect(changes(engine)).toHaveLength(1);

    // And back: activate by ids from a file (the JSON report).
    writeFileSync(join(cwd, 'ids.txt'), `${APPROVE.join('\n')}\n`);
    const activate = await cli(['--yes', 'instance', 'activate', '--instances-file', 'ids.txt', '--report', 'back.json'], { cwd });
    expect(activate.code).toBe(0);
    expect(suspendedOf(engine, APPROVE)).toEqual([false, false, false]);
    const report = JSON.parse(readFileSync(join(cwd, 'back.json'), 'utf8')) as {
      operation: string;
      outcome: Record<string, number>;
      objects: { id: string; outcome: string }[];
    };
    expect(report.operation).toBe('activate');
    expect(report.outcome.activated).toBe(3);
    expect(report.objects.map((object) => object.outcome)).toEqual(['activated', 'activated', 'activated']);
  });

  it('selects by a --query file with the filters on top, and by ids on standard input', async ({ cli, cwd }) => {
    writeFileSync(join(cwd, 'query.yaml'), 'processDefinitionKey: invoice\nactivityIdIn: [approveInvoice, prepareBankTransfer]\n');
    const query = await cli(['instance', 'suspend', '--query', 'query.yaml', '--active', '--dry-run'], { cwd });
    expect(query.code).toBe(0);
    const [request] = JSON.parse(query.stdout) as { body: { processInstanceIds: string[] } }[];
    // invoice-5 at prepareBankTransfer is suspended: --active leaves it out.
    expect(request!.body.processInstanceIds).toEqual([...APPROVE, PIS.invoicePrepare1].sort());
    expect(query.stderr).toContain('4 process instances selected');

    const bad = await cli(['instance', 'suspend', '--query', 'ids.yaml', '--dry-run'], { cwd });
    expect(bad.code).toBe(2);

    const piped = await cli(['instance', 'suspend', '--instances-file', '-', '--dry-run'], {
      cwd,
      stdin: `# from instance list --ids-only\n${APPROVE[0]}\n${APPROVE[1]}\n`,
    });
    expect(piped.code).toBe(0);
    expect((JSON.parse(piped.stdout) as { body: { processInstanceIds: string[] } }[])[0]!.body.processInstanceIds).toEqual(APPROVE.slice(0, 2));
  });

  it('names ids the engine does not have and leaves them out; only unknown ids is an error', async ({ cli, engine }) => {
    const mixed = await cli('--yes', 'instance', 'suspend', '--instances', `${PIS.invoiceApprove1},no-such-instance`);
    expect(mixed.code).toBe(0);
    expect(mixed.stderr).toContain(
      "1 of the ids given is not among the engine's process instances (ended, never existed, or not matching the filters): not sent: no-such-instance",
    );
    expect(JSON.parse(engine.requests.find((request) => request.method === 'PUT')!.body!)).toEqual({
      processInstanceIds: [PIS.invoiceApprove1],
      suspended: true,
    });
    const none = await cli('--yes', 'instance', 'suspend', '--instances', 'no-such-instance');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('none of the 1 ids given (1 from --instances) is a process instance the engine has: nothing to suspend, nothing was sent');
  });

  it('sends chunks with a journal; after a failed chunk, --resume sends only the rest', async ({ cli, engine, cwd }) => {
    const ids = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3, PIS.invoicePrepare1, PIS.invoiceArchive].sort();
    // The first chunk goes through; the second is refused once by something in front of the engine.
    engine.inject({
      method: 'PUT',
      path: /^\/process-instance\/suspended$/,
      times: 1,
      after: () => engine.inject({ method: 'PUT', path: /^\/process-instance\/suspended$/, times: 1, status: 503 }),
    });
    const first = await cli(['--yes', 'instance', 'suspend', '--key', 'invoice', '--active', '--chunk-size', '2', '--journal', 'run.jsonl'], { cwd });
    expect(first.code).toBe(8);
    expect(first.stderr).toContain('chunk 1/3: suspended 2 instances');
    expect(first.stderr).toContain('continue with --resume (journal run.jsonl)');
    expect(suspendedOf(engine, ids)).toEqual([true, true, false, false, false]);

    const resumed = await cli(['--yes', 'instance', 'suspend', '--resume', '--journal', 'run.jsonl'], { cwd });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('resuming run.jsonl: 2 of 5 instances confirmed suspended');
    expect(suspendedOf(engine, ids)).toEqual([true, true, true, true, true]);
    // Each instance was sent once by a chunk the engine answered.
    const sent = engine.requests
      .filter((request) => request.method === 'PUT')
      .map((request) => (JSON.parse(request.body!) as { processInstanceIds: string[] }).processInstanceIds);
    expect(sent).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(2, 4), ids.slice(4)]);
    expect(existsSync(join(cwd, 'run.jsonl'))).toBe(true);

    // A resume of another operation's journal is refused.
    const other = await cli(['--yes', 'instance', 'activate', '--resume', '--journal', 'run.jsonl'], { cwd });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('journal run.jsonl is of a suspend run, not of activate');
  });

  it('a chunk whose instances all ended meanwhile is nothing to do (the engine refuses it with a 400)', async ({ cli, engine }) => {
    // They end after the selection, just before the request reaches the engine.
    engine.inject({
      method: 'PUT',
      path: /^\/process-instance\/suspended$/,
      times: 1,
      before: (state) => {
        state.processInstances = state.processInstances.filter((instance) => instance.id !== PIS.invoiceApprove1);
      },
    });
    const result = await cli('--yes', 'instance', 'suspend', '--instances', PIS.invoiceApprove1, '--report', 'out.json');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/ended\s+1/);
  });

  it('a selection with nothing left to do is success, with a report of none', async ({ cli, cwd }) => {
    const result = await cli(['--yes', 'instance', 'activate', '--key', 'invoice', '--activity', 'approveInvoice', '--report', 'none.json'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('3 selected process instances are active already: not sent');
    expect(result.stderr).not.toContain('nothing to activate');
    const none = await cli(['--yes', 'instance', 'activate', '--key', 'invoice', '--activity', 'nowhere'], { cwd });
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('nothing to activate: no process instances match (--key invoice, --activity nowhere); nothing was sent');
    const report = JSON.parse(readFileSync(join(cwd, 'none.json'), 'utf8')) as { selected: number; objects: unknown[] };
    expect(report).toMatchObject({ operation: 'activate', selected: 0, objects: [] });
  });

  it('--canary sends the first instances alone, checks them, then the rest', async ({ cli, engine }) => {
    const result = await cli('--yes', 'instance', 'suspend', '--key', 'invoice', '--activity', 'approveInvoice', '--canary', '1');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('canary of 1 passed');
    const sent = engine.requests
      .filter((request) => request.method === 'PUT')
      .map((request) => (JSON.parse(request.body!) as { processInstanceIds: string[] }).processInstanceIds);
    expect(sent).toEqual([APPROVE.slice(0, 1), APPROVE.slice(1)]);
  });

  it('--annotation without an authenticated user: the engine logs nothing, and the run says so', async ({ cli }) => {
    const result = await cli('--yes', 'instance', 'suspend', '--instances', PIS.invoiceApprove1, '--annotation', 'INC-1');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      '--annotation: no SuspendJob entry of this run in the user operation log, so no annotation was set (the engine writes entries only for an authenticated user)',
    );
  });

  it('refuses bad flag combinations with exit 2, sending nothing', async ({ cli, engine }) => {
    const cases: [string[], string][] = [
      [['--key', 'invoice', '--wait'], '--wait needs --async'],
      // --async --chunk-size is one batch per chunk (instance-suspend-batches.test.ts).
      [['--key', 'invoice', '--async', '--chunk-size', '2', '--report', 'r.csv'], '--report with --async needs --wait'],
      [['--key', 'invoice', '--journal', 'j.jsonl'], '--journal needs --chunk-size (or --resume)'],
      [['--resume', '--key', 'invoice'], '--resume continues the selection its journal holds; leave out the filters'],
      [['--key', 'invoice', '--annotation', ' '], '--annotation: give the text'],
      [['--instances', ''], '--instances: no id given'],
      [[], 'no process instances selected: give --instances, --instances-file, --query or a filter'],
      [['--key', 'invoice', '--suspended', '--active'], '--suspended and --active cannot be combined'],
    ];
    for (const [args, message] of cases) {
      const result = await cli('--yes', 'instance', 'suspend', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(changes(engine)).toEqual([]);
  });
});

describe('instance suspend --async', () => {
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });

  it('creates one batch (prints its id) and with --wait follows it and checks every instance', async ({ cli, engine }) => {
    const created = await cli('--yes', 'instance', 'suspend', '--key', 'invoice', '--activity', 'approveInvoice', '--async');
    expect(created.code).toBe(0);
    const batchId = created.stdout.trim();
    expect(engine.state.batches.find((batch) => batch.id === batchId)?.type).toBe('instance-update-suspension-state');
    expect(created.stderr).toContain(`batch ${batchId} created: 3 instances in 3 jobs of 1 instance`);
    engine.advanceBatches(10);
    expect(suspendedOf(engine, APPROVE)).toEqual([true, true, true]);

    // --wait: the executor moves a step on every poll of the batch.
    const stepOnPoll = cliFor(engine.url);
    await whileBatchesRun(engine, async () => {
      const waited = await stepOnPoll(
        '--yes',
        'instance',
        'activate',
        '--key',
        'invoice',
        '--activity',
        'approveInvoice',
        '--async',
        '--wait',
        '--interval',
        '0.1',
      );
      expect(waited.code).toBe(0);
      expect(waited.stdout).toContain('done: 3 of 3 instances activated');
    });
    expect(suspendedOf(engine, APPROVE)).toEqual([false, false, false]);
  });
});

describe('instance suspend --async: a failing batch job', () => {
  test.override({ simulatorOptions: { batchJobsPerSecond: 1000 } });

  it('names the instances its failed jobs left unchanged (exit 8), in the report too', async ({ cli, engine, cwd }) => {
    engine.state.batchSettings.failInstanceIds = new Set([PIS.invoiceApprove2]);
    const result = await cli(
      ['--yes', 'instance', 'suspend', '--key', 'invoice', '--activity', 'approveInvoice', '--async', '--wait', '--interval', '0.1', '--report', 'out.csv'],
      { cwd },
    );
    expect(result.code).toBe(8);
    expect(result.stdout).toMatch(/not-suspended\s+1/);
    const rows = readFileSync(join(cwd, 'out.csv'), 'utf8').trim().split('\n').slice(1);
    expect(rows.map((row) => row.split(',').slice(0, 2).join(','))).toEqual(
      APPROVE.map((id) => `${id},${id === PIS.invoiceApprove2 ? 'not-suspended' : 'suspended'}`),
    );
  });
});

describe('--annotation and the batch permission (Basic auth)', () => {
  test.override({ simulatorOptions: { basicAuth: true, batchJobsPerSecond: 0 } });

  it('annotates the user operation log entry of each request', async ({ engine, cwd }) => {
    const demo = cliFor(engine.url);
    const result = await demo(
      [
        '--username',
        'demo',
        '--password',
        'demo',
        '--yes',
        'instance',
        'suspend',
        '--key',
        'invoice',
        '--activity',
        'approveInvoice',
        '--chunk-size',
        '2',
        '--annotation',
        'INC-4711',
      ],
      { cwd },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/annotated 2 operations in the user operation log/);
    const entries = await (
      await fetch(`${engine.url}/history/user-operation?operationType=SuspendJob&property=nrOfInstances`, {
        headers: { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
      })
    ).json();
    expect((entries as { annotation: string | null; newValue: string }[]).map((entry) => [entry.newValue, entry.annotation])).toEqual([
      ['2', 'INC-4711'],
      ['1', 'INC-4711'],
    ]);
  });

  it('--async refuses, before anything is sent, a user without the batch permission (exit 4)', async ({ engine }) => {
    // john may read and suspend the instances of invoice, but not create batches.
    engine.state.authorizations.push({
      id: 'john-invoice',
      type: AuthorizationType.GRANT,
      permissions: ['READ', 'READ_INSTANCE', 'SUSPEND_INSTANCE'],
      userId: 'john',
      groupId: null,
      resourceType: ResourceType.PROCESS_DEFINITION,
      resourceId: 'invoice',
      removalTime: null,
      rootProcessInstanceId: null,
    });
    const result = await cliFor(engine.url)(
      '--username',
      'john',
      '--password',
      'john',
      '--yes',
      'instance',
      'suspend',
      '--instances',
      PIS.invoiceApprove1,
      '--async',
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'the user may not create the batch: it needs CREATE or CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND on Batch; nothing was sent',
    );
    expect(changes(engine)).toEqual([]);
  });
});
