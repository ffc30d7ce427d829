// A module of its own so that yaml (CommonJS) is imported statically here and loaded lazily
// through this file: a dynamic import() of a CommonJS package loses its named exports when bundled.
import { Document, isCollection, isMap, isScalar, isSeq, visit } from 'yaml';

export interface YamlOptions {
  /** Lists of scalars on one line: `[ approve ]`. */
  flowScalarLists?: boolean;
  /**
   * Comments written after the value of a top-level key, one `#` line per line of text, indented as
   * that value's items: the commented-out instructions of `migration generate --suggest`. A key
   * whose value is empty gets the value null, so that items uncommented below it make it a list.
   */
  commentsAfter?: Record<string, string>;
  /** The value of each of these top-level keys on one line: `scope: {groups: [sales]}`. */
  flowValuesOf?: readonly string[];
  /** The items of the list under this top-level key on one line each: `- {type: grant, …}`. */
  flowItemsOf?: string;
  /** `[a, b]` rather than `[ a, b ]`. */
  compactFlow?: boolean;
}

export function toYaml(data: unknown, options: YamlOptions = {}): string {
  const document = new Document(data, { aliasDuplicateObjects: false });
  if (options.flowScalarLists) {
    visit(document, {
      Seq(_key, node) {
        if (isSeq(node) && node.items.every((item) => isScalar(item))) node.flow = true;
      },
    });
  }
  for (const key of options.flowValuesOf ?? []) {
    const value = document.get(key, true);
    if (isCollection(value)) value.flow = true;
  }
  if (options.flowItemsOf !== undefined) {
    const list = document.get(options.flowItemsOf, true);
    if (isSeq(list)) for (const item of list.items) if (isCollection(item)) item.flow = true;
  }
  const emptied: string[] = [];
  for (const [key, comment] of Object.entries(options.commentsAfter ?? {})) {
    if (!isMap(document.contents)) break;
    const pair = document.contents.items.find((item) => isScalar(item.key) && item.key.value === key);
    if (!pair) continue;
    if (isSeq(pair.value) && pair.value.items.length > 0) {
      pair.value.comment = comment;
    } else {
      const empty = document.createNode(null);
      empty.comment = comment;
      pair.value = empty;
      emptied.push(key);
    }
  }
  let text = document.toString({ lineWidth: 0, ...(options.compactFlow ? { flowCollectionPadding: false } : {}) });
  // `key: null` followed by the comment: a bare `key:` reads the same and takes uncommented items.
  for (const key of emptied) text = text.replace(new RegExp(`^${key}: null$`, 'm'), `${key}:`);
  return text;
}
