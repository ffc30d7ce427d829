// --canary-wait: the canary is watched after it is migrated, not judged at once. The scenario of issue
// 31: order:2 adds a PT0S boundary timer to approve, leading to a task whose job fails. Right after the
// migration nothing is wrong yet; a moment later the job executor fires the timer, the task's job fails
// and a failedJob incident opens. The simulator's job executor runs one pass each time the canary looks
// at its jobs (GET /job): the seconds between two looks, without a clock.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, onTestFinished } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { type RecordedRequest, requestObservers, runDueJobs, type Simulator } from '../../simulator/index.js';
import { test } from '../../helpers/fixtures.js';

const V1 = [
  { id: 'start', type: 'startEvent' as const },
  { id: 'approve', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];
/** order:2: a timer on approve, due `dueMs` after it is created, leading to `next`. */
const v2 = (dueMs: number, next: 'charge' | 'review') => [
  ...V1,
  { id: 'remind', type: 'boundaryTimerEvent' as const, attachedTo: 'approve', timerDueMs: dueMs, next },
  { id: 'charge', type: 'serviceTask' as const, async: true, fails: 'Payment service unavailable' },
  { id: 'review', type: 'userTask' as const },
];

const it = test.extend<{ setUp: (dueMs: number, next: 'charge' | 'review') => { ids: string[]; target: string } }>({
  setUp: async ({ engine, cwd }, use) =>
    use((dueMs, next) => {
      const [first, second] = engine.state.deployVersions('order', [{ activities: V1, instances: { approve: 6 } }, { activities: v2(dueMs, next) }]);
      writeFileSync(
        join(cwd, 'plan.yaml'),
        toYaml({ source: 'order:1', target: 'order:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] }),
      );
      return { ids: first!.instanceIds, target: second!.definition.id };
    }),
});

/** The job executor runs a pass whenever jobs are asked for: time passes between the canary's looks. */
function executorBetweenLooks(engine: Simulator): void {
  const observer = (request: RecordedRequest): void => {
    if (request.method === 'GET' && /\/job\?/.test(request.path)) runDueJobs(engine.state);
  };
  requestObservers.add(observer);
  onTestFinished(() => void requestObservers.delete(observer));
}

const executes = (engine: Simulator) => engine.requests.filter((request) => request.method === 'POST' && /\/migration\/execute(Async)?$/.test(request.path));

describe('--canary-wait', () => {
  it.for([
    { name: 'sync', mode: [] },
    { name: 'chunked', mode: ['--chunk-size', '2'] },
    { name: 'async', mode: ['--async', '--wait'] },
  ])('stops when a job of the canary fails after the migration (exit 8, the rest not sent): $name', async ({ mode }, { engine, cli, cwd, setUp }) => {
    const { ids, target } = setUp(0, 'charge');
    executorBetweenLooks(engine);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '2', '--yes', ...mode], { cwd });
    expect(result.code).toBe(8);
    expect(result.stdout).toContain('canary of 2 FAILED');
    expect(result.stderr).toMatch(
      /error: the canary failed \(\d+ problems?: \S+: (job \S+ failed at charge \(0 retries left\)|new incident failedJob at charge): Payment service unavailable(, and \d+ more)?\)/,
    );
    expect(executes(engine)).toHaveLength(1);
    expect(ids.filter((id) => engine.state.findProcessInstance(id)?.definitionId === target)).toEqual(ids.slice(0, 2));
    // The four the canary kept back would have failed the same way.
    expect(engine.state.incidents.filter((incident) => ids.includes(incident.processInstanceId) && incident.activityId === 'charge')).toHaveLength(2);
  });

  it('lets the canary pass when what is due runs well, and sends the rest', async ({ engine, cli, cwd, setUp }) => {
    const { ids, target } = setUp(0, 'review');
    executorBetweenLooks(engine);
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '2', '--yes'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('canary passed: 2 instances, 0 problems');
    expect(ids.every((id) => engine.state.findProcessInstance(id)?.definitionId === target)).toBe(true);
    expect(engine.state.findProcessInstance(ids[0]!)?.activityIds).toEqual(['review']);
  });

  it('fails a canary whose jobs are still due when the wait ends: the engine did not run them', async ({ engine, cli, cwd, setUp }) => {
    setUp(0, 'charge');
    const result = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '1', '--canary-wait', '1s', '--yes'], { cwd });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('1 job still due after --canary-wait 1s: the engine has not run it (is its job executor running?)');
    expect(executes(engine)).toHaveLength(1);
  });

  it('does not catch a timer due later (docs/migration.md says so), and --canary-wait 0 judges at once', async ({ engine, cli, cwd, setUp }) => {
    setUp(3_600_000, 'charge');
    executorBetweenLooks(engine);
    const later = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '1', '--yes'], { cwd });
    expect(later.code).toBe(0);
    expect(later.stderr).toContain('canary passed: 1 instance, 0 problems');
  });

  it('is watched per version of a sweep too', async ({ engine, cli, cwd, setUp }) => {
    setUp(0, 'charge');
    executorBetweenLooks(engine);
    const review = await cli(['migration', 'sweep', 'order', '--out-dir', 'plans'], { cwd });
    expect(review.code).toBe(0);
    const result = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--canary', '1', '--canary-wait', '30s', '--yes'], { cwd });
    expect(result.code).toBe(8);
    expect(result.stderr).toMatch(/canary failed/);
    expect(executes(engine)).toHaveLength(1);
  });

  it('takes seconds or 30s/2m forms, needs --canary, and refuses what is not a duration (exit 2)', async ({ cli, cwd, setUp }) => {
    setUp(0, 'review');
    for (const wait of ['2m', '0', '15', '1.5s']) {
      expect((await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '1', '--canary-wait', wait, '--dry-run'], { cwd })).code).toBe(0);
    }
    const bad = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary', '1', '--canary-wait', '5x', '--dry-run'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--canary-wait: '5x' is not a number of seconds");
    const alone = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--canary-wait', '5s', '--dry-run'], { cwd });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('error: --canary-wait needs --canary: it is how long the canary is watched\n');
  });
});
