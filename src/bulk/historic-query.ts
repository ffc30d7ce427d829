/**
 * `instance delete --finished --query FILE`: a historic process instance query (the body of POST
 * /history/process-instance, HistoricProcessInstanceQueryDto of 7.24), checked strictly, since the
 * engine silently ignores a property it does not know; dates in the engine's format.
 */
import * as z from 'zod';
import { parseEngineDate } from '../engine/dates.js';
import type { ValuePath } from '../input/structured.js';
import { parseCheckedFile } from '../input/structured.js';
import * as places from '../input/places.js';

const text = z.string();
const texts = z.array(z.string());
const flag = z.boolean();
const date = z.string().refine((value) => parseEngineDate(value) !== undefined, {
  message: "a date in the engine's format yyyy-MM-dd'T'HH:mm:ss.SSSZ, e.g. 2026-01-31T10:00:00.000+0100",
});
const variable = z.strictObject({ name: z.string(), operator: z.enum(['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'like']), value: z.unknown() });
const SORT_BY = [
  'instanceId',
  'definitionId',
  'definitionKey',
  'definitionName',
  'definitionVersion',
  'businessKey',
  'startTime',
  'endTime',
  'duration',
  'tenantId',
] as const;
const sorting = z.strictObject({ sortBy: z.enum(SORT_BY), sortOrder: z.enum(['asc', 'desc']) });

const FIELDS = {
  processInstanceId: text,
  processInstanceIds: texts,
  processInstanceIdNotIn: texts,
  processDefinitionId: text,
  processDefinitionKey: text,
  processDefinitionKeyIn: texts,
  processDefinitionName: text,
  processDefinitionNameLike: text,
  processDefinitionKeyNotIn: texts,
  processInstanceBusinessKey: text,
  processInstanceBusinessKeyIn: texts,
  processInstanceBusinessKeyLike: text,
  rootProcessInstances: flag,
  rootProcessInstanceId: text,
  finished: flag,
  unfinished: flag,
  withJobsRetrying: flag,
  withIncidents: flag,
  withRootIncidents: flag,
  incidentIdIn: texts,
  incidentType: text,
  incidentStatus: text,
  incidentMessage: text,
  incidentMessageLike: text,
  startedBefore: date,
  startedAfter: date,
  finishedBefore: date,
  finishedAfter: date,
  executedActivityAfter: date,
  executedActivityBefore: date,
  executedJobAfter: date,
  executedJobBefore: date,
  startedBy: text,
  superProcessInstanceId: text,
  subProcessInstanceId: text,
  superCaseInstanceId: text,
  subCaseInstanceId: text,
  caseInstanceId: text,
  tenantIdIn: texts,
  withoutTenantId: flag,
  activityIdIn: texts,
  executedActivityIdIn: texts,
  activeActivityIdIn: texts,
  active: flag,
  suspended: flag,
  completed: flag,
  externallyTerminated: flag,
  internallyTerminated: flag,
  variables: z.array(variable),
  variableNamesIgnoreCase: flag,
  variableValuesIgnoreCase: flag,
  sorting: z.array(sorting),
};

export type HistoricQuery = Record<string, unknown>;

const querySchema: z.ZodType<HistoricQuery> = z.lazy(() =>
  z.strictObject({
    ...Object.fromEntries(Object.entries(FIELDS).map(([key, schema]) => [key, schema.optional()])),
    orQueries: z.array(querySchema).optional(),
  }),
);

const KEYS = [...Object.keys(FIELDS), 'orQueries'];

function allowed(path: ValuePath): string[] {
  const last = path[path.length - 1];
  const list = typeof last === 'number' ? path[path.length - 2] : undefined;
  if (list === 'variables') return ['name', 'operator', 'value'];
  if (list === 'sorting') return ['sortBy', 'sortOrder'];
  return KEYS;
}

export function parseHistoricQueryFile(fileText: string, file: string): HistoricQuery {
  return parseCheckedFile(fileText, file, { what: 'query', schema: querySchema, allowed, places });
}
