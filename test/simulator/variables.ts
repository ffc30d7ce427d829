// VariableValueDto the way the engine's REST layer reads and writes it (VariableValueDto.toTypedValue /
// fromTypedValue, engine-rest/.../rest/dto/VariableValueDto.java), and Java's HashMap iteration order,
// which decides the order of every map the engine builds as a HashMap (variable reports, valueInfo).
import { exceptionBody, invalidRequest, isJsonObject, json } from './handlers.js';

/** A variable after VariableValueDto.toTypedValue: enough to echo it and to judge its serialization. */
export interface TypedVariable {
  /** REST type name with an upper-case first letter ('Object'), or null for an untyped value. */
  type: string | null;
  /** The (converted) value; for serializable types the serialized string. */
  value: unknown;
  /** valueInfo as the engine's value type reports it back (type.getValueInfo); null for untyped values. */
  valueInfo: Record<string, unknown> | null;
  /** Object/Json/Xml given in serialized form. */
  serialized: boolean;
  serializationDataFormat: string | null;
}

export type VariablesResult = { ok: true; variables: Map<string, TypedVariable> } | { ok: false; response: Response };

export const JAVA_SERIALIZATION_FORMAT = 'application/x-java-serialized-object';

/** The engine's value type names (ValueTypeResolverImpl plus Spin's json and xml), first letter lower-case. */
const PRIMITIVE_JAVA_TYPES: Record<string, string> = {
  boolean: 'java.lang.Boolean',
  bytes: '[B',
  short: 'java.lang.Short',
  integer: 'java.lang.Integer',
  long: 'java.lang.Long',
  double: 'java.lang.Double',
  date: 'java.util.Date',
  string: 'java.lang.String',
  null: 'null',
  number: 'java.lang.Number',
};
/** Serializable types; Json and Xml values get Spin's data format names (inferred, not captured). */
const SERIALIZABLE_FORMATS: Record<string, string | null> = { object: null, json: 'application/json', xml: 'application/xml' };

const ENGINE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{4}$/;

/** Java's String.hashCode over UTF-16 code units. */
function javaStringHash(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i += 1) hash = (Math.imul(31, hash) + value.charCodeAt(i)) | 0;
  return hash;
}

/**
 * The iteration order of a java.util.HashMap<String, ?> holding `keys` (inserted in this order): by
 * bucket (spread hash & (capacity - 1)), ties in insertion order. The capacity starts at 16 and
 * doubles whenever the size passes 0.75 of it. (Tree bins need 8 collisions in one bucket; ignored.)
 */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (key: string): number => {
    const hash = javaStringHash(key);
    return (hash ^ (hash >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((entry) => entry.key);
}

/** A plain object with its keys in Java HashMap order (for maps the engine serializes from a HashMap). */
export function asJavaHashMap<T>(entries: Iterable<[string, T]>): Record<string, T> {
  const map = new Map(entries);
  const result: Record<string, T> = {};
  for (const key of javaHashMapOrder([...map.keys()])) result[key] = map.get(key) as T;
  return result;
}

/** Java's String.valueOf for what Jackson made of a JSON value (for "Cannot convert value '%s'"). */
function javaToString(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(javaToString).join(', ')}]`;
  if (isJsonObject(value))
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}=${javaToString(item)}`)
      .join(', ')}}`;
  return String(value);
}

function isJavaInteger(value: unknown, min: number, max: number): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= min && value <= max;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    const parsed = Number(value);
    return parsed >= min && parsed <= max;
  }
  return false;
}

/** The value Jackson produces for a primitive type, or undefined when the conversion fails. */
function convertPrimitive(typeName: string, value: unknown): { value: unknown } | undefined {
  if (value === null || value === undefined) return { value: null };
  switch (typeName) {
    case 'string':
      return { value: typeof value === 'string' ? value : javaToString(value) };
    case 'integer':
      return isJavaInteger(value, -2147483648, 2147483647) ? { value: Number(value) } : undefined;
    case 'short':
      return isJavaInteger(value, -32768, 32767) ? { value: Number(value) } : undefined;
    case 'long':
      return isJavaInteger(value, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) ? { value: Number(value) } : undefined;
    case 'double':
      if (typeof value === 'number') return { value };
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return { value: Number(value) };
      return undefined;
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 'True') return { value: true };
      if (value === 'false' || value === 'False') return { value: false };
      return undefined;
    case 'date':
      return typeof value === 'string' && ENGINE_DATE.test(value) ? { value } : undefined;
    case 'bytes':
      return typeof value === 'string' && /^[A-Za-z0-9+/\r\n]*={0,2}$/.test(value) ? { value } : undefined;
    case 'null':
      return { value: null };
    default:
      // 'number' is abstract: the engine cannot create a value of it.
      return undefined;
  }
}

function transientInfo(valueInfo: Record<string, unknown> | undefined): Record<string, unknown> {
  return valueInfo?.transient === true ? { transient: true } : {};
}

function serverError(type: string, message: string): Response {
  return json(exceptionBody(type, message), 500);
}

/**
 * VariableValueDto.toMap: converts every entry or answers the engine's error. The messages carry no
 * prefix here, as on the migration endpoints (docs/engine-notes.md#variables); other endpoints add their own.
 * Returns undefined for a body property that is not a JSON object of objects (a mapping error).
 */
export function convertVariables(raw: Record<string, unknown>, javaPackage: string): VariablesResult | undefined {
  const variables = new Map<string, TypedVariable>();
  for (const [name, entry] of Object.entries(raw)) {
    if (entry === null) {
      // A JSON null entry survives Jackson; toMap then dereferences it.
      return {
        ok: false,
        response: serverError(
          'NullPointerException',
          `Cannot invoke "${javaPackage}.engine.rest.dto.VariableValueDto.toTypedValue(${javaPackage}.engine.ProcessEngine, com.fasterxml.jackson.databind.ObjectMapper)" because the return value of "java.util.Map$Entry.getValue()" is null`,
        ),
      };
    }
    if (!isJsonObject(entry)) return undefined;
    const { type, value, valueInfo } = entry;
    if (type !== undefined && type !== null && typeof type !== 'string' && typeof type !== 'number' && typeof type !== 'boolean') return undefined;
    if (valueInfo !== undefined && valueInfo !== null && !isJsonObject(valueInfo)) return undefined;
    const info = valueInfo === null ? undefined : valueInfo;
    const converted = convertVariable(type === undefined || type === null ? null : String(type), value, info);
    if (converted instanceof Response) return { ok: false, response: converted };
    variables.set(name, converted);
  }
  return { ok: true, variables };
}

function convertVariable(type: string | null, value: unknown, valueInfo: Record<string, unknown> | undefined): TypedVariable | Response {
  if (type === null) {
    return { type: null, value: value ?? null, valueInfo: null, serialized: false, serializationDataFormat: null };
  }
  if (type === '') {
    // fromRestApiTypeName: "".substring(0, 1)
    return serverError('StringIndexOutOfBoundsException', 'begin 0, end 1, length 0');
  }
  const typeName = type.charAt(0).toLowerCase() + type.slice(1);
  const restName = type.charAt(0).toUpperCase() + type.slice(1);
  const javaType = PRIMITIVE_JAVA_TYPES[typeName];
  if (javaType !== undefined) {
    const converted = convertPrimitive(typeName, value);
    if (converted === undefined) {
      return invalidRequest(400, `Cannot convert value '${javaToString(value)}' of type '${type}' to java type ${javaType}`);
    }
    return { type: restName, value: converted.value, valueInfo: transientInfo(valueInfo), serialized: false, serializationDataFormat: null };
  }
  if (typeName in SERIALIZABLE_FORMATS) {
    if (value !== null && value !== undefined && typeof value !== 'string') {
      return invalidRequest(400, `Must provide 'null' or String value for value of SerializableValue type '${type}'.`);
    }
    const requestedFormat = typeof valueInfo?.serializationDataFormat === 'string' ? valueInfo.serializationDataFormat : null;
    const format = typeName === 'object' ? requestedFormat : (SERIALIZABLE_FORMATS[typeName] ?? null);
    const info: Record<string, unknown> = {};
    if (format !== null) info.serializationDataFormat = format;
    if (typeName === 'object' && typeof valueInfo?.objectTypeName === 'string') info.objectTypeName = valueInfo.objectTypeName;
    Object.assign(info, transientInfo(valueInfo));
    return { type: restName, value: value ?? null, valueInfo: asJavaHashMap(Object.entries(info)), serialized: true, serializationDataFormat: format };
  }
  if (typeName === 'file') {
    // FileValueTypeImpl.createValue; not inside the REST layer's try, so a plain 500.
    if (valueInfo === undefined) return serverError('IllegalArgumentException', 'Cannot create file without valueInfo.');
    if (valueInfo.filename === undefined || valueInfo.filename === null) {
      return serverError('IllegalArgumentException', 'Cannot create file without filename! Please set a name into ValueInfo with key filename');
    }
    const info: Record<string, unknown> = { filename: javaToString(valueInfo.filename) };
    if (typeof valueInfo.mimeType === 'string') info.mimeType = valueInfo.mimeType;
    if (typeof valueInfo.encoding === 'string') info.encoding = valueInfo.encoding;
    Object.assign(info, transientInfo(valueInfo));
    // GET-style serialization never includes a file's content.
    return { type: 'File', value: null, valueInfo: asJavaHashMap(Object.entries(info)), serialized: false, serializationDataFormat: null };
  }
  return json(exceptionBody('RestException', `Unsupported value type '${type}'`), 400);
}

/**
 * VariableUtil.isJavaSerializationProhibited with the engine default javaSerializationFormatEnabled=false:
 * a serialized object value explicitly in Java serialization format. (Without a format the engine
 * asks its serializers, which depends on defaultSerializationFormat and the Spin plugin; not flagged here.)
 */
export function isJavaSerializationProhibited(variable: TypedVariable): boolean {
  return variable.serialized && variable.serializationDataFormat === JAVA_SERIALIZATION_FORMAT;
}

/** VariableUtil.ERROR_MSG. */
export function javaSerializationProhibitedMessage(name: string): string {
  return `Cannot set variable with name ${name}. Java serialization format is prohibited`;
}

/** VariableValueDto.fromTypedValue: the DTO fields in engine order. */
export function variableValueDto(variable: TypedVariable): { type: string | null; value: unknown; valueInfo: Record<string, unknown> | null } {
  return { type: variable.type, value: variable.value, valueInfo: variable.valueInfo === null ? null : { ...variable.valueInfo } };
}
