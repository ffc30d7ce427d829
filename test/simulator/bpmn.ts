// What the simulator knows about BPMN activity types: the engine's ActivityBehavior class (named in
// migration failure messages), the engine's activity type string (BpmnProperties.TYPE, named in
// "Events are not of the same type (...)"), and the properties the migration validators and the
// instruction generator look at. Read from camunda-bpm-platform, engine/src/main/java/org/camunda/bpm/
// engine/impl/migration/validation/{activity,instruction}/ and impl/bpmn/behavior/.

/** The BPMN element an activity is, as the seed data names it. */
export type ActivityType =
  | 'startEvent'
  | 'messageStartEvent'
  | 'timerStartEvent'
  | 'userTask'
  | 'serviceTask'
  | 'externalTask'
  | 'scriptTask'
  | 'businessRuleTask'
  | 'receiveTask'
  | 'manualTask'
  | 'task'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'inclusiveGateway'
  | 'eventBasedGateway'
  | 'subProcess'
  | 'callActivity'
  | 'boundaryTimerEvent'
  | 'boundaryMessageEvent'
  | 'boundarySignalEvent'
  | 'boundaryErrorEvent'
  | 'boundaryConditionalEvent'
  | 'intermediateTimerCatchEvent'
  | 'intermediateMessageCatchEvent'
  | 'intermediateSignalCatchEvent'
  | 'intermediateConditionalCatchEvent'
  | 'endEvent'
  | 'terminateEndEvent'
  | 'errorEndEvent';

export interface ActivityTypeInfo {
  /** Simple name of the engine's ActivityBehavior class. */
  behavior: string;
  /** The engine's activity type string (org.camunda.bpm.engine.ActivityTypes). */
  engineType: string;
  /** In SupportedActivityValidator.SUPPORTED_ACTIVITY_BEHAVIORS (activity instances can be migrated). */
  supported: boolean;
  /** The behavior is (a subclass of) BoundaryEventActivityBehavior. */
  boundary: boolean;
  /** Defines a timer declaration or event subscription (UpdateEventTriggersValidator.definesPersistentEventTrigger). */
  persistentEventTrigger: boolean;
  /** The behavior implements ConditionalEventBehavior (generated instructions always update the trigger). */
  conditional: boolean;
  /** ParallelGateway/InclusiveGateway: GatewayMappingValidator applies. */
  waitStateGateway: boolean;
}

function info(behavior: string, engineType: string, flags: Partial<Omit<ActivityTypeInfo, 'behavior' | 'engineType'>> = {}): ActivityTypeInfo {
  return {
    behavior,
    engineType,
    supported: false,
    boundary: false,
    persistentEventTrigger: false,
    conditional: false,
    waitStateGateway: false,
    ...flags,
  };
}

export const ACTIVITY_TYPES: Record<ActivityType, ActivityTypeInfo> = {
  startEvent: info('NoneStartEventActivityBehavior', 'startEvent'),
  messageStartEvent: info('NoneStartEventActivityBehavior', 'messageStartEvent'),
  timerStartEvent: info('NoneStartEventActivityBehavior', 'startTimerEvent'),
  userTask: info('UserTaskActivityBehavior', 'userTask', { supported: true }),
  // camunda:class; camunda:expression and camunda:delegateExpression have their own behaviors.
  serviceTask: info('ClassDelegateActivityBehavior', 'serviceTask'),
  externalTask: info('ExternalTaskActivityBehavior', 'serviceTask', { supported: true }),
  scriptTask: info('ScriptTaskActivityBehavior', 'scriptTask'),
  businessRuleTask: info('DmnBusinessRuleTaskActivityBehavior', 'businessRuleTask'),
  receiveTask: info('ReceiveTaskActivityBehavior', 'receiveTask', { supported: true }),
  manualTask: info('ManualTaskActivityBehavior', 'manualTask'),
  task: info('TaskActivityBehavior', 'task'),
  exclusiveGateway: info('ExclusiveGatewayActivityBehavior', 'exclusiveGateway'),
  parallelGateway: info('ParallelGatewayActivityBehavior', 'parallelGateway', { supported: true, waitStateGateway: true }),
  inclusiveGateway: info('InclusiveGatewayActivityBehavior', 'inclusiveGateway', { supported: true, waitStateGateway: true }),
  eventBasedGateway: info('EventBasedGatewayActivityBehavior', 'eventBasedGateway', { supported: true }),
  subProcess: info('SubProcessActivityBehavior', 'subProcess', { supported: true }),
  callActivity: info('CallActivityBehavior', 'callActivity', { supported: true }),
  boundaryTimerEvent: info('BoundaryEventActivityBehavior', 'boundaryTimer', { supported: true, boundary: true, persistentEventTrigger: true }),
  boundaryMessageEvent: info('BoundaryEventActivityBehavior', 'boundaryMessage', { supported: true, boundary: true, persistentEventTrigger: true }),
  boundarySignalEvent: info('BoundaryEventActivityBehavior', 'boundarySignal', { supported: true, boundary: true, persistentEventTrigger: true }),
  // Supported behavior, but SupportedPassiveEventTriggerActivityValidator rejects the error type.
  boundaryErrorEvent: info('BoundaryEventActivityBehavior', 'boundaryError', { supported: true, boundary: true }),
  boundaryConditionalEvent: info('BoundaryConditionalEventActivityBehavior', 'boundaryConditional', {
    supported: true,
    boundary: true,
    persistentEventTrigger: true,
    conditional: true,
  }),
  intermediateTimerCatchEvent: info('IntermediateCatchEventActivityBehavior', 'intermediateTimer', { supported: true, persistentEventTrigger: true }),
  intermediateMessageCatchEvent: info('IntermediateCatchEventActivityBehavior', 'intermediateMessageCatch', { supported: true, persistentEventTrigger: true }),
  intermediateSignalCatchEvent: info('IntermediateCatchEventActivityBehavior', 'intermediateSignalCatch', { supported: true, persistentEventTrigger: true }),
  intermediateConditionalCatchEvent: info('IntermediateConditionalEventBehavior', 'intermediateConditional', {
    supported: true,
    persistentEventTrigger: true,
    conditional: true,
  }),
  endEvent: info('NoneEndEventActivityBehavior', 'noneEndEvent'),
  terminateEndEvent: info('TerminateEndEventActivityBehavior', 'terminateEndEvent'),
  errorEndEvent: info('ErrorEndEventActivityBehavior', 'errorEndEvent'),
};

/**
 * SupportedActivityInstanceValidator's failure for an activity instance of an unsupported type. Plan
 * validation never reports it (SupportedActivityValidator only guards generation and instance
 * validation); kept here for the execute endpoints.
 */
export const UNSUPPORTED_ACTIVITY_INSTANCE_FAILURE = 'The type of the source activity is not supported for activity instance migration';

/** SupportedPassiveEventTriggerActivityValidator.supportedTypes, for boundary events. */
const SUPPORTED_PASSIVE_TRIGGERS = new Set(['boundaryMessage', 'boundarySignal', 'boundaryTimer', 'compensationBoundaryCatch', 'boundaryConditional']);

/** SameBehaviorInstructionValidator.EQUIVALENT_BEHAVIORS. */
const EQUIVALENT_BEHAVIORS: string[][] = [
  ['CallActivityBehavior', 'CaseCallActivityBehavior'],
  ['SubProcessActivityBehavior', 'EventSubProcessActivityBehavior'],
];

export function sameBehavior(source: string, target: string): boolean {
  if (source === target) return true;
  return EQUIVALENT_BEHAVIORS.some((group) => group.includes(source) && group.includes(target));
}

/**
 * An activity of a deployed process definition, in document order. `parentId` is the flow scope
 * (an enclosing sub process; absent at process level), `attachedTo` the activity a boundary event is
 * attached to (its event scope), `async` asyncBefore/asyncAfter (such activities migrate as
 * transition instances whatever their type).
 */
export interface ActivityRecord {
  id: string;
  type: ActivityType;
  parentId?: string;
  attachedTo?: string;
  async?: boolean;
  /**
   * A timer event (boundaryTimerEvent, intermediateTimerCatchEvent): its job is due this long after it
   * was created (`PT0S`: 0). Only timers with this set get a job (job-executor.ts).
   */
  timerDueMs?: number;
  /**
   * A timer's: the activity the instance goes to when it fires (an interrupting boundary timer leaves
   * the task it is attached to); an `async` or `externalTask` activity's: where the instance goes when
   * its retried job or its external task is done (job-executor.ts leaveActivity; absent: that path ends).
   */
  next?: string;
  /**
   * An `async` activity whose job fails with this message whenever the job executor runs it
   * (job-executor.ts); an `externalTask` activity whose worker reports this failure (external-task.ts).
   */
  fails?: string;
}

/**
 * The generator's activity check (MigrationActivityValidators: SupportedActivityValidator,
 * SupportedPassiveEventTriggerActivityValidator; no compensation handlers are modelled).
 */
export function canGenerateFor(activity: ActivityRecord): boolean {
  const type = ACTIVITY_TYPES[activity.type];
  if (!(type.supported || activity.async === true)) return false;
  return !type.boundary || SUPPORTED_PASSIVE_TRIGGERS.has(type.engineType);
}
