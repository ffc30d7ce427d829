/**
 * The products an engine can switch to, and why an `org.camunda` reference breaks on each: the
 * facts the findings' words are made of (docs/switching.md).
 *
 * Operaton renamed every package `org.camunda.*` to `org.operaton.*` and maps nothing back. CIB
 * seven 2.x renamed them to `org.cibseven.*` and maps `org.camunda` names at run time only when
 * its engine configuration sets `useCibSevenNamespaceInScripting` (scripts) and
 * `useCibSevenNamespaceInReflection` (classes loaded by name, Java-serialized values); both are
 * false by default (ProcessEngineConfiguration of cibseven/cibseven).
 */
import { CIB_SEVEN, OPERATON, type Product } from '../engine/product.js';
import type { ReferenceKind } from './resource-scan.js';

export type SwitchTargetId = 'operaton' | 'cibseven';

export function targetProduct(target: SwitchTargetId): Product {
  return target === 'operaton' ? OPERATON : CIB_SEVEN;
}

/** The name the reference has on the target: `org.camunda.bpm.X` -> `org.operaton.bpm.X`. */
function renamedOnTarget(reference: string, target: SwitchTargetId): string {
  const product = target === 'operaton' ? 'operaton' : 'cibseven';
  return reference.replace(/^org([./])camunda/, `org$1${product}`);
}

const CIB_SEVEN_FLAGS = { scripting: 'useCibSevenNamespaceInScripting', reflection: 'useCibSevenNamespaceInReflection' } as const;

/** Why a reference in a deployed resource breaks on the target. */
export function resourceWhy(kind: ReferenceKind, reference: string, target: SwitchTargetId): string {
  const renamed = renamedOnTarget(reference, target);
  const own = 'unless it is a class of your own in an org.camunda package that you deploy with the application';
  if (target === 'operaton') {
    if (kind === 'class')
      return `the engine loads ${reference} by name; Operaton's classes are in org.operaton (${renamed}) and nothing maps the old name, ${own}`;
    if (kind === 'script') return `the script names ${reference}; Operaton's classes are in org.operaton (${renamed}), so the script fails when it runs`;
    return `the expression names ${reference}; Operaton's classes are in org.operaton (${renamed}), so it fails when it is evaluated`;
  }
  if (kind === 'class') {
    return `the engine loads ${reference} by name; CIB seven's classes are in org.cibseven (${renamed}) and it maps the old name only with ${CIB_SEVEN_FLAGS.reflection}=true (default false), ${own}`;
  }
  if (kind === 'script') {
    return `the script names ${reference}; CIB seven's classes are in org.cibseven (${renamed}) and it rewrites scripts only with ${CIB_SEVEN_FLAGS.scripting}=true (default false)`;
  }
  return `the expression names ${reference}; CIB seven's classes are in org.cibseven (${renamed}), which no engine flag maps in expressions`;
}

/** What the remedy's first step is, by the kind of definition: processes have instances to move, decisions callers that may bind a version, cases neither a migration. */
const REDEPLOY: Record<'process' | 'decision' | 'case', string> = {
  process:
    'rewrite the model (the OpenRewrite recipes of the forks rewrite the code), deploy it as a new version, then move the running instances with `migration sweep`',
  decision:
    'rewrite the DMN (the OpenRewrite recipes of the forks rewrite the code) and deploy it as a new version; callers that bind an older version (decisionRefBinding version, versionTag or deployment) keep calling it: point them at the new one or delete the old one',
  case: 'rewrite the CMMN and deploy it as a new version; running case instances stay on theirs (cases cannot be migrated): let them end before the switch',
};

/** What to do about a reference in a deployed resource. */
export function resourceRemedy(kind: ReferenceKind, target: SwitchTargetId, definitionType: 'process' | 'decision' | 'case'): string {
  const redeploy = REDEPLOY[definitionType];
  if (target === 'cibseven' && kind === 'class') return `${redeploy}; or set ${CIB_SEVEN_FLAGS.reflection}=true on the CIB seven engine`;
  if (target === 'cibseven' && kind === 'script') return `${redeploy}; or set ${CIB_SEVEN_FLAGS.scripting}=true on the CIB seven engine`;
  return redeploy;
}

/** Why a variable breaks on the target, and what to do. */
export function variableWhy(reason: 'object-type' | 'serialized-bytes', target: SwitchTargetId): string {
  const what =
    reason === 'object-type'
      ? 'its object type name is an org.camunda class: the engine cannot deserialize it under that name'
      : 'its Java-serialized bytes name org.camunda classes: Java deserialization looks them up by that name';
  if (target === 'operaton') return `${what}; Operaton has no such classes`;
  return `${what}; CIB seven finds them only with ${CIB_SEVEN_FLAGS.reflection}=true (default false)`;
}

export function variableRemedy(target: SwitchTargetId): string {
  const rewrite =
    'before the switch, set the variable again with a type of the application (or JSON without an org.camunda type name), or let the instances end';
  return target === 'cibseven' ? `${rewrite}; or set ${CIB_SEVEN_FLAGS.reflection}=true on the CIB seven engine` : rewrite;
}
