/**
 * What the two retry operations (./job-retries.ts, ./external-task-retries.ts) share: how an object's
 * state after a retry is told, and the mark that tells a failure after the retry from the one before.
 *
 * A failed job (or external task) has no retries and an open incident (failedJob, failedExternalTask).
 * Retries above 0 resolve the incident; when the job runs and fails again, the engine opens a NEW
 * incident. So after a retry an object is, on the engine:
 *   - gone: it ran well (or its instance ended or was deleted)          -> `ended`
 *   - with retries left: retried, waiting for the job executor or a worker -> `retried` (changed)
 *   - without retries, and an incident newer than the mark: failed again  -> `failed-again` (other)
 *   - without retries, its incident as old as the selection: not retried   -> `not-retried` (unchanged)
 * The mark is the newest open incident of the type when the ids were frozen (the engine's own clock,
 * so no clock of this machine is compared with the engine's); it is kept in the journal, so a resume
 * tells the same. A failed-again object is settled, never sent a second time: the run exits 8 for it.
 */
import type { ObjectFound, ObjectState, OutcomeKind } from '../../change/operation.js';
import type { IncidentApi } from '../../engine/incidents.js';
import type { QueryLimit } from '../../engine/limits.js';
import { idChunks } from '../../engine/paging.js';
import { IDS_PER_QUERY } from '../../engine/selection-pages.js';

export type RetryOutcome = 'retried' | 'retried-elsewhere' | 'not-retried' | 'ended' | 'failed-again';

/** Each outcome of the pipeline by its name in a retry's report. */
export const RETRY_OUTCOMES: Readonly<Record<OutcomeKind, RetryOutcome>> = {
  changed: 'retried',
  'changed-elsewhere': 'retried-elsewhere',
  unchanged: 'not-retried',
  ended: 'ended',
  other: 'failed-again',
};

export type RetryIncidentType = 'failedJob' | 'failedExternalTask';

/**
 * The newest open incident of the type now (an engine date as the engine wrote it), or null when
 * there is none: taken when the ids are frozen, before anything is sent.
 */
export async function failureMark(incidents: IncidentApi, incidentType: RetryIncidentType): Promise<string | null> {
  return (await incidents.newestOfType(incidentType))?.incidentTimestamp ?? null;
}

/**
 * The failure mark of one run: taken once (before the selection is frozen, when the journal's scope is
 * asked for), or given back from a resumed journal; taken on first use otherwise.
 */
export class FailureMark {
  private value: Promise<string | null> | undefined;

  constructor(
    private readonly incidents: IncidentApi,
    private readonly incidentType: RetryIncidentType,
    given?: string | null,
  ) {
    if (given !== undefined) this.value = Promise.resolve(given);
  }

  get(): Promise<string | null> {
    this.value ??= failureMark(this.incidents, this.incidentType);
    return this.value;
  }

  /** What the journal's start records: `{failedBefore}`. */
  async scope(): Promise<Record<string, unknown>> {
    return { failedBefore: await this.get() };
  }

  /** A resumed journal's start: its `failedBefore` (an engine date, or null: there was no incident). */
  resume(start: Readonly<Record<string, unknown>>): void {
    const recorded = start.failedBefore;
    this.value = Promise.resolve(typeof recorded === 'string' ? recorded : null);
  }
}

/** The ids (incident configurations: job or external task ids) of the open incidents of the type newer than the mark. */
export async function failedAfter(incidents: IncidentApi, incidentType: RetryIncidentType, mark: string | null): Promise<Map<string, string | null>> {
  const found = mark === null ? await incidents.ofType(incidentType) : await incidents.ofTypeAfter(incidentType, mark);
  const failed = new Map<string, string | null>();
  for (const incident of found) if (incident.configuration) failed.set(incident.configuration, incident.incidentMessage ?? null);
  return failed;
}

/** What a retry's report says of a job or an external task beside its outcome. */
export interface RetryDetail {
  processInstanceId: string | null;
  definitionId: string | null;
  activityId: string | null;
  retries: number | null;
  /** The exception of a job that failed (again), or why the request for it was refused. */
  message: string | null;
}

export const NO_RETRY_DETAIL: RetryDetail = { processInstanceId: null, definitionId: null, activityId: null, retries: null, message: null };

/** One object as the engine has it now: its row (undefined: gone) and the failure newer than the mark, if any. */
export interface RetriedObject {
  id: string;
  row: { retries: number | null; processInstanceId: string | null; definitionId: string | null; activityId: string | null; message: string | null } | undefined;
  failedAgain: boolean;
  /** Why this run's request for it was refused, when it was. */
  refusal: string | undefined;
}

/** Where a retried object is (see the head of this file); retries null (an external task never failed) count as left. */
export function retryStateOf(object: RetriedObject): ObjectFound<RetryDetail> {
  const { id, row } = object;
  if (row === undefined) return { id, state: 'ended', detail: { ...NO_RETRY_DETAIL, message: object.refusal ?? null } };
  const left = row.retries === null || row.retries > 0;
  const state: ObjectState = left ? 'changed' : object.failedAgain ? 'other' : 'unchanged';
  const message = state === 'unchanged' && object.refusal !== undefined ? object.refusal : row.message;
  return {
    id,
    state,
    detail: {
      processInstanceId: row.processInstanceId,
      definitionId: row.definitionId,
      activityId: row.activityId,
      retries: row.retries,
      message: firstLine(message),
    },
  };
}

function firstLine(text: string | null): string | null {
  if (text === null) return null;
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

/** The report's columns of a retry, beside the id and the outcome. */
export const RETRY_REPORT_COLUMNS = [
  { name: 'processInstanceId', value: (object: RetryDetail) => object.processInstanceId },
  { name: 'definitionId', value: (object: RetryDetail) => object.definitionId },
  { name: 'activityId', value: (object: RetryDetail) => object.activityId },
  { name: 'retries', value: (object: RetryDetail) => object.retries },
  { name: 'message', value: (object: RetryDetail) => object.message },
] as const;

/**
 * The objects of `ids` the engine has, by id: one query per IN list of ids (IDS_PER_QUERY), within the
 * engine's query limit (`query(ids, firstResult, maxResults)`: POST /job or /external-task).
 */
export async function objectsByIds<T extends { id: string }>(
  ids: readonly string[],
  limit: QueryLimit,
  query: (ids: string[], firstResult: number, maxResults: number) => Promise<T[]>,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  const chunks = idChunks(ids.length, { limit, pageSize: IDS_PER_QUERY }, (start, end) => query(ids.slice(start, end), 0, end - start));
  for await (const { value } of chunks) for (const object of value) found.set(object.id, object);
  return found;
}
