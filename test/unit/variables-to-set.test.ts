// The variables file of `instance variables set` (src/bulk/operations/variables-file.ts) and how a
// variable the engine holds is compared with the one asked for (variable-values.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sameVariable, typeOf } from '../../src/bulk/operations/variable-values.js';
import { parseVariablesToSet, readVariablesFile } from '../../src/bulk/operations/variables-file.js';
import { InputError } from '../../src/input/problems.js';
import { tempDir } from '../helpers/temp.js';

const problemsOf = (text: string): string[] => {
  try {
    parseVariablesToSet(text, 'vars.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message.split('\n');
  }
  throw new Error('no problem found');
};

describe('the variables file', () => {
  it('reads typed values as plan files give them, YAML or JSON, from a file or standard input', async () => {
    const dir = tempDir('vars-');
    const file = join(dir, 'vars.yaml');
    writeFileSync(file, 'amount: { value: 42, type: Integer }\napprovedBy:\n  value: ops\n');
    expect(await readVariablesFile(file, new PassThrough())).toEqual({
      file,
      variables: { amount: { value: 42, type: 'Integer' }, approvedBy: { value: 'ops' } },
      warnings: [],
    });
    const stdin = new PassThrough();
    stdin.end('{"note": {"value": "x", "type": "String"}}');
    expect((await readVariablesFile('-', stdin)).variables).toEqual({ note: { value: 'x', type: 'String' } });
  });

  it('names every problem with file, line and column', () => {
    expect(
      problemsOf(
        [
          'amount: { value: abc, type: Integer }',
          'kind: { value: 1, type: Number }',
          'temp: { value: x, valueInfo: { transient: true } }',
          'order: { value: { a: 1 } }',
          'typo: { valu: 1 }',
        ].join('\n'),
      ),
    ).toEqual([
      'vars.yaml:1:18: amount.value: an Integer value must be a whole number from -2147483648 to 2147483647, not "abc"',
      "vars.yaml:2:25: kind.type: unknown value type 'Number' (Number is abstract; use Integer, Long, Short or Double)",
      'vars.yaml:3:43: temp.valueInfo.transient: a transient variable is not stored: setting it would leave nothing on the instances',
      'vars.yaml:4:17: order.value: an untyped object or list would be stored Java-serialized, which the engine refuses by default: give it type Json with the value as a JSON string',
      expect.stringMatching(/^vars\.yaml:5:9: typo\.valu: unknown property/),
    ]);
  });

  it('refuses a file that names no variable, or is not a mapping', () => {
    expect(problemsOf('{}')).toEqual(['vars.yaml:1:1: the variables file names no variable']);
    expect(problemsOf('- a\n- b\n')).toEqual(['vars.yaml:1:1: a variables file is a mapping of variable names to {value, type, valueInfo}']);
  });
});

describe('a variable as the engine holds it, against the one asked for', () => {
  it('gives an untyped value the type the engine gives its JSON value', () => {
    expect([
      typeOf({ value: 'a' }),
      typeOf({ value: true }),
      typeOf({ value: 5 }),
      typeOf({ value: 3_000_000_000 }),
      typeOf({ value: 0.5 }),
      typeOf({ value: null }),
    ]).toEqual(['String', 'Boolean', 'Integer', 'Long', 'Double', 'Null']);
    expect(typeOf({ value: 'x', type: 'string' })).toBe('String');
  });

  it('compares by type and value: numbers as numbers, dates as instants, JSON as data, files by name', () => {
    expect(sameVariable({ value: '42', type: 'Integer' }, { type: 'Integer', value: 42 })).toBe(true);
    expect(sameVariable({ value: 42, type: 'Integer' }, { type: 'Long', value: 42 })).toBe(false);
    expect(sameVariable({ value: '2026-12-01T10:00:00.000+0100', type: 'Date' }, { type: 'Date', value: '2026-12-01T09:00:00.000+0000' })).toBe(true);
    expect(sameVariable({ value: '2026-12-01T10:00:00.000+0100', type: 'Date' }, { type: 'Date', value: '2026-12-01T10:00:00.000+0000' })).toBe(false);
    expect(sameVariable({ value: '{"a":1,"b":[1,2]}', type: 'Json' }, { type: 'Json', value: '{ "b": [1, 2], "a": 1 }' })).toBe(true);
    expect(sameVariable({ value: '{"a":1}', type: 'Json' }, { type: 'Json', value: '{"a":2}' })).toBe(false);
    expect(
      sameVariable(
        { value: '{"a":1}', type: 'Object', valueInfo: { objectTypeName: 'com.example.Order', serializationDataFormat: 'application/json' } },
        { type: 'Object', value: '{ "a" : 1 }', valueInfo: { objectTypeName: 'com.example.Order', serializationDataFormat: 'application/json' } },
      ),
    ).toBe(true);
    expect(
      sameVariable({ type: 'File', value: 'aGk=', valueInfo: { filename: 'a.txt' } }, { type: 'File', value: null, valueInfo: { filename: 'a.txt' } }),
    ).toBe(true);
    expect(sameVariable({ value: null, type: 'String' }, { type: 'String', value: null })).toBe(true);
    expect(sameVariable({ value: 'true', type: 'Boolean' }, { type: 'Boolean', value: true })).toBe(true);
    expect(sameVariable({ value: 'x' }, { type: 'String', value: 'y' })).toBe(false);
  });
});

describe('the query file of finished instances', () => {
  it('takes a HistoricProcessInstanceQueryDto and refuses what the engine would ignore, with its place', async () => {
    const { parseHistoricQueryFile } = await import('../../src/bulk/historic-query.js');
    expect(parseHistoricQueryFile('processDefinitionKey: invoice\nfinishedBefore: "2026-01-01T00:00:00.000+0000"\n', 'q.yaml')).toEqual({
      processDefinitionKey: 'invoice',
      finishedBefore: '2026-01-01T00:00:00.000+0000',
    });
    expect(() => parseHistoricQueryFile('processDefinitionKy: invoice\nfinishedBefore: 2026-01-01\n', 'q.yaml')).toThrow(
      /q\.yaml:1:1: processDefinitionKy: unknown property \(did you mean 'processDefinitionKey'\?\).*\nq\.yaml:2:17: finishedBefore: .*engine's format/s,
    );
  });
});
