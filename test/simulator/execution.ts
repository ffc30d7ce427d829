// Migration execution: POST /migration/execute and POST /migration/executeAsync, like
// MigrationRestServiceImpl.createMigrationPlanExecutionBuilder, MigrateProcessInstanceCmd and
// MigrateProcessInstanceBatchCmd (7.24).
//
// Order of the checks, as in the engine:
//   1. Jackson binds MigrationExecutionDto (a wrong JSON shape anywhere: 400, empty message);
//   2. the plan is created: a missing plan is a NullPointerException (500, migration-execute-no-plan.json),
//      unknown definitions a 400 InvalidRequestException, a failing validation the 400
//      MigrationPlanValidationException with its report (migration-execute-invalid-plan.json);
//   3. the processInstanceQuery is built (its 400/500s) and, with processInstanceIds, collected into a
//      java.util.HashSet: the union, de-duplicated, iterated in HashSet order (not request order);
//      empty: 400 (migration-execute-no-instances.json); a null id: 400;
//   4. execute only: per instance in that order ENGINE-23003 (not running, 500), ENGINE-23010 (tenant,
//      500), ENGINE-23002 (other definition, 500), ENGINE-23004 (MigratingProcessInstanceValidationException,
//      400, migration-execute-instance-validation.json). The first failing instance decides, and since the
//      call is one transaction nothing is migrated then.
//   executeAsync instead creates a batch (batch.ts); per-instance failures surface as failed jobs.
//
// Authorization (Basic auth on; nothing is checked without an authenticated user):
//   2. plan creation checks READ on PROCESS_DEFINITION for the source key, then the target key, once
//      both are resolved and before the plan is validated (migration.ts checkCreateMigrationPlan);
//   3. the processInstanceQuery only finds instances the user may read (runtime.ts
//      processInstanceVisibility); explicit processInstanceIds are taken as they are;
//   4. execute (MigrateProcessInstanceCmd, after the 400s of step 3): MIGRATE_INSTANCE on the source
//      AND the target key, one conjunctive check (checkMigrateProcessInstances); the migration itself
//      checks nothing more. executeAsync (MigrateProcessInstanceBatchCmd via BatchBuilder): first
//      CREATE or CREATE_BATCH_MIGRATE_PROCESS_INSTANCES on BATCH (checkCreateMigrationBatch), then the
//      same MIGRATE_INSTANCE check. The batch jobs later run without authentication.
import { ACTIVITY_TYPES, UNSUPPORTED_ACTIVITY_INSTANCE_FAILURE } from './bpmn.js';
import type { ActivityRecord } from './bpmn.js';
import { batchDto, createMigrationBatch } from './batch.js';
import { exceptionBody, invalidJsonBody, isJsonObject, json, JsonFields, noContent, readJsonBody } from './handlers.js';
import { incidentsAfterMigration } from './incident.js';
import { jobsAfterMigration } from './job-executor.js';
import type { EngineRouter, RouteContext } from './handlers.js';
import {
  bindMigrationPlanDto,
  checkCreateMigrationPlan,
  hasReports,
  migrationInstructionDto,
  migrationPlanReportDto,
  nullPointer,
  planValidationMessage,
  readMigrationPlanDto,
  resolvePlanDefinitions,
  validateMigrationPlan,
} from './migration.js';
import type { MigrationInstruction, MigrationPlan, MigrationPlanBody } from './migration.js';
import { authenticationOf, checkAuthorization, genericPermission, permissionOf } from './permissions.js';
import type { Authentication } from './permissions.js';
import { queryFromBody, runProcessInstanceQuery } from './runtime.js';
import type { ProcessInstanceQuery } from './runtime.js';
import { ResourceType } from './state.js';
import type { EngineState, ProcessDefinitionRecord, ProcessInstanceRecord } from './state.js';
import { javaHashMapOrder } from './variables.js';

/** MigrationExecutionDto as Jackson bound it. */
export interface MigrationExecutionBody {
  migrationPlan: MigrationPlanBody | null;
  processInstanceIds?: (string | null)[];
  processInstanceQuery?: ProcessInstanceQuery;
  /** Primitive booleans in the DTO: absent or null is false. */
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
}

/** Jackson's part: binds a MigrationExecutionDto (a JSON `null` body stays null). */
export function bindMigrationExecutionDto(body: unknown): { ok: true; dto: MigrationExecutionBody | null } | { ok: false; response: Response } {
  if (body === null) return { ok: true, dto: null };
  if (!isJsonObject(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body);
  const rawPlan = fields.object('migrationPlan');
  const processInstanceIds = fields.stringArray('processInstanceIds');
  const rawQuery = fields.object('processInstanceQuery');
  const skipCustomListeners = fields.boolean('skipCustomListeners') === true;
  const skipIoMappings = fields.boolean('skipIoMappings') === true;
  if (fields.failed) return { ok: false, response: invalidJsonBody() };
  let migrationPlan: MigrationPlanBody | null = null;
  if (rawPlan !== undefined) {
    const bound = bindMigrationPlanDto(rawPlan);
    if (!bound.ok) return bound;
    migrationPlan = bound.dto;
  }
  const dto: MigrationExecutionBody = { migrationPlan, processInstanceIds, skipCustomListeners, skipIoMappings };
  if (rawQuery !== undefined) {
    const query = queryFromBody(rawQuery);
    if (!query.ok) return query;
    dto.processInstanceQuery = query.query;
  }
  return { ok: true, dto };
}

/** What both endpoints agree on before they part: the validated plan and the instances, in HashSet order. */
export interface PreparedMigration {
  plan: MigrationPlan;
  processInstanceIds: string[];
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
}

function badUserRequest(message: string): Response {
  return json(exceptionBody('BadUserRequestException', message, 0), 400);
}

/** The MigrationPlanValidationException body (400): ENGINE-23001 and the plan report. */
function planValidationFailure(plan: MigrationPlan, report: ReturnType<typeof validateMigrationPlan>): Response {
  return json(
    {
      type: 'MigrationPlanValidationException',
      message: planValidationMessage(plan, report),
      code: 0,
      validationReport: migrationPlanReportDto(report),
    },
    400,
  );
}

/**
 * Steps 2 and 3 of the order above. `processInstanceIds` comes back in the order the engine iterates
 * its HashSet<String>: that order picks "the first failing instance" and fills the batch jobs. With an
 * `authentication`, plan creation checks READ on both definitions and the processInstanceQuery finds
 * only readable instances.
 */
export function prepareMigration(
  state: EngineState,
  dto: MigrationExecutionBody | null,
  authentication: Authentication | null = null,
): { ok: true; migration: PreparedMigration } | { ok: false; response: Response } {
  if (dto === null) {
    return {
      ok: false,
      response: nullPointer(
        `Cannot invoke "${state.javaClass('engine.rest.dto.migration.MigrationExecutionDto')}.getMigrationPlan()" because "migrationExecution" is null`,
      ),
    };
  }
  const read = readMigrationPlanDto(dto.migrationPlan, 'migrationPlanDto', state.flavour.javaPackage);
  if (!read.ok) return read;
  const definitions = resolvePlanDefinitions(state, read.sourceId, read.targetId);
  if (!definitions.ok) return definitions;
  const denied = checkCreateMigrationPlan(state, authentication, definitions.source, definitions.target);
  if (denied) return { ok: false, response: denied };
  const plan: MigrationPlan = { source: definitions.source, target: definitions.target, instructions: read.instructions, variables: read.variables };
  const report = validateMigrationPlan(plan);
  if (hasReports(report)) return { ok: false, response: planValidationFailure(plan, report) };

  // AbstractMigrationCmd.collectProcessInstanceIds: a HashSet of the ids, then of the query's ids.
  const collected: (string | null)[] = [...(dto.processInstanceIds ?? [])];
  if (dto.processInstanceQuery !== undefined) {
    const result = runProcessInstanceQuery(state, dto.processInstanceQuery, authentication);
    if (!result.ok) return result;
    collected.push(...result.items.map((instance) => instance.id));
  }
  const unique = [...new Set(collected)];
  if (unique.length === 0) return { ok: false, response: badUserRequest('Process instance ids cannot empty: process instance ids is empty') };
  if (unique.includes(null)) return { ok: false, response: badUserRequest('Process instance ids cannot be null: process instance ids contains null value') };
  return {
    ok: true,
    migration: {
      plan,
      processInstanceIds: javaHashMapOrder(unique as string[]),
      skipCustomListeners: dto.skipCustomListeners,
      skipIoMappings: dto.skipIoMappings,
    },
  };
}

/**
 * AbstractMigrationCmd.checkAuthorizations (MigrateProcessInstanceCmd, and MigrateProcessInstanceBatchCmd
 * as the batch's permission handler): one conjunctive check of MIGRATE_INSTANCE on PROCESS_DEFINITION
 * for the source key and for the target key. A failure lists both, the granted one too, even when the
 * keys are the same.
 */
export function checkMigrateProcessInstances(state: EngineState, authentication: Authentication | null, plan: MigrationPlan): Response | undefined {
  const migrate = genericPermission('MIGRATE_INSTANCE');
  return checkAuthorization(
    state,
    authentication,
    [plan.source, plan.target].map((definition) => ({ permission: migrate, resourceType: ResourceType.PROCESS_DEFINITION, resourceId: definition.key })),
    'conjunctive',
  );
}

/**
 * BatchBuilder.checkPermissions -> AuthorizationCommandChecker.checkCreateBatch(CREATE_BATCH_MIGRATE_PROCESS_INSTANCES):
 * CREATE or CREATE_BATCH_MIGRATE_PROCESS_INSTANCES on BATCH as a whole (resource id null), before the
 * MIGRATE_INSTANCE check; a failure lists both.
 */
export function checkCreateMigrationBatch(state: EngineState, authentication: Authentication | null): Response | undefined {
  return checkAuthorization(state, authentication, [
    { permission: genericPermission('CREATE'), resourceType: ResourceType.BATCH, resourceId: null },
    { permission: permissionOf('CREATE_BATCH_MIGRATE_PROCESS_INSTANCES', ResourceType.BATCH), resourceType: ResourceType.BATCH, resourceId: null },
  ]);
}

// ---------------------------------------------------------------------------------------------
// One process instance (MigrateProcessInstanceCmd.migrateProcessInstance)

/** A check that passed carries the change to make; a failed one the engine's answer and message. */
export type InstanceMigrationCheck = { ok: true; migrate: () => void } | { ok: false; response: Response; message: string };

const NO_INSTRUCTION_FAILURE = "There is no migration instruction for this instance's activity";

function processEngineFailure(message: string): InstanceMigrationCheck {
  return { ok: false, message, response: json(exceptionBody('ProcessEngineException', message, 0), 500) };
}

function findActivity(definition: ProcessDefinitionRecord, id: string | null): ActivityRecord | undefined {
  return id === null ? undefined : definition.activities.find((activity) => activity.id === id);
}

/**
 * The activity (or transition) instance ids of an instance, parallel to its activityIds; missing
 * ones get fresh ids (kept on the record, so they stay stable).
 */
export function activityInstanceIdsOf(state: EngineState, instance: ProcessInstanceRecord): string[] {
  const ids = [...(instance.activityInstanceIds ?? [])];
  const definition = state.findProcessDefinition(instance.definitionId);
  instance.activityIds.forEach((activityId, index) => {
    if (ids[index] !== undefined) return;
    const transition = definition !== undefined && findActivity(definition, activityId)?.async === true;
    // A transition instance is identified by its execution: the process instance itself when it is the only token.
    ids[index] = transition ? (instance.activityIds.length === 1 ? instance.id : state.nextId()) : `${activityId}:${state.nextId()}`;
  });
  instance.activityInstanceIds = ids;
  return ids;
}

interface InstanceReport {
  migrationInstruction: ReturnType<typeof migrationInstructionDto> | null;
  id: string;
  sourceScopeId: string;
  failures: string[];
}

/** MigratingProcessInstanceValidationReportImpl.writeTo, behind ENGINE-23004. */
function instanceValidationMessage(processInstanceId: string, activityReports: InstanceReport[], transitionReports: InstanceReport[]): string {
  let message = `ENGINE-23004 Cannot migrate process instance '${processInstanceId}':\n`;
  for (const report of activityReports) {
    message += `\tCannot migrate activity instance '${report.id}':\n`;
    for (const failure of report.failures) message += `\t\t${failure}\n`;
  }
  for (const report of transitionReports) {
    message += `\tCannot migrate transition instance '${report.id}':\n`;
    for (const failure of report.failures) message += `\t\t${failure}\n`;
  }
  return message;
}

/**
 * Validates one instance against a (valid) plan like MigrateProcessInstanceCmd: existence
 * (ENGINE-23003), tenant (ENGINE-23010, TenantCommandChecker.checkMigrateProcessInstance), source
 * definition (ENGINE-23002), then the activity and transition instance validators
 * (NoUnmappedLeafInstanceValidator, SupportedActivityInstanceValidator; AsyncMigrationValidator for
 * transition instances). Nothing changes until `migrate()` is called.
 */
export function checkProcessInstanceMigration(state: EngineState, plan: MigrationPlan, processInstanceId: string): InstanceMigrationCheck {
  const instance = state.findProcessInstance(processInstanceId);
  if (instance === undefined) {
    return processEngineFailure(`ENGINE-23003 Process instance '${processInstanceId}' cannot be migrated. The process instance does not exist`);
  }
  const targetTenant = plan.target.tenantId;
  if (targetTenant !== null && instance.tenantId !== targetTenant) {
    return processEngineFailure(
      instance.tenantId !== null
        ? `ENGINE-23010 Cannot migrate process instance '${instance.id}' to a process definition of a different tenant ('${instance.tenantId}' != '${targetTenant}')`
        : `ENGINE-23010 Cannot migrate process instance '${instance.id}' without tenant to a process definition with a tenant ('${targetTenant}')`,
    );
  }
  if (instance.definitionId !== plan.source.id) {
    return processEngineFailure(
      `ENGINE-23002 Process instance '${instance.id}' cannot be migrated. Its process definition '${instance.definitionId}' does not match the source process definition of the migration plan '${plan.source.id}'`,
    );
  }

  const instanceIds = activityInstanceIdsOf(state, instance);
  const activityReports: InstanceReport[] = [];
  const transitionReports: InstanceReport[] = [];
  const targets: string[] = [];
  instance.activityIds.forEach((activityId, index) => {
    const source = findActivity(plan.source, activityId);
    const instruction: MigrationInstruction | undefined = plan.instructions.find((candidate) => candidate.sourceActivityId === activityId);
    const failures: string[] = [];
    const transition = source?.async === true;
    if (instruction === undefined) failures.push(NO_INSTRUCTION_FAILURE);
    if (transition) {
      const target = instruction === undefined ? undefined : findActivity(plan.target, instruction.targetActivityId);
      if (target !== undefined && target.async !== true) failures.push('Target activity is not asyncBefore');
    } else if (source !== undefined && !ACTIVITY_TYPES[source.type].supported) {
      failures.push(UNSUPPORTED_ACTIVITY_INSTANCE_FAILURE);
    }
    if (failures.length > 0) {
      const report: InstanceReport = {
        migrationInstruction: instruction === undefined ? null : migrationInstructionDto(instruction),
        id: instanceIds[index] ?? '',
        sourceScopeId: activityId,
        failures,
      };
      (transition ? transitionReports : activityReports).push(report);
    }
    targets.push(instruction?.targetActivityId ?? activityId);
  });

  if (activityReports.length > 0 || transitionReports.length > 0) {
    const message = instanceValidationMessage(instance.id, activityReports, transitionReports);
    const body = {
      type: 'MigratingProcessInstanceValidationException',
      message,
      code: 0,
      validationReport: {
        processInstanceId: instance.id,
        failures: [] as string[],
        activityInstanceValidationReports: activityReports.map((report) => ({
          migrationInstruction: report.migrationInstruction,
          activityInstanceId: report.id,
          sourceScopeId: report.sourceScopeId,
          failures: report.failures,
        })),
        transitionInstanceValidationReports: transitionReports.map((report) => ({
          migrationInstruction: report.migrationInstruction,
          transitionInstanceId: report.id,
          sourceScopeId: report.sourceScopeId,
          failures: report.failures,
        })),
      },
    };
    return { ok: false, message, response: json(body, 400) };
  }

  return {
    ok: true,
    migrate: () => {
      // Activity instances keep their ids; plan variables are accepted but not stored.
      const sourceActivityIds = instance.activityIds;
      instance.definitionId = plan.target.id;
      instance.activityIds = targets;
      incidentsAfterMigration(state, instance, sourceActivityIds);
      jobsAfterMigration(state, instance, plan, sourceActivityIds);
    },
  };
}

/**
 * Migrates all instances or none (one transaction). Returns the failure of the first instance that
 * cannot be migrated, in the given order.
 */
export function migrateProcessInstances(
  state: EngineState,
  plan: MigrationPlan,
  processInstanceIds: readonly string[],
): { ok: true } | { ok: false; response: Response; message: string } {
  const checks: (InstanceMigrationCheck & { ok: true })[] = [];
  for (const id of processInstanceIds) {
    const check = checkProcessInstanceMigration(state, plan, id);
    if (!check.ok) return check;
    checks.push(check);
  }
  for (const check of checks) check.migrate();
  return { ok: true };
}

export function registerMigrationExecutionRoutes(router: EngineRouter, state: EngineState): void {
  const prepare = async (context: RouteContext): Promise<{ ok: true; migration: PreparedMigration } | { ok: false; response: Response }> => {
    const body = await readJsonBody(context.request);
    if (!body.ok) return body;
    const bound = bindMigrationExecutionDto(body.body);
    if (!bound.ok) return bound;
    const engineError = context.engineError();
    if (engineError) return { ok: false, response: engineError };
    return prepareMigration(state, bound.dto, authenticationOf(state, context.authenticatedUserId));
  };

  router.add(
    'post',
    '/migration/execute',
    async (context) => {
      const prepared = await prepare(context);
      if (!prepared.ok) return prepared.response;
      const denied = checkMigrateProcessInstances(state, authenticationOf(state, context.authenticatedUserId), prepared.migration.plan);
      if (denied) return denied;
      const result = migrateProcessInstances(state, prepared.migration.plan, prepared.migration.processInstanceIds);
      return result.ok ? noContent() : result.response;
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/migration/executeAsync',
    async (context) => {
      const prepared = await prepare(context);
      if (!prepared.ok) return prepared.response;
      const authentication = authenticationOf(state, context.authenticatedUserId);
      const denied = checkCreateMigrationBatch(state, authentication) ?? checkMigrateProcessInstances(state, authentication, prepared.migration.plan);
      if (denied) return denied;
      const batch = createMigrationBatch(state, { ...prepared.migration, createUserId: context.authenticatedUserId });
      return json(batchDto(batch));
    },
    { engineCheck: 'manual' },
  );
}
