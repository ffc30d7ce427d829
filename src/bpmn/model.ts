/**
 * A process definition's BPMN model as the tool needs it: its activities (every flow node, the
 * engine's activities, nested sub-processes included) and its sequence flows. Read with bpmn-moddle,
 * the BPMN 2.0 model library of bpmn.io that the Camunda Modeler is built on, with the camunda:
 * extensions of camunda-bpmn-moddle; never with regular expressions. This module and the library
 * are loaded only by the commands that read models (import() of this file).
 */
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import camundaExtensions from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };

/** An event's trigger: what kind, and what it waits for (`timeDuration PT1H`, a message name). */
interface Trigger {
  kind: string;
  detail: string | null;
}

export interface ModelActivity {
  id: string;
  name: string | null;
  /** The BPMN element, as the XML names it without prefix: userTask, boundaryEvent, subProcess... */
  type: string;
  /** Events: the first event definition (timer, message, signal...); null for a none event and everything else. */
  trigger: Trigger | null;
  /** The enclosing sub-process; null at process level. */
  parentId: string | null;
  /** Boundary events: the activity they are attached to. */
  attachedTo: string | null;
  /** Boundary events (cancelActivity) and start events of event sub-processes (isInterrupting); null elsewhere. */
  interrupting: boolean | null;
  /** A sub-process started by an event (triggeredByEvent). */
  eventSubProcess: boolean;
  multiInstance: 'parallel' | 'sequential' | null;
  asyncBefore: boolean;
  asyncAfter: boolean;
  /** Service-like tasks: how they are implemented (external, class, expression, delegateExpression, connector, decision). */
  implementation: string | null;
  /** Call activities: the process they call. */
  calledElement: string | null;
  /** Ids of the sequence flows into and out of the activity. */
  incoming: string[];
  outgoing: string[];
}

interface SequenceFlow {
  id: string;
  sourceId: string;
  targetId: string;
}

export interface ProcessModel {
  processId: string;
  name: string | null;
  /** In document order, parents before their children. */
  activities: ModelActivity[];
  flows: SequenceFlow[];
}

/** A model that cannot be read: the message says why, without the file's text. */
export class ModelError extends Error {
  override name = 'ModelError';
}

/**
 * The process `processKey` of a BPMN 2.0 document (a definition's key is its process id). A document
 * with one process is read whatever that process's id is.
 */
export async function parseProcessModel(xml: string, processKey: string): Promise<ProcessModel> {
  let root: ModdleElement;
  try {
    const result = await BpmnModdle({ camunda: camundaExtensions }).fromXML(xml);
    root = result.rootElement;
  } catch (error) {
    throw new ModelError(`not a BPMN 2.0 document: ${firstLine(error)}`);
  }
  const processes = elements(root.rootElements).filter((element) => element.$instanceOf('bpmn:Process'));
  const chosen = processes.find((process) => text(process.id) === processKey) ?? (processes.length === 1 ? processes[0] : undefined);
  if (!chosen) {
    const ids = processes.map((process) => text(process.id)).join(', ');
    throw new ModelError(`the document has no process '${processKey}'${ids ? ` (processes: ${ids})` : ''}`);
  }
  const activities: ModelActivity[] = [];
  const flows: SequenceFlow[] = [];
  collect(chosen, null, activities, flows);
  const byId = new Map(activities.map((activity) => [activity.id, activity]));
  // Flows are read from the sequence flows themselves: <incoming>/<outgoing> are optional in the XML.
  for (const flow of flows) {
    byId.get(flow.sourceId)?.outgoing.push(flow.id);
    byId.get(flow.targetId)?.incoming.push(flow.id);
  }
  return { processId: text(chosen.id) ?? processKey, name: text(chosen.name), activities, flows };
}

function collect(container: ModdleElement, parentId: string | null, activities: ModelActivity[], flows: SequenceFlow[]): void {
  for (const element of elements(container.flowElements)) {
    if (element.$instanceOf('bpmn:SequenceFlow')) {
      const id = text(element.id);
      const sourceId = text(reference(element.sourceRef)?.id);
      const targetId = text(reference(element.targetRef)?.id);
      if (id && sourceId && targetId) flows.push({ id, sourceId, targetId });
      continue;
    }
    if (!element.$instanceOf('bpmn:FlowNode')) continue;
    const activity = toActivity(element, parentId);
    if (!activity) continue;
    activities.push(activity);
    // Sub-processes, event sub-processes, transactions and ad-hoc sub-processes hold flow elements of their own.
    if (Array.isArray(element.flowElements)) collect(element, activity.id, activities, flows);
  }
}

function toActivity(element: ModdleElement, parentId: string | null): ModelActivity | undefined {
  const id = text(element.id);
  if (!id) return undefined;
  const type = element.$type.replace(/^bpmn:/, '');
  const loop = reference(element.loopCharacteristics);
  const boundary = element.$instanceOf('bpmn:BoundaryEvent');
  const eventStart = element.$instanceOf('bpmn:StartEvent') && parentId !== null;
  return {
    id,
    name: text(element.name),
    type: type.charAt(0).toLowerCase() + type.slice(1),
    trigger: triggerOf(element),
    parentId,
    attachedTo: boundary ? text(reference(element.attachedToRef)?.id) : null,
    interrupting: boundary ? element.cancelActivity !== false : eventStart ? element.isInterrupting !== false : null,
    eventSubProcess: element.$instanceOf('bpmn:SubProcess') && element.triggeredByEvent === true,
    multiInstance: loop?.$instanceOf('bpmn:MultiInstanceLoopCharacteristics') ? (loop.isSequential === true ? 'sequential' : 'parallel') : null,
    // camunda:async is the old name of camunda:asyncBefore.
    asyncBefore: element.get('camunda:asyncBefore') === true || element.get('camunda:async') === true,
    asyncAfter: element.get('camunda:asyncAfter') === true,
    implementation: implementationOf(element),
    calledElement: element.$instanceOf('bpmn:CallActivity') ? text(element.calledElement) : null,
    incoming: [],
    outgoing: [],
  };
}

const TRIGGER_KINDS: Record<string, string> = {
  'bpmn:TimerEventDefinition': 'timer',
  'bpmn:MessageEventDefinition': 'message',
  'bpmn:SignalEventDefinition': 'signal',
  'bpmn:ErrorEventDefinition': 'error',
  'bpmn:EscalationEventDefinition': 'escalation',
  'bpmn:ConditionalEventDefinition': 'conditional',
  'bpmn:CompensateEventDefinition': 'compensation',
  'bpmn:LinkEventDefinition': 'link',
  'bpmn:TerminateEventDefinition': 'terminate',
  'bpmn:CancelEventDefinition': 'cancel',
};

function triggerOf(element: ModdleElement): Trigger | null {
  const [definition] = elements(element.eventDefinitions);
  if (!definition) return null;
  const kind =
    TRIGGER_KINDS[definition.$type] ??
    definition.$type
      .replace(/^bpmn:/, '')
      .replace(/EventDefinition$/, '')
      .toLowerCase();
  return { kind, detail: triggerDetail(definition) };
}

function triggerDetail(definition: ModdleElement): string | null {
  if (definition.$instanceOf('bpmn:TimerEventDefinition')) {
    for (const field of ['timeDate', 'timeDuration', 'timeCycle']) {
      const body = expression(definition[field]);
      if (body !== null) return `${field} ${body}`;
    }
    return null;
  }
  if (definition.$instanceOf('bpmn:ConditionalEventDefinition')) return expression(definition.condition);
  const named = (ref: unknown, field: string): string | null => {
    const target = reference(ref);
    return target ? (text(target[field]) ?? text(target.name) ?? text(target.id)) : null;
  };
  if (definition.$instanceOf('bpmn:MessageEventDefinition')) return named(definition.messageRef, 'name');
  if (definition.$instanceOf('bpmn:SignalEventDefinition')) return named(definition.signalRef, 'name');
  if (definition.$instanceOf('bpmn:ErrorEventDefinition')) return named(definition.errorRef, 'errorCode');
  if (definition.$instanceOf('bpmn:EscalationEventDefinition')) return named(definition.escalationRef, 'escalationCode');
  if (definition.$instanceOf('bpmn:LinkEventDefinition')) return text(definition.name);
  return null;
}

function implementationOf(element: ModdleElement): string | null {
  if (!(element.$instanceOf('bpmn:ServiceTask') || element.$instanceOf('bpmn:SendTask') || element.$instanceOf('bpmn:BusinessRuleTask'))) return null;
  if (element.get('camunda:type') === 'external') return 'external';
  if (element.$instanceOf('bpmn:BusinessRuleTask') && text(element.get('camunda:decisionRef'))) return 'decision';
  for (const kind of ['class', 'expression', 'delegateExpression']) if (text(element.get(`camunda:${kind}`))) return kind;
  const extensions = elements(reference(element.extensionElements)?.values);
  if (extensions.some((extension) => extension.$instanceOf('camunda:Connector'))) return 'connector';
  return null;
}

function isElement(value: unknown): value is ModdleElement {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $type?: unknown }).$type === 'string' &&
    typeof (value as { $instanceOf?: unknown }).$instanceOf === 'function'
  );
}

function elements(value: unknown): ModdleElement[] {
  return Array.isArray(value) ? value.filter(isElement) : [];
}

function reference(value: unknown): ModdleElement | undefined {
  return isElement(value) ? value : undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A formal expression's body (`<timeDuration>PT1H</timeDuration>`), trimmed. */
function expression(value: unknown): string | null {
  const element = reference(value);
  const body = element ? text(element.body) : null;
  return body === null ? null : body.trim();
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
