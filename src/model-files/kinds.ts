/**
 * Which files the engine reads as models: by the end of the resource's name, case-sensitive, as its
 * deployers decide (Camunda 7, Operaton and CIB seven alike: BpmnDeployer, DecisionDefinitionDeployer,
 * CmmnDeployer). Any other resource of a deployment is stored, never parsed.
 */
export type ModelKind = 'bpmn' | 'dmn' | 'cmmn';

/** The definitions a model holds, each the element the engine makes a definition of (a child of the root). */
export type DefinitionElement = 'process' | 'decision' | 'case';

const MODEL_SUFFIXES: Readonly<Record<ModelKind, readonly string[]>> = {
  bpmn: ['.bpmn20.xml', '.bpmn'],
  dmn: ['.dmn11.xml', '.dmn'],
  cmmn: ['.cmmn11.xml', '.cmmn10.xml', '.cmmn'],
};

export const DEFINITION_ELEMENT: Readonly<Record<ModelKind, DefinitionElement>> = { bpmn: 'process', dmn: 'decision', cmmn: 'case' };

/** The kind of model a file name is, or undefined when the engine would not parse it. */
export function modelKindOf(name: string): ModelKind | undefined {
  for (const kind of ['bpmn', 'dmn', 'cmmn'] as const) {
    if (MODEL_SUFFIXES[kind].some((suffix) => name.endsWith(suffix))) return kind;
  }
  return undefined;
}

/** `.bpmn, .bpmn20.xml, .dmn, .dmn11.xml, .cmmn, .cmmn10.xml, .cmmn11.xml`: for messages and help. */
export function modelSuffixList(): string {
  return Object.values(MODEL_SUFFIXES)
    .map((suffixes) => [...suffixes].reverse().join(', '))
    .join(', ');
}
