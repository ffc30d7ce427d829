// generate -> edit -> validate against the simulator, through the built command.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import {
  SEEDED_PROCESS_DEFINITION_IDS as DEFINITIONS,
  SEEDED_PROCESS_INSTANCE_IDS as INSTANCES,
  type Simulator,
  startSimulator,
} from '../../simulator/index.js';
import { runCli, tempDir } from '../../helpers/cli.js';

let engine: Simulator;
beforeAll(async () => {
  engine = await startSimulator();
});
afterAll(async () => {
  await engine.close();
});
afterEach(() => {
  engine.requests.length = 0;
});

const cli = (args: string[], options: { cwd?: string; stdin?: string } = {}) => runCli(['--url', engine.url, '--retries', '0', ...args], options);
const sent = (path: string) => engine.requests.filter((request) => request.path.split('?')[0]!.endsWith(path));

describe('migration generate', () => {
  it('writes a YAML plan with references and resolved ids, and says how many activities were mapped', async () => {
    const cwd = tempDir();
    const result = await cli(['migration', 'generate', '--source', 'invoice:1', '--target', 'invoice:latest', '--out', 'plan.yaml'], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const plan = parseYaml(readFileSync(join(cwd, 'plan.yaml'), 'utf8'));
    expect(plan.source).toBe('invoice:1');
    expect(plan.target).toBe('invoice:latest');
    expect(plan.sourceProcessDefinitionId).toBe(DEFINITIONS.invoiceV1);
    expect(plan.targetProcessDefinitionId).toBe(DEFINITIONS.invoiceV2);
    const mapped = plan.instructions.map((instruction: { sourceActivityIds: string[] }) => instruction.sourceActivityIds[0]);
    expect(mapped).not.toContain('approveInvoice');
    expect(mapped).toContain('prepareBankTransfer');
    // The source's activities the engine left out follow, with their running instances.
    expect(result.stderr).toBe(
      `mapped ${mapped.length} activities: invoice:1 (${DEFINITIONS.invoiceV1}) -> invoice:2 (${DEFINITIONS.invoiceV2}); plan written to plan.yaml\n` +
        'warning: not mapped: approveInvoice (userTask) has 3 running instances; migrating them would fail without an instruction\n',
    );
    const [request] = sent('/migration/generate');
    expect(JSON.parse(request!.body)).toEqual({
      sourceProcessDefinitionId: DEFINITIONS.invoiceV1,
      targetProcessDefinitionId: DEFINITIONS.invoiceV2,
      updateEventTriggers: false,
    });
  });

  it('prints JSON to stdout with -o json, with variables from a file and --update-event-triggers', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'vars.yaml'), 'migratedBy: { value: ops, type: String }\n');
    const result = await cli(
      [
        'migration',
        'generate',
        '--source',
        DEFINITIONS.v1,
        '--target',
        'refengine-demo:2',
        '--variables',
        'vars.yaml',
        '--update-event-triggers',
        '-o',
        'json',
      ],
      { cwd },
    );
    expect(result.code).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan).toEqual({
      target: 'refengine-demo:2',
      sourceProcessDefinitionId: DEFINITIONS.v1,
      targetProcessDefinitionId: DEFINITIONS.v2,
      instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'], updateEventTrigger: false }],
      variables: { migratedBy: { value: 'ops', type: 'String' } },
    });
    const [request] = sent('/migration/generate');
    expect(JSON.parse(request!.body)).toMatchObject({ updateEventTriggers: true, variables: { migratedBy: { value: 'ops', type: 'String' } } });
  });

  it('writes JSON when --out ends in .json', async () => {
    const cwd = tempDir();
    const result = await cli(['migration', 'generate', '--source', 'refengine-demo:1', '--target', 'refengine-demo:2', '--out', 'plan.json'], { cwd });
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, 'plan.json'), 'utf8')).instructions).toHaveLength(1);
  });

  it.each([
    [['--source', 'invoice:7', '--target', 'invoice:2'], 'error: --source: no process definition invoice:7 (versions of invoice: 1, 2)'],
    [['--source', 'invoce:1', '--target', 'invoice:2'], "error: --source: no process definition with key 'invoce' (did you mean invoice?)"],
    [
      ['--source', 'shared-process:1', '--target', 'invoice:2'],
      "error: --source 'shared-process:1' matches 2 process definitions (tenants: tenant-a, tenant-b); choose one with --tenant ID or give the definition id",
    ],
    [
      ['--source', 'nope:1:1', '--target', 'invoice:2'],
      "error: --source: no process definition with id 'nope:1:1'; use KEY:VERSION or KEY:latest to look it up by key",
    ],
  ])('refuses %j with exit 2, listing what exists, and generates nothing', async (args, message) => {
    const result = await cli(['migration', 'generate', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`${message}\n`);
    expect(sent('/migration/generate')).toEqual([]);
  });

  it('resolves within a tenant with --tenant', async () => {
    const result = await cli([
      'migration',
      'generate',
      '--source',
      'shared-process:1',
      '--target',
      'shared-process:latest',
      '--tenant',
      'tenant-a',
      '-o',
      'json',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).sourceProcessDefinitionId).toBe(DEFINITIONS.sharedTenantA);
  });

  it('writes a plan with --tenant that validates without it: the plan ids pin the tenant of its references', async () => {
    const cwd = tempDir();
    const generated = await cli(
      [
        'migration',
        'generate',
        '--source',
        'shared-process:1',
        '--target',
        'shared-process:latest',
        '--tenant',
        'tenant-a',
        '--update-event-triggers',
        '--out',
        'plan.yaml',
      ],
      { cwd },
    );
    expect(generated.code).toBe(0);
    const text = readFileSync(join(cwd, 'plan.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe(
      '# Migration plan, generated by: camunda-admin migration generate --source shared-process:1 --target shared-process:latest --tenant tenant-a --update-event-triggers',
    );
    const validated = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd });
    expect(validated.stderr).not.toContain('error');
    expect(validated.code).toBe(0);
    const report = JSON.parse(validated.stdout);
    expect(report.source).toMatchObject({ id: DEFINITIONS.sharedTenantA, tenantId: 'tenant-a' });
    expect(report.target.tenantId).toBe('tenant-a');
    // Without the id the reference alone is still ambiguous.
    const plan = parseYaml(text);
    delete plan.sourceProcessDefinitionId;
    writeFileSync(join(cwd, 'no-id.yaml'), toYaml(plan));
    const ambiguous = await cli(['migration', 'validate', 'no-id.yaml'], { cwd });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain("source 'shared-process:1' matches 2 process definitions (tenants: tenant-a, tenant-b)");
  });

  it('keeps the generated-by comment one line when a flag value holds a line break', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'v\nx: 1.json'), '{"migratedBy": {"value": "ops", "type": "String"}}');
    const generated = await cli(
      ['migration', 'generate', '--source', 'invoice:1', '--target', 'invoice:2', '--variables', 'v\nx: 1.json', '--out', 'plan.yaml'],
      { cwd },
    );
    expect(generated.code).toBe(0);
    const text = readFileSync(join(cwd, 'plan.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe(
      '# Migration plan, generated by: camunda-admin migration generate --source invoice:1 --target invoice:2 --variables v\\nx: 1.json',
    );
    expect(parseYaml(text)).not.toHaveProperty('x');
    // The plan as written is one the engine accepts (its instances at approveInvoice are another matter).
    expect(JSON.parse((await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd })).stdout).summary).toMatchObject({
      instructionFailures: 0,
      variableFailures: 0,
    });
  });

  it('checks a variables file before sending anything', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'vars.json'), '{"x": {"value": {"a": 1}, "type": "Json"}}');
    const result = await cli(['migration', 'generate', '--source', 'invoice:1', '--target', 'invoice:2', '--variables', 'vars.json'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: vars.json:1:17: x.value: a Json value must be its serialized form as a string, not an object; the engine answers 400\n');
    expect(engine.requests).toEqual([]);
  });
});

describe('migration validate', () => {
  async function generated(source: string, target: string): Promise<{ cwd: string; plan: Record<string, unknown> }> {
    const cwd = tempDir();
    const result = await cli(['migration', 'generate', '--source', source, '--target', target, '--out', 'plan.yaml'], { cwd });
    expect(result.code).toBe(0);
    return { cwd, plan: parseYaml(readFileSync(join(cwd, 'plan.yaml'), 'utf8')) };
  }

  it('exits 0 for a valid plan, and the json carries the engine report unchanged', async () => {
    const { cwd } = await generated('refengine-demo:1', 'refengine-demo:2');
    engine.requests.length = 0;
    const result = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd });
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({
      plan: 'plan.yaml',
      valid: true,
      strict: false,
      source: { reference: 'refengine-demo:1', id: DEFINITIONS.v1, key: 'refengine-demo', version: 1, tenantId: null },
      target: { reference: 'refengine-demo:2', id: DEFINITIONS.v2, key: 'refengine-demo', version: 2 },
      report: { instructionReports: [], variableReports: {} },
      activeUnmapped: [],
      summary: { instructions: 1, instructionFailures: 0, variableFailures: 0, activeUnmapped: 0 },
    });
    const [request] = sent('/migration/validate');
    expect(JSON.parse(request!.body)).toEqual({
      sourceProcessDefinitionId: DEFINITIONS.v1,
      targetProcessDefinitionId: DEFINITIONS.v2,
      instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'], updateEventTrigger: false }],
    });
  });

  it('exits 3 with a table row per failing instruction and a summary line', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'plan.yaml'),
      toYaml({
        source: 'refengine-demo:1',
        target: 'refengine-demo:2',
        instructions: [
          { sourceActivityIds: ['approve'], targetActivityIds: ['nope'] },
          { sourceActivityIds: ['start'], targetActivityIds: ['review'] },
        ],
      }),
    );
    const table = await cli(['migration', 'validate', 'plan.yaml'], { cwd });
    expect(table.code).toBe(3);
    // Nothing in the target is near 'nope': the hint lists the target's activities.
    expect(table.stdout).toMatch(/^approve -> nope\tTarget activity 'nope' does not exist \(activities of the target: start, approve, review, end\)$/m);
    expect(table.stdout).toMatch(
      /^start -> review\tActivities have incompatible types \(NoneStartEventActivityBehavior is not compatible with UserTaskActivityBehavior\)$/m,
    );
    expect(table.stdout).toContain(
      `NOT valid: 2 instructions, 2 failing instructions, 0 failing variables; pre-flight of 3 running instances: 1 failure (3 instances refused), 0 warnings; refengine-demo:1 (${DEFINITIONS.v1}) -> refengine-demo:2 (${DEFINITIONS.v2})`,
    );
    const json = await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd });
    expect(json.code).toBe(3);
    const sample = JSON.parse(readFileSync(new URL('../../fixtures/samples/migration-validate-failures.json', import.meta.url), 'utf8'));
    expect(JSON.parse(json.stdout).report).toEqual(sample);
  });

  it('generate -> edit -> validate: the live check finds running instances on an unmapped activity', async () => {
    const { cwd, plan } = await generated('invoice:1', 'invoice:2');
    // The engine accepts the plan, but refuses the instances at the renamed activity: exit 3.
    const refused = await cli(['migration', 'validate', 'plan.yaml'], { cwd });
    expect(refused.code).toBe(3);
    expect(refused.stdout).toMatch(
      new RegExp(
        `^no instruction\tapproveInvoice -> \\(none\\)\t3; ${INSTANCES.invoiceApprove1}; ${INSTANCES.invoiceApprove2}; ${INSTANCES.invoiceApprove3}\tthe engine refuses them: no instruction maps approveInvoice\tfailure$`,
        'm',
      ),
    );
    const json = JSON.parse((await cli(['migration', 'validate', 'plan.yaml', '-o', 'json'], { cwd })).stdout);
    expect(json).toMatchObject({
      valid: false,
      strict: false,
      activeUnmapped: [{ activityId: 'approveInvoice', instances: 3 }],
      summary: { instructionFailures: 0 },
    });

    // The operator maps the renamed activity by hand: what is left is a warning (the instance waiting
    // in archiveInvoice's asynchronous continuation), which only --strict makes a failure.
    const instructions = plan.instructions as unknown[];
    instructions.push({ sourceActivityIds: ['approveInvoice'], targetActivityIds: ['approveInvoiceV2'] });
    writeFileSync(join(cwd, 'plan.yaml'), toYaml(plan));
    const fixed = await cli(['migration', 'validate', 'plan.yaml'], { cwd });
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toMatch(
      /^valid: \d+ instructions, 0 failing instructions, 0 failing variables; pre-flight of 6 running instances: 0 failures, 1 warning; invoice:1/m,
    );
    expect(fixed.stdout).toMatch(
      /^asynchronous continuation\tarchiveInvoice -> archiveInvoice\t1; \S+\ttheir job \(async-before\) moves to archiveInvoice and runs there\twarning$/m,
    );
    const strict = await cli(['migration', 'validate', 'plan.yaml', '--strict'], { cwd });
    expect(strict.code).toBe(3);
    expect(strict.stdout).toMatch(/\tfailure \(--strict\)$/m);
  });

  it('reads the plan from stdin', async () => {
    const plan = JSON.stringify({
      sourceProcessDefinitionId: DEFINITIONS.v1,
      targetProcessDefinitionId: DEFINITIONS.v2,
      instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approve'] }],
    });
    const result = await cli(['migration', 'validate', '-', '-o', 'json'], { stdin: plan });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).plan).toBe('<stdin>');
  });

  it('stops on drift between a reference and an id, naming both, before validating', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'plan.yaml'), `source: invoice:latest\nsourceProcessDefinitionId: ${DEFINITIONS.invoiceV1}\ntarget: invoice:2\ninstructions: []\n`);
    const result = await cli(['migration', 'validate', 'plan.yaml'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: plan.yaml:2:1: sourceProcessDefinitionId: drift: source 'invoice:latest' resolves to ${DEFINITIONS.invoiceV2}, but sourceProcessDefinitionId is ${DEFINITIONS.invoiceV1}; regenerate the plan or remove one of the two\n`,
    );
    expect(sent('/migration/validate')).toEqual([]);
  });

  it('refuses a plan with a typo before sending anything, exit 2, naming file, line and column', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'plan.yaml'),
      'source: invoice:1\ntarget: invoice:2\ninstructions:\n  - sourceActivityIds: [prepareBankTransfer]\n    targetActivityIds: [prepareBankTransfer]\n    updateEventTriggers: true\n',
    );
    const result = await cli(['migration', 'validate', 'plan.yaml'], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "error: plan.yaml:6:5: instructions[0].updateEventTriggers: unknown property (did you mean 'updateEventTrigger'?); the engine would silently ignore it\n",
    );
    expect(engine.requests).toEqual([]);
  });

  it('reports a missing plan file as a usage error', async () => {
    const result = await cli(['migration', 'validate', 'missing.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing.yaml: plan file not found\n');
  });
});

describe('definitions the user may not read', () => {
  let secured: Simulator;
  beforeAll(async () => {
    secured = await startSimulator({ basicAuth: true });
  });
  afterAll(async () => {
    await secured.close();
  });
  const as = (user: string, args: string[]) => runCli(['--url', secured.url, '--username', user, '--password-stdin', ...args], { stdin: user });

  it('look like definitions that do not exist: the line says that they may be unreadable', async () => {
    const byKey = await as('mary', ['migration', 'generate', '--source', 'invoice:1', '--target', 'invoice:latest']);
    expect(byKey.code).toBe(2);
    expect(byKey.stderr).toBe("error: --source: no process definition with key 'invoice' (none is deployed, or the user may read none)\n");
    const byId = await as('mary', ['migration', 'generate', '--source', DEFINITIONS.invoiceV1, '--target', 'invoice:latest']);
    expect(byId.stderr).toBe(
      `error: --source: no process definition with id '${DEFINITIONS.invoiceV1}'; use KEY:VERSION or KEY:latest to look it up by key (or the user may not read it: the engine's queries leave out the definitions without READ permission)\n`,
    );
  });

  it('without credentials the line is as before: nothing is hidden then', async () => {
    const result = await cli(['migration', 'generate', '--source', 'invoce:1', '--target', 'invoice:latest']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: --source: no process definition with key 'invoce' (did you mean invoice?)\n");
  });
});
