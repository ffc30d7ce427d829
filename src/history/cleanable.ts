/**
 * `history cleanable`: per process or decision definition version (or batch type), the finished rows,
 * those the clean-up would delete now, the TTL, and the finished rows it will never delete because
 * they have no removal time (docs/history.md#what-is-never-cleaned).
 *
 * The engine's reports count finished and cleanable rows, but "finished without a removal time" is
 * no filter of any query: finished − cleanable also holds the rows whose removal time is still ahead.
 * So the finished rows of each version where the two differ are read, in big pages of just their
 * id and removal time, and counted: one request per 5,000 to 40,000 rows (docs/history.md says what
 * that costs). Versions whose finished rows are all cleanable are not read. `scan: false` skips the
 * reading and gives the upper bound finished − cleanable instead.
 */
import type { CleanableBatchRow, CleanableDecisionRow, CleanableProcessRow, RemovalTimeRow } from '../engine/cleanable-reports.js';
import { CleanableReportApi } from '../engine/cleanable-reports.js';
import type { EngineClient } from '../engine/client.js';
import { type DefinitionKind, definitionsOf } from './ttl-definitions.js';

export type CleanableKind = 'process' | 'decision' | 'batch';

export interface CleanableRequest {
  kind: CleanableKind;
  /** Definition keys (processes or decisions); every key when empty. */
  keys: readonly string[];
  /** Read the finished rows to count those without a removal time (else: an upper bound). */
  scan: boolean;
}

/**
 * One row of the report: the engine's report row unchanged, and what this tool adds:
 * `neverCleanedCount` (finished rows without a removal time; with `scan: false` null, and
 * `neverCleanedAtMost` = finished − cleanable), and `fix`, the command (or the step) that gives them one.
 */
type CleanableRow<R> = R & {
  neverCleanedCount: number | null;
  neverCleanedAtMost: number;
  fix: string | null;
};

type ReportRows =
  | { kind: 'process'; rows: CleanableRow<CleanableProcessRow>[]; scanned: number }
  | { kind: 'decision'; rows: CleanableRow<CleanableDecisionRow>[]; scanned: number }
  | { kind: 'batch'; rows: CleanableRow<CleanableBatchRow>[]; scanned: number };

/** The rows, the requested keys that have none, and whether the requests carry credentials (the engine leaves out what the user may not read). */
export type CleanableReport = ReportRows & { unmatched: UnmatchedKey[]; asUser: boolean };

/**
 * A requested key without a row in the report. `hint` (no definition of the kind has the key): the
 * keys near it, or why there are none, as `history ttl list --key` says it; null when definitions
 * have the key but the report leaves them out (the caller may not read their history).
 */
interface UnmatchedKey {
  kind: DefinitionKind;
  key: string;
  hint: string | null;
}

/** What a scan read: rows without a removal time, and how many rows were read in all. */
interface ScanCount {
  neverCleaned: number;
  read: number;
}

async function countWithoutRemovalTime(pages: AsyncIterable<RemovalTimeRow[]>): Promise<ScanCount> {
  let neverCleaned = 0;
  let read = 0;
  for await (const page of pages) {
    read += page.length;
    for (const row of page) if (row.removalTime === null || row.removalTime === undefined) neverCleaned += 1;
  }
  return { neverCleaned, read };
}

const atMost = (finished: number | null | undefined, cleanable: number | null | undefined): number => Math.max(0, (finished ?? 0) - (cleanable ?? 0));

/** The command that gives a process definition version's finished instances a removal time. */
export function processFix(row: CleanableProcessRow): string {
  const version = row.processDefinitionVersion ?? '';
  const key = row.processDefinitionKey ?? '';
  const calculated = `camunda-admin history removal-time set --key ${key} --version ${version} --calculated`;
  if (row.historyTimeToLive === null || row.historyTimeToLive === undefined) {
    return `camunda-admin history ttl set ${key} --days DAYS --version ${version} && ${calculated}`;
  }
  return calculated;
}

async function processReport(api: CleanableReportApi, request: CleanableRequest): Promise<ReportRows> {
  const rows = await api.processRows({ keys: request.keys });
  let scanned = 0;
  const result: CleanableRow<CleanableProcessRow>[] = [];
  for (const row of rows) {
    const bound = atMost(row.finishedProcessInstanceCount, row.cleanableProcessInstanceCount);
    let neverCleaned: number | null = bound === 0 ? 0 : null;
    if (bound > 0 && request.scan) {
      const count = await countWithoutRemovalTime(api.finishedProcessInstances(row.processDefinitionId));
      neverCleaned = count.neverCleaned;
      scanned += count.read;
    }
    result.push({ ...row, neverCleanedCount: neverCleaned, neverCleanedAtMost: bound, fix: neverCleaned === 0 ? null : processFix(row) });
  }
  return { kind: 'process', rows: result, scanned };
}

/** Decisions evaluated by a process instance get its root's removal time: fixed with the process; standalone ones by the decision endpoint. */
const DECISION_FIX =
  'evaluated in a process: `history removal-time set --calculated` on that process (hierarchical); standalone: POST /history/decision-instance/set-removal-time';

async function decisionReport(api: CleanableReportApi, request: CleanableRequest): Promise<ReportRows> {
  const rows = await api.decisionRows({ keys: request.keys });
  let scanned = 0;
  const result: CleanableRow<CleanableDecisionRow>[] = [];
  for (const row of rows) {
    const bound = atMost(row.finishedDecisionInstanceCount, row.cleanableDecisionInstanceCount);
    let neverCleaned: number | null = bound === 0 ? 0 : null;
    if (bound > 0 && request.scan) {
      const count = await countWithoutRemovalTime(api.decisionInstances(row.decisionDefinitionId));
      neverCleaned = count.neverCleaned;
      scanned += count.read;
    }
    result.push({ ...row, neverCleanedCount: neverCleaned, neverCleanedAtMost: bound, fix: neverCleaned === 0 ? null : DECISION_FIX });
  }
  return { kind: 'decision', rows: result, scanned };
}

/** A historic batch gets a removal time only from a TTL configured for its type when it ends. */
const BATCH_FIX =
  'configure batchOperationHistoryTimeToLive (or batchOperationsForHistoryCleanup) on the engine for new batches; existing ones: POST /history/batch/set-removal-time';

async function batchReport(api: CleanableReportApi, request: CleanableRequest): Promise<ReportRows> {
  const rows = await api.batchRows();
  const needsScan = rows.some((row) => atMost(row.finishedBatchesCount, row.cleanableBatchesCount) > 0);
  const perType = new Map<string, number>();
  let scanned = 0;
  if (needsScan && request.scan) {
    for await (const page of api.finishedBatches()) {
      scanned += page.length;
      for (const batch of page) {
        if (batch.removalTime !== null && batch.removalTime !== undefined) continue;
        const type = batch.type ?? '';
        perType.set(type, (perType.get(type) ?? 0) + 1);
      }
    }
  }
  const result = rows.map((row): CleanableRow<CleanableBatchRow> => {
    const bound = atMost(row.finishedBatchesCount, row.cleanableBatchesCount);
    const neverCleaned = bound === 0 ? 0 : request.scan ? (perType.get(row.batchType ?? '') ?? 0) : null;
    return { ...row, neverCleanedCount: neverCleaned, neverCleanedAtMost: bound, fix: neverCleaned === 0 ? null : BATCH_FIX };
  });
  return { kind: 'batch', rows: result, scanned };
}

/**
 * The requested keys the report has no row for, and why: read only for those keys (none when every
 * key has rows), so a run with known keys costs no request more.
 */
async function unmatchedKeys(client: EngineClient, request: CleanableRequest, report: ReportRows): Promise<UnmatchedKey[]> {
  if (report.kind === 'batch') return [];
  const found = new Set<string>(
    report.kind === 'process' ? report.rows.map((row) => row.processDefinitionKey ?? '') : report.rows.map((row) => row.decisionDefinitionKey ?? ''),
  );
  const missing = [...new Set(request.keys)].filter((key) => !found.has(key));
  if (missing.length === 0) return [];
  const definitions = definitionsOf(client, report.kind);
  const result: UnmatchedKey[] = [];
  for (const key of missing) {
    const defined = (await definitions.list({ key })).length > 0;
    result.push({ kind: report.kind, key, hint: defined ? null : await definitions.keysNear(key) });
  }
  return result;
}

function rowsOf(api: CleanableReportApi, request: CleanableRequest): Promise<ReportRows> {
  switch (request.kind) {
    case 'process':
      return processReport(api, request);
    case 'decision':
      return decisionReport(api, request);
    case 'batch':
      return batchReport(api, request);
  }
}

export async function cleanableReport(client: EngineClient, request: CleanableRequest): Promise<CleanableReport> {
  const report = await rowsOf(new CleanableReportApi(client.http), request);
  return { ...report, unmatched: await unmatchedKeys(client, request, report), asUser: client.http.sendsCredentials };
}

/** Whether any finished row will never be cleaned (or may not be, unscanned): `--detailed-exitcode`'s finding. */
export function hasNeverCleaned(report: CleanableReport): boolean {
  return report.rows.some((row) => (row.neverCleanedCount ?? row.neverCleanedAtMost) > 0);
}
