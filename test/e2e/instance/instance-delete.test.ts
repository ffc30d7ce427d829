// `instance delete` and `instance delete --finished` end to end against the simulator: the dry run
// (one DELETE per instance), the confirmation naming the count, one request per instance, chunks with
// a journal and --resume, a batch with --wait and its reason, the canary, the report, and refusals.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { cliFor, it, test, whileBatchesRun } from '../../helpers/fixtures.js';
import { SEEDED_PROCESS_INSTANCE_IDS as PIS, type Simulator } from '../../simulator/index.js';

const APPROVE = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3].sort();
const running = (engine: Simulator, ids: readonly string[]): boolean[] => ids.map((id) => engine.state.findProcessInstance(id) !== undefined);
const inHistory = (engine: Simulator, ids: readonly string[]): boolean[] =>
  ids.map((id) => engine.state.endedProcessInstances.some((ended) => ended.id === id) || engine.state.findProcessInstance(id) !== undefined);
const deletes = (engine: Simulator): string[] => engine.requests.filter((request) => request.method === 'DELETE').map((request) => request.path.split('?')[0]!);

describe('instance delete', () => {
  it('--dry-run previews and prints one DELETE per instance, sending none', async ({ cli, engine }) => {
    const result = await cli('instance', 'delete', '--key', 'invoice', '--activity', 'approveInvoice', '--skip-subprocesses', '--dry-run');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(
      APPROVE.map((id) => ({
        method: 'DELETE',
        url: `${engine.url}/process-instance/${id}?skipCustomListeners=false&skipIoMappings=false&skipSubprocesses=true&failIfNotExists=false`,
      })),
    );
    expect(result.stderr).toContain('3 process instances selected');
    // One URL with {id} for the three, not each of them in one line.
    expect(result.stderr).toContain(
      `dry run: would send 3 requests (DELETE ${engine.url}/process-instance/{id}?skipCustomListeners=false&skipIoMappings=false&skipSubprocesses=true&failIfNotExists=false, one per instance) for 3 instances; nothing was sent\n`,
    );
    expect(deletes(engine)).toEqual([]);
  });

  it('asks naming the count (refused off a terminal without --yes), then deletes each and reports it', async ({ cli, engine, cwd }) => {
    const refused = await cli('instance', 'delete', '--key', 'invoice', '--activity', 'approveInvoice');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error: delete 3 process instances: confirmation needed; pass --yes to confirm when not on a terminal');
    expect(deletes(engine)).toEqual([]);

    const result = await cli(['--yes', 'instance', 'delete', '--key', 'invoice', '--activity', 'approveInvoice', '--report', 'deleted.csv'], { cwd });
    expect(result.code).toBe(0);
    expect(running(engine, APPROVE)).toEqual([false, false, false]);
    expect(deletes(engine)).toHaveLength(3);
    expect(result.stdout).toContain('done: 3 of 3 instances deleted');
    const rows = readFileSync(join(cwd, 'deleted.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('processInstanceId,outcome,definitionId,state,mode,batchIds,finishedAt');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2).concat(row.split(',')[3]!).join(','))).toEqual(
      APPROVE.map((id) => `${id},deleted,EXTERNALLY_TERMINATED`),
    );
  });

  it('sends chunks with a journal; after a chunk stopped by a refusal, --resume deletes only the rest, each once', async ({ cli, engine, cwd }) => {
    const ids = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3, PIS.invoicePrepare1, PIS.invoiceArchive].sort();
    // The third DELETE is refused by something in front of the engine (no engine body): the run stops there.
    engine.inject({ method: 'DELETE', path: /^\/process-instance\//, times: 2, after: () => engine.inject({ method: 'DELETE', times: 1, status: 503 }) });
    const first = await cli(['--yes', 'instance', 'delete', '--key', 'invoice', '--active', '--chunk-size', '2', '--journal', 'run.jsonl'], { cwd });
    expect(first.code).toBe(8);
    expect(first.stderr).toContain('chunk 1/3: deleted 2 instances');
    expect(first.stderr).toContain('continue with --resume (journal run.jsonl)');
    expect(running(engine, ids)).toEqual([false, false, true, true, true]);

    const resumed = await cli(['--yes', 'instance', 'delete', '--resume', '--journal', 'run.jsonl', '--report', 'resumed.json'], { cwd });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('resuming run.jsonl: 2 of 5 instances confirmed deleted');
    expect(running(engine, ids)).toEqual([false, false, false, false, false]);
    // Each instance the engine deleted got one DELETE that reached it (the refused one went again).
    const reached = deletes(engine);
    expect(reached.filter((path) => path.endsWith(ids[0]!))).toHaveLength(1);
    expect(new Set(reached).size).toBe(5);
    const report = JSON.parse(readFileSync(join(cwd, 'resumed.json'), 'utf8')) as { outcome: Record<string, number> };
    expect(report.outcome.deleted).toBe(5);
  });

  it('names each instance the engine refused; the others are deleted (exit 8)', async ({ cli, engine }) => {
    engine.inject({
      method: 'DELETE',
      path: new RegExp(`^/process-instance/${PIS.invoiceApprove2}$`),
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'ProcessEngineException', message: 'listener failed', code: 0 }),
    });
    const result = await cli('--yes', 'instance', 'delete', '--instances', APPROVE.join(','));
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`1 of 3 instances were not deleted (${PIS.invoiceApprove2}: ProcessEngineException: listener failed); the other 2 were`);
    expect(running(engine, APPROVE)).toEqual(APPROVE.map((id) => id === PIS.invoiceApprove2));
  });

  it('--canary deletes the first instance alone, checks it, then the rest', async ({ cli, engine }) => {
    const result = await cli('--yes', 'instance', 'delete', '--key', 'invoice', '--activity', 'approveInvoice', '--canary', '1');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('canary of 1 passed');
    expect(deletes(engine)).toEqual(APPROVE.map((id) => `/engine-rest/process-instance/${id}`));
  });

  it('refuses what cannot go together, sending nothing', async ({ cli, engine }) => {
    const cases: [string[], string][] = [
      [['--key', 'invoice', '--reason', 'x'], "--reason needs --async: the engine's synchronous delete takes no reason"],
      [['--key', 'invoice', '--reason', 'x', '--async', '--canary', '1'], '--reason cannot be combined with --canary'],
      [['--key', 'invoice', '--finished-before', '30d'], '--finished-before needs --finished'],
      [['--finished', '--key', 'invoice', '--activity', 'approve'], '--activity: for running instances, not with --finished'],
      [['--finished', '--key', 'invoice', '--skip-subprocesses'], '--skip-subprocesses: for running instances, not with --finished'],
      [['--finished', '--finished-before', 'soon'], "--finished-before: 'soon' is not a date"],
    ];
    for (const [args, message] of cases) {
      const result = await cli('--yes', 'instance', 'delete', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(deletes(engine)).toEqual([]);
  });
});

describe('instance delete --finished', () => {
  it('deletes the history of finished instances only, by key and end date', async ({ cli, engine, cwd }) => {
    engine.state.endProcessInstance(PIS.invoiceApprove1, 'COMPLETED', { endTime: '2026-01-10T10:00:00.000+0000' });
    engine.state.endProcessInstance(PIS.invoiceApprove2, 'EXTERNALLY_TERMINATED', { endTime: '2026-03-10T10:00:00.000+0000' });
    engine.state.endProcessInstance(PIS.demoV1First, 'COMPLETED', { endTime: '2026-01-10T10:00:00.000+0000' });
    const dry = await cli('instance', 'delete', '--finished', '--key', 'invoice', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain('2 finished process instances selected');
    expect(JSON.parse(dry.stdout)).toHaveLength(2);
    expect(dry.stderr).toContain(
      `dry run: would send 2 requests (DELETE ${engine.url}/history/process-instance/{id}?failIfNotExists=false, one per finished instance) for 2 finished instances; nothing was sent\n`,
    );

    const result = await cli(['--yes', 'instance', 'delete', '--finished', '--key', 'invoice', '--finished-before', '2026-02-01', '--report', 'gone.json'], {
      cwd,
    });
    expect(result.code).toBe(0);
    expect(inHistory(engine, [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.demoV1First])).toEqual([false, true, true]);
    expect(deletes(engine)).toEqual([`/engine-rest/history/process-instance/${PIS.invoiceApprove1}`]);
    const report = JSON.parse(readFileSync(join(cwd, 'gone.json'), 'utf8')) as { operation: string; objects: { id: string; outcome: string }[] };
    expect(report.operation).toBe('delete-finished');
    expect(report.objects).toEqual([expect.objectContaining({ id: PIS.invoiceApprove1, outcome: 'deleted' })]);
  });

  it('chunks with a journal, and a resume of it has nothing left once all are deleted', async ({ cli, engine, cwd }) => {
    for (const id of APPROVE) engine.state.endProcessInstance(id, 'COMPLETED');
    const args = ['--yes', 'instance', 'delete', '--finished', '--instances', APPROVE.join(','), '--chunk-size', '2', '--journal', 'history.jsonl'];
    const result = await cli([...args, '--report', 'history.csv'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('chunk 2/2: deleted 1 finished instance');
    expect(inHistory(engine, APPROVE)).toEqual([false, false, false]);
    const rows = readFileSync(join(cwd, 'history.csv'), 'utf8').trim().split('\n');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2).join(','))).toEqual(APPROVE.map((id) => `${id},deleted`));
  });

  it('never selects an instance that still runs, even by id', async ({ cli, engine }) => {
    engine.state.endProcessInstance(PIS.invoiceApprove1, 'COMPLETED');
    const result = await cli('--yes', 'instance', 'delete', '--finished', '--instances', `${PIS.invoiceApprove1},${PIS.invoiceApprove2}`);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `1 of the ids given is not among the engine's finished process instances (still running, never existed, or not matching the filters): not sent: ${PIS.invoiceApprove2}`,
    );
    expect(deletes(engine)).toEqual([`/engine-rest/history/process-instance/${PIS.invoiceApprove1}`]);
    expect(running(engine, [PIS.invoiceApprove2])).toEqual([true]);
  });
});

describe('instance delete --async', () => {
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });

  it('creates one instance-deletion batch with the reason and with --wait checks every instance', async ({ engine }) => {
    const stepOnPoll = cliFor(engine.url);
    await whileBatchesRun(engine, async () => {
      const result = await stepOnPoll(
        '--yes',
        'instance',
        'delete',
        '--key',
        'invoice',
        '--activity',
        'approveInvoice',
        '--async',
        '--wait',
        '--interval',
        '0.1',
        '--reason',
        'OPS-7: test data',
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('done: 3 of 3 instances deleted');
    });
    const batch = engine.state.batches.find((candidate) => candidate.type === 'instance-deletion');
    expect(batch).toBeDefined();
    expect(engine.state.endedProcessInstances.filter((ended) => APPROVE.includes(ended.id)).map((ended) => ended.deleteReason)).toEqual([
      'OPS-7: test data',
      'OPS-7: test data',
      'OPS-7: test data',
    ]);
  });

  it('--finished --async: one historic-instance-deletion batch', async ({ cli, engine }) => {
    engine.state.endProcessInstance(PIS.demoV1First, 'COMPLETED');
    const result = await cli('--yes', 'instance', 'delete', '--finished', '--instances', PIS.demoV1First, '--async');
    expect(result.code).toBe(0);
    const batchId = result.stdout.trim();
    expect(engine.state.batches.find((batch) => batch.id === batchId)?.type).toBe('historic-instance-deletion');
    engine.advanceBatches(5);
    expect(inHistory(engine, [PIS.demoV1First])).toEqual([false]);
  });
});

describe('--annotation of deletions (Basic auth)', () => {
  test.override({ simulatorOptions: { basicAuth: true, batchJobsPerSecond: 0 } });

  it('annotates the Delete entry of each instance', async ({ engine }) => {
    const demo = cliFor(engine.url);
    const result = await demo(
      '--username',
      'demo',
      '--password',
      'demo',
      '--yes',
      'instance',
      'delete',
      '--instances',
      APPROVE.join(','),
      '--annotation',
      'OPS-7',
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/annotated 3 operations in the user operation log/);
    const entries = (await (
      await fetch(`${engine.url}/history/user-operation?operationType=Delete&maxResults=10`, {
        headers: { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
      })
    ).json()) as { processInstanceId: string; annotation: string | null }[];
    expect(entries.map((entry) => [entry.processInstanceId, entry.annotation]).sort()).toEqual(APPROVE.map((id) => [id, 'OPS-7']));
  });
});
