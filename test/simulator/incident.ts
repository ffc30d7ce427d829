// Incidents: GET /incident and /incident/count, like IncidentRestServiceImpl and IncidentQueryDto
// (7.24), over `state.incidents` (their DTO: incidentDto).
//
// The engine has no `processInstanceIdIn` here (only `processInstanceId`), and like every query DTO it
// ignores parameters it does not know: `GET /incident?processInstanceIdIn=a,b` answers every incident
// of the engine. The simulator does the same.
//
// Migration (MigratingIncident): an incident stays with its execution, so a migrated instance keeps its
// incidents, now on the target definition and the activity its instance moved to. A test can make
// incidents appear on migration (`state.incidentsOnMigration`): as if a job of the migrated instance
// failed on the target at once (a missing delegate, a new expression), which is what a canary looks for.
import { addListAndCount, compareNullable, compareStrings, engineQuery, invalidRequest, likeMatches } from './handlers.js';
import type { EngineRouter, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf } from './permissions.js';
import { parseEngineDate } from './repository.js';
import { processInstanceVisibility } from './runtime.js';
import { formatUtcDate } from './state.js';
import type { EngineState, IncidentRecord, ProcessInstanceRecord } from './state.js';

/** IncidentDto, field for field and in engine order. */
export interface IncidentDto {
  id: string;
  processDefinitionId: string | null;
  processInstanceId: string | null;
  executionId: string | null;
  incidentTimestamp: string;
  incidentType: string;
  activityId: string | null;
  failedActivityId: string | null;
  causeIncidentId: string | null;
  rootCauseIncidentId: string | null;
  configuration: string | null;
  tenantId: string | null;
  incidentMessage: string | null;
  jobDefinitionId: string | null;
  annotation: string | null;
}

/**
 * The DTO of a record: the definition and tenant are its instance's (a migrated incident moves with
 * it); the simulator's incidents are their own cause, on the instance's execution.
 */
export function incidentDto(state: EngineState, incident: IncidentRecord): IncidentDto {
  const instance = state.findProcessInstance(incident.processInstanceId);
  return {
    id: incident.id,
    processDefinitionId: instance?.definitionId ?? null,
    processInstanceId: incident.processInstanceId,
    executionId: incident.processInstanceId,
    incidentTimestamp: incident.incidentTimestamp,
    incidentType: incident.incidentType,
    activityId: incident.activityId,
    failedActivityId: incident.activityId,
    causeIncidentId: incident.id,
    rootCauseIncidentId: incident.id,
    configuration: incident.configuration,
    tenantId: instance?.tenantId ?? null,
    incidentMessage: incident.incidentMessage,
    jobDefinitionId: null,
    annotation: null,
  };
}

/** An incident a migration brings about (see the head of this file); every field that is given must match. */
export interface IncidentOnMigration {
  /** Only instances migrated to this definition. */
  targetDefinitionId?: string;
  /** Only these instances. */
  processInstanceIds?: readonly string[];
  /** Only instances that are at this activity after the migration; the incident is on it. */
  activityId?: string;
  /** Default 'failedJob'. */
  incidentType?: string;
  incidentMessage?: string;
}

const QUERY_PARAMS: Record<string, QueryParamKind> = {
  incidentId: 'string',
  incidentType: 'string',
  incidentMessage: 'string',
  incidentMessageLike: 'string',
  incidentTimestampAfter: 'string',
  incidentTimestampBefore: 'string',
  processDefinitionId: 'string',
  processDefinitionKeyIn: 'stringArray',
  processInstanceId: 'string',
  executionId: 'string',
  activityId: 'string',
  failedActivityId: 'string',
  causeIncidentId: 'string',
  rootCauseIncidentId: 'string',
  configuration: 'string',
  tenantIdIn: 'stringArray',
  jobDefinitionIdIn: 'stringArray',
};
const SORT_BY = [
  'incidentId',
  'incidentMessage',
  'incidentTimestamp',
  'incidentType',
  'executionId',
  'activityId',
  'processInstanceId',
  'processDefinitionId',
  'causeIncidentId',
  'rootCauseIncidentId',
  'configuration',
  'tenantId',
] as const;

/** Raises an incident on a running instance, at `activityId` (default: its first activity). */
export function raiseIncident(
  state: EngineState,
  instance: ProcessInstanceRecord,
  fields: { activityId?: string; incidentType?: string; incidentMessage?: string } = {},
): IncidentRecord {
  const incident: IncidentRecord = {
    id: state.nextId(),
    incidentType: fields.incidentType ?? 'failedJob',
    processInstanceId: instance.id,
    activityId: fields.activityId ?? instance.activityIds[0] ?? '',
    incidentMessage: fields.incidentMessage ?? null,
    incidentTimestamp: formatUtcDate(state.clock()),
    configuration: state.nextId(),
  };
  state.incidents.push(incident);
  return incident;
}

/**
 * After `instance` moved to `targetDefinitionId` (its activities now `instance.activityIds`, mapped
 * from `sourceActivityIds` in order): its incidents follow it, and the arranged ones appear.
 */
export function incidentsAfterMigration(state: EngineState, instance: ProcessInstanceRecord, sourceActivityIds: readonly string[]): void {
  for (const incident of state.incidents) {
    if (incident.processInstanceId !== instance.id) continue;
    const index = sourceActivityIds.indexOf(incident.activityId);
    if (index >= 0) incident.activityId = instance.activityIds[index] ?? incident.activityId;
  }
  for (const rule of state.incidentsOnMigration) {
    if (rule.targetDefinitionId !== undefined && rule.targetDefinitionId !== instance.definitionId) continue;
    if (rule.processInstanceIds !== undefined && !rule.processInstanceIds.includes(instance.id)) continue;
    if (rule.activityId !== undefined && !instance.activityIds.includes(rule.activityId)) continue;
    raiseIncident(state, instance, {
      ...(rule.activityId === undefined ? {} : { activityId: rule.activityId }),
      incidentType: rule.incidentType ?? 'failedJob',
      incidentMessage: rule.incidentMessage ?? "Unknown property used in expression: ${approver}. Cause: Cannot resolve identifier 'approver'",
    });
  }
}

function sortValue(incident: IncidentDto, sortBy: (typeof SORT_BY)[number]): string | null {
  switch (sortBy) {
    case 'incidentId':
      return incident.id;
    case 'incidentTimestamp':
      return incident.incidentTimestamp;
    default:
      return incident[sortBy];
  }
}

/** IncidentQueryDto applied (unknown parameters ignored, as the engine does), READ-filtered like process instances. */
function findIncidents(state: EngineState, context: RouteContext): { ok: true; items: IncidentDto[] } | { ok: false; response: Response } {
  const parsed = engineQuery(context, QUERY_PARAMS, SORT_BY);
  if (!parsed.ok) return parsed;
  const values = parsed.query.values as Record<string, unknown>;
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const list = (name: string) => (Array.isArray(values[name]) && (values[name] as unknown[]).length > 0 ? (values[name] as string[]) : undefined);
  const equal: [keyof IncidentDto, string][] = [
    ['id', 'incidentId'],
    ['incidentType', 'incidentType'],
    ['incidentMessage', 'incidentMessage'],
    ['processDefinitionId', 'processDefinitionId'],
    ['processInstanceId', 'processInstanceId'],
    ['executionId', 'executionId'],
    ['activityId', 'activityId'],
    ['failedActivityId', 'failedActivityId'],
    ['causeIncidentId', 'causeIncidentId'],
    ['rootCauseIncidentId', 'rootCauseIncidentId'],
    ['configuration', 'configuration'],
  ];
  const keys = list('processDefinitionKeyIn');
  const tenants = list('tenantIdIn');
  const jobDefinitions = list('jobDefinitionIdIn');
  const messageLike = text('incidentMessageLike');
  // DateConverter: a value that is not the engine's date format is a 400 naming it.
  const bounds: Record<string, number | undefined> = {};
  for (const name of ['incidentTimestampAfter', 'incidentTimestampBefore']) {
    const raw = text(name);
    if (raw === undefined) continue;
    bounds[name] = parseEngineDate(raw);
    if (bounds[name] === undefined) {
      return {
        ok: false,
        response: invalidRequest(400, `Cannot set query parameter '${name}' to value '${raw}': Cannot convert value "${raw}" to java type java.util.Date`),
      };
    }
  }
  const after = bounds.incidentTimestampAfter;
  const before = bounds.incidentTimestampBefore;
  const visible = processInstanceVisibility(state, authenticationOf(state, context.authenticatedUserId));
  const items = state.incidents
    .map((incident) => incidentDto(state, incident))
    .filter((incident) => {
      for (const [field, parameter] of equal) {
        const wanted = text(parameter);
        if (wanted !== undefined && incident[field] !== wanted) return false;
      }
      if (messageLike !== undefined && !likeMatches(incident.incidentMessage, messageLike)) return false;
      // Strict comparisons, as the engine's mapping (> and <).
      const raised = parseEngineDate(incident.incidentTimestamp) ?? 0;
      if (after !== undefined && !(raised > after)) return false;
      if (before !== undefined && !(raised < before)) return false;
      if (keys !== undefined && !keys.includes(state.findProcessDefinition(incident.processDefinitionId ?? '')?.key ?? '')) return false;
      if (tenants !== undefined && !tenants.includes(incident.tenantId ?? '')) return false;
      if (jobDefinitions !== undefined && !jobDefinitions.includes(incident.jobDefinitionId ?? '')) return false;
      const instance = state.findProcessInstance(incident.processInstanceId ?? '');
      return instance === undefined || visible(instance);
    });
  const { sortBy, sortOrder } = parsed.query;
  if (sortBy !== undefined) {
    const direction = sortOrder === 'desc' ? -1 : 1;
    items.sort(
      (a, b) =>
        compareNullable(sortValue(a, sortBy as (typeof SORT_BY)[number]), sortValue(b, sortBy as (typeof SORT_BY)[number])) * direction ||
        compareStrings(a.id, b.id),
    );
  } else {
    items.sort((a, b) => compareStrings(a.id, b.id));
  }
  return { ok: true, items };
}

export function registerIncidentRoutes(router: EngineRouter, state: EngineState): void {
  addListAndCount(router, state, '/incident', (context) => findIncidents(state, context));
}
