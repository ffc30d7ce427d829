// history cleanable against the simulator: the engine's report rows with the finished instances that
// have no removal time, counted by reading only the versions that need it; the fix; the exit code.
import { describe, expect } from 'vitest';
import { recordDecisionEvaluation, type Simulator } from '../../simulator/index.js';
import { test } from '../../helpers/fixtures.js';

const it = test;

const activities = [
  { id: 'start', type: 'startEvent' as const },
  { id: 'task', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];

/** A version of `key` with TTL `ttl`, `running` + `ended` instances of which `ended` have ended now. */
function deploy(engine: Simulator, key: string, ttl: number | null, ended: number, running = 0): string {
  const [version] = engine.state.deployVersions(key, [{ activities, instances: { task: ended + running } }]);
  if (version === undefined) throw new Error('no version');
  version.definition.historyTimeToLive = ttl;
  for (const id of version.instanceIds.slice(0, ended)) engine.state.endProcessInstance(id);
  return version.definition.id;
}

/** cleanNoTtl: 2 finished without a removal time; cleanTtl: TTL 0, both finished cleanable; cleanLater: TTL 30, 1 finished not yet due. */
function arrange(engine: Simulator): { noTtl: string; ttl: string; later: string } {
  return { noTtl: deploy(engine, 'cleanNoTtl', null, 2, 1), ttl: deploy(engine, 'cleanTtl', 0, 2), later: deploy(engine, 'cleanLater', 30, 1) };
}

const KEYS = ['--key', 'cleanNoTtl', 'cleanTtl', 'cleanLater'];

/** The definition ids whose finished instances the command read (POST /history/process-instance). */
function scanned(engine: Simulator): string[] {
  return engine.requests
    .filter((request) => request.method === 'POST' && request.path.startsWith('/engine-rest/history/process-instance?'))
    .map((request) => (JSON.parse(request.body ?? '{}') as { processDefinitionId: string }).processDefinitionId)
    .sort();
}

describe('history cleanable', () => {
  it("keeps the engine's report rows and adds what is never cleaned, reading only versions where finished and cleanable differ", async ({ engine, cli }) => {
    const ids = arrange(engine);
    const result = await cli('history', 'cleanable', ...KEYS, '-o', 'json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as Record<string, unknown>[];
    const byKey = Object.fromEntries(rows.map((row) => [row.processDefinitionKey, row]));
    expect(byKey.cleanNoTtl).toEqual({
      processDefinitionId: ids.noTtl,
      processDefinitionKey: 'cleanNoTtl',
      processDefinitionName: 'cleanNoTtl',
      processDefinitionVersion: 1,
      historyTimeToLive: null,
      finishedProcessInstanceCount: 2,
      cleanableProcessInstanceCount: 0,
      tenantId: null,
      neverCleanedCount: 2,
      neverCleanedAtMost: 2,
      fix: 'camunda-admin history ttl set cleanNoTtl --days DAYS --version 1 && camunda-admin history removal-time set --key cleanNoTtl --version 1 --calculated',
    });
    expect(byKey.cleanTtl).toMatchObject({ finishedProcessInstanceCount: 2, cleanableProcessInstanceCount: 2, neverCleanedCount: 0, fix: null });
    expect(byKey.cleanLater).toMatchObject({ finishedProcessInstanceCount: 1, cleanableProcessInstanceCount: 0, neverCleanedCount: 0, neverCleanedAtMost: 1 });
    expect(scanned(engine)).toEqual([ids.noTtl, ids.later].sort());
  });

  it('prints a row per version off a terminal with the fix as the last column, and the summary and fixes on one', async ({ engine, cli }) => {
    arrange(engine);
    const tabs = await cli('history', 'cleanable', ...KEYS);
    expect(tabs.code).toBe(0);
    expect(tabs.stdout.split('\n')).toContain(
      'cleanNoTtl\t1\t-\tnone\t2\t0\t2\tcamunda-admin history ttl set cleanNoTtl --days DAYS --version 1 && camunda-admin history removal-time set --key cleanNoTtl --version 1 --calculated',
    );
    expect(tabs.stdout.split('\n')).toContain('cleanTtl\t1\t-\t0d\t2\t2\t0\t-');
    const terminal = await cli(['history', 'cleanable', ...KEYS], { terminal: { stdout: 200 } });
    expect(terminal.stdout).toContain('2 finished instances of 1 row above will never be cleaned: they have no removal time');
    expect(terminal.stdout).toContain('To give them a removal time:\n  cleanNoTtl:1: camunda-admin history ttl set cleanNoTtl --days DAYS --version 1');
  });

  it('exits 10 with --detailed-exitcode when finished instances are never cleaned, 0 when none are', async ({ engine, cli }) => {
    arrange(engine);
    expect((await cli('history', 'cleanable', ...KEYS, '--detailed-exitcode', '-q')).code).toBe(10);
    expect((await cli('history', 'cleanable', '--key', 'cleanTtl', 'cleanLater', '--detailed-exitcode')).code).toBe(0);
  });

  it('reads no instance with --no-scan, and gives the upper bound', async ({ engine, cli }) => {
    arrange(engine);
    const result = await cli('history', 'cleanable', ...KEYS, '--no-scan', '-o', 'json');
    const rows = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(rows.find((row) => row.processDefinitionKey === 'cleanLater')).toMatchObject({ neverCleanedCount: null, neverCleanedAtMost: 1 });
    expect(rows.find((row) => row.processDefinitionKey === 'cleanTtl')).toMatchObject({ neverCleanedCount: 0 });
    expect(scanned(engine)).toEqual([]);
    const terminal = await cli(['history', 'cleanable', ...KEYS, '--no-scan'], { terminal: { stdout: 200 } });
    expect(terminal.stdout).toContain('up to 3 finished instances of 2 rows above may never be cleaned, or may be not due yet (not read: --no-scan)');
    // cleanLater has a TTL: its finished instance may merely have its removal time ahead; cleanNoTtl has none to be due by.
    expect(terminal.stdout).toContain(
      'Those without a removal time get one with:\n  cleanLater:1 (may be not due yet): camunda-admin history removal-time set --key cleanLater --version 1 --calculated\n  cleanNoTtl:1: camunda-admin history ttl set cleanNoTtl',
    );
    // A bound, not a gate: the version whose instance is not due yet makes --detailed-exitcode 10 all the same.
    expect((await cli('history', 'cleanable', '--key', 'cleanLater', '--no-scan', '--detailed-exitcode')).code).toBe(10);
    expect((await cli('history', 'cleanable', '--key', 'cleanLater', '--detailed-exitcode')).code).toBe(0);
  });

  it('reports decision definitions with --decisions, their evaluations read by decision definition', async ({ engine, cli }) => {
    (engine.state as unknown as { decisionDefinitions: unknown[] }).decisionDefinitions = [
      { id: 'cleanDish:1:1', key: 'cleanDish', name: 'Dish', version: 1, historyTimeToLive: null, tenantId: null },
    ];
    recordDecisionEvaluation(engine.state, 'cleanDish:1:1');
    recordDecisionEvaluation(engine.state, 'cleanDish:1:1');
    const result = await cli('history', 'cleanable', '--decisions', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      expect.objectContaining({
        decisionDefinitionKey: 'cleanDish',
        finishedDecisionInstanceCount: 2,
        cleanableDecisionInstanceCount: 0,
        neverCleanedCount: 2,
      }),
    ]);
  });

  it('names the keys near a --key that matches nothing, as history ttl list does, and exits 0', async ({ engine, cli }) => {
    arrange(engine);
    const result = await cli('history', 'cleanable', '--key', 'cleanLatr', 'cleanTtl');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toContain('cleanTtl\t1\t-\t0d\t2\t2\t0\t-');
    expect(result.stderr).toBe("warning: no process definition with key 'cleanLatr' (did you mean cleanLater?)\n");
    // The same words as history ttl list --key, and the same exit code.
    const ttl = await cli('history', 'ttl', 'list', '--key', 'cleanLatr');
    expect([ttl.code, ttl.stderr]).toEqual([result.code, result.stderr]);
    const json = await cli('history', 'cleanable', '--key', 'cleanLatr', '-o', 'json');
    expect([json.code, JSON.parse(json.stdout), json.stderr]).toEqual([0, [], result.stderr]);
  });

  it('splits --key on commas as the engine does: no warning for keys that have rows', async ({ engine, cli }) => {
    arrange(engine);
    const result = await cli('history', 'cleanable', '--key', 'cleanNoTtl,cleanTtl', '--key', 'cleanLatr');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').map((line) => line.split('\t')[0])).toEqual(['Key', 'cleanNoTtl', 'cleanTtl', '']);
    expect(result.stderr).toBe("warning: no process definition with key 'cleanLatr' (did you mean cleanLater?)\n");
    expect((await cli('history', 'cleanable', '--key', 'cleanTtl,')).code).toBe(2);
  });

  it('names the decision keys near a --key with --decisions', async ({ engine, cli }) => {
    (engine.state as unknown as { decisionDefinitions: unknown[] }).decisionDefinitions = [
      { id: 'cleanDish:1:1', key: 'cleanDish', name: 'Dish', version: 1, historyTimeToLive: null, tenantId: null },
    ];
    // A process of the key is no decision: the decision key space is asked.
    deploy(engine, 'cleanDesh', null, 0);
    const result = await cli('history', 'cleanable', '--decisions', '--key', 'cleanDesh');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("warning: no decision definition with key 'cleanDesh' (did you mean cleanDish?)\n");
  });

  it('reports batch types with --batches: none without historic batches', async ({ cli }) => {
    const result = await cli('history', 'cleanable', '--batches', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect((await cli(['history', 'cleanable', '--batches'], { terminal: { stdout: 120 } })).stdout).toContain('no historic batches');
  });

  it('refuses two kinds in one run, and --key with --batches', async ({ cli }) => {
    const both = await cli('history', 'cleanable', '--decisions', '--batches');
    expect(both).toMatchObject({ code: 2 });
    expect(both.stderr).toContain('one kind a run');
    expect((await cli('history', 'cleanable', '--batches', '--key', 'x')).code).toBe(2);
  });
});

describe('history cleanable as a user', () => {
  test.override({ simulatorOptions: { basicAuth: true } });

  test('says why a key of a definition the user may read has no row: no READ_HISTORY', async ({ cli }) => {
    // john may READ refengine-demo but not its history: the report leaves it out.
    const result = await cli('--username', 'john', '--password', 'john', 'history', 'cleanable', '--key', 'refengine-demo', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
    expect(result.stderr).toContain("warning: no row for process definition key 'refengine-demo': the user may not read its history (READ_HISTORY)\n");
  });

  test('a user who may read no definition is told that none found may be none readable', async ({ cli }) => {
    const result = await cli('--username', 'mary', '--password', 'mary', 'history', 'cleanable', '--detailed-exitcode');
    expect(result.code).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/^no definitions \(none is deployed, or these credentials may read none\)$/m);
  });
});
