// `external-task retry`: external tasks whose workers gave up, retried through the bulk pipeline: the
// dry run, one transaction per chunk (sent again without a task that completed meanwhile), chunks with
// --resume, --async --wait, the canary, the report.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, onTestFinished } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { it, test, whileBatchesRun } from '../../helpers/fixtures.js';
import { type RecordedRequest, requestObservers, runExternalTaskWorkers, type Simulator } from '../../simulator/index.js';

/** `count` instances at the external task `notify`, whose workers gave up on each: the tasks' ids in id order. */
function failedTasks(engine: Simulator, count: number): { tasks: string[]; notify: { fails?: string } } {
  const [deployed] = engine.state.deployVersions('mailing', [
    {
      activities: [
        { id: 'start', type: 'startEvent' },
        { id: 'notify', type: 'externalTask', fails: 'SMTP down', next: 'done' },
        { id: 'done', type: 'userTask' },
      ],
      instances: { notify: count },
    },
  ]);
  runExternalTaskWorkers(engine.state);
  const tasks = engine.state.externalTasks.filter((task) => deployed!.instanceIds.includes(task.processInstanceId)).map((task) => task.id);
  return { tasks: tasks.sort(), notify: deployed!.definition.activities.find((activity) => activity.id === 'notify')! };
}

/** The CLI without the fixture's global --retries (the command has its own). */
function retry(engine: Simulator, args: readonly string[], options: { cwd?: string } = {}) {
  return runCli(['--url', engine.url, ...args], options);
}

/** The bodies of PUT /external-task/retries, in order. */
function sent(engine: Simulator): { externalTaskIds: string[]; retries: number }[] {
  return engine.requests
    .filter((request) => request.method === 'PUT' && request.path.endsWith('/external-task/retries'))
    .map((request) => JSON.parse(request.body) as { externalTaskIds: string[]; retries: number });
}

const retriesOf = (engine: Simulator, tasks: readonly string[]) => tasks.map((id) => engine.state.externalTasks.find((task) => task.id === id)?.retries);

describe('external-task retry', () => {
  it('previews the tasks and, with --dry-run, prints the one request', async ({ engine }) => {
    const { tasks } = failedTasks(engine, 3);
    const result = await retry(engine, ['external-task', 'retry', '--key', 'mailing', '--retries', '3', '--dry-run']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ method: 'PUT', url: `${engine.url}/external-task/retries`, body: { externalTaskIds: tasks, retries: 3 } }]);
    expect(result.stderr).toContain('3 external tasks selected');
    expect(sent(engine)).toEqual([]);
  });

  it('retries in one request, passing over a task that completed meanwhile, and reports each (JSON)', async ({ engine, cwd }) => {
    const { tasks } = failedTasks(engine, 3);
    // The first task completes between the selection and the request: the engine refuses the request (404) once.
    const observer = (request: RecordedRequest): void => {
      if (request.method !== 'PUT') return;
      requestObservers.delete(observer);
      const instance = engine.state.externalTasks.find((task) => task.id === tasks[0])!.processInstanceId;
      engine.state.endProcessInstance(instance);
    };
    requestObservers.add(observer);
    onTestFinished(() => void requestObservers.delete(observer));
    const result = await retry(engine, ['--yes', 'external-task', 'retry', '--key', 'mailing', '--report', 'out.json'], { cwd });
    expect(result.code).toBe(0);
    expect(sent(engine)).toEqual([
      { externalTaskIds: tasks, retries: 1 },
      { externalTaskIds: tasks.slice(1), retries: 1 },
    ]);
    const report = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as { objects: { id: string; outcome: string; activityId: string | null }[] };
    expect(report.objects.map((object) => [object.id, object.outcome])).toEqual([
      [tasks[0], 'ended'],
      [tasks[1], 'retried'],
      [tasks[2], 'retried'],
    ]);
  });

  it('chunks with a journal; a refused chunk stops the run, --resume sends the rest once', async ({ engine, cwd }) => {
    const { tasks } = failedTasks(engine, 5);
    engine.inject({
      method: 'PUT',
      path: /^\/external-task\/retries$/,
      times: 1,
      after: () =>
        engine.inject({
          method: 'PUT',
          path: /^\/external-task\/retries$/,
          times: 1,
          status: 403,
          body: '{"type":"AuthorizationException","message":"denied","code":0}',
          contentType: 'application/json',
        }),
    });
    const first = await retry(engine, ['--yes', 'external-task', 'retry', '--key', 'mailing', '--chunk-size', '2', '--journal', 'run.jsonl'], { cwd });
    expect(first.code).toBe(8);
    expect(first.stderr).toContain('chunk 1/3: retried 2 external tasks');
    expect(retriesOf(engine, tasks)).toEqual([1, 1, 0, 0, 0]);
    const resumed = await retry(engine, ['--yes', 'external-task', 'retry', '--resume', '--journal', 'run.jsonl'], { cwd });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('resuming run.jsonl: 2 of 5 external tasks confirmed retried');
    expect(retriesOf(engine, tasks)).toEqual([1, 1, 1, 1, 1]);
    expect(sent(engine).map((body) => body.externalTaskIds)).toEqual([tasks.slice(0, 2), tasks.slice(2, 4), tasks.slice(2, 4), tasks.slice(4)]);
  });

  it('--canary: a canary task that fails again stops the run (exit 8); once the cause is gone the rest goes', async ({ engine }) => {
    const { tasks, notify } = failedTasks(engine, 3);
    // A worker fetches what has retries whenever the tasks are asked for after a retry.
    let retried = false;
    const worker = (request: RecordedRequest): void => {
      if (request.method === 'PUT') retried = true;
      else if (retried && request.method === 'POST' && /\/external-task(\?|$)/.test(request.path)) {
        retried = false;
        runExternalTaskWorkers(engine.state);
      }
    };
    requestObservers.add(worker);
    onTestFinished(() => void requestObservers.delete(worker));
    const failed = await retry(engine, ['--yes', 'external-task', 'retry', '--key', 'mailing', '--canary', '1', '--canary-wait', '0']);
    expect(failed.code).toBe(8);
    expect(failed.stderr).toContain(`the canary failed (1 problem: ${tasks[0]}: not left with retries`);
    expect(sent(engine)).toEqual([{ externalTaskIds: tasks.slice(0, 1), retries: 1 }]);

    delete notify.fails;
    const passed = await retry(engine, ['--yes', 'external-task', 'retry', '--key', 'mailing', '--canary', '1', '--canary-wait', '0', '-o', 'json']);
    expect(passed.code).toBe(0);
    expect((JSON.parse(passed.stdout) as { outcome: Record<string, number> }).outcome).toMatchObject({ ended: 3 });
  });
});

describe('external-task retry --async', () => {
  test.override({ simulatorOptions: { batchJobsPerSecond: 0 } });

  it('creates one set-external-task-retries batch and with --wait checks every task', async ({ engine }) => {
    const { tasks } = failedTasks(engine, 3);
    await whileBatchesRun(engine, async () => {
      const waited = await retry(engine, ['--yes', 'external-task', 'retry', '--key', 'mailing', '--retries', '2', '--async', '--wait', '--interval', '0.1']);
      expect(waited.code).toBe(0);
      expect(waited.stdout).toContain('done: 3 of 3 external tasks retried');
    });
    expect(engine.state.batches.at(-1)?.type).toBe('set-external-task-retries');
    expect(retriesOf(engine, tasks)).toEqual([2, 2, 2]);
  });
});
