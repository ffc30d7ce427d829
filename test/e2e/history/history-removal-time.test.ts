// `history removal-time set` end to end against the simulator: finished instances ended without a
// time-to-live (no removal time), the refusal of --calculated until their definition has one, then
// the calculated, absolute and cleared removal times as batches followed to their end (one for the
// selection, one per chunk, or --async), hierarchical or not, each instance read back, the report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { cliFor, it, test, whileBatchesRun } from '../../helpers/fixtures.js';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFS, SEEDED_PROCESS_INSTANCE_IDS as PIS, type Simulator } from '../../simulator/index.js';

const APPROVE = [PIS.invoiceApprove1, PIS.invoiceApprove2, PIS.invoiceApprove3].sort();
const END = '2026-01-10T10:00:00.000+0000';

/** The invoice instances at approveInvoice ended while invoice:1 had no time-to-live, which it has now (`ttl`). */
function endedWithoutTtl(engine: Simulator, ttl: number | null): void {
  const definition = engine.state.findProcessDefinition(DEFS.invoiceV1)!;
  definition.historyTimeToLive = null;
  for (const id of APPROVE) engine.state.endProcessInstance(id, 'COMPLETED', { endTime: END });
  definition.historyTimeToLive = ttl;
}

const removalTimes = (engine: Simulator, ids: readonly string[]): (string | null)[] =>
  ids.map((id) => engine.state.endedProcessInstances.find((ended) => ended.id === id)?.removalTime ?? null);
const batchesOf = (engine: Simulator) => engine.state.batches.filter((batch) => batch.type === 'process-set-removal-time');
const bodiesSent = (engine: Simulator) =>
  engine.requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/set-removal-time'))
    .map((request) => JSON.parse(request.body) as Record<string, unknown>);

describe('history removal-time set', () => {
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });

  it('refuses --calculated while the definition has no time-to-live, naming the command that gives it one', async ({ engine }) => {
    endedWithoutTtl(engine, null);
    const result = await cliFor(engine.url)('--yes', 'history', 'removal-time', 'set', '--key', 'invoice', '--calculated');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('3 finished process instances selected');
    expect(result.stderr).toContain('--calculated: the definition of the selection has no time-to-live (invoice:1)');
    expect(result.stderr).toContain('camunda-admin history ttl set invoice --days N');
    expect(bodiesSent(engine)).toEqual([]);
    expect(removalTimes(engine, APPROVE)).toEqual([null, null, null]);
  });

  it('--calculated: one batch followed to its end, each instance at its end plus the time-to-live; a second run sends nothing', async ({ engine, cwd }) => {
    endedWithoutTtl(engine, 10);
    const cli = cliFor(engine.url);
    const dry = await cli('history', 'removal-time', 'set', '--key', 'invoice', '--calculated', '--dry-run');
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual([
      {
        method: 'POST',
        url: `${engine.url}/history/process-instance/set-removal-time`,
        body: { historicProcessInstanceIds: APPROVE, calculatedRemovalTime: true, hierarchical: true },
      },
    ]);
    expect(bodiesSent(engine)).toEqual([]);

    const result = await whileBatchesRun(engine, () =>
      cli(['--yes', 'history', 'removal-time', 'set', '--key', 'invoice', '--calculated', '--interval', '0.1', '--report', 'set.json'], { cwd }),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/batch \S+ created: 3 finished instances/);
    expect(result.stdout).toContain('done: 3 of 3 finished instances set');
    expect(batchesOf(engine)).toHaveLength(1);
    expect(removalTimes(engine, APPROVE)).toEqual(APPROVE.map(() => '2026-01-20T10:00:00.000+0000'));
    const report = JSON.parse(readFileSync(join(cwd, 'set.json'), 'utf8')) as {
      operation: string;
      objects: { id: string; outcome: string; removalTime: string }[];
    };
    expect(report.operation).toBe('set-removal-time');
    expect(report.objects.map((object) => [object.id, object.outcome, object.removalTime])).toEqual(
      APPROVE.map((id) => [id, 'set', '2026-01-20T10:00:00.000+0000']),
    );

    const again = await cli('--yes', 'history', 'removal-time', 'set', '--key', 'invoice', '--calculated');
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('3 selected finished process instances are set as asked already');
    expect(batchesOf(engine)).toHaveLength(1);
    // The outcome counts them as the line above says: found so, not sent by this run.
    expect(again.stdout).toMatch(/^set\t0$/m);
    expect(again.stdout).toMatch(/^already-set\t3$/m);
    expect(again.stdout).toMatch(/^done: 0 of 3 finished instances set \(3 already-set\), /m);
    const json = await cli('--yes', 'history', 'removal-time', 'set', '--key', 'invoice', '--calculated', '-o', 'json');
    expect(JSON.parse(json.stdout)).toMatchObject({ selected: 3, outcome: { set: 0, 'already-set': 3 } });
  });

  it('counts the instances found set as asked among the selected, beside those this run sets', async ({ engine }) => {
    endedWithoutTtl(engine, null);
    const cli = cliFor(engine.url);
    const first = await whileBatchesRun(engine, () =>
      cli('--yes', 'history', 'removal-time', 'set', '--instances', APPROVE[0]!, '--absolute', '2027-01-31', '--interval', '0.1'),
    );
    expect(first.stdout).toMatch(/^done: 1 of 1 finished instances set, /m);
    const rest = await whileBatchesRun(engine, () =>
      cli('--yes', 'history', 'removal-time', 'set', '--key', 'invoice', '--absolute', '2027-01-31', '--interval', '0.1'),
    );
    expect(rest.code).toBe(0);
    expect(rest.stderr).toContain('1 selected finished process instance is set as asked already: not sent');
    expect(bodiesSent(engine).map((body) => body.historicProcessInstanceIds)).toEqual([[APPROVE[0]], APPROVE.slice(1)]);
    expect(rest.stdout).toMatch(/^set\t2$/m);
    expect(rest.stdout).toMatch(/^already-set\t1$/m);
    expect(rest.stdout).toMatch(/^done: 2 of 3 finished instances set \(1 already-set\), /m);
  });

  it('a selection of nothing prints no table of zeros; -o json keeps the summary', async ({ engine }) => {
    const cli = cliFor(engine.url);
    const none = await cli('--yes', 'history', 'removal-time', 'set', '--key', 'invoice', '--finished-after', '2099-01-01', '--absolute', 'now');
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('nothing to set the removal time of: no finished process instances match');
    const json = await cli('--yes', 'history', 'removal-time', 'set', '--key', 'invoice', '--finished-after', '2099-01-01', '--absolute', 'now', '-o', 'json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ operation: 'set-removal-time', selected: 0, outcome: { set: 0, 'already-set': 0 } });
    expect(bodiesSent(engine)).toEqual([]);
  });

  it('an id of a running instance is left out as still running; --help speaks of finished instances only', async ({ engine }) => {
    const cli = cliFor(engine.url);
    const running = engine.state.processInstances.find((instance) => !APPROVE.includes(instance.id))!.id;
    const result = await cli('--yes', 'history', 'removal-time', 'set', '--instances', running, '--absolute', 'now');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `warning: 1 of the ids given is not among the engine's finished process instances (still running, never existed, or not matching the filters): not sent: ${running}\n`,
    );
    const help = await cli('history', 'removal-time', 'set', '--help');
    expect(help.stdout).toContain('finished process instance ids, comma-separated');
    expect(help.stdout).not.toContain('jobs and external tasks');
  });

  it('--absolute in chunks: one batch per chunk, each followed before the next, journalled; the CSV report', async ({ engine, cwd }) => {
    endedWithoutTtl(engine, null);
    const result = await whileBatchesRun(engine, () =>
      cliFor(engine.url)(
        [
          '--yes',
          'history',
          'removal-time',
          'set',
          '--instances',
          APPROVE.join(','),
          '--absolute',
          '2027-01-31',
          '--chunk-size',
          '2',
          '--journal',
          'rt.jsonl',
          '--report',
          'rt.csv',
        ],
        { cwd },
      ),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('chunk 1/2: set 2 finished instances');
    expect(result.stderr).toContain('chunk 2/2: set 1 finished instance');
    expect(batchesOf(engine)).toHaveLength(2);
    expect(bodiesSent(engine).map((body) => body.historicProcessInstanceIds)).toEqual([APPROVE.slice(0, 2), APPROVE.slice(2)]);
    expect(removalTimes(engine, APPROVE)).toEqual(APPROVE.map(() => '2027-01-31T00:00:00.000+0000'));
    const rows = readFileSync(join(cwd, 'rt.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('processInstanceId,outcome,definitionId,endTime,removalTime,mode,batchIds,finishedAt');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2).join(','))).toEqual(APPROVE.map((id) => `${id},set`));
  });

  it('hierarchical by default: the root removal time on the whole call hierarchy; --no-hierarchical the instance alone', async ({ engine }) => {
    engine.state.endProcessInstance(PIS.archiveChild, 'COMPLETED', { endTime: END });
    engine.state.endProcessInstance(PIS.approvalArchive, 'COMPLETED', { endTime: END });
    const cli = cliFor(engine.url);
    const alone = await whileBatchesRun(engine, () =>
      cli(
        '--yes',
        'history',
        'removal-time',
        'set',
        '--instances',
        PIS.archiveChild,
        '--absolute',
        '2027-02-01T00:00:00Z',
        '--no-hierarchical',
        '--interval',
        '0.1',
      ),
    );
    expect(alone.code).toBe(0);
    expect(bodiesSent(engine).at(-1)).toMatchObject({ hierarchical: false });
    expect(removalTimes(engine, [PIS.archiveChild, PIS.approvalArchive])).toEqual(['2027-02-01T00:00:00.000+0000', expect.not.stringMatching(/^2027-02-01/)]);

    const whole = await whileBatchesRun(engine, () =>
      cli('--yes', 'history', 'removal-time', 'set', '--instances', PIS.archiveChild, '--absolute', '2027-03-01T00:00:00Z', '--interval', '0.1'),
    );
    expect(whole.code).toBe(0);
    expect(removalTimes(engine, [PIS.archiveChild, PIS.approvalArchive])).toEqual(['2027-03-01T00:00:00.000+0000', '2027-03-01T00:00:00.000+0000']);
  });

  it('--clear --async: one batch, its id printed; the run ends when it is created', async ({ engine }) => {
    endedWithoutTtl(engine, 10);
    for (const id of APPROVE) engine.state.endedProcessInstances.find((ended) => ended.id === id)!.removalTime = '2026-02-01T00:00:00.000+0000';
    const result = await cliFor(engine.url)('--yes', 'history', 'removal-time', 'set', '--key', 'invoice', '--clear', '--async');
    expect(result.code).toBe(0);
    const batchId = result.stdout.trim();
    expect(batchesOf(engine).map((batch) => batch.id)).toEqual([batchId]);
    engine.advanceBatches(10);
    expect(removalTimes(engine, APPROVE)).toEqual([null, null, null]);
  });

  it('refuses what it cannot do before sending anything', async ({ engine }) => {
    const cli = cliFor(engine.url);
    for (const [args, message] of [
      [['--key', 'invoice'], 'give the removal time: --absolute DATE, --calculated (from the time-to-live) or --clear'],
      [['--key', 'invoice', '--clear', '--calculated'], '--calculated, --clear: give one removal time, not 2'],
      [['--key', 'invoice', '--absolute', '30d'], "--absolute: '30d' is an age"],
      [['--key', 'invoice', '--absolute', 'soon'], "--absolute: 'soon' is not a date"],
      [['--key', 'invoice', '--clear', '--update-chunk-size', '100'], '--update-chunk-size needs --update-in-chunks'],
      [['--key', 'invoice', '--clear', '--update-in-chunks', '--update-chunk-size', '501'], "--update-chunk-size: '501' is more than 500"],
      [['--version', '1', '--clear'], '--version needs --key'],
      [['--clear'], 'no finished process instances selected'],
    ] as const) {
      const result = await cli('--yes', 'history', 'removal-time', 'set', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(bodiesSent(engine)).toEqual([]);
  });
});

describe('history removal-time set: the batch permission (Basic auth)', () => {
  test.override({ simulatorOptions: { basicAuth: true, batchJobsPerSecond: 0 } });

  it('is checked before the first batch, in chunks too; nothing is sent without it', async ({ engine }) => {
    // john reads refengine-demo (and its history), and has no right on Batch.
    engine.state.endProcessInstance(PIS.demoV1First, 'COMPLETED', { endTime: END });
    const john = cliFor(engine.url);
    for (const run of [[], ['--chunk-size', '2']]) {
      const args = ['history', 'removal-time', 'set', '--key', 'refengine-demo', '--absolute', '2027-01-31', ...run];
      const result = await john('--username', 'john', '--password', 'john', '--yes', ...args);
      expect(result.code, `${run.join(' ')}: ${result.stderr}`).toBe(4);
      expect(result.stderr).toContain('the user may not create the batch: it needs CREATE or CREATE_BATCH_SET_REMOVAL_TIME on Batch; nothing was sent');
    }
    expect(bodiesSent(engine)).toEqual([]);
  });
});
