/**
 * One deployed BPMN, DMN or CMMN text scanned for references to `org.camunda` Java classes: the
 * attributes that name a class the engine loads (camunda:class on service, send and business-rule
 * tasks, message events and listeners, CMMN case execution, task and variable listeners;
 * camunda:formHandlerClass; camunda:variableMappingClass), and
 * any other attribute value or element text (expressions, inline scripts, DMN expressions) that
 * names an `org.camunda` class or package (`Java.type('org.camunda…')`, `import org.camunda…`,
 * `new org.camunda.bpm…`). The namespaces `http://camunda.org/schema/1.0/bpmn` (dmn, cmmn) and the
 * `camunda-forms:` prefix never match: the forks still accept both.
 *
 * The text is first read by the project's strict XML scanner, so places are exact (line:column of
 * the attribute's name or of the reference in the text) and a text the engine could not have
 * parsed is reported as such, not half-scanned.
 */
import { LineCounter } from '../model-files/positions.js';
import { scanXml, type XmlStartTag } from '../model-files/xml-scanner.js';
import { commentStyleOf, inComment } from './script-comments.js';

/** Where a reference is and what kind of place it is in. */
export type ReferenceKind =
  /** An attribute whose value is a Java class name the engine loads (camunda:class and the like). */
  | 'class'
  /** An inline script (bpmn:script, camunda:script, DMN text or a condition in a script language): run by a script engine. */
  | 'script'
  /** An expression or other attribute value or text: JUEL, conditions, DMN expressions. */
  | 'expression';

interface ResourceReference {
  kind: ReferenceKind;
  line: number;
  column: number;
  /** The element's qualified name as written (`bpmn:serviceTask`, `camunda:taskListener`). */
  element: string;
  /** The attribute's qualified name as written; null for element text. */
  attribute: string | null;
  /** The id of the nearest element (itself or an ancestor) that has one; null when none has. */
  elementId: string | null;
  /** The id of the process, decision or case that holds it (its definition's key); null outside one. */
  definitionElementId: string | null;
  /** The class or package named, as written, without members (`org.camunda.bpm.engine.variable.Variables`). */
  reference: string;
}

/** An external script (camunda:resource): its text is not in this resource; ./external-scripts.ts reads what can be read. */
export interface ExternalScript {
  line: number;
  column: number;
  /** The element that names it, as written (`bpmn:scriptTask`, `camunda:script`). */
  element: string;
  elementId: string | null;
  definitionElementId: string | null;
  resource: string;
  /** The element's scriptFormat; null when it names none (the script's file extension may then tell). */
  language: string | null;
}

/** A reference in a script's own text (an external script): where, and the name. */
export interface ScriptReference {
  line: number;
  column: number;
  reference: string;
}

export interface ResourceScan {
  references: ResourceReference[];
  externalScripts: ExternalScript[];
}

const CAMUNDA_NAMESPACES = new Set(['http://camunda.org/schema/1.0/bpmn', 'http://camunda.org/schema/1.0/dmn', 'http://camunda.org/schema/1.0/cmmn']);

/**
 * Attributes that name a Java class the engine instantiates (BpmnParse: PROPERTYNAME_CLASS,
 * PROPERTYNAME_FORM_HANDLER_CLASS, PROPERTYNAME_VARIABLE_MAPPING_CLASS): in the camunda namespace on
 * BPMN elements (`camunda:class`), or unprefixed on camunda elements (`<camunda:taskListener class=…>`,
 * execution and case execution listeners).
 */
const CLASS_ATTRIBUTES = new Set(['class', 'formHandlerClass', 'variableMappingClass']);

/** The elements whose id is a definition's key: what a reference inside them belongs to. */
const DEFINITION_ELEMENTS = new Set(['process', 'decision', 'case']);

/** Text that never runs: BPMN documentation and text annotations, DMN descriptions. */
function isProse(tag: Tag, parent: Tag | undefined): boolean {
  const local = tag.tag.name.local;
  return local === 'documentation' || local === 'description' || (local === 'text' && parent?.tag.name.local === 'textAnnotation');
}

/**
 * `org.camunda` and `org/camunda` (as a serialized class or a resource path spells it) followed by
 * the rest of a qualified name. `org.camunda.feel` is the FEEL engine's own package, which both
 * forks still ship under that name: not a reference that breaks.
 */
const REFERENCE = /\borg[./]camunda(?![\w$])(?:[./$][A-Za-z_$][\w$]*)*/g;
export const STILL_SHIPPED = /^org[./]camunda[./]feel(?:[./$]|$)/;

interface Tag {
  tag: XmlStartTag;
  qname: string;
  ownerId: string | null;
  definitionId: string | null;
  /** Its text never runs (documentation, annotations). */
  prose: boolean;
  /** The script language its text is in (its own or an ancestor's expressionLanguage or language); null for JUEL, FEEL or none. */
  scriptLanguage: string | null;
  /** Its own scriptFormat attribute (a script task, a camunda:script). */
  scriptFormat: string | null;
  parent: Tag | undefined;
}

/**
 * Languages a script engine runs (DMN's expressionLanguage, a BPMN conditionExpression's language):
 * their text is a script, which CIB seven's scripting flag rewrites; JUEL and FEEL are expressions.
 */
const SCRIPT_LANGUAGE = /^(?:javascript|ecmascript|js|graal\.js|groovy|python|jython|ruby|jruby)$/i;

/** The references of one resource's text; throws XmlSyntaxError when the text is not well-formed XML. */
export function scanResource(text: string): ResourceScan {
  const tags: Tag[] = [];
  const open: Tag[] = [];
  scanXml(text, (tag) => {
    open.length = tag.depth;
    const ownId = tag.attributes.find((attribute) => attribute.local === 'id' && attribute.prefix === '')?.value ?? null;
    const qname = tag.name.prefix === '' ? tag.name.local : `${tag.name.prefix}:${tag.name.local}`;
    const language = tag.attributes.find(
      (attribute) => attribute.prefix === '' && (attribute.local === 'expressionLanguage' || attribute.local === 'language'),
    )?.value;
    const scriptLanguage = language === undefined ? (open.at(-1)?.scriptLanguage ?? null) : SCRIPT_LANGUAGE.test(language.trim()) ? language.trim() : null;
    const parent = open.at(-1);
    const definitionId = DEFINITION_ELEMENTS.has(tag.name.local) ? ownId : (parent?.definitionId ?? null);
    const scriptFormat = tag.attributes.find((attribute) => attribute.prefix === '' && attribute.local === 'scriptFormat')?.value ?? null;
    const entry: Tag = { tag, qname, ownerId: ownId ?? parent?.ownerId ?? null, definitionId, prose: false, scriptLanguage, scriptFormat, parent };
    entry.prose = isProse(entry, parent);
    open.push(entry);
    tags.push(entry);
  });
  const lines = new LineCounter(text);
  const references: ResourceReference[] = [];
  const externalScripts: ExternalScript[] = [];
  // Attributes first, in the order of the text; then element text.
  const inAttributes: { start: number; end: number }[] = [];
  for (const { tag, qname, ownerId, definitionId } of tags) {
    for (const attribute of tag.attributes) {
      const valueStart = text.indexOf('=', attribute.offset);
      const quoteAt = text.slice(valueStart + 1).search(/["']/) + valueStart + 1;
      const valueEnd = text.indexOf(text.charAt(quoteAt), quoteAt + 1);
      inAttributes.push({ start: quoteAt, end: valueEnd });
      const attributeName = attribute.prefix === '' ? attribute.local : `${attribute.prefix}:${attribute.local}`;
      const place = lines.at(attribute.offset);
      const isCamunda = CAMUNDA_NAMESPACES.has(attribute.uri);
      // An unprefixed attribute is in no namespace, but on a camunda element (camunda:executionListener,
      // camunda:caseExecutionListener, camunda:variableListener) it is that element's own: its class is a class name.
      const ofCamundaElement = attribute.prefix === '' && CAMUNDA_NAMESPACES.has(tag.name.uri);
      // A script task's camunda:resource, or the plain resource attribute of a camunda:script (listeners, input/output).
      const namesScript =
        attribute.local === 'resource' && ((isCamunda && tag.name.local === 'scriptTask') || (ofCamundaElement && tag.name.local === 'script'));
      if (namesScript) {
        const language = tag.attributes.find((candidate) => candidate.prefix === '' && candidate.local === 'scriptFormat')?.value ?? null;
        externalScripts.push({ ...place, element: qname, elementId: ownerId, definitionElementId: definitionId, resource: attribute.value, language });
      }
      const namesClass = CLASS_ATTRIBUTES.has(attribute.local) && (isCamunda || ofCamundaElement);
      for (const reference of referencesIn(attribute.value)) {
        const kind: ReferenceKind = namesClass ? 'class' : 'expression';
        references.push({ kind, ...place, element: qname, attribute: attributeName, elementId: ownerId, definitionElementId: definitionId, reference });
      }
    }
  }
  let tagIndex = 0;
  let attributeIndex = 0;
  let commentIndex = 0;
  // Comments run nothing: a name in one is no reference (the scanner has checked they are closed).
  const comments = [...text.matchAll(/<!--[\s\S]*?-->/g)].map((comment) => ({ start: comment.index, end: comment.index + comment[0].length }));
  for (const match of text.matchAll(REFERENCE)) {
    const offset = match.index;
    const name = upToClass(match[0]);
    if (STILL_SHIPPED.test(name)) continue;
    while (commentIndex < comments.length && comments[commentIndex]!.end < offset) commentIndex++;
    const comment = comments[commentIndex];
    if (comment !== undefined && comment.start < offset && offset < comment.end) continue;
    while (attributeIndex < inAttributes.length && inAttributes[attributeIndex]!.end < offset) attributeIndex++;
    const attributeSpan = inAttributes[attributeIndex];
    if (attributeSpan !== undefined && attributeSpan.start < offset && offset < attributeSpan.end) continue;
    while (tagIndex + 1 < tags.length && tags[tagIndex + 1]!.tag.offset < offset) tagIndex++;
    // The last start tag before the reference: the element whose text holds it (a script, an expression).
    const enclosing = tags[tagIndex];
    if (enclosing === undefined || enclosing.tag.offset > offset || enclosing.prose) continue;
    if (inScriptTextComment(text, enclosing, offset)) continue;
    const kind: ReferenceKind = enclosing.tag.name.local === 'script' || enclosing.scriptLanguage !== null ? 'script' : 'expression';
    references.push({
      kind,
      ...lines.at(offset),
      element: enclosing.qname,
      attribute: null,
      elementId: enclosing.ownerId,
      definitionElementId: enclosing.definitionId,
      reference: name,
    });
  }
  references.sort((a, b) => a.line - b.line || a.column - b.column);
  return { references, externalScripts };
}

/**
 * Whether a reference in an element's text is in a comment of the script the text is: a script
 * element's language is its scriptFormat (a camunda:script's own, a bpmn:script's script task's),
 * other text's its expressionLanguage or language.
 */
function inScriptTextComment(text: string, enclosing: Tag, offset: number): boolean {
  const isScript = enclosing.tag.name.local === 'script';
  const style = commentStyleOf(isScript ? (enclosing.scriptFormat ?? enclosing.parent?.scriptFormat) : enclosing.scriptLanguage);
  return style !== undefined && inComment(text, startTagEnd(text, enclosing.tag.offset), offset, style, true);
}

/** The offset after the `>` of the start tag at `offset` (quoted attribute values skipped). */
function startTagEnd(text: string, offset: number): number {
  let index = offset;
  while (index < text.length && text[index] !== '>') {
    const char = text[index]!;
    index = char === '"' || char === "'" ? text.indexOf(char, index + 1) + 1 : index + 1;
  }
  return index + 1;
}

/**
 * The `org.camunda` names in a script's text (an external script), each with its place; none in a
 * comment of its language (the element's scriptFormat, else the file's extension).
 */
export function scanScriptText(text: string, language: string | null): ScriptReference[] {
  const lines = new LineCounter(text);
  const style = commentStyleOf(language);
  return [...text.matchAll(REFERENCE)]
    .map((match) => ({ offset: match.index, reference: upToClass(match[0]) }))
    .filter((found) => !STILL_SHIPPED.test(found.reference) && (style === undefined || !inComment(text, 0, found.offset, style, false)))
    .map(({ offset, reference }) => ({ ...lines.at(offset), reference }));
}

/** The `org.camunda` names in one attribute value, each once, in order. */
function referencesIn(value: string): string[] {
  const found = new Set<string>();
  for (const match of value.matchAll(REFERENCE)) {
    const name = upToClass(match[0]);
    if (!STILL_SHIPPED.test(name)) found.add(name);
  }
  return [...found];
}

/**
 * A name up to its class: the packages (lower case) and the first segment in upper case, which
 * is the class (`Outer$Inner` included); what follows is a member, no part of the reference
 * (`org.camunda.bpm.engine.impl.context.Context.getProcessEngineConfiguration` -> `…Context`).
 */
function upToClass(name: string): string {
  return /^org[./]camunda(?:[./$][a-z_][\w]*)*(?:[./$][A-Z][\w$]*)?/.exec(name)?.[0] ?? name;
}
