/**
 * Plan loading, used by every migration command: reads JSON or YAML (decided by content, `-` is
 * stdin), checks the shape strictly and the things the engine would silently get wrong, and reports
 * each problem with file, line, column and JSON path. Nothing is sent before this passes.
 */
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node } from 'yaml';
import * as z from 'zod';
import { CliError, ExitCode, UsageError } from '../exit-codes.js';
import {
  controlCharacterMessage,
  findControlCharacters,
  formatSize,
  jsonDepthProblem,
  longLineProblem,
  MAX_INPUT_BYTES,
  tooDeepMessage,
} from '../input/limits.js';
import { wellFormedFields } from '../input/well-formed.js';
import { NestingTooDeep, parseYamlDocument } from '../input/yaml-document.js';
import { readYamlSubset } from '../input/yaml-subset.js';
import { closest } from '../util/suggest.js';
import { firstLine, jsonSyntaxProblem, lineAndColumn, withoutBom } from '../util/syntax.js';
import { type CheckablePlan, checkPlan, checkVariable } from './checks.js';
import {
  executionRequestSchema,
  instructionSchema,
  type MigrationPlanFile,
  planFileSchema,
  PROCESS_INSTANCE_QUERY_KEYS,
  type ProcessInstanceQuery,
  processInstanceQuerySchema,
  type VariableValue,
  variableValueSchema,
} from './schema.js';

export interface PlanProblem {
  file: string;
  line: number;
  column: number;
  /** JSON path, e.g. `instructions[1].updateEventTriggers`; '' for the whole document. */
  path: string;
  message: string;
}

export function formatProblem(problem: PlanProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`;
}

/** Exit 2 with every problem, one line each. */
export class PlanError extends CliError {
  constructor(readonly problems: PlanProblem[]) {
    const shown = problems.slice(0, 20).map(formatProblem);
    if (problems.length > 20) shown.push(`… and ${problems.length - 20} more problems`);
    super(shown.join('\n'), ExitCode.Usage);
    this.name = 'PlanError';
  }
}

export interface LoadedPlan {
  file: string;
  format: 'json' | 'yaml';
  /** Which shape the file had: our plan file, or the engine's execute request. */
  shape: 'plan' | 'execution-request';
  plan: MigrationPlanFile;
  warnings: PlanProblem[];
  /** Where a property (its key) is in the file, for later errors (drift between reference and id). */
  locate(path: readonly (string | number)[]): { line: number; column: number };
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) text += text ? `.${segment}` : segment;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

/**
 * Reads a plan (or variables) file, or standard input for `-`. Errors are usage errors naming the file.
 * `what` names the content: 'plan', 'query', or a name that ends in "file" ('access file').
 */
export async function readInputFile(
  file: string,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean },
  what = 'plan',
): Promise<{ name: string; text: string }> {
  const kindOfFile = what.endsWith(' file') ? what : `${what} file`;
  if (file === '-') {
    if (stdin.isTTY) throw new UsageError(`reading the ${what} from standard input, which is a terminal; pipe it in or name a file`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stdin) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buffer.length;
      if (size > MAX_INPUT_BYTES) throw new UsageError(`<stdin>: the ${what} is larger than ${formatSize(MAX_INPUT_BYTES)}`);
      chunks.push(buffer);
    }
    return { name: '<stdin>', text: decode(Buffer.concat(chunks), '<stdin>') };
  }
  const { readFile, stat } = await import('node:fs/promises');
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UsageError(`${file}: is a directory, not ${/^[aeiou]/i.test(kindOfFile) ? 'an' : 'a'} ${kindOfFile}`);
    if (info.size > MAX_INPUT_BYTES) throw new UsageError(`${file}: the ${what} is larger than ${formatSize(MAX_INPUT_BYTES)}`);
    return { name: file, text: decode(await readFile(file), file) };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as { code?: string }).code;
    throw new UsageError(`${file}: ${code === 'ENOENT' ? `${kindOfFile} not found` : code === 'EACCES' ? 'permission denied' : `cannot be read (${code ?? 'error'})`}`);
  }
}

function decode(buffer: Buffer, name: string): string {
  const text = buffer.toString('utf8');
  if (text.includes('\uFFFD') && !buffer.includes(Buffer.from('\uFFFD'))) {
    throw new UsageError(`${name}: not UTF-8 text`);
  }
  return text;
}

export interface StructuredText {
  format: 'json' | 'yaml';
  data: unknown;
  offsetOf(path: readonly PropertyKey[], at?: 'key' | 'value'): number;
  problem(offset: number, path: readonly PropertyKey[], message: string): PlanProblem;
  /** zod issues as problems at their place in the file. */
  issues(error: z.ZodError): PlanProblem[];
}

/**
 * JSON or YAML, decided by content; syntax errors, duplicate keys, the limits of src/input/limits.ts
 * and forbidden control characters are problems with a position. `allowed` gives the keys known at
 * a path; `freeText` says which values are data rather than names (a variable's value), where only
 * NUL is refused.
 */
export function parseStructured(
  text: string,
  file: string,
  what: string,
  keys: {
    allowed: (path: readonly (string | number)[]) => string[];
    freeText?: (path: readonly (string | number)[]) => boolean;
    /** What follows "unknown property (did you mean …?)"; default: that the engine would silently ignore it. */
    unknownNote?: string;
  },
): StructuredText {
  const { allowed, freeText = () => false, unknownNote = '; the engine would silently ignore it' } = keys;
  const source = withoutBom(text);
  const format = /^\s*[{[]/.test(source) ? 'json' : 'yaml';
  const lineCounter = new LineCounter();
  // Before anything is parsed, a problem is placed by a scan of the text.
  const early = (problem: { offset: number; message: string }): PlanError => {
    const { line, column } = lineAndColumn(source, problem.offset);
    return new PlanError([{ file, line, column, path: '', message: problem.message }]);
  };
  // The YAML document (which also reads JSON) knows where every value is. A valid JSON file without
  // duplicate keys is read with JSON.parse, and the document is built only if a problem needs a
  // place: for a plan of thousands of instructions that is most of the reading time.
  let parsed: Document | undefined;
  const document = (): Document => {
    if (parsed) return parsed;
    try {
      return (parsed = parseYamlDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true }));
    } catch (error) {
      if (error instanceof NestingTooDeep) throw early({ offset: error.offset, message: tooDeepMessage() });
      throw error;
    }
  };
  const problem = (offset: number, path: readonly PropertyKey[], message: string): PlanProblem => {
    document();
    const position = lineCounter.linePos(offset);
    return { file, line: position.line, column: position.col, path: formatPath(path), message };
  };
  if (source.trim() === '') throw new PlanError([{ file, line: 1, column: 1, path: '', message: `the ${what} is empty` }]);
  const tooLong = longLineProblem(source);
  if (tooLong) throw early(tooLong);

  let data: unknown;
  if (format === 'json') {
    const tooDeep = jsonDepthProblem(source);
    if (tooDeep) throw early(tooDeep);
    const jsonProblem = jsonSyntaxProblem(source);
    if (jsonProblem) throw new PlanError([problem(jsonProblem.offset, [], `invalid JSON: ${jsonProblem.message}`)]);
    const json: unknown = JSON.parse(source);
    if (keysInText(source) === keysIn(json)) data = json;
  }
  // Most YAML files are in the plain subset a fast reader knows (src/input/yaml-subset.ts); the
  // library reads the rest, and builds the document for any file with a problem to place.
  if (format === 'yaml') data = readYamlSubset(source)?.value;
  if (data === undefined) {
    const errors = document().errors;
    if (errors.length > 0) {
      throw new PlanError(
        errors.map((error) =>
          problem(error.pos[0], [], `${error.code === 'DUPLICATE_KEY' ? 'duplicate key' : `invalid ${format === 'json' ? 'JSON' : 'YAML'}`}: ${firstLine(error.message)}`),
        ),
      );
    }
    data = document().toJS({ maxAliasCount: 100 });
  }
  const offsetOf = (path: readonly PropertyKey[], at: 'key' | 'value' = 'value'): number => {
    const last = path[path.length - 1];
    if (at === 'key' && typeof last === 'string') {
      const key = keyNode(document(), path.slice(0, -1) as (string | number)[], last);
      if (key?.range) return key.range[0];
    }
    for (let length = path.length; length >= 0; length--) {
      const node = nodeAt(document(), path.slice(0, length) as (string | number)[]);
      if (node?.range) return node.range[0];
    }
    return 0;
  };
  const controls = findControlCharacters(data, freeText);
  if (controls.length > 0) {
    throw new PlanError(byPosition(controls.map((found) => problem(offsetOf(found.path, found.inKey ? 'key' : 'value'), found.path, controlCharacterMessage(found)))));
  }
  return {
    format,
    data,
    offsetOf,
    problem,
    issues: (error) => byPosition(error.issues.flatMap((issue) => describeIssue(issue, document(), { offsetOf, problem, allowedAt: allowed, unknownNote }))),
  };
}

/**
 * Object keys in JSON text: every string followed by a colon is one. JSON.parse keeps the last of
 * duplicate keys without a word; fewer keys in its result than in the text means there were some.
 * A loop, not a regular expression: a backtracking match of a string tens of megabytes long ran out
 * of stack ("Maximum call stack size exceeded").
 */
function keysInText(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) !== 0x22 /* " */) continue;
    for (index++; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22) break;
    }
    let after = index + 1;
    while (after < text.length && isJsonSpace(text.charCodeAt(after))) after++;
    if (text.charCodeAt(after) === 0x3a /* : */) count++;
  }
  return count;
}

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function keysIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + keysIn(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  for (const item of Object.values(value)) count += 1 + keysIn(item);
  return count;
}

/** Parses and checks plan text. `file` is only used in messages. */
export function parsePlan(text: string, file: string): LoadedPlan {
  const parsedText = parseStructured(text, file, 'plan', { allowed: allowedKeys, freeText: isVariableValue });
  const { data, offsetOf, problem } = parsedText;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new PlanError([problem(offsetOf([]), [], 'a plan must be an object (a mapping of keys to values)')]);
  }

  const shape = 'migrationPlan' in data ? 'execution-request' : 'plan';
  const schema = shape === 'plan' ? planFileSchema : executionRequestSchema;
  const parsed = schema.safeParse(data, { reportInput: true });
  const pathPrefix = shape === 'plan' ? [] : ['migrationPlan'];
  const report = (path: readonly PropertyKey[], message: string, at?: 'key' | 'value'): PlanProblem => {
    const full = planPath(path, pathPrefix);
    return problem(offsetOf(full, at), full, message);
  };
  if (!parsed.success) {
    // A value of the wrong type must not hide the plan's other problems: the parts that are well
    // formed are checked too, and every problem is reported at once.
    const salvaged = salvagePlan(data as Record<string, unknown>);
    const checked = salvaged ? checkPlan(salvaged.plan, report, salvaged.named).errors : [];
    throw new PlanError(byPosition([...parsedText.issues(parsed.error), ...checked]));
  }

  const plan: MigrationPlanFile =
    'migrationPlan' in parsed.data
      ? normalize({ ...parsed.data.migrationPlan, ...withoutPlan(parsed.data) })
      : normalize(parsed.data);
  const { errors, warnings } = checkPlan(plan, report);
  if (errors.length > 0) throw new PlanError(byPosition(errors));
  const locate = (path: readonly (string | number)[]) => {
    const { line, column } = problem(offsetOf(planPath(path, pathPrefix), 'key'), [], '');
    return { line, column };
  };
  return { file, format: parsedText.format, shape, plan, warnings, locate };
}

/**
 * The well-formed parts of a plan that failed its schema, for the checks that follow it: an unknown
 * property or a field of the wrong type is left out (its schema problem is reported), also inside an
 * instruction; an instruction that is not an object, or a variable that is not well formed, is left
 * out, an instruction as a hole, so that the others keep their index. `named` lists the fields the file has, well formed
 * or not: a source of the wrong type is no missing source. Undefined when there is nothing to check
 * (an execute request whose migrationPlan is not an object).
 */
function salvagePlan(data: Record<string, unknown>): { plan: CheckablePlan; named: ReadonlySet<string> } | undefined {
  let fields: Record<string, unknown> = data;
  if ('migrationPlan' in data) {
    const nested = data.migrationPlan;
    if (nested === null || typeof nested !== 'object' || Array.isArray(nested)) return undefined;
    const { migrationPlan: _plan, ...execution } = data;
    fields = { ...(nested as Record<string, unknown>), ...execution };
  }
  const named = new Set(Object.keys(fields).filter((key) => fields[key] !== null && fields[key] !== undefined));
  const plan: CheckablePlan = { instructions: [] };
  for (const side of ['source', 'target', 'sourceProcessDefinitionId', 'targetProcessDefinitionId'] as const) {
    const value = fields[side];
    if (typeof value === 'string' && value !== '') plan[side] = value;
  }
  if (Array.isArray(fields.instructions)) {
    plan.instructions = fields.instructions.map((item: unknown) => wellFormedFields(instructionSchema.shape, item)?.fields);
  }
  const variables = fields.variables;
  if (variables !== null && typeof variables === 'object' && !Array.isArray(variables)) {
    plan.variables = {};
    for (const [name, variable] of Object.entries(variables)) {
      const wellFormed = wellFormedVariable(variable);
      if (wellFormed) plan.variables[name] = wellFormed;
    }
  }
  return { plan, named };
}

/** A variables file (`migration generate --variables`): a map of name to {value, type, valueInfo}. */
export function parseVariables(text: string, file: string): { variables: Record<string, VariableValue>; warnings: PlanProblem[] } {
  const parsedText = parseStructured(text, file, 'variables file', { allowed: () => ['value', 'type', 'valueInfo'], freeText: (path) => path.length === 2 && path[1] === 'value' });
  const parsed = variablesSchema.safeParse(parsedText.data, { reportInput: true });
  const errors: PlanProblem[] = parsed.success ? [] : parsedText.issues(parsed.error);
  const warnings: PlanProblem[] = [];
  const report = (path: readonly PropertyKey[], message: string, at?: 'key' | 'value') =>
    parsedText.problem(parsedText.offsetOf(path, at), path, message);
  // A refused file's well-formed variables are checked too, so that every problem is reported at once.
  const data = parsedText.data;
  const variables = parsed.success ? parsed.data : data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {};
  for (const [name, variable] of Object.entries(variables)) {
    const wellFormed = wellFormedVariable(variable);
    if (wellFormed) checkVariable([name], wellFormed, { report, errors, warnings });
  }
  if (!parsed.success || errors.length > 0) throw new PlanError(byPosition(errors));
  return { variables: parsed.data, warnings };
}

const variablesSchema = z.record(z.string(), variableValueSchema);

/**
 * A variable of a refused file as its checks read it: without its unknown properties (the schema
 * reports them), but only whole, since the checks of a value depend on its type and valueInfo; not
 * when a field is of the wrong type or misspelled (`valu`: the value is not missing).
 */
function wellFormedVariable(variable: unknown): VariableValue | undefined {
  const wellFormed = wellFormedFields(variableValueSchema.shape, variable);
  if (!wellFormed || [...wellFormed.named].some((key) => !(key in wellFormed.fields))) return undefined;
  return wellFormed.fields;
}

/**
 * Any small JSON or YAML input file checked against a strict zod schema, with problems reported as
 * for plans (file:line:column: path: message).
 */
export function parseCheckedFile<T>(
  text: string,
  file: string,
  shape: { what: string; schema: z.ZodType<T>; allowed: (path: readonly (string | number)[]) => string[] },
): T {
  const { what, schema, allowed } = shape;
  const parsedText = parseStructured(text, file, what, { allowed });
  const parsed = schema.safeParse(parsedText.data, { reportInput: true });
  if (!parsed.success) throw new PlanError(parsedText.issues(parsed.error));
  return parsed.data;
}

/** `--query FILE`: a process instance query (the body of POST /process-instance), checked strictly. */
export function parseQueryFile(text: string, file: string): ProcessInstanceQuery {
  const parsedText = parseStructured(text, file, 'query', { allowed: (path) => allowedKeys(['processInstanceQuery', ...path]), freeText: isVariableValue });
  const parsed = processInstanceQuerySchema.safeParse(parsedText.data, { reportInput: true });
  if (!parsed.success) throw new PlanError(parsedText.issues(parsed.error));
  return parsed.data;
}

/**
 * A variable's value, which the process reads as data: a String variable may hold a tab or a form
 * feed. `variables.NAME.value` of a plan, `variables[i].value` of a query (also inside a plan).
 */
function isVariableValue(path: readonly (string | number)[]): boolean {
  return path.length >= 3 && path[path.length - 1] === 'value' && path[path.length - 3] === 'variables';
}

export function byPosition(problems: PlanProblem[]): PlanProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Plan fields live under migrationPlan in the engine's execute request. */
function planPath(path: readonly PropertyKey[], prefix: readonly string[]): PropertyKey[] {
  const executionKeys = ['processInstanceIds', 'processInstanceQuery', 'skipCustomListeners', 'skipIoMappings'];
  return typeof path[0] === 'string' && executionKeys.includes(path[0]) ? [...path] : [...prefix, ...path];
}

function withoutPlan<T extends { migrationPlan: unknown }>(request: T): Omit<T, 'migrationPlan'> {
  const { migrationPlan: _plan, ...rest } = request;
  return rest;
}

type ParsedPlan = z.infer<typeof planFileSchema>;

/** null and absent mean the same to the engine; the tool works with absent. */
function normalize(input: ParsedPlan): MigrationPlanFile {
  const plan: MigrationPlanFile = { instructions: input.instructions ?? [] };
  for (const [key, value] of Object.entries(input)) {
    if (key !== 'instructions' && value !== null && value !== undefined) (plan as unknown as Record<string, unknown>)[key] = value;
  }
  return plan;
}

function nodeAt(document: Document, path: readonly (string | number)[]): Node | undefined {
  let node: unknown = document.contents;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      node = pair?.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment];
    } else {
      return undefined;
    }
  }
  return (node ?? undefined) as Node | undefined;
}

function keyNode(document: Document, path: readonly (string | number)[], key: string): Node | undefined {
  const parent = nodeAt(document, path);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
  return (pair?.key ?? undefined) as Node | undefined;
}

function describeIssue(
  issue: z.core.$ZodIssue,
  document: Document,
  place: {
    offsetOf: (path: readonly PropertyKey[]) => number;
    problem: (offset: number, path: readonly PropertyKey[], message: string) => PlanProblem;
    allowedAt: (path: readonly (string | number)[]) => string[];
    unknownNote: string;
  },
): PlanProblem[] {
  const { offsetOf, problem, allowedAt, unknownNote } = place;
  const path = issue.path as (string | number)[];
  if (issue.code === 'unrecognized_keys') {
    const allowed = allowedAt(path);
    return issue.keys.map((key) => {
      const offset = keyNode(document, path, key)?.range?.[0] ?? offsetOf(path);
      // Allowed here in one shape of the file and refused in the shape it has: the keys of a plan at
      // the top of an execute request (which has migrationPlan).
      if (allowed.includes(key)) {
        const message = path.length === 0 && PLAN_KEYS.includes(key)
          ? 'belongs inside migrationPlan in an execute request; at the top the engine would silently ignore it'
          : 'not allowed here; the engine would silently ignore it';
        return problem(offset, [...path, key], message);
      }
      const near = closest(key, allowed);
      const hint = near.length > 0 ? ` (did you mean '${near[0]}'?)` : '';
      return problem(offset, [...path, key], `unknown property${hint}${unknownNote}`);
    });
  }
  return [problem(offsetOf(path), path, issueMessage(issue))];
}

function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      if (issue.input === null && issue.path[issue.path.length - 1] === 'type') {
        // YAML reads an unquoted Null (the engine's type name) as null.
        return 'expected a string, got null (in YAML write "Null" in quotes: unquoted, it is YAML\'s null)';
      }
      return `expected ${article(issue.expected)}, got ${describeValue(issue.input)}`;
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : issue.message;
    case 'invalid_value':
      if (issue.input === undefined) return 'required';
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      return issue.message;
  }
}

function article(type: string): string {
  const names: Record<string, string> = { array: 'a list', object: 'an object', record: 'an object', string: 'a string', boolean: 'true or false', number: 'a number' };
  return names[type] ?? type;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'number' ? 'the number' : typeof value} ${String(value)}`;
}

const PLAN_KEYS = ['source', 'target', 'sourceProcessDefinitionId', 'targetProcessDefinitionId', 'instructions', 'variables'];
const EXECUTION_KEYS = ['processInstanceIds', 'processInstanceQuery', 'skipCustomListeners', 'skipIoMappings'];

/** The keys allowed where an unknown one was found, for the suggestion. */
function allowedKeys(path: readonly (string | number)[]): string[] {
  if (path.length === 0) return [...PLAN_KEYS, ...EXECUTION_KEYS, 'migrationPlan'];
  const last = path[path.length - 1];
  const listName = typeof last === 'number' ? path[path.length - 2] : undefined;
  if (path.includes('processInstanceQuery')) {
    if (listName === 'variables') return ['name', 'operator', 'value'];
    if (listName === 'sorting') return ['sortBy', 'sortOrder'];
    return [...PROCESS_INSTANCE_QUERY_KEYS];
  }
  if (last === 'migrationPlan') return PLAN_KEYS;
  if (listName === 'instructions') return ['sourceActivityIds', 'targetActivityIds', 'updateEventTrigger'];
  if (path[path.length - 2] === 'variables') return ['value', 'type', 'valueInfo'];
  return [];
}

