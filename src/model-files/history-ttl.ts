/**
 * The history time-to-live check: every definition a deployment would create (an executable BPMN
 * process, a DMN decision, a CMMN case) has a historyTimeToLive the engine takes. Since 7.20 a new
 * deployment of one without is refused, unless the engine has a global default or enforcement is
 * off; a value the engine cannot parse is refused on every engine. The rule and the wording are the
 * engine's (Camunda 7.24 HistoryTimeToLiveParser, ParseUtil.parseHistoryTimeToLive,
 * ConfigurationLogger ENGINE-12018; Operaton and CIB seven keep them), read per product's namespaces
 * (docs/history.md "Checking files before deploying").
 */
import type { ModelKind } from './kinds.js';
import type { ModelProblem } from './problems.js';
import type { ModelAttribute, ModelDefinition, ModelResource } from './resource.js';

export interface HistoryTtlOptions {
  /** The target engine has a global default historyTimeToLive, or does not enforce one: a missing one is no problem. */
  allowMissing: boolean;
}

/** Which problem: none the engine takes, one it cannot parse, one only some products read. */
type HistoryTtlCheck = 'history-ttl-missing' | 'history-ttl-invalid' | 'history-ttl-namespace';

type Product = 'Camunda 7' | 'Operaton' | 'CIB seven';

const CAMUNDA = 'camunda';
const OPERATON = 'operaton';
const ACTIVITI = 'activiti';

const NAMESPACES: Readonly<Record<ModelKind, Readonly<Record<string, string>>>> = {
  bpmn: { [CAMUNDA]: 'http://camunda.org/schema/1.0/bpmn', [OPERATON]: 'http://operaton.org/schema/1.0/bpmn', [ACTIVITI]: 'http://activiti.org/bpmn' },
  dmn: { [CAMUNDA]: 'http://camunda.org/schema/1.0/dmn', [OPERATON]: 'http://operaton.org/schema/1.0/dmn' },
  cmmn: { [CAMUNDA]: 'http://camunda.org/schema/1.0/cmmn', [OPERATON]: 'http://operaton.org/schema/1.0/cmmn' },
};

/**
 * The namespaces each product reads the attribute from, the first one found wins: Camunda 7 and CIB
 * seven read BPMN's in the camunda namespace or the old activiti one (BpmnParse.CAMUNDA_BPMN_EXTENSIONS_NS),
 * DMN's and CMMN's in the camunda one (their model API); Operaton reads the operaton namespace, then
 * camunda's as its alternative (BpmnParse.OPERATON_BPMN_EXTENSIONS_NS; the model API's alternativeNamespace).
 */
const READS: Readonly<Record<Product, Readonly<Record<ModelKind, readonly string[]>>>> = {
  'Camunda 7': { bpmn: [CAMUNDA, ACTIVITI], dmn: [CAMUNDA], cmmn: [CAMUNDA] },
  Operaton: { bpmn: [OPERATON, CAMUNDA], dmn: [OPERATON, CAMUNDA], cmmn: [OPERATON, CAMUNDA] },
  'CIB seven': { bpmn: [CAMUNDA, ACTIVITI], dmn: [CAMUNDA], cmmn: [CAMUNDA] },
};
const PRODUCTS = Object.keys(READS) as Product[];

/** ConfigurationLogger.logErrorNoTTLConfigured's first sentence. */
const ENGINE_NO_TTL = 'ENGINE-12018 History Time To Live (TTL) cannot be null';

export function historyTtlProblems(resource: ModelResource, options: HistoryTtlOptions): ModelProblem[] {
  const problems: ModelProblem[] = [];
  for (const definition of resource.definitions) {
    if (definition.executable) problems.push(...definitionProblems(resource, definition, options));
  }
  return problems;
}

function definitionProblems(resource: ModelResource, definition: ModelDefinition, options: HistoryTtlOptions): ModelProblem[] {
  const namespaces = NAMESPACES[resource.kind];
  const found = new Map<string, ModelAttribute>();
  for (const attribute of definition.attributes) {
    if (attribute.local !== 'historyTimeToLive') continue;
    const prefix = Object.keys(namespaces).find((name) => namespaces[name] === attribute.namespace);
    if (prefix !== undefined) found.set(prefix, attribute);
  }
  const subject = `${definition.element} '${definition.id ?? '(no id)'}'`;
  const problem = (at: { line: number; column: number }, severity: ModelProblem['severity'], check: HistoryTtlCheck, message: string): ModelProblem => ({
    file: resource.file,
    line: at.line,
    column: at.column,
    severity,
    check,
    element: definition.element,
    id: definition.id,
    message,
  });
  const problems: ModelProblem[] = [];
  // Each attribute some product reads is parsed as the engine parses it: a value it cannot take fails the deployment on every engine.
  for (const [prefix, attribute] of found) {
    const refusal = historyTimeToLiveRefusal(attribute.value);
    if (refusal !== undefined)
      problems.push(
        problem(
          attribute,
          'error',
          'history-ttl-invalid',
          `${subject} has an invalid ${prefix}:historyTimeToLive "${attribute.value}" (the engine refuses it: ${refusal})`,
        ),
      );
  }
  if (problems.length > 0 || options.allowMissing) return problems;
  const readBy = PRODUCTS.filter((product) => READS[product][resource.kind].some((prefix) => (found.get(prefix)?.value ?? '') !== ''));
  if (readBy.length === PRODUCTS.length) return problems;
  if (readBy.length === 0) {
    const empty = [...found.values()].some((attribute) => attribute.value === '');
    const what = empty ? 'an empty historyTimeToLive, which the engine takes for none' : 'no historyTimeToLive';
    problems.push(problem(definition, 'error', 'history-ttl-missing', `${subject} has ${what} (the engine refuses to deploy it: ${ENGINE_NO_TTL})`));
    return problems;
  }
  const notRead = PRODUCTS.filter((product) => !readBy.includes(product));
  const given = [...found.keys()].filter((prefix) => (found.get(prefix)?.value ?? '') !== '');
  problems.push(
    problem(
      definition,
      'warning',
      'history-ttl-namespace',
      `${subject} has its historyTimeToLive only as ${given.map((prefix) => `${prefix}:historyTimeToLive`).join(' and ')}, which ${joinAnd(notRead)} ${notRead.length > 1 ? 'do' : 'does'} not read (there: ${ENGINE_NO_TTL}); camunda:historyTimeToLive is read by all`,
    ),
  );
  return problems;
}

function joinAnd(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const ISO_DAYS = /^P([0-9]+)D$/;
const JAVA_INTEGER = /^[+-]?\p{Nd}+$/u;

/**
 * Why the engine refuses a historyTimeToLive value, in its words, or undefined when it takes it ('' it
 * takes for none). ParseUtil.parseHistoryTimeToLive: `P<days>D` (ASCII digits) is read as its days;
 * then Integer.parseInt, which takes a sign and any Unicode decimal digits, up to 2^31 - 1; negative
 * values are refused. No white space, no other ISO 8601 duration (P1M, PT24H).
 */
export function historyTimeToLiveRefusal(value: string): string | undefined {
  if (value === '') return undefined;
  const text = ISO_DAYS.exec(value)?.[1] ?? value;
  const notANumber = `Cannot parse historyTimeToLive: For input string: "${text}"`;
  if (!JAVA_INTEGER.test(text)) return notANumber;
  const negative = text.startsWith('-');
  const digits = [...text.replace(/^[+-]/, '')].map(digitValue);
  const magnitude = digits.reduce((total, digit) => total * 10 + digit, 0);
  if (magnitude > (negative ? 2 ** 31 : 2 ** 31 - 1)) return notANumber;
  if (negative && magnitude !== 0) return 'Cannot parse historyTimeToLive: negative value is not allowed';
  return undefined;
}

/**
 * A decimal digit's value. Java takes the digits of every script; their value matters here only for
 * whether a long number overflows, so a non-ASCII digit counts as 9, erring towards "too long".
 */
function digitValue(character: string): number {
  const code = character.charCodeAt(0);
  return code >= 0x30 && code <= 0x39 ? code - 0x30 : 9;
}
