// migration diff, generate --suggest and the nearest-id hint of validate, against the simulator's
// invoice-approval pair (approve renamed approveInvoice, checkBudget a user task now), in-process.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS } from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { fileTest } from '../../helpers/fixtures.js';

const it = fileTest();
it.afterEach(({ engine }) => {
  engine.requests.length = 0;
});

interface Diff {
  source: { id: string };
  target: { id: string };
  activities: { id: string; status: string; instances: number; notes: string[] }[];
  suggestions: { sourceActivityId: string; targetActivityId: string; confidence: number; level: string; reasons: string[]; instances: number }[];
  unmappedWithInstances: { activityId: string; instances: number; reason: string }[];
}

describe('migration diff', () => {
  it('suggests approve -> approveInvoice first, with its reasons, and exits 0 (-o json)', async ({ engine, cli }) => {
    const result = await cli(['migration', 'diff', 'invoice-approval:1', 'invoice-approval:latest', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const diff = JSON.parse(result.stdout) as Diff;
    expect([diff.source.id, diff.target.id]).toEqual([DEFINITIONS.invoiceApprovalV1, DEFINITIONS.invoiceApprovalV2]);
    const [first] = diff.suggestions;
    expect(first).toMatchObject({ sourceActivityId: 'approve', targetActivityId: 'approveInvoice', level: 'high', instances: 3 });
    expect(first?.reasons).toContain("same name 'Approve invoice'");
    expect(diff.activities.find((row) => row.id === 'checkBudget')).toMatchObject({ status: 'type-changed', instances: 1 });
    expect(diff.unmappedWithInstances).toEqual([{ activityId: 'checkBudget', instances: 1, reason: 'its type changed' }]);
    // Both models and the source's statistics were read.
    const paths = engine.requests.map((request) => decodeURIComponent(request.path.split('?')[0]!));
    expect(paths).toEqual(
      expect.arrayContaining([
        `/engine-rest/process-definition/${DEFINITIONS.invoiceApprovalV1}/xml`,
        `/engine-rest/process-definition/${DEFINITIONS.invoiceApprovalV2}/xml`,
        `/engine-rest/process-definition/${DEFINITIONS.invoiceApprovalV1}/statistics`,
      ]),
    );
  });

  it('shows the models side by side, the suggestions and what nothing maps as tables', async ({ engine }) => {
    const result = await runCli(['--url', engine.url, '--retries', '0', 'migration', 'diff', 'invoice-approval:1', 'invoice-approval:2'], {
      terminal: { stdout: 250 },
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.find((line) => line.startsWith('│ approve '))).toMatch(/^│ approve\s+│ userTask\s+│ -\s+│ -\s+│ 3\s+│ only in source\s+│/);
    expect(lines.find((line) => line.startsWith('│ checkBudget '))).toMatch(
      /│ serviceTask \(class\)\s+│ checkBudget\s+│ userTask\s+│ 1\s+│ type changed\s+│ type changed from/,
    );
    const suggestions = lines.filter((line) => / -> /.test(line) && /│ (high|medium|low) \(/.test(line));
    expect(suggestions[0]).toMatch(/^│ approve -> approveInvoice\s+│ high \(1\.00\)\s+│ 3\s+│ same type \(userTask\)/);
    expect(result.stdout).toMatch(/│ No mapping, running instances │ Instances │ Why\s+│\n│ checkBudget\s+│ 1\s+│ its type changed │/);
    expect(lines.at(-2)).toBe(
      `invoice-approval:1 (${DEFINITIONS.invoiceApprovalV1}) -> invoice-approval:2 (${DEFINITIONS.invoiceApprovalV2}): ` +
        '7 same, 2 changed, 1 type changed, 2 only in source, 3 only in target; 3 suggested mappings; 1 activity with running instances and no mapping',
    );
  });

  it('refuses a reference that matches nothing (exit 2) before reading any model', async ({ engine, cli }) => {
    const result = await cli(['migration', 'diff', 'invoice-approval:1', 'invoice-aproval:2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: target definition: no process definition with key 'invoice-aproval' (did you mean invoice-approval?)\n");
    expect(engine.requests.filter((request) => request.path.includes('/xml'))).toEqual([]);
  });
});

describe('migration generate --suggest', () => {
  it('writes the suggestions as commented-out instructions with their reasons; uncommented, they validate', async ({ cli }) => {
    const cwd = tempDir();
    const result = await cli(['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:2', '--suggest', '--out', 'plan.yaml'], {
      cwd,
    });
    expect(result.code).toBe(0);
    const text = readFileSync(join(cwd, 'plan.yaml'), 'utf8');
    // Never a live instruction: the plan maps what the engine mapped.
    const plan = parseYaml(text) as { instructions: { sourceActivityIds: string[] }[] };
    expect(plan.instructions.map((instruction) => instruction.sourceActivityIds[0])).toEqual(['signOff', 'archive', 'cancellation']);
    const comment = text.slice(text.indexOf('  # Suggested mappings'));
    expect(comment.split('\n').slice(0, 5)).toEqual([
      '  # Suggested mappings (migration generate --suggest), commented out: uncomment what is right, then validate.',
      '  # approve -> approveInvoice: high confidence (1.00), 3 running instances',
      "  #   because: same type (userTask); same name 'Approve invoice'; similar id (approve, approveInvoice); same position: after start, before checkBudget; same sequence flows (Flow_start in, Flow_approved out)",
      '  # - sourceActivityIds: [ approve ]',
      '  #   targetActivityIds: [ approveInvoice ]',
    ]);
    expect(comment).toContain('  # not mapped, no suggestion: checkBudget (serviceTask (class)), 1 running instance');
    expect(result.stderr).toContain(
      'warning: not mapped: approve (userTask) has 3 running instances; migrating them would fail without an instruction; suggested in the plan: approveInvoice (high confidence)\n',
    );
    expect(result.stderr).toContain(
      'warning: not mapped: checkBudget (serviceTask (class)) has 1 running instance; migrating them would fail without an instruction\n',
    );

    // A reviewer uncomments the instructions (deletes '# '): the plan maps them and validates.
    const uncommented = text.replace(/^ {2}# (- sourceActivityIds)/gm, '  $1').replace(/^ {2}# ( {2}targetActivityIds)/gm, '  $1');
    writeFileSync(join(cwd, 'reviewed.yaml'), uncommented);
    const reviewed = parseYaml(uncommented) as { instructions: { sourceActivityIds: string[]; targetActivityIds: string[] }[] };
    expect(reviewed.instructions.map((instruction) => `${instruction.sourceActivityIds[0]} -> ${instruction.targetActivityIds[0]}`)).toEqual([
      'signOff -> signOff',
      'archive -> archive',
      'cancellation -> cancellation',
      'approve -> approveInvoice',
      'sendReminder -> notifyApprover',
      'reminder -> reminder',
    ]);
    // The plan is valid; the instance at checkBudget, which nothing can map, makes its execute fail.
    const validated = await cli(['migration', 'validate', 'reviewed.yaml', '-o', 'json'], { cwd });
    expect(validated.code).toBe(3);
    const result3 = JSON.parse(validated.stdout) as {
      report: { instructionReports: unknown[] };
      activeUnmapped: unknown[];
      preflight: { findings: { kind: string; activityId: string | null }[] };
    };
    expect(result3.report.instructionReports).toEqual([]);
    expect(result3.activeUnmapped).toEqual([{ activityId: 'checkBudget', instances: 1 }]);
    expect(result3.preflight.findings.map((finding) => `${finding.kind} ${finding.activityId ?? '-'}`)).toEqual([
      'unmapped checkBudget',
      'incident sendReminder',
      'calling -',
    ]);
  });

  it('without --suggest lists the unmapped activities, zero instances included, and writes no comment', async ({ engine, cli }) => {
    const result = await cli(['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:2']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('Suggested');
    expect(result.stderr.split('\n').slice(1)).toEqual([
      'warning: not mapped: approve (userTask) has 3 running instances; migrating them would fail without an instruction',
      'not mapped: reminder (boundaryEvent (timer, non-interrupting)), 0 running instances',
      'warning: not mapped: sendReminder (serviceTask (external)) has 1 running instance; migrating them would fail without an instruction',
      'warning: not mapped: checkBudget (serviceTask (class)) has 1 running instance; migrating them would fail without an instruction',
      '',
    ]);
    // Only the target's model is not needed without --suggest.
    expect(engine.requests.filter((request) => request.path.includes('/xml')).map((request) => decodeURIComponent(request.path))).toEqual([
      `/engine-rest/process-definition/${DEFINITIONS.invoiceApprovalV1}/xml`,
    ]);
  });

  it('puts the suggestions under an empty instruction list so that uncommenting makes it a list', async ({ cli }) => {
    // refengine-demo v1 -> invoice-approval v2: the engine maps nothing; approve is like approveInvoice.
    const result = await cli(['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'invoice-approval:2', '--suggest']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('instructions:\n  # Suggested mappings');
    expect(parseYaml(result.stdout).instructions).toBeNull();
    const uncommented = result.stdout.replace(/^ {2}# (- sourceActivityIds)/gm, '  $1').replace(/^ {2}# ( {2}targetActivityIds)/gm, '  $1');
    expect(parseYaml(uncommented).instructions[0]).toEqual({ sourceActivityIds: ['approve'], targetActivityIds: ['approveInvoice'] });
  });

  it('still writes the plan when the source model cannot be read, saying the list is missing; --suggest needs it (exit 7)', async ({ engine, cli }) => {
    const definition = engine.state.findProcessDefinition(DEFINITIONS.invoiceApprovalV1)!;
    definition.bpmnXml = '<not bpmn';
    try {
      const plain = await cli(['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:2', '-o', 'json']);
      expect(plain.code).toBe(0);
      expect(JSON.parse(plain.stdout).instructions).toHaveLength(3);
      expect(plain.stderr).toMatch(
        /^warning: the activities the engine left out cannot be listed: the BPMN model of invoice-approval:1 \([^)]+\) cannot be read: not a BPMN 2\.0 document: /m,
      );
      const suggest = await cli(['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:2', '--suggest']);
      expect(suggest.code).toBe(7);
      expect(suggest.stdout).toBe('');
    } finally {
      delete definition.bpmnXml;
    }
  });

  it.for<[string[]]>([[['-o', 'json']], [['--out', 'plan.json']]])(
    'refuses --suggest with a JSON plan %j (exit 2), before any request',
    async ([args], { engine, cli }) => {
      const result = await cli(['migration', 'generate', '--source', 'invoice-approval:1', '--target', 'invoice-approval:2', '--suggest', ...args], {
        cwd: tempDir(),
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'error: --suggest writes its suggestions as comments, which a JSON plan cannot hold; write YAML (--out NAME.yaml, or no -o json), or use migration diff -o json for the suggestions as data\n',
      );
      expect(engine.requests).toEqual([]);
    },
  );
});

describe('migration validate: an unknown activity', () => {
  it('names the nearest ids of the model it was looked for in', async ({ cli }) => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'plan.yaml'),
      'source: invoice-approval:1\ntarget: invoice-approval:2\ninstructions:\n  - { sourceActivityIds: [approve], targetActivityIds: [approveInvoce] }\n  - { sourceActivityIds: [aprove], targetActivityIds: [approveInvoice] }\n',
    );
    const table = await cli(['migration', 'validate', 'plan.yaml'], { cwd });
    expect(table.code).toBe(3);
    expect(table.stdout).toContain("Target activity 'approveInvoce' does not exist (did you mean approveInvoice?)");
    expect(table.stdout).toContain("Source activity 'aprove' does not exist (did you mean approve?)");
    const json = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd });
    const result = JSON.parse(json.stdout) as { unknownActivities: unknown[]; report: { instructionReports: { failures: string[] }[] } };
    expect(result.unknownActivities).toEqual([
      { side: 'target', activityId: 'approveInvoce', nearest: ['approveInvoice'], close: true },
      { side: 'source', activityId: 'aprove', nearest: ['approve'], close: true },
    ]);
    // The engine's report stays as the engine sent it.
    expect(result.report.instructionReports[0]?.failures).toEqual(["Target activity 'approveInvoce' does not exist"]);
  });
});
