// /metrics: the interval query, sums, and deleting task-worker meters, like MetricsRestServiceImpl and
// MetricsResourceImpl (7.24) over MetricsQueryImpl, MeterLogManager and the Metrics.xml /
// TaskMetrics.xml mappings. The data: state.meterLog and state.taskMeterLog (seeded by
// metrics-seed.ts relative to state.clock).
//
// GET /metrics, in the engine's order (each step's error wins over the later ones):
//   1. startDate, then endDate: DateConverter (400 'Cannot convert value "x" to java type
//      java.util.Date', metrics-sum-invalid-date.json; '... because of double quotes' for a quoted
//      value); '' and 'null' read as no date, which MetricsQueryImpl.startDate(null) dereferences:
//      a NullPointerException (500);
//   2. firstResult, maxResults: IntegerConverter (400 "Cannot convert value x to java type
//      java.lang.Integer"); maxResults above 200: ProcessEngineException "Metrics interval query row
//      limit can't be set larger than 200." (500); default 200;
//   3. aggregateByReporter: ON when the parameter is present, whatever its value (false too);
//   4. interval: LongConverter (400 "Cannot convert value abc to java type java.lang.Long",
//      metrics-list-invalid-interval.json); default 900 seconds; 0 divides by zero in the SQL (the
//      generic persistence error, 500); a negative interval buckets like its absolute value (integer
//      division truncates toward zero).
// Rows: SUM(VALUE_) per (name, reporter, bucket) with bucket = FLOOR(MILLISECONDS_/1000/interval) *
// interval * 1000, i.e. epoch-aligned; startDate inclusive, endDate exclusive; newest bucket first, then
// (inferred from metrics-list.json) by internal name and reporter ascending; reporter null when
// aggregated. `name` is translated to the internal name for the filter (process-instances ->
// root-process-instance-start, ...) and, when given, echoed as given in every row; without it each
// row shows the public alias of its internal name.
// Not-yet-flushed counts (state.unloggedMeters, empty in the seed) are added like MeterLogManager does
// when there is no endDate or it is not older than the last 15-minute report: to a sum of a name; to
// the first row of a non-empty interval page (with `name`: that row whatever its reporter; without:
// the rows of the page's first timestamp reported by this engine, 127.0.0.1$default, so never when
// aggregated by reporter).
//
// GET /metrics/{name}/sum: startDate (inclusive), endDate (exclusive) through DateConverter ('' and
// 'null': no bound); unique-task-workers and task-users count the distinct assignees of the task meter
// log, every other name sums the meter log (aliases translated, unknown names 0).
// DELETE /metrics/task-worker?date=: deletes task meter entries with timestamp <= date, all of them
// without a date; 204. With an authenticated user who is not in camunda-admin, it wants DELETE on
// SYSTEM, else 403 ENGINE-03110 (EnginePersistenceLogger.requiredCamundaAdminOrPermissionException:
// userId null, missingAuthorizations []). Reading metrics checks no permission (metrics-sum-as-
// unprivileged-user.json).
import type { EngineRouter, RouteContext } from './handlers.js';
import { exceptionBody, invalidRequest, json, noContent, tieBreaker } from './handlers.js';
import { PERSISTENCE_EXCEPTION_MESSAGE } from './identity.js';
import { METER_REPORTERS } from './metrics-seed.js';
import type { MeterLogEntry, TaskMeterLogEntry } from './metrics-seed.js';
import { nullPointer } from './migration.js';
import { authenticationOf, isAuthorized, isCamundaAdmin, missingAuthorization, permissionForName, requiredAdminBody } from './permissions.js';
import { parseEngineDate } from './repository.js';
import { formatUtcDate, ResourceType } from './state.js';
import type { EngineState } from './state.js';

/** MetricsQueryImpl.DEFAULT_LIMIT_SELECT_INTERVAL. */
export const METRICS_MAX_RESULTS = 200;
/** MetricsQueryImpl.DEFAULT_SELECT_INTERVAL, seconds. */
export const DEFAULT_METRICS_INTERVAL = 900;

const INTERNAL_BY_PUBLIC: Readonly<Record<string, string>> = {
  'task-users': 'unique-task-workers',
  'process-instances': 'root-process-instance-start',
  'decision-instances': 'executed-decision-instances',
  'flow-node-instances': 'activity-instance-start',
};
const PUBLIC_BY_INTERNAL: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(INTERNAL_BY_PUBLIC).map(([alias, name]) => [name, alias]));

/** MetricsUtil.resolveInternalName: a 7.17 alias to its internal name; anything else unchanged. */
export function resolveInternalName(name: string): string {
  return INTERNAL_BY_PUBLIC[name] ?? name;
}

/** MetricsUtil.resolvePublicName: an internal name to its alias; anything else unchanged. */
export function resolvePublicName(name: string): string {
  return PUBLIC_BY_INTERNAL[name] ?? name;
}

/** MetricsIntervalResultDto. */
export interface MetricsIntervalResultDto {
  timestamp: string;
  name: string;
  reporter: string | null;
  value: number;
}

export interface MetricsIntervalQuery {
  /** As given (echoed in the rows); the filter uses its internal name. */
  name?: string;
  reporter?: string;
  /** Epoch milliseconds, inclusive. */
  startDate?: number;
  /** Epoch milliseconds, exclusive. */
  endDate?: number;
  firstResult?: number;
  maxResults?: number;
  /** Seconds; default 900; must not be 0. */
  interval?: number;
  aggregateByReporter?: boolean;
}

/** The reporter id of the simulated engine itself (DbMetricsReporter's): the one unlogged counts belong to. */
export const OWN_REPORTER = METER_REPORTERS[0];

/** DbMetricsReporter's reporting interval: counts older than this are in the meter log. */
const REPORTING_INTERVAL_MS = 900_000;

/** MeterLogManager.isEndTimeAfterLastReportInterval. */
function reachesUnlogged(endDate: number | undefined, now: number): boolean {
  return endDate === undefined || endDate >= now - REPORTING_INTERVAL_MS;
}

/** Not-yet-flushed counts to add: the engine's registry, and the clock. */
export interface UnloggedMeters {
  counts: Readonly<Record<string, number>>;
  now: number;
}

/** The rows GET /metrics answers for a query already validated (see the file comment). */
export function metricsIntervalRows(
  entries: readonly MeterLogEntry[],
  query: MetricsIntervalQuery,
  unlogged?: UnloggedMeters,
  tie?: (a: string, b: string) => number,
): MetricsIntervalResultDto[] {
  const internal = query.name === undefined ? undefined : resolveInternalName(query.name);
  const interval = Math.abs(query.interval ?? DEFAULT_METRICS_INTERVAL);
  const aggregate = query.aggregateByReporter === true;
  const buckets = new Map<string, { bucket: number; name: string; reporter: string | null; value: number }>();
  for (const entry of entries) {
    if (internal !== undefined && entry.name !== internal) continue;
    if (query.reporter !== undefined && entry.reporter !== query.reporter) continue;
    if (query.startDate !== undefined && entry.timestamp < query.startDate) continue;
    if (query.endDate !== undefined && entry.timestamp >= query.endDate) continue;
    const bucket = Math.trunc(Math.trunc(entry.timestamp / 1000) / interval) * interval * 1000;
    const reporter = aggregate ? null : entry.reporter;
    const key = `${bucket}\u0000${entry.name}\u0000${reporter ?? ''}`;
    const row = buckets.get(key);
    if (row) row.value += entry.value;
    else buckets.set(key, { bucket, name: entry.name, reporter, value: entry.value });
  }
  // The engine orders by bucket only (ORDER BY INTERVAL_ DESC); within one, by name and reporter as
  // H2 gave them, or as state.tieOrder says.
  const rows = [...buckets.values()].sort(
    (a, b) =>
      b.bucket - a.bucket ||
      (tie
        ? tie(`${a.name}\u0000${a.reporter ?? ''}`, `${b.name}\u0000${b.reporter ?? ''}`)
        : compare(a.name, b.name) || compare(a.reporter ?? '', b.reporter ?? '')),
  );
  const first = Math.max(0, query.firstResult ?? 0);
  const max = Math.max(0, query.maxResults ?? METRICS_MAX_RESULTS);
  const page = rows.slice(first, first + max);
  const [top] = page;
  if (unlogged !== undefined && top !== undefined && reachesUnlogged(query.endDate, unlogged.now)) {
    if (internal !== undefined) {
      top.value += unlogged.counts[internal] ?? 0;
    } else {
      for (const row of page) {
        if (row.bucket === top.bucket && row.reporter === OWN_REPORTER) row.value += unlogged.counts[row.name] ?? 0;
      }
    }
  }
  return page.map((row) => ({
    timestamp: formatUtcDate(row.bucket),
    name: query.name ?? resolvePublicName(row.name),
    reporter: row.reporter,
    value: row.value,
  }));
}

function compare(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Sum of the meter log for one name (aliases translated), startDate inclusive, endDate exclusive, plus the unlogged count. */
export function meterSum(entries: readonly MeterLogEntry[], name: string, startDate?: number, endDate?: number, unlogged?: UnloggedMeters): number {
  const internal = resolveInternalName(name);
  let sum = unlogged !== undefined && reachesUnlogged(endDate, unlogged.now) ? (unlogged.counts[internal] ?? 0) : 0;
  for (const entry of entries) {
    if (entry.name === internal && (startDate === undefined || entry.timestamp >= startDate) && (endDate === undefined || entry.timestamp < endDate)) {
      sum += entry.value;
    }
  }
  return sum;
}

/** ManagementService.getUniqueTaskWorkerCount: distinct assignees, startDate inclusive, endDate exclusive. */
export function uniqueTaskWorkers(entries: readonly TaskMeterLogEntry[], startDate?: number, endDate?: number): number {
  const assignees = new Set<string>();
  for (const entry of entries) {
    if ((startDate === undefined || entry.timestamp >= startDate) && (endDate === undefined || entry.timestamp < endDate)) assignees.add(entry.assignee);
  }
  return assignees.size;
}

// ---------------------------------------------------------------------------------------------
// Query parameters through the engine's Jackson-backed converters

type Converted<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * DateConverter: the value is read as the JSON string `"value"` with the engine's date format. Jackson
 * trims it and takes '' and 'null' as no date (null).
 */
function convertDate(raw: string): Converted<number | null> {
  if (raw.startsWith('"') || raw.endsWith('"')) {
    return { ok: false, response: invalidRequest(400, `Cannot convert value ${raw} to java type java.util.Date because of double quotes`) };
  }
  const text = raw.trim();
  if (text === '' || text === 'null') return { ok: true, value: null };
  const parsed = parseEngineDate(text);
  if (parsed === undefined) return { ok: false, response: invalidRequest(400, `Cannot convert value "${raw}" to java type java.util.Date`) };
  return { ok: true, value: parsed };
}

const NUMBER_TOKEN = /^\s*(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s|$)/;

/**
 * IntegerConverter / LongConverter: Jackson reads the raw text as a JSON value. A number (fractions
 * truncated, ACCEPT_FLOAT_AS_INT) within the type's range converts, `null` is null, anything else is
 * the 400 "Cannot convert value x to java type java.lang.Integer|Long".
 */
function convertNumber(raw: string, type: 'java.lang.Integer' | 'java.lang.Long'): Converted<number | null> {
  if (/^\s*null(?=\s|$)/.test(raw)) return { ok: true, value: null };
  const token = NUMBER_TOKEN.exec(raw)?.[1];
  if (token !== undefined) {
    const value = Math.trunc(Number(token));
    const inRange = type === 'java.lang.Integer' ? value >= -2147483648 && value <= 2147483647 : Number.isSafeInteger(value);
    if (inRange) return { ok: true, value: value === 0 ? 0 : value };
  }
  return { ok: false, response: invalidRequest(400, `Cannot convert value ${raw} to java type ${type}`) };
}

/** Unboxing the null a converter returned for 'null'. */
function unboxedNull(javaPackage: string, type: 'Integer' | 'Long'): Response {
  return nullPointer(
    `Cannot invoke "java.lang.${type}.${type === 'Integer' ? 'intValue' : 'longValue'}()" because the return value of ` +
      `"${javaPackage}.engine.rest.dto.converter.${type}Converter.convertQueryParameterToType(String)" is null`,
  );
}

function persistenceError(): Response {
  return json(exceptionBody('ProcessEngineException', PERSISTENCE_EXCEPTION_MESSAGE, 0), 500);
}

/** MetricsRestServiceImpl.interval + applyQueryParams, in their order. */
function intervalQuery(params: URLSearchParams, javaPackage: string): Converted<MetricsIntervalQuery> {
  const query: MetricsIntervalQuery = {};
  const name = params.get('name');
  const reporter = params.get('reporter');
  if (name !== null) query.name = name;
  if (reporter !== null) query.reporter = reporter;
  for (const key of ['startDate', 'endDate'] as const) {
    const raw = params.get(key);
    if (raw === null) continue;
    const date = convertDate(raw);
    if (!date.ok) return date;
    // MetricsQueryImpl.startDate(Date) / endDate(Date) call getTime() on it.
    if (date.value === null) return { ok: false, response: nullPointer(`Cannot invoke "java.util.Date.getTime()" because "${key}" is null`) };
    query[key] = date.value;
  }
  for (const key of ['firstResult', 'maxResults'] as const) {
    const raw = params.get(key);
    if (raw === null) continue;
    const number = convertNumber(raw, 'java.lang.Integer');
    if (!number.ok) return number;
    if (number.value === null) return { ok: false, response: unboxedNull(javaPackage, 'Integer') };
    if (key === 'maxResults' && number.value > METRICS_MAX_RESULTS) {
      return {
        ok: false,
        response: json(exceptionBody('ProcessEngineException', `Metrics interval query row limit can't be set larger than ${METRICS_MAX_RESULTS}.`, 0), 500),
      };
    }
    query[key] = number.value;
  }
  if (params.has('aggregateByReporter')) query.aggregateByReporter = true;
  const rawInterval = params.get('interval');
  if (rawInterval !== null) {
    const interval = convertNumber(rawInterval, 'java.lang.Long');
    if (!interval.ok) return interval;
    if (interval.value === null) return { ok: false, response: unboxedNull(javaPackage, 'Long') };
    if (interval.value === 0) return { ok: false, response: persistenceError() };
    query.interval = interval.value;
  }
  return { ok: true, value: query };
}

/** startDate/endDate of a sum: '' and 'null' leave the bound out. */
function sumRange(params: URLSearchParams): Converted<{ startDate?: number; endDate?: number }> {
  const range: { startDate?: number; endDate?: number } = {};
  for (const key of ['startDate', 'endDate'] as const) {
    const raw = params.get(key);
    if (raw === null) continue;
    const date = convertDate(raw);
    if (!date.ok) return date;
    if (date.value !== null) range[key] = date.value;
  }
  return { ok: true, value: range };
}

// ---------------------------------------------------------------------------------------------
// Routes

export function registerMetricsRoutes(router: EngineRouter, state: EngineState): void {
  router.add('get', '/metrics', (context) => {
    const query = intervalQuery(context.url.searchParams, state.flavour.javaPackage);
    const tie = state.tieOrder === 'id' ? undefined : tieBreaker(state, context.url.searchParams);
    return query.ok ? json(metricsIntervalRows(state.meterLog, query.value, { counts: state.unloggedMeters, now: state.clock() }, tie)) : query.response;
  });

  router.add(
    'delete',
    '/metrics/task-worker',
    (context: RouteContext) => {
      // The date is converted before the method looks the engine up; absent, DateConverter reads "null".
      const raw = context.url.searchParams.get('date');
      const date = convertDate(raw ?? 'null');
      if (!date.ok) return date.response;
      const engineError = context.engineError();
      if (engineError) return engineError;
      const authentication = authenticationOf(state, context.authenticatedUserId);
      if (authentication !== null && !isCamundaAdmin(state, authentication)) {
        const lookup = permissionForName('DELETE', ResourceType.SYSTEM);
        const allowed =
          lookup.ok && isAuthorized(state, authentication, { permission: lookup.permission, resourceType: ResourceType.SYSTEM, resourceId: null });
        if (!allowed) return json({ ...requiredAdminBody([missingAuthorization('DELETE', ResourceType.SYSTEM, null)]) }, 403);
      }
      const before = date.value;
      // In place: tests may hold on to the array.
      const log = state.taskMeterLog;
      let kept = 0;
      for (const entry of log) {
        if (before !== null && entry.timestamp > before) {
          log[kept] = entry;
          kept += 1;
        }
      }
      log.length = kept;
      return noContent();
    },
    { engineCheck: 'manual' },
  );

  router.add('get', '/metrics/:name/sum', (context) => {
    const name = context.params.name ?? '';
    const range = sumRange(context.url.searchParams);
    if (!range.ok) return range.response;
    const { startDate, endDate } = range.value;
    const result =
      name === 'unique-task-workers' || name === 'task-users'
        ? uniqueTaskWorkers(state.taskMeterLog, startDate, endDate)
        : meterSum(state.meterLog, name, startDate, endDate, { counts: state.unloggedMeters, now: state.clock() });
    return json({ result });
  });
}
