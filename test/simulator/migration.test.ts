// POST /migration/generate and /migration/validate over the real socket.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { javaHashMapOrder, SEEDED_PROCESS_DEFINITION_IDS as DEFS, startSimulator } from './index.js';
import type { ProcessDefinitionRecord, Simulator } from './index.js';
import { loadSample, sampleIndex } from './samples.js';

let sim: Simulator;

// Some tests deploy extra definitions: every test gets a fresh engine.
beforeEach(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  await sim.close();
});

interface Answer {
  status: number;
  contentType: string | null;
  body: unknown;
}

async function post(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() };
}

/** The request body the capture sent for a sample. */
function capturedRequest(name: string): unknown {
  const entry = sampleIndex().find((sample) => sample.name === name);
  if (!entry) throw new Error(`no sample ${name}`);
  return entry.request;
}

const instruction = (source: string | null, target: string | null, updateEventTrigger = false): Record<string, unknown> => ({
  sourceActivityIds: [source],
  targetActivityIds: [target],
  updateEventTrigger,
});

const JAVA_OBJECT = {
  type: 'Object',
  value: 'rO0ABXNyABNqYXZhLnV0aWwuQXJyYXlMaXN0eIHSHZnHYZ0DAAFJAARzaXpleHAAAAAAdwQAAAAAeA==',
  valueInfo: { objectTypeName: 'java.util.ArrayList', serializationDataFormat: 'application/x-java-serialized-object' },
};

function deploy(definition: Partial<ProcessDefinitionRecord> & Pick<ProcessDefinitionRecord, 'id' | 'activities'>): void {
  const base = sim.state.findProcessDefinition(DEFS.invoiceV2);
  if (!base) throw new Error('seed missing');
  sim.state.processDefinitions.push({ ...base, version: 3, ...definition });
}

describe('POST /migration/generate', () => {
  it.each([
    ['migration-generate', 200],
    ['migration-generate-reverse', 200],
    ['migration-generate-missing-ids', 400],
    ['migration-generate-unknown-definition', 400],
  ])('answers the captured request like %s.json', async (name, status) => {
    expect(await post('/migration/generate', capturedRequest(name))).toEqual({ status, contentType: 'application/json', body: loadSample(name) });
  });

  it('reports a missing target id after the source', async () => {
    expect((await post('/migration/generate', { sourceProcessDefinitionId: DEFS.v1 })).body).toEqual({
      type: 'InvalidRequestException',
      message: 'Target process definition id is null',
      code: 0,
    });
    expect((await post('/migration/generate', { sourceProcessDefinitionId: DEFS.v1, targetProcessDefinitionId: 'nope:1:1' })).body).toEqual(
      loadSample('migration-validate-unknown-definition'),
    );
  });

  it('maps only equal ids of migratable activities: invoice v1 -> v2 leaves approveInvoice, events, gateways and tasks without wait state', async () => {
    const answer = await post('/migration/generate', {
      sourceProcessDefinitionId: DEFS.invoiceV1,
      targetProcessDefinitionId: DEFS.invoiceV2,
      updateEventTriggers: true,
    });
    expect(answer).toEqual({
      status: 200,
      contentType: 'application/json',
      body: {
        sourceProcessDefinitionId: DEFS.invoiceV1,
        targetProcessDefinitionId: DEFS.invoiceV2,
        // archiveInvoice is an asyncBefore service task: migratable as a transition instance.
        instructions: [
          instruction('prepareBankTransfer', 'prepareBankTransfer'),
          instruction('reviewInvoice', 'reviewInvoice'),
          instruction('archiveInvoice', 'archiveInvoice'),
        ],
        variables: null,
      },
    });
    const reverse = await post('/migration/generate', { sourceProcessDefinitionId: DEFS.invoiceV2, targetProcessDefinitionId: DEFS.invoiceV1 });
    expect((reverse.body as { instructions: unknown[] }).instructions).toEqual([
      instruction('prepareBankTransfer', 'prepareBankTransfer'),
      instruction('reviewInvoice', 'reviewInvoice'),
      instruction('archiveInvoice', 'archiveInvoice'),
    ]);
  });

  it('maps boundary events with their host and sets updateEventTrigger only when asked', async () => {
    deploy({ id: 'invoice:3:c7d0a1b2-e5fe-11f1-a2ca-02fc00000001', activities: sim.state.findProcessDefinition(DEFS.invoiceV2)?.activities ?? [] });
    const generate = async (updateEventTriggers: boolean): Promise<unknown> =>
      (
        (
          await post('/migration/generate', {
            sourceProcessDefinitionId: DEFS.invoiceV2,
            targetProcessDefinitionId: 'invoice:3:c7d0a1b2-e5fe-11f1-a2ca-02fc00000001',
            updateEventTriggers,
          })
        ).body as { instructions: unknown }
      ).instructions;
    expect(await generate(true)).toEqual([
      instruction('approveInvoiceV2', 'approveInvoiceV2'),
      instruction('reminderTimer', 'reminderTimer', true),
      instruction('prepareBankTransfer', 'prepareBankTransfer'),
      instruction('reviewInvoice', 'reviewInvoice'),
      instruction('archiveInvoice', 'archiveInvoice'),
    ]);
    expect(await generate(false)).toContainEqual(instruction('reminderTimer', 'reminderTimer', false));
  });

  it('drops generated instructions that fail validation (a boundary event whose host is not mapped)', async () => {
    const v2 = sim.state.findProcessDefinition(DEFS.invoiceV2);
    if (!v2) throw new Error('seed missing');
    deploy({
      id: 'invoice:3:c7d0a1b3-e5fe-11f1-a2ca-02fc00000001',
      activities: v2.activities.map((activity) =>
        activity.id === 'approveInvoiceV2'
          ? { ...activity, id: 'approveInvoiceV3' }
          : activity.id === 'reminderTimer'
            ? { ...activity, attachedTo: 'approveInvoiceV3' }
            : activity,
      ),
    });
    const answer = await post('/migration/generate', {
      sourceProcessDefinitionId: DEFS.invoiceV2,
      targetProcessDefinitionId: 'invoice:3:c7d0a1b3-e5fe-11f1-a2ca-02fc00000001',
    });
    expect((answer.body as { instructions: { sourceActivityIds: string[] }[] }).instructions.map((item) => item.sourceActivityIds[0])).toEqual([
      'prepareBankTransfer',
      'reviewInvoice',
      'archiveInvoice',
    ]);
  });

  it('generates across tenants (the same key deployed for tenant-a and tenant-b)', async () => {
    const answer = await post('/migration/generate', { sourceProcessDefinitionId: DEFS.sharedTenantA, targetProcessDefinitionId: DEFS.sharedTenantB });
    expect(answer.body).toEqual({
      sourceProcessDefinitionId: DEFS.sharedTenantA,
      targetProcessDefinitionId: DEFS.sharedTenantB,
      instructions: [instruction('task', 'task')],
      variables: null,
    });
  });

  it('echoes the plan variables as the engine converted them, ignoring request instructions', async () => {
    const answer = await post('/migration/generate', {
      sourceProcessDefinitionId: DEFS.v1,
      targetProcessDefinitionId: DEFS.v2,
      instructions: [instruction('start', 'review')],
      variables: {
        note: { type: 'String', value: 'migrated' },
        count: { type: 'integer', value: '42' },
        list: { type: 'Object', value: '[5,6]', valueInfo: { objectTypeName: 'java.util.ArrayList', serializationDataFormat: 'application/json' } },
        raw: { value: { nested: true } },
      },
    });
    expect(answer.status).toBe(200);
    const body = answer.body as { instructions: unknown; variables: Record<string, unknown> };
    expect(body.instructions).toEqual([instruction('approve', 'approve')]);
    expect(body.variables).toEqual({
      note: { type: 'String', value: 'migrated', valueInfo: {} },
      count: { type: 'Integer', value: 42, valueInfo: {} },
      list: { type: 'Object', value: '[5,6]', valueInfo: { objectTypeName: 'java.util.ArrayList', serializationDataFormat: 'application/json' } },
      raw: { type: null, value: { nested: true }, valueInfo: null },
    });
    // A HashMap in the engine: Java's iteration order, not the request's.
    expect(Object.keys(body.variables)).toEqual(javaHashMapOrder(['note', 'count', 'list', 'raw']));
  });

  it('refuses a Java-serialized plan variable with the ENGINE-23001 message only (docs/engine-notes.md#java-serialization)', async () => {
    const answer = await post('/migration/generate', {
      sourceProcessDefinitionId: DEFS.v1,
      targetProcessDefinitionId: DEFS.v2,
      variables: { foo: JAVA_OBJECT, ok: { type: 'String', value: 'x' }, bar: JAVA_OBJECT },
    });
    expect(answer).toEqual({
      status: 400,
      contentType: 'application/json',
      body: {
        type: 'InvalidRequestException',
        message:
          `ENGINE-23001 Migration plan for process definition '${DEFS.v1}' to '${DEFS.v2}' is not valid:\n` +
          '\t Migration variable bar is not valid:\n\t\tCannot set variable with name bar. Java serialization format is prohibited\n' +
          '\t Migration variable foo is not valid:\n\t\tCannot set variable with name foo. Java serialization format is prohibited\n',
        code: 0,
      },
    });
  });

  it.each([
    [{ x: { type: 'Foo', value: 1 } }, 'RestException', "Unsupported value type 'Foo'"],
    [
      { x: { type: 'Object', value: { a: 1 } } },
      'InvalidRequestException',
      "Must provide 'null' or String value for value of SerializableValue type 'Object'.",
    ],
    [{ x: { type: 'Json', value: [1] } }, 'InvalidRequestException', "Must provide 'null' or String value for value of SerializableValue type 'Json'."],
    [{ x: { type: 'Integer', value: 'abc' } }, 'InvalidRequestException', "Cannot convert value 'abc' of type 'Integer' to java type java.lang.Integer"],
  ])('rejects an invalid variable %j before it looks at the definitions', async (variables, type, message) => {
    const answer = await post('/migration/generate', { sourceProcessDefinitionId: 'nope:1:1', targetProcessDefinitionId: DEFS.v2, variables });
    expect(answer).toEqual({ status: 400, contentType: 'application/json', body: { type, message, code: null } });
  });

  it('answers malformed JSON like invalid-json-syntax.json and an unknown engine like unknown-engine.json', async () => {
    expect(await post('/migration/generate', '{"sourceProcessDefinitionId": ')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: loadSample('invalid-json-syntax'),
    });
    expect((await post('/migration/generate', { updateEventTriggers: 'sometimes' })).body).toEqual(loadSample('invalid-json-type'));
    expect((await post('/engine/nope/migration/generate', capturedRequest('migration-generate'))).body).toEqual(loadSample('unknown-engine'));
    expect((await post('/engine/default/migration/generate', capturedRequest('migration-generate'))).body).toEqual(loadSample('migration-generate'));
  });
});

describe('POST /migration/validate', () => {
  it.each([
    ['migration-validate-ok', 200],
    ['migration-validate-failures', 200],
    ['migration-validate-unknown-definition', 400],
  ])('answers the captured request like %s.json', async (name, status) => {
    expect(await post('/migration/validate', capturedRequest(name))).toEqual({ status, contentType: 'application/json', body: loadSample(name) });
  });

  const validate = async (source: string, target: string, instructions: unknown[], extra: Record<string, unknown> = {}): Promise<Answer> =>
    post('/migration/validate', { sourceProcessDefinitionId: source, targetProcessDefinitionId: target, instructions, ...extra });

  it('reports missing and null activities first, then the validator failures, each with its instruction', async () => {
    const answer = await validate(DEFS.v1, DEFS.v2, [
      instruction('approve', 'approve'),
      { sourceActivityIds: ['start'], targetActivityIds: ['review'] },
      instruction('nope', 'gone'),
      instruction(null, 'approve'),
      instruction(null, null),
    ]);
    expect(answer).toEqual({
      status: 200,
      contentType: 'application/json',
      body: {
        instructionReports: [
          { instruction: instruction('nope', 'gone'), failures: ["Source activity 'nope' does not exist", "Target activity 'gone' does not exist"] },
          { instruction: instruction(null, 'approve'), failures: ['Source activity id is null'] },
          { instruction: instruction(null, null), failures: ['Source activity id is null', 'Target activity id is null'] },
          {
            instruction: instruction('start', 'review'),
            failures: ['Activities have incompatible types (NoneStartEventActivityBehavior is not compatible with UserTaskActivityBehavior)'],
          },
        ],
        variableReports: {},
      },
    });
  });

  it('reads only element [0] of each id list', async () => {
    const answer = await validate(DEFS.v1, DEFS.v2, [{ sourceActivityIds: ['approve', 'nope'], targetActivityIds: ['approve', 'gone'] }]);
    expect(answer.body).toEqual(loadSample('migration-validate-ok'));
  });

  it('reports a source activity mapped twice on both instructions', async () => {
    const answer = await validate(DEFS.v1, DEFS.v2, [instruction('approve', 'approve'), instruction('approve', 'review')]);
    const failure =
      "There are multiple mappings for source activity id 'approve': " +
      'ValidatingMigrationInstructionImpl{sourceActivity=Activity(approve), targetActivity=Activity(approve)}, ' +
      'ValidatingMigrationInstructionImpl{sourceActivity=Activity(approve), targetActivity=Activity(review)}';
    expect(answer.body).toEqual({
      instructionReports: [
        { instruction: instruction('approve', 'approve'), failures: [failure] },
        { instruction: instruction('approve', 'review'), failures: [failure] },
      ],
      variableReports: {},
    });
  });

  it('checks types, event triggers and boundary event scopes like the engine validators', async () => {
    const answer = await validate(DEFS.invoiceV1, DEFS.invoiceV2, [
      instruction('approveInvoice', 'reminderTimer'),
      instruction('prepareBankTransfer', 'prepareBankTransfer', true),
      instruction('reviewInvoice', 'assignApprover'),
    ]);
    expect(answer.body).toEqual({
      instructionReports: [
        {
          instruction: instruction('approveInvoice', 'reminderTimer'),
          failures: ['Activities have incompatible types (UserTaskActivityBehavior is not compatible with BoundaryEventActivityBehavior)'],
        },
        {
          instruction: instruction('prepareBankTransfer', 'prepareBankTransfer', true),
          failures: ['Cannot update event trigger because the activity does not define a persistent event trigger'],
        },
        {
          instruction: instruction('reviewInvoice', 'assignApprover'),
          failures: ['Activities have incompatible types (CallActivityBehavior is not compatible with DmnBusinessRuleTaskActivityBehavior)'],
        },
      ],
      variableReports: {},
    });

    const boundary = await validate(DEFS.invoiceV2, DEFS.invoiceV2, [
      instruction('reminderTimer', 'reminderTimer', true),
      instruction('reminderTimer', 'approveInvoiceV2'),
    ]);
    const twice =
      "There are multiple mappings for source activity id 'reminderTimer': " +
      'ValidatingMigrationInstructionImpl{sourceActivity=Activity(reminderTimer), targetActivity=Activity(reminderTimer)}, ' +
      'ValidatingMigrationInstructionImpl{sourceActivity=Activity(reminderTimer), targetActivity=Activity(approveInvoiceV2)}';
    expect(boundary.body).toEqual({
      instructionReports: [
        {
          instruction: instruction('reminderTimer', 'reminderTimer', true),
          failures: [twice, "The source activity's event scope (approveInvoiceV2) must be mapped to the target activity's event scope (approveInvoiceV2)"],
        },
        {
          instruction: instruction('reminderTimer', 'approveInvoiceV2'),
          failures: [
            'Activities have incompatible types (BoundaryEventActivityBehavior is not compatible with UserTaskActivityBehavior)',
            twice,
            "The source activity's event scope (approveInvoiceV2) must be mapped but the target activity has no event scope",
          ],
        },
      ],
      variableReports: {},
    });

    const mappedHost = await validate(DEFS.invoiceV2, DEFS.invoiceV2, [
      instruction('approveInvoiceV2', 'approveInvoiceV2'),
      instruction('reminderTimer', 'reminderTimer', true),
    ]);
    expect(mappedHost.body).toEqual(loadSample('migration-validate-ok'));
  });

  it('accepts at plan level what only instance validation rejects (unsupported activity types)', async () => {
    // SupportedActivityValidator only runs when instructions are generated and when instances migrate.
    const answer = await validate(DEFS.invoiceV1, DEFS.invoiceV2, [
      instruction('StartEvent_1', 'StartEvent_1'),
      instruction('assignApprover', 'assignApprover'),
    ]);
    expect(answer.body).toEqual(loadSample('migration-validate-ok'));
  });

  it('reports boundary events of a different type and sub process scopes', async () => {
    deploy({
      id: 'nested:1:c7d0a1b4-e5fe-11f1-a2ca-02fc00000001',
      activities: [
        { id: 'sub', type: 'subProcess' },
        { id: 'inner', type: 'userTask', parentId: 'sub' },
        { id: 'outer', type: 'userTask' },
        { id: 'alarm', type: 'boundaryMessageEvent', attachedTo: 'outer' },
      ],
    });
    deploy({
      id: 'nested:2:c7d0a1b5-e5fe-11f1-a2ca-02fc00000001',
      activities: [
        { id: 'sub', type: 'subProcess' },
        { id: 'inner', type: 'userTask', parentId: 'sub' },
        { id: 'outer', type: 'userTask' },
        { id: 'alarm', type: 'boundaryTimerEvent', attachedTo: 'outer' },
      ],
    });
    const answer = await validate('nested:1:c7d0a1b4-e5fe-11f1-a2ca-02fc00000001', 'nested:2:c7d0a1b5-e5fe-11f1-a2ca-02fc00000001', [
      instruction('sub', 'sub'),
      instruction('inner', 'outer'),
      instruction('outer', 'outer'),
      instruction('alarm', 'alarm'),
    ]);
    expect(answer.body).toEqual({
      instructionReports: [
        {
          instruction: instruction('inner', 'outer'),
          failures: ["The closest mapped ancestor 'sub' is mapped to scope 'sub' which is not an ancestor of target scope 'outer'"],
        },
        { instruction: instruction('alarm', 'alarm'), failures: ['Events are not of the same type (boundaryMessage != boundaryTimer)'] },
      ],
      variableReports: {},
    });
  });

  it('reports Java-serialized variables as data, with the VariableValueDto fields (in Java HashMap order)', async () => {
    const answer = await validate(DEFS.v1, DEFS.v2, [instruction('approve', 'approve')], {
      variables: { foo: JAVA_OBJECT, fine: { type: 'Object', value: '[]', valueInfo: { serializationDataFormat: 'application/json' } }, bar: JAVA_OBJECT },
    });
    const report = { ...JAVA_OBJECT, failures: [] as string[] };
    expect(answer).toEqual({
      status: 200,
      contentType: 'application/json',
      body: {
        instructionReports: [],
        variableReports: {
          bar: { ...report, failures: ['Cannot set variable with name bar. Java serialization format is prohibited'] },
          foo: { ...report, failures: ['Cannot set variable with name foo. Java serialization format is prohibited'] },
        },
      },
    });
    expect(Object.keys((answer.body as { variableReports: object }).variableReports)).toEqual(['bar', 'foo']);
    expect(Object.keys((answer.body as { variableReports: Record<string, object> }).variableReports.bar ?? {})).toEqual([
      'type',
      'value',
      'valueInfo',
      'failures',
    ]);
  });

  it('converts variables before it resolves the definitions', async () => {
    expect(await validate('nope:1:1', DEFS.v2, [], { variables: { x: { type: 'Foo' } } })).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { type: 'RestException', message: "Unsupported value type 'Foo'", code: null },
    });
    expect((await validate(DEFS.v1, DEFS.v2, [], { variables: { x: { type: 'Xml', value: 5 } } })).body).toEqual({
      type: 'InvalidRequestException',
      message: "Must provide 'null' or String value for value of SerializableValue type 'Xml'.",
      code: null,
    });
  });

  it('fails like the engine on broken instruction lists (500s of the DTO conversion)', async () => {
    expect(await validate(DEFS.v1, DEFS.v2, [{ targetActivityIds: ['approve'] }])).toEqual({
      status: 500,
      contentType: 'application/json',
      body: {
        type: 'NullPointerException',
        message:
          'Cannot invoke "java.util.List.get(int)" because the return value of "org.camunda.bpm.engine.rest.dto.migration.MigrationInstructionDto.getSourceActivityIds()" is null',
        code: null,
      },
    });
    expect((await validate(DEFS.v1, DEFS.v2, [{ sourceActivityIds: ['approve'], targetActivityIds: [] }])).body).toEqual({
      type: 'IndexOutOfBoundsException',
      message: 'Index 0 out of bounds for length 0',
      code: null,
    });
    expect((await validate(DEFS.v1, DEFS.v2, [null])).status).toBe(500);
    // A null body is dereferenced like the missing plan of migration-execute-no-plan.json.
    expect(await post('/migration/validate', 'null')).toEqual({ status: 500, contentType: 'application/json', body: loadSample('migration-execute-no-plan') });
  });

  it('answers wrong JSON shapes, malformed JSON and unknown engines like the engine', async () => {
    expect((await validate(DEFS.v1, DEFS.v2, [{ sourceActivityIds: 'approve', targetActivityIds: ['approve'] }])).body).toEqual(
      loadSample('invalid-json-type'),
    );
    expect((await post('/migration/validate', '[')).body).toEqual(loadSample('invalid-json-syntax'));
    expect(await post('/engine/nope/migration/validate', capturedRequest('migration-validate-ok'))).toEqual({
      status: 400,
      contentType: 'application/json',
      body: loadSample('unknown-engine'),
    });
    expect((await post('/engine/default/migration/validate', capturedRequest('migration-validate-failures'))).body).toEqual(
      loadSample('migration-validate-failures'),
    );
  });
});
