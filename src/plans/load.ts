/**
 * Plan loading, used by every migration command: reads JSON or YAML (decided by content, `-` is
 * stdin), checks the shape strictly and the things the engine would silently get wrong, and reports
 * each problem with file, line, column and JSON path. Nothing is sent before this passes.
 */
import * as z from 'zod';
import { byPosition, InputError, type InputProblem } from '../input/problems.js';
import { loadPlaces, type PlacesAccess } from '../input/place-loader.js';
import { parseStructured } from '../input/structured.js';
import { wellFormedFields } from '../input/well-formed.js';
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

/** A plan's problems are input problems (src/input/problems.ts). */
export type PlanProblem = InputProblem;

/** Exit 2 with every problem of a plan, query or variables file, one line each. */
export class PlanError extends InputError {
  constructor(problems: PlanProblem[]) {
    super(problems);
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
  /**
   * Where a property (its key) is in the file, for later errors (drift between reference and id);
   * loads the yaml library (../input/place-loader.ts) if it is not loaded.
   */
  locate(path: readonly (string | number)[]): Promise<{ line: number; column: number }>;
}

/**
 * Parses and checks plan text. `file` is only used in messages. `places`: the yaml library that
 * places problems, or on demand (withPlaces, ../input/place-loader.ts).
 */
export function parsePlan(text: string, file: string, places: PlacesAccess): LoadedPlan {
  const parsedText = parseStructured(text, file, 'plan', { allowed: allowedKeys, freeText: isVariableValue, misplaced, places }, PlanError);
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
    'migrationPlan' in parsed.data ? normalize({ ...parsed.data.migrationPlan, ...withoutPlan(parsed.data) }) : normalize(parsed.data);
  const { errors, warnings } = checkPlan(plan, report);
  if (errors.length > 0) throw new PlanError(byPosition(errors));
  const locate = async (path: readonly (string | number)[]) => {
    // A plan read on demand has no Document yet: once the library is loaded, placing builds it.
    await loadPlaces();
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
export function parseVariables(text: string, file: string, places: PlacesAccess): { variables: Record<string, VariableValue>; warnings: PlanProblem[] } {
  const parsedText = parseStructured(
    text,
    file,
    'variables file',
    { allowed: () => ['value', 'type', 'valueInfo'], freeText: (path) => path.length === 2 && path[1] === 'value', places },
    PlanError,
  );
  const parsed = variablesSchema.safeParse(parsedText.data, { reportInput: true });
  const errors: PlanProblem[] = parsed.success ? [] : parsedText.issues(parsed.error);
  const warnings: PlanProblem[] = [];
  const report = (path: readonly PropertyKey[], message: string, at?: 'key' | 'value') => parsedText.problem(parsedText.offsetOf(path, at), path, message);
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

/** `--query FILE`: a process instance query (the body of POST /process-instance), checked strictly. */
export function parseQueryFile(text: string, file: string, places: PlacesAccess): ProcessInstanceQuery {
  const parsedText = parseStructured(
    text,
    file,
    'query',
    { allowed: (path) => allowedKeys(['processInstanceQuery', ...path]), freeText: isVariableValue, places },
    PlanError,
  );
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

/** A plan's key at the top of an execute request, which has migrationPlan. */
function misplaced(path: readonly (string | number)[], key: string): string {
  return path.length === 0 && PLAN_KEYS.includes(key)
    ? 'belongs inside migrationPlan in an execute request; at the top the engine would silently ignore it'
    : 'not allowed here; the engine would silently ignore it';
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
