// history cleanup status and run against the simulator: the window and jobs in words, a run now that
// deletes what is due, the 403 of a user who is no admin, a disabled node, --wait.
import { describe, expect } from 'vitest';
import { configureHistoryCleanup, historyCleanupOf, type Simulator } from '../../simulator/index.js';
import { get } from '../../simulator/client.js';
import { test } from '../../helpers/fixtures.js';

const it = test;

const activities = [
  { id: 'start', type: 'startEvent' as const },
  { id: 'task', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];

/** cleanTtl (TTL 0): two finished instances due at once; cleanNoTtl: one that is never due. */
function arrange(engine: Simulator): void {
  for (const [key, ttl, count] of [
    ['cleanTtl', 0, 2],
    ['cleanNoTtl', null, 1],
  ] as const) {
    const [version] = engine.state.deployVersions(key, [{ activities, instances: { task: count } }]);
    if (version === undefined) throw new Error('no version');
    version.definition.historyTimeToLive = ttl;
    for (const id of version.instanceIds) engine.state.endProcessInstance(id);
  }
}

const finished = async (engine: Simulator, key: string): Promise<number> =>
  ((await get(engine, `/history/process-instance/count?processDefinitionKey=${key}&finished=true`)).body as { count: number }).count;

describe('history cleanup status', () => {
  it('says that without a window the clean-up never runs on its own, and exits 10 with --detailed-exitcode', async ({ cli }) => {
    const result = await cli('history', 'cleanup', 'status');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('no window: history clean-up never runs on its own');
    expect(result.stdout).toContain('camunda-admin history cleanup run');
    expect((await cli('history', 'cleanup', 'status', '--detailed-exitcode')).code).toBe(10);
    const json = JSON.parse((await cli('history', 'cleanup', 'status', '-o', 'json')).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({
      configuration: { batchWindowStartTime: null, batchWindowEndTime: null, enabled: true },
      jobs: [],
      problems: [{ kind: 'no-window', jobId: null }],
    });
  });

  it('finds nothing wrong with a window and a scheduled job', async ({ engine, cli }) => {
    configureHistoryCleanup(engine.state, { batchWindow: { start: '00:00', end: '23:59' }, executor: 'manual' });
    const withoutJob = await cli('history', 'cleanup', 'status', '--detailed-exitcode', '-o', 'json');
    expect(withoutJob.code).toBe(10);
    expect((JSON.parse(withoutJob.stdout) as { problems: { kind: string }[] }).problems.map((problem) => problem.kind)).toEqual(['no-job']);
    await cli('history', 'cleanup', 'run', '--yes');
    const result = await cli('history', 'cleanup', 'status', '--detailed-exitcode');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('nothing keeps the history clean-up from running');
  });

  it('names a job without retries as dead, with its error and the way out', async ({ engine, cli }) => {
    configureHistoryCleanup(engine.state, { failure: 'Deadlock on ACT_HI_PROCINST' });
    expect((await cli('history', 'cleanup', 'run', '--yes')).code).toBe(0);
    const result = await cli('history', 'cleanup', 'status', '-o', 'json');
    const status = JSON.parse(result.stdout) as { jobs: { retries: number }[]; problems: { kind: string; message: string; fix: string }[] };
    expect(status.jobs[0]?.retries).toBe(0);
    const dead = status.problems.find((problem) => problem.kind === 'dead-job');
    expect(dead?.message).toContain('no retries left (last error: Deadlock on ACT_HI_PROCINST): dead until retried');
    expect(dead?.fix).toContain('camunda-admin history cleanup run');
  });
});

describe('history cleanup run', () => {
  it('starts the clean-up now, which deletes the finished instances whose removal time has passed', async ({ engine, cli }) => {
    arrange(engine);
    const result = await cli('history', 'cleanup', 'run', '--yes');
    expect(result.code).toBe(0);
    const jobId = historyCleanupOf(engine.state).jobs[0]?.id;
    expect(result.stdout).toBe(`${jobId}\n`);
    expect(result.stderr).toContain('is due now');
    expect(await finished(engine, 'cleanTtl')).toBe(0);
    expect(await finished(engine, 'cleanNoTtl')).toBe(1);
  });

  it('asks first: off a terminal without --yes nothing is sent', async ({ engine, cli }) => {
    const result = await cli('history', 'cleanup', 'run');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('pass --yes');
    expect(engine.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('waits with --wait until the job ran, and fails when the job failed', async ({ engine, cli }) => {
    arrange(engine);
    const ran = await cli('history', 'cleanup', 'run', '--yes', '--wait', '--interval', '0.01s', '-o', 'json');
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ waited: { outcome: 'ran', jobs: [{ suspended: true }] } });
    expect(await finished(engine, 'cleanTtl')).toBe(0);
    configureHistoryCleanup(engine.state, { failure: 'Deadlock on ACT_HI_PROCINST' });
    const failed = await cli('history', 'cleanup', 'run', '--yes', '--wait', '--interval', '0.01s');
    expect(failed.code).toBe(6);
    expect(failed.stderr).toContain('failed: Deadlock on ACT_HI_PROCINST');
  });

  it('refuses --wait-timeout without --wait', async ({ cli }) => {
    expect((await cli('history', 'cleanup', 'run', '--yes', '--wait-timeout', '5s')).code).toBe(2);
  });

  it('says that clean-up is disabled on this node', async ({ engine, cli }) => {
    configureHistoryCleanup(engine.state, { enabled: false });
    const result = await cli('history', 'cleanup', 'run', '--yes');
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('History cleanup is disabled for this engine');
  });
});

describe('history cleanup run, as a user', () => {
  it.override({ simulatorOptions: { basicAuth: true } });

  it('says that only an admin may start it (403), and runs it for one', async ({ cli }) => {
    const refused = await cli('--username', 'john', '--password', 'john', 'history', 'cleanup', 'run', '--yes');
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('history clean-up may be started by an admin only');
    expect((await cli('--username', 'demo', '--password', 'demo', 'history', 'cleanup', 'run', '--yes')).code).toBe(0);
  });
});
