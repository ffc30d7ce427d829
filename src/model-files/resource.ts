/**
 * One model file read once: its definitions (the root's children the engine makes definitions of:
 * BPMN processes, DMN decisions, CMMN cases) with their attributes and places, or why it is not
 * well-formed XML. The checks (./history-ttl.ts, and deployment's) work on this, never on the text;
 * a check that needs more of the document sees every start tag while the file is scanned.
 */
import { DEFINITION_ELEMENT, type DefinitionElement, type ModelKind } from './kinds.js';
import { LineCounter, type Position } from './positions.js';
import { scanXml, XmlSyntaxError, type XmlStartTag } from './xml-scanner.js';

export interface ModelAttribute extends Position {
  /** '' for an attribute without prefix. */
  namespace: string;
  local: string;
  value: string;
}

export interface ModelDefinition extends Position {
  element: DefinitionElement;
  /** The element's id attribute: the definition's key. */
  id: string | null;
  /**
   * Whether the engine deploys it: a process only with isExecutable="true" (any case, as Java's
   * Boolean.parseBoolean; without the attribute a new deployment skips it); decisions and cases always.
   */
  executable: boolean;
  attributes: ModelAttribute[];
}

export interface ModelResource {
  file: string;
  kind: ModelKind;
  definitions: ModelDefinition[];
  /** Why the file is not well-formed XML, where; the definitions are then those before the place. */
  syntaxError: (Position & { message: string }) | null;
}

/** What a check sees while a file is scanned: each start tag, and where an offset is. */
export interface ScanVisitor {
  startTag(tag: XmlStartTag, position: (offset: number) => Position): void;
}

export function readModelResource(file: string, kind: ModelKind, text: string, visitors: readonly ScanVisitor[] = []): ModelResource {
  const lines = new LineCounter(text);
  const position = (offset: number): Position => lines.at(offset);
  const wanted = DEFINITION_ELEMENT[kind];
  const definitions: ModelDefinition[] = [];
  let syntaxError: ModelResource['syntaxError'] = null;
  try {
    scanXml(text, (tag) => {
      if (tag.depth === 1 && tag.name.local === wanted) definitions.push(definitionOf(wanted, tag, position));
      for (const visitor of visitors) visitor.startTag(tag, position);
    });
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    const at = position(error.offset);
    const startTag = error.startTagOffset === undefined ? '' : ` (line ${position(error.startTagOffset).line})`;
    syntaxError = { ...at, message: `${error.message}${startTag}` };
  }
  return { file, kind, definitions, syntaxError };
}

function definitionOf(element: DefinitionElement, tag: XmlStartTag, position: (offset: number) => Position): ModelDefinition {
  const plain = (local: string): string | undefined => tag.attributes.find((attribute) => attribute.uri === '' && attribute.local === local)?.value;
  // The tag's place first: the line counter is quickest asked in rising order.
  const at = position(tag.offset);
  return {
    element,
    id: plain('id') ?? null,
    executable: element !== 'process' || plain('isExecutable')?.toLowerCase() === 'true',
    attributes: tag.attributes.map((attribute) => ({
      namespace: attribute.uri,
      local: attribute.local,
      value: attribute.value,
      ...position(attribute.offset),
    })),
    ...at,
  };
}
