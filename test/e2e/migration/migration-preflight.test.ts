// The pre-flight that predicts an execution (issue 20, item 3), in validate and in execute's
// pre-flight, against the simulator: the instance with an incident, the parent with a child, the
// instance nothing maps, asynchronous continuations and failing jobs, each with its exit code.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import {
  raiseIncident,
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
  startSimulator,
} from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';

let engine: Simulator;
beforeEach(async () => {
  engine = await startSimulator();
});
afterEach(async () => {
  await engine.close();
});

const cli = (args: string[], cwd: string) => runCli(['--url', engine.url, '--retries', '0', ...args], { cwd });
const executes = () => engine.requests.filter((request) => request.method === 'POST' && /\/migration\/execute(Async)?$/.test(request.path));
const definitionOf = (id: string) => engine.state.findProcessInstance(id)?.definitionId;

interface Finding {
  kind: string;
  effect: 'fails' | 'warns';
  activityId: string | null;
  targetActivityId: string | null;
  instances: string[];
  [detail: string]: unknown;
}
interface Validation {
  valid: boolean;
  preflight: { scope: string; instances: number; findings: Finding[]; summary: { failures: number; warnings: number } };
}

function planDir(plan: object): string {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'plan.yaml'), toYaml(plan));
  return cwd;
}

/** generate --suggest for invoice-approval 1 -> 2, every suggestion uncommented by the reviewer. */
async function reviewedApprovalPlan(): Promise<string> {
  const cwd = tempDir();
  const generated = await cli(
    ['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:2', '--suggest', '--out', 'generated.yaml'],
    cwd,
  );
  expect(generated.code).toBe(0);
  const text = readFileSync(join(cwd, 'generated.yaml'), 'utf8');
  writeFileSync(join(cwd, 'plan.yaml'), text.replace(/^ {2}# (- sourceActivityIds)/gm, '  $1').replace(/^ {2}# ( {2}targetActivityIds)/gm, '  $1'));
  return cwd;
}

/** The invoice plan with the renamed task mapped: only archiveInvoice's asynchronous continuation is left to see. */
const INVOICE_PLAN = {
  source: 'invoice:1',
  target: 'invoice:2',
  instructions: [
    { sourceActivityIds: ['approveInvoice'], targetActivityIds: ['approveInvoiceV2'] },
    ...['prepareBankTransfer', 'reviewInvoice', 'archiveInvoice'].map((id) => ({ sourceActivityIds: [id], targetActivityIds: [id] })),
  ],
};

describe('migration validate', () => {
  it('names the instance nothing maps (failure, exit 3), the instance with an incident and the parent with its child (warnings)', async () => {
    const cwd = await reviewedApprovalPlan();
    const result = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], cwd);
    expect(result.code).toBe(3);
    const { valid, preflight } = JSON.parse(result.stdout) as Validation;
    expect(valid).toBe(false);
    expect(preflight).toMatchObject({ scope: 'source', instances: 5, summary: { failures: 1, warnings: 2 } });
    expect(preflight.findings).toEqual([
      { kind: 'unmapped', effect: 'fails', activityId: 'checkBudget', targetActivityId: null, instances: [INSTANCES.approvalCheckBudget] },
      {
        kind: 'incident',
        effect: 'warns',
        activityId: 'sendReminder',
        targetActivityId: 'notifyApprover',
        instances: [INSTANCES.approvalReminder],
        incidentType: 'failedExternalTask',
        incidents: 1,
        message: 'Mail server refused the connection',
      },
      {
        kind: 'calling',
        effect: 'warns',
        activityId: null,
        targetActivityId: null,
        instances: [INSTANCES.approvalArchive],
        children: [{ definitionId: DEFINITIONS.archiveInvoiceV1, definition: 'archive-invoice:1', instances: 1 }],
      },
    ]);

    // The table: one row per finding, each saying what happens and whether it fails the run.
    const table = await cli(['migration', 'validate', 'plan.yaml'], cwd);
    expect(table.stdout.split('\n').slice(0, 4)).toEqual([
      'Pre-flight finding\tSource -> target\tInstances\tWhat happens\tEffect',
      `no instruction\tcheckBudget -> (none)\t1; ${INSTANCES.approvalCheckBudget}\tthe engine refuses them: no instruction maps checkBudget\tfailure`,
      `incident\tsendReminder -> notifyApprover\t1; ${INSTANCES.approvalReminder}\t1 failedExternalTask incident, moved to notifyApprover and still open: 'Mail server refused the connection'\twarning`,
      `has child instances\t-\t1; ${INSTANCES.approvalArchive}\ttheir children are not migrated: archive-invoice:1 (1)\twarning`,
    ]);
    expect(table.stdout).toContain(
      `NOT valid: 6 instructions, 0 failing instructions, 0 failing variables; pre-flight of 5 running instances: 1 failure (1 instance refused), 2 warnings; invoice-approval:1 (${DEFINITIONS.invoiceApprovalV1})`,
    );
  });

  it("checks the plan's own selection: warnings only exit 0, and --strict makes them failures", async () => {
    const cwd = await reviewedApprovalPlan();
    const plan = readFileSync(join(cwd, 'plan.yaml'), 'utf8');
    writeFileSync(join(cwd, 'plan.yaml'), `${plan}processInstanceIds: [${INSTANCES.approvalReminder}, ${INSTANCES.approvalArchive}]\n`);
    const warned = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], cwd);
    expect(warned.code).toBe(0);
    const { preflight } = JSON.parse(warned.stdout) as Validation;
    expect(preflight).toMatchObject({ scope: 'selection', instances: 2, summary: { failures: 0, warnings: 2 } });
    expect(preflight.findings.map((finding) => [finding.kind, finding.instances])).toEqual([
      ['incident', [INSTANCES.approvalReminder]],
      ['calling', [INSTANCES.approvalArchive]],
    ]);
    const strict = await cli(['migration', 'validate', 'plan.yaml', '--strict'], cwd);
    expect(strict.code).toBe(3);
    expect(strict.stdout.match(/\tfailure \(--strict\)$/gm)).toHaveLength(2);

    // A query selects as well; a selected instance that is not on the source is said, not checked.
    writeFileSync(join(cwd, 'plan.yaml'), `${plan}processInstanceQuery: { activityIdIn: [ approve ] }\nprocessInstanceIds: [ ${INSTANCES.demoV1First} ]\n`);
    const queried = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], cwd);
    expect(queried.code).toBe(0);
    expect((JSON.parse(queried.stdout) as Validation).preflight).toMatchObject({ scope: 'selection', instances: 3, summary: { failures: 0, warnings: 1 } });
    expect(queried.stderr).toContain(
      `warning: the plan selects ${INSTANCES.demoV1First}, which runs on ${DEFINITIONS.v1}, not on the source: execute would refuse the selection (exit 2)\n`,
    );
  });

  it('names the parent definitions of a child: migrated alone, its parent waits in the call activity', async () => {
    const [deployed] = engine.state.deployVersions('archive-invoice', [
      { activities: engine.state.findProcessDefinition(DEFINITIONS.archiveInvoiceV1)!.activities },
    ]);
    const cwd = planDir({
      source: 'archive-invoice:1',
      target: 'archive-invoice:2',
      instructions: [{ sourceActivityIds: ['storeInvoice'], targetActivityIds: ['storeInvoice'] }],
    });
    const result = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], cwd);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Validation).preflight.findings).toEqual([
      {
        kind: 'called',
        effect: 'warns',
        activityId: null,
        targetActivityId: null,
        instances: [INSTANCES.archiveChild],
        parents: [{ definitionId: DEFINITIONS.invoiceApprovalV1, definition: 'invoice-approval:1', instances: 1 }],
      },
    ]);
    expect(deployed?.definition.version).toBe(2);
  });

  it('predicts what the engine does with an asynchronous continuation: its job moves, or the instance is refused', async () => {
    const cwd = planDir(INVOICE_PLAN);
    const moving = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], cwd);
    expect(moving.code).toBe(0);
    expect((JSON.parse(moving.stdout) as Validation).preflight.findings).toEqual([
      {
        kind: 'async-continuation',
        effect: 'warns',
        activityId: 'archiveInvoice',
        targetActivityId: 'archiveInvoice',
        instances: [INSTANCES.invoiceArchive],
        jobConfiguration: 'async-before',
        targetIsAsync: true,
      },
    ]);

    // In the target, archiveInvoice is no longer asyncBefore: AsyncMigrationValidator refuses the instance.
    const v2 = engine.state.findProcessDefinition(DEFINITIONS.invoiceV2)!;
    v2.activities = v2.activities.map((activity) => (activity.id === 'archiveInvoice' ? { ...activity, async: false } : activity));
    const refused = await cli(['migration', 'validate', 'plan.yaml'], cwd);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain(
      `asynchronous continuation\tarchiveInvoice -> archiveInvoice\t1; ${INSTANCES.invoiceArchive}\tthe engine refuses them: archiveInvoice in the target is not async-before\tfailure`,
    );
    // The engine agrees, when asked without the pre-flight.
    const sent = await cli(['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.invoiceArchive, '--yes', '--skip-validation'], cwd);
    expect(sent.code).toBe(3);
    expect(sent.stderr).toContain('Target activity is not asyncBefore');
  });

  it('names the jobs that failed and are still retried', async () => {
    engine.state.failingJobs.push({
      processInstanceId: INSTANCES.invoiceArchive,
      activityId: 'archiveInvoice',
      retries: 2,
      exceptionMessage: 'Archive unreachable',
    });
    const cwd = planDir(INVOICE_PLAN);
    const result = await cli(['migration', 'validate', 'plan.yaml'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `failing job\tarchiveInvoice -> archiveInvoice\t1; ${INSTANCES.invoiceArchive}\t1 job moved to archiveInvoice, retried there (2 retries left): 'Archive unreachable'\twarning`,
    );
  });

  it('asks with list queries: no incident query without incidents, and nothing per instance without a call hierarchy', async () => {
    const cwd = planDir({
      source: 'refengine-demo:1',
      target: 'refengine-demo:2',
      instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
    });
    const result = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], cwd);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Validation).preflight).toEqual({
      scope: 'source',
      instances: 3,
      findings: [],
      summary: { failures: 0, warnings: 0, refusedInstances: 0 },
    });
    const paths = engine.requests.map((request) => decodeURIComponent(request.path.replace(/^\/engine-rest/, '')));
    expect(paths.filter((path) => path.startsWith('/incident'))).toEqual([]);
    expect(paths.filter((path) => /superProcessInstance|subProcessInstance/.test(path))).toEqual([]);
    // Three counts tell that no instance of the source has a parent or a child.
    expect(engine.requests.filter((request) => request.path.endsWith('/process-instance/count')).map((request) => JSON.parse(request.body))).toEqual(
      expect.arrayContaining([
        { processDefinitionId: DEFINITIONS.v1 },
        { processDefinitionId: DEFINITIONS.v1, rootProcessInstances: true },
        { processDefinitionId: DEFINITIONS.v1, leafProcessInstances: true },
      ]),
    );
  });
});

describe("the engine's queryMaxResultsLimit", () => {
  it('bounds every list request of the pre-flight: it learns the limit once and pages within it', async () => {
    const guarded = await startSimulator({ basicAuth: true, loginDelayBaseSeconds: 0, queryMaxResultsLimit: 2 });
    try {
      // More incidents than a page holds, on the instance with the failed external task.
      const reminder = guarded.state.findProcessInstance(INSTANCES.approvalReminder)!;
      for (let index = 0; index < 4; index++) raiseIncident(guarded.state, reminder, { activityId: 'sendReminder', incidentType: 'failedExternalTask' });
      const cwd = await reviewedApprovalPlan();
      guarded.requests.length = 0;
      const result = await runCli(
        ['--url', guarded.url, '--username', 'demo', '--password-stdin', '--retries', '0', 'migration', 'validate', 'plan.yaml', '-o', 'json'],
        { cwd, stdin: 'demo\n' },
      );
      expect(result.code).toBe(3);
      expect((JSON.parse(result.stdout) as Validation).preflight.findings.find((finding) => finding.kind === 'incident')).toMatchObject({ incidents: 5 });
      const lists = guarded.requests.filter((request) => /^\/engine-rest\/(incident|job|job-definition|process-instance)(\?|$)/.test(request.path));
      expect(lists.length).toBeGreaterThan(0);
      const sizes = lists.map((request) => new URL(request.path, 'http://x').searchParams.get('maxResults'));
      expect(sizes.filter((size) => size === null)).toEqual([]);
      expect(sizes.filter((size) => Number(size) > 2)).toHaveLength(1);
    } finally {
      await guarded.close();
    }
  });
});

describe("migration execute's pre-flight", () => {
  it('refuses a selection the engine would refuse (exit 3), showing the findings, and sends nothing', async () => {
    const cwd = await reviewedApprovalPlan();
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.approvalCheckBudget},${INSTANCES.approvalArchive}`, '--yes'],
      cwd,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `no instruction\tcheckBudget -> (none)\t1; ${INSTANCES.approvalCheckBudget}\tthe engine refuses them: no instruction maps checkBudget\tfailure\n`,
    );
    expect(result.stderr).toContain(
      `has child instances\t-\t1; ${INSTANCES.approvalArchive}\ttheir children are not migrated: archive-invoice:1 (1)\twarning\n`,
    );
    expect(result.stderr).toContain('error: pre-flight: the engine would refuse 1 of the 2 selected instances (table above): nothing was executed');
    expect(executes()).toEqual([]);
    expect(definitionOf(INSTANCES.approvalArchive)).toBe(DEFINITIONS.invoiceApprovalV1);
  });

  it('runs a selection with warnings only, after showing them; the incident moves with its instance', async () => {
    const cwd = await reviewedApprovalPlan();
    const result = await cli(
      ['migration', 'execute', 'plan.yaml', '--instances', `${INSTANCES.approvalReminder},${INSTANCES.approvalArchive}`, '--yes', '-o', 'json'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^incident\tsendReminder -> notifyApprover\t1; \S+\t1 failedExternalTask incident, moved to notifyApprover and still open: 'Mail server refused the connection'\twarning$/m,
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ selected: 2, outcome: { migrated: 2 } });
    expect(engine.state.incidents.find((incident) => incident.processInstanceId === INSTANCES.approvalReminder)?.activityId).toBe('notifyApprover');
    // The child stays on its definition.
    expect(definitionOf(INSTANCES.archiveChild)).toBe(DEFINITIONS.archiveInvoiceV1);
  });

  it('checks the instances a resumed run has still to send', async () => {
    // Sent without the pre-flight, the chunk with the unmapped instance fails and the run stops.
    const cwd = planDir({ ...INVOICE_PLAN, instructions: INVOICE_PLAN.instructions.slice(1) });
    const ids = [INSTANCES.invoicePrepare1, INSTANCES.invoiceApprove1, INSTANCES.invoiceApprove2];
    const first = await cli(['migration', 'execute', 'plan.yaml', '--instances', ids.join(','), '--chunk-size', '1', '--yes', '--skip-validation'], cwd);
    expect(first.code).toBe(8);
    const sent = executes().length;
    const resumed = await cli(['migration', 'execute', 'plan.yaml', '--resume', '--yes'], cwd);
    expect(resumed.code).toBe(3);
    expect(resumed.stderr).toContain(`no instruction\tapproveInvoice -> (none)\t2; ${INSTANCES.invoiceApprove1}; ${INSTANCES.invoiceApprove2}\t`);
    expect(resumed.stderr).toContain('error: pre-flight: the engine would refuse 2 of the 2 selected instances');
    expect(executes()).toHaveLength(sent);
  });

  it('--quiet hides the warnings, never a failure; --skip-validation sends without the pre-flight', async () => {
    const cwd = await reviewedApprovalPlan();
    const quiet = await cli(['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.approvalArchive, '--yes', '--quiet', '--dry-run'], cwd);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    const failing = await cli(['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.approvalCheckBudget, '--yes', '--quiet'], cwd);
    expect(failing.code).toBe(3);
    expect(failing.stderr).toContain('\tfailure\n');
    engine.requests.length = 0;
    const skipped = await cli(['migration', 'execute', 'plan.yaml', '--instances', INSTANCES.approvalCheckBudget, '--yes', '--skip-validation'], cwd);
    expect(skipped.code).toBe(3);
    expect(skipped.stderr).not.toContain('Pre-flight finding');
    expect(engine.requests.filter((request) => /\/(incident|job|job-definition)(\?|$)/.test(request.path))).toEqual([]);
    expect(executes()).toHaveLength(1);
  });
});
