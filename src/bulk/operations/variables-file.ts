/**
 * The variables file of `instance variables set --variables FILE`: a mapping of names to typed values,
 * as in plan files' `variables` (`amount: { value: 42, type: Integer }`), read through src/input/ and
 * checked strictly with the plan checks (src/plans/checks.ts), plus what only setting needs: a
 * transient variable is never stored (nothing would change), and an untyped object or list would be
 * Java-serialized by the engine, which refuses that by default. Every problem with file, line, column.
 */
import type * as z from 'zod';
import { byPosition, InputError, type InputProblem } from '../../input/problems.js';
import { readInputFile, type Stdin } from '../../input/read.js';
import { parseStructured } from '../../input/structured.js';
import * as places from '../../input/places.js';
import { checkVariable } from '../../plans/checks.js';
import { type VariableValue, variableValueSchema } from '../../plans/schema.js';

export interface VariablesFile {
  file: string;
  variables: Record<string, VariableValue>;
  /** Problems that do not stop the run (an Object value without a serialization format). */
  warnings: InputProblem[];
}

const WHAT = 'variables file';

/** Reads and checks the file (`-`: standard input). */
export async function readVariablesFile(file: string, stdin: Stdin): Promise<VariablesFile> {
  const input = await readInputFile(file, stdin, WHAT);
  return { file: input.name, ...parseVariablesToSet(input.text, input.name) };
}

export function parseVariablesToSet(text: string, file: string): { variables: Record<string, VariableValue>; warnings: InputProblem[] } {
  const parsed = parseStructured(text, file, WHAT, {
    allowed: (path) => (path.length === 1 ? ['value', 'type', 'valueInfo'] : []),
    freeText: (path) => path.length === 2 && path[1] === 'value',
    places,
  });
  const { data } = parsed;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new InputError([parsed.at([], 'a variables file is a mapping of variable names to {value, type, valueInfo}')]);
  }
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length === 0) throw new InputError([parsed.at([], 'the variables file names no variable')]);
  const errors: InputProblem[] = [];
  const warnings: InputProblem[] = [];
  const report = (path: readonly PropertyKey[], message: string, at?: 'key' | 'value') => parsed.problem(parsed.offsetOf(path, at), path, message);
  const variables: Record<string, VariableValue> = {};
  for (const [name, raw] of entries) {
    const one = variableValueSchema.safeParse(raw, { reportInput: true });
    if (!one.success) {
      errors.push(...parsed.issues(one.error as z.ZodError, [name]));
      continue;
    }
    const variable = one.data;
    variables[name] = variable;
    checkVariable([name], variable, { report, errors, warnings });
    if (variable.valueInfo?.transient === true) {
      errors.push(report([name, 'valueInfo', 'transient'], 'a transient variable is not stored: setting it would leave nothing on the instances'));
    }
    if (variable.type === undefined && variable.value !== null && typeof variable.value === 'object') {
      errors.push(
        report(
          [name, 'value'],
          'an untyped object or list would be stored Java-serialized, which the engine refuses by default: give it type Json with the value as a JSON string',
        ),
      );
    }
  }
  if (errors.length > 0) throw new InputError(byPosition(errors));
  return { variables, warnings };
}
