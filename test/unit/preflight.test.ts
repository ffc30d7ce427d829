// The pre-flight's verdict in a validation result, and its table: what each kind of finding says.
import { describe, expect, it } from 'vitest';
import type { PreflightFinding, PreflightReport } from '../../src/migration/preflight.js';
import type { MigrationPlanFile } from '../../src/plans/schema.js';
import { buildValidationResult } from '../../src/plans/validation.js';
import { preflightCounts, preflightTable } from '../../src/render/migration.js';
import { plainStyle, withTable } from '../../src/render/style.js';

const tabs = withTable(plainStyle, { kind: 'tabs', width: undefined, headers: false });
const definition = (version: number) => ({ reference: `p:${version}`, id: `p:${version}:x`, key: 'p', version, tenantId: null, name: null });

function report(findings: PreflightFinding[], scope: PreflightReport['scope'] = 'selection'): PreflightReport {
  return {
    scope,
    instances: 7,
    findings,
    summary: {
      failures: findings.filter((finding) => finding.effect === 'fails').length,
      warnings: findings.filter((finding) => finding.effect === 'warns').length,
      refusedInstances: new Set(findings.filter((finding) => finding.effect === 'fails').flatMap((finding) => finding.instances)).size,
    },
  };
}

const calling: PreflightFinding = {
  kind: 'calling',
  effect: 'warns',
  activityId: null,
  targetActivityId: null,
  instances: ['p1'],
  children: [
    { definitionId: 'c:2:x', definition: 'c:2', instances: 3 },
    { definitionId: 'd:1:x', definition: 'd:1', instances: 1 },
  ],
};
const unmapped: PreflightFinding = { kind: 'unmapped', effect: 'fails', activityId: 'a', targetActivityId: null, instances: ['i1', 'i2', 'i3', 'i4', 'i5'] };

describe('the verdict of a validation with a pre-flight', () => {
  const plan: MigrationPlanFile = { instructions: [{ sourceActivityIds: ['a'], targetActivityIds: ['a'] }] } as MigrationPlanFile;
  const base = {
    plan: 'plan.yaml',
    planFile: plan,
    source: definition(1),
    target: definition(2),
    report: { instructionReports: [], variableReports: {} },
    warnings: [],
  };
  // Statistics with an unmapped activity: without a pre-flight, --strict fails on them; with one, its findings decide.
  const statistics = [{ id: 'b', instances: 2 }];

  it('fails on a finding that fails, passes warnings, and --strict fails on any finding', () => {
    expect(buildValidationResult({ ...base, statistics, strict: false, preflight: report([unmapped]) }).valid).toBe(false);
    expect(buildValidationResult({ ...base, statistics, strict: false, preflight: report([calling]) }).valid).toBe(true);
    expect(buildValidationResult({ ...base, statistics, strict: true, preflight: report([calling]) }).valid).toBe(false);
    expect(buildValidationResult({ ...base, statistics, strict: true, preflight: report([]) }).valid).toBe(true);
  });

  it('without one (the sweep review), --strict fails on the statistics of unmapped activities, as before', () => {
    expect(buildValidationResult({ ...base, statistics, strict: false }).valid).toBe(true);
    expect(buildValidationResult({ ...base, statistics, strict: true }).valid).toBe(false);
    expect(buildValidationResult({ ...base, statistics, strict: true })).not.toHaveProperty('preflight');
  });
});

describe('the pre-flight table', () => {
  it('says for each kind what happens, lists three instances and counts the rest, and names the effect', () => {
    const findings: PreflightFinding[] = [
      unmapped,
      {
        kind: 'async-continuation',
        effect: 'fails',
        activityId: 'x',
        targetActivityId: 'y',
        instances: ['j1'],
        jobConfiguration: 'async-after',
        targetIsAsync: false,
      },
      {
        kind: 'incident',
        effect: 'warns',
        activityId: 's',
        targetActivityId: 't',
        instances: ['k1', 'k2'],
        incidentType: 'failedJob',
        incidents: 2,
        message: `${'x'.repeat(90)}\nstack`,
      },
      { kind: 'failing-job', effect: 'warns', activityId: 's', targetActivityId: 't', instances: ['k3'], jobs: 1, leastRetries: 1, message: 'boom' },
      calling,
      { kind: 'called', effect: 'warns', activityId: null, targetActivityId: null, instances: ['c1'], parents: [] },
    ];
    expect(preflightTable(report(findings), tabs).split('\n')).toEqual([
      'no instruction\ta -> (none)\t5; i1; i2; i3; … 2 more\tthe engine refuses them: no instruction maps a\tfailure',
      'asynchronous continuation\tx -> y\t1; j1\tthe engine refuses them: y in the target is not async-after\tfailure',
      `incident\ts -> t\t2; k1; k2\t2 failedJob incidents, moved to t and still open: '${'x'.repeat(90)}; stack'\twarning`,
      "failing job\ts -> t\t1; k3\t1 job moved to t, retried there (1 retry left): 'boom'\twarning",
      'has child instances\t-\t1; p1\ttheir children are not migrated: c:2 (3), d:1 (1)\twarning',
      'child of another instance\t-\t1; c1\tmigrated alone; the parents wait in their call activity: (not found)\twarning',
    ]);
    expect(preflightTable(report([calling]), tabs, true)).toMatch(/\tfailure \(--strict\)$/);
  });

  it('counts what it looked at: the selected instances, or every running one of the source', () => {
    expect(preflightCounts(report([unmapped, calling]))).toBe(
      `pre-flight of 7 selected instances: 1 failure (${unmapped.instances.length} instance${unmapped.instances.length === 1 ? '' : 's'} refused), 1 warning`,
    );
    expect(preflightCounts(report([], 'source'))).toBe('pre-flight of 7 running instances: 0 failures, 0 warnings');
  });
});
