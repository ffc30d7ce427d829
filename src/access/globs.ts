/** Id patterns of scopes and export flags: `*` any run of characters, `?` one. */
/** Whether a pattern of `--groups` or a scope is a glob (`*`, `?`) rather than an id. */
const isGlob = (pattern: string): boolean => /[*?]/.test(pattern);

/** The ids themselves when no pattern is a glob (they can be asked for by id); undefined otherwise. */
export function exactIdsOf(patterns: readonly string[] | undefined): readonly string[] | undefined {
  return patterns !== undefined && !patterns.some(isGlob) ? patterns : undefined;
}

/** `*` any run of characters, `?` one; everything else literal. */
export function globMatcher(patterns: readonly string[]): (id: string) => boolean {
  const exact = new Set(patterns.filter((pattern) => !isGlob(pattern)));
  const globs = patterns.filter(isGlob).map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replaceAll('*', '[\\s\\S]*')
          .replaceAll('?', '[\\s\\S]')}$`,
      ),
  );
  return (id) => exact.has(id) || globs.some((glob) => glob.test(id));
}
