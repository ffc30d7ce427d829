// msw request handlers that answer like the REST API of a Camunda 7.24 engine.
//
// Every resource is reachable as `{root}/<resource>` (default engine) and as
// `{root}/engine/{name}/<resource>` (named engine), like NamedProcessEngineRestServiceImpl. Bodies,
// status codes and error messages follow the captured samples in test/fixtures/samples/; where the
// engine's behaviour was read from its source rather than captured, the code says so.
//
// Handler paths are relative (`/engine-rest/...`), so resolution needs the request's origin as msw's
// baseUrl: use `resolveRequest` (the simulator server does).
import { getResponse, http, HttpResponse } from 'msw';
import type { HttpHandler, JsonBodyType, PathParams } from 'msw';
import { registerAuthorizationRoutes } from './authorization.js';
import { registerBatchRoutes, runDueBatchJobs } from './batch.js';
import { registerJobLogRoutes } from './job-log.js';
import { registerDeploymentRoutes } from './deployments.js';
import { registerMigrationExecutionRoutes } from './execution.js';
import { registerHistoricProcessInstanceRoutes } from './history.js';
import { registerCleanableReportRoutes } from './history-cleanable.js';
import { registerHistoricDecisionInstanceRoutes } from './history-decision-instance.js';
import { registerHistoryCleanupRoutes, runDueHistoryCleanupJobsIfAuto } from './history-cleanup.js';
import { registerHistoryDeletionRoutes } from './history-deletion.js';
import { registerSetRemovalTimeRoutes } from './history-set-removal-time.js';
import { registerIdentityRoutes } from './identity.js';
import { registerUserRoutes } from './users.js';
import { registerTenantRoutes } from './tenants.js';
import { registerIncidentRoutes } from './incident.js';
import { registerInstanceDeletionRoutes } from './instance-deletion.js';
import { registerInstanceVariableRoutes } from './instance-variables.js';
import { registerJobRoutes } from './job.js';
import { registerJobExecuteRoutes } from './job-execute.js';
import { registerJobRetriesRoutes } from './job-retries.js';
import { registerExternalTaskRoutes } from './external-task.js';
import { registerMetricsRoutes } from './metrics.js';
import { registerMigrationRoutes } from './migration.js';
import { registerOpLogRoutes } from './op-log.js';
import { registerProcessDefinitionRoutes } from './repository.js';
import { registerDecisionDefinitionRoutes } from './decision-definition.js';
import { registerCaseRoutes } from './case-definition.js';
import { registerDefinitionTtlRoutes } from './definition-ttl.js';
import { registerProcessInstanceRoutes } from './runtime.js';
import { registerSuspensionRoutes } from './suspension.js';
import { registerSchemaLogRoutes } from './schema-log.js';
import { registerTelemetryRoutes } from './telemetry.js';
import type { EngineState } from './state.js';

export const DEFAULT_REST_ROOT = '/engine-rest';

export interface HandlerOptions {
  /** Path of the REST root, e.g. '/engine-rest' (the default) or '' for an application mounted at '/'. */
  restRoot?: string;
}

// ---------------------------------------------------------------------------------------------
// Response helpers (exported for the handlers later issues add)

/** The engine's ExceptionDto: `code` is null unless the cause is a ProcessEngineException. */
export interface ExceptionBody {
  type: string;
  message: string;
  code: number | null;
}

export function exceptionBody(type: string, message: string, code: number | null = null): ExceptionBody {
  return { type, message, code };
}

/** JSON with exactly `Content-Type: application/json`, like the engine (no charset parameter). */
export function json(body: JsonBodyType, status = 200): Response {
  return HttpResponse.json(body, { status });
}

export function invalidRequest(status: number, message: string): Response {
  return json(exceptionBody('InvalidRequestException', message), status);
}

/** 204 without a body or Content-Type, like the engine's void resource methods. */
export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

/**
 * Request header the simulator server sets (and strips from what clients send) once its Basic auth
 * filter has authenticated the caller: the engine's "authenticated user id" (e.g. a batch's createUserId).
 */
export const AUTHENTICATED_USER_HEADER = 'x-camunda-simulator-authenticated-user';

/** RESTEasy's answer for a path no resource matches (unknown-path-404.json). */
export function resourceNotFound(fullUrl: string): Response {
  return json(exceptionBody('NotFoundException', `RESTEASY003210: Could not find resource for full path: ${fullUrl}`), 404);
}

/** 400 for `{root}/engine/{unknown}/...` without the auth filter (unknown-engine.json). */
export function unknownEngine(): Response {
  return invalidRequest(400, 'No process engine available');
}

// ---------------------------------------------------------------------------------------------
// Query parameters, the way AbstractSearchQueryDto / AbstractQueryDto read them

export type QueryParamKind = 'string' | 'integer' | 'boolean' | 'stringArray';
export type QueryValue = string | number | boolean | string[];

export interface ParsedQuery {
  values: Record<string, QueryValue>;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export type QueryResult = { ok: true; query: ParsedQuery } | { ok: false; response: Response };

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function parseJavaInteger(value: string): number | undefined {
  if (!/^[+-]?\d+$/.test(value)) return undefined;
  const parsed = Number(value);
  return parsed >= INT32_MIN && parsed <= INT32_MAX ? parsed : undefined;
}

/**
 * BooleanConverter: Jackson reads the text as JSON. `true`/`false` convert; `null` is no value (the
 * parameter counts as absent); an integer is coerced (0 false, anything else true, Jackson's scalar
 * coercion); everything else fails.
 */
function parseJacksonBoolean(value: string): boolean | null | undefined {
  const text = value.trim();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+$/.test(text)) return !/^-?0+$/.test(text);
  return undefined;
}

/** Java's String.split(","): trailing empty strings are dropped, but "" stays [""]. */
function javaSplitComma(value: string): string[] {
  const parts = value.split(',');
  if (parts.length === 1) return parts;
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Unique parameter names in request order, each with its FIRST value (the engine ignores repeats). */
function firstValues(params: URLSearchParams): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of params) {
    if (!result.has(key)) result.set(key, value);
  }
  return result;
}

/**
 * A list query as the engine's REST layer reads it: the parameters (400 for a bad one), then the
 * engine name of the path, then a sortBy without sortOrder (or the other way round).
 */
export function engineQuery(context: RouteContext, spec: Record<string, QueryParamKind>, sortByValues: readonly string[] = []): QueryResult {
  const parsed = parseQuery(context.url.searchParams, spec, sortByValues);
  if (!parsed.ok) return parsed;
  const refused = context.engineError() ?? sortPairError(parsed.query);
  return refused ? { ok: false, response: refused } : parsed;
}

/** Typed readers of a parsed query's values: a string, a flag set to true, a non-empty list. */
export function queryReaders(values: Record<string, unknown>): {
  text: (name: string) => string | undefined;
  flag: (name: string) => boolean;
  list: (name: string) => string[] | undefined;
} {
  return {
    text: (name) => (typeof values[name] === 'string' ? (values[name] as string) : undefined),
    flag: (name) => values[name] === true,
    list: (name) => (Array.isArray(values[name]) && (values[name] as string[]).length > 0 ? (values[name] as string[]) : undefined),
  };
}

/**
 * Converts the declared query parameters; unknown ones are ignored like in the engine. Errors carry
 * the engine's messages: a conversion failure is "Cannot set query parameter 'x' to value 'v': <cause>",
 * a rejected sortBy/sortOrder has no cause suffix (the setter's exception is wrapped by reflection).
 */
export function parseQuery(params: URLSearchParams, spec: Record<string, QueryParamKind>, sortByValues: readonly string[] = []): QueryResult {
  const query: ParsedQuery = { values: {} };
  for (const [key, value] of firstValues(params)) {
    if (key === 'sortBy' && sortByValues.length > 0) {
      if (!sortByValues.includes(value)) return { ok: false, response: cannotSet(key, value) };
      query.sortBy = value;
      continue;
    }
    if (key === 'sortOrder' && sortByValues.length > 0) {
      if (value !== 'asc' && value !== 'desc') return { ok: false, response: cannotSet(key, value) };
      query.sortOrder = value;
      continue;
    }
    const kind = spec[key];
    if (kind === 'string') {
      query.values[key] = value;
    } else if (kind === 'stringArray') {
      query.values[key] = javaSplitComma(value);
    } else if (kind === 'integer') {
      const parsed = parseJavaInteger(value);
      if (parsed === undefined) {
        return { ok: false, response: cannotSet(key, value, `Cannot convert value ${value} to java type java.lang.Integer`) };
      }
      query.values[key] = parsed;
    } else if (kind === 'boolean') {
      const parsed = parseJacksonBoolean(value);
      if (parsed === undefined) {
        return { ok: false, response: cannotSet(key, value, `Cannot convert value ${value} to java type java.lang.Boolean`) };
      }
      if (parsed !== null) query.values[key] = parsed;
    }
  }
  return { ok: true, query };
}

function cannotSet(key: string, value: string, cause?: string): Response {
  const message = `Cannot set query parameter '${key}' to value '${value}'`;
  return invalidRequest(400, cause === undefined ? message : `${message}: ${cause}`);
}

/** AbstractQueryDto.toQuery: sortBy and sortOrder come together or not at all. */
export function sortPairError(query: ParsedQuery): Response | undefined {
  if ((query.sortBy === undefined) !== (query.sortOrder === undefined)) {
    return invalidRequest(400, 'Only a single sorting parameter specified. sortBy and sortOrder required');
  }
  return undefined;
}

export interface Paging {
  firstResult?: number;
  maxResults?: number;
}

/**
 * firstResult/maxResults are JAX-RS `@QueryParam Integer`s: RESTEasy rejects a bad value before the
 * resource method runs, as a 404 NotFoundException. (Inferred from the JAX-RS spec and RESTEasy's
 * message catalogue; not in the captured samples.)
 */
export function parsePaging(params: URLSearchParams): { ok: true; paging: Paging } | { ok: false; response: Response } {
  const paging: Paging = {};
  for (const name of ['firstResult', 'maxResults'] as const) {
    const raw = params.get(name);
    if (raw === null) continue;
    const parsed = parseJavaInteger(raw);
    if (parsed === undefined) {
      const message = `RESTEASY003870: Unable to extract parameter from http request: jakarta.ws.rs.QueryParam("${name}") value is '${raw}'`;
      return { ok: false, response: json(exceptionBody('NotFoundException', message), 404) };
    }
    paging[name] = parsed;
  }
  return { ok: true, paging };
}

/**
 * AbstractQuery.checkMaxResultsLimit -> QueryMaxResultsLimitUtil.checkMaxResultsLimit (7.24), for a
 * list query of the REST API: with a user authenticated (the Basic auth filter) and a limit below
 * Integer.MAX_VALUE, maxResults must be given (QueryUtil.list sends Integer.MAX_VALUE when it is not,
 * also when only firstResult is) and at most the limit. Counts and single results are not checked,
 * nor the metrics interval query (not an AbstractQuery). The answers are the engine's
 * (query-max-results-unbound.json, query-max-results-exceeded.json).
 */
export function maxResultsLimitError(limit: number, authenticatedUserId: string | null, paging: Paging): Response | undefined {
  if (authenticatedUserId === null || authenticatedUserId === '' || limit >= INT32_MAX) return undefined;
  const maxResults = paging.firstResult === undefined && paging.maxResults === undefined ? INT32_MAX : (paging.maxResults ?? INT32_MAX);
  if (maxResults === INT32_MAX) return json(exceptionBody('BadUserRequestException', 'An unbound number of results is forbidden!', 0), 400);
  if (maxResults > limit) return json(exceptionBody('BadUserRequestException', `Max results limit of ${limit} exceeded!`, 0), 400);
  return undefined;
}

/** A list query's answer: the limit check of the engine's query, then listPage(first, max) of the rows. */
export function pagedJson<T>(state: EngineState, context: RouteContext, items: readonly T[], paging: Paging, toDto: (item: T) => unknown): Response {
  const refused = maxResultsLimitError(state.queryMaxResultsLimit, context.authenticatedUserId, paging);
  if (refused) return refused;
  return json(applyPaging(items, paging).map(toDto) as JsonBodyType);
}

/** A query's rows, or the engine's answer refusing the query. */
export type QueryRows<T> = { ok: true; items: T[] } | { ok: false; response: Response };

/**
 * GET `path` (a page of the rows, as the engine's list query answers) and GET `path`/count, both over
 * the same query: the pair every read-only list resource of the engine has.
 */
export function addListAndCount<T>(router: EngineRouter, state: EngineState, path: string, find: (context: RouteContext) => QueryRows<T>): void {
  router.add(
    'get',
    path,
    (context) => {
      const paging = parsePaging(context.url.searchParams);
      if (!paging.ok) return paging.response;
      const result = find(context);
      return result.ok ? pagedJson(state, context, result.items, paging.paging, (item) => item) : result.response;
    },
    { engineCheck: 'manual' },
  );
  router.add(
    'get',
    `${path}/count`,
    (context) => {
      const result = find(context);
      return result.ok ? json({ count: result.items.length }) : result.response;
    },
    { engineCheck: 'manual' },
  );
}

/** query.listPage(first, max) with the REST layer's defaults (0 and Integer.MAX_VALUE). */
export function applyPaging<T>(items: readonly T[], paging: Paging): T[] {
  const first = Math.max(0, paging.firstResult ?? 0);
  const max = Math.max(0, paging.maxResults ?? INT32_MAX);
  return items.slice(first, first + max);
}

// ---------------------------------------------------------------------------------------------
// Request bodies, the way Jackson reads them

/**
 * Jackson could not map the body: malformed JSON (invalid-json-syntax.json) or a value of the wrong
 * JSON type (invalid-json-type.json). Both are 400 with an empty message.
 */
export function invalidJsonBody(): Response {
  return invalidRequest(400, '');
}

/**
 * The request body as JSON. An empty body counts as `{}` (the engine's EmptyBodyFilter); anything
 * JSON.parse rejects is the engine's 400 with an empty message.
 */
export async function readJsonBody(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const text = await request.text();
  if (text.trim() === '') return { ok: true, body: {} };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: invalidJsonBody() };
  }
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the properties of a JSON object body like Jackson binds a DTO: unknown properties are
 * ignored, null means absent, scalars coerce to String (Jackson's default), and a value of the wrong
 * shape fails the whole body (the caller answers `invalidJsonBody()`).
 */
export class JsonFields {
  failed = false;

  constructor(private readonly source: Record<string, unknown>) {}

  string(name: string): string | undefined {
    const value = this.source[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    this.failed = true;
    return undefined;
  }

  /**
   * An Integer property, or with `primitive` one whose setter takes an `int` (JSON null then binds as 0,
   * FAIL_ON_NULL_FOR_PRIMITIVES being off). Jackson's defaults: whole numbers within the int range,
   * fractions truncated (ACCEPT_FLOAT_AS_INT), numeric strings parsed, '' and 'null' as null; booleans,
   * other strings, arrays and objects fail the body. (Read from Jackson's StdDeserializer; the empty
   * string and boolean cases are inferred.)
   */
  integer(name: string, options: { primitive?: boolean } = {}): number | undefined {
    const value = this.source[name];
    if (value === undefined) return undefined;
    const nullValue = options.primitive ? 0 : undefined;
    if (value === null) return nullValue;
    let parsed: number | undefined;
    if (typeof value === 'number' && Number.isFinite(value)) {
      parsed = Math.trunc(value);
    } else if (typeof value === 'string') {
      const text = value.trim();
      if (text === '' || text === 'null') return nullValue;
      parsed = /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
    }
    if (parsed === undefined || parsed < INT32_MIN || parsed > INT32_MAX) {
      this.failed = true;
      return undefined;
    }
    return parsed === 0 ? 0 : parsed;
  }

  /** A Boolean property; "true"/"false" strings coerce like in Jackson. */
  boolean(name: string): boolean | undefined {
    const value = this.source[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    this.failed = true;
    return undefined;
  }

  /** A List<String>/Set<String> property: a JSON array (elements may be null); a single value is an error. */
  stringArray(name: string): (string | null)[] | undefined {
    const value = this.source[name];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) {
      this.failed = true;
      return undefined;
    }
    return value.map((item: unknown) => {
      if (item === null || item === undefined) return null;
      if (typeof item === 'string') return item;
      if (typeof item === 'number' || typeof item === 'boolean') return String(item);
      this.failed = true;
      return null;
    });
  }

  /** A JSON array of objects (or nulls), or undefined when absent. */
  objectArray(name: string): (Record<string, unknown> | null)[] | undefined {
    const value = this.source[name];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || !value.every((item: unknown) => item === null || isJsonObject(item))) {
      this.failed = true;
      return undefined;
    }
    return value as (Record<string, unknown> | null)[];
  }

  /** A JSON object (a Map or a nested DTO), or undefined when absent. */
  object(name: string): Record<string, unknown> | undefined {
    const value = this.source[name];
    if (value === undefined || value === null) return undefined;
    if (!isJsonObject(value)) {
      this.failed = true;
      return undefined;
    }
    return value;
  }
}

// ---------------------------------------------------------------------------------------------
// Matching and ordering like the engine's SQL

/** Ordering of two strings by UTF-16 code units (like Java's String.compareTo). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Whether rows are in ascending id order already (then the default ORDER BY id needs no sort: one linear pass). */
export function isInIdOrder(rows: readonly { id: string }[]): boolean {
  for (let index = 1; index < rows.length; index += 1) {
    if ((rows[index - 1] as { id: string }).id > (rows[index] as { id: string }).id) return false;
  }
  return true;
}

/**
 * The order of rows whose sort keys are equal, in one answer (state.tieOrder): by id, or by a hash of
 * the id and the page asked for, so that two pages of one listing may order such rows differently.
 */
export function tieBreaker(state: EngineState, params: URLSearchParams): (a: string, b: string) => number {
  if (state.tieOrder === 'id') return compareStrings;
  const page = `${params.get('firstResult') ?? ''}:${params.get('maxResults') ?? ''}`;
  const rank = (id: string): number => fnv1a(`${id}\u0000${page}`);
  return (a, b) => rank(a) - rank(b) || compareStrings(a, b);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}

/** ORDER BY on a nullable column: the H2 default puts NULL lowest. */
export function compareNullable<T extends string | number | boolean>(a: T | null, b: T | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  return a < b ? -1 : 1;
}

/** SQL LIKE as the engine issues it: `%` any run, `_` one character, `\` escapes (ESCAPE '\'). */
export function likeMatches(value: string | null, pattern: string): boolean {
  if (value === null) return false;
  let regex = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern.charAt(i);
    if (char === '\\' && i + 1 < pattern.length) {
      i += 1;
      regex += pattern.charAt(i).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (char === '%') {
      regex += '[\\s\\S]*';
    } else if (char === '_') {
      regex += '[\\s\\S]';
    } else {
      regex += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${regex}$`).test(value);
}

// ---------------------------------------------------------------------------------------------
// Routing

/** What a route's resolver gets besides the request. */
export interface RouteContext {
  request: Request;
  url: URL;
  /** Path parameters, decoded by msw (`a%2Fb` arrives as 'a/b'). */
  params: Record<string, string>;
  /** 'default' for `{root}/...`, the path's name for `{root}/engine/{name}/...`. */
  engineName: string;
  /** Absolute URL the engine's UriBuilder would start links from: `{origin}{root}` or `{origin}{root}/engine/{name}`. */
  engineBaseUrl: string;
  /** For routes with `engineCheck: 'manual'`: the 400 to send when the addressed engine does not exist. */
  engineError(): Response | undefined;
  /**
   * The user the Basic auth filter authenticated; null without the filter (the engine's default).
   * permissions.ts `authenticationOf(state, authenticatedUserId)` turns it into the engine's current
   * authentication (user and groups) for authorization checks.
   */
  authenticatedUserId: string | null;
}

export type RouteResolver = (context: RouteContext) => Response | Promise<Response>;
export type RouteMethod = 'get' | 'post' | 'put' | 'delete' | 'options';

export interface RouteOptions {
  /**
   * 'before' (default): answer 400 for an unknown engine before the resolver runs.
   * 'manual': the resolver calls engineError() itself, where the engine looks the engine up
   *   (a query DTO is parsed before that, so its 400s win).
   * 'none': the resource never touches the engine (GET /version).
   */
  engineCheck?: 'before' | 'manual' | 'none';
}

/**
 * Every named-engine sub-resource of NamedProcessEngineRestServiceImpl (7.24). For these, an unknown
 * engine name gives 400 once a resource method runs; other paths under /engine/{name} are plain 404s.
 */
const NAMED_ENGINE_RESOURCES = [
  'authorization',
  'batch',
  'case-definition',
  'case-execution',
  'case-instance',
  'condition',
  'decision-definition',
  'decision-requirements-definition',
  'deployment',
  'event-subscription',
  'execution',
  'external-task',
  'filter',
  'group',
  'history',
  'identity',
  'incident',
  'job',
  'job-definition',
  'message',
  'metrics',
  'migration',
  'modification',
  'optimize',
  'process-definition',
  'process-instance',
  'schema',
  'signal',
  'task',
  'telemetry',
  'tenant',
  'user',
  'variable-instance',
  'version',
];

function stringParams(params: PathParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') result[key] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') result[key] = value[0];
  }
  return result;
}

export function normalizeRestRoot(restRoot: string): string {
  const trimmed = restRoot.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Collects msw handlers for engine resources. A resource module (authorization.ts, repository.ts,
 * migration.ts, batch.ts, ...) gets the router and the state and calls `add` per endpoint.
 * Register literal paths before parameter paths (`/authorization/count` before `/authorization/:id`):
 * msw takes the first handler that answers.
 */
export class EngineRouter {
  readonly handlers: HttpHandler[] = [];

  constructor(
    private readonly state: EngineState,
    private readonly root: string,
  ) {}

  /** Registers `subPath` for the default engine and under `/engine/:engineName`. */
  add(method: RouteMethod, subPath: string, resolver: RouteResolver, options: RouteOptions = {}): void {
    const engineCheck = options.engineCheck ?? 'before';
    const register = (path: string, named: boolean): void => {
      this.handlers.push(
        http[method](path, async ({ request, params }) => {
          const url = new URL(request.url);
          const pathParams = stringParams(params);
          // The job executor works in the background of a real engine; here it catches up first.
          runDueBatchJobs(this.state);
          runDueHistoryCleanupJobsIfAuto(this.state);
          const engineName = named ? (pathParams.engineName ?? '') : 'default';
          const engineError = (): Response | undefined => (this.state.hasEngine(engineName) ? undefined : unknownEngine());
          if (engineCheck === 'before') {
            const error = engineError();
            if (error) return error;
          }
          const enginePath = named ? `/engine/${encodeURIComponent(engineName)}` : '';
          return resolver({
            request,
            url,
            params: pathParams,
            engineName,
            engineBaseUrl: `${url.origin}${this.root}${enginePath}`,
            engineError,
            authenticatedUserId: request.headers.get(AUTHENTICATED_USER_HEADER),
          });
        }),
      );
    };
    register(`${this.root}${subPath}`, false);
    register(`${this.root}/engine/:engineName${subPath}`, true);
  }

  /**
   * After all implemented routes: a named path of a known resource type on an unknown engine is the
   * engine's 400, even for resources the simulator does not implement (e.g. the captured
   * GET /engine/nope/process-definition). Anything else falls through to the 404.
   */
  addUnknownEngineFallback(): void {
    const resolver = ({ params }: { params: PathParams }): Response | undefined => {
      const { engineName, resource } = stringParams(params);
      if (engineName === undefined || resource === undefined) return undefined;
      if (resource === 'version' || !NAMED_ENGINE_RESOURCES.includes(resource)) return undefined;
      return this.state.hasEngine(engineName) ? undefined : unknownEngine();
    };
    this.handlers.push(http.all(`${this.root}/engine/:engineName/:resource`, resolver));
    this.handlers.push(http.all(`${this.root}/engine/:engineName/:resource/*`, resolver));
  }
}

// ---------------------------------------------------------------------------------------------
// Endpoints

/** JAX-RS UriBuilder.path(): percent-encodes what a path may not hold but keeps '/' (and sub-delims). */
export function uriBuilderPath(value: string): string {
  return value
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%(3A|40|24|26|2B|2C|3B|3D)/gi, (escaped) => decodeURIComponent(escaped)))
    .join('/');
}

/** A link of ResourceOptionsDto (OPTIONS answers). */
export interface AtomLink {
  method: string;
  href: string;
  rel: string;
}

/**
 * The handlers of the simulated engine, most specific first. Requests no handler answers get no
 * response from msw; the server turns that into RESTEasy's 404 (`resourceNotFound`).
 */
export function createHandlers(state: EngineState, options: HandlerOptions = {}): HttpHandler[] {
  const root = normalizeRestRoot(options.restRoot ?? DEFAULT_REST_ROOT);
  const router = new EngineRouter(state, root);

  // GET {root}/engine is the engine list; it is only mounted at the root, never per engine.
  const engineList = http.get(`${root}/engine`, () => json(state.engines.map((name) => ({ name }))));

  // VersionRestService reads the version off its own jar and never looks the engine up, so even
  // /engine/{unknown}/version answers 200 (inferred from the source).
  router.add('get', '/version', () => json({ version: state.version }), { engineCheck: 'none' });
  registerAuthorizationRoutes(router, state);
  registerProcessDefinitionRoutes(router, state);
  registerDefinitionTtlRoutes(router, state);
  registerDecisionDefinitionRoutes(router, state);
  registerCaseRoutes(router, state);
  registerDeploymentRoutes(router, state);
  registerSuspensionRoutes(router, state);
  registerProcessInstanceRoutes(router, state);
  registerInstanceDeletionRoutes(router, state);
  registerInstanceVariableRoutes(router, state);
  registerOpLogRoutes(router, state);
  registerMigrationRoutes(router, state);
  registerMigrationExecutionRoutes(router, state);
  // Before the batch routes: /history/batch/cleanable-batch-report is no /history/batch/{id}.
  registerCleanableReportRoutes(router, state);
  registerHistoryCleanupRoutes(router, state);
  registerHistoricDecisionInstanceRoutes(router, state);
  registerBatchRoutes(router, state);
  registerJobLogRoutes(router, state);
  registerHistoricProcessInstanceRoutes(router, state);
  registerHistoryDeletionRoutes(router, state);
  registerSetRemovalTimeRoutes(router, state);
  registerIncidentRoutes(router, state);
  registerJobRoutes(router, state);
  registerJobExecuteRoutes(router, state);
  registerJobRetriesRoutes(router, state);
  registerExternalTaskRoutes(router, state);
  registerIdentityRoutes(router, state);
  registerUserRoutes(router, state);
  registerTenantRoutes(router, state);
  registerMetricsRoutes(router, state);
  registerTelemetryRoutes(router, state);
  registerSchemaLogRoutes(router, state);
  router.addUnknownEngineFallback();

  return [engineList, ...router.handlers];
}

/**
 * Runs a Fetch request through the handlers. Handler paths are relative to the request's own origin;
 * undefined means no handler answered (send `resourceNotFound`).
 */
export async function resolveRequest(handlers: readonly HttpHandler[], request: Request): Promise<Response | undefined> {
  return getResponse([...handlers], request, { baseUrl: new URL(request.url).origin });
}

/**
 * The sorting of a POST query body (`sorting` entries plus a top-level sortBy/sortOrder), as the
 * engine's query DTOs bind it. Entries without a known field and a direction are left out (they are
 * not simulated); an unknown top-level sortBy or sortOrder is the engine's empty-message 400 (undefined).
 */
export function readBodySorting<T extends string>(
  fields: JsonFields,
  allowed: readonly T[],
): { sorting: { sortBy: T; sortOrder: 'asc' | 'desc' }[]; sortBy: string | undefined; sortOrder: string | undefined } | undefined {
  const sorting: { sortBy: T; sortOrder: 'asc' | 'desc' }[] = [];
  for (const entry of fields.objectArray('sorting') ?? []) {
    const sortBy = entry?.sortBy;
    const sortOrder = entry?.sortOrder;
    if (allowed.includes(sortBy as T) && (sortOrder === 'asc' || sortOrder === 'desc')) sorting.push({ sortBy: sortBy as T, sortOrder });
  }
  const sortBy = fields.string('sortBy');
  const sortOrder = fields.string('sortOrder');
  if (fields.failed) return undefined;
  if (sortBy !== undefined && !allowed.includes(sortBy as T)) return undefined;
  if (sortOrder !== undefined && sortOrder !== 'asc' && sortOrder !== 'desc') return undefined;
  return { sorting, sortBy, sortOrder };
}

/** An empty list filter means no filter. */
export function nonEmptyList(list: (string | null)[] | undefined): (string | null)[] | undefined {
  return list !== undefined && list.length > 0 ? list : undefined;
}

/**
 * A query DTO bound from a POST body (POST /job, POST /external-task), into the values a GET query of
 * the same `spec` gives: Jackson's binding (JsonFields), the first entry of `sorting` (or a top-level
 * sortBy and sortOrder) as the order. A wrong shape is the engine's 400 with an empty message.
 */
export function queryFromJsonBody(body: unknown, spec: Record<string, QueryParamKind>, sortByValues: readonly string[]): QueryResult {
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const query: ParsedQuery = { values: {} };
  for (const [name, kind] of Object.entries(spec)) {
    const value =
      kind === 'string'
        ? fields.string(name)
        : kind === 'boolean'
          ? fields.boolean(name)
          : kind === 'integer'
            ? fields.integer(name)
            : fields.stringArray(name)?.filter((item): item is string => item !== null);
    if (value !== undefined) query.values[name] = value;
  }
  const sorting = readBodySorting(fields, sortByValues);
  if (!sorting) return { ok: false, response: invalidJsonBody() };
  const first = sorting.sorting[0];
  if (first !== undefined) {
    query.sortBy = first.sortBy;
    query.sortOrder = first.sortOrder;
  } else if (sorting.sortBy !== undefined && sorting.sortOrder !== undefined) {
    query.sortBy = sorting.sortBy;
    query.sortOrder = sorting.sortOrder as 'asc' | 'desc';
  }
  return { ok: true, query };
}
