// External tasks: GET/POST /external-task and their counts, like ExternalTaskRestServiceImpl and
// ExternalTaskQueryDto (7.24); their retries are external-task-retries.ts.
//
// The model, derived like the jobs of job.ts: a running instance at an `externalTask` activity has one
// external task there (topic: the activity's id). A failedExternalTask incident at that activity is
// the task without retries (its configuration is the task's id: the seeded one at sendReminder);
// `state.externalTasks` holds what workers and retries changed otherwise (retries, error). Retries
// above 0 on a task without retries resolve its incident (ExternalTaskEntity.setRetriesAndManageIncidents);
// 0 on one with retries (or never failed: null) opens it.
//
// Workers: nothing fetches by itself. `runExternalTaskWorkers(state)` is one round of workers, as a test
// calls it: every task with retries left (null or above 0) of an active instance is worked on; when its
// activity `fails`, the worker reports that failure with no retries left (an incident opens), else it
// completes the task and the instance leaves the activity (job-executor.ts leaveActivity).
import type { ActivityRecord } from './bpmn.js';
import {
  addListAndCount,
  compareNullable,
  compareStrings,
  engineQuery,
  json,
  pagedJson,
  parsePaging,
  queryFromJsonBody,
  queryReaders,
  readJsonBody,
} from './handlers.js';
import type { EngineRouter, ParsedQuery, QueryParamKind, RouteContext } from './handlers.js';
import { raiseIncident } from './incident.js';
import { registerExternalTaskRetriesRoutes } from './external-task-retries.js';
import { leaveActivity } from './job-executor.js';
import { authenticationOf } from './permissions.js';
import { processInstanceVisibility } from './runtime.js';
import { engineUuid } from './state.js';
import type { EngineState, ProcessInstanceRecord } from './state.js';

export const SET_EXTERNAL_TASK_RETRIES_BATCH_TYPE = 'set-external-task-retries';

/** ExternalTaskDto, field for field and in the engine's declaration order. */
export interface ExternalTaskDto {
  activityId: string;
  activityInstanceId: string;
  errorMessage: string | null;
  executionId: string;
  id: string;
  lockExpirationTime: string | null;
  createTime: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionVersionTag: string | null;
  processInstanceId: string;
  retries: number | null;
  suspended: boolean;
  workerId: string | null;
  topicName: string;
  tenantId: string | null;
  priority: number;
  businessKey: string | null;
}

/** An external task and what the queries and changes look at besides its DTO. */
export interface ExternalTaskRow {
  dto: ExternalTaskDto;
  instance: ProcessInstanceRecord;
  activity: ActivityRecord;
}

/** The id of the external task of an instance at an activity, unless an incident or a record says otherwise. */
export function externalTaskIdOf(processInstanceId: string, activityId: string): string {
  let hash = 0x811c9dc5;
  const text = `${processInstanceId}\u0000${activityId}`;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return engineUuid(0xc0000000 + (hash % 0x0fffffff));
}

function incidentOf(state: EngineState, instanceId: string, activityId: string) {
  return state.incidents.find(
    (incident) => incident.incidentType === 'failedExternalTask' && incident.processInstanceId === instanceId && incident.activityId === activityId,
  );
}

/** Every external task of the running instances, whoever may see it. */
export function allExternalTaskRows(state: EngineState): ExternalTaskRow[] {
  const rows: ExternalTaskRow[] = [];
  for (const instance of state.processInstances) {
    const definition = state.findProcessDefinition(instance.definitionId);
    if (definition === undefined) continue;
    for (const activityId of new Set(instance.activityIds)) {
      const activity = definition.activities.find((candidate) => candidate.id === activityId);
      if (activity?.type !== 'externalTask') continue;
      const incident = incidentOf(state, instance.id, activityId);
      const record = state.externalTasks.find((task) => task.processInstanceId === instance.id && task.activityId === activityId);
      const id = incident?.configuration ?? record?.id ?? externalTaskIdOf(instance.id, activityId);
      const index = instance.activityIds.indexOf(activityId);
      rows.push({
        instance,
        activity,
        dto: {
          activityId,
          activityInstanceId: instance.activityInstanceIds?.[index] ?? `${activityId}:${id}`,
          errorMessage: incident?.incidentMessage ?? record?.errorMessage ?? null,
          executionId: instance.id,
          id,
          lockExpirationTime: null,
          createTime: state.startTimeOf(instance),
          processDefinitionId: definition.id,
          processDefinitionKey: definition.key,
          processDefinitionVersionTag: definition.versionTag,
          processInstanceId: instance.id,
          retries: incident !== undefined ? 0 : (record?.retries ?? null),
          suspended: instance.suspended,
          workerId: null,
          topicName: activityId,
          tenantId: instance.tenantId,
          priority: 0,
          businessKey: instance.businessKey,
        },
      });
    }
  }
  return rows;
}

export function findExternalTaskRow(state: EngineState, id: string): ExternalTaskRow | undefined {
  return allExternalTaskRows(state).find((row) => row.dto.id === id);
}

function recordOf(state: EngineState, row: ExternalTaskRow) {
  let record = state.externalTasks.find((task) => task.processInstanceId === row.instance.id && task.activityId === row.activity.id);
  if (record === undefined) {
    record = { id: row.dto.id, processInstanceId: row.instance.id, activityId: row.activity.id, retries: row.dto.retries, errorMessage: row.dto.errorMessage };
    state.externalTasks.push(record);
  }
  return record;
}

/** ExternalTaskEntity.setRetriesAndManageIncidents. */
export function applyExternalTaskRetries(state: EngineState, row: ExternalTaskRow, retries: number): void {
  const incident = incidentOf(state, row.instance.id, row.activity.id);
  const record = recordOf(state, row);
  if (incident !== undefined && retries > 0) state.incidents = state.incidents.filter((candidate) => candidate !== incident);
  if (incident === undefined && retries <= 0) {
    raiseIncident(state, row.instance, {
      activityId: row.activity.id,
      incidentType: 'failedExternalTask',
      incidentMessage: record.errorMessage,
      configuration: row.dto.id,
    });
  }
  record.retries = retries;
}

/** One round of workers (see the head of this file); returns how many tasks were worked on. */
export function runExternalTaskWorkers(state: EngineState): number {
  let worked = 0;
  for (const row of allExternalTaskRows(state)) {
    if (row.instance.suspended || (row.dto.retries !== null && row.dto.retries <= 0)) continue;
    worked += 1;
    if (row.activity.fails !== undefined) {
      // POST /external-task/{id}/failure with retries 0: the error stays with the task, the incident opens.
      recordOf(state, row).errorMessage = row.activity.fails;
      applyExternalTaskRetries(state, row, 0);
    } else {
      state.externalTasks = state.externalTasks.filter((task) => !(task.processInstanceId === row.instance.id && task.activityId === row.activity.id));
      leaveActivity(state, row.instance, row.activity);
    }
  }
  return worked;
}

export const QUERY_PARAMS: Record<string, QueryParamKind> = {
  externalTaskId: 'string',
  externalTaskIdIn: 'stringArray',
  activityId: 'string',
  activityIdIn: 'stringArray',
  topicName: 'string',
  locked: 'boolean',
  notLocked: 'boolean',
  executionId: 'string',
  processInstanceId: 'string',
  processInstanceIdIn: 'stringArray',
  processDefinitionKey: 'string',
  processDefinitionKeyIn: 'stringArray',
  processDefinitionId: 'string',
  active: 'boolean',
  suspended: 'boolean',
  withRetriesLeft: 'boolean',
  noRetriesLeft: 'boolean',
  workerId: 'string',
  tenantIdIn: 'stringArray',
};
export const SORT_BY = [
  'id',
  'lockExpirationTime',
  'processInstanceId',
  'processDefinitionId',
  'processDefinitionKey',
  'tenantId',
  'taskPriority',
  'createTime',
] as const;

function sortValue(dto: ExternalTaskDto, sortBy: (typeof SORT_BY)[number]): string | number | null {
  return sortBy === 'taskPriority' ? dto.priority : dto[sortBy];
}

/** ExternalTaskQueryDto applied (unknown parameters ignored), READ-filtered like process instances. */
export function findExternalTasks(
  state: EngineState,
  context: RouteContext,
  query?: ParsedQuery,
): { ok: true; items: ExternalTaskDto[] } | { ok: false; response: Response } {
  const parsed = query === undefined ? engineQuery(context, QUERY_PARAMS, SORT_BY) : { ok: true as const, query };
  if (!parsed.ok) return parsed;
  const { text, flag, list } = queryReaders(parsed.query.values);
  const equal: [keyof ExternalTaskDto, string][] = [
    ['id', 'externalTaskId'],
    ['activityId', 'activityId'],
    ['topicName', 'topicName'],
    ['executionId', 'executionId'],
    ['processInstanceId', 'processInstanceId'],
    ['processDefinitionKey', 'processDefinitionKey'],
    ['processDefinitionId', 'processDefinitionId'],
    ['workerId', 'workerId'],
  ];
  const lists: [keyof ExternalTaskDto, string][] = [
    ['id', 'externalTaskIdIn'],
    ['activityId', 'activityIdIn'],
    ['processInstanceId', 'processInstanceIdIn'],
    ['processDefinitionKey', 'processDefinitionKeyIn'],
    ['tenantId', 'tenantIdIn'],
  ];
  const visible = processInstanceVisibility(state, authenticationOf(state, context.authenticatedUserId));
  const items = allExternalTaskRows(state)
    .filter(({ dto, instance }) => {
      if (!visible(instance)) return false;
      for (const [field, parameter] of equal) {
        const wanted = text(parameter);
        if (wanted !== undefined && dto[field] !== wanted) return false;
      }
      for (const [field, parameter] of lists) {
        const wanted = list(parameter);
        if (wanted !== undefined && !wanted.includes(String(dto[field]))) return false;
      }
      // No task is locked here: no worker holds one between rounds.
      if (flag('locked')) return false;
      if (flag('active') && dto.suspended) return false;
      if (flag('suspended') && !dto.suspended) return false;
      if (flag('withRetriesLeft') && dto.retries !== null && dto.retries <= 0) return false;
      if (flag('noRetriesLeft') && (dto.retries === null || dto.retries > 0)) return false;
      return true;
    })
    .map(({ dto }) => dto);
  const { sortBy, sortOrder } = parsed.query;
  const direction = sortOrder === 'desc' ? -1 : 1;
  const key = (sortBy ?? 'id') as (typeof SORT_BY)[number];
  items.sort((a, b) => compareNullable(sortValue(a, key), sortValue(b, key)) * (sortBy === undefined ? 1 : direction) || compareStrings(a.id, b.id));
  return { ok: true, items };
}

export function registerExternalTaskRoutes(router: EngineRouter, state: EngineState): void {
  registerExternalTaskRetriesRoutes(router, state);
  addListAndCount(router, state, '/external-task', (context) => findExternalTasks(state, context));
  const fromBody = async (context: RouteContext) => {
    const body = await readJsonBody(context.request);
    if (!body.ok) return body;
    const query = queryFromJsonBody(body.body, QUERY_PARAMS, SORT_BY);
    return query.ok ? findExternalTasks(state, context, query.query) : query;
  };
  router.add('post', '/external-task', async (context) => {
    const paging = parsePaging(context.url.searchParams);
    if (!paging.ok) return paging.response;
    const result = await fromBody(context);
    return result.ok ? pagedJson(state, context, result.items, paging.paging, (item) => item) : result.response;
  });
  router.add('post', '/external-task/count', async (context) => {
    const result = await fromBody(context);
    return result.ok ? json({ count: result.items.length }) : result.response;
  });
}
