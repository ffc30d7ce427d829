/**
 * yaml's parseDocument with a nesting limit. The library's parser keeps its own stack, but its
 * composer recurses per level and runs out of call stack a few hundred levels down; the syntax tree
 * between the two is measured first, so a too-deep file is refused with the place it gets too deep.
 */
import {
  Composer,
  type CST,
  type Document,
  type DocumentOptions,
  isScalar,
  type LineCounter,
  type ParseOptions,
  Parser,
  type SchemaOptions,
  visit,
  YAMLParseError,
} from 'yaml';
import { MAX_DEPTH } from './limits.js';

export class NestingTooDeep extends Error {
  constructor(readonly offset: number) {
    super('nested too deeply');
    this.name = 'NestingTooDeep';
  }
}

type Options = ParseOptions & DocumentOptions & SchemaOptions & { lineCounter?: LineCounter };

/**
 * As parseDocument (one document; a second one is an error), or NestingTooDeep. `uniqueKeys: true`
 * is checked here, in one pass: the library compares each key of a mapping with every key before
 * it, which took 28 s for a mapping of 40,000 keys.
 */
export function parseYamlDocument(source: string, options: Options, limit = MAX_DEPTH): Document {
  const tokens = [...new Parser(options.lineCounter?.addNewLine).parse(source)];
  const tooDeep = deeperThan(tokens, limit);
  if (tooDeep !== undefined) throw new NestingTooDeep(tooDeep);
  const uniqueKeys = options.uniqueKeys === true;
  let document: Document | undefined;
  for (const next of new Composer({ ...options, uniqueKeys: !uniqueKeys && options.uniqueKeys }).compose(tokens, true, source.length)) {
    if (!document) {
      document = next;
    } else {
      document.errors.push(
        new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'),
      );
      break;
    }
  }
  if (uniqueKeys) {
    const duplicates = duplicateKeys(document!);
    if (duplicates.length > 0) document!.errors = [...document!.errors, ...duplicates].sort((a, b) => a.pos[0] - b.pos[0]);
  }
  return document!;
}

/**
 * Keys written twice in one mapping, as the library's uniqueKeys reports them: scalars of equal
 * value (`1` and `"1"` differ); other keys are never equal.
 */
function duplicateKeys(document: Document): YAMLParseError[] {
  const errors: YAMLParseError[] = [];
  visit(document, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const value: unknown = pair.key.value;
        if (seen.has(value)) {
          const range = pair.key.range ?? [0, 0];
          errors.push(new YAMLParseError([range[0], range[1]], 'DUPLICATE_KEY', 'Map keys must be unique'));
        } else {
          seen.add(value);
        }
      }
    },
  });
  return errors;
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
