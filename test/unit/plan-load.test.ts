// Each strict check of the plan loader, with the exact problem line it must print.
import * as places from '../../src/input/places.js';
import { describe, expect, it } from 'vitest';
import { parsePlan, parseVariables, PlanError } from '../../src/plans/load.js';

function problems(text: string, file = 'plan.yaml'): string[] {
  try {
    parsePlan(text, file, places);
  } catch (error) {
    expect(error).toBeInstanceOf(PlanError);
    expect((error as PlanError).exitCode).toBe(2);
    return (error as PlanError).message.split('\n');
  }
  throw new Error('expected the plan to be refused');
}

const HEAD = 'source: invoice:1\ntarget: invoice:2\n';

describe('accepted plans', () => {
  it('reads our plan shape from YAML', () => {
    const loaded = parsePlan(
      `${HEAD}instructions:\n  - sourceActivityIds: [approve]\n    targetActivityIds: [approveInvoice]\n    updateEventTrigger: false\nvariables:\n  migratedBy: { value: ops, type: String }\n`,
      'plan.yaml',
      places,
    );
    expect(loaded.format).toBe('yaml');
    expect(loaded.shape).toBe('plan');
    expect(loaded.plan).toEqual({
      source: 'invoice:1',
      target: 'invoice:2',
      instructions: [{ sourceActivityIds: ['approve'], targetActivityIds: ['approveInvoice'], updateEventTrigger: false }],
      variables: { migratedBy: { value: 'ops', type: 'String' } },
    });
    expect(loaded.warnings).toEqual([]);
  });

  it('reads the engine execute request, JSON detected by content whatever the file name', () => {
    const loaded = parsePlan(
      JSON.stringify({
        migrationPlan: {
          sourceProcessDefinitionId: 'a',
          targetProcessDefinitionId: 'b',
          instructions: [{ sourceActivityIds: ['x'], targetActivityIds: ['y'] }],
          variables: null,
        },
        processInstanceIds: ['1', '2'],
        skipIoMappings: true,
      }),
      'request.yaml',
      places,
    );
    expect(loaded.format).toBe('json');
    expect(loaded.shape).toBe('execution-request');
    expect(loaded.plan).toEqual({
      sourceProcessDefinitionId: 'a',
      targetProcessDefinitionId: 'b',
      instructions: [{ sourceActivityIds: ['x'], targetActivityIds: ['y'] }],
      processInstanceIds: ['1', '2'],
      skipIoMappings: true,
    });
  });

  it('tolerates a BOM and CRLF line ends', () => {
    const loaded = parsePlan(`\uFEFF${HEAD}instructions: []\n`.replace(/\n/g, '\r\n'), 'plan.yaml', places);
    expect(loaded.plan.source).toBe('invoice:1');
  });

  it('warns, not fails, on an empty instruction list', () => {
    const loaded = parsePlan(`${HEAD}instructions: []\n`, 'plan.yaml', places);
    expect(loaded.warnings.map((w) => `${w.line}:${w.column} ${w.path}: ${w.message}`)).toEqual([
      '3:15 instructions: no instructions: the engine accepts the plan, then fails for every instance with an active activity',
    ]);
  });
});

describe('refused plans name file, line, column and path', () => {
  it('an unknown property on an instruction, with the suggestion', () => {
    expect(problems(`${HEAD}instructions:\n  - sourceActivityIds: [a]\n    targetActivityIds: [b]\n    updateEventTriggers: true\n`)).toEqual([
      "plan.yaml:6:5: instructions[0].updateEventTriggers: unknown property (did you mean 'updateEventTrigger'?); the engine would silently ignore it",
    ]);
  });

  it('an unknown top-level property, with the suggestion', () => {
    expect(problems(`${HEAD}processInstanceID: [a]\n`)).toEqual([
      "plan.yaml:3:1: processInstanceID: unknown property (did you mean 'processInstanceIds'?); the engine would silently ignore it",
    ]);
  });

  it('unknown properties inside the engine request and its query', () => {
    const text = JSON.stringify(
      {
        migrationPlan: { sourceProcessDefinitionId: 'a', targetProcessDefinitionId: 'b', instructions: [] },
        processInstanceQuery: { processDefinitionID: 'a' },
      },
      null,
      1,
    );
    expect(problems(text, 'req.json')).toEqual([
      "req.json:8:3: processInstanceQuery.processDefinitionID: unknown property (did you mean 'processDefinitionId'?); the engine would silently ignore it",
    ]);
  });

  it('activity id lists of other than one element', () => {
    expect(problems(`${HEAD}instructions:\n  - sourceActivityIds: [a, b]\n    targetActivityIds: []\n`)).toEqual([
      "plan.yaml:4:24: instructions[0].sourceActivityIds: must hold exactly one activity id, not 2 (the engine reads only the first, 'a', and ignores the rest)",
      'plan.yaml:5:24: instructions[0].targetActivityIds: must hold exactly one activity id (the engine fails with a 500 on an empty list)',
    ]);
  });

  it('the same source activity mapped twice', () => {
    expect(
      problems(`${HEAD}instructions:\n  - { sourceActivityIds: [a], targetActivityIds: [b] }\n  - { sourceActivityIds: [a], targetActivityIds: [c] }\n`),
    ).toEqual([
      "plan.yaml:5:27: instructions[1].sourceActivityIds[0]: activity 'a' is already mapped by instructions[0]; each source activity can be mapped once",
    ]);
  });

  it('a plan without source or target', () => {
    expect(problems('instructions: []\n')).toEqual([
      'plan.yaml:1:1: the plan names no source: add source (a reference such as invoice:1) or sourceProcessDefinitionId',
      'plan.yaml:1:1: the plan names no target: add target (a reference such as invoice:1) or targetProcessDefinitionId',
    ]);
  });

  it.each([
    ['unknown type', 'x: { value: 1, type: Integr }', "plan.yaml:4:24: variables.x.type: unknown value type 'Integr' (did you mean Integer?)"],
    [
      'upper-case type (the engine only lower-cases the first letter)',
      'x: { value: a, type: STRING }',
      "plan.yaml:4:24: variables.x.type: unknown value type 'STRING' (did you mean String?)",
    ],
    [
      'abstract Number',
      'x: { value: 1, type: Number }',
      "plan.yaml:4:24: variables.x.type: unknown value type 'Number' (Number is abstract; use Integer, Long, Short or Double)",
    ],
    [
      'Object with an object value',
      'x: { value: { a: 1 }, type: Object, valueInfo: { serializationDataFormat: application/json } }',
      'plan.yaml:4:15: variables.x.value: an Object value must be its serialized form as a string (or null), not an object; the engine answers 400',
    ],
    [
      'Json with a list value',
      'x: { value: [1], type: Json }',
      'plan.yaml:4:15: variables.x.value: a Json value must be its serialized form as a string, not a list; the engine answers 400',
    ],
    [
      'File without filename',
      'x: { value: aGVsbG8=, type: File }',
      'plan.yaml:4:6: variables.x: a File value needs valueInfo.filename (without it the engine fails with a 500)',
    ],
    [
      'Java serialization',
      'x: { value: rO0ABQ, type: Object, valueInfo: { objectTypeName: java.util.ArrayList, serializationDataFormat: application/x-java-serialized-object } }',
      'plan.yaml:4:112: variables.x.valueInfo.serializationDataFormat: Java-serialized objects are refused by the engine by default (javaSerializationFormatEnabled is false); use application/json or the Json type',
    ],
    [
      'Integer out of range',
      'x: { value: 3000000000, type: Integer }',
      'plan.yaml:4:15: variables.x.value: an Integer value must be a whole number from -2147483648 to 2147483647, not 3000000000',
    ],
    [
      'Date in ISO format',
      'x: { value: "2026-01-31T10:00:00Z", type: Date }',
      "plan.yaml:4:15: variables.x.value: a Date value must be a string in the engine's format yyyy-MM-dd'T'HH:mm:ss.SSSZ, e.g. 2026-01-31T10:00:00.000+0100, not \"2026-01-31T10:00:00Z\"",
    ],
    [
      'unknown valueInfo key',
      'x: { value: a, type: File, valueInfo: { filename: a.txt, mimetype: text/plain } }',
      "plan.yaml:4:60: variables.x.valueInfo.mimetype: unknown valueInfo property for type File (did you mean 'mimeType'?); the engine would ignore it",
    ],
    [
      'unknown variable property',
      'x: { valu: a, type: String }',
      "plan.yaml:4:8: variables.x.valu: unknown property (did you mean 'value'?); the engine would silently ignore it",
    ],
  ])('variables: %s', (_name, variable, message) => {
    expect(problems(`${HEAD}variables:\n  ${variable}\n`)).toEqual([message]);
  });

  it('accepts good variables of every type', () => {
    const loaded = parsePlan(
      `${HEAD}instructions: []\nvariables:\n` +
        [
          's: { value: text, type: String }',
          'i: { value: "42", type: integer }',
          'l: { value: 9007199254740991, type: Long }',
          'd: { value: 1.5, type: Double }',
          'b: { value: true, type: Boolean }',
          'dt: { value: "2026-01-31T10:00:00.000+0100", type: Date }',
          'n: { value: null, type: "Null" }',
          'f: { value: aGVsbG8=, type: File, valueInfo: { filename: hello.txt, mimeType: text/plain } }',
          'o: { value: "{\\"a\\":1}", type: Object, valueInfo: { objectTypeName: java.util.HashMap, serializationDataFormat: application/json } }',
          'j: { value: "{}", type: Json }',
          'untyped: { value: 5 }',
        ]
          .map((line) => `  ${line}`)
          .join('\n') +
        '\n',
      'plan.yaml',
      places,
    );
    expect(Object.keys(loaded.plan.variables ?? {})).toHaveLength(11);
    expect(loaded.warnings.map((w) => w.path)).toEqual(['instructions']);
  });

  it('a value of the wrong type does not hide the other problems: every one is reported, in file order', () => {
    const plan = [
      'source: invoice:1',
      'processInstanceIds: abc',
      'instructions:',
      '  - sourceActivityIds: [a, b]',
      '    targetActivityIds: [x]',
      '  - sourceActivityIds: a',
      '    targetActivityIds: [y]',
      '  - { sourceActivityIds: [a], targetActivityIds: [z] }',
      'variables:',
      '  v: { value: 1, type: Integr }',
      '',
    ].join('\n');
    expect(problems(plan)).toEqual([
      'plan.yaml:1:1: the plan names no target: add target (a reference such as invoice:1) or targetProcessDefinitionId',
      'plan.yaml:2:21: processInstanceIds: expected a list, got the string "abc"',
      "plan.yaml:4:24: instructions[0].sourceActivityIds: must hold exactly one activity id, not 2 (the engine reads only the first, 'a', and ignores the rest)",
      'plan.yaml:6:24: instructions[1].sourceActivityIds: expected a list, got the string "a"',
      "plan.yaml:8:27: instructions[2].sourceActivityIds[0]: activity 'a' is already mapped by instructions[0]; each source activity can be mapped once",
      "plan.yaml:10:24: variables.v.type: unknown value type 'Integr' (did you mean Integer?)",
    ]);
  });

  it('an unknown property hides neither the checks of its instruction nor those of the others', () => {
    const plan = [
      ...HEAD.trimEnd().split('\n'),
      'instructions:',
      '  - sourceActivityIds: [a, b]',
      '    targetActivityIds: [x]',
      '    updateEventTriggers: true',
      '  - { sourceActivityIds: [a], targetActivityIds: [y], extra: 1 }',
      '  - { sourceActivityIds: c, targetActivityIds: [z, w] }',
      'variables:',
      '  v: { value: 1, type: Integr, note: x }',
      '  w: { valu: 1, type: String }',
      '',
    ].join('\n');
    expect(problems(plan)).toEqual([
      "plan.yaml:4:24: instructions[0].sourceActivityIds: must hold exactly one activity id, not 2 (the engine reads only the first, 'a', and ignores the rest)",
      "plan.yaml:6:5: instructions[0].updateEventTriggers: unknown property (did you mean 'updateEventTrigger'?); the engine would silently ignore it",
      "plan.yaml:7:27: instructions[1].sourceActivityIds[0]: activity 'a' is already mapped by instructions[0]; each source activity can be mapped once",
      'plan.yaml:7:55: instructions[1].extra: unknown property; the engine would silently ignore it',
      'plan.yaml:8:26: instructions[2].sourceActivityIds: expected a list, got the string "c"',
      "plan.yaml:8:48: instructions[2].targetActivityIds: must hold exactly one activity id, not 2 (the engine reads only the first, 'z', and ignores the rest)",
      "plan.yaml:10:24: variables.v.type: unknown value type 'Integr' (did you mean Integer?)",
      'plan.yaml:10:32: variables.v.note: unknown property; the engine would silently ignore it',
      // A misspelt value is not a missing one: w's value is not checked against its type.
      "plan.yaml:11:8: variables.w.valu: unknown property (did you mean 'value'?); the engine would silently ignore it",
    ]);
  });

  it('in an execute request too; a source of the wrong type is not also a missing one', () => {
    const request =
      '{\n  "migrationPlan": { "source": 1, "target": "a:2", "instructions": [{ "sourceActivityIds": ["a", "b"], "targetActivityIds": ["c"] }] },\n  "skipIoMappings": "yes"\n}\n';
    expect(problems(request, 'plan.json')).toEqual([
      'plan.json:2:32: migrationPlan.source: expected a string, got the number 1',
      "plan.json:2:92: migrationPlan.instructions[0].sourceActivityIds: must hold exactly one activity id, not 2 (the engine reads only the first, 'a', and ignores the rest)",
      'plan.json:3:21: skipIoMappings: expected true or false, got the string "yes"',
    ]);
  });

  it('syntax errors, duplicate keys, wrong types and empty files', () => {
    expect(problems('{"source": "a:1",\n "target": "a:2",\n}', 'plan.json')[0]).toMatch(/^plan\.json:3:1: invalid JSON: /);
    expect(problems('source: a:1\nsource: a:2\n')[0]).toMatch(/^plan\.yaml:2:1: duplicate key: /);
    expect(problems('{"source": "a:1", "source": "a:2"}', 'plan.json')[0]).toMatch(/^plan\.json:1:19: duplicate key/);
    // JSON is read with JSON.parse unless its keys do not add up: a nested duplicate, after a string holding '\":'.
    expect(
      problems('{"source": "a:1", "target": "a:2", "instructions": [{"sourceActivityIds": ["x\\":"], "sourceActivityIds": ["y"]}]}', 'plan.json')[0],
    ).toMatch(/^plan\.json:1:\d+: duplicate key/);
    expect(problems('source: [a\n')[0]).toMatch(/^plan\.yaml:\d+:\d+: invalid YAML: /);
    expect(problems('source: 1\ntarget: a:2\n')).toEqual(['plan.yaml:1:9: source: expected a string, got the number 1']);
    expect(problems('   \n')).toEqual(['plan.yaml:1:1: the plan is empty']);
    expect(problems('- a\n- b\n')).toEqual(['plan.yaml:1:1: a plan must be an object (a mapping of keys to values)']);
  });
});

describe('variables files', () => {
  it('reads a map and checks each variable', () => {
    expect(parseVariables('migratedBy: { value: ops, type: String }\n', 'vars.yaml', places).variables).toEqual({
      migratedBy: { value: 'ops', type: 'String' },
    });
    expect(() => parseVariables('x: { value: 1, type: Foo }\n', 'vars.yaml', places)).toThrow("vars.yaml:1:22: x.type: unknown value type 'Foo'");
    expect(() => parseVariables('x: { vlue: 1 }\n', 'vars.yaml', places)).toThrow("vars.yaml:1:6: x.vlue: unknown property (did you mean 'value'?)");
  });

  it('an unknown property in one variable does not hide the problems of the others', () => {
    let thrown: unknown;
    try {
      parseVariables('x: { value: 1, type: Integer, scope: local }\ny: { value: 1, type: Foo }\n', 'vars.yaml', places);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PlanError);
    expect((thrown as PlanError).message.split('\n')).toEqual([
      'vars.yaml:1:31: x.scope: unknown property; the engine would silently ignore it',
      "vars.yaml:2:22: y.type: unknown value type 'Foo' (valid: String, Integer, Long, Short, Double, Boolean, Date, Bytes, Null, File, Object, Json, Xml)",
    ]);
  });
});
