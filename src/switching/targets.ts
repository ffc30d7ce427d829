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

/**
 * The packages Camunda 7 ships, which the forks renamed (the 3rd and 4th segments of their main
 * sources' packages, read in operaton/operaton and cibseven/cibseven). A name elsewhere under
 * org.camunda (`org.camunda.bpm.example…`, a community extension) is no class of the engine's.
 */
const SHIPPED_PACKAGES =
  /^org[./]camunda[./](?:bpm[./](?:engine|model|dmn|spring|container|client|webapp|application|cockpit|run|identity|admin|welcome|tasklist)|spin|connect|commons|templateengines)(?:[./$]|$)/;

/** The name a class of Camunda's has on the target (`org.operaton.bpm.engine.X`), or undefined for a name Camunda does not ship. */
function renamedOnTarget(reference: string, target: SwitchTargetId): string | undefined {
  if (!SHIPPED_PACKAGES.test(reference)) return undefined;
  return reference.replace(/^org([./])camunda/, `org$1${target}`);
}

const CIB_SEVEN_FLAGS = { scripting: 'useCibSevenNamespaceInScripting', reflection: 'useCibSevenNamespaceInReflection' } as const;

/** Why a reference in a deployed resource breaks on the target. */
export function resourceWhy(kind: ReferenceKind, reference: string, target: SwitchTargetId): string {
  const renamed = renamedOnTarget(reference, target);
  const product = targetProduct(target).name;
  const moved =
    renamed === undefined
      ? `${product} renamed Camunda's org.camunda packages to org.${target}`
      : `${product} renamed Camunda's packages to org.${target} (${renamed})`;
  // A name in no package Camunda ships is the application's own: it still loads if the application keeps providing it.
  const own = renamed === undefined ? ", unless it is a class of the application's own (in no package Camunda ships) that the application still provides" : '';
  if (target === 'operaton') {
    if (kind === 'class') return `the engine loads ${reference} by name; ${moved} and nothing maps the old name${own}`;
    if (kind === 'script') return `the script names ${reference}; ${moved}, so the script fails when it runs${own}`;
    return `the expression names ${reference}; ${moved}, so it fails when it is evaluated${own}`;
  }
  if (kind === 'class')
    return `the engine loads ${reference} by name; ${moved} and maps the old name only with ${CIB_SEVEN_FLAGS.reflection}=true (default false)${own}`;
  if (kind === 'script')
    return `the script names ${reference}; ${moved} and rewrites scripts only with ${CIB_SEVEN_FLAGS.scripting}=true (default false)${own}`;
  return `the expression names ${reference}; ${moved}, which no engine flag maps in expressions${own}`;
}

/** The first step of the remedy, by the kind of definition: processes have instances to move, decisions callers that may bind a version, cases no migration. */
const REDEPLOY: Record<'process' | 'decision' | 'case', { what: string; then: string }> = {
  process: { what: 'the model', then: ', then move the running instances with `migration sweep`' },
  decision: {
    what: 'the DMN',
    then: '; callers that bind an older version (decisionRefBinding version, versionTag or deployment) keep calling it: point them at the new one or delete the old one',
  },
  case: { what: 'the CMMN', then: '; running case instances stay on theirs (cases cannot be migrated): complete and close them before the switch' },
};

/** An external script's finding: the script and the model that runs it, deployed together. */
export interface ScriptOfModel {
  script: string;
  model: string | null;
}

/** What to do about a reference in a deployed resource (or in an external script the model runs from its deployment). */
export function resourceRemedy(kind: ReferenceKind, target: SwitchTargetId, definitionType: 'process' | 'decision' | 'case', external?: ScriptOfModel): string {
  const { what, then } = REDEPLOY[definitionType];
  const rewrite =
    external === undefined
      ? `rewrite ${what} (the OpenRewrite recipes of the forks rewrite the code) and deploy it as a new version${then}`
      : `rewrite ${external.script} and deploy it again together with ${external.model ?? what} as a new version (deployment:// finds a script only in the model's own deployment)${then}`;
  if (target === 'cibseven' && kind === 'class') return `${rewrite}; or set ${CIB_SEVEN_FLAGS.reflection}=true on the CIB seven engine`;
  if (target === 'cibseven' && kind === 'script') return `${rewrite}; or set ${CIB_SEVEN_FLAGS.scripting}=true on the CIB seven engine`;
  return rewrite;
}

/** Why a variable breaks on the target, and what to do. */
export function variableWhy(reason: 'object-type' | 'serialized-bytes', target: SwitchTargetId): string {
  const what =
    reason === 'object-type'
      ? 'its object type name is an org.camunda class: the engine cannot deserialize it under that name'
      : 'its Java-serialized bytes name org.camunda classes: Java deserialization looks them up by that name';
  if (target === 'operaton') return `${what}; Operaton has no classes under org.camunda`;
  return `${what}; CIB seven loads org.camunda classes under their old name only with ${CIB_SEVEN_FLAGS.reflection}=true (default false)`;
}

export function variableRemedy(target: SwitchTargetId): string {
  const rewrite =
    'before the switch, set the variable again with a type of the application (or JSON without an org.camunda type name), or let the instances end';
  return target === 'cibseven' ? `${rewrite}; or set ${CIB_SEVEN_FLAGS.reflection}=true on the CIB seven engine` : rewrite;
}
