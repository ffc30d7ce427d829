/**
 * The offline authorization catalogue: resource types, the permissions valid for each and the
 * authorization types, from Resources.java, the permission enums and Permissions.java of Camunda
 * 7.24 (Operaton and CIB seven have the identical table); docs/engine-notes.md#permission-names.
 * It lets the tool reject a wrong name before anything is sent.
 */
import { UsageError } from '../exit-codes.js';
import { closest } from '../util/suggest.js';

export interface ResourceType {
  /** The integer the REST API uses. */
  readonly code: number;
  /** The name users type: kebab case of the enum constant. */
  readonly name: string;
  /** The enum constant, as the engine prints it in 400 messages. */
  readonly constant: string;
  /** `resourceName()`, as the engine prints it in 403 bodies. */
  readonly resourceName: string;
  /** Valid permission names besides ALL and NONE. */
  readonly permissions: readonly string[];
  readonly since?: string;
  readonly deprecated?: boolean;
}

const CRUD = ['READ', 'UPDATE', 'CREATE', 'DELETE'] as const;

/** A row of the table below; `since` and `deprecated` are spread in where they apply. */
function resource(code: number, constant: string, resourceName: string, permissions: readonly string[]): ResourceType {
  return { code, name: constant.toLowerCase().replaceAll('_', '-'), constant, resourceName, permissions };
}

export const RESOURCE_TYPES: readonly ResourceType[] = [
  resource(0, 'APPLICATION', 'Application', ['ACCESS']),
  resource(1, 'USER', 'User', CRUD),
  resource(2, 'GROUP', 'Group', CRUD),
  resource(3, 'GROUP_MEMBERSHIP', 'Group membership', ['CREATE', 'DELETE']),
  resource(4, 'AUTHORIZATION', 'Authorization', CRUD),
  resource(5, 'FILTER', 'Filter', CRUD),
  resource(6, 'PROCESS_DEFINITION', 'ProcessDefinition', [
    'READ',
    'UPDATE',
    'DELETE',
    'READ_TASK',
    'UPDATE_TASK',
    'CREATE_INSTANCE',
    'READ_INSTANCE',
    'UPDATE_INSTANCE',
    'DELETE_INSTANCE',
    'READ_HISTORY',
    'DELETE_HISTORY',
    'TASK_WORK',
    'TASK_ASSIGN',
    'MIGRATE_INSTANCE',
    'RETRY_JOB',
    'SUSPEND',
    'SUSPEND_INSTANCE',
    'UPDATE_INSTANCE_VARIABLE',
    'UPDATE_TASK_VARIABLE',
    'READ_INSTANCE_VARIABLE',
    'READ_HISTORY_VARIABLE',
    'READ_TASK_VARIABLE',
    'UPDATE_HISTORY',
  ]),
  resource(7, 'TASK', 'Task', ['READ', 'UPDATE', 'CREATE', 'DELETE', 'READ_HISTORY', 'TASK_WORK', 'TASK_ASSIGN', 'UPDATE_VARIABLE', 'READ_VARIABLE']),
  resource(8, 'PROCESS_INSTANCE', 'ProcessInstance', ['READ', 'UPDATE', 'CREATE', 'DELETE', 'RETRY_JOB', 'SUSPEND', 'UPDATE_VARIABLE']),
  resource(9, 'DEPLOYMENT', 'Deployment', ['READ', 'CREATE', 'DELETE']),
  resource(10, 'DECISION_DEFINITION', 'DecisionDefinition', ['READ', 'UPDATE', 'CREATE_INSTANCE', 'READ_HISTORY', 'DELETE_HISTORY']),
  resource(11, 'TENANT', 'Tenant', CRUD),
  resource(12, 'TENANT_MEMBERSHIP', 'TenantMembership', ['CREATE', 'DELETE']),
  resource(13, 'BATCH', 'Batch', [
    'READ',
    'UPDATE',
    'CREATE',
    'DELETE',
    'READ_HISTORY',
    'DELETE_HISTORY',
    'CREATE_BATCH_MIGRATE_PROCESS_INSTANCES',
    'CREATE_BATCH_MODIFY_PROCESS_INSTANCES',
    'CREATE_BATCH_RESTART_PROCESS_INSTANCES',
    'CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES',
    'CREATE_BATCH_DELETE_FINISHED_PROCESS_INSTANCES',
    'CREATE_BATCH_DELETE_DECISION_INSTANCES',
    'CREATE_BATCH_SET_JOB_RETRIES',
    'CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES',
    'CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND',
    'CREATE_BATCH_SET_REMOVAL_TIME',
    'CREATE_BATCH_SET_VARIABLES',
    'CREATE_BATCH_CORRELATE_MESSAGE',
  ]),
  resource(14, 'DECISION_REQUIREMENTS_DEFINITION', 'DecisionRequirementsDefinition', ['READ']),
  resource(15, 'REPORT', 'Report', CRUD),
  resource(16, 'DASHBOARD', 'Dashboard', CRUD),
  // "OperationLogCatgeory" is the engine's own spelling (upstream typo), kept so 403 bodies match.
  resource(17, 'OPERATION_LOG_CATEGORY', 'OperationLogCatgeory', ['READ', 'UPDATE', 'DELETE']),
  { ...resource(18, 'OPTIMIZE', 'Optimize', ['EDIT', 'SHARE']), deprecated: true },
  resource(19, 'HISTORIC_TASK', 'HistoricTask', ['READ', 'READ_VARIABLE']),
  resource(20, 'HISTORIC_PROCESS_INSTANCE', 'HistoricProcessInstance', ['READ']),
  { ...resource(21, 'SYSTEM', 'System', ['READ', 'SET', 'DELETE']), since: '7.17' },
];

/** ALL and NONE are valid for every resource type. */
export const UNIVERSAL_PERMISSIONS = ['ALL', 'NONE'] as const;

/** The authorization types' codes, as the REST API sends them. */
export const GLOBAL = 0;
export const GRANT = 1;
export const REVOKE = 2;

export const AUTHORIZATION_TYPES = [
  { code: GLOBAL, name: 'global', meaning: 'applies to all users (userId "*")' },
  { code: GRANT, name: 'grant', meaning: 'grants permissions to one user or group' },
  { code: REVOKE, name: 'revoke', meaning: 'revokes permissions from one user or group' },
] as const;

const byCode = new Map(RESOURCE_TYPES.map((type) => [type.code, type]));
const byNormalizedName = new Map(RESOURCE_TYPES.map((type) => [normalizeName(type.name), type]));

function normalizeName(input: string): string {
  return input.trim().toLowerCase().replaceAll('_', '-');
}

export function resourceTypeByCode(code: number): ResourceType | undefined {
  return byCode.get(code);
}

/**
 * A resource type from what a user typed: `process-definition`, `PROCESS_DEFINITION` or `6`; or
 * why it is none, naming the closest valid names. For flags parseResourceType, for files (which
 * report every problem at once) this.
 */
export function lookUpResourceType(input: string): { type: ResourceType } | { problem: string } {
  const trimmed = input.trim();
  if (/^\d+$/.test(trimmed)) {
    const type = byCode.get(Number(trimmed));
    if (type) return { type };
    return { problem: `unknown resource type code ${trimmed} (valid codes are 0-${RESOURCE_TYPES.length - 1})` };
  }
  const type = byNormalizedName.get(normalizeName(trimmed));
  if (type) return { type };
  const suggestions = closest(
    normalizeName(trimmed),
    RESOURCE_TYPES.map((t) => t.name),
  );
  const hint = suggestions.length > 0 ? `did you mean ${suggestions.join(', ')}?` : 'see `camunda-admin auth resources`';
  return { problem: `unknown resource type '${input}' (${hint})` };
}

/** lookUpResourceType for a flag: a usage error naming the flag and the closest valid names. */
export function parseResourceType(input: string, flag = '--resource-type'): ResourceType {
  const found = lookUpResourceType(input);
  if ('problem' in found) throw new UsageError(`${flag}: ${found.problem}`);
  return found.type;
}

/** How a resource type is shown: `process-definition (6)`; unknown codes as `unknown (42)`. */
export function describeResourceType(code: number): string {
  return `${resourceTypeByCode(code)?.name ?? 'unknown'} (${code})`;
}

export function authorizationTypeName(code: number): string {
  return AUTHORIZATION_TYPES.find((type) => type.code === code)?.name ?? `unknown (${code})`;
}

export function parseAuthorizationType(input: string, flag = '--type'): (typeof AUTHORIZATION_TYPES)[number] {
  const normalized = input.trim().toLowerCase();
  const type = AUTHORIZATION_TYPES.find((t) => t.name === normalized || String(t.code) === normalized);
  if (type) return type;
  throw new UsageError(`${flag}: unknown authorization type '${input}' (valid: global, grant, revoke or 0, 1, 2)`);
}

/** Permission names valid for the resource type, including ALL and NONE. */
export function validPermissions(type: ResourceType): readonly string[] {
  return [...UNIVERSAL_PERMISSIONS, ...type.permissions];
}

/**
 * Checks permission names against the resource type, case-insensitively (`read_task`, `read-task`),
 * and returns them in the engine's spelling. Throws a usage error naming the closest valid names.
 */
export function parsePermissions(names: readonly string[], type: ResourceType, flag = '--permissions'): string[] {
  return names.map((raw) => {
    const found = lookUpPermission(raw, type);
    if ('problem' in found) throw new UsageError(`${flag}: ${found.problem}`);
    return found.permission;
  });
}

/** One permission name as parsePermissions reads it, or why it is not valid (for files, which report every problem at once). */
export function lookUpPermission(raw: string, type: ResourceType): { permission: string } | { problem: string } {
  const valid = validPermissions(type);
  const name = raw.trim().toUpperCase().replaceAll('-', '_');
  if (valid.includes(name)) return { permission: name };
  const suggestions = closest(name, valid);
  const hint = suggestions.length > 0 ? `did you mean ${suggestions.join(', ')}?` : `valid: ${valid.join(', ')}`;
  return { problem: `permission '${raw}' is not valid for resource type ${type.name} (${hint})` };
}
