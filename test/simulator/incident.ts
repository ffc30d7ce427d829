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
import { addListAndCount, compareNullable, compareStrings, engineQuery, invalidRequest, likeMatches, noContent } from './handlers.js';
import type { EngineRouter, QueryParamKind, RouteContext } from './handlers.js';
import { authenticationOf, checkAuthorization, genericPermission } from './permissions.js';
import { parseEngineDate } from './repository.js';
import { processInstanceVisibility } from './runtime.js';
import { formatUtcDate, ResourceType } from './state.js';
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
  fields: { activityId?: string; incidentType?: string; incidentMessage?: string | null; configuration?: string } = {},
): IncidentRecord {
  const incident: IncidentRecord = {
    id: state.nextId(),
    incidentType: fields.incidentType ?? 'failedJob',
    processInstanceId: instance.id,
    activityId: fields.activityId ?? instance.activityIds[0] ?? '',
    incidentMessage: fields.incidentMessage ?? null,
    incidentTimestamp: formatUtcDate(state.clock()),
    configuration: fields.configuration ?? state.nextId(),
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
  // DateConverter, then `INCIDENT_TIMESTAMP_ > after` and `< before` (both strict).
  const bounds: Record<'incidentTimestampAfter' | 'incidentTimestampBefore', number | undefined> = {
    incidentTimestampAfter: undefined,
    incidentTimestampBefore: undefined,
  };
  for (const name of ['incidentTimestampAfter', 'incidentTimestampBefore'] as const) {
    const raw = text(name);
    if (raw === undefined) continue;
    const parsed = parseEngineDate(raw);
    if (parsed === undefined) {
      return {
        ok: false,
        response: invalidRequest(400, `Cannot set query parameter '${name}' to value '${raw}': Cannot convert value "${raw}" to java type java.util.Date`),
      };
    }
    bounds[name] = parsed;
  }
  const visible = processInstanceVisibility(state, authenticationOf(state, context.authenticatedUserId));
  const items = state.incidents
    .map((incident) => incidentDto(state, incident))
    .filter((incident) => {
      for (const [field, parameter] of equal) {
        const wanted = text(parameter);
        if (wanted !== undefined && incident[field] !== wanted) return false;
      }
      if (messageLike !== undefined && !likeMatches(incident.incidentMessage, messageLike)) return false;
      const at = parseEngineDate(incident.incidentTimestamp) ?? 0;
      if (bounds.incidentTimestampAfter !== undefined && !(at > bounds.incidentTimestampAfter)) return false;
      if (bounds.incidentTimestampBefore !== undefined && !(at < bounds.incidentTimestampBefore)) return false;
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

  // IncidentResourceImpl.resolveIncident -> ResolveIncidentCmd: the engine refuses the incidents of
  // failed jobs and external tasks (their retries resolve them), and resolves any other open one.
  router.add('delete', '/incident/:id', (context) => {
    const id = context.params.id ?? '';
    const incident = state.incidents.find((candidate) => candidate.id === id);
    if (incident === undefined) return invalidRequest(404, `Cannot find an incident with id '${id}': incident is null`);
    if (incident.incidentType === 'failedJob' || incident.incidentType === 'failedExternalTask') {
      return invalidRequest(400, `Cannot resolve an incident of type ${incident.incidentType}`);
    }
    const instance = state.findProcessInstance(incident.processInstanceId);
    if (instance === undefined) {
      return invalidRequest(400, `Cannot find an execution for an incident with id '${id}': execution is null`);
    }
    // checkUpdateProcessInstance: UPDATE on the instance or UPDATE_INSTANCE on its definition.
    const denied = checkAuthorization(state, authenticationOf(state, context.authenticatedUserId), [
      { permission: genericPermission('UPDATE'), resourceType: ResourceType.PROCESS_INSTANCE, resourceId: instance.id },
      {
        permission: genericPermission('UPDATE_INSTANCE'),
        resourceType: ResourceType.PROCESS_DEFINITION,
        resourceId: state.findProcessDefinition(instance.definitionId)?.key ?? null,
      },
    ]);
    if (denied) return denied;
    state.incidents = state.incidents.filter((candidate) => candidate !== incident);
    return noContent();
  });
}
