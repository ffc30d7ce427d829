/**
 * `history ttl list`: every version of every key (of one kind) with its history time-to-live, grouped
 * by key and tenant, with running instances (processes) and finished instances or evaluations. Three
 * kinds of requests whatever the number of versions: the definitions (paged), the running instances of
 * every process definition (GET /process-definition/statistics, one unpaged answer) and the finished
 * ones (the cleanable report, paged), never a count per version.
 */
import type { EngineClient } from '../engine/client.js';
import { EngineAuthorizationError } from '../engine/errors.js';
import { CleanableReportApi } from '../engine/cleanable-reports.js';
import { compareText } from '../util/text.js';
import { type DefinitionKind, definitionsOf, type TtlDefinition } from './ttl-definitions.js';

export interface TtlListRequest {
  kind: DefinitionKind;
  key?: string | undefined;
  /** Only the versions without a time-to-live (and only the keys that have such). */
  missingOnly: boolean;
}

/** The engine's definition unchanged, and what it holds beside it. */
export type TtlVersion = TtlDefinition & {
  counts: {
    /** Running process instances (processes only). */
    running?: number;
    /** Finished process instances, or historic decision instances (evaluations); null when the caller may not read the history. */
    finished: number | null;
  };
};

/** The versions of one key within one tenant (null: without a tenant). */
export interface TtlGroup {
  key: string;
  tenantId: string | null;
  /** Every version of the key in the tenant. */
  versions: number;
  /** How many of them have no time-to-live. */
  withoutTimeToLive: number;
  /** Running instances of every version (processes only). */
  running?: number;
  /** Finished instances of every version; null when the caller may not read the history. */
  finished: number | null;
  /** The versions listed (with `missingOnly`, those without a time-to-live), by version. */
  definitions: TtlVersion[];
}

export interface TtlReport {
  kind: DefinitionKind;
  groups: TtlGroup[];
  /** Versions of the kind read, all keys. */
  versions: number;
  /** Versions without a time-to-live, all keys. */
  withoutTimeToLive: number;
  /** Why a count is missing (e.g. no READ_HISTORY): said once, beside the report. */
  notes: string[];
  /** For a --key that matched nothing: the keys near it, or why there are none. */
  keyHint?: string | undefined;
  /** Whether the requests carry credentials: the engine's queries then leave out what the user may not read. */
  asUser: boolean;
}

export async function listTimeToLive(client: EngineClient, request: TtlListRequest): Promise<TtlReport> {
  const definitions = definitionsOf(client, request.kind);
  const notes: string[] = [];
  // The cleanable report is the one aggregate of the REST API that counts history per definition id:
  // one paged query for every definition instead of a count per version (docs/engine-notes.md#time-to-live).
  const reports = new CleanableReportApi(client.http);
  const keys = request.key !== undefined ? [request.key] : undefined;
  const finishedCounts =
    request.kind === 'process'
      ? () => reports.processRows({ keys }).then((rows) => new Map(rows.map((row) => [row.processDefinitionId, row.finishedProcessInstanceCount ?? 0])))
      : () => reports.decisionRows({ keys }).then((rows) => new Map(rows.map((row) => [row.decisionDefinitionId, row.finishedDecisionInstanceCount ?? 0])));
  const [rows, running, finished] = await Promise.all([
    definitions.list({ key: request.key }),
    request.kind === 'process'
      ? client.processDefinitions.definitionStatistics().then((statistics) => new Map(statistics.map((row) => [row.id, row.instances])))
      : Promise.resolve(undefined),
    finishedCounts().catch((error: unknown) => {
      // The report wants READ_HISTORY besides READ; without it the time-to-live is still worth listing.
      if (!(error instanceof EngineAuthorizationError)) throw error;
      notes.push(`finished counts left out: the user may not read the history (${error.message})`);
      return undefined;
    }),
  ]);
  const groups = new Map<string, TtlGroup>();
  let unreadable = 0;
  for (const definition of [...rows].sort(byKeyTenantVersion)) {
    const tenantId = definition.tenantId ?? null;
    const groupKey = JSON.stringify([definition.key, tenantId]);
    let group = groups.get(groupKey);
    if (group === undefined) {
      group = {
        key: definition.key,
        tenantId,
        versions: 0,
        withoutTimeToLive: 0,
        ...(running !== undefined ? { running: 0 } : {}),
        finished: finished === undefined ? null : 0,
        definitions: [],
      };
      groups.set(groupKey, group);
    }
    const runningHere = running?.get(definition.id) ?? 0;
    // The report (not compact) has a row for every definition whose history the caller may read: no row, no count.
    const finishedHere = finished?.get(definition.id) ?? null;
    if (finished !== undefined && finishedHere === null) unreadable++;
    const missing = definition.historyTimeToLive === null || definition.historyTimeToLive === undefined;
    group.versions++;
    if (missing) group.withoutTimeToLive++;
    if (group.running !== undefined) group.running += runningHere;
    group.finished = group.finished === null || finishedHere === null ? null : group.finished + finishedHere;
    if (missing || !request.missingOnly)
      group.definitions.push({ ...definition, counts: { ...(running !== undefined ? { running: runningHere } : {}), finished: finishedHere } });
  }
  if (unreadable > 0)
    notes.push(
      `finished counts of ${unreadable} version${unreadable === 1 ? '' : 's'} left out: the cleanable report has no row for them (READ_HISTORY on the definition)`,
    );
  const all = [...groups.values()];
  return {
    kind: request.kind,
    groups: request.missingOnly ? all.filter((group) => group.withoutTimeToLive > 0) : all,
    versions: rows.length,
    withoutTimeToLive: all.reduce((sum, group) => sum + group.withoutTimeToLive, 0),
    notes,
    asUser: client.http.sendsCredentials,
    ...(rows.length === 0 && request.key !== undefined ? { keyHint: await definitions.keysNear(request.key) } : {}),
  };
}

/** Key, then no tenant before tenants by name, then version: how an operator reads them. */
function byKeyTenantVersion(a: TtlDefinition, b: TtlDefinition): number {
  return compareText(a.key, b.key) || compareText(a.tenantId ?? '', b.tenantId ?? '') || a.version - b.version;
}
