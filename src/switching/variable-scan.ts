/**
 * Runtime variables, read serialized (`deserializeValues=false`: deserializing may itself fail
 * after the switch), checked for `org.camunda` class names: an Object variable's type name, and
 * the bytes of a Java-serialized value (base64 in the answer), where class descriptors spell
 * `org.camunda.x.Y` and field signatures `Lorg/camunda/x/Y;`. Counted by definition, variable
 * name and reason; memory grows with the distinct groups, not with the variables.
 */
import type { VariableInstance } from '../engine/variable-instances.js';

export type VariableReason = 'object-type' | 'serialized-bytes';

export interface VariableGroup {
  processDefinitionId: string | null;
  variableName: string;
  reason: VariableReason;
  /** The type name, or the first org.camunda name found in the bytes. */
  reference: string;
  count: number;
  /** One variable instance of the group, to look at, and its process instance. */
  exampleId: string;
  exampleProcessInstanceId: string | null;
}

const JAVA_SERIALIZED = 'application/x-java-serialized-object';
const NAMED = /org[./]camunda(?:[./$][A-Za-z_$][\w$]*)*/;

export class VariableTally {
  private readonly groups = new Map<string, VariableGroup>();
  scanned = 0;

  add(variable: VariableInstance): void {
    this.scanned++;
    const found = camundaNameOf(variable);
    if (found === undefined) return;
    const definitionId = typeof variable['processDefinitionId'] === 'string' ? variable['processDefinitionId'] : null;
    const key = JSON.stringify([definitionId, variable.name, found.reason]);
    const group = this.groups.get(key);
    if (group) group.count++;
    else {
      const instanceId = typeof variable['processInstanceId'] === 'string' ? variable['processInstanceId'] : null;
      this.groups.set(key, {
        processDefinitionId: definitionId,
        variableName: variable.name,
        ...found,
        count: 1,
        exampleId: variable.id,
        exampleProcessInstanceId: instanceId,
      });
    }
  }

  /** The groups, by definition, then name. */
  result(): VariableGroup[] {
    return [...this.groups.values()].sort(
      (a, b) => (a.processDefinitionId ?? '').localeCompare(b.processDefinitionId ?? '') || a.variableName.localeCompare(b.variableName),
    );
  }
}

/** Why this variable names an org.camunda class, or undefined when it does not. */
export function camundaNameOf(variable: VariableInstance): { reason: VariableReason; reference: string } | undefined {
  const info = variable.valueInfo ?? {};
  const typeName = info['objectTypeName'];
  if (typeof typeName === 'string' && /^org\.camunda\./.test(typeName) && !/^org\.camunda\.feel\./.test(typeName)) {
    return { reason: 'object-type', reference: typeName };
  }
  if (info['serializationDataFormat'] === JAVA_SERIALIZED && typeof variable.value === 'string') {
    const bytes = Buffer.from(variable.value, 'base64').toString('latin1');
    const match = NAMED.exec(bytes);
    if (match) return { reason: 'serialized-bytes', reference: match[0].replace(/\//g, '.') };
  }
  return undefined;
}
