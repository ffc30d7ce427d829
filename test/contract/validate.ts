// Checks requests and responses against the committed subset of the official engine REST OpenAPI
// document (test/contract/openapi.json, OpenAPI 3.0).
//
// A small checker instead of a JSON Schema library, because OpenAPI 3.0 is not JSON Schema: `nullable`
// is its own keyword, and `format: date-time` means the engine's `yyyy-MM-dd'T'HH:mm:ss.SSSZ`
// (2013-01-23T14:42:45.000+0200), which RFC 3339 validators reject. The document only uses type,
// nullable, $ref, properties, required, items, additionalProperties, allOf, enum, format and minimum.
//
// Undeclared properties are errors by default (`allowUndeclaredProperties: false`): the engine's DTOs
// and the document agree field for field, so an extra name is almost always a typo in the simulator.
import { readFileSync } from 'node:fs';

// ---------------------------------------------------------------------------------------------
// The parts of OpenAPI 3.0 the subset uses

export interface SchemaObject {
  $ref?: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  nullable?: boolean;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  additionalProperties?: boolean | SchemaObject;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
}

interface MediaTypeObject {
  schema?: SchemaObject;
}

interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: SchemaObject;
}

interface ResponseObject {
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
}

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch';
type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, PathItemObject>;
  components: { schemas: Record<string, SchemaObject> };
}

export const contractDocument: OpenApiDocument = JSON.parse(readFileSync(new URL('./openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;

// ---------------------------------------------------------------------------------------------
// Where the real engine and the official document disagree. Each entry is proven by a captured real
// response (test/fixtures/samples/; simulator-contract.test.ts checks every one of them against this
// contract). Applied at load time, so openapi.json stays an unmodified extract.

/**
 * ExceptionDto.code is `"type": "number"` without `nullable`, but the engine sends `"code": null` for
 * every error not caused by a ProcessEngineException (unknown-path-404, authorization-get-404, ...).
 */
function withNullableExceptionCode(schemas: Record<string, SchemaObject>): Record<string, SchemaObject> {
  const exception = schemas.ExceptionDto;
  const code = exception?.properties?.code;
  if (exception === undefined || code === undefined) return schemas;
  return {
    ...schemas,
    ExceptionDto: { ...exception, properties: { ...exception.properties, code: { ...code, nullable: true } } },
  };
}

/**
 * TelemetryInternalsDto as the products send it: `license-key` is `null` on an engine without a
 * licence (camunda-telemetry-data, cibseven-telemetry-data), though the document does not make the
 * $ref nullable; Operaton names the integration list `operaton-integration` instead of
 * `camunda-integration` (operaton-telemetry-data). The samples are in test/fixtures/samples/forks/.
 */
function withForkTelemetryInternals(schemas: Record<string, SchemaObject>): Record<string, SchemaObject> {
  const internals = schemas.TelemetryInternalsDto;
  const properties = internals?.properties;
  const licenseKey = properties?.['license-key'];
  const integration = properties?.['camunda-integration'];
  if (internals === undefined || properties === undefined || licenseKey === undefined || integration === undefined) return schemas;
  return {
    ...schemas,
    TelemetryInternalsDto: {
      ...internals,
      properties: {
        ...properties,
        'license-key': { allOf: [licenseKey], nullable: true },
        'operaton-integration': integration,
      },
    },
  };
}

/**
 * The password policy as the engine sends it (read from the source, not captured: no reference engine
 * enables the policy): PasswordPolicyRuleDto.parameter is `null` for PASSWORD_POLICY_USER_DATA
 * (PasswordPolicyUserDataRuleImpl.getParameters), and the rules of POST /identity/password-policy are
 * CheckPasswordPolicyRuleDto, which adds `valid` to each.
 */
function withPasswordPolicyRules(schemas: Record<string, SchemaObject>): Record<string, SchemaObject> {
  const rule = schemas.PasswordPolicyRuleDto;
  const parameter = rule?.properties?.parameter;
  const result = schemas.CheckPasswordPolicyResultDto;
  if (rule === undefined || parameter === undefined || result === undefined) return schemas;
  const nullableRule: SchemaObject = { ...rule, properties: { ...rule.properties, parameter: { ...parameter, nullable: true } } };
  const checkedRule: SchemaObject = { ...nullableRule, properties: { ...nullableRule.properties, valid: { type: 'boolean' } } };
  return {
    ...schemas,
    PasswordPolicyRuleDto: nullableRule,
    CheckPasswordPolicyResultDto: {
      type: 'object',
      properties: { valid: { type: 'boolean', nullable: true }, rules: { type: 'array', nullable: true, items: checkedRule } },
    },
  };
}

/**
 * Error bodies richer than ExceptionDto, which the document does not describe (it types every error
 * as ExceptionDto). Hand-written from the engine's AuthorizationExceptionDto and migration exception
 * DTOs (docs/engine-notes.md#error-bodies); selected by the body's `type`.
 */
const ERROR_SCHEMAS: Record<string, SchemaObject> = {
  AuthorizationExceptionDto: {
    type: 'object',
    properties: {
      type: { type: 'string' },
      message: { type: 'string' },
      code: { type: 'integer', nullable: true },
      userId: { type: 'string', nullable: true },
      resourceName: { type: 'string', nullable: true },
      resourceId: { type: 'string', nullable: true },
      permissionName: { type: 'string', nullable: true },
      missingAuthorizations: { type: 'array', items: { $ref: '#/components/schemas/MissingAuthorizationDto' } },
    },
  },
  MissingAuthorizationDto: {
    type: 'object',
    properties: {
      permissionName: { type: 'string', nullable: true },
      resourceName: { type: 'string', nullable: true },
      resourceId: { type: 'string', nullable: true },
    },
  },
  MigrationPlanValidationExceptionDto: {
    type: 'object',
    properties: {
      type: { type: 'string' },
      message: { type: 'string' },
      code: { type: 'integer', nullable: true },
      validationReport: { $ref: '#/components/schemas/MigrationPlanReportDto' },
    },
  },
  MigratingProcessInstanceValidationExceptionDto: {
    type: 'object',
    properties: {
      type: { type: 'string' },
      message: { type: 'string' },
      code: { type: 'integer', nullable: true },
      validationReport: { $ref: '#/components/schemas/MigratingProcessInstanceValidationReportDto' },
    },
  },
  MigratingProcessInstanceValidationReportDto: {
    type: 'object',
    properties: {
      processInstanceId: { type: 'string' },
      failures: { type: 'array', items: { type: 'string' } },
      activityInstanceValidationReports: {
        type: 'array',
        items: { $ref: '#/components/schemas/MigratingActivityInstanceValidationReportDto' },
      },
      transitionInstanceValidationReports: {
        type: 'array',
        items: { $ref: '#/components/schemas/MigratingTransitionInstanceValidationReportDto' },
      },
    },
  },
  MigratingActivityInstanceValidationReportDto: {
    type: 'object',
    properties: {
      migrationInstruction: { allOf: [{ $ref: '#/components/schemas/MigrationInstructionDto' }], nullable: true },
      activityInstanceId: { type: 'string' },
      sourceScopeId: { type: 'string' },
      failures: { type: 'array', items: { type: 'string' } },
    },
  },
  MigratingTransitionInstanceValidationReportDto: {
    type: 'object',
    properties: {
      migrationInstruction: { allOf: [{ $ref: '#/components/schemas/MigrationInstructionDto' }], nullable: true },
      transitionInstanceId: { type: 'string' },
      sourceScopeId: { type: 'string' },
      failures: { type: 'array', items: { type: 'string' } },
    },
  },
};

/** Which schema an error body follows, by its exception `type`. */
const ERROR_SCHEMA_BY_EXCEPTION_TYPE: Record<string, string> = {
  AuthorizationException: 'AuthorizationExceptionDto',
  MigrationPlanValidationException: 'MigrationPlanValidationExceptionDto',
  MigratingProcessInstanceValidationException: 'MigratingProcessInstanceValidationExceptionDto',
};

const EXCEPTION_DTO_REF = '#/components/schemas/ExceptionDto';

/** A documented ExceptionDto stands for the richer body the engine sends for some exception types. */
function errorSchemaFor(documented: SchemaObject, body: unknown): SchemaObject {
  // An error status documented with an empty schema (DELETE /user/{id} 403): the engine sends its ExceptionDto.
  if (Object.keys(documented).length === 0) return errorSchemaFor({ $ref: EXCEPTION_DTO_REF }, body);
  if (documented.$ref !== EXCEPTION_DTO_REF || !isPlainObject(body) || typeof body.type !== 'string') return documented;
  const richer = ERROR_SCHEMA_BY_EXCEPTION_TYPE[body.type];
  return richer === undefined ? documented : { $ref: `#/components/schemas/${richer}` };
}

/** Statuses the engine answers but the document does not list for the operation ('*': any operation). */
export const UNDOCUMENTED_STATUSES: Record<string, { status: number; body: 'error' | 'empty'; evidence: string }[]> = {
  // The Basic auth filter answers 401 with no body on every protected path.
  '*': [{ status: 401, body: 'empty', evidence: 'basic-auth-missing-credentials, basic-auth-wrong-password' }],
  'GET /process-definition/{id}': [{ status: 404, body: 'error', evidence: 'process-definition-get-404 (the document says 400)' }],
  'POST /group/create': [{ status: 400, body: 'error', evidence: 'group-create-duplicate' }],
  // GetDeploymentResourcesCmd / GetDeploymentResourceForIdCmd: checkReadDeployment; an unknown resource id
  // is getResourceAsStreamById's 500 (both captured on 7.24).
  'GET /deployment/{id}/resources': [{ status: 403, body: 'error', evidence: 'deployment-resources-denied' }],
  'GET /deployment/{id}/resources/{resourceId}/data': [
    { status: 403, body: 'error', evidence: 'deployment-resources-denied (body shape; read from GetDeploymentResourceForIdCmd)' },
    { status: 500, body: 'error', evidence: 'deployment-resource-data-unknown' },
  ],
  // Read from UserRestServiceImpl.createUser and SaveUserCmd (not captured): 400 no profile id or
  // "The user already exists"; 403 a read-only identity provider or CREATE on USER; 500 the id whitelist
  // or "Password does not match policy".
  'POST /user/create': [
    { status: 400, body: 'error', evidence: 'group-create-duplicate (body shape; read from IdentityServiceImpl.saveUser)' },
    { status: 403, body: 'error', evidence: 'auth-denied-group-create (body shape; read from DbIdentityServiceProvider.saveUser)' },
    { status: 500, body: 'error', evidence: 'group-create-without-id (body shape; read from SaveUserCmd: the whitelist and the password policy)' },
  ],
  'POST /tenant/create': [{ status: 400, body: 'error', evidence: 'tenant-create-duplicate' }],
  // CREATE on Deployment (AuthorizationCommandChecker.checkCreateDeployment).
  'POST /deployment/create': [{ status: 403, body: 'error', evidence: 'auth-denied-deployment-create' }],
  // Running instances and no cascade: ENGINE-03076, a ProcessEngineException, so a 500.
  'DELETE /deployment/{id}': [{ status: 500, body: 'error', evidence: 'deployment-delete-with-instances' }],
  'GET /metrics/{metrics-name}/sum': [{ status: 400, body: 'error', evidence: 'metrics-sum-invalid-date' }],
  // Neither admin nor READ on SYSTEM: ENGINE-03110, the same on Camunda, Operaton and CIB seven.
  'GET /telemetry/data': [{ status: 403, body: 'error', evidence: 'camunda-telemetry-data-403, operaton-telemetry-data-403, cibseven-telemetry-data-403' }],
  'POST /migration/execute': [
    { status: 500, body: 'error', evidence: 'migration-execute-foreign-instance, migration-execute-no-plan' },
    // Every migration endpoint builds its plan with CreateMigrationPlanCmd (READ on both definitions);
    // execute then checks MIGRATE_INSTANCE on both keys.
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (captured on /migration/executeAsync)' },
  ],
  'POST /migration/generate': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (captured on /migration/executeAsync; same plan creation)' },
  ],
  // validate turns only a MigrationPlanValidationException into its report; the AuthorizationException stays a 403.
  'POST /migration/validate': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (captured on /migration/executeAsync; same plan creation)' },
  ],
  // UPDATE (suspend/activate) and DELETE on the batch (AuthorizationCommandChecker.checkSuspendBatch/checkDeleteBatch):
  // not captured on these paths; the body is the AuthorizationException of the cited sample.
  'PUT /batch/{id}/suspended': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (body shape only; read from UpdateBatchSuspensionStateCmd)' },
  ],
  'DELETE /batch/{id}': [{ status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (body shape only; read from DeleteBatchCmd)' }],
  // Deleting instances and setting their variables (read from the commands' checkers: AuthorizationCommandChecker
  // checkDeleteProcessInstance, checkDeleteHistoricProcessInstance, checkUpdateProcessInstanceVariables,
  // BatchBuilder's checkCreateBatch); the body is the AuthorizationException of the cited sample.
  'DELETE /process-instance/{id}': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (body shape only; read from AbstractDeleteProcessInstanceCmd)' },
  ],
  'POST /process-instance/delete': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (body shape only; read from DeleteProcessInstanceBatchCmd)' },
  ],
  'DELETE /history/process-instance/{id}': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (body shape only; read from DeleteHistoricProcessInstancesCmd)' },
  ],
  'POST /history/process-instance/delete': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (body shape only; read from DeleteHistoricProcessInstancesBatchCmd)' },
  ],
  'POST /process-instance/{id}/variables': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async (body shape only; read from SetExecutionVariablesCmd)' },
  ],
  // HistoryCleanupCmd: checkCamundaAdmin (ENGINE-03029, no permission opens it); without a window and not
  // immediatelyDue, no job is created and JobDto.fromJob(null) throws.
  'POST /history/cleanup': [
    { status: 403, body: 'error', evidence: 'camunda-telemetry-data-403 (body shape only; read from HistoryCleanupCmd.execute)' },
    { status: 500, body: 'error', evidence: 'migration-execute-no-plan (the NullPointerException JobDto.fromJob(null) throws)' },
  ],
  'POST /migration/executeAsync': [
    { status: 403, body: 'error', evidence: 'auth-denied-migration-execute-async' },
    // executeAsync builds the plan exactly like execute, so a missing plan is the same NullPointerException.
    { status: 500, body: 'error', evidence: 'migration-execute-no-plan (captured on /migration/execute)' },
  ],
};

// ---------------------------------------------------------------------------------------------
// Schema checking

export interface ValidationOptions {
  /** Accept object properties the schema does not declare (OpenAPI's own default). Default false. */
  allowUndeclaredProperties?: boolean;
}

export interface ValidationResult {
  valid: boolean;
  errors: string[];
  /** e.g. 'GET /authorization/{id}', when the path and method matched an operation. */
  operation?: string;
}

/** The engine's date format: yyyy-MM-dd'T'HH:mm:ss.SSSZ (RFC 822 offset without a colon). */
const ENGINE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{4}$/;

class SchemaChecker {
  constructor(
    private readonly schemas: Record<string, SchemaObject>,
    private readonly options: ValidationOptions,
  ) {}

  resolve(schema: SchemaObject): SchemaObject {
    let current = schema;
    const seen = new Set<string>();
    while (current.$ref !== undefined) {
      const ref = current.$ref;
      if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
      seen.add(ref);
      const name = ref.replace(/^#\/components\/schemas\//, '');
      const target = this.schemas[name];
      if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
      current = target;
    }
    return current;
  }

  /** Property names declared by a schema, its allOf parts included (for the undeclared-property check). */
  private declaredProperties(schema: SchemaObject, into = new Set<string>()): Set<string> {
    const resolved = this.resolve(schema);
    for (const name of Object.keys(resolved.properties ?? {})) into.add(name);
    for (const part of resolved.allOf ?? []) this.declaredProperties(part, into);
    return into;
  }

  private allowsNull(schema: SchemaObject): boolean {
    const resolved = this.resolve(schema);
    if (resolved.nullable === true) return true;
    // A schema that constrains nothing ({} like AnyValue) accepts null too.
    return (
      resolved.type === undefined &&
      resolved.allOf === undefined &&
      resolved.oneOf === undefined &&
      resolved.anyOf === undefined &&
      resolved.properties === undefined &&
      resolved.enum === undefined
    );
  }

  check(schema: SchemaObject, value: unknown, at: string, errors: string[]): void {
    const resolved = this.resolve(schema);
    if (value === null) {
      if (!this.allowsNull(schema)) errors.push(`${at}: null is not allowed`);
      return;
    }
    for (const part of resolved.allOf ?? []) this.checkPart(part, value, at, errors);
    if (resolved.oneOf) this.checkAlternatives(resolved.oneOf, value, at, errors, 'oneOf');
    if (resolved.anyOf) this.checkAlternatives(resolved.anyOf, value, at, errors, 'anyOf');

    if (resolved.type !== undefined && !this.hasType(resolved.type, value)) {
      errors.push(`${at}: expected ${resolved.type}, got ${describe(value)}`);
      return;
    }
    if (resolved.enum !== undefined && !resolved.enum.some((allowed) => allowed === value)) {
      errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(resolved.enum)}`);
    }
    if (typeof value === 'number') this.checkNumber(resolved, value, at, errors);
    if (typeof value === 'string' && resolved.format === 'date-time' && !ENGINE_DATE_TIME.test(value)) {
      errors.push(`${at}: '${value}' is not an engine date-time (yyyy-MM-dd'T'HH:mm:ss.SSSZ)`);
    }
    if (Array.isArray(value) && resolved.items) {
      value.forEach((item, index) => this.check(resolved.items as SchemaObject, item, `${at}[${index}]`, errors));
    }
    if (isPlainObject(value)) this.checkObject(schema, resolved, value, at, errors);
  }

  /** allOf parts check their own constraints; undeclared properties are judged once, on the whole. */
  private checkPart(part: SchemaObject, value: unknown, at: string, errors: string[]): void {
    const lenient = new SchemaChecker(this.schemas, { ...this.options, allowUndeclaredProperties: true });
    lenient.check(part, value, at, errors);
  }

  private checkAlternatives(options: SchemaObject[], value: unknown, at: string, errors: string[], keyword: string): void {
    const passing = options.filter((option) => {
      const optionErrors: string[] = [];
      this.check(option, value, at, optionErrors);
      return optionErrors.length === 0;
    });
    if (passing.length === 0 || (keyword === 'oneOf' && passing.length > 1)) {
      errors.push(`${at}: matches ${passing.length} of the ${keyword} alternatives`);
    }
  }

  private hasType(type: NonNullable<SchemaObject['type']>, value: unknown): boolean {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return isPlainObject(value);
    }
  }

  private checkNumber(schema: SchemaObject, value: number, at: string, errors: string[]): void {
    if (schema.format === 'int32' && (value < -2147483648 || value > 2147483647)) errors.push(`${at}: ${value} is not an int32`);
    if (schema.format === 'int64' && !Number.isSafeInteger(value)) errors.push(`${at}: ${value} is not a (safe) int64`);
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: ${value} is below the minimum ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: ${value} is above the maximum ${schema.maximum}`);
  }

  private checkObject(original: SchemaObject, schema: SchemaObject, value: Record<string, unknown>, at: string, errors: string[]): void {
    for (const name of schema.required ?? []) {
      if (!(name in value)) errors.push(`${at}: required property '${name}' is missing`);
    }
    const properties = schema.properties ?? {};
    const declared = this.declaredProperties(original);
    for (const [name, propertyValue] of Object.entries(value)) {
      const propertySchema = properties[name];
      const where = `${at}.${name}`;
      if (propertySchema !== undefined) {
        this.check(propertySchema, propertyValue, where, errors);
      } else if (typeof schema.additionalProperties === 'object') {
        this.check(schema.additionalProperties, propertyValue, where, errors);
      } else if (schema.additionalProperties === false) {
        errors.push(`${where}: property is not allowed`);
      } else if (!this.options.allowUndeclaredProperties && schema.additionalProperties !== true && !declared.has(name)) {
        errors.push(`${where}: property is not declared in the schema`);
      }
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return `integer ${value}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

// ---------------------------------------------------------------------------------------------
// Operations

interface MatchedOperation {
  template: string;
  method: HttpMethod;
  operation: OperationObject;
  pathParams: Record<string, string>;
}

/**
 * Path relative to the REST root: '/authorization/{id}' (a template) or '/authorization/c68e...'
 * (a concrete, possibly percent-encoded path). A '/engine/{name}' prefix and a query are ignored.
 */
function normalizePath(path: string): string {
  let pathname = path.split('?')[0] ?? '';
  if (/^https?:\/\//.test(pathname)) pathname = new URL(pathname).pathname;
  const named = /^\/engine\/[^/]+(\/.+)$/.exec(pathname);
  if (named?.[1] !== undefined) pathname = named[1];
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export class ContractValidator {
  private readonly checker: SchemaChecker;

  constructor(
    private readonly document: OpenApiDocument = contractDocument,
    options: ValidationOptions = {},
  ) {
    this.checker = new SchemaChecker(
      { ...withPasswordPolicyRules(withForkTelemetryInternals(withNullableExceptionCode(document.components.schemas))), ...ERROR_SCHEMAS },
      options,
    );
  }

  /** Literal segments beat template segments, so '/batch/statistics' wins over '/batch/{id}'. */
  matchOperation(method: string, path: string): MatchedOperation | undefined {
    const wanted = normalizePath(path);
    const concrete = wanted.split('/');
    const lowerMethod = method.toLowerCase() as HttpMethod;
    let best: { match: MatchedOperation; literals: number } | undefined;
    for (const [template, item] of Object.entries(this.document.paths)) {
      const operation = item[lowerMethod];
      if (operation === undefined) continue;
      if (template === wanted) return { template, method: lowerMethod, operation, pathParams: {} };
      const parts = template.split('/');
      if (parts.length !== concrete.length) continue;
      const pathParams: Record<string, string> = {};
      let literals = 0;
      const matches = parts.every((part, index) => {
        const segment = concrete[index] ?? '';
        const param = /^\{(.+)\}$/.exec(part)?.[1];
        if (param !== undefined) {
          pathParams[param] = safeDecode(segment);
          return segment.length > 0;
        }
        literals += 1;
        return part === segment;
      });
      if (matches && (best === undefined || literals > best.literals)) {
        best = { match: { template, method: lowerMethod, operation, pathParams }, literals };
      }
    }
    return best?.match;
  }

  /** Checks a response body (parsed JSON, or undefined/'' for none) against the operation's `status`. */
  /** Whether the contract documents this answer as a file's bytes (no JSON content, a `format: binary` one): GET …/resources/{id}/data. */
  answersBinary(method: string, path: string, status: number): boolean {
    const content = this.matchOperation(method, path)?.operation.responses[String(status)]?.content;
    if (content === undefined || content['application/json'] !== undefined) return false;
    return Object.values(content).some((media) => (media.schema as { format?: string } | undefined)?.format === 'binary');
  }

  validateResponse(method: string, path: string, status: number, body: unknown): ValidationResult {
    const matched = this.matchOperation(method, path);
    if (!matched) return { valid: false, errors: [`no operation ${method.toUpperCase()} ${normalizePath(path)} in the contract`] };
    const name = `${method.toUpperCase()} ${matched.template}`;
    const errors: string[] = [];
    const isEmpty = body === undefined || body === '';
    const documented = matched.operation.responses[String(status)];

    let expected: { schema: SchemaObject } | 'empty';
    if (documented !== undefined) {
      const schema = documented.content?.['application/json']?.schema;
      expected = schema === undefined ? 'empty' : { schema };
    } else {
      const known = [...(UNDOCUMENTED_STATUSES[name] ?? []), ...(UNDOCUMENTED_STATUSES['*'] ?? [])].find((entry) => entry.status === status);
      if (known === undefined) return { valid: false, errors: [`status ${status} is not documented for ${name}`], operation: name };
      expected = known.body === 'empty' ? 'empty' : { schema: { $ref: EXCEPTION_DTO_REF } };
    }

    if (expected === 'empty') {
      if (!isEmpty) errors.push(`${name} ${status} has no content, got ${describe(body)}`);
    } else if (isEmpty) {
      errors.push(`${name} ${status} needs a body`);
    } else {
      this.checker.check(status >= 400 ? errorSchemaFor(expected.schema, body) : expected.schema, body, 'body', errors);
    }
    return { valid: errors.length === 0, errors, operation: name };
  }

  /**
   * Checks what a client sends: every query parameter must be declared for the operation (the engine
   * silently ignores unknown ones, so a typo would go unnoticed), values must parse as their type,
   * required ones must be there, and the body must match the request schema.
   */
  validateRequest(method: string, path: string, query: URLSearchParams | Record<string, string> | string = '', body?: unknown): ValidationResult {
    const matched = this.matchOperation(method, path);
    if (!matched) return { valid: false, errors: [`no operation ${method.toUpperCase()} ${normalizePath(path)} in the contract`] };
    const name = `${method.toUpperCase()} ${matched.template}`;
    const errors: string[] = [];
    const params = toSearchParams(query, path);
    const declared = matched.operation.parameters ?? [];

    for (const key of new Set(params.keys())) {
      const parameter = declared.find((candidate) => candidate.in === 'query' && candidate.name === key);
      if (parameter === undefined) {
        errors.push(`query parameter '${key}' is not declared for ${name}`);
        continue;
      }
      for (const value of params.getAll(key)) this.checkParameterValue(parameter, value, `query.${key}`, errors);
    }
    for (const parameter of declared) {
      if (parameter.in === 'query' && parameter.required && !params.has(parameter.name)) {
        errors.push(`required query parameter '${parameter.name}' is missing`);
      }
      if (parameter.in === 'path') {
        const value = matched.pathParams[parameter.name];
        if (value !== undefined) this.checkParameterValue(parameter, value, `path.${parameter.name}`, errors);
      }
    }

    const formSchema = matched.operation.requestBody?.content?.['multipart/form-data']?.schema;
    if (formSchema !== undefined && isMultipartBody(body)) {
      this.checkFormFields(formSchema, body.multipart, errors);
      return { valid: errors.length === 0, errors, operation: name };
    }
    const bodySchema = matched.operation.requestBody?.content?.['application/json']?.schema;
    if (body === undefined) {
      if (matched.operation.requestBody?.required) errors.push(`${name} requires a body`);
    } else if (bodySchema === undefined) {
      errors.push(`${name} takes no JSON body`);
    } else {
      this.checker.check(bodySchema, body, 'body', errors);
    }
    return { valid: errors.length === 0, errors, operation: name };
  }

  /**
   * A multipart form (`{multipart: {field: value}}`, as the samples' index and the e2e observer give
   * it): each field the schema declares must parse as its type; any other field is a file part (the
   * engine takes every part not named by a reserved field as a resource, whatever its name).
   */
  private checkFormFields(schema: SchemaObject, fields: Record<string, string>, errors: string[]): void {
    const properties = this.checker.resolve(schema).properties ?? {};
    for (const [field, value] of Object.entries(fields)) {
      const declared = properties[field];
      if (declared === undefined) continue;
      const property = this.checker.resolve(declared);
      if (property.format === 'binary') continue;
      this.checkParameterValue({ name: field, in: 'query', schema: property } as ParameterObject, value, `form.${field}`, errors);
    }
  }

  /** Query and path values are strings on the wire: check that they parse as the declared type. */
  private checkParameterValue(parameter: ParameterObject, value: string, at: string, errors: string[]): void {
    const schema = parameter.schema ? this.checker.resolve(parameter.schema) : undefined;
    switch (schema?.type) {
      case 'integer':
        if (!/^[+-]?\d+$/.test(value)) errors.push(`${at}: '${value}' is not an integer`);
        else this.checker.check(schema, Number(value), at, errors);
        break;
      case 'number':
        if (value.trim() === '' || !Number.isFinite(Number(value))) errors.push(`${at}: '${value}' is not a number`);
        break;
      case 'boolean':
        if (value !== 'true' && value !== 'false') errors.push(`${at}: '${value}' is not true or false`);
        break;
      case 'string':
        if (schema.enum !== undefined || schema.format === 'date-time') this.checker.check(schema, value, at, errors);
        break;
      default:
        break;
    }
  }
}

function isMultipartBody(body: unknown): body is { multipart: Record<string, string> } {
  return typeof body === 'object' && body !== null && typeof (body as { multipart?: unknown }).multipart === 'object';
}

function toSearchParams(query: URLSearchParams | Record<string, string> | string, path: string): URLSearchParams {
  const params = new URLSearchParams(typeof query === 'string' ? query : query instanceof URLSearchParams ? query : Object.entries(query));
  // A query left on the path counts too.
  const fromPath = path.includes('?') ? new URLSearchParams(path.slice(path.indexOf('?') + 1)) : undefined;
  fromPath?.forEach((value, key) => params.append(key, value));
  return params;
}

const defaultValidator = new ContractValidator();

/** Checks a response against the contract; `path` is a template or a concrete path below the REST root. */
export function validateResponse(method: string, path: string, status: number, body: unknown): ValidationResult {
  return defaultValidator.validateResponse(method, path, status, body);
}

/** Whether the contract documents this answer as a file's bytes rather than JSON. */
export function answersBinary(method: string, path: string, status: number): boolean {
  return defaultValidator.answersBinary(method, path, status);
}

/** Checks a request (query parameters and JSON body) against the contract. */
export function validateRequest(method: string, path: string, query?: URLSearchParams | Record<string, string> | string, body?: unknown): ValidationResult {
  return defaultValidator.validateRequest(method, path, query, body);
}
