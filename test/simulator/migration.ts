// Migration plans: POST /migration/generate and POST /migration/validate, like
// MigrationRestServiceImpl, MigrationPlanDto.toMigrationPlan, CreateMigrationPlanCmd,
// DefaultMigrationInstructionGenerator and the default MigrationInstructionValidators (7.24).
//
// The plan model (`MigrationPlan`, `buildMigrationPlan`, `validateMigrationPlan`,
// `planValidationMessage`) is exported so execute/executeAsync can build on it: they create the plan
// the same way and turn a failing report into a MigrationPlanValidationException body.
import { ACTIVITY_TYPES, canGenerateFor, sameBehavior } from './bpmn.js';
import type { ActivityRecord } from './bpmn.js';
import { exceptionBody, invalidJsonBody, json, JsonFields, readJsonBody } from './handlers.js';
import type { EngineRouter } from './handlers.js';
import { authenticationOf, checkAuthorization, genericPermission } from './permissions.js';
import type { Authentication } from './permissions.js';
import { ResourceType } from './state.js';
import type { EngineState, ProcessDefinitionRecord } from './state.js';
import { asJavaHashMap, convertVariables, isJavaSerializationProhibited, javaSerializationProhibitedMessage, variableValueDto } from './variables.js';
import type { TypedVariable } from './variables.js';

/** MigrationInstructionImpl: one source and one target activity id (either may be null). */
export interface MigrationInstruction {
  sourceActivityId: string | null;
  targetActivityId: string | null;
  updateEventTrigger: boolean;
}

export interface MigrationPlan {
  source: ProcessDefinitionRecord;
  target: ProcessDefinitionRecord;
  instructions: MigrationInstruction[];
  /** null when the plan has no variables (`"variables": null` in the DTO). */
  variables: Map<string, TypedVariable> | null;
}

export interface MigrationPlanReport {
  instructionReports: { instruction: MigrationInstruction; failures: string[] }[];
  variableReports: { name: string; variable: TypedVariable; failures: string[] }[];
}

/** MigrationInstructionDto in engine order. */
export function migrationInstructionDto(instruction: MigrationInstruction): {
  sourceActivityIds: (string | null)[];
  targetActivityIds: (string | null)[];
  updateEventTrigger: boolean;
} {
  return {
    sourceActivityIds: [instruction.sourceActivityId],
    targetActivityIds: [instruction.targetActivityId],
    updateEventTrigger: instruction.updateEventTrigger,
  };
}

/** MigrationInstructionImpl.toString, as the engine's messages print an instruction. */
export function migrationInstructionToString(instruction: MigrationInstruction): string {
  return `MigrationInstructionImpl{sourceActivityId='${instruction.sourceActivityId}', targetActivityId='${instruction.targetActivityId}', updateEventTrigger='${instruction.updateEventTrigger}'}`;
}

// ---------------------------------------------------------------------------------------------
// Instruction validation (engine/.../impl/migration/validation/instruction/*.java)

interface ValidatingInstruction {
  source: ActivityRecord;
  target: ActivityRecord;
  updateEventTrigger: boolean;
}

class ValidatingInstructions {
  constructor(
    readonly instructions: ValidatingInstruction[],
    readonly sourceDefinition: ProcessDefinitionRecord,
    readonly targetDefinition: ProcessDefinitionRecord,
  ) {}

  bySourceScope(activityId: string): ValidatingInstruction[] {
    return this.instructions.filter((instruction) => instruction.source.id === activityId);
  }

  byTargetScope(activityId: string): ValidatingInstruction[] {
    return this.instructions.filter((instruction) => instruction.target.id === activityId);
  }

  sourceActivity(id: string | undefined): ActivityRecord | undefined {
    return id === undefined ? undefined : findActivity(this.sourceDefinition, id);
  }

  targetActivity(id: string | undefined): ActivityRecord | undefined {
    return id === undefined ? undefined : findActivity(this.targetDefinition, id);
  }

  /** ScopeImpl.isAncestorFlowScopeOf: `scopeId` encloses `activity` (strictly) in the target definition. */
  isTargetAncestor(scopeId: string, activity: ActivityRecord): boolean {
    let parent = this.targetActivity(activity.parentId);
    while (parent !== undefined) {
      if (parent.id === scopeId) return true;
      parent = this.targetActivity(parent.parentId);
    }
    return false;
  }
}

type InstructionValidator = (instruction: ValidatingInstruction, all: ValidatingInstructions) => string[];

function findActivity(definition: ProcessDefinitionRecord, id: string): ActivityRecord | undefined {
  return definition.activities.find((activity) => activity.id === id);
}

const sameBehaviorValidator: InstructionValidator = ({ source, target }) => {
  const sourceBehavior = ACTIVITY_TYPES[source.type].behavior;
  const targetBehavior = ACTIVITY_TYPES[target.type].behavior;
  return sameBehavior(sourceBehavior, targetBehavior)
    ? []
    : [`Activities have incompatible types (${sourceBehavior} is not compatible with ${targetBehavior})`];
};

/** SameEventTypeValidator: boundary events (event sub process start events are not modelled). */
const sameEventTypeValidator: InstructionValidator = ({ source, target }) => {
  const sourceType = ACTIVITY_TYPES[source.type];
  const targetType = ACTIVITY_TYPES[target.type];
  if (!sourceType.boundary || !targetType.boundary || sourceType.engineType === targetType.engineType) return [];
  return [`Events are not of the same type (${sourceType.engineType} != ${targetType.engineType})`];
};

const onlyOnceMappedValidator: InstructionValidator = ({ source }, all) => {
  const mappings = all.bySourceScope(source.id);
  if (mappings.length <= 1) return [];
  const listed = mappings
    .map((mapping) => `ValidatingMigrationInstructionImpl{sourceActivity=Activity(${mapping.source.id}), targetActivity=Activity(${mapping.target.id})}`)
    .join(', ');
  return [`There are multiple mappings for source activity id '${source.id}': ${listed}`];
};

/** GatewayMappingValidator (sequence flows are not modelled, so the incoming-flow count is not checked). */
const gatewayMappingValidator: InstructionValidator = ({ source, target }, all) => {
  if (!ACTIVITY_TYPES[target.type].waitStateGateway) return [];
  const failures: string[] = [];
  if (source.parentId !== undefined && all.bySourceScope(source.parentId).length === 0) {
    failures.push(`The gateway's flow scope '${source.parentId}' must be mapped`);
  }
  if (all.byTargetScope(target.id).length > 1) failures.push(`Only one gateway can be mapped to gateway '${target.id}'`);
  return failures;
};

/** The event scope the engine gives an activity: a boundary event's host; an intermediate catch event itself. */
function eventScopeOf(activity: ActivityRecord): string | undefined {
  if (ACTIVITY_TYPES[activity.type].boundary) return activity.attachedTo;
  return activity.type.startsWith('intermediate') ? activity.id : undefined;
}

/** SameEventScopeInstructionValidator: a boundary event's host must be mapped to the target's host. */
const sameEventScopeValidator: InstructionValidator = ({ source, target }, all) => {
  if (!ACTIVITY_TYPES[source.type].boundary || source.attachedTo === undefined) return [];
  const sourceEventScope = source.attachedTo;
  const targetEventScope = eventScopeOf(target);
  if (targetEventScope === undefined) {
    return [`The source activity's event scope (${sourceEventScope}) must be mapped but the target activity has no event scope`];
  }
  const mapped = all.bySourceScope(sourceEventScope)[0]?.target.id;
  if (mapped === undefined || mapped !== targetEventScope) {
    return [`The source activity's event scope (${sourceEventScope}) must be mapped to the target activity's event scope (${targetEventScope})`];
  }
  return [];
};

const updateEventTriggersValidator: InstructionValidator = ({ source, updateEventTrigger }) =>
  updateEventTrigger && !ACTIVITY_TYPES[source.type].persistentEventTrigger
    ? ['Cannot update event trigger because the activity does not define a persistent event trigger']
    : [];

const additionalFlowScopeValidator: InstructionValidator = ({ source, target }, all) => {
  let parent = all.sourceActivity(source.parentId);
  while (parent !== undefined && all.bySourceScope(parent.id).length === 0) parent = all.sourceActivity(parent.parentId);
  if (parent === undefined) return [];
  const ancestorInstruction = all.bySourceScope(parent.id)[0];
  if (ancestorInstruction === undefined || all.isTargetAncestor(ancestorInstruction.target.id, target)) return [];
  return [
    `The closest mapped ancestor '${ancestorInstruction.source.id}' is mapped to scope '${ancestorInstruction.target.id}' which is not an ancestor of target scope '${target.id}'`,
  ];
};

const conditionalEventUpdateEventTriggerValidator: InstructionValidator = ({ source, updateEventTrigger }) =>
  ACTIVITY_TYPES[source.type].conditional && !updateEventTrigger ? ['Conditional event has to migrate with update event trigger.'] : [];

/**
 * ProcessEngineConfigurationImpl.getDefaultMigrationInstructionValidators, in order. The three
 * multi-instance validators are left out: multi-instance activities are not modelled.
 */
const INSTRUCTION_VALIDATORS: InstructionValidator[] = [
  sameBehaviorValidator,
  sameEventTypeValidator,
  onlyOnceMappedValidator,
  gatewayMappingValidator,
  sameEventScopeValidator,
  updateEventTriggersValidator,
  additionalFlowScopeValidator,
  conditionalEventUpdateEventTriggerValidator,
];

function failuresOf(instruction: ValidatingInstruction, all: ValidatingInstructions): string[] {
  return INSTRUCTION_VALIDATORS.flatMap((validator) => validator(instruction, all));
}

/** ValidatingMigrationInstructions.filterWith: keeps the instructions without failures, in order. */
function filterValid(all: ValidatingInstructions): ValidatingInstructions {
  const valid = all.instructions.filter((instruction) => failuresOf(instruction, all).length === 0);
  return new ValidatingInstructions(valid, all.sourceDefinition, all.targetDefinition);
}

// ---------------------------------------------------------------------------------------------
// Generation (DefaultMigrationInstructionGenerator with DefaultMigrationActivityMatcher: equal ids)

/** Generated instructions for `mapEqualActivities()`, already filtered by the validators. */
export function generateInstructions(source: ProcessDefinitionRecord, target: ProcessDefinitionRecord, updateEventTriggers: boolean): MigrationInstruction[] {
  let existing = new ValidatingInstructions([], source, target);

  const generateScope = (sourceScope: string | undefined, targetScope: string | undefined): void => {
    const sourceActivities = source.activities.filter((activity) => activity.parentId === sourceScope);
    const targetActivities = target.activities.filter((activity) => activity.parentId === targetScope);
    const generated: ValidatingInstruction[] = [];
    for (const sourceActivity of sourceActivities) {
      if (existing.bySourceScope(sourceActivity.id).length > 0) continue;
      for (const targetActivity of targetActivities) {
        if (canGenerateFor(sourceActivity) && canGenerateFor(targetActivity) && sourceActivity.id === targetActivity.id) {
          const type = ACTIVITY_TYPES[sourceActivity.type];
          generated.push({
            source: sourceActivity,
            target: targetActivity,
            updateEventTrigger: type.conditional || (updateEventTriggers && type.persistentEventTrigger),
          });
        }
      }
    }
    existing = filterValid(new ValidatingInstructions([...existing.instructions, ...generated], source, target));
    for (const instruction of generated) {
      if (existing.instructions.includes(instruction)) generateScope(instruction.source.id, instruction.target.id);
    }
  };

  generateScope(undefined, undefined);
  // CreateMigrationPlanCmd.generateInstructions filters once more with every validator.
  return filterValid(existing).instructions.map((instruction) => ({
    sourceActivityId: instruction.source.id,
    targetActivityId: instruction.target.id,
    updateEventTrigger: instruction.updateEventTrigger,
  }));
}

// ---------------------------------------------------------------------------------------------
// Plan creation and validation (CreateMigrationPlanCmd)

/**
 * CreateMigrationPlanCmd.getProcessDefinition for source then target: a null id is a
 * BadUserRequestException, an unknown one ENGINE-23008. The REST layer turns both into a 400
 * InvalidRequestException (code 0: the cause is a ProcessEngineException).
 */
export function resolvePlanDefinitions(
  state: EngineState,
  sourceId: string | undefined,
  targetId: string | undefined,
): { ok: true; source: ProcessDefinitionRecord; target: ProcessDefinitionRecord } | { ok: false; response: Response } {
  const resolve = (id: string | undefined, kind: 'Source' | 'Target'): ProcessDefinitionRecord | Response => {
    if (id === undefined) return json(exceptionBody('InvalidRequestException', `${kind} process definition id is null`, 0), 400);
    const definition = state.findProcessDefinition(id);
    if (definition === undefined) {
      return json(exceptionBody('InvalidRequestException', `ENGINE-23008 ${kind} process definition with id '${id}' does not exist`, 0), 400);
    }
    return definition;
  };
  const source = resolve(sourceId, 'Source');
  if (source instanceof Response) return { ok: false, response: source };
  const target = resolve(targetId, 'Target');
  if (target instanceof Response) return { ok: false, response: target };
  return { ok: true, source, target };
}

/**
 * CreateMigrationPlanCmd.checkAuthorization, right after both definitions are resolved and before any
 * instruction is generated or validated (AuthorizationCommandChecker.checkCreateMigrationPlan):
 * checkReadProcessDefinition for the source, then for the target, each a single check of READ on
 * PROCESS_DEFINITION with the definition's key, so the 403 names one permission
 * (auth-denied-migration-execute-async.json). Every migration endpoint builds its plan this way.
 */
export function checkCreateMigrationPlan(
  state: EngineState,
  authentication: Authentication | null,
  source: ProcessDefinitionRecord,
  target: ProcessDefinitionRecord,
): Response | undefined {
  const read = genericPermission('READ');
  for (const definition of [source, target]) {
    const denied = checkAuthorization(state, authentication, [{ permission: read, resourceType: ResourceType.PROCESS_DEFINITION, resourceId: definition.key }]);
    if (denied) return denied;
  }
  return undefined;
}

/** CreateMigrationPlanCmd.validateMigration: variable reports, then the instruction reports. */
export function validateMigrationPlan(plan: MigrationPlan): MigrationPlanReport {
  const report: MigrationPlanReport = { instructionReports: [], variableReports: [] };
  for (const [name, variable] of plan.variables ?? []) {
    if (isJavaSerializationProhibited(variable)) report.variableReports.push({ name, variable, failures: [javaSerializationProhibitedMessage(name)] });
  }

  // wrapMigrationInstructions: missing activities are reported first, in plan order.
  const wrapped: { instruction: MigrationInstruction; validating: ValidatingInstruction }[] = [];
  for (const instruction of plan.instructions) {
    const failures: string[] = [];
    const { sourceActivityId, targetActivityId } = instruction;
    if (sourceActivityId !== null && targetActivityId !== null) {
      const source = findActivity(plan.source, sourceActivityId);
      const target = findActivity(plan.target, targetActivityId);
      if (source !== undefined && target !== undefined) {
        wrapped.push({ instruction, validating: { source, target, updateEventTrigger: instruction.updateEventTrigger } });
      } else {
        if (source === undefined) failures.push(`Source activity '${sourceActivityId}' does not exist`);
        if (target === undefined) failures.push(`Target activity '${targetActivityId}' does not exist`);
      }
    } else {
      if (sourceActivityId === null) failures.push('Source activity id is null');
      if (targetActivityId === null) failures.push('Target activity id is null');
    }
    if (failures.length > 0) report.instructionReports.push({ instruction, failures });
  }

  const all = new ValidatingInstructions(
    wrapped.map((entry) => entry.validating),
    plan.source,
    plan.target,
  );
  for (const { instruction, validating } of wrapped) {
    const failures = failuresOf(validating, all);
    if (failures.length > 0) report.instructionReports.push({ instruction, failures });
  }
  return report;
}

export function hasReports(report: MigrationPlanReport): boolean {
  return report.instructionReports.length > 0 || report.variableReports.length > 0;
}

/** MigrationLogger.failingMigrationPlanValidation: ENGINE-23001 and MigrationPlanValidationReportImpl.writeTo. */
export function planValidationMessage(plan: MigrationPlan, report: MigrationPlanReport): string {
  let message = `ENGINE-23001 Migration plan for process definition '${plan.source.id}' to '${plan.target.id}' is not valid:\n`;
  for (const { instruction, failures } of report.instructionReports) {
    message += `\t Migration instruction ${migrationInstructionToString(instruction)} is not valid:\n`;
    for (const failure of failures) message += `\t\t${failure}\n`;
  }
  // variableReports is a HashMap in the engine.
  const byName = new Map(report.variableReports.map((entry) => [entry.name, entry]));
  for (const entry of Object.values(asJavaHashMap(byName))) {
    message += `\t Migration variable ${entry.name} is not valid:\n`;
    for (const failure of entry.failures) message += `\t\t${failure}\n`;
  }
  return message;
}

/** MigrationPlanReportDto (the 200 body of /migration/validate and the validationReport of execute). */
export function migrationPlanReportDto(report: MigrationPlanReport): { instructionReports: unknown[]; variableReports: Record<string, unknown> } {
  return {
    instructionReports: report.instructionReports.map(({ instruction, failures }) => ({
      instruction: migrationInstructionDto(instruction),
      failures: [...failures],
    })),
    variableReports: asJavaHashMap(
      report.variableReports.map(({ name, variable, failures }) => [name, { ...variableValueDto(variable), failures: [...failures] }]),
    ),
  };
}

/** MigrationPlanDto in engine order. */
export function migrationPlanDto(plan: MigrationPlan): Record<string, unknown> {
  return {
    sourceProcessDefinitionId: plan.source.id,
    targetProcessDefinitionId: plan.target.id,
    instructions: plan.instructions.map(migrationInstructionDto),
    variables: plan.variables === null ? null : asJavaHashMap([...plan.variables].map(([name, variable]) => [name, variableValueDto(variable)])),
  };
}

/** A NullPointerException the REST layer lets through: 500, `code` null (the cause is no ProcessEngineException). */
export function nullPointer(message: string): Response {
  return json(exceptionBody('NullPointerException', message), 500);
}

interface RawInstruction {
  sourceActivityIds: (string | null)[] | undefined;
  targetActivityIds: (string | null)[] | undefined;
  updateEventTrigger: boolean | undefined;
}

/** A MigrationPlanDto as Jackson bound it (null for a JSON `null` body). */
export interface MigrationPlanBody {
  sourceId?: string;
  targetId?: string;
  instructions?: (RawInstruction | null)[];
  variables?: Record<string, unknown>;
}

/**
 * Jackson's part: binds a MigrationPlanDto (a JSON `null` stays null). A value of the wrong JSON
 * shape is a 400 with an empty message; unknown properties are ignored.
 */
export function bindMigrationPlanDto(body: unknown): { ok: true; dto: MigrationPlanBody | null } | { ok: false; response: Response } {
  if (body === null) return { ok: true, dto: null };
  if (typeof body !== 'object' || Array.isArray(body)) return { ok: false, response: invalidJsonBody() };
  const fields = new JsonFields(body as Record<string, unknown>);
  const dto: MigrationPlanBody = {
    sourceId: fields.string('sourceProcessDefinitionId'),
    targetId: fields.string('targetProcessDefinitionId'),
    variables: fields.object('variables'),
  };
  dto.instructions = fields.objectArray('instructions')?.map((raw) => {
    if (raw === null) return null;
    const reader = new JsonFields(raw);
    const instruction: RawInstruction = {
      sourceActivityIds: reader.stringArray('sourceActivityIds'),
      targetActivityIds: reader.stringArray('targetActivityIds'),
      updateEventTrigger: reader.boolean('updateEventTrigger'),
    };
    if (reader.failed) fields.failed = true;
    return instruction;
  });
  if (fields.failed) return { ok: false, response: invalidJsonBody() };
  return { ok: true, dto };
}

/**
 * MigrationPlanDto.toMigrationPlan up to `build()`: a null DTO is dereferenced (500), the variables
 * are converted (their 400s), and the instruction DTOs are read: only element [0] of each id list; a
 * missing list is a NullPointerException, an empty one an IndexOutOfBoundsException (both 500).
 * `localName` is the variable the NullPointerException message names. The order variables before
 * instructions is inferred.
 */
export function readMigrationPlanDto(
  dto: MigrationPlanBody | null,
  localName: string,
  javaPackage: string,
):
  | { ok: true; sourceId?: string; targetId?: string; instructions: MigrationInstruction[]; variables: Map<string, TypedVariable> | null }
  | { ok: false; response: Response } {
  if (dto === null) {
    return {
      ok: false,
      response: nullPointer(
        `Cannot invoke "${javaPackage}.engine.rest.dto.migration.MigrationPlanDto.getSourceProcessDefinitionId()" because "${localName}" is null`,
      ),
    };
  }
  let variables: Map<string, TypedVariable> | null = null;
  if (dto.variables !== undefined) {
    const converted = convertVariables(dto.variables, javaPackage);
    if (converted === undefined) return { ok: false, response: invalidJsonBody() };
    if (!converted.ok) return converted;
    variables = converted.variables;
  }

  const instructions: MigrationInstruction[] = [];
  for (const read of dto.instructions ?? []) {
    if (read === null) {
      return {
        ok: false,
        response: nullPointer(
          `Cannot invoke "${javaPackage}.engine.rest.dto.migration.MigrationInstructionDto.getSourceActivityIds()" because "migrationInstructionDto" is null`,
        ),
      };
    }
    const first = (ids: (string | null)[] | undefined, getter: string): { id: string | null } | Response => {
      if (ids === undefined) {
        return nullPointer(
          `Cannot invoke "java.util.List.get(int)" because the return value of "${javaPackage}.engine.rest.dto.migration.MigrationInstructionDto.${getter}()" is null`,
        );
      }
      if (ids.length === 0) return json(exceptionBody('IndexOutOfBoundsException', 'Index 0 out of bounds for length 0'), 500);
      return { id: ids[0] ?? null };
    };
    const source = first(read.sourceActivityIds, 'getSourceActivityIds');
    if (source instanceof Response) return { ok: false, response: source };
    const target = first(read.targetActivityIds, 'getTargetActivityIds');
    if (target instanceof Response) return { ok: false, response: target };
    instructions.push({ sourceActivityId: source.id, targetActivityId: target.id, updateEventTrigger: read.updateEventTrigger === true });
  }
  return { ok: true, sourceId: dto.sourceId, targetId: dto.targetId, instructions, variables };
}

export function registerMigrationRoutes(router: EngineRouter, state: EngineState): void {
  router.add(
    'post',
    '/migration/generate',
    async (context) => {
      const body = await readJsonBody(context.request);
      if (!body.ok) return body.response;
      if (body.body !== null && (typeof body.body !== 'object' || Array.isArray(body.body))) return invalidJsonBody();
      // MigrationPlanGenerationDto: `instructions` is no property of it and is ignored.
      const fields = new JsonFields((body.body ?? {}) as Record<string, unknown>);
      const sourceId = fields.string('sourceProcessDefinitionId');
      const targetId = fields.string('targetProcessDefinitionId');
      const updateEventTriggers = fields.boolean('updateEventTriggers') === true;
      const rawVariables = fields.object('variables');
      if (fields.failed) return invalidJsonBody();
      const engineError = context.engineError();
      if (engineError) return engineError;
      if (body.body === null) {
        return nullPointer(
          `Cannot invoke "${state.javaClass('engine.rest.dto.migration.MigrationPlanGenerationDto')}.getSourceProcessDefinitionId()" because "generationDto" is null`,
        );
      }

      let variables: Map<string, TypedVariable> | null = null;
      if (rawVariables !== undefined) {
        const converted = convertVariables(rawVariables, state.flavour.javaPackage);
        if (converted === undefined) return invalidJsonBody();
        if (!converted.ok) return converted.response;
        variables = converted.variables;
      }
      const definitions = resolvePlanDefinitions(state, sourceId, targetId);
      if (!definitions.ok) return definitions.response;
      const denied = checkCreateMigrationPlan(state, authenticationOf(state, context.authenticatedUserId), definitions.source, definitions.target);
      if (denied) return denied;
      const plan: MigrationPlan = {
        source: definitions.source,
        target: definitions.target,
        instructions: generateInstructions(definitions.source, definitions.target, updateEventTriggers),
        variables,
      };
      const report = validateMigrationPlan(plan);
      if (hasReports(report)) {
        // MigrationPlanValidationException is a BadUserRequestException: generate keeps only its message.
        return json(exceptionBody('InvalidRequestException', planValidationMessage(plan, report), 0), 400);
      }
      return json(migrationPlanDto(plan));
    },
    { engineCheck: 'manual' },
  );

  router.add(
    'post',
    '/migration/validate',
    async (context) => {
      const body = await readJsonBody(context.request);
      if (!body.ok) return body.response;
      // Shape errors come from Jackson, before the resource method looks the engine up.
      const bound = bindMigrationPlanDto(body.body);
      if (!bound.ok) return bound.response;
      const engineError = context.engineError();
      if (engineError) return engineError;
      const dto = readMigrationPlanDto(bound.dto, 'migrationPlanDto', state.flavour.javaPackage);
      if (!dto.ok) return dto.response;
      const definitions = resolvePlanDefinitions(state, dto.sourceId, dto.targetId);
      if (!definitions.ok) return definitions.response;
      // Only a MigrationPlanValidationException becomes the report; the AuthorizationException stays a 403.
      const denied = checkCreateMigrationPlan(state, authenticationOf(state, context.authenticatedUserId), definitions.source, definitions.target);
      if (denied) return denied;
      const plan: MigrationPlan = { source: definitions.source, target: definitions.target, instructions: dto.instructions, variables: dto.variables };
      // 200 either way: an empty report means the plan is valid.
      return json(migrationPlanReportDto(validateMigrationPlan(plan)));
    },
    { engineCheck: 'manual' },
  );
}
