/**
 * Whether a variable the engine holds is the value a variables file asked for: the same type (an
 * untyped value gets the type the engine gives its JSON value) and the same value as the engine reads
 * it back serialized: numbers as numbers ("42" for an Integer is 42), dates as instants (the engine
 * answers in its own time zone), Json and JSON-format Object values as data, File values by name (the
 * query never carries a file's content).
 */
import { parseEngineDate } from '../../engine/dates.js';
import type { TypedVariableValue } from '../../engine/process-instances.js';
import type { VariableInstance } from '../../engine/variable-instances.js';

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/** The type name the engine stores a value as: the file's (first letter upper-cased, as the engine reads it), else Jackson's type of the JSON value. */
export function typeOf(variable: TypedVariableValue): string {
  if (variable.type !== undefined) return variable.type.charAt(0).toUpperCase() + variable.type.slice(1);
  const { value } = variable;
  if (value === null || value === undefined) return 'Null';
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'number') return !Number.isInteger(value) ? 'Double' : value >= INT_MIN && value <= INT_MAX ? 'Integer' : 'Long';
  return 'String';
}

export function sameVariable(asked: TypedVariableValue, found: Pick<VariableInstance, 'type' | 'value' | 'valueInfo'>): boolean {
  const type = typeOf(asked);
  if ((found.type ?? '').toLowerCase() !== type.toLowerCase()) return false;
  const wanted = asked.value ?? null;
  const held = found.value ?? null;
  if (type === 'File') return found.valueInfo?.filename === asked.valueInfo?.filename;
  if (wanted === null || held === null) return wanted === held;
  switch (type) {
    case 'Integer':
    case 'Short':
    case 'Long':
    case 'Double':
      return Number(wanted) === Number(held);
    case 'Boolean':
      return String(wanted) === String(held);
    case 'Date':
      return sameInstant(wanted, held);
    case 'Bytes':
      return typeof wanted === 'string' && typeof held === 'string' && wanted.replace(/\s/g, '') === held.replace(/\s/g, '');
    case 'Json':
      return sameJson(wanted, held);
    case 'Object':
      return (
        (asked.valueInfo?.objectTypeName === undefined || asked.valueInfo.objectTypeName === found.valueInfo?.objectTypeName) &&
        (asked.valueInfo?.serializationDataFormat === 'application/json' ? sameJson(wanted, held) : wanted === held)
      );
    default:
      return wanted === held;
  }
}

function sameInstant(wanted: unknown, held: unknown): boolean {
  if (typeof wanted !== 'string' || typeof held !== 'string') return false;
  const a = parseEngineDate(wanted);
  const b = parseEngineDate(held);
  return a !== undefined && b !== undefined && a.getTime() === b.getTime();
}

/** Equal JSON texts as data (the engine may re-serialize them), else as text. */
function sameJson(wanted: unknown, held: unknown): boolean {
  if (wanted === held) return true;
  if (typeof wanted !== 'string' || typeof held !== 'string') return false;
  try {
    return canonical(JSON.parse(wanted)) === canonical(JSON.parse(held));
  } catch {
    return false;
  }
}

/** JSON text with object keys sorted, for comparing data regardless of key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
