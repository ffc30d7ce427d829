/**
 * Setting the removal time of finished process instances (`history removal-time set`) as an
 * operation of the change pipeline. The engine has no synchronous request for it: POST
 * /history/process-instance/set-removal-time always creates a batch (`process-set-removal-time`,
 * CREATE_BATCH_SET_REMOVAL_TIME). So a "chunk" is a batch of the chunk's ids followed to its end
 * (`follow`, the command's: progress on the terminal) before the next one is sent, and the run
 * without --chunk-size or --async is one batch followed to its end (the command asks for --async
 * --wait then). What each mode does on the engine: src/history/removal-time.ts.
 *
 * An instance is done when its removal time is the one asked (absolute: the date; cleared: null;
 * calculated: its root's end, or start, plus the root definition's time-to-live); gone from the
 * history it was removed (the clean-up ran, or someone deleted it); a calculated removal time that
 * the engine cannot calculate (no time-to-live, a root still running) is `no-removal-time`.
 */
import { inputError } from '../../change/errors.js';
import type { ChangeFailedError } from '../../change/errors.js';
import type { ChangeWords, ObjectFound, ObjectState, OutcomeKind } from '../../change/operation.js';
import type { EngineClient } from '../../engine/client.js';
import { EngineHttpError } from '../../engine/errors.js';
import type { HistoricInstance } from '../../engine/historic-process-instances.js';
import { idChunks } from '../../engine/paging.js';
import { IDS_PER_QUERY } from '../../engine/selection-pages.js';
import { changeParameters, isCalculatedRemovalTime, isRemovalTime, type RemovalTimeChange, setRemovalTimeBody } from '../../history/removal-time.js';
import { missingTtlMessage, updateInChunksRefusal } from '../../history/removal-time-checks.js';
import type { DefinitionTtls } from '../../history/removal-time-ttls.js';
import { checkBatchPermission } from '../authorization.js';
import type { BulkOperation } from '../operation.js';

const SET_REMOVAL_TIME_BATCH_TYPE = 'process-set-removal-time';
const SET_REMOVAL_TIME_PERMISSION = 'CREATE_BATCH_SET_REMOVAL_TIME';

const SET_REMOVAL_TIME_WORDS: ChangeWords = {
  verb: 'set the removal time of',
  done: 'set',
  one: 'finished instance',
  many: 'finished instances',
  changed: 'set as asked',
  unchanged: 'without the removal time asked',
  run: 'the removal-time batch',
  changedInFull: 'set to the removal time asked',
  request: 'the batch',
  canaryCheck: 'set as asked',
};

/** `removed`: gone from the history (cleaned up or deleted); `no-removal-time`: calculated, but nothing to calculate from. */
type SetRemovalTimeOutcome = 'set' | 'already-set' | 'not-set' | 'removed' | 'no-removal-time';

const SET_REMOVAL_TIME_OUTCOMES: Readonly<Record<OutcomeKind, SetRemovalTimeOutcome>> = {
  changed: 'set',
  'changed-elsewhere': 'already-set',
  unchanged: 'not-set',
  ended: 'removed',
  other: 'no-removal-time',
};

/** What the report says of an instance beside its outcome. */
interface RemovalTimeDetail {
  definitionId: string | null;
  endTime: string | null;
  /** The removal time the engine has now (null: none). */
  removalTime: string | null;
}

const NO_REMOVAL_TIME_DETAIL: RemovalTimeDetail = { definitionId: null, endTime: null, removalTime: null };

export interface SetRemovalTimeContext {
  client: Pick<EngineClient, 'historicProcessInstances' | 'system' | 'authorizations'>;
  change: RemovalTimeChange;
  /** The definitions' time-to-live (calculated), shared with the selection (src/history/removal-time-kind.ts). */
  ttls: DefinitionTtls;
  /** Follows a batch to its end (the command's: progress on stderr); a failure says why it did not end well. */
  follow(batchId: string): Promise<{ failure: ChangeFailedError | undefined }>;
  /**
   * Whether `checkSelection` checks the batch permission: for a chunked run, whose chunks are batches
   * too (the bulk run checks it before an --async batch itself).
   */
  checkPermission?: boolean | undefined;
}

export type SetRemovalTimeOperation = BulkOperation<HistoricInstance, SetRemovalTimeOutcome, RemovalTimeDetail>;

export function setRemovalTimeOperation(context: SetRemovalTimeContext): SetRemovalTimeOperation {
  const { client, change, ttls } = context;
  const history = client.historicProcessInstances;
  const { mode } = change;
  /** Definitions of selected instances whose own definition decides a calculated removal time (roots, or not hierarchical). */
  const ownDefinitions = new Set<string>();
  const selfDecides = (row: HistoricInstance) => !change.hierarchical || !row.rootProcessInstanceId || row.rootProcessInstanceId === row.id;
  return {
    name: 'set-removal-time',
    parameters: changeParameters(change),
    pending: (row) => {
      if (mode.kind === 'absolute') return !isRemovalTime(row.removalTime, mode.at);
      if (mode.kind === 'cleared') return !isRemovalTime(row.removalTime, null);
      // An instance of a hierarchy gets its root's: which only the batch (and the outcome check) looks up.
      if (!selfDecides(row)) return true;
      if (row.processDefinitionId) ownDefinitions.add(row.processDefinitionId);
      return isCalculatedRemovalTime(row.removalTime, row, ttls.get(row.processDefinitionId)?.ttl) !== true;
    },
    checkSelection: async () => {
      if (context.checkPermission) await checkBatchPermission(client, SET_REMOVAL_TIME_PERMISSION);
      if (change.updateInChunks) {
        const refusal = updateInChunksRefusal(await client.system.version().catch(() => null));
        if (refusal) throw inputError(refusal);
      }
      if (mode.kind !== 'calculated') return;
      const without = [...ownDefinitions].map((id) => ({ id, definition: ttls.get(id) })).filter(({ definition }) => definition?.ttl === null);
      if (without.length > 0) throw inputError(missingTtlMessage(without.map(({ id, definition }) => ({ id, ...definition! }))));
    },
    chunkRequest: (ids) => ({ method: 'POST', path: '/history/process-instance/set-removal-time', body: setRemovalTimeBody(change, ids) }),
    batchRequest: (ids) => ({ method: 'POST', path: '/history/process-instance/set-removal-time', body: setRemovalTimeBody(change, ids) }),
    // The batch's creation logs one SetRemovalTime entry per property (mode, removalTime, nrOfInstances, ...).
    opLog: { operationType: 'SetRemovalTime', entityType: 'ProcessInstance', property: 'nrOfInstances' },
    batchPermission: SET_REMOVAL_TIME_PERMISSION,
    // `already-set` is "found so, but not sent by this run": those found so when selected too.
    countsAlreadyChanged: true,
    noDetail: NO_REMOVAL_TIME_DETAIL,
    report: {
      id: 'processInstanceId',
      columns: [
        { name: 'definitionId', value: (object: RemovalTimeDetail) => object.definitionId },
        { name: 'endTime', value: (object: RemovalTimeDetail) => object.endTime },
        { name: 'removalTime', value: (object: RemovalTimeDetail) => object.removalTime },
      ],
    },
    sendChunk: async (ids) => {
      let batch;
      try {
        batch = await history.setRemovalTimeAsync(setRemovalTimeBody(change, ids));
      } catch (error) {
        // Every id of the chunk gone from the history meanwhile: nothing to do; the check says `removed`.
        if (noneInHistory(error)) return;
        throw error;
      }
      const { failure } = await context.follow(batch.id);
      if (failure) throw failure;
    },
    createBatch: (ids) => history.setRemovalTimeAsync(setRemovalTimeBody(change, ids)),
    batchCheck: ['batch', 'list', '--type', SET_REMOVAL_TIME_BATCH_TYPE],
    statesOf: (ids) => removalTimeStates(context, ids),
    overlapsAnotherRun: () => false,
    outcomeNames: SET_REMOVAL_TIME_OUTCOMES,
    explainRefusal: (error) => error,
    words: SET_REMOVAL_TIME_WORDS,
  };
}

/** 400 "historicProcessInstances is empty": none of the ids is in the history (SetRemovalTimeToHistoricProcessInstancesCmd). */
function noneInHistory(error: unknown): boolean {
  return error instanceof EngineHttpError && error.status === 400 && /historicProcessInstances is empty/.test(error.body?.message ?? '');
}

/** The history's rows of `ids` (any state), in pages within the engine's query limit. */
async function rowsOf(history: SetRemovalTimeContext['client']['historicProcessInstances'], ids: readonly string[]): Promise<Map<string, HistoricInstance>> {
  const found = new Map<string, HistoricInstance>();
  const chunks = idChunks(ids.length, { limit: history.queryLimit, pageSize: IDS_PER_QUERY }, (start, end) =>
    history.query({ processInstanceIds: ids.slice(start, end) }, 0, end - start),
  );
  for await (const { value } of chunks) for (const row of value) found.set(row.id, row);
  return found;
}

/** Where each instance's removal time is now, against the one asked (see the head of this file). */
async function removalTimeStates(context: SetRemovalTimeContext, ids: readonly string[]): Promise<ObjectFound<RemovalTimeDetail>[]> {
  const { change, ttls } = context;
  const history = context.client.historicProcessInstances;
  const rows = await rowsOf(history, ids);
  const calculated = change.mode.kind === 'calculated';
  // Calculated in a hierarchy: the root's end and definition decide.
  const rootOf = (row: HistoricInstance) => (change.hierarchical && row.rootProcessInstanceId ? row.rootProcessInstanceId : row.id);
  const roots = new Map<string, HistoricInstance>();
  if (calculated) {
    const missing = [...new Set([...rows.values()].map(rootOf).filter((root) => !rows.has(root)))];
    for (const [id, row] of await rowsOf(history, missing)) roots.set(id, row);
    await ttls.load([...rows.values(), ...roots.values()].map((row) => row.processDefinitionId));
  }
  return ids.map((id) => {
    const row = rows.get(id);
    if (row === undefined) return { id, state: 'ended', detail: NO_REMOVAL_TIME_DETAIL };
    const detail = { definitionId: row.processDefinitionId ?? null, endTime: row.endTime ?? null, removalTime: row.removalTime ?? null };
    let state: ObjectState;
    if (change.mode.kind === 'absolute') state = isRemovalTime(row.removalTime, change.mode.at) ? 'changed' : 'unchanged';
    else if (change.mode.kind === 'cleared') state = isRemovalTime(row.removalTime, null) ? 'changed' : 'unchanged';
    else {
      const base = rows.get(rootOf(row)) ?? roots.get(rootOf(row));
      const same = base === undefined ? undefined : isCalculatedRemovalTime(row.removalTime, base, ttls.get(base.processDefinitionId)?.ttl);
      state = same === undefined ? 'other' : same ? 'changed' : 'unchanged';
    }
    return { id, state, detail };
  });
}
