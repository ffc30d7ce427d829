/**
 * Setting variables on many running process instances as an operation of the change pipeline. A
 * chunk is one POST /process-instance/{id}/variables per instance (./one-by-one.ts: the engine has
 * no synchronous request for many); a batch is POST /process-instance/variables-async
 * (`set-variables`). An instance is changed when each variable is on its own scope with the value
 * asked (./variable-values.ts), read back with one variable query per name for a chunk of instances.
 */
import type { ChangeWords, ObjectFound, OutcomeKind } from '../../change/operation.js';
import type { EngineClient } from '../../engine/client.js';
import { ENDED_STATES } from '../../engine/historic-process-instances.js';
import type { ProcessInstance, TypedVariableValue } from '../../engine/process-instances.js';
import { enginePath } from '../../engine/paths.js';
import type { VariableInstance } from '../../engine/variable-instances.js';
import type { BulkOperation } from '../operation.js';
import { lookUpInstances } from './instance-lookup.js';
import { explainObjectsFailed, sendOneByOne } from './one-by-one.js';
import { sameVariable } from './variable-values.js';

const SET_VARIABLES_WORDS: ChangeWords = {
  verb: 'set variables on',
  done: 'updated',
  one: 'instance',
  many: 'instances',
  changed: 'holding the variables',
  unchanged: 'without the variables',
  run: 'the change of variables',
  changedInFull: 'holding every variable as asked',
  request: 'each request',
  canaryCheck: 'holding every variable as asked',
};

type SetVariablesOutcome = 'variables-set' | 'already-set' | 'not-set' | 'ended' | 'unknown';

const SET_VARIABLES_OUTCOMES: Readonly<Record<OutcomeKind, SetVariablesOutcome>> = {
  changed: 'variables-set',
  'changed-elsewhere': 'already-set',
  unchanged: 'not-set',
  ended: 'ended',
  other: 'unknown',
};

/** What the report says of an instance beside its outcome: its definition, and the variables it does not hold as asked. */
export interface VariablesDetail {
  definitionId: string | null;
  /** Names, comma-separated; null when the instance holds them all, or was not asked about. */
  notSet: string | null;
}

export const NO_VARIABLES_DETAIL: VariablesDetail = { definitionId: null, notSet: null };

export type SetVariablesOperation = BulkOperation<ProcessInstance, SetVariablesOutcome, VariablesDetail>;

type VariablesClient = Pick<EngineClient, 'processInstances' | 'variableInstances'>;

export function setVariablesOperation(client: VariablesClient, variables: Readonly<Record<string, TypedVariableValue>>): SetVariablesOperation {
  const statesOf = (ids: readonly string[]) => variableStates(client, ids, variables);
  const modifications = { ...variables };
  return {
    name: 'set-variables',
    parameters: { variables: modifications },
    pending: () => true,
    chunkRequest: (ids) => ids.map((id) => ({ method: 'POST', path: enginePath`/process-instance/${id}/variables`.encoded, body: { modifications } })),
    batchRequest: (ids) => ({ method: 'POST', path: '/process-instance/variables-async', body: { processInstanceIds: ids, variables: modifications } }),
    // PatchExecutionVariablesCmd: one ModifyVariable entry (entity Variable, no property) per instance;
    // SetVariablesToProcessInstancesBatchCmd: one SetVariables entry (nrOfInstances, nrOfVariables, async).
    opLog: {
      operationType: 'ModifyVariable',
      entityType: 'Variable',
      batch: { operationType: 'SetVariables', entityType: 'ProcessInstance', property: 'nrOfInstances' },
    },
    oneRequestPerObject: true,
    batchPermission: 'CREATE_BATCH_SET_VARIABLES',
    noDetail: NO_VARIABLES_DETAIL,
    report: {
      id: 'processInstanceId',
      columns: [
        { name: 'definitionId', value: (object: VariablesDetail) => object.definitionId },
        { name: 'notSet', value: (object: VariablesDetail) => object.notSet },
      ],
    },
    sendChunk: (ids, signal) =>
      sendOneByOne(
        ids,
        {
          send: (id, abort) => client.processInstances.setVariables(id, modifications, abort),
          statesOf,
          words: SET_VARIABLES_WORDS,
          request: 'POST /process-instance/{id}/variables',
        },
        signal,
      ),
    createBatch: (ids) => client.processInstances.setVariablesAsync({ processInstanceIds: ids, variables: modifications }),
    batchCheck: ['batch', 'list', '--type', 'set-variables'],
    statesOf,
    overlapsAnotherRun: () => false,
    outcomeNames: SET_VARIABLES_OUTCOMES,
    explainRefusal: explainObjectsFailed,
    words: SET_VARIABLES_WORDS,
  };
}

/**
 * Running and holding every variable as asked: changed; running without one of them: unchanged (its
 * names in the detail). Not running: ended when the history says it ended, else unknown.
 */
async function variableStates(
  client: VariablesClient,
  ids: readonly string[],
  variables: Readonly<Record<string, TypedVariableValue>>,
): Promise<ObjectFound<VariablesDetail>[]> {
  const { found, extra } = await lookUpInstances(client, ids, (running) => heldVariables(client, running, Object.keys(variables)));
  const held = new Map(extra.flatMap((chunk) => [...chunk]));
  return found.map(({ id, running, history }) => {
    if (!running) {
      const ended = Boolean(history?.endTime) || ENDED_STATES.has(history?.state ?? '');
      return { id, state: ended ? 'ended' : 'other', detail: { definitionId: history?.processDefinitionId ?? null, notSet: null } };
    }
    const has = held.get(id) ?? new Map<string, VariableInstance>();
    const notSet = Object.entries(variables)
      .filter(([name, asked]) => {
        const variable = has.get(name);
        return variable === undefined || !sameVariable(asked, variable);
      })
      .map(([name]) => name);
    return {
      id,
      state: notSet.length === 0 ? 'changed' : 'unchanged',
      detail: { definitionId: running.definitionId, notSet: notSet.length > 0 ? notSet.join(',') : null },
    };
  });
}

/**
 * The variables of the instances' own scopes by instance and name: one query per name over all the
 * instances (at most one row per instance, so a chunk of ids within the engine's limit is one page).
 */
async function heldVariables(
  client: VariablesClient,
  running: readonly ProcessInstance[],
  names: readonly string[],
): Promise<Map<string, Map<string, VariableInstance>>> {
  const byInstance = new Map<string, Map<string, VariableInstance>>();
  if (running.length === 0) return byInstance;
  const scopes = running.map((instance) => instance.id);
  for (const name of names) {
    for (const row of await client.variableInstances.query({ variableName: name, variableScopeIdIn: scopes }, 0, scopes.length)) {
      const instanceId = row.processInstanceId ?? row.executionId;
      if (!instanceId) continue;
      let held = byInstance.get(instanceId);
      if (!held) byInstance.set(instanceId, (held = new Map()));
      held.set(row.name, row);
    }
  }
  return byInstance;
}
