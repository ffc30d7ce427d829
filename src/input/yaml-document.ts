/**
 * yaml's parseDocument with a nesting limit. The library's parser keeps its own stack, but its
 * composer recurses per level and runs out of call stack a few hundred levels down; the syntax tree
 * between the two is measured first, so a too-deep file is refused with the place it gets too deep.
 */
import { Composer, type CST, type Document, type DocumentOptions, type LineCounter, type ParseOptions, Parser, type SchemaOptions, YAMLParseError } from 'yaml';
import { MAX_DEPTH } from './limits.js';

export class NestingTooDeep extends Error {
  constructor(readonly offset: number) {
    super('nested too deeply');
    this.name = 'NestingTooDeep';
  }
}

type Options = ParseOptions & DocumentOptions & SchemaOptions & { lineCounter?: LineCounter };

/** As parseDocument (one document; a second one is an error), or NestingTooDeep. */
export function parseYamlDocument(source: string, options: Options, limit = MAX_DEPTH): Document {
  const tokens = [...new Parser(options.lineCounter?.addNewLine).parse(source)];
  const tooDeep = deeperThan(tokens, limit);
  if (tooDeep !== undefined) throw new NestingTooDeep(tooDeep);
  let document: Document | undefined;
  for (const next of new Composer(options).compose(tokens, true, source.length)) {
    if (!document) {
      document = next;
    } else {
      document.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  return document!;
}

/** The offset of the first collection more than `limit` collections deep, walking without recursion. */
function deeperThan(tokens: CST.Token[], limit: number): number | undefined {
  // Pushed last first, so that the first place in the text is the one reported.
  const stack: { token: CST.Token | null | undefined; depth: number }[] = tokens.map((token) => ({ token, depth: 0 })).reverse();
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!;
    if (!token) continue;
    if (token.type === 'document') {
      stack.push({ token: token.value, depth });
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth + 1 > limit) return token.offset;
      for (let index = token.items.length - 1; index >= 0; index--) {
        const item = token.items[index]!;
        stack.push({ token: item.value, depth: depth + 1 }, { token: item.key, depth: depth + 1 });
      }
    }
  }
  return undefined;
}
