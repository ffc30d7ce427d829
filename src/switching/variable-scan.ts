/**
 * Runtime variables, read serialized (`deserializeValues=false`: deserializing may itself fail
 * after the switch), checked for `org.camunda` class names: an Object variable's type name, and
 * the bytes of a Java-serialized value (base64 in the answer), where class descriptors spell
 * `org.camunda.x.Y` and field signatures `Lorg/camunda/x/Y;`. Counted by definition, variable
 * name and reason; memory grows with the distinct groups, not with the variables.
 */
import type { VariableInstance } from '../engine/variable-instances.js';
import { STILL_SHIPPED } from './resource-scan.js';

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
/**
 * An org.camunda name, dotted (a type name) or slashed (a field signature in serialized bytes,
 * `Lorg/camunda/x/Y;`: an L may come before it, no other letter, digit or dot: `com.myorg.camunda` is none).
 */
const NAMED = /(?<![A-KM-Za-z0-9_$.])org[./]camunda(?![\w$])(?:[./$][A-Za-z_$][\w$]*)*/g;

/** The first org.camunda name in a text that the forks do not still ship, dotted; undefined when none. */
function firstCamundaName(text: string): string | undefined {
  for (const match of text.matchAll(NAMED)) if (!STILL_SHIPPED.test(match[0])) return match[0].replace(/\//g, '.');
  return undefined;
}

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

/**
 * Why this variable names an org.camunda class, or undefined when it does not: anywhere in its type
 * name (`java.util.ArrayList<org.camunda.x.Y>`, as Spin names a list of objects; `[Lorg.camunda.x.Y;`),
 * or in its Java-serialized bytes.
 */
export function camundaNameOf(variable: VariableInstance): { reason: VariableReason; reference: string } | undefined {
  const info = variable.valueInfo ?? {};
  const typeName = info['objectTypeName'];
  const inType = typeof typeName === 'string' ? firstCamundaName(typeName) : undefined;
  if (inType !== undefined) return { reason: 'object-type', reference: inType };
  if (info['serializationDataFormat'] === JAVA_SERIALIZED && typeof variable.value === 'string') {
    const inBytes = firstCamundaName(Buffer.from(variable.value, 'base64').toString('latin1'));
    if (inBytes !== undefined) return { reason: 'serialized-bytes', reference: inBytes };
  }
  return undefined;
}
