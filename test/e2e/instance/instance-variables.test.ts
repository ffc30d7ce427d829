// `instance variables set` end to end against the simulator: the variables file checked first (file,
// line, column), the dry run, one request per instance, the outcome read back from the engine (a value
// set otherwise is not set), chunks with --resume, a batch with --wait, the canary, the report.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { cliFor, it, test, whileBatchesRun } from '../../helpers/fixtures.js';
import { SEEDED_PROCESS_INSTANCE_IDS as PIS, type Simulator } from '../../simulator/index.js';

const APPROVE = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3].sort();
const VARIABLES = 'amount: { value: 42, type: Integer }\napprovedBy: { value: ops }\n';

const held = (engine: Simulator, id: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(engine.state.findProcessInstance(id)?.variables ?? {}).map(([name, variable]) => [name, variable.value]));
const posts = (engine: Simulator): string[] =>
  engine.requests.filter((request) => request.method === 'POST' && /\/variables(-async)?$/.test(request.path)).map((request) => request.path);

describe('instance variables set', () => {
  it('checks the variables file before anything is asked of the engine (exit 2, file:line:column)', async ({ cli, engine, cwd }) => {
    writeFileSync(join(cwd, 'bad.yaml'), 'amount: { value: abc, type: Integer }\n');
    const result = await cli(['--yes', 'instance', 'variables', 'set', '--key', 'invoice', '--variables', 'bad.yaml'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('bad.yaml:1:18: amount.value: an Integer value must be a whole number');
    expect(engine.requests).toEqual([]);
  });

  it('--dry-run prints one POST per instance with the typed values', async ({ cli, engine, cwd }) => {
    writeFileSync(join(cwd, 'vars.yaml'), VARIABLES);
    const result = await cli(['instance', 'variables', 'set', '--key', 'invoice', '--activity', 'approveInvoice', '--variables', 'vars.yaml', '--dry-run'], {
      cwd,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(
      APPROVE.map((id) => ({
        method: 'POST',
        url: `${engine.url}/process-instance/${id}/variables`,
        body: { modifications: { amount: { value: 42, type: 'Integer' }, approvedBy: { value: 'ops' } } },
      })),
    );
    expect(posts(engine)).toEqual([]);
  });

  it('sets them on each instance, reads them back, and reports each', async ({ cli, engine, cwd }) => {
    writeFileSync(join(cwd, 'vars.yaml'), VARIABLES);
    const result = await cli(
      ['--yes', 'instance', 'variables', 'set', '--key', 'invoice', '--activity', 'approveInvoice', '--variables', 'vars.yaml', '--report', 'out.csv'],
      { cwd },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('done: 3 of 3 instances updated');
    for (const id of APPROVE) expect(held(engine, id)).toEqual({ amount: 42, approvedBy: 'ops' });
    const rows = readFileSync(join(cwd, 'out.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('processInstanceId,outcome,definitionId,notSet,mode,batchIds,finishedAt');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2).join(','))).toEqual(APPROVE.map((id) => `${id},variables-set`));
  });

  it('an instance that ended meanwhile is reported ended; a refused one is named (exit 8)', async ({ cli, engine, cwd }) => {
    writeFileSync(join(cwd, 'vars.yaml'), VARIABLES);
    engine.inject({
      method: 'POST',
      path: new RegExp(`^/process-instance/${PIS.invoiceApprove3}/variables$`),
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'AuthorizationException', message: 'not allowed', code: 0, userId: 'x', missingAuthorizations: [] }),
    });
    const result = await cli(['--yes', 'instance', 'variables', 'set', '--instances', APPROVE.join(','), '--variables', 'vars.yaml', '--report', 'r.json'], {
      cwd,
    });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`1 of 3 instances were not updated (${PIS.invoiceApprove3}: AuthorizationException: not allowed)`);
    const report = JSON.parse(readFileSync(join(cwd, 'r.json'), 'utf8')) as { objects: { id: string; outcome: string; notSet: string | null }[] };
    expect(report.objects.find((object) => object.id === PIS.invoiceApprove3)).toMatchObject({ outcome: 'not-set', notSet: 'amount,approvedBy' });
  });

  it('asks naming the count; chunks with a journal, and --resume after a stop sends only the rest', async ({ cli, engine, cwd }) => {
    writeFileSync(join(cwd, 'vars.yaml'), VARIABLES);
    const refused = await cli(['instance', 'variables', 'set', '--key', 'invoice', '--activity', 'approveInvoice', '--variables', 'vars.yaml'], { cwd });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error: set variables on 3 process instances: confirmation needed');
    expect(posts(engine)).toEqual([]);

    const ids = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3, PIS.invoicePrepare1].sort();
    // The third request is refused by something in front of the engine: the run stops after chunk 1.
    engine.inject({
      method: 'POST',
      path: /\/variables$/,
      times: 2,
      after: () => engine.inject({ method: 'POST', path: /\/variables$/, times: 1, status: 503 }),
    });
    const args = ['--yes', 'instance', 'variables', 'set', '--variables', 'vars.yaml'];
    const first = await cli([...args, '--instances', ids.join(','), '--chunk-size', '2', '--journal', 'vars.jsonl'], { cwd });
    expect(first.code).toBe(8);
    expect(first.stderr).toContain('chunk 1/2: updated 2 instances');
    expect(ids.map((id) => held(engine, id).amount ?? null)).toEqual([42, 42, null, null]);

    const resumed = await cli([...args, '--resume', '--journal', 'vars.jsonl'], { cwd });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('resuming vars.jsonl: 2 of 4 instances confirmed updated');
    for (const id of ids) expect(held(engine, id)).toEqual({ amount: 42, approvedBy: 'ops' });
    // The instances of the first chunk were not sent again.
    expect(posts(engine).filter((path) => path.includes(ids[0]!))).toHaveLength(1);
  });

  it('refuses to resume a journal with other variables, sending nothing', async ({ cli, engine, cwd }) => {
    writeFileSync(join(cwd, 'vars.yaml'), VARIABLES);
    writeFileSync(join(cwd, 'other.yaml'), 'amount: { value: 43, type: Integer }\n');
    engine.inject({ method: 'POST', path: /\/variables$/, times: 1, status: 503 });
    const first = await cli(['--yes', 'instance', 'variables', 'set', '--variables', 'vars.yaml', '--instances', APPROVE.join(','), '--chunk-size', '2'], {
      cwd,
    });
    expect(first.code).toBe(8);
    const sent = posts(engine).length;
    const other = await cli(['--yes', 'instance', 'variables', 'set', '--variables', 'other.yaml', '--resume'], { cwd });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('journal instance-variables-set.journal.jsonl was written for other parameters of set-variables');
    expect(posts(engine)).toHaveLength(sent);
  });

  it('--canary sets them on the first instance alone, checks it, then the rest', async ({ cli, engine, cwd }) => {
    writeFileSync(join(cwd, 'vars.yaml'), VARIABLES);
    const result = await cli(
      ['--yes', 'instance', 'variables', 'set', '--key', 'invoice', '--activity', 'approveInvoice', '--variables', 'vars.yaml', '--canary', '1'],
      {
        cwd,
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('checking whether it is holding every variable as asked');
    expect(result.stdout).toContain('canary of 1 passed');
    expect(posts(engine)[0]).toContain(APPROVE[0]);
  });

  it('reads the variables from standard input', async ({ cli, engine }) => {
    const result = await cli(['--yes', 'instance', 'variables', 'set', '--instances', PIS.invoiceApprove1, '--variables', '-'], {
      stdin: '{"flag": {"value": true}}',
    });
    expect(result.code).toBe(0);
    expect(held(engine, PIS.invoiceApprove1)).toEqual({ flag: true });
  });
});

describe('instance variables set --async', () => {
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });

  it('creates one set-variables batch and with --wait checks every instance', async ({ engine, cwd }) => {
    writeFileSync(join(cwd, 'vars.yaml'), VARIABLES);
    const stepOnPoll = cliFor(engine.url);
    await whileBatchesRun(engine, async () => {
      const result = await stepOnPoll(
        [
          '--yes',
          'instance',
          'variables',
          'set',
          '--key',
          'invoice',
          '--activity',
          'approveInvoice',
          '--variables',
          'vars.yaml',
          '--async',
          '--wait',
          '--interval',
          '0.1',
        ],
        { cwd },
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('done: 3 of 3 instances updated');
    });
    expect(engine.state.batches.map((batch) => batch.type)).toEqual(['set-variables']);
    for (const id of APPROVE) expect(held(engine, id)).toEqual({ amount: 42, approvedBy: 'ops' });
  });
});
