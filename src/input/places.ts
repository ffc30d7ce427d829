/**
 * Where values are in JSON or YAML text: the yaml library's Document (./yaml-document.ts) and the
 * walks that find a value's or a key's offset in it. The yaml library is large and, with js-yaml
 * reading the data, needed only to place a problem: this module is what ./place-loader.ts loads
 * when a problem needs a place, and the one way the input layer reaches the library (its callers
 * that read no plans import it directly).
 */
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import { parseYamlDocument } from './yaml-document.js';

export { aliasPolicyProblem } from './document-aliases.js';
export { NestingTooDeep } from './yaml-document.js';

export interface PlacedDocument {
  document: Document;
  /** Line and column (from 1) of an offset in the text. */
  linePos(offset: number): { line: number; col: number };
}

/** The Document of `source` (one document, keys unique, strict), or NestingTooDeep. */
export function openDocument(source: string): PlacedDocument {
  const lineCounter = new LineCounter();
  const document = parseYamlDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true });
  return { document, linePos: (offset) => lineCounter.linePos(offset) };
}

/**
 * The offset of the value at `path` (its key with at: 'key'), or of the nearest value above it that
 * the Document has; 0 when none.
 */
export function offsetIn(document: Document, path: readonly PropertyKey[], at: 'key' | 'value'): number {
  const last = path[path.length - 1];
  if (at === 'key' && typeof last === 'string') {
    const key = keyNode(document, path.slice(0, -1) as (string | number)[], last);
    if (key?.range) return key.range[0];
  }
  for (let length = path.length; length >= 0; length--) {
    const node = nodeAt(document, path.slice(0, length) as (string | number)[]);
    if (node?.range) return node.range[0];
  }
  return 0;
}

/**
 * The pairs of a mapping by key, built once per mapping: a file with a problem in each of 50,000
 * entries looks a key up 50,000 times.
 */
const pairsByKey = new WeakMap<YAMLMap, Map<string, Pair>>();

function pairOf(map: YAMLMap, key: string | number): Pair | undefined {
  let pairs = pairsByKey.get(map);
  if (!pairs) {
    pairs = new Map();
    for (const pair of map.items) {
      // The first of duplicate keys, as a search from the start finds it.
      if (isScalar(pair.key) && !pairs.has(String(pair.key.value))) pairs.set(String(pair.key.value), pair);
    }
    pairsByKey.set(map, pairs);
  }
  return pairs.get(String(key));
}

function nodeAt(document: Document, path: readonly (string | number)[]): Node | undefined {
  let node: unknown = document.contents;
  for (const segment of path) {
    if (isMap(node)) {
      node = pairOf(node, segment)?.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment];
    } else {
      return undefined;
    }
  }
  return (node ?? undefined) as Node | undefined;
}

function keyNode(document: Document, path: readonly (string | number)[], key: string): Node | undefined {
  const parent = nodeAt(document, path);
  if (!isMap(parent)) return undefined;
  return (pairOf(parent, key)?.key ?? undefined) as Node | undefined;
}
