// `job retry`: the bulk pipeline for failed jobs end to end against the simulator: the selection
// (filters, instance ids), the dry run, one PUT per job, chunks with a journal and --resume, --async
// --wait, the canary watching for jobs that fail again, the report, --annotation.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished, describe, expect } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { it, test, whileBatchesRun } from '../../helpers/fixtures.js';
import { type RecordedRequest, requestObservers, runDueJobs, type Simulator } from '../../simulator/index.js';

/** `count` instances of `order` whose async task `charge` failed for good: their instance ids and job ids, in job id order. */
async function failedOrders(
  engine: Simulator,
  count: number,
): Promise<{ instances: string[]; jobs: string[]; instanceOf: Map<string, string>; charge: { fails?: string } }> {
  const [deployed] = engine.state.deployVersions('order', [
    {
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'charge', type: 'serviceTask', async: true, fails: 'Payment service unavailable', next: 'ship' },
        { id: 'ship', type: 'userTask' },
      ],
      instances: { charge: count },
    },
  ]);
  runDueJobs(engine.state);
  const incidents = engine.state.incidents.filter((incident) => deployed!.instanceIds.includes(incident.processInstanceId));
  const jobs = incidents.map((incident) => incident.configuration!).sort();
  const instanceOf = new Map(incidents.map((incident) => [incident.configuration!, incident.processInstanceId]));
  return { instances: deployed!.instanceIds, jobs, instanceOf, charge: deployed!.definition.activities.find((activity) => activity.id === 'charge')! };
}

/**
 * The CLI against the engine, without the fixture's global `--retries 0` (before the family it would
 * be the requests' retries, and `job retry --retries N` the jobs').
 */
function retry(engine: Simulator, args: readonly string[], options: { cwd?: string } = {}) {
  return runCli(['--url', engine.url, ...args], options);
}

/** The jobs PUT /job/{id}/retries reached, in order. */
function retried(engine: Simulator): string[] {
  return engine.requests.filter((request) => request.method === 'PUT').map((request) => /\/job\/([^/]+)\/retries$/.exec(request.path)?.[1] ?? request.path);
}

const retriesOf = (engine: Simulator, jobs: readonly string[]) =>
  jobs.map((id) => (engine.state.incidents.some((incident) => incident.configuration === id) ? 0 : 'left'));

/** The job executor runs a pass at the first job query after a retry was sent: the retried jobs run at once. */
function executorAfterRetries(engine: Simulator): void {
  let sent = false;
  const observer = (request: RecordedRequest): void => {
    if (request.method === 'PUT') sent = true;
    else if (sent && request.method === 'POST' && /\/job(\?|$)/.test(request.path)) {
      sent = false;
      runDueJobs(engine.state);
    }
  };
  requestObservers.add(observer);
  onTestFinished(() => void requestObservers.delete(observer));
}

describe('job retry', () => {
  it('previews the failed jobs and, with --dry-run, prints the request without sending it', async ({ engine }) => {
    const { jobs } = await failedOrders(engine, 3);
    const result = await retry(engine, ['job', 'retry', '--key', 'order', '--activity', 'charge', '--retries', '2', '--dry-run']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ method: 'PUT', url: `${engine.url}/job/{id}/retries`, body: { retries: 2 } }]);
    // The one request printed stands for one per job: the count is of the requests the run sends.
    expect(result.stderr).toContain(`dry run: would send 3 requests (PUT ${engine.url}/job/{id}/retries, one per job) for 3 jobs; nothing was sent\n`);
    const chunked = await retry(engine, ['job', 'retry', '--key', 'order', '--activity', 'charge', '--chunk-size', '2', '--dry-run']);
    expect(JSON.parse(chunked.stdout)).toHaveLength(2);
    expect(chunked.stderr).toContain(`dry run: would send 3 requests (PUT ${engine.url}/job/{id}/retries, one per job) for 3 jobs; nothing was sent\n`);
    expect(result.stderr).toContain('3 jobs selected');
    expect(result.stderr).toMatch(/order:1\s+charge\s+3/);
    expect(result.stderr).toContain(`first 3: ${jobs.join(', ')}`);
    expect(retried(engine)).toEqual([]);
  });

  it('retries each failed job once, reports it retried, and a second run finds none left (CSV report)', async ({ engine, cwd }) => {
    const { jobs, instanceOf } = await failedOrders(engine, 3);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--key', 'order', '--report', 'out.csv'], { cwd });
    expect(result.code).toBe(0);
    expect(retried(engine).sort()).toEqual(jobs);
    expect(retriesOf(engine, jobs)).toEqual(['left', 'left', 'left']);
    expect(result.stdout).toMatch(/retried\s+3/);
    const rows = readFileSync(join(cwd, 'out.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('jobId,outcome,processInstanceId,definitionId,activityId,retries,message,mode,batchIds,finishedAt');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 3).join(','))).toEqual(jobs.map((job) => `${job},retried,${instanceOf.get(job)}`));
    // Nothing is failed any more: nothing selected, nothing sent, success.
    const again = await retry(engine, ['--yes', 'job', 'retry', '--key', 'order'], { cwd });
    expect(again.code).toBe(0);
    expect(retried(engine)).toHaveLength(3);
  });

  it('selects the failed jobs of the instances given; a job that fails again is failed-again (exit 8)', async ({ engine, cwd }) => {
    const { jobs, instances, instanceOf } = await failedOrders(engine, 3);
    executorAfterRetries(engine);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--instances', instances.slice(0, 2).join(','), '-o', 'json', '--report', 'out.json'], {
      cwd,
    });
    expect(result.code).toBe(8);
    const sent = retried(engine).sort();
    expect(sent).toEqual(jobs.filter((job) => instances.slice(0, 2).includes(instanceOf.get(job)!)));
    expect((JSON.parse(result.stdout) as { outcome: Record<string, number> }).outcome).toMatchObject({ 'failed-again': 2, retried: 0 });
    const report = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as { objects: { outcome: string; message: string }[] };
    expect(report.objects.map((object) => [object.outcome, object.message])).toEqual([
      ['failed-again', 'Payment service unavailable'],
      ['failed-again', 'Payment service unavailable'],
    ]);
    expect(result.stderr).toContain('error: 2 of 2 jobs are not left with retries (failed again, or not retried) after the run');
  });

  it('instances given that have no failed job: exit 2 naming them as process instances, nothing sent', async ({ engine }) => {
    await failedOrders(engine, 1);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--instances', 'no-such-instance']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("1 of the ids given is not among the engine's process instances with jobs");
    expect(result.stderr).toContain('error: none of the 1 process instances given (1 from --instances) has a job the engine has: nothing to retry');
    expect(retried(engine)).toEqual([]);
  });

  it('the summary line of a run whose jobs all failed again says so, and is not "done"', async ({ engine, cwd }) => {
    const { instances } = await failedOrders(engine, 2);
    executorAfterRetries(engine);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--instances', instances.join(',')], { cwd });
    expect(result.code).toBe(8);
    expect(result.stdout).toMatch(/^NOT complete: 0 of 2 jobs retried \(2 failed-again\), /m);
  });

  it('selects by instances and activity together, which the engine cannot query in one (Job.xml joins them without `and`)', async ({ engine }) => {
    const { jobs, instances, instanceOf } = await failedOrders(engine, 3);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--instances', instances.slice(0, 2).join(','), '--activity', 'charge']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('2 jobs selected');
    expect(result.stderr).toMatch(/order:1\s+charge\s+2/);
    expect(retried(engine).sort()).toEqual(jobs.filter((job) => instances.slice(0, 2).includes(instanceOf.get(job)!)));
    const none = await retry(engine, ['--yes', 'job', 'retry', '--instances', instances[2]!, '--activity', 'ship']);
    expect(none.code).toBe(2);
    expect(retried(engine)).toHaveLength(2);
  });

  it("counts each definition's jobs at an activity in the preview, when two definitions have an activity of that id", async ({ engine }) => {
    await failedOrders(engine, 2);
    engine.state.deployVersions('refund', [
      {
        activities: [
          { id: 'start', type: 'startEvent' },
          { id: 'charge', type: 'serviceTask', async: true, fails: 'Payment service unavailable', next: 'ship' },
          { id: 'ship', type: 'userTask' },
        ],
        instances: { charge: 3 },
      },
    ]);
    runDueJobs(engine.state);
    const result = await retry(engine, ['job', 'retry', '--failed', '--activity', 'charge', '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('5 jobs selected');
    expect(result.stderr).toMatch(/order:1\s+charge\s+2\n/);
    expect(result.stderr).toMatch(/refund:1\s+charge\s+3\n/);
  });

  it('takes a --query body with the filters on top, and refuses a field JobQueryDto does not have (exit 2)', async ({ engine, cwd }) => {
    const { jobs, instanceOf } = await failedOrders(engine, 3);
    writeFileSync(join(cwd, 'q.yaml'), `processInstanceIds:\n  - ${instanceOf.get(jobs[0]!)}\n  - ${instanceOf.get(jobs[1]!)}\n`);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--query', 'q.yaml', '--key', 'order'], { cwd });
    expect(result.code).toBe(0);
    expect(retried(engine).sort()).toEqual(jobs.slice(0, 2));
    writeFileSync(join(cwd, 'typo.json'), '{"processDefinitionKy": "order"}');
    const typo = await retry(engine, ['--yes', 'job', 'retry', '--query', 'typo.json'], { cwd });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      "error: typo.json:1:2: processDefinitionKy: unknown property (did you mean 'processDefinitionKey' or 'processDefinitionId'?): JobQueryDto (POST /job) has no such field",
    );
    expect(retried(engine)).toHaveLength(2);
  });

  it('runs a job that no longer fails: its outcome is ended, the instance moves on', async ({ engine }) => {
    const { jobs, instances, charge } = await failedOrders(engine, 2);
    delete charge.fails;
    executorAfterRetries(engine);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--key', 'order', '-o', 'json']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { outcome: Record<string, number> }).outcome).toMatchObject({ ended: 2 });
    expect(instances.map((id) => engine.state.findProcessInstance(id)?.activityIds)).toEqual([['ship'], ['ship']]);
    expect(retried(engine).sort()).toEqual(jobs);
  });

  it('sends chunks with a journal; after a refused chunk, --resume sends only the jobs not retried, each once', async ({ engine, cwd }) => {
    const { jobs } = await failedOrders(engine, 5);
    // Chunk 1 goes through; both requests of chunk 2 are refused by something in front of the engine.
    let refusing = false;
    engine.inject({
      method: 'PUT',
      path: /^\/job\/[^/]+\/retries$/,
      times: 2,
      after: () => {
        if (refusing) return;
        refusing = true;
        engine.inject({ method: 'PUT', path: /^\/job\/[^/]+\/retries$/, times: 2, status: 502 });
      },
    });
    // --retries before the family: the requests' retries, none here, so that the refused requests stay refused.
    const first = await retry(engine, ['--retries', '0', '--yes', 'job', 'retry', '--key', 'order', '--chunk-size', '2', '--journal', 'run.jsonl'], { cwd });
    expect(first.code).toBe(8);
    expect(first.stderr).toContain('chunk 1/3: retried 2 jobs');
    expect(first.stderr).toContain('--resume');
    expect(retriesOf(engine, jobs)).toEqual(['left', 'left', 0, 0, 0]);

    const resumed = await retry(engine, ['--yes', 'job', 'retry', '--resume', '--journal', 'run.jsonl', '--report', 'out.json'], { cwd });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('resuming run.jsonl: 2 of 5 jobs confirmed retried');
    expect(retriesOf(engine, jobs)).toEqual(['left', 'left', 'left', 'left', 'left']);
    // Each job was sent once, apart from the two refused in front of the engine, sent again by the resume.
    expect(retried(engine)).toEqual([...jobs.slice(0, 4), ...jobs.slice(2)]);
    const report = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as { objects: { id: string; outcome: string }[] };
    expect(report.objects.map((object) => object.outcome)).toEqual(['retried', 'retried', 'retried', 'retried', 'retried']);
  });

  it('--canary: a canary job that fails again stops the run; the rest is not sent (exit 8)', async ({ engine }) => {
    const { jobs } = await failedOrders(engine, 4);
    executorAfterRetries(engine);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--key', 'order', '--canary', '1', '--canary-wait', '0']);
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`the canary failed (1 problem: ${jobs[0]}: not left with retries (failed again, or not retried) after the canary)`);
    expect(result.stdout).toMatch(/failed-again\s+1/);
    expect(retried(engine)).toEqual(jobs.slice(0, 1));
  });

  it('--due-date sends the date with each job, and refuses one that is no date (exit 2)', async ({ cli, engine }) => {
    const { jobs } = await failedOrders(engine, 1);
    const result = await retry(engine, ['--yes', 'job', 'retry', '--key', 'order', '--due-date', '2030-01-02T03:04:05Z']);
    expect(result.code).toBe(0);
    expect(JSON.parse(engine.requests.find((request) => request.method === 'PUT')!.body!)).toEqual({ retries: 1, dueDate: '2030-01-02T03:04:05.000+0000' });
    expect(engine.state.jobSettings).toEqual([{ jobId: jobs[0], dueDate: Date.parse('2030-01-02T03:04:05Z') }]);
    const bad = await retry(engine, ['--yes', 'job', 'retry', '--key', 'order', '--due-date', 'tomorrow-ish']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--due-date: 'tomorrow-ish' is no date");
    const cases: [string[], string][] = [
      [['--retries', '0', '--key', 'order'], "--retries: '0' is not a whole number of at least 1"],
      [['--version', '1'], '--version needs --key'],
      [[], 'no jobs selected: give --instances, --instances-file, --query or a filter'],
    ];
    // The fixture's CLI gives the global --retries (the requests') before the family: with the command's after it, refused.
    const twice = await cli('--yes', 'job', 'retry', '--key', 'order', '--retries', '2');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("--retries before 'job' is the requests' retries, after it the retries the jobs get");
    for (const [args, message] of cases) {
      const refused = await retry(engine, ['--yes', 'job', 'retry', ...args]);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toContain(message);
    }
  });
});

describe('job retry --async', () => {
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });

  it('creates one set-job-retries batch and with --wait follows it and checks every job', async ({ engine }) => {
    const { jobs } = await failedOrders(engine, 3);
    await whileBatchesRun(engine, async () => {
      const waited = await retry(engine, ['--yes', 'job', 'retry', '--key', 'order', '--async', '--wait', '--interval', '0.1', '--retries', '3']);
      expect(waited.code).toBe(0);
      expect(waited.stdout).toContain('done: 3 of 3 jobs retried');
    });
    const batch = engine.state.batches.at(-1)!;
    expect(batch.type).toBe('set-job-retries');
    expect(JSON.parse(engine.requests.find((request) => request.path.endsWith('/job/retries'))!.body!)).toEqual({ jobIds: jobs, retries: 3 });
    expect(retriesOf(engine, jobs)).toEqual(['left', 'left', 'left']);
  });
});

describe('job retry --annotation (Basic auth)', () => {
  test.override({ simulatorOptions: { basicAuth: true } });

  it('finds the entries to annotate in pages within the engine query limit', async ({ engine, cwd }) => {
    await failedOrders(engine, 2);
    // The tool looks for 50 entries at least; an engine hardened with queryMaxResultsLimit refuses more than its limit.
    engine.state.queryMaxResultsLimit = 20;
    const result = await retry(engine, ['--username', 'demo', '--password', 'demo', '--yes', 'job', 'retry', '--key', 'order', '--annotation', 'INC-4712'], {
      cwd,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('the annotation was not set');
    expect(result.stderr).toMatch(/annotated 2 operations in the user operation log/);
  });

  it('annotates the SetJobRetries entry of each job', async ({ engine, cwd }) => {
    await failedOrders(engine, 2);
    const result = await retry(engine, ['--username', 'demo', '--password', 'demo', '--yes', 'job', 'retry', '--key', 'order', '--annotation', 'INC-4711'], {
      cwd,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/annotated 2 operations in the user operation log/);
    const entries = (await (
      await fetch(`${engine.url}/history/user-operation?operationType=SetJobRetries&property=retries`, {
        headers: { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` },
      })
    ).json()) as { annotation: string | null; newValue: string }[];
    expect(entries.map((entry) => [entry.newValue, entry.annotation])).toEqual([
      ['1', 'INC-4711'],
      ['1', 'INC-4711'],
    ]);
  });
});
