/**
 * The checks the engine does not make, or makes only by failing later: a plan that passes them is
 * one the engine reads the way the operator meant it (docs/engine-notes.md#migration-shapes, #java-serialization, #variables).
 */
import { parseEngineDate } from '../engine/dates.js';
import { closest } from '../util/suggest.js';
import type { InputProblem as PlanProblem } from '../input/problems.js';
import type { MigrationPlanFile, VariableValue } from './schema.js';

/** `at: 'key'` points at the property name rather than its value (for unknown properties). */
type Report = (path: readonly PropertyKey[], message: string, at?: 'key' | 'value') => PlanProblem;

/** Value types the engine knows (Json and Xml with the Spin plugin, which Run and the distributions have). */
const VALUE_TYPES = ['String', 'Integer', 'Long', 'Short', 'Double', 'Boolean', 'Date', 'Bytes', 'Null', 'File', 'Object', 'Json', 'Xml'] as const;
const JAVA_SERIALIZATION = 'application/x-java-serialized-object';

const VALUE_INFO_KEYS: Record<string, readonly string[]> = {
  File: ['filename', 'mimeType', 'encoding', 'transient'],
  Object: ['objectTypeName', 'serializationDataFormat', 'transient'],
};
const INTEGER_RANGES: Record<string, [number, number]> = {
  Integer: [-2_147_483_648, 2_147_483_647],
  Short: [-32_768, 32_767],
  Long: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/**
 * A plan as the checks read it: a loaded one, or the well-formed parts of one that failed its schema
 * (src/plans/load.ts), where an instruction that is not an object is a hole (undefined) and one may
 * lack a field that was not well formed.
 */
export type CheckablePlan = Pick<MigrationPlanFile, 'source' | 'target' | 'sourceProcessDefinitionId' | 'targetProcessDefinitionId' | 'variables'> & {
  instructions: readonly (Partial<MigrationPlanFile['instructions'][number]> | undefined)[];
};

/** `named`: the fields the file has, also those left out for a schema problem (never missing, then). */
export function checkPlan(plan: CheckablePlan, report: Report, named: ReadonlySet<string> = new Set()): { errors: PlanProblem[]; warnings: PlanProblem[] } {
  const errors: PlanProblem[] = [];
  const warnings: PlanProblem[] = [];

  for (const side of ['source', 'target'] as const) {
    const idField = `${side}ProcessDefinitionId` as const;
    if (!plan[side] && !plan[idField] && !named.has(side) && !named.has(idField)) {
      errors.push(report([], `the plan names no ${side}: add ${side} (a reference such as invoice:1) or ${side}ProcessDefinitionId`));
    }
  }

  if (plan.instructions.length === 0) {
    warnings.push(report(['instructions'], 'no instructions: the engine accepts the plan, then fails for every instance with an active activity'));
  }
  const mappedBy = new Map<string, number>();
  plan.instructions.forEach((instruction, index) => {
    if (instruction === undefined) return;
    for (const field of ['sourceActivityIds', 'targetActivityIds'] as const) {
      const ids = instruction[field];
      if (ids !== undefined && ids.length !== 1) {
        errors.push(
          report(
            ['instructions', index, field],
            ids.length === 0
              ? 'must hold exactly one activity id (the engine fails with a 500 on an empty list)'
              : `must hold exactly one activity id, not ${ids.length} (the engine reads only the first, '${ids[0]}', and ignores the rest)`,
          ),
        );
      }
    }
    const source = instruction.sourceActivityIds?.[0];
    if (source === undefined) return;
    const earlier = mappedBy.get(source);
    if (earlier !== undefined) {
      errors.push(
        report(
          ['instructions', index, 'sourceActivityIds', 0],
          `activity '${source}' is already mapped by instructions[${earlier}]; each source activity can be mapped once`,
        ),
      );
    } else {
      mappedBy.set(source, index);
    }
  });

  for (const [name, variable] of Object.entries(plan.variables ?? {})) {
    checkVariable(['variables', name], variable, { report, errors, warnings });
  }
  return { errors, warnings };
}

export function checkVariable(path: PropertyKey[], variable: VariableValue, found: { report: Report; errors: PlanProblem[]; warnings: PlanProblem[] }): void {
  const { report, errors, warnings } = found;
  const raw = variable.type;
  // The engine upper-cases only the first letter: 'string' works, 'STRING' does not.
  const type = raw === undefined ? undefined : raw.charAt(0).toUpperCase() + raw.slice(1);
  if (raw !== undefined && !(VALUE_TYPES as readonly string[]).includes(type ?? '')) {
    const near = closest(raw, VALUE_TYPES);
    const hint =
      raw === 'Number' || raw === 'number'
        ? 'Number is abstract; use Integer, Long, Short or Double'
        : near.length > 0
          ? `did you mean ${near.join(', ')}?`
          : `valid: ${VALUE_TYPES.join(', ')}`;
    errors.push(report([...path, 'type'], `unknown value type '${raw}' (${hint})`));
    return;
  }

  const valueInfo = variable.valueInfo ?? {};
  const allowedInfo = VALUE_INFO_KEYS[type ?? ''] ?? ['transient'];
  for (const key of Object.keys(valueInfo)) {
    if (!allowedInfo.includes(key)) {
      const near = closest(key, allowedInfo);
      errors.push(
        report(
          [...path, 'valueInfo', key],
          `unknown valueInfo property for type ${type ?? '(untyped)'}${near.length > 0 ? ` (did you mean '${near[0]}'?)` : ''}; the engine would ignore it`,
          'key',
        ),
      );
    }
  }
  if (valueInfo.transient !== undefined && typeof valueInfo.transient !== 'boolean') {
    errors.push(report([...path, 'valueInfo', 'transient'], 'must be true or false'));
  }

  const value = variable.value;
  const valuePath = [...path, 'value'];
  const wrong = (message: string): void => {
    errors.push(report(valuePath, message));
  };
  switch (type) {
    case 'Object':
    case 'Json':
    case 'Xml': {
      if (!(typeof value === 'string' || (type === 'Object' && value === null))) {
        wrong(
          `${type === 'Object' ? 'an' : 'a'} ${type} value must be its serialized form as a string${type === 'Object' ? ' (or null)' : ''}, not ${kindOf(value)}; the engine answers 400`,
        );
      }
      if (type === 'Object') {
        const format = valueInfo.serializationDataFormat;
        if (format === JAVA_SERIALIZATION) {
          errors.push(
            report(
              [...path, 'valueInfo', 'serializationDataFormat'],
              `Java-serialized objects are refused by the engine by default (javaSerializationFormatEnabled is false); use application/json or the Json type`,
            ),
          );
        } else if (format === undefined) {
          warnings.push(
            report(
              [...path, 'valueInfo'],
              'no serializationDataFormat: the engine uses its default format, which is Java serialization (refused by default) unless configured; set application/json',
            ),
          );
        }
        if (valueInfo.objectTypeName !== undefined && typeof valueInfo.objectTypeName !== 'string') {
          errors.push(report([...path, 'valueInfo', 'objectTypeName'], 'must be a string (a Java class name)'));
        }
      }
      break;
    }
    case 'File':
      if (typeof valueInfo.filename !== 'string' || valueInfo.filename === '') {
        errors.push(
          report(variable.valueInfo ? [...path, 'valueInfo'] : path, 'a File value needs valueInfo.filename (without it the engine fails with a 500)'),
        );
      }
      if (value !== undefined && value !== null && typeof value !== 'string') wrong('a File value is its content as a base64 string');
      break;
    case 'Bytes':
      if (value !== null && typeof value !== 'string') wrong('a Bytes value is a base64 string');
      break;
    case 'Integer':
    case 'Short':
    case 'Long': {
      const [min, max] = INTEGER_RANGES[type] ?? [0, 0];
      const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (value !== null && (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max)) {
        wrong(`an ${type} value must be a whole number from ${min} to ${max}, not ${kindOf(value)}`);
      }
      break;
    }
    case 'Double':
      if (value !== null && !(typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))))) {
        wrong(`a Double value must be a number, not ${kindOf(value)}`);
      }
      break;
    case 'Boolean':
      if (value !== null && typeof value !== 'boolean' && value !== 'true' && value !== 'false')
        wrong(`a Boolean value must be true or false, not ${kindOf(value)}`);
      break;
    case 'Date':
      if (value !== null && (typeof value !== 'string' || !parseEngineDate(value))) {
        wrong(`a Date value must be a string in the engine's format yyyy-MM-dd'T'HH:mm:ss.SSSZ, e.g. 2026-01-31T10:00:00.000+0100, not ${kindOf(value)}`);
      }
      break;
    case 'Null':
      if (value !== null && value !== undefined) wrong(`a Null value must be null, not ${kindOf(value)}`);
      break;
    case 'String':
      if (value !== null && typeof value !== 'string') wrong(`a String value must be a string, not ${kindOf(value)}`);
      break;
    default:
      break;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `"${value.length > 30 ? `${value.slice(0, 30)}…` : value}"`;
  return String(value);
}
