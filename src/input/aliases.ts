/**
 * The alias policy (src/input/limits.ts MAX_ALIAS_VALUES): no recursive alias, at most so many
 * values added by aliases, no nesting past MAX_DEPTH through them. Checked twice: on the data
 * js-yaml built (shared objects, a cycle for a recursive alias), cheaply and without places; and,
 * when that finds something, on the yaml Document, which says where.
 */
import { type Document, isAlias, isCollection, isMap, isPair, isScalar, type Node } from 'yaml';
import { MAX_ALIAS_VALUES, MAX_DEPTH, type TextProblem, tooDeepMessage } from './limits.js';

/**
 * True when `data` (from js-yaml) holds a cycle, more than `budget` values counted as a tree (a
 * shared object once per place), or nesting past MAX_DEPTH: then the Document says what and where.
 * Stops as soon as it knows, so its work is at most `budget` steps.
 */
export function exceedsAliasPolicy(data: unknown, budget: number): boolean {
  if (data === null || typeof data !== 'object') return false;
  const open = new Set<object>();
  // An entry is a value to enter, or (exit) a collection whose children are done.
  const stack: { value: object; depth: number; exit: boolean }[] = [{ value: data, depth: 1, exit: false }];
  let visited = 0;
  while (stack.length > 0) {
    const { value, depth, exit } = stack.pop()!;
    if (exit) {
      open.delete(value);
      continue;
    }
    if (open.has(value) || depth > MAX_DEPTH) return true;
    open.add(value);
    stack.push({ value, depth, exit: true });
    const items = Array.isArray(value) ? value : Object.values(value);
    visited += items.length + 1;
    if (visited > budget) return true;
    for (const item of items) if (item !== null && typeof item === 'object') stack.push({ value: item as object, depth: depth + 1, exit: false });
  }
  return false;
}

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
      for (const child of childrenOf(node)) {
        const size = sizes.get(child);
        values += size?.values ?? 1;
        deepest = Math.max(deepest, size?.depth ?? 0);
      }
      sizes.set(node, { values, depth: deepest + 1 });
      continue;
    }
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (!target) continue; // the Document already has an error for it
      const offset = node.range?.[0] ?? 0;
      if (open.has(target)) return { offset, message: `the alias *${node.source} refers to a node that contains it; recursive aliases are not allowed` };
      const size = sizes.get(target)!;
      sizes.set(node, size);
      if (depth - 1 + size.depth > MAX_DEPTH) return { offset, message: `${tooDeepMessage()} through the alias *${node.source}` };
      added += size.values;
      if (added > limit) return { offset, message: `aliases stand for more than ${limit.toLocaleString('en-US')} values; write the values out or use fewer aliases` };
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
      if (item.key && (isScalar(item.key) || isAlias(item.key) || isCollection(item.key))) children.push(item.key as Node);
      if (item.value && (isScalar(item.value) || isAlias(item.value) || isCollection(item.value))) children.push(item.value as Node);
    } else if (item && (isScalar(item) || isAlias(item) || isCollection(item) || isMap(item))) {
      children.push(item as Node);
    }
  }
  return children;
}
