/**
 * What a deployment's models take from the same deployment: a call activity's called process or
 * case, a business rule task's decision, a user task's or start event's form, each with
 * binding="deployment", and a camunda-forms:deployment:NAME (operaton-forms: on Operaton) form key. The engine deploys a model
 * whose reference is missing and fails only when an instance gets there; this finds it before.
 * Read while the file is scanned (a ScanVisitor of src/model-files/); expressions are not followed.
 */
import type { ModelFile } from '../model-files/files.js';
import type { ModelProblem } from '../model-files/problems.js';
import type { ScanVisitor } from '../model-files/resource.js';

/** The extension namespaces the products read the attributes from (Operaton's, and camunda's everywhere). */
const EXTENSIONS = new Set(['http://camunda.org/schema/1.0/bpmn', 'http://operaton.org/schema/1.0/bpmn']);
/** A form key naming a resource of the deployment: Camunda's and CIB seven's prefix, and Operaton's. */
const DEPLOYMENT_FORM_KEYS = ['camunda-forms:deployment:', 'operaton-forms:deployment:'];

/** What is looked for in the deployment: a definition of a kind by its key, a form by its id, or a resource by its name. */
type Wanted = 'process' | 'case' | 'decision' | 'form' | 'resource';

export interface ModelReference {
  file: string;
  line: number;
  column: number;
  /** The referring element and its id, for the message. */
  element: string;
  elementId: string | null;
  wanted: Wanted;
  value: string;
}

const WHAT: Readonly<Record<Wanted, string>> = {
  process: 'a process with the id',
  case: 'a case with the id',
  decision: 'a decision with the id',
  form: 'a form with the id',
  resource: 'a resource named',
};

function isExpression(value: string): boolean {
  return value.includes('${') || value.includes('#{');
}

/** A visitor that adds the file's references to `found`. */
export function referenceVisitor(file: ModelFile, found: ModelReference[]): ScanVisitor | undefined {
  if (file.kind !== 'bpmn') return undefined;
  // The model's elements are in the namespace of its root element, <definitions>; those of extensions are not.
  let model: string | undefined;
  return {
    startTag(tag, position) {
      if (tag.depth === 0) model = tag.name.uri;
      if (tag.name.uri !== model) return;
      const plain = (local: string) => tag.attributes.find((attribute) => attribute.uri === '' && attribute.local === local);
      const extension = (local: string) => tag.attributes.find((attribute) => EXTENSIONS.has(attribute.uri) && attribute.local === local);
      const add = (wanted: Wanted, value: string, at: { offset: number }): void => {
        if (value === '' || isExpression(value)) return;
        const { line, column } = position(at.offset);
        found.push({ file: file.path, line, column, element: tag.name.local, elementId: plain('id')?.value ?? null, wanted, value });
      };
      const bound = (binding: string) => extension(binding)?.value === 'deployment';
      switch (tag.name.local) {
        case 'callActivity': {
          const called = plain('calledElement');
          if (called && bound('calledElementBinding')) add('process', called.value, called);
          const caseRef = extension('caseRef');
          if (caseRef && bound('caseBinding')) add('case', caseRef.value, caseRef);
          break;
        }
        case 'businessRuleTask': {
          const decision = extension('decisionRef');
          if (decision && bound('decisionRefBinding')) add('decision', decision.value, decision);
          break;
        }
        case 'userTask':
        case 'startEvent': {
          const formRef = extension('formRef');
          if (formRef && bound('formRefBinding')) add('form', formRef.value, formRef);
          const formKey = extension('formKey');
          const prefix = DEPLOYMENT_FORM_KEYS.find((key) => formKey?.value.startsWith(key));
          if (formKey && prefix) add('resource', formKey.value.slice(prefix.length), formKey);
          break;
        }
        default:
          break;
      }
    },
  };
}

/** What the deployment holds, to look references up in. */
export interface DeploymentContents {
  keys: Record<'process' | 'case' | 'decision', Set<string>>;
  formIds: Set<string>;
  resourceNames: Set<string>;
}

export function referenceProblems(references: readonly ModelReference[], contents: DeploymentContents): ModelProblem[] {
  const problems: ModelProblem[] = [];
  for (const reference of references) {
    const { wanted, value } = reference;
    const present =
      wanted === 'form' ? contents.formIds.has(value) : wanted === 'resource' ? contents.resourceNames.has(value) : contents.keys[wanted].has(value);
    if (present) continue;
    const subject = `${reference.element}${reference.elementId === null ? '' : ` '${reference.elementId}'`}`;
    problems.push({
      file: reference.file,
      line: reference.line,
      column: reference.column,
      severity: 'error',
      check: 'deployment-reference',
      element: null,
      id: reference.elementId,
      message: `${subject} takes ${WHAT[wanted]} '${value}' from its own deployment (${wanted === 'resource' ? 'a form key …-forms:deployment:' : 'binding="deployment"'}), and none of the files deployed has it`,
    });
  }
  return problems;
}
