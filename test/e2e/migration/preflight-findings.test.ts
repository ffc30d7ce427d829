// The pre-flight's findings of issue 31: incidents the migration removes (a warning; --strict fails),
// a failing instruction counted with its instances (the summary says what the table shows), and a
// pending migration batch that may hold the same instances (exit 11 unless --allow-pending-batch).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { raiseIncident, type SimulatorOptions } from '../../simulator/index.js';
import { test } from '../../helpers/fixtures.js';

const it = test.extend<{ simulatorOptions: SimulatorOptions }>({ simulatorOptions: { batchJobsPerSecond: 0 } });

const PLAIN = [
  { id: 'start', type: 'startEvent' as const },
  { id: 'approve', type: 'userTask' as const },
  { id: 'end', type: 'endEvent' as const },
];
/** order:2's approve has a boundary timer, remind, that order:1 lacks. */
const WITH_REMINDER = [...PLAIN, { id: 'remind', type: 'boundaryTimerEvent' as const, attachedTo: 'approve' }];

function writePlan(cwd: string, plan: Record<string, unknown>): void {
  writeFileSync(join(cwd, 'plan.yaml'), toYaml(plan));
}

interface Finding {
  kind: string;
  effect: string;
  activityId: string | null;
  instances: string[];
  incidents?: number;
}
interface Validation {
  valid: boolean;
  preflight: { findings: Finding[]; summary: { failures: number; warnings: number; refusedInstances: number } };
}

describe('incidents the migration removes', () => {
  it('names the incidents on a boundary timer the target lacks (a warning, --strict fails), and execute removes them', async ({ engine, cli, cwd }) => {
    const [, v2] = engine.state.deployVersions('order', [{ activities: PLAIN }, { activities: WITH_REMINDER, instances: { approve: 5 } }]);
    const withIncident = v2!.instanceIds.slice(0, 3);
    for (const id of withIncident)
      raiseIncident(engine.state, engine.state.findProcessInstance(id)!, { activityId: 'remind', incidentMessage: 'Mail server down' });
    writePlan(cwd, { source: 'order:2', target: 'order:1', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] });

    const table = await cli(['migration', 'validate', 'plan.yaml'], { cwd });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      /^incident removed\tremind -> \(none\)\t3; [^\t]+\t3 failedJob incidents on remind are removed with their jobs: no instruction maps remind: 'Mail server down'\twarning$/m,
    );
    expect(table.stdout).toContain('pre-flight of 5 running instances: 0 failures, 1 warning;');

    const json = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd });
    const result = JSON.parse(json.stdout) as Validation;
    expect(result.preflight.findings).toEqual([
      expect.objectContaining({ kind: 'removed-incident', effect: 'warns', activityId: 'remind', instances: [...withIncident].sort(), incidents: 3 }),
    ]);

    const strict = await cli(['migration', 'validate', 'plan.yaml', '--strict'], { cwd });
    expect(strict.code).toBe(3);
    expect(strict.stdout).toMatch(/^incident removed\t.*\tfailure \(--strict\)$/m);

    // Execute's pre-flight shows it before the run; the engine then removes them with their jobs.
    const run = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes'], { cwd });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('3 failedJob incidents on remind are removed with their jobs');
    expect(engine.state.incidents.filter((incident) => withIncident.includes(incident.processInstanceId))).toEqual([]);
  });

  it('names no removal when the plan maps the boundary event: the incidents move with it', async ({ engine, cli, cwd }) => {
    const [, v2] = engine.state.deployVersions('order', [{ activities: WITH_REMINDER }, { activities: WITH_REMINDER, instances: { approve: 2 } }]);
    raiseIncident(engine.state, engine.state.findProcessInstance(v2!.instanceIds[0]!)!, { activityId: 'remind' });
    writePlan(cwd, {
      source: 'order:2',
      target: 'order:1',
      instructions: [
        { sourceActivityIds: ['approve'], targetActivityIds: ['approve'] },
        { sourceActivityIds: ['remind'], targetActivityIds: ['remind'] },
      ],
    });
    const json = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd });
    expect((JSON.parse(json.stdout) as Validation).preflight.findings.map((finding) => finding.kind)).toEqual(['incident']);
  });
});

describe('a failing instruction', () => {
  it('counts the instances of a target activity that does not exist: in the table, the summary line and -o json alike', async ({ engine, cli, cwd }) => {
    const [v1] = engine.state.deployVersions('order', [{ activities: PLAIN, instances: { approve: 4, start: 0 } }, { activities: PLAIN }]);
    writePlan(cwd, { source: 'order:1', target: 'order:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['aprove'] }] });
    const table = await cli(['migration', 'validate', 'plan.yaml'], { cwd });
    expect(table.code).toBe(3);
    expect(table.stdout).toMatch(
      /^failing instruction\tapprove -> aprove\t4; .*\tthe engine refuses the plan, and them: Target activity 'aprove' does not exist\tfailure$/m,
    );
    expect(table.stdout).toContain('pre-flight of 4 running instances: 1 failure (4 instances refused), 0 warnings;');
    const json = JSON.parse((await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd })).stdout) as Validation;
    expect(json.valid).toBe(false);
    expect(json.preflight.summary).toEqual({ failures: 1, warnings: 0, refusedInstances: 4 });
    expect(json.preflight.findings).toEqual([
      expect.objectContaining({ kind: 'failing-instruction', effect: 'fails', activityId: 'approve', instances: [...v1!.instanceIds].sort() }),
    ]);
  });
});

describe('a pending migration batch', () => {
  it('refuses a second migration of its source (exit 11, nothing sent), naming the batch and batch watch; --allow-pending-batch runs', async ({
    engine,
    cli,
    cwd,
  }) => {
    engine.state.deployVersions('order', [{ activities: PLAIN, instances: { approve: 4 } }, { activities: PLAIN }]);
    writePlan(cwd, { source: 'order:1', target: 'order:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] });
    const first = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes', '-o', 'json'], { cwd });
    expect(first.code).toBe(0);
    const batchId = (JSON.parse(first.stdout) as { id: string }).id;
    const sends = () => engine.requests.filter((request) => request.method === 'POST' && /\/migration\/execute(Async)?$/.test(request.path)).length;
    const before = sends();

    for (const mode of [['--async'], [], ['--chunk-size', '2', '--journal', 'j.jsonl']]) {
      const again = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--yes', ...mode], { cwd });
      expect(again.code).toBe(11);
      expect(again.stdout).toBe('');
      expect(again.stderr).toContain(`error: a pending migration batch ${batchId} (`);
      expect(again.stderr).toContain('migrating instances of order:1');
      expect(again.stderr).toContain(`camunda-admin batch watch ${batchId}`);
    }
    expect(sends()).toBe(before);

    const allowed = await cli(['migration', 'execute', 'plan.yaml', '--all-instances', '--async', '--yes', '--allow-pending-batch', '-o', 'json'], { cwd });
    expect(allowed.code).toBe(0);
    expect(sends()).toBe(before + 1);
  });

  it('refuses each version of a sweep the same way', async ({ engine, cli, cwd }) => {
    engine.state.deployVersions('order', [{ activities: PLAIN, instances: { approve: 3 } }, { activities: PLAIN }]);
    expect((await cli(['migration', 'sweep', 'order', '--out-dir', 'plans'], { cwd })).code).toBe(0);
    writePlan(cwd, { source: 'order:1', target: 'order:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] });
    const first = await cli(
      [
        'migration',
        'execute',
        'plan.yaml',
        '--instances',
        engine.state.processInstances.find((instance) => instance.definitionId.startsWith('order:1:'))!.id,
        '--async',
        '--yes',
        '-o',
        'json',
      ],
      { cwd },
    );
    const batchId = (JSON.parse(first.stdout) as { id: string }).id;
    const sweep = await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--yes'], { cwd });
    expect(sweep.code).toBe(11);
    expect(sweep.stderr).toContain(`camunda-admin batch watch ${batchId}`);
    expect((await cli(['migration', 'sweep', 'order', '--plans', 'plans', '--execute', '--yes', '--allow-pending-batch', '--force'], { cwd })).code).toBe(0);
  });

  it('lets a batch of another definition be, and a finished one', async ({ engine, cli, cwd }) => {
    engine.state.deployVersions('order', [{ activities: PLAIN, instances: { approve: 2 } }, { activities: PLAIN }]);
    engine.state.deployVersions('shipment', [{ activities: PLAIN, instances: { approve: 2 } }, { activities: PLAIN }]);
    writeFileSync(
      join(cwd, 'invoice.yaml'),
      toYaml({ source: 'shipment:1', target: 'shipment:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] }),
    );
    writePlan(cwd, { source: 'order:1', target: 'order:2', instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }] });
    expect((await cli(['migration', 'execute', 'invoice.yaml', '--all-instances', '--async', '--yes'], { cwd })).code).toBe(0);
    const other = await cli(
      [
        'migration',
        'execute',
        'plan.yaml',
        '--instances',
        engine.state.processInstances.find((instance) => instance.definitionId.startsWith('order:1:'))!.id,
        '--yes',
      ],
      { cwd },
    );
    expect(other.stderr).not.toContain('pending migration batch');
    expect(other.code).toBe(0);
    engine.advanceBatches(10);
    expect((await cli(['migration', 'execute', 'invoice.yaml', '--all-instances', '--yes'], { cwd })).code).toBe(0);
  });
});
