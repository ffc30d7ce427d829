// Setting removal times of historic process instances: POST /history/process-instance/set-removal-time,
// like HistoricProcessInstanceRestServiceImpl.setRemovalTimeAsync,
// SetRemovalTimeToHistoricProcessInstancesBuilderImpl, SetRemovalTimeToHistoricProcessInstancesCmd and
// ProcessSetRemovalTimeJobHandler (7.24). Always a batch: the engine has no synchronous request.
//
// The builder takes the modes in the order calculated, absolute (when not null), cleared: a second
// one is 400 BadUserRequestException "The removal time modes are mutually exclusive: mode is not
// null"; updateChunkSize outside 1..500 "The value for chunk size should be between 1 and 500". The
// command: neither ids nor query "Neither query nor ids provided." (an empty id list is a list), then
// the ids the history has (running or ended; others dropped in silence), then no mode "removalTime is
// null", none found "historicProcessInstances is empty" (all code 0), then CREATE or
// CREATE_BATCH_SET_REMOVAL_TIME on BATCH. Measured on 7.24 (walk of issue 33). A date the REST layer
// cannot read is its 400 InvalidRequestException with an empty message. The query
// (historicProcessInstanceQuery) is not read here: the tool sends ids only.
//
// Each job sets its instances' removal times with the model of ./history-removal-time.ts (absolute,
// cleared, or calculated from the root's end and its definition's time-to-live; hierarchical: the
// root's whole hierarchy); an instance gone meanwhile is skipped. updateInChunks (7.20+) is taken and
// logged; its rows-per-transaction repeat of a job is not simulated (one job per instance there, as
// the settings' invocationsPerBatchJob has it here).
import { batchDto } from './batch.js';
import { createWorkBatch } from './batch-work.js';
import { exceptionBody, invalidJsonBody, isJsonObject, json, JsonFields, readJsonBody } from './handlers.js';
import type { EngineRouter } from './handlers.js';
import { calculatedRemovalTime, formatUtcDate, parseEngineDate, setRemovalTime } from './history-removal-time.js';
import { checkCreateBatch, distinctIds } from './instance-deletion.js';
import { logOperation } from './op-log.js';
import type { EngineState } from './state.js';

export const SET_REMOVAL_TIME_BATCH_TYPE = 'process-set-removal-time';

/** ProcessSetRemovalTimeJobHandler.MAX_CHUNK_SIZE */
const MAX_UPDATE_CHUNK_SIZE = 500;

type Mode = { kind: 'ABSOLUTE_REMOVAL_TIME'; at: number } | { kind: 'CALCULATED_REMOVAL_TIME' } | { kind: 'CLEARED_REMOVAL_TIME' };

function badUserRequest(message: string): Response {
  return json(exceptionBody('BadUserRequestException', message, 0), 400);
}

/** Whether the history has the instance (running or ended): what HistoricProcessInstanceQuery.processInstanceIds finds. */
function inHistory(state: EngineState, id: string): boolean {
  return state.findProcessInstance(id) !== undefined || state.endedProcessInstances.some((ended) => ended.id === id);
}

export function registerSetRemovalTimeRoutes(router: EngineRouter, state: EngineState): void {
  router.add('post', '/history/process-instance/set-removal-time', async (context) => {
    const read = await readJsonBody(context.request);
    if (!read.ok) return read.response;
    if (!isJsonObject(read.body)) return invalidJsonBody();
    const fields = new JsonFields(read.body);
    const ids = fields.stringArray('historicProcessInstanceIds');
    const query = fields.object('historicProcessInstanceQuery');
    const absolute = fields.string('absoluteRemovalTime');
    const calculated = fields.boolean('calculatedRemovalTime') ?? false;
    const cleared = fields.boolean('clearedRemovalTime') ?? false;
    const hierarchical = fields.boolean('hierarchical') ?? false;
    const updateInChunks = fields.boolean('updateInChunks') ?? false;
    const chunkSize = fields.integer('updateChunkSize');
    if (fields.failed) return invalidJsonBody();
    const at = absolute === undefined ? undefined : parseEngineDate(absolute);
    if (absolute !== undefined && at === undefined) return invalidJsonBody();

    let mode: Mode | undefined;
    const modes: Mode[] = [
      ...(calculated ? [{ kind: 'CALCULATED_REMOVAL_TIME' } as const] : []),
      ...(at !== undefined ? [{ kind: 'ABSOLUTE_REMOVAL_TIME', at } as const] : []),
      ...(cleared ? [{ kind: 'CLEARED_REMOVAL_TIME' } as const] : []),
    ];
    for (const next of modes) {
      if (mode !== undefined) return badUserRequest('The removal time modes are mutually exclusive: mode is not null');
      mode = next;
    }
    if (chunkSize !== undefined && (chunkSize > MAX_UPDATE_CHUNK_SIZE || chunkSize <= 0)) {
      return badUserRequest(`The value for chunk size should be between 1 and ${MAX_UPDATE_CHUNK_SIZE}`);
    }
    if (ids === undefined && query === undefined) return badUserRequest('Neither query nor ids provided.');
    const found = distinctIds(ids).filter((id) => inHistory(state, id));
    if (mode === undefined) return badUserRequest('removalTime is null');
    if (found.length === 0) return badUserRequest('historicProcessInstances is empty');
    const denied = checkCreateBatch(state, context, 'CREATE_BATCH_SET_REMOVAL_TIME');
    if (denied) return denied;

    const chosen = mode;
    const apply = (id: string) => {
      if (chosen.kind === 'ABSOLUTE_REMOVAL_TIME') setRemovalTime(state, id, formatUtcDate(chosen.at), { hierarchical });
      else if (chosen.kind === 'CLEARED_REMOVAL_TIME') setRemovalTime(state, id, null, { hierarchical });
      else {
        const removalTime = calculatedRemovalTime(state, id, hierarchical);
        if (removalTime !== undefined) setRemovalTime(state, id, removalTime, { hierarchical });
      }
    };
    const batch = createWorkBatch(state, {
      type: SET_REMOVAL_TIME_BATCH_TYPE,
      ids: found,
      createUserId: context.authenticatedUserId,
      // An instance gone from the history meanwhile is skipped (findProcessInstanceById is null).
      work: { check: (_state, id) => ({ ok: true, apply: () => apply(id) }) },
    });
    // SetRemovalTimeToHistoricProcessInstancesCmd.writeUserOperationLog: one entry per property.
    logOperation(state, context.authenticatedUserId, [
      {
        operationType: 'SetRemovalTime',
        entityType: 'ProcessInstance',
        properties: [
          { property: 'mode', newValue: chosen.kind },
          { property: 'removalTime', newValue: chosen.kind === 'ABSOLUTE_REMOVAL_TIME' ? String(chosen.at) : null },
          { property: 'hierarchical', newValue: String(hierarchical) },
          { property: 'nrOfInstances', newValue: String(found.length) },
          { property: 'async', newValue: 'true' },
          { property: 'updateInChunks', newValue: String(updateInChunks) },
          { property: 'chunkSize', newValue: chunkSize === undefined ? null : String(chunkSize) },
        ],
      },
    ]);
    return json(batchDto(batch));
  });
}
