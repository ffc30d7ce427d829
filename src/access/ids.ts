/**
 * The ids an access file defines (the keys of `users:`, `groups:`, `tenants:`) that an engine
 * refuses: an empty one is a problem with its own words (zod says "Invalid key in record"); one
 * outside every product's default id pattern (generalResourceWhitelistPattern, src/engine/product.ts)
 * is a warning before apply stops half-way at it. Only a warning: an engine may configure another
 * pattern. Ids the file only refers to (members, owners) are not checked: the engine takes any id
 * there, and one made under another pattern (or by LDAP) may exist.
 */
import { PRODUCTS, resourceIdHint } from '../engine/product.js';

export type IdKind = 'user' | 'group' | 'tenant';

/** The error map of a section's record: an empty key in words; every other issue keeps zod's (and the house's) wording. */
export function emptyIdMessage(kind: IdKind): (issue: { code?: string }) => string | undefined {
  return (issue) => (issue.code === 'invalid_key' ? `a ${kind} id must not be empty` : undefined);
}

/** Each product's default pattern, anchored as the engine matches it (Pattern.matches). */
const DEFAULT_PATTERNS = PRODUCTS.map((product) => new RegExp(`^(?:${product.resourceIdPattern})$`));

/** Whether an engine with its product's default pattern takes the id (some product's does). */
export function takenByDefault(id: string): boolean {
  return DEFAULT_PATTERNS.some((pattern) => pattern.test(id));
}

/** The section keys of a file whose ids are defined there. */
const SECTIONS: readonly [section: 'users' | 'groups' | 'tenants', kind: IdKind][] = [
  ['users', 'user'],
  ['groups', 'group'],
  ['tenants', 'tenant'],
];

/**
 * A warning for every id the file defines that no default pattern takes, at the id's key (by
 * section: the caller sorts them by position). `at` places a message at a path of the file.
 */
export function idPatternWarnings<Problem>(
  ids: Readonly<Record<'users' | 'groups' | 'tenants', readonly { id: string }[] | undefined>>,
  at: (path: readonly string[], message: string) => Problem,
): Problem[] {
  return SECTIONS.flatMap(([section, kind]) =>
    (ids[section] ?? [])
      .filter(({ id }) => id !== '' && !takenByDefault(id))
      .map(({ id }) =>
        at(
          [section, id],
          `${kind} id '${id}' is outside the default id pattern: an engine that keeps the default refuses it and apply stops there (${resourceIdHint(id)})`,
        ),
      ),
  );
}
