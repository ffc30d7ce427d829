// A module of its own so that yaml (CommonJS) is imported statically here and loaded lazily
// through this file: a dynamic import() of a CommonJS package loses its named exports when bundled.
import { Document, isScalar, isSeq, visit } from 'yaml';

export function toYaml(data: unknown, options: { flowScalarLists?: boolean } = {}): string {
  const document = new Document(data, { aliasDuplicateObjects: false });
  if (options.flowScalarLists) {
    visit(document, {
      Seq(_key, node) {
        if (isSeq(node) && node.items.every((item) => isScalar(item))) node.flow = true;
      },
    });
  }
  return document.toString({ lineWidth: 0 });
}
