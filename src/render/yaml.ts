// A module of its own so that yaml (CommonJS) is imported statically here and loaded lazily
// through this file: a dynamic import() of a CommonJS package loses its named exports when bundled.
import { Document, isCollection, isScalar, isSeq, visit } from 'yaml';

export interface YamlOptions {
  /** Lists of scalars on one line: `[approve]`. */
  flowScalarLists?: boolean;
  /** The value of each of these top-level keys on one line: `scope: { groups: [sales] }`. */
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
  return document.toString({ lineWidth: 0, ...(options.compactFlow ? { flowCollectionPadding: false } : {}) });
}
