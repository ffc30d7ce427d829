/**
 * External tasks without retries as an object kind of the bulk layer (./object-kind.ts), for
 * `external-task retry`: POST /external-task and its count, always with `noRetriesLeft`; ids given
 * are process instances'. `--exception TEXT` is tested on each row's error message.
 */
import type { EngineClient } from '../engine/client.js';
import type { ExternalTask } from '../engine/external-tasks.js';
import { definitionNames } from './job-kind.js';
import type { ObjectKind, ObjectRow, QueryBody } from './object-kind.js';
import { parseQueryBody } from './query-file.js';

/** The fields of ExternalTaskQueryDto (7.24), which a --query FILE may have. */
const EXTERNAL_TASK_QUERY_FIELDS = [
  'externalTaskId',
  'externalTaskIdIn',
  'activityId',
  'activityIdIn',
  'lockExpirationBefore',
  'lockExpirationAfter',
  'topicName',
  'locked',
  'notLocked',
  'executionId',
  'processInstanceId',
  'processInstanceIdIn',
  'processDefinitionKey',
  'processDefinitionKeyIn',
  'processDefinitionId',
  'processDefinitionName',
  'processDefinitionNameLike',
  'active',
  'suspended',
  'withRetriesLeft',
  'noRetriesLeft',
  'workerId',
  'tenantIdIn',
  'priorityHigherThanOrEquals',
  'priorityLowerThanOrEquals',
  'variableNamesIgnoreCase',
  'variableValuesIgnoreCase',
  'processVariables',
  'sortBy',
  'sortOrder',
  'sorting',
] as const;

export function failedExternalTaskKind(client: EngineClient, options: { exception?: string | undefined } = {}): ObjectKind<ExternalTask> {
  const tasks = client.externalTasks;
  const failed = (body: QueryBody): QueryBody => ({ ...body, noRetriesLeft: true });
  const { exception } = options;
  const keep = (task: ExternalTask) => exception === undefined || (task.errorMessage ?? '').includes(exception);
  return {
    one: 'external task',
    many: 'external tasks',
    queryEndpoint: 'POST /external-task',
    idsField: 'externalTaskIdIn',
    givenIds: { field: 'processInstanceIdIn', of: (row) => row.row.processInstanceId ?? '' },
    parseQuery: (text, file) => parseQueryBody(text, file, EXTERNAL_TASK_QUERY_FIELDS, 'ExternalTaskQueryDto (POST /external-task)'),
    count: (body) => tasks.countQuery(failed(body as QueryBody)),
    rows: async function* (body, pageSize) {
      for await (const page of tasks.pages(failed(body), { pageSize }))
        yield page.filter(keep).map((row): ObjectRow<ExternalTask> => ({ id: row.id, definitionId: row.processDefinitionId ?? null, row }));
    },
    useBulkTransport: () => client.processInstances.useBulkTransport('listing'),
    definitions: (definitionIds) => definitionNames(client, definitionIds),
    activities: async (definitionId) =>
      (await client.processDefinitions.activityStatistics(definitionId))
        .filter((row) => row.instances > 0)
        .map((row) => ({ activity: row.id, filter: { activityIdIn: [row.id], processDefinitionId: definitionId } satisfies QueryBody })),
  };
}
