/**
 * The alias policy of ./aliases.ts checked on the yaml Document, which knows where each alias is:
 * the first alias that breaks it, with its offset. Part of what ./places.ts loads when a problem
 * needs a place.
 */
import { type Document, isAlias, isCollection, isNode, isPair, type Node } from 'yaml';
import { MAX_ALIAS_VALUES, MAX_DEPTH, type TextProblem, tooDeepMessage } from './limits.js';

/** The first alias that breaks the policy, in document order, with its offset. */
export function aliasPolicyProblem(document: Document, limit = MAX_ALIAS_VALUES): TextProblem | undefined {
  const anchors = new Map<string, Node>();
  // Values each finished node stands for (itself and everything in it, aliases expanded), and how deep it is.
  const sizes = new Map<Node, { values: number; depth: number }>();
  const open = new Set<Node>();
  let added = 0;
  const stack: { node: Node; depth: number; exit: boolean }[] = [];
  if (document.contents) stack.push({ node: document.contents, depth: 1, exit: false });
  while (stack.length > 0) {
    const { node, depth, exit } = stack.pop()!;
    if (exit) {
      open.delete(node);
      let values = 1;
      let deepest = 0;
      for (const item of (node as { items: unknown[] }).items) {
        // A key counts one, whatever it is; a missing value is a null, one value.
        const value = isPair(item) ? item.value : item;
        if (isPair(item)) values++;
        const size = isNode(value) ? sizes.get(value) : undefined;
        values += size?.values ?? 1;
        deepest = Math.max(deepest, size?.depth ?? 0);
      }
      sizes.set(node, { values, depth: deepest + 1 });
      continue;
    }
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      const offset = node.range?.[0] ?? 0;
      if (!target) return { offset, message: `the alias *${node.source} has no anchor &${node.source} before it` };
      if (open.has(target)) return { offset, message: `the alias *${node.source} refers to a node that contains it; recursive aliases are not allowed` };
      const size = sizes.get(target)!;
      sizes.set(node, size);
      if (depth - 1 + size.depth > MAX_DEPTH) return { offset, message: `${tooDeepMessage()} through the alias *${node.source}` };
      // An alias of a scalar is one value, as written; those of collections add their copies.
      if (isCollection(target)) added += size.values;
      if (added > limit)
        return { offset, message: `aliases stand for more than ${limit.toLocaleString('en-US')} values; write the values out or use fewer aliases` };
      continue;
    }
    if (node.anchor) anchors.set(node.anchor, node);
    if (isCollection(node)) {
      open.add(node);
      stack.push({ node, depth, exit: true });
      const children = childrenOf(node);
      for (let index = children.length - 1; index >= 0; index--) stack.push({ node: children[index]!, depth: depth + 1, exit: false });
    } else {
      sizes.set(node, { values: 1, depth: 0 });
    }
  }
  return undefined;
}

/** Keys and values of a map, items of a sequence, in document order. */
function childrenOf(node: Node): Node[] {
  if (!isCollection(node)) return [];
  const children: Node[] = [];
  for (const item of node.items as unknown[]) {
    if (isPair(item)) {
      if (isNode(item.key)) children.push(item.key);
      if (isNode(item.value)) children.push(item.value);
    } else if (isNode(item)) {
      children.push(item);
    }
  }
  return children;
}
